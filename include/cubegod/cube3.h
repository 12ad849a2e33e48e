/* cubegod: the one 3x3x3 cube model: facelets, pieces and moves, used by the 3x3 solvers, the
 * readers, `sim3` (facelets) and `order` (pieces).
 *
 * Faces are numbered as in cube.h: U=0 D=1 F=2 B=3 L=4 R=5.
 *
 * Facelets: face * 9 + row * 3 + col, every face seen from outside and laid out as in the
 * unfolded cross that sim3 reads:
 *
 *         U             U: row 0 touches B, col 0 touches L
 *       L F R B         L F R B: row 0 touches U; col 0 touches B, L, F, R respectively
 *         D             D: row 0 touches F, col 0 touches L
 *
 * Moves (Singmaster): U D F B L R turn that face a quarter turn clockwise as seen looking at it.
 * M turns the middle layer between L and R the way L does, E (between U and D) the way D does,
 * S (between F and B) the way F does. A wide move (Uw, or lower-case u) is the face with the
 * middle layer next to it, turning together (Rw = R M', Lw = L M, Uw = U E', Dw = D E,
 * Fw = F S, Bw = B S'). Rotations turn the whole cube: x as R, y as U, z as F.
 * A cg3_move is base * 4 + turns: base 0..17 in the order of the enum below, turns 0..3 quarter
 * turns clockwise (3 is the inverse, 0 does nothing); cg3_move_make takes any turns, -1 too.
 *
 * Pieces: positions and pieces share one numbering, that of seed document 004 minus one:
 *   corners 0..7   UFR UBR UBL UFL DFR DBR DBL DFL   (the document's cubies 1..8)
 *   edges   0..11  UF UR UB UL FR BR BL FL DF DR DB DL   (cubies 9..20)
 *   centres 0..5   U D F B L R
 * Corner twist (0, 1, 2): where the piece's U/D sticker is among the position's three facelets
 * listed from the U/D one clockwise (the names URF UBR ULB UFL DFR DRB DBL DLF spell that order);
 * 1 means the piece is turned a third clockwise. Edge flip (0, 1): whether the piece's reference
 * sticker is off the position's reference facelet; the reference is the U/D sticker, or the F/B
 * one for the middle-layer edges FR BR BL FL. With this usual convention only F and B quarter
 * turns (and S, Fw, Bw, z, y ...) flip edges. Centres are a permutation only: a plain cube does not
 * show a centre's own turn.
 *
 * Facelet permutations and piece states are "gathers" that compose left to right: after a move
 * m, facelet i shows what facelet perm[m].src[i] showed before, and position p holds the piece
 * that was at position cube.cp[p] (states applied to home, as in cube.h). cg3_cube_mul(a, b) is
 * "a, then b". Nothing here allocates or fails. */
#ifndef CUBEGOD_CUBE3_H
#define CUBEGOD_CUBE3_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stdint.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"

enum { CG3_FACELETS = 54, CG3_CORNERS = 8, CG3_EDGES = 12, CG3_CENTRES = 6 };

/* Move bases: the six faces, the three slices, the three rotations, the six wide moves. */
enum {
    CG3_U, CG3_D, CG3_F, CG3_B, CG3_L, CG3_R,
    CG3_M, CG3_E, CG3_S,
    CG3_X, CG3_Y, CG3_Z,
    CG3_UW, CG3_DW, CG3_FW, CG3_BW, CG3_LW, CG3_RW,
    CG3_BASES
};
/* "U" "D" "F" "B" "L" "R" "M" "E" "S" "x" "y" "z" "Uw" ... "Rw" for bases 0..17. */
CG_API const char *cg3_base_name(int base);

typedef uint8_t cg3_move;
static inline cg3_move cg3_move_make(int base, int turns) { return (cg3_move)(base * 4 + (turns % 4 + 4) % 4); }
static inline int cg3_move_base(cg3_move m) { return m >> 2; }
static inline int cg3_move_turns(cg3_move m) { return m & 3; }
/* Whether a base moves centres (slices, rotations, wide moves). */
static inline bool cg3_base_moves_centres(int base) { return base >= CG3_M; }

typedef struct cg3_perm {
    uint8_t src[CG3_FACELETS];
} cg3_perm;

typedef struct cg3_cube {
    uint8_t cp[CG3_CORNERS], co[CG3_CORNERS]; /* piece at each corner position, its twist */
    uint8_t ep[CG3_EDGES], eo[CG3_EDGES];     /* piece at each edge position, its flip */
    uint8_t xp[CG3_CENTRES];                   /* centre piece at each centre position */
} cg3_cube;

/* Every move's facelet permutation and piece state, built once by the caller (a few KB; no
 * hidden global tables). */
typedef struct cg3_tables {
    cg3_perm perm[CG3_BASES * 4];
    cg3_cube cube[CG3_BASES * 4];
} cg3_tables;

/* Fills t; takes a few microseconds. */
CG_API void cg3_tables_init(cg3_tables *t);
/* The same on the heap, for callers that hold no struct layouts (bindings): a filled table,
 * freed with cg3_tables_free (NULL is fine). CG_ERR_NOMEM; *out is NULL on failure. */
CG_API cg_status cg3_tables_new(cg3_tables **out, cg_error *err);
CG_API void cg3_tables_free(cg3_tables *t);

/* The facelets of a corner position (U/D one first, then clockwise) and of an edge position
 * (reference facelet first). */
CG_API const uint8_t *cg3_corner_facelets(int corner);
CG_API const uint8_t *cg3_edge_facelets(int edge);
/* Names for explanations: corners "URF" "UBR" "ULB" "UFL" "DFR" "DRB" "DBL" "DLF", edges
 * "UF" ... "DL", centres "U" ... "R". */
CG_API const char *cg3_corner_name(int corner);
CG_API const char *cg3_edge_name(int edge);
CG_API const char *cg3_centre_name(int centre);

/* ---- facelets ---- */

/* The permutation that moves no facelet. */
CG_API cg3_perm cg3_perm_identity(void);
/* a, then b. */
CG_API cg3_perm cg3_perm_mul(const cg3_perm *a, const cg3_perm *b);
/* Applies p to 54 facelet values (colours, labels) in place. */
CG_API void cg3_perm_apply(const cg3_perm *p, uint8_t f[CG3_FACELETS]);
/* Every face shows one value on all nine facelets. */
CG_API bool cg3_facelets_solved(const uint8_t f[CG3_FACELETS]);

/* ---- pieces ---- */

/* The solved cube: every piece at its own position, untwisted and unflipped. */
CG_API cg3_cube cg3_cube_home(void);
/* a, then b. */
CG_API cg3_cube cg3_cube_mul(const cg3_cube *a, const cg3_cube *b);
CG_API void cg3_cube_apply(const cg3_tables *t, cg3_cube *c, cg3_move m);
CG_API bool cg3_cube_is_home(const cg3_cube *c);
/* The piece state of a facelet permutation that maps pieces onto pieces (any product of moves). */
CG_API cg3_cube cg3_cube_from_perm(const cg3_perm *p);
CG_API cg3_cube cg3_cube_inverse(const cg3_cube *c);

/* ---- the one conversion between facelets and pieces ---- */

/* The colouring of c: each facelet gets the home face (0..5) whose colour it shows, in the
 * facelet layout above. */
CG_API void cg3_cube_to_facelets(const cg3_cube *c, uint8_t f[CG3_FACELETS]);
/* The piece state of a colouring. CG_ERR_INPUT, naming where: a facelet value above 5, a corner or
 * edge whose colours no piece has (or has in the mirror order), the same piece at two positions,
 * and then whatever cg3_cube_check finds (a centre off its face, a twisted corner, a flipped edge,
 * the two parities disagreeing). c is written only on success. */
CG_API cg_status cg3_cube_from_facelets(const uint8_t f[CG3_FACELETS], cg3_cube *c, cg_error *err);

/* ---- face turns: the solvers' 18 moves ---- */

/* A face turn written as cg_move (face * 3 + quarter turns - 1, faces U D F B L R as in cube.h,
 * so the 2x2 and the 3x3 share move parsing, formatting and dialects) as the model's cg3_move. */
static inline cg3_move cg3_move_from_face_turn(cg_move m)
{
    return cg3_move_make(cg_move_face(m), cg_move_turns(m));
}
/* Applies face turns (cg_move) to c. */
CG_API void cg3_cube_apply_face_turns(const cg3_tables *t, cg3_cube *c, const cg_move *moves, size_t n);

/* ---- real cubes ---- */

/* Uniform over the 43,252,003,274,489,856,000 states that face turns reach (centres home):
 * random permutations and orientations with matching parities, not a scramble. */
CG_API cg3_cube cg3_cube_random(cg_rng *r);
/* CG_OK when face turns can reach c from home; CG_ERR_INPUT otherwise, the message naming what
 * is wrong: a centre moved, a corner or edge missing or present twice, the twists not adding up
 * (a corner twisted in place), the flips not adding up (an edge flipped in place), or the
 * corner and edge permutations of different parity (two pieces swapped). */
CG_API cg_status cg3_cube_check(const cg3_cube *c, cg_error *err);

#endif
