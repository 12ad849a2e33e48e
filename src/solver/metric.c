/* The quarter-turn table beside the half-turn one: the same layout, search and walk over fewer
 * moves. Everything that differs between the two lives here. */
#include <stdio.h>

#include "solver/table.h"

int cgi_metric_views(cg_metric m, uint8_t views[CG_VIEW_MOVES])
{
    int n = 0;
    for (int v = 0; v < CG_VIEW_MOVES; v++)
        if (m == CG_METRIC_HTM || v % 3 != 1) /* view moves are U U2 U' F ...: v % 3 == 1 is X2 */
            views[n++] = (uint8_t)v;
    return n;
}
