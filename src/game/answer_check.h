/* Every cube answer checked before it is sent (issue 35): kept apart from client.c's dialogue. */
#ifndef CUBEGOD_GAME_ANSWER_CHECK_H
#define CUBEGOD_GAME_ANSWER_CHECK_H

#include "cubegod/notation.h"
#include "cubegod/puzzle.h"
#include "cubegod/server.h"
#include "cubegod/solver.h"

/* The answer text, as written for the server, read back by the server's own answer reader (in
 * dialect d and metric) and applied to the cube as read: for a 2x2 the reading of p under
 * so->scheme and so->target, for a 3x3 rd3 (the reading the solver used; t3 its move tables).
 * CG_OK when it reaches the goal; otherwise CG_ERR_PROTOCOL naming the answer and why. */
cg_status cgi_answer_verified(const cg_puzzle *p, const cg_solve_options *so,
                              const cg_reading3 *rd3, const cg3_tables *t3, const cg_dialect *d,
                              cg_metric metric, const char *text, cg_error *err);

#endif
