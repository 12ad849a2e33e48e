/* The cube a command read, drawn beside its text on standard error (solve --explain-input,
 * play -v) so that a misread is seen at a glance; and the `draw` command's writer. */
#ifndef CUBEGOD_CLI_PICTURE_H
#define CUBEGOD_CLI_PICTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/puzzle.h"

/* Colours on a terminal unless NO_COLOR is set (https://no-color.org). */
bool cli_picture_colour(FILE *out);
/* The net, each line indented by two blanks: in ANSI colours, or the tokens themselves. */
void cli_picture(FILE *out, const cg_puzzle *p, bool colour);

/* play -v: the server's bytes as they come; each cube read from them is drawn on stderr. */
typedef struct cli_picture_tap cli_picture_tap;
cli_picture_tap *cli_picture_tap_new(void);
void cli_picture_tap_feed(cli_picture_tap *t, const uint8_t *bytes, size_t n);
void cli_picture_tap_free(cli_picture_tap *t);

#endif
