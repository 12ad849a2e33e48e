/* Helpers shared by the contest commands' benchmarks (sim3, order): numeric options, a clock
 * and a seeded generator. */
#ifndef CUBEGOD_CLI_CONTEST_CLI_H
#define CUBEGOD_CLI_CONTEST_CLI_H

#include <stdbool.h>
#include <stdint.h>

/* A numeric option "-n 100": its name, range and where the value goes. */
typedef struct contest_opt {
    const char *name;
    long min, max;
    long *value;
} contest_opt;

/* Parses argv[1..] against opts (n of them); -h/--help prints help; --json sets *json when json
 * is not NULL. Returns -1 to go on, or the exit status (0 after help, 2 after a usage message). */
int contest_options(const char *cmd, int argc, char **argv, const contest_opt *opts, int n,
                    const char *help, bool *json);
/* Seconds on the monotonic clock. */
double contest_now(void);
/* splitmix64: reproducible random numbers for generated inputs. */
uint64_t contest_rand(uint64_t *state);

#endif
