/* cubegod: the order of a 3x3 move sequence (seed document 004), its cycles and its piece state.
 *
 * Notation (Singmaster): U D F B L R, slices M E S, rotations x y z, wide moves Uw ... Rw or
 * u d f b l r (conventions in cube3.h). A move may be followed by one digit 1..9 (that many
 * quarter turns) and then by ' (the inverse): R, R', R2, R2', R3 (= R'). Spaces and tabs between
 * moves are optional ("RUUD'BD'" is "R U2 D' B D'"); a carriage return counts as a space. The
 * typographic apostrophe U+2019 (pasted from a web page or a PDF) is a prime like ', and a UTF-8
 * byte-order mark at the very start is ignored.
 *
 * Grouping, as cubers write algorithms: (A) is A; a group may be followed by a repeat count of
 * any number of digits and then ' (the inverse of the whole): (R U R' U')2, (R U)12', (A)' .
 * [A, B] is the commutator A B A' B', [A: B] the conjugate A B A'; both take a count and ' like
 * a group. Groups nest up to CG_ORDER_DEPTH deep: [F: (R U R' U')2], [[R, U], D].
 *
 * The parser is a stream: it is fed any number of chunks and keeps no text, so a line of any
 * length takes constant memory, and each move is applied to the piece state as it is read.
 *
 * The order is computed from the final state's cycles: the lcm, over corner cycles, of length
 * times 3 when the cycle's twists do not cancel; over edge cycles, of length times 2 when its flips
 * do not cancel; and over centre cycles of their lengths. Once a sequence holds a slice, a wide
 * move or a rotation, "back to the start" includes the centres (and so the cube's orientation). */
#ifndef CUBEGOD_ORDER_H
#define CUBEGOD_ORDER_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube3.h"
#include "cubegod/error.h"

#define CG_ORDER_DEPTH 32       /* deepest nesting of ( ) and [ ] */
#define CG_ORDER_MAX_REPEAT 1000000000 /* largest repeat count after a group */

/* A parser's state, behind a handle (its layout is private to the library). */
typedef struct cg_order_parser cg_order_parser;

/* A new parser, started as cg_order_begin starts one (t must outlive it); freed with
 * cg_order_parser_free (NULL is fine). CG_ERR_NOMEM; *out is NULL on failure. */
CG_API cg_status cg_order_parser_new(cg_order_parser **out, const cg3_tables *t, cg_error *err);
CG_API void cg_order_parser_free(cg_order_parser *p);
/* The state read so far (after cg_order_end: the whole sequence's), and whether a slice, wide
 * move or rotation was read (*centres, may be NULL). */
CG_API cg3_cube cg_order_parser_state(const cg_order_parser *p, bool *centres);

/* Starts p afresh on an empty sequence; t must outlive the parser. */
CG_API void cg_order_begin(cg_order_parser *p, const cg3_tables *t);
/* Reads len more characters. CG_ERR_INPUT names the first character that is not part of a move
 * and its position (1-based, counted over everything fed since cg_order_begin):
 * "position 4: 'Q' is not a move", "position 9: ')' closes nothing", "position 7: ']' closes
 * the '(' opened at position 3", "position 5: ',' is outside [A, B]". After an error the parser
 * must be restarted. */
CG_API cg_status cg_order_feed(cg_order_parser *p, const char *text, size_t len, cg_error *err);
/* Ends the sequence (applies a move or group still being read); the state is then
 * cg_order_parser_state(p).
 * CG_ERR_INPUT when a bracket is still open ("the '(' at position 3 is never closed") or a
 * character was cut off. */
CG_API cg_status cg_order_end(cg_order_parser *p, cg_error *err);

/* The whole of a NUL-terminated text: state into *out, *centres as above. CG_ERR_INPUT as for
 * cg_order_feed and cg_order_end. */
CG_API cg_status cg_order_parse(const cg3_tables *t, const char *text, cg3_cube *out, bool *centres,
                         cg_error *err);

/* How many times the state's sequence must be applied to return home (1 for home). */
CG_API uint64_t cg_order_of(const cg3_cube *c);

/* Texts, written like snprintf: NUL-terminated, truncated to size, and the return value is the
 * length the full text needs. CG_ORDER_TEXT_MAX always suffices. */
#define CG_ORDER_TEXT_MAX 512

/* The cycles, the way cubers read them, then the order:
 * "corners (URF UBR DRB DFR) edges (UR BR DR FR) order 4". A cycle lists positions in the
 * order its pieces travel; "+" after it means the pieces come back twisted a third clockwise
 * (corners) or flipped (edges), "-" a third counter-clockwise. Centres follow as "centres (U F D
 * B)". Home is just "order 1". */
CG_API size_t cg_order_explain(const cg3_cube *c, char *buf, size_t size);

/* The state in the document's notation: {cubie, orientation} by position 1..20,
 * "{{5,2},{1,1},{3,0},...}" after R. Corner orientation is the twist of cube3.h; edge orientation
 * is the document's example: the edges of a quarter turn change it exactly on R, L, U and D turns
 * (a function of which piece sits where, so it cannot show an edge flipped in place: the order
 * still counts such flips). With centres, six more pairs follow for the centre positions
 * R F L B U D (cubies 21..26, the document's face order), orientation always 0. */
CG_API size_t cg_order_state(const cg3_cube *c, bool centres, char *buf, size_t size);

#endif
