/* Internal: the optimal solver's table configurations (src/solver3/optimal.c).
 *
 * cg3_optimal_open opens the full configuration; the tests open the small one, which builds in
 * seconds. Both are admissible, so both give the same (optimal) solution lengths; the full one
 * prunes far more and so searches deep cubes much faster. */
#ifndef CUBEGOD_SOLVER3_OPTIMAL_H
#define CUBEGOD_SOLVER3_OPTIMAL_H

#include "cubegod/solver3.h"
#include "solver3/pdb.h"

typedef enum cgi_optimal_config {
    CGI_OPTIMAL_SMALL, /* corners + one 6-edge database seen from 3 views (65 MB) */
    CGI_OPTIMAL_FULL,  /* corners + one 7-edge database seen from 4 views (300 MB) */
} cgi_optimal_config;

/* As cg3_optimal_open, with the configuration chosen. */
cg_status cgi_optimal_open_config(cg3_optimal **out, cgi_optimal_config config,
                                  const cg3_tables_options *opt, cg3_tables_info *info,
                                  cg_error *err);

/* The tables of an open solver, for the tests' admissibility checks: the corner database, the
 * edge database and its piece set, and the edge databases' view count. */
const uint8_t *cgi_optimal_corner_table(const cg3_optimal *s);
const uint8_t *cgi_optimal_edge_table(const cg3_optimal *s, pdb_edge_set *set);
/* The heuristic the search uses for c: the largest of its lookups. */
int cgi_optimal_heuristic(const cg3_optimal *s, const cg3_cube *c);

#endif
