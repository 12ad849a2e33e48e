/* Internal: the one sequence that opens a solver over a table file, shared by the 2x2 table
 * solver (solver/solve.c), the two-phase (solver3/twophase.c) and the optimal 3x3 solver
 * (solver3/optimal.c): the little-endian check, the solver's memory, its own set-up, the cache
 * file loaded or the tables built (cgi_tablefile_load_or_build), and the outcome for the
 * caller's info struct. */
#ifndef CUBEGOD_UTIL_SOLVER_OPEN_H
#define CUBEGOD_UTIL_SOLVER_OPEN_H

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/solver.h"
#include "cubegod/solver3.h"
#include "util/tablefile.h"

/* What the caller asked for, from cg_tables_options or cg3_tables_options (NULL: defaults). */
typedef struct cgi_open_request {
    const char *cache_path; /* NULL or "": no file */
    bool rebuild;
    cg_tables_notice_fn notice;
    void *notice_ctx;
    cgi_progress progress;
    void (*before_build)(void *before_ctx); /* tablefile_maker's (NULL: none) */
    void *before_ctx;
} cgi_open_request;

/* One kind of solver. */
typedef struct cgi_solver_kind {
    size_t bytes;       /* the solver's struct, zeroed */
    size_t file_offset; /* offsetof its tablefile */
    const char *what;   /* "the two-phase solver", for the out-of-memory message */
    /* Everything before the tables; fills m's kind, build, sane, ctx and words (notice and
     * notice_ctx are set already). An error here closes the solver. */
    cg_status (*setup)(void *solver, void *ctx, tablefile_maker *m, cg_error *err);
    /* Points the solver into its payload, once loaded or built. */
    void (*attach)(void *solver, const uint8_t *payload);
    /* Frees a solver, set up or not. */
    void (*close)(void *solver);
} cgi_solver_kind;

/* What the open did, for cg_tables_info and cg3_tables_info. */
typedef struct cgi_open_outcome {
    double ready_ms;
    bool from_cache, rebuilt, saved;
    const char *cache_path; /* the request's file, or NULL when none */
} cgi_open_outcome;

/* Opens a solver of kind k: *out is the solver, or NULL on an error (CG_ERR_SYSTEM on a
 * big-endian machine, CG_ERR_NOMEM, or setup's and the build's errors). ctx goes to setup. */
cg_status cgi_solver_open(const cgi_solver_kind *k, void *ctx, const cgi_open_request *rq,
                          void **out, cgi_open_outcome *how, cg_error *err);

/* The 3x3 solvers' options as a request (opt may be NULL: defaults), and an outcome into
 * their info struct (bytes: the tables' size, 0 after a failure). */
cgi_open_request cgi_open_request3(const cg3_tables_options *opt);
void cgi_open_info3(cg3_tables_info *info, const cgi_open_outcome *how, size_t bytes);

#endif
