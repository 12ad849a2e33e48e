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
 * The table is built in about a second and cached in a file whose path the caller gives (the
 * command line takes it from CUBEGOD_CACHE, else $XDG_CACHE_HOME/cubegod/pocket.tbl, else
 * ~/.cache/cubegod/pocket.tbl: cg_cache_path below). A cache with the wrong size, header or checksum, or one that is
 * not the user's own or that others can write, is rebuilt, never trusted (SECURITY.md).
 *
 * The quarter-turn metric (CG_METRIC_QTM) has a table of its own, built the same way over the 12
 * quarter turns only and cached in a file of its own (the command line puts it beside the other
 * one as pocket-qtm.tbl). Its solutions contain no half turns and are optimal in quarter turns;
 * God's number is 14 up to rotation (target any) and CG_SOLUTION_MAX bounds every solution. */
#ifndef CUBEGOD_SOLVER_H
#define CUBEGOD_SOLVER_H

#include "cubegod/export.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "cubegod/cube.h"
#include "cubegod/error.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"

/* The most moves any solution has, either metric and either target: 14 in QTM, measured for
 * both targets (docs/dialects.md). */
#define CG_SOLUTION_MAX 14

typedef enum cg_target {
    CG_TARGET_AUTO, /* home when the colour scheme is known; the common orientation (white up,
                       green front: cg_puzzle_common_scheme) for a 2x2 in the six common colours
                       when a solution of it fits; any otherwise */
    CG_TARGET_HOME, /* exactly back to the start position */
    CG_TARGET_ANY,  /* every face one colour, in whatever orientation */
} cg_target;

/* "auto", "home", "any" -> target; -1 for anything else. */
CG_API int cg_target_parse(const char *text);
CG_API const char *cg_target_name(cg_target t);

typedef struct cg_tables cg_tables;

/* ---- where the tables are kept ---- */

/* The cache files, all in one folder. */
typedef enum cg_cache_file {
    CG_CACHE_POCKET,     /* the 2x2 table, half turns: pocket.tbl */
    CG_CACHE_POCKET_QTM, /* the 2x2 table, quarter turns: pocket-qtm.tbl beside it (a pocket
                            file not named *.tbl gains ".qtm") */
    CG_CACHE_TWOPHASE,   /* the 3x3 two-phase tables: twophase.tbl in the same folder */
    CG_CACHE_OPTIMAL,    /* the optimal 3x3 solver's tables: optimal.tbl in the same folder */
} cg_cache_file;

/* The default path of a cache file, the one the command line and the Python binding use, so
 * that a program built on the library shares their tables instead of building its own: with
 * `pocket` (the 2x2 table's file, what CUBEGOD_CACHE or --cache name) the files beside it;
 * else in XDG_CACHE_HOME/cubegod/ when xdg_cache_home is an absolute path; else in
 * HOME/.cache/cubegod/. The library reads no environment: pass getenv("CUBEGOD_CACHE"),
 * getenv("XDG_CACHE_HOME") and getenv("HOME"), any of them NULL. Writes the path into buf
 * (NUL-terminated, truncated to size) and returns the length it needs, like snprintf; 0 when
 * there is no place (all three NULL or empty, or `which` unknown). */
CG_API size_t cg_cache_path(cg_cache_file which, const char *pocket, const char *xdg_cache_home,
                            const char *home, char *buf, size_t size);

/* Something the caller may want to tell its user: "building the solver table (once; about a
 * second)", "ignoring the table cache (why); rebuilding it", "cannot save the table cache (why);
 * continuing". One line, no newline. */
typedef void (*cg_tables_notice_fn)(void *ctx, const char *text);

/* Progress of a table build, for a progress bar: `phase` names the step ("solver table",
 * "3x3 move tables", "3x3 phase-1 table", ...), fraction goes from 0 to 1 within it (the
 * share of the step's positions found so far: not linear in time). Called from the building
 * thread, often (cheap callbacks only: draw at most a few times a second); never when a
 * valid cache is loaded. */
typedef void (*cg_tables_progress_fn)(void *ctx, const char *phase, double fraction);

typedef struct cg_tables_options {
    const char *cache_path;     /* the cache file, any length; NULL or "": no cache file */
    cg_tables_notice_fn notice; /* NULL: say nothing */
    void *notice_ctx;
    bool rebuild;               /* build even when a valid cache exists (and replace it) */
    cg_metric metric;           /* CG_METRIC_HTM (default) or CG_METRIC_QTM: which table */
    cg_tables_progress_fn progress; /* NULL: no progress reports */
    void *progress_ctx;
    /* A flag a signal handler sets (NULL: none): once it is nonzero a build in progress stops
     * within a fraction of a second, CG_ERR_EOF "stopped by a signal" (nothing is saved). */
    const volatile sig_atomic_t *stop;
} cg_tables_options;

typedef struct cg_tables_info {
    double ready_ms;      /* time cg_tables_open took */
    bool from_cache;      /* loaded from a valid cache file */
    bool rebuilt;         /* a cache file existed but was invalid, and was replaced */
    bool saved;           /* a freshly built table was written to the cache */
    const char *cache_path; /* the options' cache file, or NULL when none */
    /* When built (not loaded): positions at each distance from home, as the search found
     * them; all zero otherwise. positions_at counts the 88,179,840 of the fixed frame (target
     * home), positions_any_at the 3,674,160 classes up to whole-cube rotation (target any). */
    unsigned long long positions_at[CG_SOLUTION_MAX + 1];
    unsigned long long positions_any_at[CG_SOLUTION_MAX + 1];
} cg_tables_info;

/* Loads the table from the cache, or builds it (and saves it when it can). opt and info may be
 * NULL. Fails with CG_ERR_INPUT for a metric it does not know, CG_ERR_NOMEM, or CG_ERR_SYSTEM
 * when a build is stopped (opt->stop); a cache that can't be read or written is a notice, not
 * an error. On failure *out is NULL and info claims nothing. */
CG_API cg_status cg_tables_open(cg_tables **out, const cg_tables_options *opt, cg_tables_info *info,
                         cg_error *err);
CG_API void cg_tables_close(cg_tables *t);
/* The metric the table measures, and so the metric of every solution it gives. */
CG_API cg_metric cg_tables_metric(const cg_tables *t);

/* Exact number of moves (in the table's metric) from c to home (0..11 HTM). c must be valid. */
CG_API int cg_distance_home(const cg_tables *t, const cg_cube *c);
/* Exact number of moves from c to any solved orientation (0..11 HTM, 0..14 QTM). */
CG_API int cg_distance_any(const cg_tables *t, const cg_cube *c);

/* An optimal solution of c for target (CG_TARGET_AUTO counts as home here): out receives *n moves
 * (at most CG_SOLUTION_MAX; CG_MAX_SOLUTION with the HTM table). CG_ERR_TOO_LONG when the
 * optimum is longer than max_moves (the
 * message gives the optimum); CG_ERR_INPUT when c is not a valid cube. */
CG_API cg_status cg_solve_cube(const cg_tables *t, const cg_cube *c, cg_target target, int max_moves,
                        cg_move out[CG_SOLUTION_MAX], int *n, cg_error *err);

typedef struct cg_solve_options {
    cg_target target;        /* default CG_TARGET_AUTO */
    int max_moves;           /* default CG_MAX_SOLUTION (counted in the table's metric) */
    const cg_scheme *scheme; /* NULL: see cg_reconstruct */
} cg_solve_options;

/* The options with every field at its documented default. */
CG_API cg_solve_options cg_solve_defaults(void);

/* Reconstruction and solve in one call: the whole of a round's work. CG_ERR_INPUT also when the
 * target is home but the colour scheme is unknown. */
CG_API cg_status cg_solve_puzzle(const cg_tables *t, const cg_puzzle *p, const cg_solve_options *opt,
                          cg_move out[CG_SOLUTION_MAX], int *n, cg_error *err);
/* The same, with a note for the player in note (cap bytes, "" for none): a cube of the common
 * colours solved in any orientation because no solution to the common one fits max_moves. */
CG_API cg_status cg_solve_puzzle_note(const cg_tables *t, const cg_puzzle *p,
                                      const cg_solve_options *opt, cg_move out[CG_SOLUTION_MAX],
                                      int *n, char *note, size_t cap, cg_error *err);

#endif
