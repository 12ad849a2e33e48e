/* cubegod order: how many times a 3x3 move sequence must be repeated to return home. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/contest_cli.h"
#include "cli/json.h"
#include "cubegod/order.h"
#include "contest/order_parser.h"

static const char ORDER_HELP[] =
    "usage: cubegod order [--state] [--explain] [ALG...]\n"
    "\n"
    "Prints how many times the move sequence ALG must be applied to a 3x3 cube before it is\n"
    "back where it started (seed document 004). With no ALG, reads one sequence per line from\n"
    "standard input (lines of any length) and answers one line each.\n"
    "\n"
    "Notation: U D F B L R, slices M E S, rotations x y z, wide moves Uw..Rw or u d f b l r;\n"
    "each may be followed by a digit (quarter turns) and/or ' (inverse): R R' R2 R2' R3.\n"
    "Spaces are optional: RUUD'BD' is R U2 D' B D'. Several ALG arguments are joined by spaces.\n"
    "The typographic apostrophe \xE2\x80\x99 (U+2019) counts as '.\n"
    "Grouping: (R U R' U')2 repeats a group (a count of any size, then ' for the inverse of the\n"
    "whole), [A, B] is the commutator A B A' B', [A: B] the conjugate A B A'; they nest:\n"
    "[F: (R U R' U')2]. --explain and --state work on the result as on any sequence.\n"
    "Once a sequence has a slice, wide move or rotation, the centres must come back too.\n"
    "\n"
    "  --state    print the piece state after the sequence instead, in the document's notation:\n"
    "             {cubie, orientation} by position 1..20 (R: {{5,2},{1,1},{3,0},...});\n"
    "             six centre pairs (positions R F L B U D, cubies 21..26) follow when centres move\n"
    "  --explain  print the cycles instead: corners (URF UBR DRB DFR) edges (...) order 4;\n"
    "             + after a cycle: twisted clockwise / flipped, - twisted counter-clockwise\n"
    "\n"
    "Exit status: 0, or 2 for a character that is not a move (its line and position are named;\n"
    "the lines before it are answered).\n";

typedef struct order_opts {
    bool state, explain;
} order_opts;

static void answer(const cg_order_parser *p, const order_opts *o)
{
    char buf[CG_ORDER_TEXT_MAX];
    if (o->state) {
        cg_order_state(&p->cube, p->centres, buf, sizeof buf);
        puts(buf);
    }
    if (o->explain) {
        cg_order_explain(&p->cube, buf, sizeof buf);
        puts(buf);
    }
    if (!o->state && !o->explain)
        printf("%llu\n", (unsigned long long)cg_order_of(&p->cube));
}

static int order_args(const cg3_tables *t, int argc, char **argv, const order_opts *o)
{
    cg_order_parser p;
    cg_error err;
    cg_order_begin(&p, t);
    for (int i = 0; i < argc; i++)
        if ((i && cg_order_feed(&p, " ", 1, &err) != CG_OK) ||
            cg_order_feed(&p, argv[i], strlen(argv[i]), &err) != CG_OK) {
            cli_err("order", "%s", err.msg);
            return 2;
        }
    if (cg_order_end(&p, &err) != CG_OK) {
        cli_err("order", "%s", err.msg);
        return 2;
    }
    answer(&p, o);
    return 0;
}

/* One sequence per line, fed in chunks so that no line is ever held whole. */
static int order_lines(const cg3_tables *t, FILE *in, const order_opts *o)
{
    cg_order_parser p;
    cg_error err;
    char chunk[4096];
    size_t n = 0;
    unsigned long long line = 1;
    bool open = false; /* the current line has characters */
    int c;
    cg_order_begin(&p, t);
    while ((c = getc_unlocked(in)) != EOF || n || open) {
        if (c != EOF && c != '\n') {
            chunk[n++] = (char)c;
            open = true;
            if (n < sizeof chunk)
                continue;
        }
        if (cg_order_feed(&p, chunk, n, &err) != CG_OK) {
            fflush(stdout);
            cli_err("order", "line %llu: %s", line, err.msg);
            return 2;
        }
        n = 0;
        if (c == EOF || c == '\n') {
            if (cg_order_end(&p, &err) != CG_OK) {
                fflush(stdout);
                cli_err("order", "line %llu: %s", line, err.msg);
                return 2;
            }
            answer(&p, o);
            cg_order_begin(&p, t);
            line++;
            open = false;
            if (c == EOF)
                break;
        }
    }
    if (ferror(in)) {
        cli_err("order", "reading standard input failed");
        return 2;
    }
    return 0;
}

int cmd_order(int argc, char **argv)
{
    order_opts o = {false, false};
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--") == 0) {
            i++;
            break;
        }
        if (cli_is_help(argv[i])) {
            fputs(ORDER_HELP, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--state") == 0)
            o.state = true;
        else if (strcmp(argv[i], "--explain") == 0)
            o.explain = true;
        else
            return cli_unknown("order", argv[i], ORDER_HELP);
    }
    if (i < argc && cli_is_help(argv[i])) {
        fputs(ORDER_HELP, stdout);
        return 0;
    }
    cg3_tables t;
    cg3_tables_init(&t);
    if (i < argc)
        return order_args(&t, argc - i, argv + i, &o);
    return order_lines(&t, stdin, &o);
}

/* ---- bench order ---- */

static const char BENCH_ORDER_HELP[] =
    "usage: cubegod bench order [-n MOVES] [-r RUNS] [--seed S] [--json]\n"
    "\n"
    "Times `order` on one random sequence of MOVES moves (default 1000000) of every kind with\n"
    "every modifier, written with spaces: parsing, applying and the cycle count, RUNS times\n"
    "(default 5); prints the mean and the best (--json: as one JSON object).\n";

static char *random_sequence(long moves, uint64_t seed, size_t *len)
{
    static const char *const mods[] = {"", "'", "2", "2'", "3"};
    char *text = malloc((size_t)moves * 6 + 1);
    if (!text)
        return NULL;
    size_t n = 0;
    for (long i = 0; i < moves; i++) {
        uint64_t r = contest_rand(&seed);
        n += (size_t)snprintf(text + n, (size_t)moves * 6 + 1 - n, "%s%s ",
                              cg3_base_name((int)(r % CG3_BASES)), mods[(r >> 8) % 5]);
    }
    *len = n;
    return text;
}

int bench_order(int argc, char **argv)
{
    long moves = 1000000, runs = 5, seed = 1;
    const contest_opt opts[] = {
        {"-n", 0, 100000000, &moves}, {"-r", 1, 1000, &runs}, {"--seed", 0, 1L << 62, &seed}};
    bool as_json = false;
    int status = contest_options("bench order", argc, argv, opts, 3, BENCH_ORDER_HELP, &as_json);
    if (status >= 0)
        return status;
    size_t len;
    char *text = random_sequence(moves, (uint64_t)seed, &len);
    if (!text) {
        cli_err("bench order", "out of memory");
        return 1;
    }
    cg3_tables t;
    cg3_tables_init(&t);
    double total = 0, best = 1e30;
    uint64_t order = 0;
    for (long r = 0; r < runs; r++) {
        double t0 = contest_now();
        cg_order_parser p;
        cg_order_begin(&p, &t);
        cg_order_feed(&p, text, len, NULL);
        cg_order_end(&p, NULL);
        order = cg_order_of(&p.cube);
        double dt = contest_now() - t0;
        total += dt;
        best = dt < best ? dt : best;
    }
    double per_move = moves ? best * 1e9 / (double)moves : 0.0;
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "order");
        json_int(&j, "moves", moves);
        json_int(&j, "characters", (long long)len);
        json_int(&j, "order", (long long)order);
        json_int(&j, "runs", runs);
        json_num(&j, "mean_ms", total / (double)runs * 1e3);
        json_num(&j, "best_ms", best * 1e3);
        json_num(&j, "ns_per_move", per_move);
        json_finish(&j);
    } else {
        printf("order: %ld moves (%zu characters), order %llu: mean %.1f ms, best %.1f ms over %ld "
               "runs (%.1f ns per move)\n", moves, len, (unsigned long long)order,
               total / (double)runs * 1e3, best * 1e3, runs, per_move);
    }
    free(text);
    return 0;
}
