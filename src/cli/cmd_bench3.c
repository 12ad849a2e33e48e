/* The 3x3 two-phase solver on the command line: `cubegod tables --size 3` and
 * `cubegod bench solve --size 3` (cmd_tables.c and cmd_bench.c hand over here). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cubegod/solver.h"
#include "cubegod/solver3.h"

static const char TABLES3_USAGE[] =
    "usage: cubegod tables --size 3 [--cache FILE] [--rebuild]\n"
    "\n"
    "Makes sure the 3x3 two-phase solver's tables are ready: loads and checks the cache file, or\n"
    "builds the tables (12 s of CPU on both cores, 75 MB) and saves them.\n"
    "\n"
    "  --cache FILE  the cache file (default: twophase.tbl in the folder of the 2x2 cache:\n"
    "                $CUBEGOD_CACHE's folder, else $XDG_CACHE_HOME/cubegod, else\n"
    "                ~/.cache/cubegod)\n"
    "  --rebuild     build even when the cache is valid, and replace it\n";

static const char BENCH3_USAGE[] =
    "usage: cubegod bench solve --size 3 [-n N] [--max-moves N] [--time-limit MS] [--seed S]\n"
    "                                    [--max-nodes N] [--metric htm|qtm] [--cache FILE]\n"
    "                                    [--threads N] [--write-cubes FILE] [--json]\n"
    "\n"
    "N uniformly random 3x3 cubes (default 1000) solved by the two-phase solver, tables\n"
    "excluded. Prints the tables' start-up time, peak memory, the time per solve (median, p90,\n"
    "p99, max), mean and max solution length and search nodes. Every answer is applied to the\n"
    "cube model after it is timed; a wrong one makes the exit status 1.\n"
    "\n"
    "  --max-moves N    solutions of at most N moves (default 20; 26 with --metric qtm)\n"
    "  --metric M       htm (default) or qtm: solve in quarter turns (a half turn counts 2);\n"
    "                   --max-moves and the lengths printed count them\n"
    "  --time-limit MS  keep looking for shorter solutions for MS milliseconds per cube\n"
    "                   (default 0: the first solution within --max-moves)\n"
    "  --max-nodes N    the search's node cap (default 0: the solver's own)\n"
    "  --threads N      search each cube on N threads, 1 (default) to 6: the six sides the\n"
    "                   solver searches a cube from are shared out among them\n"
    "  --cache FILE     the two-phase cache file (see cubegod tables --size 3 --help)\n"
    "  --facelets       print the N cubes as 54 facelet letters each, in Kociemba's URFDLB\n"
    "                   order, instead of solving them (for bench/cubejs_compare.sh)\n"
    "  --write-cubes FILE\n"
    "                   also write the cubes solved to FILE, one a line as --facelets prints\n"
    "                   them, so another solver can be timed on the same ones\n";

/* The --size value, when argv has one (the caller then hands over); 0 when absent, -1 when bad
 * (reported). */
int cli_size_option(const char *cmd, int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--size") == 0) {
            long size;
            if (i + 1 >= argc) {
                cli_err(cmd, "--size needs a value (2 or 3)");
                return -1;
            }
            if (!cli_long(cmd, "--size", argv[i + 1], 2, 3, &size))
                return -1;
            return (int)size;
        }
    return 0;
}

int cmd_tables3(int argc, char **argv)
{
    cg3_tables_options opt = {.cache_path = NULL};
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(TABLES3_USAGE, stdout);
            return 0;
        } else if (strcmp(argv[i], "--size") == 0) {
            i++; /* checked by cli_size_option */
        } else if (strcmp(argv[i], "--cache") == 0) {
            if (!(opt.cache_path = cli_value("tables", argc, argv, &i)))
                return 2;
        } else if (strcmp(argv[i], "--rebuild") == 0) {
            opt.rebuild = true;
        } else {
            return cli_unknown("tables", argv[i], TABLES3_USAGE);
        }
    }
    cli_tables3_options(&opt, CLI_TWOPHASE, NULL, false);
    cg3_twophase *s;
    cg3_tables_info info;
    cg_error err;
    if (cg3_twophase_open(&s, &opt, &info, &err) != CG_OK) {
        cli_err("tables", "%s", err.msg);
        return 1;
    }
    const char *how = cli_tables_how(info.from_cache, info.saved);
    printf("3x3 two-phase tables (%.1f MB) ready in %.1f ms, %s %s\n", (double)info.bytes / 1e6,
           info.ready_ms, how, info.cache_path ? info.cache_path : "(no cache)");
    cli_tables_rebuilt(info.rebuilt, info.saved);
    cg3_twophase_close(s);
    return 0;
}

/* A cube as 54 facelets in Kociemba's order (faces U R F D L B, each read as cube3.h lays it
 * out, which is the same reading), one letter per colour. */
static void facelet_string(const cg3_cube *c, char out[CG3_FACELETS + 1])
{
    static const char LETTER[6] = {'U', 'D', 'F', 'B', 'L', 'R'};
    static const int ORDER[6] = {0, 5, 2, 1, 4, 3};
    uint8_t face[CG3_FACELETS];
    for (int i = 0; i < CG3_FACELETS; i++)
        face[i] = (uint8_t)(i / 9); /* centres, and overwritten below */
    for (int p = 0; p < CG3_CORNERS; p++)
        for (int j = 0; j < 3; j++) /* the piece's sticker j sits twist places clockwise on */
            face[cg3_corner_facelets(p)[(j + c->co[p]) % 3]] = cg3_corner_facelets(c->cp[p])[j] / 9;
    for (int p = 0; p < CG3_EDGES; p++)
        for (int j = 0; j < 2; j++)
            face[cg3_edge_facelets(p)[(j + c->eo[p]) % 2]] = cg3_edge_facelets(c->ep[p])[j] / 9;
    for (int f = 0; f < 6; f++)
        for (int i = 0; i < 9; i++)
            out[f * 9 + i] = LETTER[face[ORDER[f] * 9 + i]];
    out[CG3_FACELETS] = '\0';
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One bench run's settings, as parsed. */
typedef struct bench3_run {
    long n, seed, max_moves, max_nodes, threads;
    double time_limit;
    cg_metric metric;
    const char *cache;
    bool as_json;
    FILE *cubes_out; /* --write-cubes, or NULL */
} bench3_run;

static int run3(const bench3_run *b);

int bench_solve3(int argc, char **argv)
{
    long n = 1000, seed = 1, max_moves = -1, max_nodes = 0, threads = 1;
    double time_limit = 0;
    cg_metric metric = CG_METRIC_HTM;
    const char *cache = NULL, *write_cubes = NULL;
    bool as_json = false, facelets = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(BENCH3_USAGE, stdout);
            return 0;
        } else if (strcmp(a, "--size") == 0) {
            i++;
        } else if (strcmp(a, "-n") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) || !cli_long("bench solve", "-n", v, 1, 10000000, &n))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--seed", v, 0, 0x7FFFFFFFFFFFFFFF, &seed))
                return 2;
        } else if (strcmp(a, "--max-moves") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--max-moves", v, 0, CG3_SOLUTION_MAX, &max_moves))
                return 2;
        } else if (strcmp(a, "--max-nodes") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--max-nodes", v, 0, 0x7FFFFFFFFFFFFFFF, &max_nodes))
                return 2;
        } else if (strcmp(a, "--threads") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--threads", v, 1, CG3_THREADS_MAX, &threads))
                return 2;
        } else if (strcmp(a, "--time-limit") == 0) {
            long ms;
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--time-limit", v, 0, 3600000, &ms))
                return 2;
            time_limit = (double)ms;
        } else if (strcmp(a, "--metric") == 0) {
            int m;
            if (!(v = cli_value("bench solve", argc, argv, &i)))
                return 2;
            if ((m = cg_metric_parse(v)) < 0)
                return cli_usage("bench solve", "--metric: '%s' is not htm or qtm", v);
            metric = (cg_metric)m;
        } else if (strcmp(a, "--cache") == 0) {
            if (!(cache = cli_value("bench solve", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--json") == 0) {
            as_json = true;
        } else if (strcmp(a, "--facelets") == 0) {
            facelets = true;
        } else if (strcmp(a, "--write-cubes") == 0) {
            if (!(write_cubes = cli_value("bench solve", argc, argv, &i)))
                return 2;
        } else {
            return cli_unknown("bench solve", a, BENCH3_USAGE);
        }
    }
    if (max_moves < 0)
        max_moves = metric == CG_METRIC_QTM ? CG3_GODS_NUMBER_QTM : CG3_GODS_NUMBER;
    cg_rng rng;
    cg_rng_seed(&rng, (uint64_t)seed);
    if (facelets) {
        for (long i = 0; i < n; i++) {
            cg3_cube c = cg3_cube_random(&rng);
            char text[CG3_FACELETS + 1];
            facelet_string(&c, text);
            puts(text);
        }
        return 0;
    }
    FILE *cubes_out = NULL;
    if (write_cubes && !(cubes_out = fopen(write_cubes, "w"))) {
        cli_err("bench solve", "--write-cubes %s: %s", write_cubes, strerror(errno));
        return 1;
    }
    int rc = run3(&(bench3_run){n, seed, max_moves, max_nodes, threads, time_limit, metric, cache, as_json,
                                cubes_out});
    const char *why;
    if (cubes_out && !cli_close_output(cubes_out, &why)) {
        cli_err("bench solve", "--write-cubes %s: %s", write_cubes, why);
        return 1;
    }
    return rc;
}

/* The time buckets printed, in ms: how many cubes were answered within each. */
static const double BUCKETS[] = {1, 10, 100, 1000, 10000};
#define NBUCKETS (sizeof BUCKETS / sizeof BUCKETS[0])

static int run3(const bench3_run *b)
{
    long n = b->n, seed = b->seed, max_moves = b->max_moves;
    double time_limit = b->time_limit;
    cg_metric metric = b->metric;
    bool as_json = b->as_json;
    cg_rng rng;
    cg_rng_seed(&rng, (uint64_t)seed);
    cg3_tables_options topt = {.cache_path = b->cache};
    cli_tables3_options(&topt, CLI_TWOPHASE, NULL, false);
    cg3_twophase *s;
    cg3_tables_info info;
    cg_error err;
    if (cg3_twophase_open(&s, &topt, &info, &err) != CG_OK) {
        cli_err("bench solve", "%s", err.msg);
        return 1;
    }
    double *ms = malloc((size_t)n * sizeof *ms);
    if (!ms) {
        cg3_twophase_close(s);
        cli_err("bench solve", "no memory for %ld samples", n);
        return 1;
    }
    cg3_tables model;
    cg3_tables_init(&model);
    cg3_solve_options opt = cg3_solve_defaults();
    opt.max_moves = (int)max_moves;
    opt.time_limit_ms = time_limit;
    opt.max_nodes = (unsigned long long)b->max_nodes;
    opt.metric = metric;
    opt.threads = (int)b->threads;
    long wrong = 0, failed = 0, total_len = 0, max_len = 0;
    unsigned long long nodes = 0;
    double total_ms = 0;
    long within[NBUCKETS] = {0};
    for (long i = 0; i < n; i++) {
        cg3_cube c = cg3_cube_random(&rng);
        if (b->cubes_out) {
            char text[CG3_FACELETS + 1];
            facelet_string(&c, text);
            fprintf(b->cubes_out, "%s\n", text);
        }
        cg3_solution sol;
        cg_status st = cg3_twophase_solve(s, &c, &opt, &sol, &err);
        ms[i] = sol.ms;
        total_ms += sol.ms;
        nodes += sol.nodes;
        if (st != CG_OK) {
            if (failed++ == 0)
                cli_err("bench solve", "cube %ld: %s", i + 1, err.msg);
            continue;
        }
        cg3_cube_apply_face_turns(&model, &c, sol.moves, (size_t)sol.n);
        long len = (long)cg_moves_count(sol.moves, (size_t)sol.n, metric);
        if (!cg3_cube_is_home(&c) || len > max_moves)
            wrong++;
        for (size_t k = 0; k < NBUCKETS; k++)
            within[k] += sol.ms <= BUCKETS[k];
        total_len += len;
        max_len = len > max_len ? len : max_len;
    }
    qsort(ms, (size_t)n, sizeof *ms, cmp_double);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double med = ms[n / 2], p90 = ms[(size_t)((double)n * 0.9)], p99 = ms[(size_t)((double)n * 0.99)];
    long solved = n - failed;
    double mean_len = solved ? (double)total_len / (double)solved : 0;
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "solve3");
        json_int(&j, "cubes", n);
        json_int(&j, "seed", seed);
        json_int(&j, "max_moves", max_moves);
        json_str(&j, "metric", cg_metric_name(metric));
        json_num(&j, "time_limit_ms", time_limit);
        json_int(&j, "threads", b->threads);
        json_object(&j, "ms");
        json_num(&j, "median", med);
        json_num(&j, "p90", p90);
        json_num(&j, "p99", p99);
        json_num(&j, "max", ms[n - 1]);
        json_num(&j, "mean", total_ms / (double)n);
        json_end(&j);
        json_num(&j, "mean_length", mean_len);
        json_int(&j, "max_length", max_len);
        json_num(&j, "mean_nodes", (double)nodes / (double)n);
        json_num(&j, "table_startup_ms", info.ready_ms);
        json_bool(&j, "table_from_cache", info.from_cache);
        json_num(&j, "table_mb", (double)info.bytes / 1e6);
        json_num(&j, "peak_rss_mb", (double)ru.ru_maxrss / 1024.0);
        json_object(&j, "solved_within_ms");
        for (size_t k = 0; k < NBUCKETS; k++) {
            char key[16];
            snprintf(key, sizeof key, "%.0f", BUCKETS[k]);
            json_int(&j, key, within[k]);
        }
        json_end(&j);
        json_int(&j, "failed", failed);
        json_int(&j, "wrong", wrong);
        json_finish(&j);
    } else {
        const char *unit = metric == CG_METRIC_QTM ? "quarter turns" : "moves";
        printf("cubes            %ld uniformly random 3x3, seed %ld, max %ld %s%s, %ld thread%s\n",
               n, seed, max_moves, unit, time_limit > 0 ? ", improving until the time limit" : "",
               b->threads, b->threads == 1 ? "" : "s");
        if (time_limit > 0)
            printf("time limit       %.0f ms per cube\n", time_limit);
        printf("time (ms)        median %.3f  p90 %.3f  p99 %.3f  max %.3f  mean %.3f\n", med, p90,
               p99, ms[n - 1], total_ms / (double)n);
        printf("solved within    ");
        for (size_t k = 0; k < NBUCKETS; k++)
            printf("%s%.0f ms: %ld (%.1f%%)", k ? "  " : "", BUCKETS[k], within[k],
                   100.0 * (double)within[k] / (double)n);
        printf("\n");
        printf("solution length  mean %.3f  max %ld%s\n", mean_len, max_len,
               metric == CG_METRIC_QTM ? " (quarter turns)" : "");
        printf("search nodes     mean %.0f\n", (double)nodes / (double)n);
        printf("table start-up   %.1f ms (%s, %.1f MB)\n", info.ready_ms,
               info.from_cache ? "loaded from cache" : "built", (double)info.bytes / 1e6);
        printf("peak memory      %.1f MB resident\n", (double)ru.ru_maxrss / 1024.0);
        printf("not solved       %ld\n", failed);
        printf("wrong answers    %ld\n", wrong);
    }
    free(ms);
    cg3_twophase_close(s);
    return wrong || failed ? 1 : 0;
}
