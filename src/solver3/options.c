/* The solve options both 3x3 solvers start from. */
#include "cubegod/solver3.h"

cg3_solve_options cg3_solve_defaults(void)
{
    cg3_solve_options o = {.max_moves = CG3_GODS_NUMBER, .time_limit_ms = 0, .max_nodes = 0,
                            .metric = CG_METRIC_HTM, .threads = 1};
    return o;
}
