/* The 3x3 game without I/O: rounds, their text, the answer check. */
#include <stdio.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"
#include "game/answer.h"

void cg_round3_make(const cg3_tables *t, cg_rng *r, int hide, int scramble, cg_round3 *out)
{
    memset(out, 0, sizeof *out);
    if (scramble <= 0) {
        out->cube = cg3_cube_random(r);
    } else {
        out->scramble_moves = scramble < CG3_SCRAMBLE_MAX ? scramble : CG3_SCRAMBLE_MAX;
        out->cube = cg3_cube_home();
        for (int i = 0; i < out->scramble_moves; i++)
            out->scramble[i] = (cg_move)cg_rng_below(r, CG_MOVES);
        cg3_cube_apply_face_turns(t, &out->cube, out->scramble, (size_t)out->scramble_moves);
    }
    if (hide > CG_FACES)
        hide = CG_FACES;
    for (int k = 0; k < hide; k++) { /* the k-th hidden face among those still shown */
        int pick = (int)cg_rng_below(r, (uint64_t)(CG_FACES - k));
        for (int f = 0; f < CG_FACES; f++)
            if (!((out->hidden >> f) & 1) && pick-- == 0) {
                out->hidden |= (uint8_t)(1u << f);
                break;
            }
    }
}

size_t cg_round3_format(const cg_round3 *r, int index, int rounds, char *buf, size_t size)
{
    return cg_round3_format_view(r, index, rounds, CG_SHAPE_BOXES, CG_COLOURS_LETTERS, buf, size);
}

size_t cg_round3_format_view(const cg_round3 *r, int index, int rounds, cg_shape shape,
                             cg_colours colours, char *buf, size_t size)
{
    return cgi_round3_format(r, index, rounds, "Enter your solution:", shape, colours, NULL, buf,
                             size);
}

size_t cgi_round3_format(const cg_round3 *r, int index, int rounds, const char *prompt,
                         cg_shape shape, cg_colours colours, const char *order, char *buf,
                         size_t size)
{
    int nh = __builtin_popcount(r->hidden);
    char what[48] = "";
    if (nh)
        snprintf(what, sizeof what, ", %d face%s hidden", nh, nh == 1 ? "" : "s");
    int head = snprintf(buf, size, "=== Round %d/%d ===\nHere is the cube%s:\n", index, rounds,
                        what);
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(&r->cube, f);
    return cgi_view_append(buf, size, (size_t)head, f, 3, r->hidden, shape, colours, order,
                           prompt);
}

size_t cg_round3_format_after_move(const cg3_cube *cube, uint8_t hidden, int k, const char *name,
                                   char *buf, size_t size)
{
    int head = snprintf(buf, size, "Move %d: %s\n", k, name);
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(cube, f);
    return cgi_view_append(buf, size, (size_t)head, f, 3, hidden, CG_SHAPE_BOXES,
                           CG_COLOURS_LETTERS, NULL, CG_ONE_MOVE_PROMPT);
}

cg_status cg_answer3_check_rules(const cg3_tables *t, const cg3_cube *cube, const char *line,
                                 size_t len, const cg_answer_rules *rules, int *nmoves,
                                 cg_error *err)
{
    cg_move moves[CG_SERVER_LINE_MAX];
    size_t n = 0;
    cg_status st = cgi_answer_parse(line, len, rules, moves, &n, nmoves, err);
    if (st != CG_OK)
        return st;
    cg3_cube c = *cube;
    cg3_cube_apply_face_turns(t, &c, moves, n);
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(&c, f);
    if (!cg3_facelets_solved(f))
        return cg_fail(err, CG_ERR_PROTOCOL, "Not solved!");
    return CG_OK;
}
