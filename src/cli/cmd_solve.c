/* cubegod solve: puzzles on standard input, one optimal solution per line on standard output. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/lines.h"
#include "cubegod/solver.h"

static const char USAGE[] =
    "usage: cubegod solve [--line] [--target home|any|auto] [--scheme SCHEME] [--max-moves N]\n"
    "\n"
    "Reads 2x2 cubes on standard input and prints one optimal solution (half-turn metric) per\n"
    "cube: the moves separated by single spaces, an empty line for a solved cube, or a line\n"
    "holding only '!' for a cube that could not be solved (the reason goes to standard error).\n"
    "\n"
    "Input, by default, is text as the challenge server prints it: each run of consecutive\n"
    "'Face X:' boxes is one cube (any five faces or all six, in any order); every other line is\n"
    "ignored. With --line, each non-blank line is one cube in the compact form: 24 stickers,\n"
    "faces U D F B L R, each row-major, '?' for an unknown sticker ('#' starts a comment line).\n"
    "\n"
    "  --target T      home: back to the start position exactly; any: every face one colour in\n"
    "                  any orientation; auto (default): home when the colour scheme is known\n"
    "                  (colours are the face letters, or --scheme), any otherwise\n"
    "  --scheme S      the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --max-moves N   fail a cube whose shortest solution is longer (default 11)\n"
    "  --cache FILE    the solver table's cache file (see 'cubegod tables --help')\n"
    "\n"
    "Exit status: 0 when every cube was solved, 2 when any was not or on bad usage.\n";

typedef struct solve_run {
    const cg_tables *tables;
    cg_solve_options opt;
    int puzzles;
    int failed;
} solve_run;

static void answer(solve_run *run, const cg_puzzle *p, long line)
{
    cg_move moves[CG_MAX_SOLUTION];
    int n;
    cg_error err;
    run->puzzles++;
    if (cg_solve_puzzle(run->tables, p, &run->opt, moves, &n, &err) != CG_OK) {
        cli_err("solve", "puzzle %d (ending line %ld): %s", run->puzzles, line, err.msg);
        run->failed++;
        puts("!");
    } else {
        char buf[64];
        cg_moves_format(moves, (size_t)n, buf, sizeof buf);
        puts(buf);
    }
    /* A script may hand over one cube at a time and wait for its answer. */
    fflush(stdout);
}

static void reject(solve_run *run, const cg_error *err, long line)
{
    run->puzzles++;
    run->failed++;
    cli_err("solve", "puzzle %d (line %ld): %s", run->puzzles, line, err->msg);
    puts("!");
    fflush(stdout);
}

static void solve_boxes(solve_run *run, cg_line_reader *in)
{
    cg_box_reader reader;
    cg_box_reader_init(&reader);
    const char *line;
    size_t len;
    cg_box_event ev;
    cg_error err;
    while (cg_line_next(in, &line, &len)) {
        if (cg_box_reader_feed(&reader, line, len, &ev, &err) != CG_OK)
            reject(run, &err, in->number);
        else if (ev == CG_BOX_PUZZLE)
            answer(run, &reader.puzzle, in->number - 1);
    }
    bool have;
    if (cg_box_reader_finish(&reader, &have, &err) != CG_OK)
        reject(run, &err, in->number);
    else if (have)
        answer(run, &reader.puzzle, in->number);
}

static void solve_lines(solve_run *run, cg_line_reader *in)
{
    const char *line;
    size_t len;
    while (cg_line_next(in, &line, &len)) {
        size_t i = 0;
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (i == len || line[i] == '#')
            continue;
        cg_puzzle p;
        cg_error err;
        if (in->truncated)
            cg_fail(&err, CG_ERR_LIMIT, "line is longer than %zu bytes", sizeof in->buf - 1);
        if (in->truncated || cg_puzzle_from_compact(line, len, &p, &err) != CG_OK)
            reject(run, &err, in->number);
        else
            answer(run, &p, in->number);
    }
}

int cmd_solve(int argc, char **argv)
{
    solve_run run = {.opt = cg_solve_defaults()};
    cg_tables_options topt = {0};
    cg_scheme scheme;
    bool line_mode = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        cg_error err;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(a, "--line") == 0) {
            line_mode = true;
        } else if (strcmp(a, "--target") == 0) {
            if (!(v = cli_value("solve", argc, argv, &i)))
                return 2;
            int t;
            if (!cli_target("solve", v, &t))
                return 2;
            run.opt.target = (cg_target)t;
        } else if (strcmp(a, "--scheme") == 0) {
            if (!(v = cli_value("solve", argc, argv, &i)))
                return 2;
            if (cg_scheme_parse(v, &scheme, &err) != CG_OK)
                return cli_usage("solve", "--scheme: %s", err.msg);
            run.opt.scheme = &scheme;
        } else if (strcmp(a, "--max-moves") == 0) {
            if (!(v = cli_value("solve", argc, argv, &i)) ||
                !cli_long("solve", "--max-moves", v, 0, 1000, &n))
                return 2;
            run.opt.max_moves = (int)n;
        } else if (strcmp(a, "--cache") == 0) {
            if (!(topt.cache_path = cli_value("solve", argc, argv, &i)))
                return 2;
        } else {
            return cli_usage("solve", "unknown argument '%s'", a);
        }
    }
    cg_tables *tables;
    cg_error err;
    if (cg_tables_open(&tables, &topt, NULL, &err) != CG_OK) {
        cli_err("solve", "%s", err.msg);
        return 2;
    }
    run.tables = tables;
    cg_line_reader in;
    cg_line_reader_init(&in, stdin);
    if (line_mode)
        solve_lines(&run, &in);
    else
        solve_boxes(&run, &in);
    cg_tables_close(tables);
    if (ferror(stdin)) {
        cli_err("solve", "error reading standard input");
        return 2;
    }
    return run.failed ? 2 : 0;
}
