/* Opening the tables and walking down them to home. */
#include <stdlib.h>

#include "cubegod/clock.h"
#include "solver/table.h"
#include "util/tablefile.h"

/* For the callbacks: the table, and where a build's counts go. */
typedef struct table_ctx {
    cg_tables *t;
    cg_tables_info *info;
} table_ctx;

static cg_status build_table(void *ctx, uint8_t *payload, cg_error *err)
{
    table_ctx *c = ctx;
    c->t->dist = payload;
    return cgi_table_build(c->t, c->info->positions_at, c->info->positions_any_at, err);
}

static bool table_sane(void *ctx, const uint8_t *payload)
{
    cg_tables *t = ((table_ctx *)ctx)->t;
    t->dist = (uint8_t *)payload; /* only read */
    return cgi_table_sane(t);
}

/* Maps a valid cache; else builds the table (and saves it). Fills info. */
static cg_status load_or_build(cg_tables *t, const cg_tables_options *opt, cg_tables_info *info,
                               cg_error *err)
{
    table_ctx ctx = {t, info};
    tablefile_maker m = {
        .kind = *cgi_cache_kind(t->metric),
        .slack = 2, /* the 8-byte load of the last block */
        .build = build_table,
        .sane = table_sane,
        .ctx = &ctx,
        .notice = opt ? opt->notice : NULL,
        .notice_ctx = opt ? opt->notice_ctx : NULL,
        .cache = "table cache",
        .tables = t->metric == CG_METRIC_QTM ? "solver table for quarter turns" : "solver table",
        .build_time = "about a second",
        .whose = "",
        .noun = "table",
    };
    tablefile_outcome how;
    cg_status st = cgi_tablefile_load_or_build(opt ? opt->cache_path : NULL, opt && opt->rebuild,
                                               &m, &t->file, &how, err);
    t->dist = (uint8_t *)t->file.payload;
    info->from_cache = how.from_cache;
    info->rebuilt = how.rebuilt;
    info->saved = how.saved;
    return st;
}

cg_status cg_tables_open(cg_tables **out, const cg_tables_options *opt, cg_tables_info *info,
                         cg_error *err)
{
    int64_t start = cg_now_ns();
    cg_tables_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    *out = NULL;
    if (!cgi_little_endian())
        return cg_fail(err, CG_ERR_SYSTEM, "the table layout needs a little-endian machine");
    cg_tables *t = calloc(1, sizeof *t);
    if (!t)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the solver tables");
    t->metric = opt ? opt->metric : CG_METRIC_HTM;
    if (t->metric != CG_METRIC_HTM && t->metric != CG_METRIC_QTM) {
        int metric = (int)t->metric;
        free(t);
        return cg_fail(err, CG_ERR_INPUT, "metric %d does not exist", metric);
    }
    cg_status st = cgi_coords_init(&t->coords, err);
    info->cache_path = opt && opt->cache_path && *opt->cache_path ? opt->cache_path : NULL;
    if (st == CG_OK)
        st = load_or_build(t, opt, info, err);
    if (st != CG_OK) {
        cg_tables_close(t);
        return st;
    }
    info->ready_ms = cg_seconds_between(start, cg_now_ns()) * 1e3;
    *out = t;
    return CG_OK;
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
    cg_solve_options o = opt ? *opt : cg_solve_defaults();
    cg_reading rd;
    *n = 0;
    cg_status st = cg_reconstruct(p, o.scheme, &rd, err);
    if (st != CG_OK)
        return st;
    cg_target target = o.target;
    if (target == CG_TARGET_AUTO)
        target = rd.scheme_known ? CG_TARGET_HOME : CG_TARGET_ANY;
    if (target == CG_TARGET_HOME && !rd.scheme_known)
        return cg_fail(err, CG_ERR_INPUT,
                       "target home needs the colour scheme: the colours are not the face "
                       "letters, so the colour scheme must be given");
    return cg_solve_cube(t, &rd.cube, target, o.max_moves, out, n, err);
}
