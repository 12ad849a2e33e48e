/* A 3x3 round's work: rebuild the cube from what is shown, then solve it. */
#include <string.h>

#include "cubegod/solver3.h"

cg_status cg3_solve_puzzle(const cg3_twophase *s, const cg_puzzle *p,
                           const cg_reconstruct3_options *ro, const cg3_solve_options *so,
                           cg3_solution *out, cg_reading3 *rd, cg_error *err)
{
    cg_reading3 local;
    if (!rd)
        rd = &local;
    memset(out, 0, sizeof *out);
    cg_status st = cg_reconstruct3(p, ro, rd, err);
    if (st != CG_OK)
        return st;
    return cg3_twophase_solve(s, &rd->cube, so, out, err);
}
