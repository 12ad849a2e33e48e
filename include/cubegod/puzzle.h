/* cubegod: what the server shows, and the cube it comes from.
 *
 * A cg_puzzle is the raw observation: some faces of a 2x2 cube, each sticker a colour token (any
 * text without white space: "U", "W", "red") or unknown. Two readers produce it:
 *
 *   - the box reader, fed one line at a time with the server's text ("Face U:" and the four lines
 *     of its box; anything else is ignored and ends a run of boxes),
 *   - the compact reader, 24 characters in the order of docs/protocol.md with '?' for unknown.
 *
 * cg_reconstruct turns a puzzle into the unique cube it shows, or says exactly why it cannot:
 * too many colours, a colour more than four times, a corner whose colours belong to no corner,
 * the same corner twice, a twisted corner, several cubes fitting the view. It never guesses. */
#ifndef CUBEGOD_PUZZLE_H
#define CUBEGOD_PUZZLE_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"

#define CG_TOKEN_MAX 31 /* longest colour token, in bytes */
#define CG_UNKNOWN (-1) /* a sticker nobody showed */

typedef struct cg_puzzle {
    uint8_t faces_shown;         /* bit f set when face f was given (box reader) */
    int8_t sticker[CG_STICKERS]; /* index into colour[], or CG_UNKNOWN */
    int ncolours;                /* distinct tokens seen, up to 24 */
    char colour[CG_STICKERS][CG_TOKEN_MAX + 1];
} cg_puzzle;

CG_API void cg_puzzle_clear(cg_puzzle *p);
/* Sets one sticker (0..CG_STICKERS-1) to a token (the colour index is found or added).
 * CG_ERR_INPUT: a sticker out of range, an empty, too long or control-byte token. */
CG_API cg_status cg_puzzle_set(cg_puzzle *p, int sticker, const char *token, size_t len, cg_error *err);
/* Number of faces whose four stickers are all known. */
CG_API int cg_puzzle_faces_known(const cg_puzzle *p);

/* Compact form: 24 non-blank characters, surrounding white space ignored, '?' unknown. */
CG_API cg_status cg_puzzle_from_compact(const char *text, size_t len, cg_puzzle *p, cg_error *err);

/* Prints a puzzle the way the server does: for each shown face, "Face X:" and its box, lines ending
 * in '\n'. Returns the length needed (like snprintf). */
CG_API size_t cg_puzzle_format_boxes(const cg_puzzle *p, char *buf, size_t size);

/* ---- the box reader ---- */

typedef enum cg_box_event {
    CG_BOX_IGNORED,  /* the line is not part of a puzzle */
    CG_BOX_CONSUMED, /* the line belongs to a face box */
    CG_BOX_PUZZLE,   /* a run of boxes ended just before this line (which is not part of it):
                        the puzzle is in reader->puzzle */
} cg_box_event;

typedef struct cg_box_reader {
    cg_puzzle puzzle; /* the run of boxes being read, or the one just completed */
    int face;         /* face of the open box, or -1 */
    int line;         /* lines of the open box read so far (0..4) */
    int boxes;        /* boxes in the current run */
} cg_box_reader;

CG_API void cg_box_reader_init(cg_box_reader *r);
/* Feeds one line without its line ending (a trailing '\r' is ignored). On CG_ERR_INPUT (a box
 * broken off or malformed, a face given twice in one run) the run is dropped and the reader is
 * ready for the next one. */
CG_API cg_status cg_box_reader_feed(cg_box_reader *r, const char *line, size_t len, cg_box_event *ev,
                             cg_error *err);
/* End of input: true when a complete run of boxes was pending (now in r->puzzle). A box broken
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
 * Errors: CG_ERR_INPUT (message says what is wrong and where), CG_ERR_AMBIGUOUS. */
CG_API cg_status cg_reconstruct(const cg_puzzle *p, const cg_scheme *scheme, cg_reading *out,
                         cg_error *err);

#endif
