/* cubegod: the command line. Each subcommand lives in its own cmd_*.c. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cubegod/version.h"

static int cmd_version(int argc, char **argv)
{
    if (argc == 2 && cli_is_help(argv[1])) {
        fputs("usage: cubegod version\n       cubegod --version\n\nPrints the version.\n", stdout);
        return 0;
    }
    if (argc > 1)
        return cli_usage("version", "unexpected argument '%s'", argv[1]);
    /* The executable links the library statically: the two versions are the same. */
    printf("cubegod %s\n", cg_version());
    return 0;
}

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} COMMANDS[] = {
    {"solve", cmd_solve, "solve 2x2 and 3x3 cubes read from a challenge's text (any shape)"},
    {"play", cmd_play, "play the cube god challenge over TCP, TLS or a local process"},
    {"serve", cmd_serve, "run a faithful local copy of the challenge server"},
    {"replay", cmd_replay, "re-check a recorded game or a terminal capture offline"},
    {"draw", cmd_draw, "draw a cube as a coloured net (terminal, SVG or PNG)"},
    {"bench", cmd_bench, "benchmarks: bench " CLI_BENCH_KINDS},
    {"tables", cmd_tables, "build or check the solvers' table caches (2x2, 3x3, optimal 3x3)"},
    {"sim3", cmd_sim3, "the contest 3x3 Rubik's cube simulator (Yes/No per data set)"},
    {"order", cmd_order, "how often a 3x3 move sequence must be repeated to return home"},
    {"jigsaw", cmd_jigsaw, "count the solutions of 3x3 edge-matching jigsaw puzzles"},
    {"pow", cmd_pow, "answer a proof of work (sha256 prefix, hashcash, kCTF/redpwn sloth)"},
    {"turn", cmd_turn, "apply or undo moves on a drawing whose stickers are any symbols"},
    {"version", cmd_version, "print the version (also: cubegod --version)"},
};
#define NCOMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void usage(FILE *out)
{
    fprintf(out, "usage: cubegod COMMAND [options]\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\nCubes of both sizes: the 2x2 solved optimally from a table, the 3x3 by a two-phase\n"
                 "search (or proven optimal), read from face boxes, labelled faces, nets, strings or\n"
                 "ANSI colours. The library (man 3 cubegod) adds pwntools-style tubes.\n"
                 "'cubegod COMMAND --help' describes one command; man cubegod, all of them.\n");
}

/* A command's status, or 1 when what it wrote did not all reach standard output (a full
 * disk): an answer that was never written is not a success. */
static int finish(int rc)
{
    const char *why;
    if (cli_output_ok(stdout, &why))
        return rc;
    fprintf(stderr, "cubegod: writing standard output: %s\n", why);
    return rc ? rc : 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        if (argc > 2) {
            char *help_argv[] = {argv[2], "--help", NULL};
            for (size_t i = 0; i < NCOMMANDS; i++)
                if (strcmp(argv[2], COMMANDS[i].name) == 0)
                    return finish(COMMANDS[i].run(2, help_argv));
            fprintf(stderr, "cubegod: no command '%s'\n", argv[2]);
            return 2;
        }
        usage(stdout);
        return finish(0);
    }
    if (strcmp(name, "--version") == 0)
        return finish(cmd_version(argc - 1, argv + 1));
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, COMMANDS[i].name) == 0)
            return finish(COMMANDS[i].run(argc - 1, argv + 1));
    const char *near = NULL;
    int best = 3;
    for (size_t i = 0; i < NCOMMANDS; i++) {
        int d = cli_distance(name, COMMANDS[i].name);
        if (d < best && (size_t)d < strlen(COMMANDS[i].name)) {
            best = d;
            near = COMMANDS[i].name;
        }
    }
    if (near)
        fprintf(stderr, "cubegod: no command '%s'; did you mean '%s'?\n", name, near);
    else
        fprintf(stderr, "cubegod: no command '%s'\n", name);
    usage(stderr);
    return 2;
}
