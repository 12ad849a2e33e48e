/* cubegod: optimal solutions in the half-turn metric.
 *
 * The solver keeps one table: the distance to home, modulo 3, of each of the 88,179,840
 * positions of the fixed frame, two bits each (22 MB). A position is stored as (r, rho): the cube
 * turned so that its DBL corner is home (r, one of 3,674,160) and the whole-cube rotation that
 * turns it back (rho, one of 24). Moves keep r's block of 24 rotations together, which is what
 * makes the table quick to build; the residues are enough to walk down to home one move at a time,
 * so a solve is at most 11 steps of at most 18 look-ups.
 *
 * Target `any` (every face one colour, any orientation) is the home target of r: turning the
 * cube as a whole changes nothing, and r's optimal home solution read through rho is an optimal
 * solution of the original.
 *
 * The table is built in about a second and cached in a file (CUBEGOD_CACHE, else
 * $XDG_CACHE_HOME/cubegod/pocket.tbl, else ~/.cache/cubegod/pocket.tbl). A cache with the wrong
 * size, header or checksum is rebuilt, never trusted. */
#ifndef CUBEGOD_SOLVER_H
#define CUBEGOD_SOLVER_H

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"
#include "cubegod/puzzle.h"

typedef enum cg_target {
    CG_TARGET_AUTO, /* home when the colour scheme is known, any otherwise */
    CG_TARGET_HOME, /* exactly back to the start position */
    CG_TARGET_ANY,  /* every face one colour, in whatever orientation */
} cg_target;

/* "auto", "home", "any" -> target; -1 for anything else. */
int cg_target_parse(const char *text);
const char *cg_target_name(cg_target t);

typedef struct cg_tables cg_tables;

typedef struct cg_tables_options {
    const char *cache_path; /* NULL: the default above; "" : no cache file at all */
    bool quiet;             /* no notice on stderr when building or when the cache can't be saved */
    bool rebuild;           /* build even when a valid cache exists (and replace it) */
} cg_tables_options;

typedef struct cg_tables_info {
    double ready_ms;      /* time cg_tables_open took */
    bool from_cache;      /* loaded from a valid cache file */
    bool rebuilt;         /* a cache file existed but was invalid, and was replaced */
    bool saved;           /* a freshly built table was written to the cache */
    char cache_path[512]; /* the cache file used, or "" */
    /* When built (not loaded): positions at each distance 0..11 from home, as the search found
     * them; all zero otherwise. */
    unsigned long long positions_at[CG_MAX_SOLUTION + 1];
} cg_tables_info;

/* Loads the table from the cache, or builds it (and saves it when it can). opt and info may be
 * NULL. Fails only with CG_ERR_NOMEM; a cache that can't be read or written is a notice, not an
 * error. */
cg_status cg_tables_open(cg_tables **out, const cg_tables_options *opt, cg_tables_info *info,
                         cg_error *err);
void cg_tables_close(cg_tables *t);

/* Exact number of moves from c to home (0..11). c must be valid. */
int cg_distance_home(const cg_tables *t, const cg_cube *c);
/* Exact number of moves from c to any solved orientation (0..11). */
int cg_distance_any(const cg_tables *t, const cg_cube *c);

/* An optimal solution of c for target (CG_TARGET_AUTO counts as home here): out receives *n moves
 * (at most CG_MAX_SOLUTION). CG_ERR_TOO_LONG when the optimum is longer than max_moves (the
 * message gives the optimum); CG_ERR_INPUT when c is not a valid cube. */
cg_status cg_solve_cube(const cg_tables *t, const cg_cube *c, cg_target target, int max_moves,
                        cg_move out[CG_MAX_SOLUTION], int *n, cg_error *err);

typedef struct cg_solve_options {
    cg_target target;        /* default CG_TARGET_AUTO */
    int max_moves;           /* default CG_MAX_SOLUTION */
    const cg_scheme *scheme; /* NULL: see cg_reconstruct */
} cg_solve_options;

cg_solve_options cg_solve_defaults(void);

/* Reconstruction and solve in one call: the whole of a round's work. CG_ERR_INPUT also when the
 * target is home but the colour scheme is unknown. */
cg_status cg_solve_puzzle(const cg_tables *t, const cg_puzzle *p, const cg_solve_options *opt,
                          cg_move out[CG_MAX_SOLUTION], int *n, cg_error *err);

#endif
