/* The quick two-phase solver: Kociemba's algorithm with small tables (3.7 MB) built in a
 * fraction of a second. It answers 3x3 cubes while the big tables (twophase_sym.c) are loaded
 * or built in the background (cg3_twophase_open_background): the same coordinates and move
 * tables; phase 1 pruned by twist x slice, flip x slice and flip x twist, each reduced by the 8
 * symmetries that keep the three axes (as min2phase's) and searched in their two-bit copies
 * (distance mod 3, each pair's distance tracked from node to node) with every child's entries
 * prefetched; phase 2 by corners x slice order and U/D edges x slice order; each cube searched
 * from the same six sides as the big solver, with its pre-moves. docs/solving-3x3.md has the
 * figures. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/thread.h"
#include "cubegod/clock.h"
#include "solver3/twophase.h"

enum { QS_NONE, QS_FOUND, QS_NODES, QS_GIVE_UP, QS_TIME };

/* Pre-moves (as the big search's, twophase.c): at most QPRE_MAX, while the phase 1 after them
 * has at least QPRE_PHASE1_MIN moves and phase 2 at most QPRE_ROOM_MAX of room. */
enum { QPRE_MAX = 2, QPRE_PHASE1_MIN = 8, QPRE_ROOM_MAX = 11 };

/* Each table's entries, in the order they are carved from one allocation. */
static const size_t Q16[] = {
    (size_t)TP_TWIST * TP_MOVES, (size_t)TP_FLIP * TP_MOVES, (size_t)TP_SLICE * TP_MOVES,
    (size_t)TP_CP * TP_P2MOVES, (size_t)TP_EP * TP_P2MOVES, (size_t)TP_SP * TP_P2MOVES,
    (size_t)TPQ_SYMS * TP_TWIST, (size_t)TPQ_SYMS * TP_SLICE, (size_t)TPQ_SYMS * TP_SP,
    TP_TWIST, TP_FLIP, TP_CP, TP_EP,
    TPQ_TW_CLASSES, TPQ_FL_CLASSES, TPQ_CP_CLASSES, TPQ_EP_CLASSES,
};
static const size_t Q8[] = {
    (size_t)TPQ_TW_CLASSES * TP_SLICE, (size_t)TPQ_FL_CLASSES * TP_SLICE,
    (size_t)TPQ_FL_CLASSES * TP_TWIST,
    (size_t)TPQ_CP_CLASSES * TP_SP, (size_t)TPQ_EP_CLASSES * TP_SP, TP_CP, TP_EP,
    TPQ_TW_CLASSES, TPQ_FL_CLASSES, TPQ_CP_CLASSES, TPQ_EP_CLASSES,
    /* the two-bit copies: four entries a byte, rounded up */
    ((size_t)TPQ_TW_CLASSES * TP_SLICE + 3) / 4, ((size_t)TPQ_FL_CLASSES * TP_SLICE + 3) / 4,
    ((size_t)TPQ_FL_CLASSES * TP_TWIST + 3) / 4,
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

/* dist's n entries as distance mod 3, two bits each, into mod3 (zeroed). */
static void pack_mod3(uint8_t *mod3, const uint8_t *dist, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mod3[i >> 2] |= (uint8_t)(dist[i] % 3 << (2 * (i & 3)));
}

int cgi_tpq_sym_k(int j) { return (j & 1) * 2 + (j >> 1 & 1) * 4 + (j >> 2 & 1) * TP_ROTS; }

/* mconj[j][k]: the column of move k's conjugate through symmetry j (moves: nmoves face turns;
 * the symmetries map the face turns, and the phase-2 ones, onto themselves). */
static void move_conj(uint8_t *mconj, const uint8_t *moves, int nmoves, const tp_syms *sy,
                      const cg3_tables *model)
{
    for (int j = 0; j < TPQ_SYMS; j++)
        for (int k = 0; k < nmoves; k++) {
            int m = cgi_tp_sym_move(model, sy, cgi_tpq_sym_k(j), moves[k]);
            for (int i = 0; i < nmoves; i++)
                if (moves[i] == m)
                    mconj[j * nmoves + k] = (uint8_t)i;
        }
}

/* conj[j][v]: value v of a coordinate seen through symmetry j. Conjugation keeps products,
 * conj(v m) = conj(v) conj(m), so it is walked from home (which every symmetry keeps) along a
 * breadth-first tree of the coordinate's move table: one look-up a value and symmetry, where a
 * cube conjugated for each would cost two cube products. queue: n entries. Returns false if
 * the moves do not reach every value. */
static bool conj_walk(uint16_t *conj, const uint16_t *mv, int n, int nmoves, int home,
                      const uint8_t *mconj, uint16_t *queue)
{
    memset(conj, 0xFF, (size_t)n * 2); /* conj[0] (the identity) marks what is reached */
    for (int j = 0; j < TPQ_SYMS; j++)
        conj[(size_t)j * n + home] = (uint16_t)home;
    int head = 0, tail = 0;
    queue[tail++] = (uint16_t)home;
    while (head < tail) {
        int v = queue[head++];
        for (int k = 0; k < nmoves; k++) {
            int w = mv[(size_t)v * nmoves + k];
            if (conj[w] != 0xFFFF)
                continue;
            for (int j = 0; j < TPQ_SYMS; j++)
                conj[(size_t)j * n + w] =
                    mv[(size_t)conj[(size_t)j * n + v] * nmoves + mconj[j * nmoves + k]];
            queue[tail++] = (uint16_t)w;
        }
    }
    return tail == n;
}

/* The classes of a coordinate under the symmetries: the least value of each class is its
 * representative, numbered in order, with the symmetries that keep it (stab, a bit each).
 * Returns how many, or -1 past max. */
static int classes(uint16_t *cs, uint16_t *rep, uint8_t *stab, int max, const uint16_t *conj,
                   int n)
{
    int count = 0;
    for (int v = 0; v < n; v++) {
        int j = 0;
        for (int k = 1; k < TPQ_SYMS; k++)
            if (conj[(size_t)k * n + v] < conj[(size_t)j * n + v])
                j = k;
        int r = conj[(size_t)j * n + v];
        if (r == v) { /* v is the least of its class (symmetry 0 is the identity) */
            if (count == max)
                return -1;
            rep[count] = (uint16_t)v;
            stab[count] = 0;
            for (int k = 0; k < TPQ_SYMS; k++)
                stab[count] |= (uint8_t)((conj[(size_t)k * n + v] == v) << k);
            cs[v] = (uint16_t)(count++ << TPQ_SYM_BITS);
        } else {
            cs[v] = (uint16_t)((cs[r] >> TPQ_SYM_BITS) << TPQ_SYM_BITS | j); /* r < v: done */
        }
    }
    return count;
}

/* A coordinate's conjugates and, when cs is given, its classes: whether they came out as
 * expected (every value reached, `want` classes). */
static bool reduce(uint16_t *conj, uint16_t *cs, uint16_t *rep, uint8_t *stab, int want,
                   const uint16_t *mv, int n, int nmoves, int home, const uint8_t *mconj,
                   uint16_t *queue)
{
    if (!conj_walk(conj, mv, n, nmoves, home, mconj, queue))
        return false;
    return !cs || classes(cs, rep, stab, want, conj, n) == want;
}

/* Entry b of a class's row at distance d, and with it every entry its representative's
 * symmetries (stab) make equivalent: a level must hold all of a pair's entries, or a level
 * reached from an equivalent one would miss some. Returns how many were unreached. */
static size_t settle(uint8_t *row, unsigned stab, const uint16_t *bconj, int nb, int b, uint8_t d)
{
    size_t n = 0;
    for (int t = 0; t < TPQ_SYMS; t++) {
        if (!(stab >> t & 1))
            continue;
        int e = bconj[t * nb + b];
        if (row[e] == 0xFF) {
            row[e] = d;
            n++;
        }
    }
    return n;
}

/* A pair's distances, breadth-first, over [class of a][b]: the child of entry (c, b) by move k
 * is the representative's child a' and b's child, seen through the symmetry that maps a' onto
 * its representative. As cgi_tp_bfs_pairs: forward while the level is smaller than what is
 * left, then each unreached entry looks for a neighbour at the level (the moves include their
 * inverses; a pair and its conjugates are equally far). */
static void bfs_reduced(uint8_t *dist, int classes_a, const uint16_t *rep, const uint16_t *cs,
                        const uint8_t *stab, const uint16_t *amv, const uint16_t *bmv,
                        const uint16_t *bconj, int nb, int nmoves, int home)
{
    size_t total = (size_t)classes_a * nb;
    memset(dist, 0xFF, total);
    size_t reached = settle(dist, stab[0], bconj, nb, home, 0), level = reached;
    for (int d = 0; reached < total && d < 254; d++) {
        size_t found = 0;
        bool forward = level < total - reached;
        uint8_t want = forward ? (uint8_t)d : 0xFF;
        for (int c = 0; c < classes_a; c++) {
            uint8_t *row = dist + (size_t)c * nb;
            if (!memchr(row, want, (size_t)nb))
                continue;
            const uint16_t *am = amv + (size_t)rep[c] * nmoves;
            for (int b = 0; b < nb; b++) {
                if (row[b] != want)
                    continue;
                const uint16_t *bm = bmv + (size_t)b * nmoves;
                for (int k = 0; k < nmoves; k++) {
                    unsigned x = cs[am[k]], ca = x >> TPQ_SYM_BITS;
                    int e = bconj[(size_t)(x & (TPQ_SYMS - 1)) * nb + bm[k]];
                    uint8_t *to = dist + (size_t)ca * nb;
                    if (forward && to[e] == 0xFF) {
                        found += settle(to, stab[ca], bconj, nb, e, (uint8_t)(d + 1));
                    } else if (!forward && to[e] == d) {
                        found += settle(row, stab[c], bconj, nb, b, (uint8_t)(d + 1));
                        break;
                    }
                }
            }
        }
        if (!found)
            break;
        reached += found;
        level = found;
    }
}

/* dist[v]: the least entry of v's class's row (its pair with every slice order). */
static void min_over_row(uint8_t *dist, const uint8_t *pair, const uint16_t *cs, int n)
{
    for (int v = 0; v < n; v++) {
        const uint8_t *row = pair + (size_t)(cs[v] >> TPQ_SYM_BITS) * TP_SP;
        dist[v] = 0xFF;
        for (int sp = 0; sp < TP_SP; sp++)
            if (row[sp] < dist[v])
                dist[v] = row[sp];
    }
}

/* The phase-1 pair tables, on a thread of their own beside the caller's (phase 2's): on two
 * cores shared with other busy processes two threads also get a larger share of the CPU than
 * one (bench/first_answer3.sh). */
static void *phase1_tables(void *arg)
{
    tp_quick *q = arg;
    int sh = cgi_tp_slice_home();
    /* home: twist 0 and flip 0 are their classes' representatives, through symmetry 0 */
    bfs_reduced(q->tw_sl, TPQ_TW_CLASSES, q->tw_rep, q->tw_cs, q->tw_stab, q->twist_mv,
                q->slice_mv, q->sl_conj, TP_SLICE, TP_MOVES, sh);
    pack_mod3(q->tw_sl3, q->tw_sl, (size_t)TPQ_TW_CLASSES * TP_SLICE);
    bfs_reduced(q->fl_sl, TPQ_FL_CLASSES, q->fl_rep, q->fl_cs, q->fl_stab, q->flip_mv,
                q->slice_mv, q->sl_conj, TP_SLICE, TP_MOVES, sh);
    pack_mod3(q->fl_sl3, q->fl_sl, (size_t)TPQ_FL_CLASSES * TP_SLICE);
    bfs_reduced(q->fl_tw, TPQ_FL_CLASSES, q->fl_rep, q->fl_cs, q->fl_stab, q->flip_mv,
                q->twist_mv, q->tw_conj, TP_TWIST, TP_MOVES, 0);
    pack_mod3(q->fl_tw3, q->fl_tw, (size_t)TPQ_FL_CLASSES * TP_TWIST);
    return NULL;
}

/* Carves the tables out of q->mem. */
static void carve(tp_quick *q)
{
    uint8_t *p = q->mem;
    uint16_t **w16[] = {&q->twist_mv, &q->flip_mv, &q->slice_mv, &q->cp_mv, &q->ep_mv,
                        &q->sp_mv, &q->tw_conj, &q->sl_conj, &q->sp_conj, &q->tw_cs,
                        &q->fl_cs, &q->cp_cs, &q->ep_cs, &q->tw_rep, &q->fl_rep, &q->cp_rep,
                        &q->ep_rep};
    for (size_t i = 0; i < sizeof Q16 / sizeof *Q16; i++) {
        *w16[i] = (uint16_t *)(void *)p;
        p += 2 * Q16[i];
    }
    uint8_t **w8[] = {&q->tw_sl, &q->fl_sl, &q->fl_tw, &q->cp_sp, &q->ep_sp, &q->cp_dist,
                      &q->ep_dist, &q->tw_stab, &q->fl_stab, &q->cp_stab, &q->ep_stab,
                      &q->tw_sl3, &q->fl_sl3, &q->fl_tw3};
    for (size_t i = 0; i < sizeof Q8 / sizeof *Q8; i++) {
        *w8[i] = p;
        p += Q8[i];
    }
}

cg_status cgi_tpq_build(tp_quick *q, const cg3_tables *model, cg_error *err)
{
    return cgi_tpq_build_on(q, model, 2, err);
}

cg_status cgi_tpq_build_on(tp_quick *q, const cg3_tables *model, int threads, cg_error *err)
{
    q->mem = calloc(1, cgi_tpq_bytes());
    /* the conjugates no search reads (flip, corners, U/D edges), one after the other; a queue */
    uint16_t *scratch = malloc((size_t)(TPQ_SYMS + 1) * TP_CP * 2);
    if (!q->mem || !scratch) {
        free(scratch);
        cgi_tpq_free(q);
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the quick 3x3 tables (%zu bytes)",
                       cgi_tpq_bytes());
    }
    uint16_t *queue = scratch + (size_t)TPQ_SYMS * TP_CP;
    carve(q);
    uint8_t all[TP_MOVES], m18[TPQ_SYMS * TP_MOVES], m10[TPQ_SYMS * TP_P2MOVES];
    for (int m = 0; m < TP_MOVES; m++)
        all[m] = (uint8_t)m;
    tp_syms sy;
    cgi_tp_syms(model, &sy);
    move_conj(m18, all, TP_MOVES, &sy, model);
    move_conj(m10, cgi_tp_p2_moves, TP_P2MOVES, &sy, model);
    cgi_tp_move_table(q->twist_mv, TP_TWIST, cgi_tp_twist, cgi_tp_set_twist, model, all, TP_MOVES);
    cgi_tp_move_table(q->flip_mv, TP_FLIP, cgi_tp_flip, cgi_tp_set_flip, model, all, TP_MOVES);
    cgi_tp_move_table(q->slice_mv, TP_SLICE, cgi_tp_slice, cgi_tp_set_slice, model, all, TP_MOVES);
    bool ok = reduce(q->tw_conj, q->tw_cs, q->tw_rep, q->tw_stab, TPQ_TW_CLASSES, q->twist_mv,
                     TP_TWIST, TP_MOVES, 0, m18, queue) &&
              reduce(scratch, q->fl_cs, q->fl_rep, q->fl_stab, TPQ_FL_CLASSES, q->flip_mv,
                     TP_FLIP, TP_MOVES, 0, m18, queue) &&
              reduce(q->sl_conj, NULL, NULL, NULL, 0, q->slice_mv, TP_SLICE, TP_MOVES,
                     cgi_tp_slice_home(), m18, queue);
    /* the phase-1 pair tables on a thread of their own, phase 2 here meanwhile (all here if
       the thread does not start) */
    pthread_t tid;
    bool apart = ok && threads > 1 && cgi_thread_create(&tid, NULL, phase1_tables, q) == 0;
    cgi_tp_cp_move_table(q->cp_mv, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_ep_move_table(q->ep_mv, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_move_table(q->sp_mv, TP_SP, cgi_tp_sp, cgi_tp_set_sp, model, cgi_tp_p2_moves, TP_P2MOVES);
    ok = ok &&
         reduce(q->sp_conj, NULL, NULL, NULL, 0, q->sp_mv, TP_SP, TP_P2MOVES, 0, m10, queue) &&
         reduce(scratch, q->cp_cs, q->cp_rep, q->cp_stab, TPQ_CP_CLASSES, q->cp_mv, TP_CP,
                TP_P2MOVES, 0, m10, queue) &&
         reduce(scratch, q->ep_cs, q->ep_rep, q->ep_stab, TPQ_EP_CLASSES, q->ep_mv, TP_EP,
                TP_P2MOVES, 0, m10, queue);
    free(scratch);
    if (ok) {
        bfs_reduced(q->cp_sp, TPQ_CP_CLASSES, q->cp_rep, q->cp_cs, q->cp_stab, q->cp_mv,
                    q->sp_mv, q->sp_conj, TP_SP, TP_P2MOVES, 0);
        bfs_reduced(q->ep_sp, TPQ_EP_CLASSES, q->ep_rep, q->ep_cs, q->ep_stab, q->ep_mv,
                    q->sp_mv, q->sp_conj, TP_SP, TP_P2MOVES, 0);
        min_over_row(q->cp_dist, q->cp_sp, q->cp_cs, TP_CP);
        min_over_row(q->ep_dist, q->ep_sp, q->ep_cs, TP_EP);
    }
    if (apart)
        pthread_join(tid, NULL);
    else if (ok)
        phase1_tables(q);
    if (!ok) {
        cgi_tpq_free(q);
        return cg_fail(err, CG_ERR_SYSTEM, "the quick 3x3 tables' symmetries did not come out "
                       "as expected (%d, %d, %d and %d classes)", TPQ_TW_CLASSES,
                       TPQ_FL_CLASSES, TPQ_CP_CLASSES, TPQ_EP_CLASSES);
    }
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
    uint8_t pre[QPRE_MAX]; /* the pre-moves, pre[0] the last one applied */
    int npre;
    cg3_cube start;        /* the side's cube after the pre-moves: where phase 1 starts */
    cg_move best[CG3_SOLUTION_MAX];
    int best_n, best_cost;
    tp_syms sy;
    uint8_t conj_mv[TP_MOVES]; /* y^-1 m y as a face turn: the move of the conjugate's search */
} qsearch;

/* The symmetry the search also bounds through: the quarter turn y about the UD axis keeps G1
 * and the moves, so the conjugate y^-1 c y is as far from G1 as c; its flips are the other
 * axis's (F/B become R/L), so its flip pairs are another bound, and the larger one holds. */
enum { QCONJ = 1 };

/* A phase-1 node: its coordinates and the exact distances of its three pairs (twist x slice,
 * flip x slice, flip x twist), tracked from the two-bit residues. */
typedef struct p1node {
    int tw, fl, sl;
    int ts, fs, ft;
    int fl2, tw2, sl2; /* the conjugate's (QCONJ) */
    int fs2, ft2;
} p1node;

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

/* The distance of entry i of a two-bit table whose neighbour (one move away) is at d: a move
 * changes a distance by at most one, so the residue tells which. */
static inline int tpq_next(const uint8_t *mod3, size_t i, int d)
{
    static const int8_t step[3][3] = {{0, 1, -1}, {-1, 0, 1}, {1, -1, 0}};
    return d + step[d % 3][(mod3[i >> 2] >> (2 * (i & 3))) & 3];
}

static int p2_bound(const tp_quick *t, int cp, int ep, int sp)
{
    return max2(t->cp_sp[cgi_tpq_cs(t, cp, sp)], t->ep_sp[cgi_tpq_es(t, ep, sp)]);
}

/* A solution: the phase 1's n1 moves, the phase 2's n2, then the pre-moves (turns of one face
 * where they meet merged); under QTM kept only if its quarter turns fit (else the search goes
 * on). */
static bool record(qsearch *q, int n1, int n2)
{
    cg_move seq[CG3_SOLUTION_MAX];
    int n = n1 + n2 + q->npre;
    for (int i = 0; i < n; i++)
        seq[i] = (cg_move)(i < n1 ? q->p1[i] : i < n1 + n2 ? q->p2[i - n1] : q->pre[n - 1 - i]);
    if (q->npre > 0) {
        n = cgi_tp_merge_turns(seq, n);
        if (q->best_n >= 0 && n >= q->best_cost)
            return false; /* an earlier one merged as short */
    }
    int quarters = 0;
    for (int i = 0; i < n; i++)
        quarters += seq[i] % 3 == 1 ? 2 : 1;
    if (q->qtm_max && quarters > q->qtm_max)
        return false;
    q->best_n = cgi_tp_read_back(q->s, q->variant, seq, n, q->best);
    q->best_cost = n;
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
        int ncp = t->cp_mv[cp * TP_P2MOVES + k], nsp = t->sp_mv[sp * TP_P2MOVES + k];
        int rest = left - 1;
        if (t->cp_sp[cgi_tpq_cs(t, ncp, nsp)] > rest)
            continue;
        int nep = t->ep_mv[ep * TP_P2MOVES + k];
        if (t->ep_sp[cgi_tpq_es(t, nep, nsp)] > rest)
            continue;
        q->p2[ply] = (uint8_t)m;
        if (phase2(q, ncp, nep, nsp, rest, ply + 1, m / 3))
            return true;
        if (q->stop)
            return false;
    }
    return false;
}

/* A phase 1 of n1 moves reached G1 with corners cp and edges ep (as cg3_cube's): the shortest
 * phase 2 that fits, the cheapest filters first. */
static void end_phase1(qsearch *q, int n1, int cp, const uint8_t *edges)
{
    const tp_quick *t = q->t;
    int room = q->limit - q->d1;
    int sp = cgi_tp_sp_of(edges);
    if (t->cp_sp[cgi_tpq_cs(t, cp, sp)] > room)
        return;
    int ep = cgi_tp_ep_of(edges);
    if (t->ep_sp[cgi_tpq_es(t, ep, sp)] > room)
        return;
    int last = n1 ? q->p1[n1 - 1] / 3 : -1;
    for (int d = p2_bound(t, cp, ep, sp); d <= room && !q->stop; d++)
        if (phase2(q, cp, ep, sp, d, 0, last) && record(q, n1, d))
            return;
}

/* to[i] = from[gather[i]] for n pieces: a face turn on a permutation, as cg3_cube_mul. */
static inline void gather(uint8_t *to, const uint8_t *from, const uint8_t *g, int n)
{
    for (int i = 0; i < n; i++)
        to[i] = from[g[i]];
}

/* The last moves of a phase 1 of ply + 1 moves, from n: quarter turns of a side face (after a
 * G1 move a shorter phase 1 got there) into G1, which the child's coordinates tell without a
 * table; then the corners and edges, carried from the cube through the phase 1 (only here:
 * such nodes are few), and the corners' own phase-2 distance must fit the room. */
static void last_moves(qsearch *q, const p1node *n, int ply, int last)
{
    const tp_quick *t = q->t;
    const cg3_tables *model = &q->s->model;
    uint8_t c[2][CG3_CORNERS], e[2][CG3_EDGES];
    memcpy(c[0], q->start.cp, CG3_CORNERS);
    memcpy(e[0], q->start.ep, CG3_EDGES);
    bool done = false;
    for (int m = 0; m < TP_MOVES; m++) {
        if (redundant(m / 3, last) || cgi_tp_in_g1(m) || t->twist_mv[n->tw * TP_MOVES + m] != 0 ||
            t->flip_mv[n->fl * TP_MOVES + m] != 0 ||
            t->slice_mv[n->sl * TP_MOVES + m] != q->slice_home)
            continue;
        if (!tick(q))
            return;
        for (int i = 0; i < ply && !done; i++) {
            const cg3_cube *mc = &model->cube[cg3_move_from_face_turn((cg_move)q->p1[i])];
            gather(c[~i & 1], c[i & 1], mc->cp, CG3_CORNERS);
            gather(e[~i & 1], e[i & 1], mc->ep, CG3_EDGES);
        }
        done = true;
        const cg3_cube *mc = &model->cube[cg3_move_from_face_turn((cg_move)m)];
        uint8_t cn[CG3_CORNERS], en[CG3_EDGES];
        gather(cn, c[ply & 1], mc->cp, CG3_CORNERS);
        int cp = cgi_tp_cp_of(cn);
        if (t->cp_dist[cp] > q->limit - q->d1)
            continue;
        gather(en, e[ply & 1], mc->ep, CG3_EDGES);
        q->p1[ply] = (uint8_t)m;
        end_phase1(q, ply + 1, cp, en);
        if (q->stop || q->d1 > q->limit)
            return;
    }
}

/* Where a child's three pairs are in their tables. */
typedef struct p1at {
    size_t ts, fs, ft, fs2, ft2;
} p1at;

/* The child of node n by move m, its coordinates and where its pairs are; the three entries
 * are prefetched, so that the reads of all the children overlap. */
static inline void child_at(const tp_quick *t, const p1node *n, int m, int m2, p1node *c,
                            p1at *a)
{
    c->tw = t->twist_mv[n->tw * TP_MOVES + m];
    c->sl = t->slice_mv[n->sl * TP_MOVES + m];
    c->fl = t->flip_mv[n->fl * TP_MOVES + m];
    a->ts = cgi_tpq_ts(t, c->tw, c->sl);
    a->fs = cgi_tpq_fs(t, c->fl, c->sl);
    a->ft = cgi_tpq_ft(t, c->fl, c->tw);
    __builtin_prefetch(&t->tw_sl3[a->ts >> 2]);
    __builtin_prefetch(&t->fl_sl3[a->fs >> 2]);
    __builtin_prefetch(&t->fl_tw3[a->ft >> 2]);
    c->tw2 = t->twist_mv[n->tw2 * TP_MOVES + m2];
    c->sl2 = t->slice_mv[n->sl2 * TP_MOVES + m2];
    c->fl2 = t->flip_mv[n->fl2 * TP_MOVES + m2];
    a->fs2 = cgi_tpq_fs(t, c->fl2, c->sl2);
    a->ft2 = cgi_tpq_ft(t, c->fl2, c->tw2);
    __builtin_prefetch(&t->fl_sl3[a->fs2 >> 2]);
    __builtin_prefetch(&t->fl_tw3[a->ft2 >> 2]);
}

/* Whether child c of n (child_at) can reach G1 within rest moves, its three distances read off
 * the two-bit tables. */
static inline bool child_fits(const tp_quick *t, const p1node *n, p1node *c, const p1at *a,
                              int rest)
{
    c->ts = tpq_next(t->tw_sl3, a->ts, n->ts);
    c->fs = tpq_next(t->fl_sl3, a->fs, n->fs);
    c->ft = tpq_next(t->fl_tw3, a->ft, n->ft);
    if (c->ts > rest || c->fs > rest || c->ft > rest)
        return false;
    c->fs2 = tpq_next(t->fl_sl3, a->fs2, n->fs2);
    c->ft2 = tpq_next(t->fl_tw3, a->ft2, n->ft2);
    return c->fs2 <= rest && c->ft2 <= rest;
}

static void phase1(qsearch *q, const p1node *n, int left, int ply, int last)
{
    if (left == 0) { /* at the root: the cube is in G1 */
        end_phase1(q, 0, cgi_tp_cp(&q->start), q->start.ep);
        return;
    }
    /* In G1 with under five moves left: a way out of G1 and back takes five (a quarter turn of a
       side face leaves it), and a phase 1 ending on a G1 move is never used. */
    if (left < 5 && n->ts == 0 && n->fs == 0)
        return;
    if (left == 1) {
        last_moves(q, n, ply, last);
        return;
    }
    /* every child's entries first, then which fit, then down them */
    p1node c[TP_MOVES];
    p1at a[TP_MOVES];
    uint8_t moves[TP_MOVES];
    int k = 0, fit = 0;
    for (int m = 0; m < TP_MOVES; m++)
        if (!redundant(m / 3, last)) {
            child_at(q->t, n, m, q->conj_mv[m], &c[k], &a[k]);
            moves[k++] = (uint8_t)m;
        }
    for (int i = 0; i < k; i++)
        if (child_fits(q->t, n, &c[i], &a[i], left - 1)) {
            c[fit] = c[i];
            moves[fit++] = moves[i];
        }
    for (int i = 0; i < fit; i++) {
        if (!tick(q))
            return;
        q->p1[ply] = moves[i];
        phase1(q, &c[i], left - 1, ply + 1, moves[i] / 3);
        if (q->stop || q->d1 > q->limit)
            return;
    }
}

/* Phase 1 from z, side q->variant's cube after the pre-moves in q->pre (the last applied:
 * last, or -1), then after one more (see twophase.c's premoves: A B P solves Y when A is a
 * phase 1 and B a phase 2 of P Y; the pre-move next to B leaves G1, else B P is a phase 2
 * Y's own search tries). */
static void premoves(qsearch *q, const cg3_cube *z, int last)
{
    const tp_quick *t = q->t;
    int depth = q->d1 - q->npre;
    if (q->npre == 0 || !cgi_tp_in_g1(last)) {
        if (q->npre > 0 && !tick(q))
            return;
        p1node n;
        n.tw = cgi_tp_twist(z), n.fl = cgi_tp_flip(z), n.sl = cgi_tp_slice(z);
        n.ts = t->tw_sl[cgi_tpq_ts(t, n.tw, n.sl)];
        n.fs = t->fl_sl[cgi_tpq_fs(t, n.fl, n.sl)];
        n.ft = t->fl_tw[cgi_tpq_ft(t, n.fl, n.tw)];
        cg3_cube y = cgi_tp_sym_conj(&q->sy, QCONJ, z);
        n.tw2 = cgi_tp_twist(&y), n.fl2 = cgi_tp_flip(&y), n.sl2 = cgi_tp_slice(&y);
        n.fs2 = t->fl_sl[cgi_tpq_fs(t, n.fl2, n.sl2)];
        n.ft2 = t->fl_tw[cgi_tpq_ft(t, n.fl2, n.tw2)];
        if (max2(max2(max2(n.ts, n.fs), max2(n.ft, n.fs2)), n.ft2) <= depth) {
            q->start = *z;
            phase1(q, &n, depth, 0, -1);
            if (q->stop || q->d1 > q->limit)
                return;
        }
    }
    if (q->npre >= QPRE_MAX || depth - 1 < QPRE_PHASE1_MIN || q->limit - q->d1 > QPRE_ROOM_MAX)
        return;
    bool next_is_last = q->npre + 1 == QPRE_MAX || depth - 2 < QPRE_PHASE1_MIN;
    for (int m = 0; m < TP_MOVES; m++) {
        /* m comes before the pre-move `last` in the solution's order */
        if ((last >= 0 && redundant(last / 3, m / 3)) || (next_is_last && cgi_tp_in_g1(m)))
            continue;
        cg3_cube next = cg3_cube_mul(&q->s->model.cube[cg3_move_from_face_turn((cg_move)m)], z);
        q->pre[q->npre++] = (uint8_t)m;
        premoves(q, &next, m);
        q->npre--;
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
    cgi_tp_syms(&s->model, &q->sy);
    for (int m = 0; m < TP_MOVES; m++)
        q->conj_mv[m] = (uint8_t)cgi_tp_sym_move(&s->model, &q->sy, QCONJ, m);
    cgi_tp_variants(s, c, q->cube);
    for (int d1 = 0; d1 <= q->limit && !q->stop; d1++)
        for (int v = 0; v < TP_VARIANTS && !q->stop && d1 <= q->limit; v++) {
            q->variant = v;
            q->d1 = d1;
            premoves(q, &q->cube[v], -1);
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
