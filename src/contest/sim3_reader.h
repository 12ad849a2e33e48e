/* The layout behind the cg_sim3_reader handle of sim3.h. Private to cubegod: code inside the
 * project may keep a reader on its stack (cg_sim3_init starts it); programs outside get one from
 * cg_sim3_new. */
#ifndef CUBEGOD_CONTEST_SIM3_READER_H
#define CUBEGOD_CONTEST_SIM3_READER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/sim3.h"

struct cg_sim3_reader {
    FILE *in;
    uint64_t line;                 /* lines read so far */
    bool finished;                 /* ENDOFINPUT has been read */
    cg3_perm turn[6][2];           /* faces U D F B L R; [0] "right", [1] "left" */
};

#endif
