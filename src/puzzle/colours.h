/* Internal: the colour counts both sizes' reconstructions check first. */
#ifndef CUBEGOD_PUZZLE_COLOURS_H
#define CUBEGOD_PUZZLE_COLOURS_H

#include "cubegod/puzzle.h"

/* At most six colours, and none on more stickers than a face has (four on a 2x2, nine on a
 * 3x3): CG_ERR_INPUT naming the colours or the colour seen too often. */
cg_status cgi_puzzle_check_colours(const cg_puzzle *p, cg_error *err);

#endif
