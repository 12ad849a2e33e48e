/* cubegod: a picture of a cube (`cubegod draw`, `solve --explain-input`, `replay --html`).
 *
 * Any cg_puzzle (puzzle.h, shapes.h), either size, is drawn as its unfolded net: U above F, the
 * row L F R B, D below F. Hidden stickers (CG_UNKNOWN) are drawn as such: "? " in the terminal,
 * grey with a '?' in the images. Colours come from the tokens when they name one (W Y G B O R,
 * the face letters U D F B L R, white yellow green blue orange red, 0-5 as serve --colours digits,
 * the ANSI tokens of shapes.h such as "ansi41", "c5_196", "rgb255_0_0"); any other token takes
 * the colour of the face whose centre shows it (a 3x3) or whose home it is by cg_reconstruct (a
 * 2x2), else one of a few further colours. Distinct tokens always get distinct colours, so the
 * ANSI picture reads back (cubegod solve) as the same cube.
 *
 * Writers in the style of snprintf: at most `size` bytes go to buf, *needed is the whole
 * length (text formats: without the terminating NUL, written when it fits); call with size 0
 * to learn the length. Nothing is allocated. */
#ifndef CUBEGOD_DRAW_H
#define CUBEGOD_DRAW_H

#include "cubegod/export.h"

#include <stddef.h>

#include "cubegod/error.h"
#include "cubegod/puzzle.h"

typedef enum cg_draw_format {
    CG_DRAW_ANSI, /* text: the net in 24-bit ANSI background colours, two columns a sticker */
    CG_DRAW_SVG,  /* text: an SVG image, one <rect class="sticker"> a sticker (class "hidden"
                     for a hidden one) with the token as its <title> */
    CG_DRAW_PNG,  /* bytes: an RGB PNG image (stored deflate blocks, no compression) */
} cg_draw_format;

/* "ansi" "svg" "png". */
CG_API const char *cg_draw_format_name(cg_draw_format f);
/* CG_ERR_INPUT: not one of the names above. */
CG_API cg_status cg_draw_format_parse(const char *name, cg_draw_format *out, cg_error *err);

/* Draws p in format f. CG_ERR_INPUT: a puzzle whose size is not 2 or 3, or an unknown format. */
CG_API cg_status cg_puzzle_draw(const cg_puzzle *p, cg_draw_format f, char *buf, size_t size,
                                size_t *needed, cg_error *err);

/* For bindings (strings in, bytes out): reads the first cube of text[0, len) in any shape of
 * shapes.h (a string in `order`, NULL: UDFBLR) and draws it in the format named (as
 * cg_draw_format_parse). CG_ERR_INPUT: no cube in the text (the message says why), a bad order
 * or format name. */
CG_API cg_status cg_draw_text(const char *text, size_t len, const char *order, const char *format,
                              char *buf, size_t size, size_t *needed, cg_error *err);

#endif
