/* cubegod: every common way a challenge shows a cube, read into a cg_puzzle (puzzle.h).
 *
 * Shapes (docs/shapes.md has one example of each):
 *   boxes   "Face U:" then a '+-----+' box (the box reader of puzzle.h);
 *   faces   a label line naming the face ("Up face:", "front", "U:", "Face U:", "Left side:",
 *           any case, optional "face"/"side", optional ':') then n rows of n stickers (separated
 *           by blanks or '|', or n characters without separators); '+---+' rule lines are
 *           skipped. The stickers may also follow the label on its line ("U: W W W W W W W W W"),
 *           the label then ends in ':'. One letter alone on the line after a line ending in
 *           ':' (a typed move after a prompt) is no label. A block ends at its sixth face, or
 *           with five faces at a line that is no label (a blank line only when no blank line
 *           stood between its faces), or at cg_shape_reader_pause;
 *   net     the unfolded cross: n rows of U (indented: they stand over F), n rows of
 *           L F R B (4n stickers), n rows of D (indented); any separators, any indentation.
 *           It ends at its last D row (a net without D rows ends at the first line that is not
 *           one, or at pause);
 *   string  24 or 54 stickers on one line: single characters, or tokens separated by blanks
 *           (one token a sticker, or groups of equal length such as a face's "WWWWWWWWW"), faces
 *           in a given order: six face letters ("UDFBLR", Kociemba's "URFDLB") or "net" (U's
 *           rows, then each row across L F R B, then D's rows);
 *   ansi    ANSI SGR colours (ESC[4Xm, ESC[10Xm, ESC[48;5;Nm, ESC[48;2;R;G;Bm backgrounds, or
 *           the matching foregrounds on block characters such as U+2588), each coloured cell one
 *           sticker whose token names the colour ("ansi41", "ansi101", "c5_196", "rgb255_0_0";
 *           foregrounds "ansi31", "ansi91"), laid out as a net, labelled faces or a string.
 * '?' is an unknown sticker in every shape. Colours are any tokens: reconstruction (puzzle.h)
 * tells which colour is which face.
 *
 * The reader is fed whole lines and never needs a line after a cube's last one to hand it over
 * (except where said above: five faces, a net without D). Errors name the line and column. */
#ifndef CUBEGOD_SHAPES_H
#define CUBEGOD_SHAPES_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/error.h"
#include "cubegod/puzzle.h"

typedef enum cg_shape {
    CG_SHAPE_AUTO,   /* recognise each cube's shape */
    CG_SHAPE_BOXES,
    CG_SHAPE_FACES,
    CG_SHAPE_NET,
    CG_SHAPE_STRING,
    CG_SHAPE_ANSI,   /* forced: only ANSI-coloured cubes (net, faces or string) */
    CG_SHAPE_DICT,   /* a Python repr or JSON mapping of faces, or a list of six faces */
    CG_SHAPE_JSON,   /* written as JSON (serve --show json); read as CG_SHAPE_DICT */
    CG_SHAPE_LAYOUT, /* a drawing in a layout template (cg_shape_reader_layout) */
} cg_shape;

/* "auto" "boxes" "faces" "net" "string" "ansi" "dict" "json" "layout". */
CG_API const char *cg_shape_name(cg_shape s);
/* CG_ERR_INPUT: not one of the names above. */
CG_API cg_status cg_shape_parse(const char *name, cg_shape *out, cg_error *err);

/* The order of a string: six face letters each once, or "net". CG_ERR_INPUT otherwise. */
CG_API cg_status cg_string_order_check(const char *order, cg_error *err);
/* One string (shape "string", ANSI colours allowed) in `order` (NULL: the first common order
 * that gives a possible cube, UDFBLR kept when it does: see cg_shape_reader_init).
 * CG_ERR_INPUT: not 24 or 54 stickers (the message says how many and where), a bad token. */
CG_API cg_status cg_puzzle_from_string(const char *text, size_t len, const char *order,
                                       cg_puzzle *p, cg_error *err);

/* A string read in `order` (NULL: UDFBLR) that gives no possible cube: the first other common
 * order (UDFBLR URFDLB ULFRBD UFRBLD UDLRFB FRBLUD net) in which it does, into out; returns 1
 * then, 0 when none does. For the hint "read in the order X it is a cube: --order X". */
CG_API int cg_puzzle_order_hint(const cg_puzzle *p, const char *order, char *out, size_t cap);

/* What was recognised, for --explain-input. */
typedef struct cg_shape_info {
    cg_shape shape;    /* boxes, faces, net or string */
    bool ansi;         /* the colours were ANSI escapes */
    int size;          /* 2 or 3 */
    long first_line;   /* lines of the input (1-based, as fed) holding the cube */
    long last_line;
    char order[8];     /* the faces in the order given: "UDFBL" (boxes, faces), "net", or the
                          string's order */
    char across[8];    /* a net: its side faces from left to right ("LFRB", "BLFR", ...) */
    char note[192];    /* what the player should know ("a string read in the face order
                          URFDLB ..."), "" for nothing */
} cg_shape_info;

/* The reader's state, behind a handle (its layout is private to the library). */
typedef struct cg_shape_reader cg_shape_reader;

/* A new reader, as cg_shape_reader_init leaves it; free it with cg_shape_reader_free.
 * CG_ERR_INPUT as cg_shape_reader_init, CG_ERR_NOMEM; *out is NULL on failure. */
CG_API cg_status cg_shape_reader_new(cg_shape_reader **out, cg_shape mode, const char *order,
                                     cg_error *err);
/* Frees a reader (NULL is fine). */
CG_API void cg_shape_reader_free(cg_shape_reader *r);

/* Starts r afresh (drops what it holds). mode: which shapes to read (CG_SHAPE_AUTO: all);
 * order: a string's order, checked by cg_string_order_check; NULL: the first of the common
 * orders (UDFBLR URFDLB ULFRBD UFRBLD UDLRFB FRBLUD net) that gives a possible cube, UDFBLR when
 * none does; info's note says when it is not UDFBLR or several give different cubes. */
CG_API cg_status cg_shape_reader_init(cg_shape_reader *r, cg_shape mode, const char *order,
                                      cg_error *err);
/* A net's side faces, left to right: four letters, each of L F R B once ("BLFR": the row across
 * shows B, L, F, R), U and D drawn as usual (U's bottom row touching F, D's top row touching F).
 * "auto" or NULL (the default): L F R B when it gives a possible cube, otherwise the one other
 * turn of that order (F R B L, R B L F, B L F R) that does; none or several is an error that
 * names the orders tried and asks for this call (--across) or a layout. */
CG_API cg_status cg_shape_reader_across(cg_shape_reader *r, const char *across, cg_error *err);
/* ---- layouts ---- */

/* A layout template: the drawing of one cube with each sticker written as its facelet name in
 * Kociemba's numbering (U1 ... U9, R1 ... R9, F1, D1, L1, B1 ...; a 2x2 U1 ... U4 ...), each face
 * row-major as seen from outside. A token may hold several names with nothing between them
 * ("U1U2U3": a drawing that writes that row as three characters); every other token is literal
 * text the drawing must show in that place (labels, "|" and blanks are separators, rule lines
 * and lines without names are skipped). CG_ERR_INPUT, naming the line: a name given twice, names
 * missing or of both sizes, too many lines. Free with cg_layout_free; one reader at a time. */
typedef struct cg_layout cg_layout;
/* Reads the template in text; *out is NULL on failure (CG_ERR_INPUT as above, CG_ERR_NOMEM). */
CG_API cg_status cg_layout_new(const char *text, size_t len, cg_layout **out, cg_error *err);
/* Frees a template (NULL is fine). */
CG_API void cg_layout_free(cg_layout *l);
/* 2 or 3. */
CG_API int cg_layout_size(const cg_layout *l);
/* The reader reads only drawings in this layout from now on: lines whose tokens match the
 * template's first sticker line start a cube, each following line (blank and rule lines
 * skipped) must match the next; a drawing that stops matching after two lines is an error
 * naming the line. l must outlive the reader's use of it. */
CG_API cg_status cg_shape_reader_layout(cg_shape_reader *r, cg_layout *l, cg_error *err);

/* Feeds one line without its '\n' (a trailing '\r' is ignored). Lines that are no part of a cube
 * are ignored. On CG_ERR_INPUT the cube being read is dropped (the message names its shape, the
 * line and what was expected); puzzles may be ready all the same. */
CG_API cg_status cg_shape_reader_feed(cg_shape_reader *r, const char *line, size_t len,
                                      cg_error *err);
/* The writer paused (no further line waiting): a cube complete enough is handed over now (five
 * faces of boxes, labelled faces or labelled lists, a net with its L F R B rows but no D rows);
 * a mapping still open waits for its closing bracket. */
CG_API cg_status cg_shape_reader_pause(cg_shape_reader *r, cg_error *err);
/* End of input: hands over what pause would; a cube cut off is an error. */
CG_API cg_status cg_shape_reader_finish(cg_shape_reader *r, cg_error *err);
/* Takes the oldest ready puzzle (and what was recognised, info may be NULL); false when none.
 * Take after every feed, pause and finish: the reader holds the two newest (one line can end
 * two cubes), and a third ready before a take drops the oldest. */
CG_API bool cg_shape_reader_take(cg_shape_reader *r, cg_puzzle *p, cg_shape_info *info);
/* Whether a cube is being read: a run of boxes or labelled faces, a net past its first row across
 * L F R B (lines that may be a net's U rows are not counted: they are as likely text). */
CG_API bool cg_shape_reader_busy(const cg_shape_reader *r);
/* The first cube a reader of every shape finds in a whole text (lines split at '\n'), for a hint
 * when a reader of one shape found none: true with what was recognised in *info (its shape and
 * lines), false when no shape finds one (or no memory for the reader). A shape's error on a
 * line does not end the search. */
CG_API bool cg_shape_first(const char *text, size_t len, const char *order, cg_shape_info *info);

/* ---- writing (serve --show) ---- */

/* Colours used to write a puzzle whose tokens are face letters. */
typedef enum cg_colours {
    CG_COLOURS_LETTERS, /* U D F B L R */
    CG_COLOURS_WORDS,   /* white yellow green blue orange red */
    CG_COLOURS_DIGITS,  /* 0 .. 5 */
    CG_COLOURS_ANSI,    /* background escapes, each sticker two blank columns */
} cg_colours;

/* "letters" "words" "digits" "ansi". */
CG_API cg_status cg_colours_parse(const char *name, cg_colours *out, cg_error *err);
/* Writes p (tokens: face letters, or '?'/unknown for hidden stickers) in a shape (boxes, faces,
 * net, string in UDFBLR order; ansi writes a net in ANSI colours whatever `colours` says).
 * Hidden faces: left out (boxes, faces), '?' (net, string). Lines end in '\n'. Returns the
 * length needed (like snprintf). */
CG_API size_t cg_puzzle_format_shape(const cg_puzzle *p, cg_shape shape, cg_colours colours,
                                     char *buf, size_t size);

#endif
