/* Internal: the colour counts both sizes' reconstructions check first. */
#ifndef CUBEGOD_PUZZLE_COLOURS_H
#define CUBEGOD_PUZZLE_COLOURS_H

#include <stdbool.h>
#include <stdint.h>

#include "cubegod/puzzle.h"

/* At most six colours, and none on more stickers than a face has (four on a 2x2, nine on a
 * 3x3): CG_ERR_INPUT naming the colours or the colour seen too often. */
cg_status cgi_puzzle_check_colours(const cg_puzzle *p, cg_error *err);

/* Which of the six common colours a token shows: 0..5 for white yellow green blue orange red (the
 * homes of U D F B L R with white up and green in front), -1 for none. A letter W Y G B O R, the
 * word, or an ANSI colour (ansi41, c5_208, rgb255_0_0) near one of them (colours.c). Face
 * letters and digits are not colours here. */
int cgi_common_colour(const char *tok);
/* The RGB an ANSI token stands for (ansi41, ansi101, c5_196, rgb255_0_0); false for others. */
bool cgi_token_rgb(const char *t, uint8_t out[3]);
/* Two words equal in any case (ASCII). */
bool cgi_same_word(const char *a, const char *b);

#endif
