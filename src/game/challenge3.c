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

/* The faces of c not in `hidden` (a bit a face) in a shape, as the server prints them. */
static size_t view3_format(const cg3_cube *c, uint8_t hidden, cg_shape shape, cg_colours colours,
                           const char *order, char *buf, size_t size)
{
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(c, f);
    cg_puzzle p;
    cg_puzzle_clear_size(&p, 3);
    for (int i = 0; i < CG3_FACELETS; i++) {
        if ((hidden >> (i / 9)) & 1)
            continue;
        char letter = cg_face_letter(f[i]);
        cg_puzzle_set(&p, i, &letter, 1, NULL);
    }
    p.faces_shown = (uint8_t)(0x3f & ~hidden);
    if ((shape == CG_SHAPE_AUTO || shape == CG_SHAPE_BOXES) && colours == CG_COLOURS_LETTERS)
        return cg_puzzle_format_boxes(&p, buf, size);
    cg_puzzle q;
    cgi_puzzle_in_order(&p, shape == CG_SHAPE_STRING ? order : NULL, &q);
    return cg_puzzle_format_shape(&q, shape, colours, buf, size);
}

/* Appends text at len (within size); returns the new length needed. */
static size_t append3(char *buf, size_t size, size_t len, const char *text)
{
    if (len < size)
        snprintf(buf + len, size - len, "%s", text);
    return len + strlen(text);
}

size_t cgi_round3_format(const cg_round3 *r, int index, int rounds, const char *prompt,
                         cg_shape shape, cg_colours colours, const char *order, char *buf,
                         size_t size)
{
    int nh = __builtin_popcount(r->hidden);
    char what[48] = "";
    if (nh)
        snprintf(what, sizeof what, ", %d face%s hidden", nh, nh == 1 ? "" : "s");
    size_t len = (size_t)snprintf(buf, size, "=== Round %d/%d ===\nHere is the cube%s:\n", index,
                                  rounds, what);
    len += view3_format(&r->cube, r->hidden, shape, colours, order, len < size ? buf + len : NULL,
                        len < size ? size - len : 0);
    len = append3(buf, size, len, prompt);
    return append3(buf, size, len, "\n");
}

size_t cg_round3_format_after_move(const cg3_cube *cube, uint8_t hidden, int k, const char *name,
                                   char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "Move %d: %s\n", k, name);
    len += view3_format(cube, hidden, CG_SHAPE_BOXES, CG_COLOURS_LETTERS, NULL,
                        len < size ? buf + len : NULL, len < size ? size - len : 0);
    return append3(buf, size, len, CG_ONE_MOVE_PROMPT "\n");
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
