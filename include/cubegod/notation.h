/* cubegod: answer dialects, the ways a challenge wants its moves written (both cube sizes).
 *
 * A dialect is three independent choices:
 *
 *   notation    which moves may appear and their default names:
 *                 standard    R R' R2          all 18 moves
 *                 digits      R1 R3 R2         all 18 moves
 *                 quarter     R R'             quarter turns only: a half turn is written twice
 *                 quarter-cw  R                clockwise quarter turns only: R' is R R R,
 *                                              R2 is R R
 *   move map    the challenge's own name for each move the notation uses ("U=w,U'=W,...")
 *   separator   the text between moves: "space" (one space; any run of blanks when reading),
 *               "none", "comma", or any other string of printable characters
 *
 * Both directions use the same dialect: cg_dialect_format writes an answer, cg_dialect_parse
 * reads one back (the server accepting answers, replay re-checking them). A sequence of the
 * notation's moves formats and parses back to itself; a sequence with moves outside the
 * notation is first expanded (cg_dialect_expand: R2 -> R R in quarter notation).
 *
 * Moves are cg_move (face * 3 + quarter turns - 1, faces U D F B L R), shared by the 2x2 and the
 * 3x3 face turns, so every dialect serves both sizes. */
#ifndef CUBEGOD_NOTATION_H
#define CUBEGOD_NOTATION_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"

#define CG_MOVE_NAME_MAX 15 /* longest name of one move in a move map, in bytes */
#define CG_SEPARATOR_MAX 15 /* longest separator, in bytes */

typedef enum cg_notation {
    CG_NOTATION_STANDARD,
    CG_NOTATION_DIGITS,
    CG_NOTATION_QUARTER,
    CG_NOTATION_QUARTER_CW,
} cg_notation;

/* "standard", "digits", "quarter", "quarter-cw" -> notation; -1 for anything else. */
CG_API int cg_notation_parse(const char *text);
CG_API const char *cg_notation_name(cg_notation n);
/* True when the notation writes move m as itself (not expanded into quarter turns). */
CG_API bool cg_notation_uses(cg_notation n, cg_move m);

/* How moves are counted against a move limit. */
typedef enum cg_metric {
    CG_METRIC_HTM, /* half-turn metric: every move counts 1 */
    CG_METRIC_QTM, /* quarter-turn metric: a half turn counts 2 */
} cg_metric;

/* "htm", "qtm" -> metric; -1 for anything else. */
CG_API int cg_metric_parse(const char *text);
CG_API const char *cg_metric_name(cg_metric m);
/* The length of a sequence in a metric. */
CG_API size_t cg_moves_count(const cg_move *moves, size_t n, cg_metric metric);

/* ---- move maps ---- */

typedef struct cg_move_map {
    uint32_t named; /* bit m set when move m has a name */
    char name[CG_MOVES][CG_MOVE_NAME_MAX + 1];
} cg_move_map;

/* Parses "MOVE=NAME" entries separated by commas or line ends: the inline form "U=w,U'=W" and a
 * file's text (one entry a line, '#' starts a comment line, blank lines skipped) alike. MOVE is
 * one of the 18 in standard or digits notation (U U2 U' or U1 U2 U3); NAME is 1 to
 * CG_MOVE_NAME_MAX printable characters without blanks or commas. Blanks around either side are
 * ignored. A map must be a bijection on what it names: a move named twice or two moves with one
 * name is CG_ERR_INPUT, as is an unknown move or a malformed entry; the message gives the line
 * and column. An empty map (no entries) is also an error. */
CG_API cg_status cg_move_map_parse(const char *text, size_t len, cg_move_map *map, cg_error *err);

/* ---- dialects ---- */

typedef struct cg_dialect {
    cg_notation notation;
    bool mapped;                  /* names come from a move map */
    bool blank_separator;         /* "space": one space written, any run of blanks read */
    char separator[CG_SEPARATOR_MAX + 1];
    char name[CG_MOVES][CG_MOVE_NAME_MAX + 1]; /* "" for moves the notation does not use */
} cg_dialect;

/* Today's dialect: standard notation, a space between moves (what cg_moves_format writes). */
CG_API cg_dialect cg_dialect_default(void);

/* Builds a dialect. map may be NULL (the notation's own names); it must then name exactly the
 * moves the notation uses. separator may be NULL ("space"); "space", "none" and "comma" are
 * names, any other text is the separator itself (printable, at most CG_SEPARATOR_MAX bytes, and
 * no move name may contain it). With no separator the names must read back one way only: a text
 * two sequences could make (map names "a", "b", "ab") is refused with that text as the example.
 * Errors: CG_ERR_INPUT with a message saying what to change. */
CG_API cg_status cg_dialect_make(cg_dialect *d, cg_notation notation, const cg_move_map *map,
                                 const char *separator, cg_error *err);

/* Rewrites moves into the notation's moves (R2 -> R R in quarter, R' -> R R R in quarter-cw).
 * Writes at most max moves to out and returns how many the full expansion has. */
CG_API size_t cg_dialect_expand(const cg_dialect *d, const cg_move *moves, size_t n, cg_move *out,
                                size_t max);

/* Writes the moves (expanded as above) in the dialect, NUL-terminated. Returns the length the
 * full text needs (like snprintf); the text is complete when that is below size. */
CG_API size_t cg_dialect_format(const cg_dialect *d, const cg_move *moves, size_t n, char *buf,
                                size_t size);

/* Reads an answer written in the dialect: text of len bytes (blanks around it are ignored; an
 * empty or blank text is no moves). Each token becomes one move, as written (R R stays two
 * moves). Stores at most max moves and the count in *n.
 * CG_ERR_INPUT names the offending token (or, with no separator, the place no name fits) and its
 * column; CG_ERR_LIMIT when there are more than max moves. */
CG_API cg_status cg_dialect_parse(const cg_dialect *d, const char *text, size_t len, cg_move *out,
                                  size_t max, size_t *n, cg_error *err);

/* A solution written as an answer: the moves in the dialect, refused with CG_ERR_TOO_LONG when
 * the notation's moves counted in metric are more than max_moves (R2 is two moves in quarter
 * notation), with CG_ERR_LIMIT when the text does not fit in size bytes. */
CG_API cg_status cg_dialect_answer(const cg_dialect *d, cg_metric metric, int max_moves,
                                   const cg_move *moves, size_t n, char *buf, size_t size,
                                   cg_error *err);

/* A one-line description for messages and logs: "quarter, map, separator ','". */
CG_API void cg_dialect_describe(const cg_dialect *d, char *buf, size_t size);

#endif
