/* cubegod tables: build, check or locate the solver's table cache. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cubegod/solver.h"

static const char USAGE[] =
    "usage: cubegod tables [--metric htm|qtm] [--cache FILE] [--rebuild]\n"
    "       cubegod tables --size 3 [--cache FILE] [--rebuild]\n"
    "       cubegod tables --optimal [--cache FILE] [--rebuild]\n"
    "\n"
    "Makes sure the solver's distance table is ready: loads and checks the cache file, or builds\n"
    "the table (1 s) and saves it. Prints where the table came from and how long it\n"
    "took; after a build, also the number of positions at each distance from home.\n"
    "\n"
    "  --cache FILE  the cache file (default: $CUBEGOD_CACHE, else\n"
    "                $XDG_CACHE_HOME/cubegod/pocket.tbl, else ~/.cache/cubegod/pocket.tbl)\n"
    "  --rebuild     build even when the cache is valid, and replace it\n"
    "  --metric M    htm (default): the half-turn table; qtm: the quarter-turn table, cached\n"
    "                beside it as pocket-qtm.tbl (the default path with -qtm before .tbl)\n"
    "  --size N      2 (default): the 2x2 table; 3: the 3x3 two-phase tables, cached as\n"
    "                twophase.tbl beside it (see cubegod tables --size 3 --help)\n"
    "  --optimal     the optimal 3x3 solver's tables instead (about 300 MB, built in 46 s):\n"
    "                optimal.tbl in the same folder as the default cache\n"
    "Build times measured on a shared 2-core x86-64 virtual machine (README: build times).\n";

int cmd_tables(int argc, char **argv)
{
    int size = cli_size_option("tables", argc, argv);
    if (size < 0)
        return 2;
    if (size == 3)
        return cmd_tables3(argc, argv);
    cg_tables_options opt = {0};
    bool optimal = false;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            return 0;
        }
        optimal |= strcmp(argv[i], "--optimal") == 0;
    }
    if (optimal)
        return tables_optimal(argc, argv);
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(argv[i], "--cache") == 0) {
            if (!(opt.cache_path = cli_value("tables", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--metric") == 0) {
            const char *v = cli_value("tables", argc, argv, &i);
            int m = v ? cg_metric_parse(v) : -1;
            if (!v)
                return 2;
            if (m < 0)
                return cli_usage("tables", "--metric: '%s' is not htm or qtm", v);
            opt.metric = (cg_metric)m;
        } else if (strcmp(argv[i], "--rebuild") == 0) {
            opt.rebuild = true;
        } else if (strcmp(argv[i], "--size") == 0) {
            i++; /* 2, checked above */
        } else {
            return cli_unknown("tables", argv[i], USAGE);
        }
    }
    cg_tables *t;
    cg_tables_info info;
    cg_error err;
    cli_tables_options(&opt, true);
    if (cg_tables_open(&t, &opt, &info, &err) != CG_OK) {
        cli_err("tables", "%s", err.msg);
        return 1;
    }
    const char *how = cli_tables_how(info.from_cache, info.saved);
    printf("table ready in %.1f ms, %s %s\n", info.ready_ms, how,
           info.cache_path ? info.cache_path : "(no cache)");
    cli_tables_rebuilt(info.rebuilt, info.saved);
    if (!info.from_cache) {
        printf("positions by distance from home:");
        for (int d = 0; d <= CG_SOLUTION_MAX && info.positions_at[d]; d++)
            printf(" %llu", info.positions_at[d]);
        printf("\npositions up to rotation by distance from solved:");
        for (int d = 0; d <= CG_SOLUTION_MAX && info.positions_any_at[d]; d++)
            printf(" %llu", info.positions_any_at[d]);
        printf("\n");
    }
    cg_tables_close(t);
    return 0;
}
