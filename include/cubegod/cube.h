/* cubegod: the 2x2x2 (pocket) cube model.
 *
 * Three layers, each with its own type, and exactly one conversion between stickers and corners:
 *
 *   moves     cg_move, a small integer: face * 3 + (quarter turns - 1)
 *   stickers  cg_stickers, 24 facelets as the server prints them (docs/protocol.md)
 *   corners   cg_cube, 8 corner pieces with a permutation and a twist each
 *
 * Faces are numbered U=0 D=1 F=2 B=3 L=4 R=5, so a face's opposite is face ^ 1.
 * Sticker index: face * 4 + row * 2 + column, row and column as printed ("| a b |" is row 0).
 * Corner slots and pieces are numbered URF UFL ULB UBR DFR DLF DBL DRB (0..7); each slot lists its
 * three stickers starting with the U or D one, then clockwise (docs/protocol.md's table).
 * A corner's twist is the position (0, 1, 2) in its slot's list where the piece's U/D sticker is.
 *
 * States compose left to right: cg_cube_mul(a, b) is "a, then b", the convention that makes
 * applying a move to a state the same as multiplying by the move's own state. */
#ifndef CUBEGOD_CUBE_H
#define CUBEGOD_CUBE_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/error.h"

enum { CG_U, CG_D, CG_F, CG_B, CG_L, CG_R, CG_FACES };
enum { CG_URF, CG_UFL, CG_ULB, CG_UBR, CG_DFR, CG_DLF, CG_DBL, CG_DRB, CG_CORNERS };

#define CG_MOVES 18    /* U U2 U' D D2 D' F ... R' */
#define CG_STICKERS 24
#define CG_MAX_SOLUTION 11 /* God's number in the half-turn metric, both targets */

typedef uint8_t cg_move;

static inline int cg_move_face(cg_move m) { return m / 3; }
static inline int cg_move_turns(cg_move m) { return m % 3 + 1; } /* 1, 2 or 3 quarter turns */
static inline cg_move cg_move_make(int face, int turns) { return (cg_move)(face * 3 + turns - 1); }
static inline cg_move cg_move_inverse(cg_move m) { return (cg_move)(m - m % 3 + 2 - m % 3); }

/* "U", "U2", "U'" ... for 0..17. */
CG_API const char *cg_move_name(cg_move m);
/* The face letter "UDFBLR"[face]. */
CG_API char cg_face_letter(int face);
/* Face number of a letter, or -1. */
CG_API int cg_face_from_letter(char c);
/* "URF", "UFL", ... for 0..7. */
CG_API const char *cg_corner_name(int corner);

/* Parses a move sequence: moves from the 18 of VALID separated by white space (an empty or blank
 * text is the empty sequence); a prime may be written with the typographic apostrophe U+2019
 * (R’), as text pasted from a web page has it. Stores at most max moves in out and the count in *n.
 * CG_ERR_INPUT names the offending token and its position (1-based);
 * CG_ERR_LIMIT when there are more than max moves. */
CG_API cg_status cg_moves_parse(const char *text, cg_move *out, size_t max, size_t *n, cg_error *err);

/* Writes the moves separated by single spaces, NUL-terminated ("" for none). Returns the length
 * the full text needs (like snprintf); the text is complete when that is below size. */
CG_API size_t cg_moves_format(const cg_move *moves, size_t n, char *buf, size_t size);

/* ---- corners ---- */

typedef struct cg_cube {
    uint8_t perm[CG_CORNERS];  /* piece in each slot */
    uint8_t twist[CG_CORNERS]; /* 0, 1 or 2 */
} cg_cube;

/* The solved cube in its home position. */
CG_API cg_cube cg_cube_home(void);
/* The state of one move applied to home (its cubie definition). */
CG_API const cg_cube *cg_move_cube(cg_move m);
/* a, then b. */
CG_API cg_cube cg_cube_mul(const cg_cube *a, const cg_cube *b);
CG_API cg_cube cg_cube_inverse(const cg_cube *a);
CG_API void cg_cube_apply(cg_cube *c, cg_move m);
CG_API void cg_cube_apply_all(cg_cube *c, const cg_move *moves, size_t n);
CG_API bool cg_cube_equal(const cg_cube *a, const cg_cube *b);
CG_API bool cg_cube_is_home(const cg_cube *c);
/* Every face one colour, in any of the 24 orientations. */
CG_API bool cg_cube_is_solved_any(const cg_cube *c);
/* A real cube: a permutation of the 8 pieces, twists summing to 0 mod 3. */
CG_API bool cg_cube_is_valid(const cg_cube *c);

/* ---- stickers ---- */

typedef struct cg_stickers {
    uint8_t s[CG_STICKERS]; /* the home face (0..5) whose colour each sticker shows */
} cg_stickers;

/* The one conversion between the layers. cg_cube_from_stickers fails with CG_ERR_INPUT (naming
 * the corner slot) when the stickers are not those of a real cube. */
CG_API cg_stickers cg_cube_to_stickers(const cg_cube *c);
CG_API cg_status cg_cube_from_stickers(const cg_stickers *st, cg_cube *c, cg_error *err);

/* The compact form of docs/protocol.md: 24 face letters, faces U D F B L R, each row-major.
 * buf must hold 25 bytes. */
CG_API void cg_stickers_format(const cg_stickers *st, char buf[CG_STICKERS + 1]);

/* The sticker indices of a corner slot, U/D sticker first, then clockwise. */
CG_API const uint8_t *cg_corner_stickers(int slot);
/* The home faces of a piece's three stickers, in the same order as its home slot's stickers. */
CG_API const uint8_t *cg_corner_colours(int piece);

/* ---- random states ---- */

/* A small, seedable generator (splitmix64) so that games and benchmarks are reproducible. */
typedef struct cg_rng {
    uint64_t state;
} cg_rng;
/* Starts r at a seed (equal seeds give equal sequences), then the next 64 random bits. */
CG_API void cg_rng_seed(cg_rng *r, uint64_t seed);
CG_API uint64_t cg_rng_next(cg_rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
CG_API uint64_t cg_rng_below(cg_rng *r, uint64_t n);
/* Uniform over the 88,179,840 positions of the fixed frame. */
CG_API cg_cube cg_cube_random(cg_rng *r);

#endif
