/* The judge of a replayed game (replay.c), fed by the engine over a transcript
 * (replay_tube.c): the cubes the engine answered, play's recorded answer lines, the verdicts. */
#ifndef CUBEGOD_GAME_REPLAY_JUDGE_H
#define CUBEGOD_GAME_REPLAY_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/replay.h"

typedef struct cgi_judge cgi_judge;

/* A judge of rounds under opt (copied) into *out, reporting each round to fn and counting into
 * sum (cleared). CG_ERR_NOMEM, or CG_ERR_INPUT ("input: ...") for bad reading options. */
cg_status cgi_judge_new(const cg_tables *t, const cg_replay_options *opt, cg_replay_round_fn fn,
                        void *ctx, cg_replay_summary *sum, cgi_judge **out, cg_error *err);
/* Reports the open round and frees j (NULL is fine). */
void cgi_judge_free(cgi_judge *j);
/* A round opens for cube p, already brought toward the goal (the engine did): round number and
 * announced total (0: none), the transcript line, the time of the prompt. */
void cgi_judge_cube(cgi_judge *j, const cg_puzzle *p, int number, int total, long line,
                    double at);
/* One line play sent for the open round (without its '\n'), at transcript time `at`. */
void cgi_judge_answer(cgi_judge *j, const char *line, size_t n, double at);
/* The server took only the first k moves of the round's first line; the lines after are the
 * round's next moves, one a line. */
void cgi_judge_took(cgi_judge *j, size_t k);
/* The server's verdict on the open round (ok: it said yes): kept, compared, and the round
 * reported. */
void cgi_judge_verdict(cgi_judge *j, const char *line, size_t n, bool ok);
/* Server text after the last reported round (the flag, for the summary). */
void cgi_judge_text(cgi_judge *j, const char *line, size_t n);

/* Judges a terminal capture (not a transcript): rounds at the prompt of j's options. */
void cgi_judge_capture(cgi_judge *j, const char *text, size_t len);

#endif
