/* The subcommands of the cubegod executable. Each takes argc/argv from its own name on
 * (argv[0] is "solve", "play", ...) and returns the process exit status:
 * 0 success, 1 the job ran but failed (a game lost, a wrong answer replayed), 2 bad usage or
 * bad input. */
#ifndef CUBEGOD_CLI_COMMANDS_H
#define CUBEGOD_CLI_COMMANDS_H

int cmd_solve(int argc, char **argv);
int cmd_tables(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_draw(int argc, char **argv);
int cmd_sim3(int argc, char **argv);
int cmd_order(int argc, char **argv);
int cmd_jigsaw(int argc, char **argv);
int cmd_pow(int argc, char **argv);

/* The kinds of `cubegod bench`, written once: bench's usage and messages and `cubegod help` print
 * this text; tests/package/check_options.py checks that it names exactly the kinds cmd_bench.c
 * runs and that the README, the man page and both completions list the same. */
#define CLI_BENCH_KINDS "solve | net | sim3 | order | jigsaw | optimal | read3 | pow"
int cmd_turn(int argc, char **argv);

/* `cubegod bench KIND`: solve lives in cmd_bench.c, the others beside their commands
 * (bench_net in cmd_bench_net.c, bench_sim3 in cmd_sim3.c, ...). */
int bench_net(int argc, char **argv);
int bench_sim3(int argc, char **argv);
int bench_order(int argc, char **argv);
int bench_jigsaw(int argc, char **argv);
int bench_pow(int argc, char **argv); /* cmd_pow.c */
/* The optimal 3x3 solver (cmd_optimal3.c): `bench optimal`, and `tables --optimal`. */
int bench_optimal(int argc, char **argv);
int tables_optimal(int argc, char **argv);
int bench_read3(int argc, char **argv);

/* The 3x3 two-phase solver's `tables --size 3` and `bench solve --size 3` (cmd_bench3.c);
 * cli_size_option reads --size's value (0 when absent, -1 after reporting a bad one). */
int cli_size_option(const char *cmd, int argc, char **argv);
int cmd_tables3(int argc, char **argv);
int bench_solve3(int argc, char **argv);
/* The two-phase cache file: `given`, or twophase.tbl beside the 2x2 cache (NULL: none). */

#endif
