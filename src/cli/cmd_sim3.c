/* cubegod sim3: the contest's Rubik's cube simulator, Yes or No per data set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/contest_cli.h"
#include "cli/json.h"
#include "cubegod/sim3.h"
#include "contest/sim3_reader.h"

static const char SIM3_HELP[] =
    "usage: cubegod sim3 < INPUT\n"
    "\n"
    "The Rubik's cube simulator of South Central USA 2002 (seed documents 000/001). Reads data\n"
    "sets from standard input and prints Yes or No for each: whether every face is one colour\n"
    "after the operations.\n"
    "\n"
    "  START\n"
    "        O O O          the top face,\n"
    "        O O O\n"
    "        O G W\n"
    "  W W W Y B G R B B G G G   then left, front, right, back side by side,\n"
    "  B Y W Y B G R G G W W R\n"
    "  B Y Y B O O B W W Y Y R\n"
    "        R Y Y          then the bottom face\n"
    "        B R R\n"
    "        G R R\n"
    "  front right          operations: FACE DIRECTION, FACE one of front back left right top\n"
    "  top right            bottom, DIRECTION right (clockwise seen looking at that face) or\n"
    "  END                  left (counter-clockwise)\n"
    "  ENDOFINPUT           after the last data set\n"
    "\n"
    "Colours are any single characters separated by spaces; leading spaces, CRLF line ends and\n"
    "blank lines between data sets are fine. Exit status 2 on bad input (a short net line, a net\n"
    "without six colours nine times each, an unknown operation, a missing END or ENDOFINPUT):\n"
    "the message names the line, and the data sets before it are answered.\n";

int cmd_sim3(int argc, char **argv)
{
    if (argc > 1 && cli_is_help(argv[1])) {
        fputs(SIM3_HELP, stdout);
        return 0;
    }
    if (argc > 1)
        return cli_usage("sim3", "unexpected argument '%s' (the input is read from standard input)",
                         argv[1]);
    cg_sim3_reader r;
    if (!cli_skip_bom("sim3", stdin))
        return 2;
    cg_sim3_init(&r, stdin);
    for (;;) {
        cg_sim3_result res;
        cg_error err;
        bool done;
        if (cg_sim3_next(&r, &res, &done, &err) != CG_OK) {
            fflush(stdout);
            cli_err("sim3", "%s", err.msg);
            return 2;
        }
        if (done)
            return 0;
        puts(res.solved ? "Yes" : "No");
    }
}

/* ---- bench sim3 ---- */

static const char BENCH_SIM3_HELP[] =
    "usage: cubegod bench sim3 [-n RUNS] [--ops N] [--seed S] [--json]\n"
    "\n"
    "Writes 100 random data sets of N operations each (default 100; half of them undo a\n"
    "scramble, so they answer Yes), then reads and answers all of them RUNS times (default 1000)\n"
    "from memory. Prints the time per 100 data sets and the peak memory, against the problem's\n"
    "limits of 1 s and 32 MB (--json: as one JSON object).\n";

/* The nine net lines of 54 facelets (cube3.h layout). */
static void put_net(FILE *b, const uint8_t f[CG3_FACELETS])
{
    static const int strip[4] = {4, 2, 5, 3};
    for (int row = 0; row < 3; row++)
        fprintf(b, "      %c %c %c\n", f[row * 3], f[row * 3 + 1], f[row * 3 + 2]);
    for (int row = 0; row < 3; row++)
        for (int s = 0; s < 4; s++)
            for (int c = 0; c < 3; c++)
                fprintf(b, "%c%c", f[strip[s] * 9 + row * 3 + c], s == 3 && c == 2 ? '\n' : ' ');
    for (int row = 0; row < 3; row++)
        fprintf(b, "      %c %c %c\n", f[9 + row * 3], f[9 + row * 3 + 1], f[9 + row * 3 + 2]);
}

/* One data set: a Yes one scrambles a solved cube and undoes the scramble; a No one applies
 * random operations to a shuffled net. */
static void put_data_set(FILE *b, const cg3_tables *t, long ops, bool yes, uint64_t *seed)
{
    static const char *const face_word[6] = {"top", "bottom", "front", "back", "left", "right"};
    uint8_t f[CG3_FACELETS];
    int face[4096], dir[4096];
    long n = ops < 4096 ? ops : 4096;
    for (int i = 0; i < CG3_FACELETS; i++)
        f[i] = (uint8_t)"WYROGB"[i / 9];
    for (long i = 0; i < n; i++) {
        face[i] = (int)(contest_rand(seed) % 6);
        dir[i] = (int)(contest_rand(seed) % 2);
    }
    for (long i = n - 1; yes && i >= 0; i--) /* the inverse of what will be read */
        cg3_perm_apply(&t->perm[cg3_move_make(face[i], dir[i] ? 1 : 3)], f);
    for (int i = CG3_FACELETS - 1; !yes && i > 0; i--) {
        int j = (int)(contest_rand(seed) % (uint64_t)(i + 1));
        uint8_t x = f[i];
        f[i] = f[j];
        f[j] = x;
    }
    fprintf(b, "START\n");
    put_net(b, f);
    for (long i = 0; i < n; i++)
        fprintf(b, "%s %s\n", face_word[face[i]], dir[i] ? "left" : "right");
    fprintf(b, "END\n");
}

/* Answers the whole text once; returns the number of Yes, or -1 on an error. */
static long answer_all(char *text, size_t len)
{
    FILE *in = fmemopen(text, len, "r");
    if (!in)
        return -1;
    cg_sim3_reader r;
    cg_sim3_init(&r, in);
    long yes = 0;
    for (;;) {
        cg_sim3_result res;
        bool done;
        if (cg_sim3_next(&r, &res, &done, NULL) != CG_OK) {
            yes = -1;
            break;
        }
        if (done)
            break;
        yes += res.solved;
    }
    fclose(in);
    return yes;
}

int bench_sim3(int argc, char **argv)
{
    long runs = 1000, ops = 100, seed = 1;
    const contest_opt opts[] = {
        {"-n", 1, 1000000, &runs}, {"--ops", 0, 4096, &ops}, {"--seed", 0, 1L << 62, &seed}};
    bool as_json = false;
    int status = contest_options("bench sim3", argc, argv, opts, 3, BENCH_SIM3_HELP, &as_json);
    if (status >= 0)
        return status;
    cg3_tables t;
    cg3_tables_init(&t);
    char *text = NULL;
    size_t len = 0;
    FILE *b = open_memstream(&text, &len);
    if (!b) {
        cli_err("bench sim3", "out of memory");
        return 1;
    }
    uint64_t s = (uint64_t)seed;
    for (int k = 0; k < 100; k++)
        put_data_set(b, &t, ops, k % 2 == 0, &s);
    fprintf(b, "ENDOFINPUT\n");
    fclose(b);
    long yes = 0;
    double t0 = contest_now();
    for (long r = 0; r < runs && yes >= 0; r++)
        yes = answer_all(text, len);
    double per = (contest_now() - t0) / (double)runs;
    free(text);
    if (yes < 0) {
        cli_err("bench sim3", "the generated input was refused");
        return 1;
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "sim3");
        json_int(&j, "data_sets", 100);
        json_int(&j, "operations", ops);
        json_int(&j, "yes", yes);
        json_int(&j, "runs", runs);
        json_num(&j, "us_per_100_data_sets", per * 1e6);
        json_int(&j, "reader_state_bytes", (long long)sizeof(cg_sim3_reader));
        json_int(&j, "peak_rss_kb", ru.ru_maxrss);
        json_finish(&j);
        return 0;
    }
    printf("sim3: 100 data sets of %ld operations (%ld Yes), %ld runs: %.1f us per 100 data sets "
           "(limit 1 s: %.0fx under); reader state %zu bytes; process peak RSS %ld KB (limit 32 MB)\n",
           ops, yes, runs, per * 1e6, per > 0 ? 1.0 / per : 0.0, sizeof(cg_sim3_reader),
           ru.ru_maxrss);
    return 0;
}
