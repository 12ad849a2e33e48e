/* play --tries: a game lost in round 1 for a reason that has alternatives is played again over
 * a new connection with the next hypothesis (another notation, another prompt, an Enter at a
 * gate, another target or face order); the summary says what was tried and which options won,
 * and --save-profile writes them as a profile. Only options the player did not give are tried. */
#ifndef CUBEGOD_CLI_PLAY_TRIES_H
#define CUBEGOD_CLI_PLAY_TRIES_H

#include <stdbool.h>

#include "cli/play_hints.h"
#include "cubegod/client.h"
#include "cubegod/dialogue.h"

/* Games played by default over TCP and TLS (a new connection costs little; not --exec): a
 * whole search of the 24 orientations fits, with room for a notation, a prompt or a gate
 * found before it. The most --tries takes. */
#define CLI_TRIES_DEFAULT 32
#define CLI_TRIES_MAX 64

typedef struct cli_tries cli_tries;

/* For up to max games, given the command line (after profiles: what the player set is never
 * changed). NULL when there is no memory. */
cli_tries *cli_tries_new(int max, int argc, char **argv);
void cli_tries_free(cli_tries *t);

/* After a lost game (st as cg_play returned it, h the server's text): true when another game
 * is to be played, with o (and *replies, which o then points at) changed to the next
 * hypothesis, said on stderr unless quiet. t may be NULL (no tries). */
bool cli_tries_next(cli_tries *t, const cg_play_result *r, cg_status st,
                    const cli_play_hints *h, cg_play_options *o, cg_replies **replies, bool quiet);

/* After the last game: when more than one was played, a line saying what was tried and which
 * options won (standard error); with save (--save-profile FILE) the winning options written
 * as a profile. 0, or 1 when the profile cannot be written (said on stderr). */
int cli_tries_finish(cli_tries *t, bool won, const char *save, bool quiet);

/* A lost game's reason that is the server's verdict on how the answer was written ("Invalid
 * move", "'R2' is not a move"). */
bool cli_refused_as_written(const char *reason);

#endif
