/* cubegod: the 3x3 edge-matching jigsaw of seeds/003 ("Jigsaw Puzzles for Computers").
 *
 * A puzzle is nine square pieces; each edge carries one of eight symbols R G B W r g b w. A piece
 * is written as its four symbols clockwise from the top: top, right, bottom, left ("gwgW").
 * A solution puts the pieces in a 3x3 grid, each turned by 0, 90, 180 or 270 degrees (never
 * flipped), so that each of the 12 pairs of facing edges is R-r, G-g, B-b or W-w.
 *
 * What is counted: placements of the nine given pieces. A placement gives every piece (by its
 * position in the input line) a cell of its own and a turn; two placements differ when some piece
 * has another cell or another turn. So
 *   - the four turns of a whole solution are four placements (the problem's "multiples of four");
 *   - identical pieces are still distinct pieces: swapping two copies of "RRrr" is another
 *     placement, although the picture is the same;
 *   - a rotationally symmetric piece ("RgRg", "RRRR") counts each of its turns that fits, even
 *     when two turns show the same symbols.
 * For puzzles that keep the problem's three promises (no identical, rotationally equal or
 * rotationally symmetric pieces) this is exactly the number of distinct completed pictures, which
 * is what the problem counts. The largest possible count is 9! * 4^9 = 95,126,814,720.
 *
 * Symbol codes: R G B W are 0 1 2 3 and r g b w are 4 5 6 7, so two edges match when their codes
 * differ by 4 (code ^ 4). */
#ifndef CUBEGOD_JIGSAW_H
#define CUBEGOD_JIGSAW_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"

enum { CG_JIGSAW_TOP, CG_JIGSAW_RIGHT, CG_JIGSAW_BOTTOM, CG_JIGSAW_LEFT, CG_JIGSAW_SIDES };
#define CG_JIGSAW_PIECES 9
#define CG_JIGSAW_SYMBOLS 8
/* A puzzle line as cg_jigsaw_format writes it: nine pieces of four, single spaces between. */
#define CG_JIGSAW_LINE (CG_JIGSAW_PIECES * 5 - 1)
/* Longest input line cg_jigsaw_run accepts (a puzzle line is 44 characters). */
#define CG_JIGSAW_LINE_MAX 1024

typedef struct cg_jigsaw {
    uint8_t piece[CG_JIGSAW_PIECES][CG_JIGSAW_SIDES]; /* symbol codes, top right bottom left */
} cg_jigsaw;

/* The code of a symbol character, or -1 when c is none of "RGBWrgbw". */
CG_API int cg_jigsaw_symbol(char c);
/* The character of a code 0..7. */
CG_API char cg_jigsaw_symbol_char(int code);

/* Parses one puzzle line of len bytes (no line terminator; spaces and tabs separate pieces and may
 * lead or trail). Fails with CG_ERR_INPUT and a message naming the column (1-based) and reason:
 * a character that is not a symbol, a piece without exactly four symbols, fewer or more than nine
 * pieces. */
CG_API cg_status cg_jigsaw_parse(const char *line, size_t len, cg_jigsaw *out, cg_error *err);

/* Writes the puzzle as a line of CG_JIGSAW_LINE characters plus '\0'. */
CG_API void cg_jigsaw_format(const cg_jigsaw *p, char buf[CG_JIGSAW_LINE + 1]);

/* The number of placements (defined above). Never fails; a few microseconds for the problem's
 * puzzles, and bounded for degenerate ones because copies of a piece and the turns of a
 * symmetric piece are counted by multiplication, not enumerated. */
CG_API uint64_t cg_jigsaw_count(const cg_jigsaw *p);

/* A random puzzle for benchmarks and tests, drawn with symbols from the first `colours` colours
 * (1..4: R/r, then G/g, B/b, W/w). solved = false: every edge uniform over those symbols.
 * solved = true: cut from a random completed grid (inner edges random and matching, outer edges
 * random), then every piece turned at random and the pieces shuffled, so the count is at least 1.
 * Neither kind promises distinct or asymmetric pieces. */
CG_API void cg_jigsaw_random(cg_rng *r, int colours, bool solved, cg_jigsaw *out);

/* Runs the problem's whole input: a line with N, then N puzzle lines; writes one count per puzzle
 * to out, each as soon as its line is read. Carriage returns before a newline are ignored, and so
 * are blank lines after the N puzzles. Returns
 *   CG_OK          all N puzzles were counted;
 *   CG_ERR_INPUT   "line L: reason" (N missing or not a number, a bad puzzle line, fewer than N
 *                  puzzle lines, text after the N puzzles); the counts of the puzzles before the
 *                  bad line have been written, nothing after it is read;
 *   CG_ERR_LIMIT   "line L: ..." a line longer than CG_JIGSAW_LINE_MAX;
 *   CG_ERR_SYSTEM  reading in or writing out failed.
 * *counted (may be NULL) receives the number of puzzles whose counts were written. */
CG_API cg_status cg_jigsaw_run(FILE *in, FILE *out, long long *counted, cg_error *err);

#endif
