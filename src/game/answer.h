/* Shared by the 2x2 and 3x3 answer checks (challenge.c, challenge3.c). */
#ifndef CUBEGOD_GAME_ANSWER_H
#define CUBEGOD_GAME_ANSWER_H

#include "cubegod/server.h"

/* The checks of cg_answer_check_rules before the cube is looked at: the line's bytes, its moves
 * in rules->dialect (into moves, which holds CG_SERVER_LINE_MAX, their number in *n) and their
 * count in rules->metric against rules->max_moves (into *nmoves when not NULL). */
cg_status cgi_answer_parse(const char *line, size_t len, const cg_answer_rules *rules,
                           cg_move *moves, size_t *n, int *nmoves, cg_error *err);

#endif
