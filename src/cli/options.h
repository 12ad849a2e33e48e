/* Option tables and profiles.
 *
 * Each command that takes --profile lists its long options once, in a table of cli_option; its
 * parser asks the table whether an option exists and takes a value, and the profile reader takes
 * its names from the same table, so an option added to a command is valid in a profile at once.
 *
 * A profile is a text file of `name = value` lines, the names of the long options without "--"
 * ('#' starts a comment line; blank lines are skipped). A flag is written alone or as
 * `name = true|false`. A value may be put in double quotes to keep blanks at its ends. Lines
 * after `[play]` (or `[solve]`, `[serve]`) apply to that command only; lines before any section
 * apply to every command that reads the profile. A relative file name (move-map, ...) is read
 * relative to the profile's directory. The options of a profile go before the command line's, so the
 * command line overrides them. */
#ifndef CUBEGOD_CLI_OPTIONS_H
#define CUBEGOD_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum cli_kind {
    CLI_FLAG,  /* no value */
    CLI_VALUE, /* one value */
    CLI_FILE,  /* a file name (or, with '=', inline text): relative to a profile's directory */
} cli_kind;

typedef struct cli_option {
    const char *name; /* without the leading "--" */
    cli_kind kind;
} cli_option;

/* The table's entry for arg ("--name"), or NULL; tables end with a {NULL} entry. */
const cli_option *cli_option_find(const cli_option *table, const char *arg);

/* Expands every `--profile FILE` in *argv: the profile's options first, then the command line's
 * other arguments. On success *argv is a new array owned by *owned (free it with
 * cli_profile_free after the command, whose option values point into it) and -1 is returned;
 * otherwise the problem is reported (file, line number, what is wrong) and 2 is returned. */
int cli_profile_expand(const char *cmd, const cli_option *table, int *argc, char ***argv,
                       void **owned);
void cli_profile_free(void *owned);

/* The help line for --profile. */
#define CLI_PROFILE_HELP                                                                       \
    "  --profile FILE    options from a file, one 'name = value' a line (see docs/dialects.md);\n" \
    "                    options on the command line override it\n"

#endif
