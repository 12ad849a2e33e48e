/* Shared by the 2x2 and 3x3 games (challenge.c, challenge3.c) and the server. */
#ifndef CUBEGOD_GAME_ANSWER_H
#define CUBEGOD_GAME_ANSWER_H

#include "cubegod/server.h"

/* The checks of cg_answer_check_rules before the cube is looked at: the line's bytes, its moves
 * in rules->dialect (into moves, which holds CG_SERVER_LINE_MAX, their number in *n) and their
 * count in rules->metric against rules->max_moves (into *nmoves when not NULL). */
cg_status cgi_answer_parse(const char *line, size_t len, const cg_answer_rules *rules,
                           cg_move *moves, size_t *n, int *nmoves, cg_error *err);

/* p with its stickers moved so that the string writer (which writes UDFBLR) writes them in
 * `order` (shapes.h: six face letters or "net"; NULL or "UDFBLR": a plain copy). */
void cgi_puzzle_in_order(const cg_puzzle *p, const char *order, cg_puzzle *out);

/* Appends to buf, after the len bytes a caller wrote there (as snprintf counts them, so len may
 * exceed size), the faces of a cube of size n (2 or 3) other than those in hidden (a bit a
 * face) as the server shows them, then prompt and a line break: faces[i] is the home face of
 * sticker i (the sticker order of puzzle.h), written in shape and colours (a string in
 * `order`, NULL: UDFBLR). Returns the length the whole text needs. */
size_t cgi_view_append(char *buf, size_t size, size_t len, const uint8_t *faces, int n,
                       unsigned hidden, cg_shape shape, cg_colours colours, const char *order,
                       const char *prompt);

/* The round's text as cg_round_format_view / cg_round3_format_view write it, with the prompt
 * line and a string's face order (NULL: UDFBLR) given. */
size_t cgi_round_format(const cg_round *r, int index, int rounds, const char *prompt,
                        cg_shape shape, cg_colours colours, const char *order, char *buf,
                        size_t size);
size_t cgi_round3_format(const cg_round3 *r, int index, int rounds, const char *prompt,
                         cg_shape shape, cg_colours colours, const char *order, char *buf,
                         size_t size);

#endif
