/* cubegod bench: benchmarks that print figures, never pass/fail verdicts on speed.
 * `bench solve` lives here; the others beside their commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/stats.h"
#include "cubegod/solver.h"
#include "puzzle/reader.h"

static const char USAGE[] =
    "usage: cubegod bench solve [-n N] [--seed S] [--target home|any|auto] [--cache FILE]\n"
    "                           [--json]\n"
    "       cubegod bench solve --size 3 [-n N] [--max-moves N] [--time-limit MS]\n"
    "                           [--max-nodes N] [--metric htm|qtm] [--seed S] [--facelets]\n"
    "                           [--threads N] [--write-cubes FILE] [--json]\n"
    "                           (the 3x3 two-phase solver: cubegod bench solve --size 3 --help)\n"
    "       cubegod bench " CLI_BENCH_KINDS " [options]\n"
    "                           (see each one's --help)\n"
    "\n"
    "bench solve: N uniformly random positions of the 88,179,840 (default 100000), each shown as\n"
    "the server prints it, five faces with a random one hidden, and solved end to end: reading\n"
    "the boxes, rebuilding the cube, solving, writing the answer. Prints positions per second,\n"
    "latency percentiles, solution lengths, the table's start-up time and peak memory. Every\n"
    "answer is checked after it is timed; a wrong one makes the exit status 1. --json prints\n"
    "the figures as one JSON object (every bench takes --json).\n";

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* The server's text for a random cube with one face hidden. */
static size_t make_round(cg_rng *rng, cg_cube *cube, char *text, size_t size)
{
    *cube = cg_cube_random(rng);
    cg_stickers st = cg_cube_to_stickers(cube);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    int hidden = (int)cg_rng_below(rng, CG_FACES);
    for (int i = 0; i < CG_STICKERS; i++) {
        char tok = cg_face_letter(st.s[i]);
        if (i / 4 != hidden)
            cg_puzzle_set(&p, i, &tok, 1, NULL);
    }
    p.faces_shown = (uint8_t)(0x3F & ~(1u << hidden));
    size_t n = cg_puzzle_format_boxes(&p, text, size - 32);
    n += (size_t)snprintf(text + n, size - n, "Enter your solution:\n");
    return n;
}

/* One round's work, as the game client does it: lines into the box reader, solve, answer. */
static int solve_text(const cg_tables *t, const cg_solve_options *opt, const char *text,
                      cg_move moves[CG_SOLUTION_MAX], char *answer, size_t size)
{
    cg_box_reader reader;
    cg_box_reader_init(&reader);
    cg_box_event ev = CG_BOX_IGNORED;
    for (const char *line = text; *line && ev != CG_BOX_PUZZLE;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (cg_box_reader_feed(&reader, line, len, &ev, NULL) != CG_OK)
            return -1;
        line += len + (end != NULL);
    }
    int n;
    if (ev != CG_BOX_PUZZLE || cg_solve_puzzle(t, &reader.puzzle, opt, moves, &n, NULL) != CG_OK)
        return -1;
    cg_moves_format(moves, (size_t)n, answer, size);
    return n;
}

static int bench_solve(int argc, char **argv)
{
    int size = cli_size_option("bench solve", argc, argv);
    if (size < 0)
        return 2;
    if (size == 3)
        return bench_solve3(argc, argv);
    long n = 100000, seed = 1;
    cg_solve_options opt = cg_solve_defaults();
    cg_tables_options topt = {0};
    bool as_json = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(a, "-n") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "-n", v, 1, 100000000, &n))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)) ||
                !cli_long("bench solve", "--seed", v, 0, 0x7FFFFFFFFFFFFFFF, &seed))
                return 2;
        } else if (strcmp(a, "--target") == 0) {
            if (!(v = cli_value("bench solve", argc, argv, &i)))
                return 2;
            int t;
            if (!cli_target("bench solve", v, &t))
                return 2;
            opt.target = (cg_target)t;
        } else if (strcmp(a, "--cache") == 0) {
            if (!(topt.cache_path = cli_value("bench solve", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--json") == 0) {
            as_json = true;
        } else if (strcmp(a, "--size") == 0) {
            i++; /* 2, checked above */
        } else {
            return cli_unknown("bench solve", a, USAGE);
        }
    }
    cg_tables *t;
    cg_tables_info info;
    cg_error err;
    cli_tables_options(&topt, false);
    if (cg_tables_open(&t, &topt, &info, &err) != CG_OK) {
        cli_err("bench solve", "%s", err.msg);
        return 1;
    }
    float *lat = malloc((size_t)n * sizeof *lat);
    if (!lat) {
        cg_tables_close(t);
        cli_err("bench solve", "no memory for %ld samples", n);
        return 1;
    }
    cg_rng rng;
    cg_rng_seed(&rng, (uint64_t)seed);
    long wrong = 0, total_len = 0, max_len = 0;
    double busy = 0;
    for (long i = 0; i < n; i++) {
        char text[512], answer[64];
        cg_cube cube;
        cg_move moves[CG_SOLUTION_MAX];
        make_round(&rng, &cube, text, sizeof text);
        double start = now_us();
        int len = solve_text(t, &opt, text, moves, answer, sizeof answer);
        double us = now_us() - start;
        lat[i] = (float)us;
        busy += us;
        cg_cube_apply_all(&cube, moves, len > 0 ? (size_t)len : 0);
        bool home = opt.target != CG_TARGET_ANY;
        if (len < 0 || !(home ? cg_cube_is_home(&cube) : cg_cube_is_solved_any(&cube)))
            wrong++;
        total_len += len > 0 ? len : 0;
        max_len = len > max_len ? len : max_len;
    }
    qsort(lat, (size_t)n, sizeof *lat, cmp_float);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    cg_latency l = {lat[n / 2], lat[(size_t)((double)n * 0.99)],
                    lat[(size_t)((double)n * 0.999)], lat[n - 1]};
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "solve");
        json_int(&j, "positions", n);
        json_str(&j, "target", cg_target_name(opt.target));
        json_int(&j, "seed", seed);
        json_num(&j, "positions_per_second", (double)n / (busy / 1e6));
        json_latency(&j, "latency_us", l);
        json_num(&j, "mean_length", (double)total_len / (double)n);
        json_int(&j, "max_length", max_len);
        json_num(&j, "table_startup_ms", info.ready_ms);
        json_bool(&j, "table_from_cache", info.from_cache);
        json_num(&j, "peak_rss_mb", (double)ru.ru_maxrss / 1024.0);
        json_int(&j, "wrong", wrong);
        json_finish(&j);
        free(lat);
        cg_tables_close(t);
        return wrong ? 1 : 0;
    }
    printf("positions        %ld uniformly random, one face hidden, target %s, seed %ld\n", n,
           cg_target_name(opt.target), seed);
    printf("throughput       %.0f positions/s (one core)\n", (double)n / (busy / 1e6));
    printf("latency (us)     median %.2f  p99 %.2f  p99.9 %.2f  max %.2f\n", lat[n / 2],
           lat[(size_t)((double)n * 0.99)], lat[(size_t)((double)n * 0.999)], lat[n - 1]);
    printf("solution length  mean %.3f  max %ld\n", (double)total_len / (double)n, max_len);
    printf("table start-up   %.1f ms (%s)\n", info.ready_ms,
           info.from_cache ? "loaded from cache" : "built");
    printf("peak memory      %.1f MB resident\n", (double)ru.ru_maxrss / 1024.0);
    printf("wrong answers    %ld\n", wrong);
    free(lat);
    cg_tables_close(t);
    return wrong ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } KINDS[] = {{"solve", bench_solve}, {"net", bench_net},     {"sim3", bench_sim3},
                 {"order", bench_order}, {"jigsaw", bench_jigsaw},
                 {"optimal", bench_optimal}, {"read3", bench_read3}, {"pow", bench_pow}};
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++)
        if (strcmp(argv[1], KINDS[i].name) == 0)
            return KINDS[i].run(argc - 1, argv + 1);
    return cli_usage("bench", "no benchmark '%s' (%s)", argv[1], CLI_BENCH_KINDS);
}
