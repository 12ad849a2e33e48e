/* cubegod: solving the 3x3 cube in the half-turn metric (the two-phase solver also in the
 * quarter-turn metric, cg3_solve_options.metric).
 *
 * Two solvers share this header, each with tables of its own:
 *
 *   two-phase   Kociemba's algorithm (src/solver3/twophase*.c): a solution of at most
 *               max_moves in well under a millisecond, improved until a time budget is spent.
 *   optimal     IDA* with large pruning tables (src/solver3/optimal*.c): the shortest solution,
 *               proven, for cubes whose optimum is not too deep for the time given.
 *
 * Tables are computed once and cached in files whose paths the caller gives (the command line
 * puts them beside the 2x2 table, in the same cache folder); a cache file is used only when its
 * size, header and checksum match and it is the user's own (src/util/tablefile.h), otherwise it
 * is rebuilt. What is built is said through the notice callback of solver.h, how far a build
 * has got through the progress callback; nothing is printed.
 *
 * Moves are cg_move (face * 3 + quarter turns - 1, cube.h): the 18 face turns. Cubes are
 * cg3_cube (cube3.h) and must pass cg3_cube_check; a cube that does not is CG_ERR_INPUT, and is
 * refused before the solver or its tables are touched.
 * A solver, once open, is read-only: any number of threads may solve with it at once. */
#ifndef CUBEGOD_SOLVER3_H
#define CUBEGOD_SOLVER3_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/cube.h"
#include "cubegod/cube3.h"
#include "cubegod/error.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"
#include "cubegod/solver.h"

/* God's number in the half-turn metric: every 3x3 cube has a solution of at most 20 moves. */
#define CG3_GODS_NUMBER 20
/* God's number in the quarter-turn metric (a half turn counts 2): 26 quarter turns. */
#define CG3_GODS_NUMBER_QTM 26
/* The longest solution any call returns. */
#define CG3_SOLUTION_MAX 31

typedef struct cg3_tables_options {
    const char *cache_path;     /* the cache file, any length; NULL or "": no cache file */
    cg_tables_notice_fn notice; /* NULL: say nothing */
    void *notice_ctx;
    bool rebuild;               /* build even when a valid cache exists (and replace it) */
    cg_tables_progress_fn progress; /* a build's progress (solver.h); NULL: none */
    void *progress_ctx;
    /* A flag a signal handler sets (NULL: none): once it is nonzero a two-phase build in
     * progress stops within a fraction of a second, CG_ERR_EOF "stopped by a signal" (nothing
     * is saved; the optimal solver's build does not read it). */
    const volatile sig_atomic_t *stop;
} cg3_tables_options;

typedef struct cg3_tables_info {
    double ready_ms;        /* time the open call took */
    bool from_cache;        /* loaded from a valid cache file */
    bool rebuilt;           /* a cache file existed but was invalid, and was replaced */
    bool saved;             /* a freshly built table was written to the cache */
    size_t bytes;           /* size of the tables in memory */
    const char *cache_path; /* the options' cache file, or NULL when none */
} cg3_tables_info;

typedef struct cg3_solve_options {
    int max_moves;                /* default CG3_GODS_NUMBER; 0..CG3_SOLUTION_MAX, counted in
                                     metric (set CG3_GODS_NUMBER_QTM for QTM yourself) */
    double time_limit_ms;         /* > 0: keep looking for shorter solutions until this much time
                                     has passed, then return the shortest found; two-phase: the
                                     limit bounds only this improvement, the first solution
                                     within max_moves is always searched for (only max_nodes
                                     stops that); 0 (default): return the first solution within
                                     max_moves (two-phase) or search until proven (optimal) */
    unsigned long long max_nodes; /* a cap on the search, so that no request runs away;
                                     0: the solver's default cap */
    cg_metric metric;             /* what max_moves and "shorter" count (default, 0:
                                     CG_METRIC_HTM); CG_METRIC_QTM: a half turn costs 2, and
                                     the two-phase search minimises quarter turns (the optimal
                                     solver refuses it) */
    int threads;                  /* two-phase: threads searching at once, 1 (the default; 0
                                     is 1) to CG3_THREADS_MAX; the six sides a cube is searched
                                     from are shared out among them, and max_nodes is their
                                     total. More than one: which of the solutions within
                                     max_moves comes first depends on the threads' timing. The
                                     quick solver of a background open and the optimal solver
                                     search on one thread. */
} cg3_solve_options;

/* The most threads one two-phase solve uses: one a side. */
#define CG3_THREADS_MAX 6

/* The options with every field at its documented default. */
CG_API cg3_solve_options cg3_solve_defaults(void);

typedef struct cg3_solution {
    cg_move moves[CG3_SOLUTION_MAX];
    int n;                    /* moves found (under QTM, fewer than the quarter turns they
                                 count: cg_moves_count) */
    bool optimal;             /* proven the shortest (the optimal solver, search completed) */
    int lower_bound;          /* no solution is shorter than this (optimal solver) */
    unsigned long long nodes; /* search nodes visited */
    double ms;                /* time the call took */
} cg3_solution;

/* ---- two-phase ---- */

typedef struct cg3_twophase cg3_twophase;

/* Loads the two-phase tables from the cache, or builds them (and saves them when it can).
 * opt and info may be NULL. Fails only with CG_ERR_NOMEM; a cache that can't be read or
 * written is a notice, not an error. */
CG_API cg_status cg3_twophase_open(cg3_twophase **out, const cg3_tables_options *opt,
                                   cg3_tables_info *info, cg_error *err);
CG_API void cg3_twophase_close(cg3_twophase *s);

/* As cg3_twophase_open, but returns at once: a thread of its own loads or builds the tables
 * (notices and progress come from that thread), and until they are ready cg3_twophase_solve
 * answers with a quick two-phase solver without symmetry reduction (12 MB of tables, which
 * that thread builds first, in about 0.2 s, whenever the big tables are to be built: no cache
 * file, or one refused (damaged, truncated, of another version or another table) or
 * opt->rebuild; a valid cache file is loaded instead, in milliseconds; a solve waits for one
 * or the other). It finds a solution of at most 20 moves in milliseconds; a solve it has not
 * finished when the tables are ready goes on with them, one beyond its node cap waits for
 * them. cg3_twophase_close stops a build in progress (nothing is saved) and returns at once:
 * the thread frees what it holds as it stops. Errors:
 * CG_ERR_NOMEM, CG_ERR_SYSTEM (no thread). */
CG_API cg_status cg3_twophase_open_background(cg3_twophase **out, const cg3_tables_options *opt,
                                              cg_error *err);

/* As cg3_twophase_open_background, but the big tables are neither loaded nor built, and
 * nothing is said, until cg3_twophase_start (or the first solve, or cg3_twophase_wait): for a
 * caller that may meet a 3x3 later, such as a game client before it connects. Only the quick
 * solver's tables are built at once, in the thread, and only when the cache file's size and
 * header already say that the big tables will need a build (no file, another size, version or
 * table; a checksum is not checked here): the first solve then finds them ready.
 * cg3_twophase_close before the start ends it with nothing loaded. Errors: as
 * cg3_twophase_open_background's. */
CG_API cg_status cg3_twophase_open_later(cg3_twophase **out, const cg3_tables_options *opt,
                                         cg_error *err);

/* Lets the thread of cg3_twophase_open_later load or build the big tables (any other solver:
 * nothing to do). */
CG_API void cg3_twophase_start(const cg3_twophase *s);

/* Whether s is a background solver whose tables are still being loaded or built (one from
 * cg3_twophase_open_later not yet started: false). */
CG_API bool cg3_twophase_pending(const cg3_twophase *s);

/* Waits until a background solver's tables are ready and says how they came (info may be
 * NULL); their open's error if it failed (the quick solver then answers every solve). A solver
 * from cg3_twophase_open: CG_OK at once, info zeroed. */
CG_API cg_status cg3_twophase_wait(const cg3_twophase *s, cg3_tables_info *info, cg_error *err);

/* A solution of c of at most opt->max_moves moves counted in opt->metric (opt NULL: the
 * defaults). Under CG_METRIC_QTM the same search budgets quarter turns, and with a time limit
 * improves the quarter-turn count. Errors:
 *   CG_ERR_INPUT     c is not a real cube (cg3_cube_check's message); max_moves outside
 *                    0..CG3_SOLUTION_MAX, a negative time_limit_ms, a metric that is neither;
 *   CG_ERR_TOO_LONG  no solution within max_moves: none exists (the search completed), or the
 *                    node cap was reached first; the message says which, after how many nodes
 *                    and milliseconds; out->n is 0. The time limit never causes this error: it
 *                    only ends the search for shorter solutions once one has been found. */
CG_API cg_status cg3_twophase_solve(const cg3_twophase *s, const cg3_cube *c,
                                    const cg3_solve_options *opt, cg3_solution *out,
                                    cg_error *err);

/* Reconstruction and a two-phase solve in one call: the whole of a 3x3 round's work, as
 * cg_solve_puzzle is for the 2x2. p must be a size-3 puzzle; ro and so may be NULL (defaults);
 * rd (may be NULL) receives the reading, whose `fits` says how many cubes fitted the view (more
 * than one only with ro->pick). Errors: cg_reconstruct3's, then cg3_twophase_solve's. */
CG_API cg_status cg3_solve_puzzle(const cg3_twophase *s, const cg_puzzle *p,
                                  const cg_reconstruct3_options *ro, const cg3_solve_options *so,
                                  cg3_solution *out, cg_reading3 *rd, cg_error *err);

/* ---- optimal ---- */

typedef struct cg3_optimal cg3_optimal;

/* As cg3_twophase_open, for the optimal solver's tables (much larger: a corner and a 7-edge
 * pattern database, 300 MB, built in about a minute; see docs/optimal-3x3.md). */
CG_API cg_status cg3_optimal_open(cg3_optimal **out, const cg3_tables_options *opt,
                                  cg3_tables_info *info, cg_error *err);
CG_API void cg3_optimal_close(cg3_optimal *s);

/* Lets s also prune with tp's phase-1 table: the exact number of moves each of the three axes
 * needs to reach its <U, D, F2, B2, L2, R2>, a further lower bound that makes deep searches
 * much cheaper (docs/optimal-3x3.md). Solutions stay optimal with or without it. tp must stay
 * open as long as s solves with it; NULL detaches it. Call it before solving, never while
 * another thread solves with s. Cannot fail. */
CG_API void cg3_optimal_use_twophase(cg3_optimal *s, const cg3_twophase *tp);

/* The shortest solution of c (out->optimal true). Errors:
 *   CG_ERR_INPUT     c is not a real cube;
 *   CG_ERR_TOO_LONG  the optimum is longer than opt->max_moves;
 *   CG_ERR_TIMEOUT   opt->time_limit_ms or the node cap was reached first: the message says
 *                    "not proven optimal" and every depth the search ruled out ("no solution of
 *                    15 moves or fewer"), out->n is 0 and out->lower_bound says the same. The
 *                    command line then shows the two-phase solver's best instead. */
/* CG_ERR_INPUT also for max_moves outside 0..CG3_SOLUTION_MAX, a negative or infinite
 * time_limit_ms, or opt->metric CG_METRIC_QTM (this solver's tables and search count half
 * turns; the two-phase solver answers in quarter turns). max_nodes 0 means a cap of 10^11 nodes; both caps are checked every 4,096
 * nodes, so the search may run that far past max_nodes. */
CG_API cg_status cg3_optimal_solve(const cg3_optimal *s, const cg3_cube *c,
                                   const cg3_solve_options *opt, cg3_solution *out,
                                   cg_error *err);

#endif
