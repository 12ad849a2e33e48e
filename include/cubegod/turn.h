/* cubegod: moves on stickers that are any symbols (`cubegod turn`): a 3x3 or 2x2 drawing whose
 * stickers are letters of a flag, emoji, colours, is turned sticker by sticker. Nothing here
 * rebuilds pieces, so symbols need not be distinct, nor six.
 *
 * Sticker numbering: Kociemba's facelet order, U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9 for a
 * 3x3 (U1..U4 ... B1..B4 for a 2x2): index = k * n * n + row * n + col, k the face's place in
 * "URFDLB", each face seen from outside and laid out as in cube3.h's unfolded cross (U's row 0
 * touches B, the side faces' row 0 touches U, D's row 0 touches F).
 *
 * Moves (usual conventions): U D F B L R a quarter turn clockwise seen from that face; slices
 * M E S turn the middle layer as L, D, F do; rotations x y z turn the whole cube as R, U, F;
 * wide moves Rw (or r) turn R with the layer next to it. A digit before a face letter is a layer
 * number: 2R is the second layer from R (M' on a 3x3, L' on a 2x2); before a wide move it is the
 * number of layers: 3Rw is x on a 3x3. On a 2x2 a wide move is two layers, the whole cube: Rw is
 * x, Uw is y, Fw is z. A 2x2 has no slices (M E S are refused there).
 *
 * Move codes: every move is one layer-set of one axis turned: cg_turn = (axis * 8 + layers) * 4
 * + turns, axis a face (U D F B L R as in cube.h), layers a bit set of the layers counted from
 * that face (bit 0 its own layer), turns 0..3 quarter turns clockwise seen from the axis face.
 * R is (R, 1, 1), M is (L, 2, 1), x is (R, 7, 1) on a 3x3; the inverse keeps axis and layers.
 *
 * Text: moves are read in every face-turn dialect cubegod writes (R R' R2, digits R1 R3, quarter
 * turns R R R, the typographic apostrophe R’) plus the kinds above and a count on any of them
 * (M2, x', Rw2, 2R'); blanks and commas between moves are optional (RUR'U'). A move map (the
 * --move-map text, "U=a,U'=b,...", notation.h) adds the challenge's own names for face turns; a
 * blank-separated token that is such a name is that move. An unknown move is CG_ERR_INPUT naming
 * the token and its column (1-based, in bytes). */
#ifndef CUBEGOD_TURN_H
#define CUBEGOD_TURN_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"

#define CG_TURN_STICKERS_MAX 54
#define CG_TURN_MOVES_MAX 100000 /* longest move sequence read */

typedef uint8_t cg_turn;

static inline cg_turn cg_turn_make(int axis, int layers, int turns)
{
    return (cg_turn)((axis * 8 + (layers & 7)) * 4 + (turns % 4 + 4) % 4);
}
static inline int cg_turn_axis(cg_turn t) { return t >> 5; }
static inline int cg_turn_layers(cg_turn t) { return (t >> 2) & 7; }
static inline int cg_turn_turns(cg_turn t) { return t & 3; }
static inline cg_turn cg_turn_inverse(cg_turn t) { return (cg_turn)((t & ~3) | ((4 - (t & 3)) & 3)); }

/* Flags of the calls below. */
enum { CG_TURN_UNDO = 1 }; /* apply the inverse: the moves reversed, each inverted */

/* The sticker permutation of one move on a cube of the given size (2 or 3): after it, sticker i
 * shows what sticker src[i] showed before (6 * size * size entries, the rest of src set to 0).
 * Layers beyond the size are ignored. */
CG_API void cg_turn_perm_of(int size, cg_turn t, uint8_t src[CG_TURN_STICKERS_MAX]);

/* Reads a move sequence (text, NUL-terminated) for a cube of the given size into out (at most
 * max moves, the count in *n). map: NULL or a move map's text. CG_ERR_INPUT names the token and
 * its column; CG_ERR_LIMIT when there are more than max moves. */
CG_API cg_status cg_turn_parse(int size, const char *text, const char *map, cg_turn *out,
                               size_t max, size_t *n, cg_error *err);

/* The permutation of a whole sequence (flags: CG_TURN_UNDO), as cg_turn_perm_of: src holds
 * 6 * size * size entries. */
CG_API cg_status cg_turn_perm(int size, const char *moves, const char *map, int flags,
                              uint8_t src[CG_TURN_STICKERS_MAX], cg_error *err);

/* Applies moves to a facelet string: 54 (size 3) or 24 (size 2) single-byte stickers in
 * Kociemba's order URFDLB (any bytes but NUL). out gets the string after the moves,
 * NUL-terminated; out_size must be at least 6 * size * size + 1 (CG_ERR_LIMIT otherwise). */
CG_API cg_status cg_stickers_apply(int size, const char *moves, int flags, const char *in,
                                   char *out, size_t out_size, cg_error *err);

/* ---- drawings ---- */

/* A drawing read from text: where each sticker stands, so that it can be written again in the
 * same layout and spacing. Shapes: a net (U rows, then the rows across the side faces, then D
 * rows), face boxes ("Face U:" and a '+---+' box), labelled faces ("Up face:", "U:", "Front"
 * then the rows), a facelet string (one line), or a layout template. A sticker is one
 * blank-separated word, or one character (one UTF-8 grapheme: an emoji with its modifiers is
 * one), whichever gives each row its count; '|' and box-drawing characters between stickers
 * are separators. */
typedef struct cg_drawing cg_drawing;

/* Reads the first drawing in text (len bytes). options: NULL or blank-separated words:
 *   size=2|3        the cube's size (default: told by the rows)
 *   across=ORDER    the side faces across a net, left to right (a permutation of LFRB; default)
 *   order=FACES     a facelet string's face order: six letters (default URFDLB) or "net"
 * layout: NULL, or a template: the same drawing with each sticker written as its facelet name
 * (U1..B9, U1..B4), the names read in reading order; the drawing's rows are matched to the
 * template's rows by their counts. CG_ERR_INPUT when no drawing is found or one is malformed:
 * the message names the line and what was counted there; CG_ERR_NOMEM. */
CG_API cg_status cg_drawing_read(const char *text, size_t len, const char *options,
                                 const char *layout, cg_drawing **out, cg_error *err);
CG_API void cg_drawing_free(cg_drawing *d);
/* 2 or 3. */
CG_API int cg_drawing_size(const cg_drawing *d);
/* "net", "cross" (B under D), "boxes", "faces", "string", "layout", or "dict" (a cube only the
 * shape reader of shapes.h places). */
CG_API const char *cg_drawing_shape(const cg_drawing *d);
/* The drawing's first and last lines (1-based), and the byte offset just after its last line. */
CG_API int cg_drawing_first_line(const cg_drawing *d);
CG_API int cg_drawing_last_line(const cg_drawing *d);
CG_API size_t cg_drawing_end(const cg_drawing *d);
/* Applies moves (flags: CG_TURN_UNDO; map as cg_turn_parse) to the stickers. */
CG_API cg_status cg_drawing_turn(cg_drawing *d, const char *moves, const char *map, int flags,
                                 cg_error *err);
/* Writes the drawing's lines as they now stand, NUL-terminated; returns the length the whole
 * text needs (like snprintf). Each sticker's bytes are replaced by its symbol's, nothing else.
 * A cube the shape reader of shapes.h reads but whose stickers have no place found in the text
 * (a dict, a labelled string, five faces) is turned as that reader read it, hidden stickers
 * rebuilt when the view fits one cube, and written again in its shape
 * (cg_puzzle_format_shape, all six faces). */
CG_API size_t cg_drawing_write(const cg_drawing *d, char *buf, size_t size);
/* Writes the stickers in the drawing's reading order (line by line, left to right) on one line:
 * joined by nothing when every sticker is one character, by a space otherwise. */
CG_API size_t cg_drawing_line(const cg_drawing *d, char *buf, size_t size);
/* The first line after the drawing that is not blank, without blanks around it and without a
 * "Label:" before the first colon followed by a blank (what `--moves last-line` reads: a
 * challenge printing "Scramble: R U F" under its net). "" when there is none. Returns the
 * length, like snprintf. */
CG_API size_t cg_drawing_next_line(const cg_drawing *d, char *buf, size_t size);
/* The last line after the drawing that reads as moves (cg_turn_perm with map, NULL for none),
 * a "Label:" before them skipped, as cg_drawing_next_line: what `--moves last-line` reads (a
 * challenge printing its net, a sentence, then the scramble). CG_ERR_INPUT when no line after
 * the drawing reads as moves (the message names the last line tried and why it is not moves),
 * CG_ERR_LIMIT when the line does not fit in size bytes (cg_drawing_end to the text's end
 * always does), CG_ERR_NOMEM. */
CG_API cg_status cg_drawing_moves(const cg_drawing *d, const char *map, char *buf, size_t size,
                                  cg_error *err);
/* What a hidden-text challenge prints: a drawing, then a line of moves after it. When text
 * (len bytes) holds both, writes into out (size bytes, NUL-terminated) what was seen and
 * returns its length, like snprintf; else writes "" and returns 0. numbered: with the lines
 * ("lines 3-11 hold a drawing and line 14 reads as moves ('R' U2 R2 ...')"), else "a drawing,
 * then moves ('R' U2 ...')". For readers that found no cube in such a text, to point at
 * cg_turn_text (`cubegod turn`). */
CG_API size_t cg_turn_hint(const char *text, size_t len, bool numbered, char *out, size_t size);
/* Every face shows one symbol on all its stickers. */
CG_API bool cg_drawing_solved(const cg_drawing *d);

/* All of it at once (what the Python binding calls): reads the drawing in text, applies moves
 * and writes the result into out (size bytes, NUL-terminated; *needed, when not NULL, gets the
 * length the whole text needs: CG_ERR_LIMIT when it does not fit). options: those of
 * cg_drawing_read plus the words
 *   undo            apply the inverse
 *   line            write the reading-order line (cg_drawing_line) instead of the drawing
 *   last-line       the moves are the last line after the drawing that reads as moves
 *                   (cg_drawing_moves; moves is then ignored)
 *   map=MAP         a move map, inline ("U=a,U'=b", no blanks) */
CG_API cg_status cg_turn_text(const char *text, const char *moves, const char *options, char *out,
                              size_t size, size_t *needed, cg_error *err);

#endif
