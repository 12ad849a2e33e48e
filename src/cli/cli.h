/* Small helpers shared by the subcommands: messages and option values. */
#ifndef CUBEGOD_CLI_CLI_H
#define CUBEGOD_CLI_CLI_H

#include <stdbool.h>

/* "cubegod CMD: message\n" on stderr. */
void cli_err(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Reports a usage problem and returns 2, so a command can `return cli_usage(...)`. */
int cli_usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Parses a whole decimal integer in [min, max]; on failure reports "OPT: ..." and returns false. */
bool cli_long(const char *cmd, const char *opt, const char *text, long min, long max, long *out);
/* Parses a non-negative decimal number of seconds (fractions allowed) up to max. */
bool cli_seconds(const char *cmd, const char *opt, const char *text, double max, double *out);
/* Parses --target's value (home, any, auto); on failure reports and returns false. */
bool cli_target(const char *cmd, const char *text, int *out);
/* True when argv[i] is -h or --help. */
bool cli_is_help(const char *arg);
/* Fetches the value of an option that takes one: returns it and advances *i, or reports and
 * returns NULL. */
const char *cli_value(const char *cmd, int argc, char **argv, int *i);

#endif
