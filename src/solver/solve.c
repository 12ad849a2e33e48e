/* Opening the tables and walking down them to home. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

#include "solver/table.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* Maps a valid cache at path; else builds the table (and saves it). Fills info. */
static cg_status load_or_build(cg_tables *t, const char *path, bool quiet, bool rebuild,
                               cg_tables_info *info, cg_error *err)
{
    cg_error why;
    if (*path && !rebuild) {
        cg_status st = cg_cache_map(path, t, &why);
        if (st == CG_OK && cg_table_sane(t)) {
            info->from_cache = true;
            return CG_OK;
        }
        if (st == CG_OK) {
            cg_fail(&why, CG_ERR_INPUT, "%s: wrong contents", path);
            munmap(t->map, t->map_len);
            t->map = NULL;
        }
        if (st != CG_ERR_EOF) { /* EOF: no file yet, the ordinary first run */
            info->rebuilt = true;
            if (!quiet)
                fprintf(stderr, "cubegod: ignoring the table cache (%s); rebuilding it\n", why.msg);
        }
    }
    t->dist = malloc(CG_TABLE_BYTES + 2);
    if (!t->dist)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the %zu-byte table", CG_TABLE_BYTES);
    if (!quiet)
        fprintf(stderr, "cubegod: building the solver table (once; about a second)\n");
    cg_status st = cg_table_build(t, info->positions_at, err);
    if (st != CG_OK)
        return st;
    if (*path) {
        if (cg_cache_save(path, t->dist, &why) == CG_OK)
            info->saved = true;
        else if (!quiet)
            fprintf(stderr, "cubegod: cannot save the table cache (%s); continuing\n", why.msg);
    }
    return CG_OK;
}

cg_status cg_tables_open(cg_tables **out, const cg_tables_options *opt, cg_tables_info *info,
                         cg_error *err)
{
    double start = now_ms();
    cg_tables_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    *out = NULL;
    if (!little_endian())
        return cg_fail(err, CG_ERR_SYSTEM, "the table layout needs a little-endian machine");
    cg_tables *t = calloc(1, sizeof *t);
    if (!t)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the solver tables");
    cg_status st = cg_coords_init(&t->coords, err);
    if (opt && opt->cache_path)
        snprintf(info->cache_path, sizeof info->cache_path, "%s", opt->cache_path);
    else
        cg_cache_default_path(info->cache_path, sizeof info->cache_path);
    if (st == CG_OK)
        st = load_or_build(t, info->cache_path, opt && opt->quiet, opt && opt->rebuild, info, err);
    if (st != CG_OK) {
        cg_tables_close(t);
        return st;
    }
    info->ready_ms = now_ms() - start;
    *out = t;
    return CG_OK;
}

void cg_tables_close(cg_tables *t)
{
    if (!t)
        return;
    if (t->map)
        munmap(t->map, t->map_len);
    else
        free(t->dist);
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
        if (n == CG_MAX_SOLUTION)
            return -1;
        uint32_t next[CG_VIEW_MOVES];
        for (int mv = 0; mv < CG_VIEW_MOVES; mv++) {
            next[mv] = cg_coords_move(c, r, mv);
            __builtin_prefetch(t->dist + (size_t)next[mv] * CG_BLOCK_BYTES);
        }
        int want = (v + 2) % 3, m = 0;
        while (m < CG_MOVES &&
               cg_block_get(cg_block_load(t->dist, next[c->view_move[rho][m]]),
                            c->next_rot[rho][m]) != want)
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
    cg_coords_split(&t->coords, c, &r, &rho);
    return walk(t, r, rho, NULL);
}

int cg_distance_any(const cg_tables *t, const cg_cube *c)
{
    uint32_t r;
    int rho;
    cg_coords_split(&t->coords, c, &r, &rho);
    return walk(t, r, 0, NULL);
}

cg_status cg_solve_cube(const cg_tables *t, const cg_cube *c, cg_target target, int max_moves,
                        cg_move out[CG_MAX_SOLUTION], int *n, cg_error *err)
{
    *n = 0;
    if (!cg_cube_is_valid(c))
        return cg_fail(err, CG_ERR_INPUT, "not a valid cube");
    uint32_t r;
    int rho;
    cg_coords_split(&t->coords, c, &r, &rho);
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
                          cg_move out[CG_MAX_SOLUTION], int *n, cg_error *err)
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
                       "letters, so give --scheme (U=..,D=..,F=..,B=..,L=..,R=..)");
    return cg_solve_cube(t, &rd.cube, target, o.max_moves, out, n, err);
}
