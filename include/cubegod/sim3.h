/* cubegod: the contest's Rubik's cube simulator (seed documents 000 and 001).
 *
 * Input: data sets of a line START, nine lines of the unfolded cube (three of the top face, three
 * of left front right back side by side, three of the bottom face; the layout of cube3.h), any
 * number of operations such as "front left" or "bottom right", one per line, and a line END; after
 * the last data set a line ENDOFINPUT. A face word (front back left right top bottom) names the
 * face, "right" turns it a quarter clockwise as seen looking at that face, "left" counter-
 * clockwise. Each data set answers whether every face ends in one colour.
 *
 * Tolerated: any spaces, tabs and no-break spaces (UTF-8 C2 A0, as on the problem's web page)
 * before, between and after the items of a line, carriage returns, blank lines outside the nets,
 * any single byte other than white space as a colour, and a data set without operations (it
 * answers for the net as given). Refused with CG_ERR_INPUT and a
 * message that starts "line N: ": a net line with the wrong number of colours or an item longer
 * than one character, a net that does not show six colours nine times each, an unknown operation,
 * a missing END or ENDOFINPUT, anything but blank lines after ENDOFINPUT.
 *
 * The reader streams: it keeps no line, only the first few items of the current one, so memory
 * is constant whatever the input; each operation is applied as it is read. */
#ifndef CUBEGOD_SIM3_H
#define CUBEGOD_SIM3_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/cube3.h"
#include "cubegod/error.h"

/* A reader's state, behind a handle (its layout is private to the library). */
typedef struct cg_sim3_reader cg_sim3_reader;

typedef struct cg_sim3_result {
    uint8_t facelets[CG3_FACELETS]; /* the colours after the operations (cube3.h order) */
    bool solved;
    uint64_t start_line;            /* the data set's START line */
    uint64_t operations;
} cg_sim3_result;

/* A new reader of in (not closed by the reader), freed with cg_sim3_free (NULL is fine).
 * CG_ERR_NOMEM; *out is NULL on failure. */
CG_API cg_status cg_sim3_new(cg_sim3_reader **out, FILE *in, cg_error *err);
CG_API void cg_sim3_free(cg_sim3_reader *r);
/* Starts r afresh on in (not closed by the reader). */
CG_API void cg_sim3_init(cg_sim3_reader *r, FILE *in);
/* Lines read so far (the line of the data set just returned ends at or before it). */
CG_API uint64_t cg_sim3_line(const cg_sim3_reader *r);

/* Reads the next data set into *res. Sets *done and reads nothing more once ENDOFINPUT (and
 * only blank lines after it) has been read. CG_ERR_INPUT as above; CG_ERR_SYSTEM when reading
 * fails. */
CG_API cg_status cg_sim3_next(cg_sim3_reader *r, cg_sim3_result *res, bool *done, cg_error *err);

#endif
