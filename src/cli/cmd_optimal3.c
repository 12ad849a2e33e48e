/* The optimal 3x3 solver on the command line: `tables --optimal` (called from cmd_tables.c) and
 * `bench optimal`. Its cache sits beside the 2x2 table's, as optimal.tbl. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cubegod/clock.h"
#include "cubegod/solver.h"
#include "cubegod/solver3.h"

/* The optimal solver, and unless no_p1 the two-phase tables whose phase-1 table it also prunes
 * with (*tp; twophase.tbl beside the 2x2 cache, or tp_cache). */
static int open_solver(const char *cmd, cg3_tables_options *opt, cg3_optimal **s,
                       cg3_tables_info *info, cg3_twophase **tp, const char *tp_cache, bool no_p1)
{
    cg_error err;
    *tp = NULL;
    if (!no_p1) {
        cg3_tables_options to = {.cache_path = tp_cache};
        cli_tables3_options(&to, CLI_TWOPHASE, NULL, false);
        if (cg3_twophase_open(tp, &to, NULL, &err) != CG_OK) {
            cli_err(cmd, "%s", err.msg);
            return 1;
        }
    }
    cli_tables3_options(opt, CLI_OPTIMAL, NULL, false);
    if (cg3_optimal_open(s, opt, info, &err) != CG_OK) {
        cg3_twophase_close(*tp);
        cli_err(cmd, "%s", err.msg);
        return 1;
    }
    cg3_optimal_use_twophase(*s, *tp);
    return 0;
}

int tables_optimal(int argc, char **argv)
{
    cg3_tables_options opt = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--optimal") == 0) {
            continue;
        } else if (strcmp(argv[i], "--cache") == 0) {
            if (!(opt.cache_path = cli_value("tables", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--rebuild") == 0) {
            opt.rebuild = true;
        } else {
            return cli_usage("tables", "--optimal takes only --cache and --rebuild, not '%s'",
                             argv[i]);
        }
    }
    cg3_optimal *s;
    cg3_twophase *tp;
    cg3_tables_info info;
    if (open_solver("tables", &opt, &s, &info, &tp, NULL, true))
        return 1;
    const char *how = cli_tables_how(info.from_cache, info.saved);
    printf("optimal 3x3 tables ready in %.1f ms (%.1f MB), %s %s\n", info.ready_ms,
           (double)info.bytes / 1e6, how, info.cache_path ? info.cache_path : "(no cache)");
    cli_tables_rebuilt(info.rebuilt, info.saved);
    cg3_optimal_close(s);
    cg3_twophase_close(tp);
    return 0;
}

static const char USAGE[] =
    "usage: cubegod bench optimal [--depth D | --scramble L] [-n N] [--seed S]\n"
    "                             [--time-limit MS] [--cache FILE] [--json]\n"
    "                             [--twophase-cache FILE] [--no-phase1]\n"
    "\n"
    "Solves N cubes (default 20) with the optimal 3x3 solver: random scrambles of L face turns\n"
    "(default 12; no face twice in a row, opposite faces in one order), or with --depth, cubes\n"
    "whose optimum is exactly D (scrambles of D turns whose optimum turns out to be D; the\n"
    "others are solved but not counted). Prints the median and largest time, search nodes,\n"
    "nodes per second, solution lengths, the tables' start-up time and peak memory. Every\n"
    "answer is applied to the cube and must solve it in at most L moves; a wrong one makes the\n"
    "exit status 1. Cubes not proven within --time-limit are counted, not failed, and enter\n"
    "the medians at the time they were given (so with timeouts the medians are lower bounds).\n"
    "\n"
    "  --depth D        cubes at exactly D moves (1..20)\n"
    "  --scramble L     scrambles of L moves (0..40)\n"
    "  -n N             cubes to time (1..1000000)\n"
    "  --seed S         the random seed (default 1)\n"
    "  --time-limit MS  give up on a cube after MS milliseconds (default: none)\n"
    "  --cache FILE     the optimal tables' cache (default: optimal.tbl beside the 2x2 cache)\n"
    "  --json           the figures as one JSON object\n"
    "  --twophase-cache FILE\n"
    "                   the two-phase tables, whose phase-1 table also prunes the search\n"
    "                   (default: twophase.tbl beside the 2x2 cache; built when missing)\n"
    "  --no-phase1      prune with the pattern databases alone (for comparison)\n";

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void scramble(cg_rng *r, int len, cg_move *moves)
{
    int last = -1;
    for (int i = 0; i < len; i++) {
        int m;
        do
            m = (int)cg_rng_below(r, 18);
        while (last >= 0 && (m / 3 == last || ((m / 3) >> 1 == last >> 1 && m / 3 < last)));
        last = m / 3;
        moves[i] = (cg_move)m;
    }
}

static double median(double *v, size_t n)
{
    if (!n)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int bench_optimal(int argc, char **argv)
{
    const char *cmd = "bench optimal";
    long n = 20, seed = 1, depth = 0, len = 12, limit = 0;
    bool as_json = false, no_p1 = false;
    const char *tp_cache = NULL;
    cg3_tables_options topt = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_long(cmd, "--depth", v, 1, 20, &depth))
                return 2;
        } else if (strcmp(a, "--scramble") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_long(cmd, "--scramble", v, 0, 40, &len))
                return 2;
            depth = 0;
        } else if (strcmp(a, "-n") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_long(cmd, "-n", v, 1, 1000000, &n))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_long(cmd, "--seed", v, 0, 0x7FFFFFFFFFFFFFFF, &seed))
                return 2;
        } else if (strcmp(a, "--time-limit") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_long(cmd, "--time-limit", v, 1, 86400000, &limit))
                return 2;
        } else if (strcmp(a, "--cache") == 0) {
            if (!(topt.cache_path = cli_value(cmd, argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--json") == 0) {
            as_json = true;
        } else if (strcmp(a, "--twophase-cache") == 0) {
            if (!(tp_cache = cli_value(cmd, argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--no-phase1") == 0) {
            no_p1 = true;
        } else {
            return cli_unknown(cmd, a, USAGE);
        }
    }
    if (depth)
        len = depth;
    cg3_optimal *s;
    cg3_twophase *tp;
    cg3_tables_info info;
    if (open_solver(cmd, &topt, &s, &info, &tp, tp_cache, no_p1))
        return 1;
    double *ms = malloc((size_t)n * sizeof *ms), *nodes = malloc((size_t)n * sizeof *nodes);
    if (!ms || !nodes) {
        free(ms);
        free(nodes);
        cg3_optimal_close(s);
        cg3_twophase_close(tp);
        cli_err(cmd, "no memory for %ld samples", n);
        return 1;
    }
    cg3_tables model;
    cg3_tables_init(&model);
    cg_rng rng;
    cg_rng_seed(&rng, (uint64_t)seed);
    cg3_solve_options o = cg3_solve_defaults();
    o.time_limit_ms = (double)limit;
    o.max_moves = CG3_SOLUTION_MAX;
    long done = 0, wrong = 0, timeouts = 0, skipped = 0, at[CG3_SOLUTION_MAX + 1] = {0};
    double total_ms = 0, total_nodes = 0, max_ms = 0;
    while (done + timeouts < n) {
        cg_move moves[40];
        scramble(&rng, (int)len, moves);
        cg3_cube c = cg3_cube_home();
        cg3_cube_apply_face_turns(&model, &c, moves, (size_t)len);
        cg3_solution sol;
        cg_error err;
        cg_status st = cg3_optimal_solve(s, &c, &o, &sol, &err);
        if (st == CG_ERR_TIMEOUT) { /* in the medians at the time it took, a lower bound */
            ms[done + timeouts] = sol.ms;
            nodes[done + timeouts] = (double)sol.nodes;
            max_ms = sol.ms > max_ms ? sol.ms : max_ms;
            timeouts++;
            continue;
        }
        cg3_cube_apply_face_turns(&model, &c, sol.moves, st == CG_OK ? (size_t)sol.n : 0);
        if (st != CG_OK || !cg3_cube_is_home(&c) || sol.n > len) {
            wrong++;
            cli_err(cmd, "wrong answer (seed %ld, cube %ld): %s", seed, done + timeouts,
                    st != CG_OK ? err.msg : "does not solve the cube or is longer than the scramble");
            if (wrong >= 10)
                break;
            continue;
        }
        if (depth && sol.n != depth) {
            skipped++;
            continue;
        }
        ms[done + timeouts] = sol.ms;
        nodes[done + timeouts] = (double)sol.nodes;
        total_ms += sol.ms;
        total_nodes += (double)sol.nodes;
        max_ms = sol.ms > max_ms ? sol.ms : max_ms;
        at[sol.n]++;
        done++;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    size_t all = (size_t)(done + timeouts);
    double med_ms = median(ms, all), med_nodes = median(nodes, all);
    double nps = total_ms > 0 ? total_nodes / (total_ms / 1e3) : 0;
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "optimal");
        json_int(&j, depth ? "depth" : "scramble", depth ? depth : len);
        json_int(&j, "cubes", done);
        json_int(&j, "seed", seed);
        json_int(&j, "time_limit_ms", limit);
        json_int(&j, "timeouts", timeouts);
        json_int(&j, "other_depth", skipped);
        json_num(&j, "median_ms", med_ms);
        json_num(&j, "max_ms", max_ms);
        json_num(&j, "median_nodes", med_nodes);
        json_num(&j, "nodes_per_second", nps);
        json_array(&j, "lengths");
        for (int d = 0; d <= CG3_SOLUTION_MAX; d++)
            if (at[d]) {
                json_object(&j, NULL);
                json_int(&j, "moves", d);
                json_int(&j, "cubes", at[d]);
                json_end(&j);
            }
        json_end(&j);
        json_num(&j, "table_startup_ms", info.ready_ms);
        json_bool(&j, "table_from_cache", info.from_cache);
        json_bool(&j, "phase1_bound", !no_p1);
        json_num(&j, "table_mb", (double)info.bytes / 1e6);
        json_num(&j, "peak_rss_mb", (double)ru.ru_maxrss / 1024.0);
        json_int(&j, "wrong", wrong);
        json_finish(&j);
    } else {
        if (depth)
            printf("cubes            %ld at depth %ld (from scrambles of %ld; %ld others skipped), "
                   "seed %ld\n", done, depth, len, skipped, seed);
        else
            printf("cubes            %ld random scrambles of %ld moves, seed %ld\n", done, len, seed);
        if (limit)
            printf("not proven       %ld within %ld ms (in the figures below at the time and "
                   "nodes spent: lower bounds)\n", timeouts, limit);
        printf("time (ms)        median %.2f  max %.2f\n", med_ms, max_ms);
        printf("nodes            median %.0f  per second %.2f million\n", med_nodes, nps / 1e6);
        printf("optimal lengths ");
        for (int d = 0; d <= CG3_SOLUTION_MAX; d++)
            if (at[d])
                printf(" %d:%ld", d, at[d]);
        printf("\n");
        printf("table start-up   %.1f ms (%s, %.1f MB)\n", info.ready_ms,
               info.from_cache ? "loaded from cache" : "built", (double)info.bytes / 1e6);
        printf("peak memory      %.1f MB resident\n", (double)ru.ru_maxrss / 1024.0);
        printf("wrong answers    %ld\n", wrong);
    }
    free(ms);
    free(nodes);
    cg3_optimal_close(s);
    cg3_twophase_close(tp);
    return wrong ? 1 : 0;
}
