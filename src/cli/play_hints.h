/* Hints after a lost game of `cubegod play`, from the text the server sent: the options a
 * player would have needed (the library names no options). The text is kept as it comes (a
 * copy, bounded) and read only when the game is lost, so the rounds cost nothing more. */
#ifndef CUBEGOD_CLI_PLAY_HINTS_H
#define CUBEGOD_CLI_PLAY_HINTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/client.h"

typedef struct cli_play_hints cli_play_hints;

/* NULL when there is no memory: then no hints. */
cli_play_hints *cli_play_hints_new(void);
/* The tube's bytes as they cross (cg_tube_options.on_data's direction: CG_TUBE_SENT or not). */
void cli_play_hints_feed(cli_play_hints *h, int direction, const uint8_t *p, size_t n);
/* What the player set: a goal (--target STATE|FILE|first), reply rules. */
typedef struct cli_play_given {
    bool goal, replies;
} cli_play_given;
/* After a lost game: "hint: ..." lines on standard error for what the text shows, such as two
 * cubes shown before one answer (--target first) or a menu that waited (--reply). */
void cli_play_hints_after(const cli_play_hints *h, const cg_play_result *r,
                          const cli_play_given *given);
void cli_play_hints_free(cli_play_hints *h);
/* What the text shows, for play --tries: the cubes of one shape in the whole text (the reader
 * forced to it); the most cubes between two of our writes; the question after the last menu
 * (false when no menu). h may be NULL: nothing shown. */
int cli_play_hints_cubes(const cli_play_hints *h, cg_shape shape);
int cli_play_hints_cubes_per_answer(const cli_play_hints *h);
/* The first cube the text shows (the reader in auto), false when none. */
bool cli_play_hints_first_cube(const cli_play_hints *h, cg_puzzle *p);
bool cli_play_hints_menu(const cli_play_hints *h, char *ask, size_t asize);
/* The last line of the text that holds more than blanks, finished or not (a prompt the server
 * left waiting), blanks at its ends and a '\r' cut, as a terminal shows it (its escapes and
 * control bytes left out), at most cap - 1 bytes; "" when none. */
void cli_play_hints_last(const cli_play_hints *h, char *out, size_t cap);

#endif
