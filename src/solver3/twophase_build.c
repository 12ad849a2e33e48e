/* Building the two-phase tables: the coordinates' move and pair tables (twophase_coord.c), then
 * the symmetry-reduced phase-1 and phase-2 tables and the near table (twophase_sym.c), which
 * read the move tables. Above both files, so that neither calls the other's builders. */
#include "solver3/twophase.h"

cg_status cgi_tp_tables_build(uint8_t *p, const cg3_tables *model, tp_build_stats *stats,
                              int threads, const cgi_progress *pr, cg_error *err)
{
    cgi_progress_say(pr, "3x3 move tables", 0);
    cgi_tp_coord_build(p, model);
    cgi_progress_say(pr, "3x3 move tables", 1);
    if (cgi_progress_cancelled(pr)) /* each step looks: a stop ends the build within a second */
        return cg_fail(err, CG_ERR_SYSTEM, "the 3x3 table build was stopped");
    cg_status st = cgi_tp_sym_build(p, model, stats, threads, pr, err);
    if (st == CG_OK)
        st = cgi_tp_sym_build2(p, model, stats, threads, pr, err);
    if (st == CG_OK && cgi_progress_cancelled(pr))
        st = cg_fail(err, CG_ERR_SYSTEM, "the 3x3 table build was stopped");
    return st == CG_OK ? cgi_tp_near_build(p, model, pr, err) : st;
}
