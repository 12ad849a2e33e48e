/* The quick two-phase solver: Kociemba's algorithm as first published, without symmetry
 * reduction, whose tables (10.3 MB) are built in a fraction of a second. It answers 3x3 cubes
 * while the big tables (twophase_sym.c) are loaded or built in the background
 * (cg3_twophase_open_background): the same coordinates and move tables, phase 1 pruned by
 * twist x slice, flip x slice and flip x twist, phase 2 by corners x slice order and U/D edges x slice
 * order, each cube searched from the same six sides as the big solver. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/clock.h"
#include "solver3/twophase.h"

enum { QS_NONE, QS_FOUND, QS_NODES, QS_GIVE_UP, QS_TIME };

/* Each table's entries, in the order they are carved from one allocation. */
static const size_t Q16[] = {
    (size_t)TP_TWIST * TP_MOVES, (size_t)TP_FLIP * TP_MOVES, (size_t)TP_SLICE * TP_MOVES,
    (size_t)TP_CP * TP_P2MOVES, (size_t)TP_EP * TP_P2MOVES, (size_t)TP_SP * TP_P2MOVES,
};
static const size_t Q8[] = {
    (size_t)TP_SLICE * TP_TWIST, (size_t)TP_SLICE * TP_FLIP,
    (size_t)TP_CP * TP_SP, (size_t)TP_EP * TP_SP, (size_t)TP_FLIP * TP_TWIST,
};

size_t cgi_tpq_bytes(void)
{
    size_t n = 0;
    for (size_t i = 0; i < sizeof Q16 / sizeof *Q16; i++)
        n += 2 * Q16[i];
    for (size_t i = 0; i < sizeof Q8 / sizeof *Q8; i++)
        n += Q8[i];
    return n;
}

static void *flip_twist(void *arg)
{
    tp_quick *q = arg;
    cgi_tp_bfs_pairs(q->fl_tw, q->flip_mv, TP_FLIP, q->twist_mv, TP_TWIST, TP_MOVES, 0);
    return NULL;
}

cg_status cgi_tpq_build(tp_quick *q, const cg3_tables *model, cg_error *err)
{
    memset(q, 0, sizeof *q);
    uint8_t *p = malloc(cgi_tpq_bytes());
    if (!p)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the quick 3x3 tables (%zu bytes)",
                       cgi_tpq_bytes());
    q->mem = p;
    uint16_t **w16[] = {&q->twist_mv, &q->flip_mv, &q->slice_mv, &q->cp_mv, &q->ep_mv, &q->sp_mv};
    for (size_t i = 0; i < sizeof Q16 / sizeof *Q16; i++) {
        *w16[i] = (uint16_t *)(void *)p;
        p += 2 * Q16[i];
    }
    uint8_t **w8[] = {&q->tw_sl, &q->fl_sl, &q->cp_sp, &q->ep_sp, &q->fl_tw};
    for (size_t i = 0; i < sizeof Q8 / sizeof *Q8; i++) {
        *w8[i] = p;
        p += Q8[i];
    }
    uint8_t all[TP_MOVES];
    for (int m = 0; m < TP_MOVES; m++)
        all[m] = (uint8_t)m;
    cgi_tp_move_table(q->twist_mv, TP_TWIST, cgi_tp_twist, cgi_tp_set_twist, model, all, TP_MOVES);
    cgi_tp_move_table(q->flip_mv, TP_FLIP, cgi_tp_flip, cgi_tp_set_flip, model, all, TP_MOVES);
    cgi_tp_move_table(q->slice_mv, TP_SLICE, cgi_tp_slice, cgi_tp_set_slice, model, all, TP_MOVES);
    cgi_tp_move_table(q->cp_mv, TP_CP, cgi_tp_cp, cgi_tp_set_cp, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_move_table(q->ep_mv, TP_EP, cgi_tp_ep, cgi_tp_set_ep, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_move_table(q->sp_mv, TP_SP, cgi_tp_sp, cgi_tp_set_sp, model, cgi_tp_p2_moves, TP_P2MOVES);
    /* the largest table on a thread of its own, the others meanwhile (here if none starts) */
    pthread_t tid;
    bool apart = pthread_create(&tid, NULL, flip_twist, q) == 0;
    size_t sh = (size_t)cgi_tp_slice_home();
    cgi_tp_bfs_pairs(q->tw_sl, q->slice_mv, TP_SLICE, q->twist_mv, TP_TWIST, TP_MOVES, sh * TP_TWIST);
    cgi_tp_bfs_pairs(q->fl_sl, q->slice_mv, TP_SLICE, q->flip_mv, TP_FLIP, TP_MOVES, sh * TP_FLIP);
    if (!apart)
        flip_twist(q);
    cgi_tp_bfs_pairs(q->cp_sp, q->cp_mv, TP_CP, q->sp_mv, TP_SP, TP_P2MOVES, 0);
    cgi_tp_bfs_pairs(q->ep_sp, q->ep_mv, TP_EP, q->sp_mv, TP_SP, TP_P2MOVES, 0);
    if (apart)
        pthread_join(tid, NULL);
    return CG_OK;
}

void cgi_tpq_free(tp_quick *q)
{
    free(q->mem);
    memset(q, 0, sizeof *q);
}

/* ---- search ---- */

typedef struct qsearch {
    const cg3_twophase *s;
    const tp_quick *t;
    cg3_cube cube[TP_VARIANTS];
    int variant, limit, d1;
    int qtm_max;            /* QTM: the most quarter turns a solution may count; else 0 */
    bool improve;
    int stop;
    unsigned long long nodes, max_nodes;
    void *const *give_up; /* not NULL once the big tables are ready (may itself be NULL) */
    int64_t deadline;     /* the improvement's (0: none) */
    int slice_home;
    uint8_t p1[CG3_SOLUTION_MAX + 1], p2[CG3_SOLUTION_MAX + 1];
    cg_move best[CG3_SOLUTION_MAX];
    int best_n, best_cost;
} qsearch;

static inline bool redundant(int face, int last)
{
    return face == last || (face == (last ^ 1) && face < last);
}

static inline bool tick(qsearch *q)
{
    if (++q->nodes > q->max_nodes) {
        q->stop = QS_NODES;
        return false;
    }
    if ((q->nodes & 1023) != 0)
        return true;
    if (q->best_n < 0 && q->give_up && __atomic_load_n(q->give_up, __ATOMIC_RELAXED)) {
        q->stop = QS_GIVE_UP; /* the big tables are there: they search faster */
        return false;
    }
    if (q->best_n >= 0 && q->deadline && cg_now_ns() >= q->deadline) {
        q->stop = QS_TIME;
        return false;
    }
    return true;
}

static inline int max2(int a, int b) { return a > b ? a : b; }

static int p1_bound(const tp_quick *t, int tw, int fl, int sl)
{
    return max2(max2(t->tw_sl[sl * TP_TWIST + tw], t->fl_sl[sl * TP_FLIP + fl]),
                t->fl_tw[fl * TP_TWIST + tw]);
}

static int p2_bound(const tp_quick *t, int cp, int ep, int sp)
{
    return max2(t->cp_sp[cp * TP_SP + sp], t->ep_sp[ep * TP_SP + sp]);
}

/* A solution of n1 + n2 moves; under QTM kept only if its quarter turns fit (else the search
 * goes on). */
static bool record(qsearch *q, int n1, int n2)
{
    cg_move seq[CG3_SOLUTION_MAX];
    int quarters = 0;
    for (int i = 0; i < n1 + n2; i++) {
        seq[i] = (cg_move)(i < n1 ? q->p1[i] : q->p2[i - n1]);
        quarters += seq[i] % 3 == 1 ? 2 : 1;
    }
    if (q->qtm_max && quarters > q->qtm_max)
        return false;
    q->best_n = cgi_tp_read_back(q->s, q->variant, seq, n1 + n2, q->best);
    q->best_cost = n1 + n2;
    q->limit = q->best_cost - 1;
    if (!q->improve)
        q->stop = QS_FOUND;
    return true;
}

static bool phase2(qsearch *q, int cp, int ep, int sp, int left, int ply, int last)
{
    if (left == 0)
        return cp == 0 && ep == 0 && sp == 0;
    const tp_quick *t = q->t;
    for (int k = 0; k < TP_P2MOVES; k++) {
        int m = cgi_tp_p2_moves[k];
        if (redundant(m / 3, last))
            continue;
        if (!tick(q))
            return false;
        int ncp = t->cp_mv[cp * TP_P2MOVES + k], nep = t->ep_mv[ep * TP_P2MOVES + k];
        int nsp = t->sp_mv[sp * TP_P2MOVES + k], rest = left - 1;
        if (p2_bound(t, ncp, nep, nsp) > rest)
            continue;
        q->p2[ply] = (uint8_t)m;
        if (phase2(q, ncp, nep, nsp, rest, ply + 1, m / 3))
            return true;
        if (q->stop)
            return false;
    }
    return false;
}

/* A phase 1 of n1 moves reached G1: the cube there, then the shortest phase 2 that fits. */
static void end_phase1(qsearch *q, int n1)
{
    cg3_cube z = q->cube[q->variant];
    for (int i = 0; i < n1; i++)
        z = cg3_cube_mul(&z, &q->s->model.cube[cg3_move_from_face_turn((cg_move)q->p1[i])]);
    int cp = cgi_tp_cp(&z), ep = cgi_tp_ep(&z), sp = cgi_tp_sp(&z);
    int room = q->limit - q->d1, last = n1 ? q->p1[n1 - 1] / 3 : -1;
    for (int d = p2_bound(q->t, cp, ep, sp); d <= room && !q->stop; d++)
        if (phase2(q, cp, ep, sp, d, 0, last) && record(q, n1, d))
            return;
}

static void phase1(qsearch *q, int tw, int fl, int sl, int left, int ply, int last)
{
    if (left == 0) {
        /* a last move inside G1 means a shorter phase 1 got here already */
        if (ply == 0 || !cgi_tp_in_g1(q->p1[ply - 1]))
            end_phase1(q, ply);
        return;
    }
    const tp_quick *t = q->t;
    for (int m = 0; m < TP_MOVES; m++) {
        if (redundant(m / 3, last))
            continue;
        int rest = left - 1;
        if (rest == 0 && cgi_tp_in_g1(m))
            continue;
        int ntw = t->twist_mv[tw * TP_MOVES + m], nfl = t->flip_mv[fl * TP_MOVES + m];
        int nsl = t->slice_mv[sl * TP_MOVES + m];
        if (p1_bound(t, ntw, nfl, nsl) > rest)
            continue;
        if (!tick(q))
            return;
        q->p1[ply] = (uint8_t)m;
        phase1(q, ntw, nfl, nsl, rest, ply + 1, m / 3);
        if (q->stop || q->d1 > q->limit)
            return;
    }
}

cg_status cgi_tpq_solve(const cg3_twophase *s, const tp_quick *t, const cg3_cube *c,
                        const cg3_solve_options *o, void *const *give_up, bool *exhausted,
                        cg3_solution *out, cg_error *err)
{
    int64_t start = cg_now_ns();
    qsearch *q = calloc(1, sizeof *q);
    if (!q)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the search");
    q->s = s;
    q->t = t;
    /* Under QTM the search counts face turns, at most 20 (a solution of the most quarter turns
       has no more face turns), and keeps the first whose quarter turns fit: its tables, in face
       turns, bound quarter turns too weakly for a search in them to be quick. */
    bool qtm = o->metric == CG_METRIC_QTM;
    q->limit = qtm && o->max_moves > CG3_GODS_NUMBER ? CG3_GODS_NUMBER : o->max_moves;
    q->qtm_max = qtm ? o->max_moves : 0;
    q->improve = o->time_limit_ms > 0;
    q->max_nodes = o->max_nodes ? o->max_nodes : TP_DEFAULT_MAX_NODES;
    q->give_up = give_up;
    double limit_ns = o->time_limit_ms * 1e6;
    q->deadline = q->improve ? start + (int64_t)(limit_ns > 1e18 ? 1e18 : limit_ns) : 0;
    q->slice_home = cgi_tp_slice_home();
    q->best_n = -1;
    cgi_tp_variants(s, c, q->cube);
    for (int d1 = 0; d1 <= q->limit && !q->stop; d1++)
        for (int v = 0; v < TP_VARIANTS && !q->stop && d1 <= q->limit; v++) {
            const cg3_cube *z = &q->cube[v];
            int tw = cgi_tp_twist(z), fl = cgi_tp_flip(z), sl = cgi_tp_slice(z);
            if (p1_bound(t, tw, fl, sl) > d1)
                continue;
            q->variant = v;
            q->d1 = d1;
            phase1(q, tw, fl, sl, d1, 0, -1);
        }
    out->nodes = q->nodes;
    out->ms = cg_seconds_between(start, cg_now_ns()) * 1e3;
    int why = q->stop;
    *exhausted = why == QS_NONE && !qtm; /* under QTM, longer face-turn solutions were not tried */
    if (q->best_n >= 0) {
        memcpy(out->moves, q->best, sizeof(cg_move) * (size_t)q->best_n);
        out->n = q->best_n;
        free(q);
        return CG_OK;
    }
    free(q);
    const char *unit = o->metric == CG_METRIC_QTM ? "quarter turns" : "moves";
    if (why == QS_NODES || why == QS_GIVE_UP || qtm)
        return cg_fail(err, CG_ERR_TOO_LONG,
                       "no solution of at most %d %s found by the quick solver %s: %llu nodes, "
                       "%.1f ms", o->max_moves, unit,
                       why == QS_NODES ? "before the node cap"
                       : why == QS_GIVE_UP ? "before the big tables were ready"
                       : "among solutions of 20 face turns",
                       out->nodes, out->ms);
    return cg_fail(err, CG_ERR_TOO_LONG,
                   "no solution of at most %d %s exists (search completed: %llu nodes, %.1f ms)",
                   o->max_moves, unit, out->nodes, out->ms);
}
