/* Opening the tables and walking down them to home. */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/clock.h"
#include "solver/table.h"
#include "util/solver_open.h"
#include "util/tablefile.h"

/* For the callbacks: the options, the table, and where a build's counts go. */
typedef struct table_ctx {
    const cg_tables_options *opt;
    cg_tables *t;
    cg_tables_info *info;
} table_ctx;

static cg_status build_table(void *ctx, uint8_t *payload, const cgi_progress *pr, cg_error *err)
{
    table_ctx *c = ctx;
    c->t->dist = payload;
    return cgi_table_build(c->t, c->info->positions_at, c->info->positions_any_at, pr, err);
}

static bool table_sane(void *ctx, const uint8_t *payload)
{
    cg_tables *t = ((table_ctx *)ctx)->t;
    t->dist = (uint8_t *)payload; /* only read */
    return cgi_table_sane(t);
}

static cg_status setup(void *solver, void *ctx, tablefile_maker *m, cg_error *err)
{
    table_ctx *c = ctx;
    cg_tables *t = c->t = solver;
    t->metric = c->opt ? c->opt->metric : CG_METRIC_HTM;
    if (t->metric != CG_METRIC_HTM && t->metric != CG_METRIC_QTM)
        return cg_fail(err, CG_ERR_INPUT, "metric %d does not exist", (int)t->metric);
    m->kind = *cgi_cache_kind(t->metric);
    m->slack = 2; /* the 8-byte load of the last block */
    m->build = build_table;
    m->sane = table_sane;
    m->ctx = c;
    m->cache = "table cache";
    m->tables = t->metric == CG_METRIC_QTM ? "solver table for quarter turns" : "solver table";
    m->build_time = "about a second";
    m->whose = "";
    m->noun = "table";
    return cgi_coords_init(&t->coords, err);
}

static void attach(void *solver, const uint8_t *payload)
{
    ((cg_tables *)solver)->dist = (uint8_t *)payload;
}

static void close_table(void *solver) { cg_tables_close(solver); }

static const cgi_solver_kind TABLES = {
    .bytes = sizeof(cg_tables),
    .file_offset = offsetof(cg_tables, file),
    .what = "the solver tables",
    .setup = setup,
    .attach = attach,
    .close = close_table,
};

cg_status cg_tables_open(cg_tables **out, const cg_tables_options *opt, cg_tables_info *info,
                         cg_error *err)
{
    cg_tables_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    table_ctx ctx = {.opt = opt, .info = info};
    cgi_open_request rq = {0};
    if (opt)
        rq = (cgi_open_request){opt->cache_path, opt->rebuild, opt->notice, opt->notice_ctx,
                                {opt->progress, opt->progress_ctx, NULL, opt->stop}, NULL, NULL};
    cgi_open_outcome how;
    void *t;
    cg_status st = cgi_solver_open(&TABLES, &ctx, &rq, &t, &how, err);
    info->ready_ms = how.ready_ms;
    info->from_cache = how.from_cache;
    info->rebuilt = how.rebuilt;
    info->saved = how.saved;
    info->cache_path = how.cache_path;
    *out = t;
    return st;
}

cg_metric cg_tables_metric(const cg_tables *t) { return t->metric; }

void cg_tables_close(cg_tables *t)
{
    if (!t)
        return;
    cgi_tablefile_release(&t->file);
    free(t);
}

/* Walks from (r, rho) to home, one move closer each step; the moves go to out (may be NULL).
 * Returns the number of moves, or -1 if the table lies (it never should: it is checked). */
static int walk(const cg_tables *t, uint32_t r, int rho, cg_move *out)
{
    const cg_coords *c = &t->coords;
    int v = cg_block_get(cg_block_load(t->dist, r), rho);
    int n = 0;
    while (r != c->home_r || rho != 0) {
        if (n == CG_SOLUTION_MAX)
            return -1;
        uint32_t next[CG_VIEW_MOVES];
        for (int mv = 0; mv < CG_VIEW_MOVES; mv++) {
            next[mv] = cg_coords_move(c, r, mv);
            __builtin_prefetch(t->dist + (size_t)next[mv] * CG_BLOCK_BYTES);
        }
        int want = (v + 2) % 3, m = 0;
        while (m < CG_MOVES &&
               (!cgi_metric_walks(t->metric, m) ||
                cg_block_get(cg_block_load(t->dist, next[c->view_move[rho][m]]),
                             c->next_rot[rho][m]) != want))
            m++;
        if (m == CG_MOVES)
            return -1;
        if (out)
            out[n] = (cg_move)m;
        n++;
        r = next[c->view_move[rho][m]];
        rho = c->next_rot[rho][m];
        v = want;
    }
    return n;
}

static cg_status corrupt(cg_error *err)
{
    return cg_fail(err, CG_ERR_SYSTEM, "the solver table is inconsistent");
}

int cg_distance_home(const cg_tables *t, const cg_cube *c)
{
    uint32_t r;
    int rho;
    cgi_coords_split(&t->coords, c, &r, &rho);
    return walk(t, r, rho, NULL);
}

int cg_distance_any(const cg_tables *t, const cg_cube *c)
{
    uint32_t r;
    int rho;
    cgi_coords_split(&t->coords, c, &r, &rho);
    return walk(t, r, 0, NULL);
}

cg_status cg_solve_cube(const cg_tables *t, const cg_cube *c, cg_target target, int max_moves,
                        cg_move out[CG_SOLUTION_MAX], int *n, cg_error *err)
{
    *n = 0;
    if (!cg_cube_is_valid(c))
        return cg_fail(err, CG_ERR_INPUT, "not a valid cube");
    uint32_t r;
    int rho;
    cgi_coords_split(&t->coords, c, &r, &rho);
    int len;
    if (target == CG_TARGET_ANY) {
        /* Solve r to home, then read each move in the cube's own frame. */
        len = walk(t, r, 0, out);
        for (int i = 0; i < len; i++)
            out[i] = t->coords.unview[rho][out[i]];
    } else {
        len = walk(t, r, rho, out);
    }
    if (len < 0)
        return corrupt(err);
    if (len > max_moves)
        return cg_fail(err, CG_ERR_TOO_LONG,
                       "the shortest solution has %d moves, more than the %d allowed", len,
                       max_moves);
    *n = len;
    return CG_OK;
}

int cg_target_parse(const char *text)
{
    static const char *const names[] = {"auto", "home", "any"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0)
            return i;
    return -1;
}

const char *cg_target_name(cg_target t)
{
    return t == CG_TARGET_HOME ? "home" : t == CG_TARGET_ANY ? "any" : "auto";
}

cg_solve_options cg_solve_defaults(void)
{
    cg_solve_options o = {CG_TARGET_AUTO, CG_MAX_SOLUTION, NULL};
    return o;
}

cg_status cg_solve_puzzle(const cg_tables *t, const cg_puzzle *p, const cg_solve_options *opt,
                          cg_move out[CG_SOLUTION_MAX], int *n, cg_error *err)
{
    return cg_solve_puzzle_note(t, p, opt, out, n, NULL, 0, err);
}

cg_status cg_solve_puzzle_note(const cg_tables *t, const cg_puzzle *p, const cg_solve_options *opt,
                               cg_move out[CG_SOLUTION_MAX], int *n, char *note, size_t cap,
                               cg_error *err)
{
    cg_solve_options o = opt ? *opt : cg_solve_defaults();
    cg_reading rd;
    cg_scheme common;
    *n = 0;
    if (cap)
        note[0] = '\0';
    cg_status st = cg_reconstruct(p, o.scheme, &rd, err);
    if (st != CG_OK)
        return st;
    cg_target target = o.target;
    if (target == CG_TARGET_AUTO && !rd.scheme_known && cg_puzzle_common_scheme(p, &common)) {
        /* the six common colours: the common orientation when a solution of it fits */
        cg_reading home;
        st = cg_reconstruct(p, &common, &home, err);
        if (st == CG_OK)
            st = cg_solve_cube(t, &home.cube, CG_TARGET_HOME, o.max_moves, out, n, err);
        if (st != CG_ERR_TOO_LONG)
            return st;
        if (cap)
            snprintf(note, cap, "no solution to white up, green in front fits in %d moves: "
                     "solved in any orientation", o.max_moves);
    }
    if (target == CG_TARGET_AUTO)
        target = rd.scheme_known ? CG_TARGET_HOME : CG_TARGET_ANY;
    if (target == CG_TARGET_HOME && !rd.scheme_known)
        return cg_fail(err, CG_ERR_INPUT,
                       "target home needs the colour scheme: the colours are not the face "
                       "letters, so the colour scheme must be given");
    return cg_solve_cube(t, &rd.cube, target, o.max_moves, out, n, err);
}
