/* Breadth-first search over the 88,179,840 positions, 24 rotations at a time (see coord.h). */
#include <stdlib.h>

#include "solver/table.h"

/* Each view move's rotation sigma moves bits around a block: a position (r, rho) reaches
 * (r * X', rho) and (r * X', sigma * rho). push[v] maps a frontier mask of r to the mask it
 * reaches; pull[v] is the inverse, asking which rotations of r a frontier of r * X' reaches.
 * Three byte-indexed tables per map keep that to three look-ups. */
typedef struct bit_maps {
    uint32_t push[CG_VIEW_MOVES][3][256];
    uint32_t pull[CG_VIEW_MOVES][3][256];
} bit_maps;

static void init_bit_maps(const cg_coords *c, bit_maps *b)
{
    memset(b, 0, sizeof *b);
    for (int v = 0; v < CG_VIEW_MOVES; v++)
        for (int rho = 0; rho < CG_ROTATIONS; rho++) {
            int to = c->rot_mul[c->sigma[v]][rho];
            for (int byte = 0; byte < 256; byte++) {
                if (byte & (1 << (rho % 8)))
                    b->push[v][rho / 8][byte] |= 1u << to;
                if (byte & (1 << (to % 8)))
                    b->pull[v][to / 8][byte] |= 1u << rho;
            }
        }
}

static inline uint32_t map_bits(const uint32_t table[3][256], uint32_t mask)
{
    return table[0][mask & 0xFF] | table[1][(mask >> 8) & 0xFF] | table[2][mask >> 16];
}

/* Level d to d + 1 from the frontier outwards: cheap while the frontier is small. */
static uint64_t push_level(const cg_coords *c, const bit_maps *b, uint8_t *dist, int d,
                           const uint8_t *views, int nviews, uint64_t *any, const cgi_progress *pr)
{
    uint64_t found = 0;
    int v = d % 3, w = (d + 1) % 3;
    for (uint32_t r = 0; r < CG_RPOS; r++) {
        if ((r & 0xFFFF) == 0 && cgi_progress_cancelled(pr))
            return found; /* a stop: the level is left unfinished, the build fails */
        uint32_t f = cg_block_mask(cg_block_load(dist, r), v);
        if (!f)
            continue;
        for (int k = 0; k < nviews; k++) {
            int mv = views[k];
            uint32_t t = cg_coords_move(c, r, mv);
            uint64_t tb = cg_block_load(dist, t);
            uint32_t add = cg_block_mask(tb, CG_UNREACHED) & (f | map_bits(b->push[mv], f));
            if (add) {
                cg_block_store(dist, t, cg_block_set(tb, add, w));
                found += (uint64_t)__builtin_popcount(add);
                *any += add & 1;
            }
        }
    }
    return found;
}

/* Level d to d + 1 from the unreached positions inwards: cheap once most are reached, and each
 * block stops looking as soon as all its rotations are placed. */
static uint64_t pull_level(const cg_coords *c, const bit_maps *b, uint8_t *dist, int d,
                           const uint8_t *views, int nviews, uint64_t *any, const cgi_progress *pr)
{
    uint64_t found = 0;
    int v = d % 3, w = (d + 1) % 3;
    for (uint32_t r = 0; r < CG_RPOS; r++) {
        if ((r & 0xFFFF) == 0 && cgi_progress_cancelled(pr))
            return found; /* a stop: as push_level */
        uint64_t rb = cg_block_load(dist, r);
        uint32_t open = cg_block_mask(rb, CG_UNREACHED), hit = 0;
        if (!open)
            continue;
        for (int k = 0; k < nviews && (hit & open) != open; k++) {
            int mv = views[k];
            uint32_t f = cg_block_mask(cg_block_load(dist, cg_coords_move(c, r, mv)), v);
            hit |= f | map_bits(b->pull[mv], f);
        }
        hit &= open;
        if (hit) {
            cg_block_store(dist, r, cg_block_set(rb, hit, w));
            found += (uint64_t)__builtin_popcount(hit);
            *any += hit & 1;
        }
    }
    return found;
}

cg_status cgi_table_build(struct cg_tables *t, unsigned long long counts[CG_SOLUTION_MAX + 1],
                          unsigned long long any[CG_SOLUTION_MAX + 1], const cgi_progress *pr,
                          cg_error *err)
{
    const char *phase = t->metric == CG_METRIC_QTM ? "2x2 quarter-turn table" : "2x2 table";
    bit_maps *b = malloc(sizeof *b);
    if (!b)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the table builder");
    init_bit_maps(&t->coords, b);
    memset(t->dist, 0xFF, CG_TABLE_BYTES + 2);
    uint32_t home = t->coords.home_r;
    cg_block_store(t->dist, home, cg_block_set(cg_block_load(t->dist, home), 1u, 0));
    uint64_t reached = 1, level = 1;
    const uint64_t total = (uint64_t)CG_RPOS * CG_ROTATIONS;
    memset(counts, 0, sizeof(unsigned long long) * (CG_SOLUTION_MAX + 1));
    memset(any, 0, sizeof(unsigned long long) * (CG_SOLUTION_MAX + 1));
    counts[0] = any[0] = 1;
    uint8_t views[CG_VIEW_MOVES];
    int nviews = cgi_metric_views(t->metric, views);
    for (int d = 0; level && reached < total && d < CG_SOLUTION_MAX; d++) {
        cgi_progress_say(pr, phase, (double)reached / (double)total);
        /* Push while the frontier is a small part of what is left, pull after. */
        uint64_t at_rot0 = 0;
        level = level * 8 < total - reached
                    ? push_level(&t->coords, b, t->dist, d, views, nviews, &at_rot0, pr)
                    : pull_level(&t->coords, b, t->dist, d, views, nviews, &at_rot0, pr);
        if (cgi_progress_cancelled(pr)) { /* the level may have stopped part way */
            free(b);
            return cg_fail(err, CG_ERR_SYSTEM, "the table build was stopped");
        }
        reached += level;
        counts[d + 1] = level;
        any[d + 1] = at_rot0;
    }
    free(b);
    cgi_progress_say(pr, phase, (double)reached / (double)total);
    if (reached != total)
        return cg_fail(err, CG_ERR_SYSTEM, "table build reached %llu of %llu positions",
                       (unsigned long long)reached, (unsigned long long)total);
    return CG_OK;
}

int cgi_table_sane(const struct cg_tables *t)
{
    const cg_coords *c = &t->coords;
    if (cg_block_get(cg_block_load(t->dist, c->home_r), 0) != 0)
        return 0;
    for (int m = 0; m < CG_MOVES; m++) {
        uint32_t r = cg_coords_move(c, c->home_r, c->view_move[0][m]);
        if (cg_block_get(cg_block_load(t->dist, r), c->next_rot[0][m]) !=
            (cgi_metric_walks(t->metric, m) ? 1 : 2))
            return 0;
    }
    return 1;
}
