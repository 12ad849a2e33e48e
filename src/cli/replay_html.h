/* replay --html: one self-contained page of a game, each round's cube, answer and timing. */
#ifndef CUBEGOD_CLI_REPLAY_HTML_H
#define CUBEGOD_CLI_REPLAY_HTML_H

#include <stdbool.h>

#include "cubegod/replay.h"

typedef struct replay_html replay_html;

replay_html *replay_html_new(void);
/* Adds a round (kept in memory until the page is written). */
void replay_html_round(replay_html *h, const cg_replay_round *r);
/* Writes the page to path: the summary, then the rounds. Reports and returns false on failure.
 * Frees h in every case. */
bool replay_html_write(replay_html *h, const char *path, const char *source,
                       const cg_replay_summary *s);

#endif
