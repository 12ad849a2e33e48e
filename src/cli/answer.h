/* The answer options shared by solve, play, serve and replay: --notation, --move-map,
 * --separator and --metric (notation.h). One parser, one help text, one meaning everywhere. */
#ifndef CUBEGOD_CLI_ANSWER_H
#define CUBEGOD_CLI_ANSWER_H

#include <stdbool.h>

#include "cli/options.h"
#include "cubegod/notation.h"

typedef struct cli_answer {
    cg_notation notation;
    const char *move_map;  /* "MOVE=NAME,..." or a file of such lines; NULL: none */
    const char *separator; /* NULL: space */
    cg_metric metric;
    bool given;            /* any of the dialect options was given */
    cg_dialect dialect;    /* built by cli_answer_ready */
} cli_answer;

/* The four options, for a command's option table (options.h). */
#define CLI_ANSWER_OPTIONS                                                                     \
    {"notation", CLI_VALUE}, {"move-map", CLI_FILE}, {"separator", CLI_VALUE},              \
        {"metric", CLI_VALUE}

/* Their lines in a command's --help. */
#define CLI_ANSWER_HELP                                                                        \
    "  --notation N      how moves are written: standard (R R' R2, default), digits (R1 R3 R2),\n" \
    "                    quarter (quarter turns only: R2 is R R), quarter-cw (clockwise only:\n" \
    "                    R' is R R R)\n"                                                       \
    "  --move-map MAP    the challenge's own move names: MOVE=NAME,... (U=w,U'=W,...) or a\n"  \
    "                    file with one MOVE=NAME a line; it names exactly the notation's moves\n" \
    "  --separator S     between moves: space (default), none, comma, or any text\n"          \
    "  --metric M        htm (default) or qtm: moves counted in quarter turns (a half turn is\n" \
    "                    2), the 2x2 solved optimally in quarter turns (own table), the 3x3 by\n" \
    "                    the two-phase solver in quarter turns\n"

void cli_answer_init(cli_answer *a);
/* True when opt is one of the four (for parsers without an option table). */
bool cli_answer_names(const char *opt);
/* Takes opt's value when opt is one of the four: returns 1 when it was, 0 when opt is another
 * option, 2 after reporting a bad value. */
int cli_answer_option(const char *cmd, const char *opt, const char *value, cli_answer *a);
/* Builds a->dialect (reading the move-map file); false after reporting why not. */
bool cli_answer_ready(const char *cmd, cli_answer *a);

#endif
