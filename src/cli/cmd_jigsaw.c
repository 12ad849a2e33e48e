/* cubegod jigsaw: count the solutions of the 3x3 jigsaw puzzles (seeds/003), and its benchmark. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cubegod/jigsaw.h"

static void jigsaw_help(void)
{
    puts("usage: cubegod jigsaw < INPUT\n"
         "\n"
         "Counts the solutions of 3x3 edge-matching jigsaw puzzles (the contest problem \"Jigsaw\n"
         "Puzzles for Computers\"). INPUT is a line with N, then N lines of nine pieces; a piece is\n"
         "four symbols from R G B W r g b w (top, right, bottom, left), pieces separated by spaces.\n"
         "Prints one count per puzzle. Facing edges must pair R-r, G-g, B-b, W-w; pieces turn but\n"
         "never flip.\n"
         "\n"
         "A count is the number of placements of the nine given pieces: each piece gets a cell and a\n"
         "turn, so the four turns of a whole solution count four times, and identical or symmetric\n"
         "pieces (which the problem rules out) count as distinct pieces and turns.\n"
         "\n"
         "Bad input (N not a number, a wrong symbol, a piece without four symbols, not nine pieces,\n"
         "fewer puzzle lines than N, text after them): the line, column and reason on stderr, exit 2;\n"
         "the counts of the puzzles before that line are printed.\n"
         "\n"
         "See also: cubegod bench jigsaw [-n N] [--seed S]");
}

int cmd_jigsaw(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            jigsaw_help();
            return 0;
        }
        return cli_usage("jigsaw", "unexpected argument '%s': the puzzles come on standard input",
                         argv[i]);
    }
    cg_error err;
    if (!cli_skip_bom("jigsaw", stdin))
        return 2;
    cg_status st = cg_jigsaw_run(stdin, stdout, NULL, &err);
    if (st == CG_OK)
        return 0;
    cli_err("jigsaw", "%s", err.msg);
    return st == CG_ERR_SYSTEM ? 1 : 2;
}

/* ---- cubegod bench jigsaw ---- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct bench_opts {
    long n;
    uint64_t seed;
    bool json;
} bench_opts;

static int bench_args(int argc, char **argv, bench_opts *o)
{
    const char *cmd = "bench jigsaw";
    for (int i = 1; i < argc; i++) {
        const char *v;
        long seed;
        if (cli_is_help(argv[i])) {
            puts("usage: cubegod bench jigsaw [-n N] [--seed S] [--json]\n"
                 "\n"
                 "Counts N random puzzles (default 1000), alternately fully random and cut from a\n"
                 "random solved grid (so they have solutions), and prints the time in total and per\n"
                 "puzzle: once for counting alone, once for the whole command (parsing the text,\n"
                 "counting, printing) on the same puzzles written out in the problem's format.\n"
                 "--json prints the figures as one JSON object.");
            return 0;
        }
        if (strcmp(argv[i], "-n") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_long(cmd, "-n", v, 1, 10000000, &o->n))
                return 2;
        } else if (strcmp(argv[i], "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_long(cmd, "--seed", v, 0, 0x7fffffffL, &seed))
                return 2;
            o->seed = (uint64_t)seed;
        } else if (strcmp(argv[i], "--json") == 0) {
            o->json = true;
        } else {
            return cli_unknown(cmd, argv[i], "[-n N] [--seed S] [--json]");
        }
    }
    return -1;
}

/* The puzzles in the problem's input format, for timing the whole command. */
static char *bench_text(const cg_jigsaw *p, long n, size_t *len)
{
    size_t cap = 32 + (size_t)n * (CG_JIGSAW_LINE + 1);
    char *text = malloc(cap);
    if (!text)
        return NULL;
    size_t at = (size_t)snprintf(text, cap, "%ld\n", n);
    for (long i = 0; i < n; i++) {
        cg_jigsaw_format(&p[i], text + at);
        at += CG_JIGSAW_LINE;
        text[at++] = '\n';
    }
    *len = at;
    return text;
}

/* Times cg_jigsaw_run over the text; returns seconds, or a negative number when it failed. */
static double bench_run(char *text, size_t len)
{
    char *outbuf = NULL;
    size_t outlen = 0;
    FILE *in = fmemopen(text, len, "r");
    FILE *out = open_memstream(&outbuf, &outlen);
    double t = -1;
    if (in && out) {
        double t0 = now_seconds();
        cg_status st = cg_jigsaw_run(in, out, NULL, NULL);
        t = st == CG_OK ? now_seconds() - t0 : -1;
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    free(outbuf);
    return t;
}

int bench_jigsaw(int argc, char **argv)
{
    bench_opts o = {1000, 1, false};
    int rc = bench_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    cg_jigsaw *p = malloc((size_t)o.n * sizeof *p);
    if (!p) {
        cli_err("bench jigsaw", "out of memory for %ld puzzles", o.n);
        return 1;
    }
    cg_rng r;
    cg_rng_seed(&r, o.seed);
    for (long i = 0; i < o.n; i++)
        cg_jigsaw_random(&r, 4, i % 2 == 1, &p[i]);

    long solvable = 0;
    unsigned long long solutions = 0;
    double total = 0, slowest = 0;
    for (long i = 0; i < o.n; i++) {
        double t0 = now_seconds();
        uint64_t c = cg_jigsaw_count(&p[i]);
        double dt = now_seconds() - t0;
        total += dt;
        slowest = dt > slowest ? dt : slowest;
        solvable += c > 0;
        solutions += c;
    }
    size_t len = 0;
    char *text = bench_text(p, o.n, &len);
    double whole = text ? bench_run(text, len) : -1;
    free(text);
    free(p);
    if (whole < 0) {
        cli_err("bench jigsaw", "timing the whole command failed");
        return 1;
    }
    if (o.json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "jigsaw");
        json_int(&j, "puzzles", o.n);
        json_int(&j, "seed", (long long)o.seed);
        json_int(&j, "random", o.n - o.n / 2);
        json_int(&j, "cut_from_solved", o.n / 2);
        json_int(&j, "solvable", solvable);
        json_int(&j, "placements", (long long)solutions);
        json_num(&j, "count_total_ms", total * 1e3);
        json_num(&j, "count_us_per_puzzle", total * 1e6 / (double)o.n);
        json_num(&j, "count_slowest_us", slowest * 1e6);
        json_num(&j, "whole_total_ms", whole * 1e3);
        json_num(&j, "whole_us_per_puzzle", whole * 1e6 / (double)o.n);
        json_finish(&j);
        return 0;
    }
    printf("jigsaw: %ld puzzles (seed %llu), %ld fully random and %ld cut from solved grids; "
           "%ld have solutions, %llu placements in all\n",
           o.n, (unsigned long long)o.seed, o.n - o.n / 2, o.n / 2, solvable, solutions);
    printf("  counting only:       total %8.3f ms, %7.2f us per puzzle, slowest %.2f us\n",
           total * 1e3, total * 1e6 / (double)o.n, slowest * 1e6);
    printf("  parse, count, print: total %8.3f ms, %7.2f us per puzzle\n", whole * 1e3,
           whole * 1e6 / (double)o.n);
    return 0;
}
