/* cubegod: what the server shows, and the cube it comes from.
 *
 * A cg_puzzle is the raw observation: some faces of a 2x2 or a 3x3 cube, each sticker a colour
 * token (any text without white space: "U", "W", "red") or unknown. Sticker index: face * n * n
 * + row * n + col (n the size, faces U D F B L R, each laid out as cube.h and cube3.h say), so a
 * 2x2's stickers are those of cg_stickers and a 3x3's those of the 54 facelets of cube3.h.
 * Two readers produce it, and tell the sizes apart by what they read:
 *
 *   - the box reader, fed one line at a time with the server's text ("Face U:" and its box: two
 *     tokens a row for a 2x2, three for a 3x3; anything else is ignored and ends a run of boxes),
 *   - the compact reader, 24 or 54 characters in the order of docs/protocol.md (or another face
 *     order) with '?' for unknown.
 *
 * cg_reconstruct (2x2) and cg_reconstruct3 (3x3) turn a puzzle into the cube it shows, or say
 * exactly why they cannot: too many colours, a colour too often, a piece whose colours belong to
 * no piece, the same piece twice, a twisted corner or flipped edge, parity, several cubes
 * fitting the view. They never guess unless asked to (cg_reconstruct3_options.pick). */
#ifndef CUBEGOD_PUZZLE_H
#define CUBEGOD_PUZZLE_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube.h"
#include "cubegod/cube3.h"
#include "cubegod/error.h"

#define CG_TOKEN_MAX 31 /* longest colour token, in bytes */
#define CG_UNKNOWN (-1) /* a sticker nobody showed */
#define CG_PUZZLE_STICKERS_MAX 54 /* a 3x3's stickers */

typedef struct cg_puzzle {
    uint8_t size;                           /* 2 or 3 (cg_puzzle_clear: 2) */
    uint8_t faces_shown;                    /* bit f set when face f was given (box reader) */
    int8_t sticker[CG_PUZZLE_STICKERS_MAX]; /* index into colour[], or CG_UNKNOWN */
    int ncolours;                           /* distinct tokens seen, up to the sticker count */
    char colour[CG_PUZZLE_STICKERS_MAX][CG_TOKEN_MAX + 1];
} cg_puzzle;

/* An empty 2x2 puzzle (size 2, nothing known). */
CG_API void cg_puzzle_clear(cg_puzzle *p);
/* An empty puzzle of size 2 or 3 (any other size is taken as 2). */
CG_API void cg_puzzle_clear_size(cg_puzzle *p, int size);
/* Stickers of a puzzle: 24 or 54. */
CG_API int cg_puzzle_stickers(const cg_puzzle *p);
/* Sets one sticker (0..cg_puzzle_stickers(p)-1) to a token (the colour index is found or added).
 * CG_ERR_INPUT: a sticker out of range, an empty, too long or control-byte token. */
CG_API cg_status cg_puzzle_set(cg_puzzle *p, int sticker, const char *token, size_t len, cg_error *err);
/* Number of faces whose stickers are all known. */
CG_API int cg_puzzle_faces_known(const cg_puzzle *p);

/* Compact form: 24 (a 2x2) or 54 (a 3x3) stickers, surrounding white space ignored, '?'
 * unknown, faces in the order U D F B L R, each row-major. The same reader as
 * cg_puzzle_from_string (shapes.h), so blanks may stand between single stickers or between
 * groups of equal length ("WWGWWGWWG RRRRRRRRR ..."). */
CG_API cg_status cg_puzzle_from_compact(const char *text, size_t len, cg_puzzle *p, cg_error *err);
/* The same with the faces in another order: `order` is the six face letters in the order the
 * line gives them ("URFDLB" reads Kociemba's facelet strings); NULL means "UDFBLR". Each face is
 * still row-major as docs/protocol.md shows it. A thin wrapper of cg_puzzle_from_string that
 * refuses the order "net". CG_ERR_INPUT: a bad order (not the six letters, each once) or a bad
 * line (the count of stickers, a control byte, its column). */
CG_API cg_status cg_puzzle_from_line(const char *text, size_t len, const char *order, cg_puzzle *p,
                                     cg_error *err);
/* CG_OK when order is six distinct face letters; CG_ERR_INPUT saying what is wrong otherwise. */
CG_API cg_status cg_face_order_check(const char *order, cg_error *err);

/* Prints a puzzle the way the server does: for each shown face, "Face X:" and its box, lines ending
 * in '\n'. Returns the length needed (like snprintf). */
CG_API size_t cg_puzzle_format_boxes(const cg_puzzle *p, char *buf, size_t size);

/* ---- the box reader ---- */

typedef enum cg_box_event {
    CG_BOX_IGNORED,  /* the line is not part of a puzzle */
    CG_BOX_CONSUMED, /* the line belongs to a face box */
    CG_BOX_PUZZLE,   /* a run of boxes ended just before this line (which is not part of it):
                        the puzzle is cg_box_reader_puzzle(reader) */
} cg_box_event;

/* The reader's state, behind a handle (its layout is private to the library). */
typedef struct cg_box_reader cg_box_reader;

/* A new reader, ready for a first line; free it with cg_box_reader_free. CG_ERR_NOMEM; *out is
 * NULL on failure. */
CG_API cg_status cg_box_reader_new(cg_box_reader **out, cg_error *err);
/* Frees a reader (NULL is fine). */
CG_API void cg_box_reader_free(cg_box_reader *r);
/* Starts r afresh: no run of boxes, nothing pending. */
CG_API void cg_box_reader_init(cg_box_reader *r);
/* The run of boxes being read, or the one just completed (after CG_BOX_PUZZLE, or
 * cg_box_reader_finish with *have_puzzle true): valid until the next call on r. */
CG_API const cg_puzzle *cg_box_reader_puzzle(const cg_box_reader *r);
/* Feeds one line without its line ending (a trailing '\r' is ignored). The first row of a run's
 * first box sets the run's size (two tokens: a 2x2, three: a 3x3). On CG_ERR_INPUT (a box broken
 * off or malformed, a face given twice in one run, a box of the other size in the run) the run
 * is dropped and the reader is ready for the next one. */
CG_API cg_status cg_box_reader_feed(cg_box_reader *r, const char *line, size_t len, cg_box_event *ev,
                             cg_error *err);
/* End of input: true when a complete run of boxes was pending (now cg_box_reader_puzzle(r)). A box broken
 * off by the end of input is an error. */
CG_API cg_status cg_box_reader_finish(cg_box_reader *r, bool *have_puzzle, cg_error *err);

/* ---- colour schemes ---- */

/* Which token each home face shows. */
typedef struct cg_scheme {
    char face[CG_FACES][CG_TOKEN_MAX + 1];
} cg_scheme;

/* The scheme of the known server: each face shows its own letter. */
CG_API cg_scheme cg_scheme_letters(void);
/* "U=W,D=Y,F=G,B=B,L=O,R=R": all six faces, each once, six distinct tokens. */
CG_API cg_status cg_scheme_parse(const char *text, cg_scheme *s, cg_error *err);

/* ---- reconstruction ---- */

typedef struct cg_reading {
    cg_cube cube;      /* the state, in the frame of `scheme` */
    bool scheme_known; /* the scheme was given or the colours are the face letters */
    cg_scheme scheme;  /* given, or deduced up to a whole-cube rotation ("?" for a colour only
                          the hidden stickers show) */
} cg_reading;


/* scheme: the colours' home faces, or NULL to use the face letters when every token is one and to
 * deduce the scheme (up to rotation) otherwise.
 * Errors: CG_ERR_INPUT (message says what is wrong and where; a 3x3 puzzle is refused, see
 * cg_reconstruct3), CG_ERR_AMBIGUOUS. */
CG_API cg_status cg_reconstruct(const cg_puzzle *p, const cg_scheme *scheme, cg_reading *out,
                         cg_error *err);

/* A 2x2 in the six common colours (W Y G B O R, the words, or ANSI colours near them) in their
 * common opposite pairs: true, and in out the scheme of the common orientation, white up and
 * green in front (red right, or left for a cube coloured in mirror); false otherwise, or when
 * the stickers fit no cube in that scheme. What CG_TARGET_AUTO brings such a cube to. */
CG_API bool cg_puzzle_common_scheme(const cg_puzzle *p, cg_scheme *out);

/* ---- reconstruction of a 3x3 ---- */

#define CG3_FITS_CAP_DEFAULT 1000

typedef struct cg_reconstruct3_options {
    bool pick;         /* several cubes fit: return the first one found (out->fits says how many)
                          instead of failing with CG_ERR_AMBIGUOUS */
    unsigned long cap; /* stop counting fitting cubes at this many (0: CG3_FITS_CAP_DEFAULT) */
} cg_reconstruct3_options;

typedef struct cg_reading3 {
    cg3_cube cube;       /* the cube, in the frame its centres give (centres home) */
    cg_scheme scheme;    /* each face's colour, read from its centre; a hidden centre gets the
                            one colour no visible centre shows ("?" when no sticker shows it) */
    unsigned long fits;  /* cubes that fit what is shown: 1 when the view determines the cube */
    bool fits_at_least;  /* the count stopped at the cap: at least `fits` cubes fit */
} cg_reading3;

/* The 3x3 that a size-3 puzzle shows. The centres fix each face's colour (any six distinct
 * tokens); the target is every face one colour. Hidden stickers ('?' or faces not shown) are
 * filled by a search over the pieces with the twist, flip and parity constraints, counting the
 * cubes that fit up to the cap. opt may be NULL (defaults: fail when ambiguous).
 * Errors:
 *   CG_ERR_INPUT      the message says what is impossible and where: not a 3x3 puzzle, more than
 *                     six colours, a colour more than nine times, two centres alike, a colour on
 *                     no centre while two centres are hidden, an edge or corner whose colours no
 *                     piece has, the same piece twice, a flipped edge, a twisted corner, corner
 *                     and edge parity disagreeing;
 *   CG_ERR_AMBIGUOUS  several cubes fit and opt->pick is false: the message says how many ("at
 *                     least N" at the cap); out->fits holds the count.
 * On CG_OK, out->cube passes cg3_cube_check and shows every known sticker. */
CG_API cg_status cg_reconstruct3(const cg_puzzle *p, const cg_reconstruct3_options *opt,
                                 cg_reading3 *out, cg_error *err);

#endif
