/* Small helpers shared by the subcommands: messages and option values. */
#ifndef CUBEGOD_CLI_CLI_H
#define CUBEGOD_CLI_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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
/* The whole of a file ("-": standard input) in a malloc'd buffer of *len bytes, at most max;
 * reports and returns NULL when it cannot be read or is larger. */
char *cli_slurp(const char *cmd, const char *path, size_t max, size_t *len);

/* Skips a UTF-8 byte-order mark at the start of a stream (editors on other systems add one).
 * Returns false, after a message, when the stream starts with 0xEF but not a whole mark (only
 * one byte can be pushed back; such input is not text any reader here takes). */
bool cli_skip_bom(const char *cmd, FILE *in);

/* An argument the command does not know: "unknown option '--jsno'; did you mean '--json'?"
 * with the closest option named in the command's help text (when one is close), then the
 * "(see ...)" line. Returns 2. */
int cli_unknown(const char *cmd, const char *arg, const char *help);
/* Levenshtein distance of a and b (up to 63 bytes each; longer counts as 99). */
int cli_distance(const char *a, const char *b);
/* The option of help closest to arg (the one it is a prefix of, when exactly one; else one at
 * an edit distance of at most 2), copied into out; false when none is close. Options are the
 * words of help that start with '-' followed by a letter. */
bool cli_closest_option(const char *help, const char *arg, char *out, size_t size);
/* Completes table options the way every command does: the cache path from CUBEGOD_CACHE, else
 * $XDG_CACHE_HOME/cubegod/pocket.tbl, else ~/.cache/cubegod/pocket.tbl, when --cache gave none
 * (no cache when none of them is set); notices as "cubegod: ..." lines and a build's progress
 * on stderr unless quiet. */
struct cg_tables_options;
void cli_tables_options(struct cg_tables_options *o, bool quiet);
/* A tables command's words for where its tables came from ("loaded from", "built and saved
 * to", "built, not saved to", then the cache path). */
const char *cli_tables_how(bool from_cache, bool saved);
/* Standard output's line on a cache file that was not a valid table file (rebuilt), which says
 * whether the tables built replaced it; nothing when it was valid. */
void cli_tables_rebuilt(bool rebuilt, bool saved);
/* Flushes an output stream, and says whether every write to it went through, not only the
 * last (the C library reports a failed write only to the call that made it); *why then is the
 * failed flush's cause, or "a write failed" when that call was an earlier one. */
bool cli_output_ok(FILE *f, const char **why);
/* cli_output_ok, then closes f (always); false, *why set, when a write or the close failed. */
bool cli_close_output(FILE *f, const char **why);
/* A table notice (solver.h's cg_tables_notice_fn) on standard error: "cubegod: TEXT". */
void cli_print_notice(void *ctx, const char *text);
/* A table build's progress (cg_tables_progress_fn) on standard error: a bar on a terminal, a
 * line every five seconds otherwise; set with the notices (so never with -q). */
void cli_print_progress(void *ctx, const char *phase, double fraction);
/* The next cli_print_progress draws at once, on a log too (a wait for a build starts). */
void cli_progress_show_next(void);
/* A 3x3 solver's cache file: twophase.tbl or optimal.tbl in the folder of the 2x2 cache `pocket`
 * (NULL: the default one), so that one --cache or CUBEGOD_CACHE moves them all. The text lives
 * until exit; NULL when there is no cache folder at all (or no memory). */
typedef enum cli_table3 { CLI_TWOPHASE, CLI_OPTIMAL } cli_table3;
const char *cli_cache3_path(cli_table3 which, const char *pocket);
/* cli_tables_options for a 3x3 solver's tables: the notice printer, and unless o names a cache
 * file, cli_cache3_path's. */
struct cg3_tables_options;
void cli_tables3_options(struct cg3_tables_options *o, cli_table3 which, const char *pocket,
                         bool quiet);
/* Appends to a hint of cg_turn_hint's the command that turns the drawing in path (quoted for
 * the shell when it needs it; "FILE" for standard input, "-" or NULL). */
void cli_turn_advice(char *hint, size_t size, const char *path);
/* A play --record transcript (text, *len bytes, NUL-terminated room after them) becomes the
 * text the server sent: its '<' records in order, decoded in place, *len updated (a hidden-text
 * drawing played over the network is turned, or pointed at, from its record). False after
 * reporting a malformed record as cmd. */
bool cli_server_text(const char *cmd, const char *path, char *text, size_t *len);

#endif
