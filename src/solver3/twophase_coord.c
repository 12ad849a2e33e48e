/* The two-phase coordinates, their move tables and the pruning tables (breadth-first search
 * over pairs of coordinates). */
#include <stdlib.h>
#include <string.h>

#include "solver3/twophase.h"

const uint8_t cgi_tp_p2_moves[TP_P2MOVES] = {0, 1, 2, 3, 4, 5, 7, 10, 13, 16};

/* U/D edge positions (and pieces) in phase-2 order; slice edges are 4..7. */
static const uint8_t UD_POS[8] = {0, 1, 2, 3, 8, 9, 10, 11};
static const int8_t UD_INDEX[12] = {0, 1, 2, 3, -1, -1, -1, -1, 4, 5, 6, 7};

/* The bits set in x < 256 (no popcount instruction is assumed). */
static inline int bits8(unsigned x)
{
    x = x - (x >> 1 & 0x55);
    x = (x & 0x33) + (x >> 2 & 0x33);
    return (int)((x + (x >> 4)) & 0x0F);
}

/* Lehmer rank of a permutation of 0..n-1, n <= 8 (identity 0): each digit counts the later
 * values smaller than a[i], which are the smaller values not used before it (a bit set). */
static int perm_rank(const uint8_t *a, int n)
{
    int r = 0;
    unsigned used = 0;
    for (int i = 0; i < n; i++) {
        unsigned below = (1u << a[i]) - 1;
        int smaller = a[i] - bits8(used & below);
        used |= 1u << a[i];
        r = r * (n - i) + smaller;
    }
    return r;
}

static void perm_unrank(int r, uint8_t *a, int n)
{
    int digit[12];
    for (int i = n - 1; i >= 0; i--) {
        digit[i] = r % (n - i);
        r /= n - i;
    }
    unsigned used = 0;
    for (int i = 0; i < n; i++) {
        int k = digit[i];
        for (int v = 0; v < n; v++)
            if (!(used & (1u << v)) && k-- == 0) {
                a[i] = (uint8_t)v;
                used |= 1u << v;
                break;
            }
    }
}

/* The next permutation in lexicographic order, which is rank order (perm_rank); the last
 * one wraps to the first. */
static void next_perm(uint8_t *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] > a[i + 1])
        i--;
    if (i >= 0) {
        int j = n - 1;
        while (a[j] < a[i])
            j--;
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        uint8_t t = a[l];
        a[l] = a[r];
        a[r] = t;
    }
}

static int binom(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    int r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

int cgi_tp_twist(const cg3_cube *c)
{
    int v = 0;
    for (int i = 0; i < 7; i++)
        v = v * 3 + c->co[i];
    return v;
}

void cgi_tp_set_twist(cg3_cube *c, int v)
{
    int sum = 0;
    for (int i = 6; i >= 0; i--) {
        c->co[i] = (uint8_t)(v % 3);
        sum += v % 3;
        v /= 3;
    }
    c->co[7] = (uint8_t)((3 - sum % 3) % 3);
}

int cgi_tp_flip(const cg3_cube *c)
{
    int v = 0;
    for (int i = 0; i < 11; i++)
        v = v * 2 + c->eo[i];
    return v;
}

void cgi_tp_set_flip(cg3_cube *c, int v)
{
    int sum = 0;
    for (int i = 10; i >= 0; i--) {
        c->eo[i] = (uint8_t)(v & 1);
        sum += v & 1;
        v >>= 1;
    }
    c->eo[11] = (uint8_t)(sum & 1);
}

/* The positions holding slice edges, as a combination index (combinatorial number system). */
int cgi_tp_slice(const cg3_cube *c)
{
    int v = 0, k = 0;
    for (int p = 0; p < 12; p++)
        if (c->ep[p] >= 4 && c->ep[p] <= 7)
            v += binom(p, ++k);
    return v;
}

void cgi_tp_set_slice(cg3_cube *c, int v)
{
    uint8_t slice = 4, other = 0;
    int8_t is_slice[12] = {0};
    for (int k = 4, p = 11; k > 0; k--) {
        while (binom(p, k) > v)
            p--;
        v -= binom(p, k);
        is_slice[p--] = 1;
    }
    for (int p = 0; p < 12; p++) {
        if (is_slice[p]) {
            c->ep[p] = slice++;
        } else {
            c->ep[p] = other++;
            if (other == 4)
                other = 8;
        }
    }
}

int cgi_tp_slice_home(void)
{
    cg3_cube h = cg3_cube_home();
    return cgi_tp_slice(&h);
}

int cgi_tp_cp_of(const uint8_t *cp) { return perm_rank(cp, 8); }
int cgi_tp_cp(const cg3_cube *c) { return perm_rank(c->cp, 8); }
void cgi_tp_set_cp(cg3_cube *c, int v) { perm_unrank(v, c->cp, 8); }

int cgi_tp_ep_of(const uint8_t *ep)
{
    uint8_t a[8];
    for (int i = 0; i < 8; i++) {
        int idx = UD_INDEX[ep[UD_POS[i]]];
        if (idx < 0)
            return -1;
        a[i] = (uint8_t)idx;
    }
    return perm_rank(a, 8);
}
int cgi_tp_ep(const cg3_cube *c) { return cgi_tp_ep_of(c->ep); }

void cgi_tp_set_ep(cg3_cube *c, int v)
{
    uint8_t a[8];
    perm_unrank(v, a, 8);
    for (int i = 0; i < 8; i++)
        c->ep[UD_POS[i]] = UD_POS[a[i]];
}

int cgi_tp_sp_of(const uint8_t *ep)
{
    uint8_t a[4];
    for (int i = 0; i < 4; i++) {
        if (ep[4 + i] < 4 || ep[4 + i] > 7)
            return -1;
        a[i] = (uint8_t)(ep[4 + i] - 4);
    }
    return perm_rank(a, 4);
}
int cgi_tp_sp(const cg3_cube *c) { return cgi_tp_sp_of(c->ep); }

void cgi_tp_set_sp(cg3_cube *c, int v)
{
    uint8_t a[4];
    perm_unrank(v, a, 4);
    for (int i = 0; i < 4; i++)
        c->ep[4 + i] = (uint8_t)(4 + a[i]);
}

/* ---- the payload ---- */

static const size_t SEG_BYTES[TP_SEGS] = {
    [TP_SEG_TWIST_MV] = (size_t)TP_TWIST * TP_MOVES * 2,
    [TP_SEG_FLIP_MV] = (size_t)TP_FLIP * TP_MOVES * 2,
    [TP_SEG_SLICE_MV] = (size_t)TP_SLICE * TP_MOVES * 2,
    [TP_SEG_CP_MV] = (size_t)TP_CP * TP_P2MOVES * 2,
    [TP_SEG_EP_MV] = (size_t)TP_EP * TP_P2MOVES * 2,
    [TP_SEG_SP_MV] = (size_t)TP_SP * TP_P2MOVES * 2,
    [TP_SEG_CP_SP] = (size_t)TP_CP * TP_SP,
    [TP_SEG_EP_SP] = (size_t)TP_EP * TP_SP,
    [TP_SEG_FS_CLASS] = (size_t)TP_FS * 4,
    [TP_SEG_TW_CONJ] = (size_t)TP_SYMS * TP_TWIST * 2,
    [TP_SEG_P1] = ((size_t)TP_FS_CLASSES * TP_TWIST + 3) / 4,
    [TP_SEG_CP18_MV] = (size_t)TP_CP * TP_MOVES * 2,
    [TP_SEG_CP_DIST] = (size_t)TP_CP,
    [TP_SEG_EP_DIST] = (size_t)TP_EP,
    [TP_SEG_CP_CLASS] = (size_t)TP_CP * 4,
    [TP_SEG_EP_CONJ] = (size_t)TP_SYMS * TP_EP * 2,
    [TP_SEG_P2] = ((size_t)TP_CP_CLASSES * TP_EP + 3) / 4,
    [TP_SEG_SYM_MV] = (size_t)TP_SYMS * TP_MOVES,
    [TP_SEG_NEAR] = (size_t)TP_NEAR_SLOTS * 8,
    [TP_SEG_P1_TWELVE] = (size_t)TP_P1_TWELVES * 4,
};

/* Segments start on 64-byte boundaries (the payload itself follows a 32-byte header; uint16
 * loads only need 2). */
static size_t round64(size_t n) { return (n + 63) & ~(size_t)63; }

size_t cgi_tp_seg_bytes(int seg) { return SEG_BYTES[seg]; }

size_t cgi_tp_seg_offset(int seg)
{
    size_t off = 0;
    for (int i = 0; i < seg; i++)
        off += round64(SEG_BYTES[i]);
    return off;
}

size_t cgi_tp_payload_bytes(void) { return cgi_tp_seg_offset(TP_SEGS); }

void cgi_tp_tables_point(tp_tables *t, const uint8_t *p)
{
#define SEG16(s) ((const uint16_t *)(const void *)(p + cgi_tp_seg_offset(s)))
    t->twist_mv = SEG16(TP_SEG_TWIST_MV);
    t->flip_mv = SEG16(TP_SEG_FLIP_MV);
    t->slice_mv = SEG16(TP_SEG_SLICE_MV);
    t->cp_mv = SEG16(TP_SEG_CP_MV);
    t->ep_mv = SEG16(TP_SEG_EP_MV);
    t->sp_mv = SEG16(TP_SEG_SP_MV);
    t->cp_sp = p + cgi_tp_seg_offset(TP_SEG_CP_SP);
    t->ep_sp = p + cgi_tp_seg_offset(TP_SEG_EP_SP);
    t->fs_cs = (const uint32_t *)(const void *)(p + cgi_tp_seg_offset(TP_SEG_FS_CLASS));
    t->tw_conj = SEG16(TP_SEG_TW_CONJ);
    t->p1 = p + cgi_tp_seg_offset(TP_SEG_P1);
    t->cp18_mv = SEG16(TP_SEG_CP18_MV);
    t->cp_dist = p + cgi_tp_seg_offset(TP_SEG_CP_DIST);
    t->ep_dist = p + cgi_tp_seg_offset(TP_SEG_EP_DIST);
    t->cp_cs = (const uint32_t *)(const void *)(p + cgi_tp_seg_offset(TP_SEG_CP_CLASS));
    t->ep_conj = SEG16(TP_SEG_EP_CONJ);
    t->p2 = p + cgi_tp_seg_offset(TP_SEG_P2);
    t->sym_mv = p + cgi_tp_seg_offset(TP_SEG_SYM_MV);
    t->near = (const uint64_t *)(const void *)(p + cgi_tp_seg_offset(TP_SEG_NEAR));
    t->p1_twelve = (const uint32_t *)(const void *)(p + cgi_tp_seg_offset(TP_SEG_P1_TWELVE));
#undef SEG16
}

void cgi_tp_min_over_sp(uint8_t *dist, const uint8_t *pair, int n)
{
    for (int v = 0; v < n; v++) {
        dist[v] = 0xFF;
        for (int sp = 0; sp < TP_SP; sp++)
            if (pair[v * TP_SP + sp] < dist[v])
                dist[v] = pair[v * TP_SP + sp];
    }
}

void cgi_tp_move_table(uint16_t *mv, int n, cgi_tp_get_fn get, cgi_tp_set_fn set,
                       const cg3_tables *model, const uint8_t *moves, int nmoves)
{
    for (int v = 0; v < n; v++) {
        cg3_cube c = cg3_cube_home();
        set(&c, v);
        for (int k = 0; k < nmoves; k++) {
            cg3_cube d = cg3_cube_mul(&c, &model->cube[cg3_move_from_face_turn(moves[k])]);
            mv[(size_t)v * nmoves + k] = (uint16_t)get(&d);
        }
    }
}

/* A permutation-of-8 coordinate's move table, each move a gather g[k] of the 8 (as
 * cg3_cube_mul's) and the result ranked: a cube product would also work out orientations and
 * centres, which these coordinates never read (a third of the quick tables' build went to
 * cp_mv and ep_mv made by products). A move that is two others in a row (U2 is U then U, U' is
 * U2 then U) is read from their columns once they are filled: two look-ups instead of a
 * gather and a rank, a fifth of the quick tables' build before. */
static void perm8_move_table(uint16_t *mv, const uint8_t (*g)[8], int nmoves)
{
    int from[TP_MOVES][2]; /* the moves k is made of, or -1 when it is ranked */
    for (int k = 0; k < nmoves; k++) {
        from[k][0] = from[k][1] = -1;
        for (int a = 0; a < k && from[k][0] < 0; a++)
            for (int b = 0; b < k && from[k][0] < 0; b++) {
                int i = 0;
                while (i < 8 && g[a][g[b][i]] == g[k][i])
                    i++;
                if (i == 8)
                    from[k][0] = a, from[k][1] = b;
            }
    }
    uint8_t a[8] = {0, 1, 2, 3, 4, 5, 6, 7}, b[8];
    for (int v = 0; v < TP_CP; v++, next_perm(a, 8)) { /* a is the permutation of rank v */
        for (int k = 0; k < nmoves; k++) {
            if (from[k][0] >= 0)
                continue;
            for (int i = 0; i < 8; i++)
                b[i] = a[g[k][i]];
            mv[(size_t)v * nmoves + k] = (uint16_t)perm_rank(b, 8);
        }
    }
    /* in move order: a move's parts come before it, so their columns are whole */
    for (int k = 0; k < nmoves; k++)
        if (from[k][0] >= 0)
            for (int v = 0; v < TP_CP; v++)
                mv[(size_t)v * nmoves + k] =
                    mv[(size_t)mv[(size_t)v * nmoves + from[k][0]] * nmoves + from[k][1]];
}

void cgi_tp_cp_move_table(uint16_t *mv, const cg3_tables *model, const uint8_t *moves, int nmoves)
{
    uint8_t g[TP_MOVES][8];
    for (int k = 0; k < nmoves; k++)
        memcpy(g[k], model->cube[cg3_move_from_face_turn(moves[k])].cp, 8);
    perm8_move_table(mv, (const uint8_t (*)[8])g, nmoves);
}

void cgi_tp_ep_move_table(uint16_t *mv, const cg3_tables *model, const uint8_t *moves, int nmoves)
{
    /* the U/D edges' gather, in their phase-2 order (a move of G1 keeps them in their layers) */
    uint8_t g[TP_MOVES][8];
    for (int k = 0; k < nmoves; k++)
        for (int i = 0; i < 8; i++)
            g[k][i] = (uint8_t)UD_INDEX[model->cube[cg3_move_from_face_turn(moves[k])].ep[UD_POS[i]]];
    perm8_move_table(mv, (const uint8_t (*)[8])g, nmoves);
}

void cgi_tp_bfs_pairs(uint8_t *dist, const uint16_t *amv, int na, const uint16_t *bmv, int nb,
                      int nmoves, size_t home)
{
    size_t total = (size_t)na * nb;
    memset(dist, 0xFF, total);
    dist[home] = 0;
    size_t reached = 1, level = 1;
    for (int d = 0; reached < total && d < 254; d++) {
        size_t found = 0;
        /* few at depth d: from them forward; else each unreached pair looks for one at d (the
           moves include their inverses); row by row, so that no index is divided */
        bool forward = level < total - reached;
        uint8_t want = forward ? (uint8_t)d : 0xFF;
        for (int a = 0; a < na; a++) {
            uint8_t *row = dist + (size_t)a * nb;
            if (!memchr(row, want, (size_t)nb))
                continue;
            const uint16_t *am = amv + (size_t)a * nmoves;
            for (int b = 0; b < nb; b++) {
                if (row[b] != want)
                    continue;
                const uint16_t *bm = bmv + (size_t)b * nmoves;
                for (int k = 0; k < nmoves; k++) {
                    size_t j = (size_t)am[k] * nb + bm[k];
                    if (forward && dist[j] == 0xFF) {
                        dist[j] = (uint8_t)(d + 1);
                        found++;
                    } else if (!forward && dist[j] == d) {
                        row[b] = (uint8_t)(d + 1);
                        found++;
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

void cgi_tp_coord_build(uint8_t *p, const cg3_tables *model)
{
    uint8_t all[TP_MOVES];
    for (int m = 0; m < TP_MOVES; m++)
        all[m] = (uint8_t)m;
#define SEGW16(s) ((uint16_t *)(void *)(p + cgi_tp_seg_offset(s)))
    uint16_t *twist_mv = SEGW16(TP_SEG_TWIST_MV), *flip_mv = SEGW16(TP_SEG_FLIP_MV);
    uint16_t *slice_mv = SEGW16(TP_SEG_SLICE_MV), *cp_mv = SEGW16(TP_SEG_CP_MV);
    uint16_t *ep_mv = SEGW16(TP_SEG_EP_MV), *sp_mv = SEGW16(TP_SEG_SP_MV);
#undef SEGW16
    memset(p, 0, cgi_tp_payload_bytes()); /* the padding too, so the checksum is stable */
    cgi_tp_move_table(twist_mv, TP_TWIST, cgi_tp_twist, cgi_tp_set_twist, model, all, TP_MOVES);
    cgi_tp_move_table(flip_mv, TP_FLIP, cgi_tp_flip, cgi_tp_set_flip, model, all, TP_MOVES);
    cgi_tp_move_table(slice_mv, TP_SLICE, cgi_tp_slice, cgi_tp_set_slice, model, all, TP_MOVES);
    cgi_tp_cp_move_table(cp_mv, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_ep_move_table(ep_mv, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_move_table(sp_mv, TP_SP, cgi_tp_sp, cgi_tp_set_sp, model, cgi_tp_p2_moves, TP_P2MOVES);
    cgi_tp_bfs_pairs(p + cgi_tp_seg_offset(TP_SEG_CP_SP), cp_mv, TP_CP, sp_mv, TP_SP, TP_P2MOVES, 0);
    cgi_tp_bfs_pairs(p + cgi_tp_seg_offset(TP_SEG_EP_SP), ep_mv, TP_EP, sp_mv, TP_SP, TP_P2MOVES, 0);
    cgi_tp_cp_move_table((uint16_t *)(void *)(p + cgi_tp_seg_offset(TP_SEG_CP18_MV)), model, all,
                         TP_MOVES);
    /* the corners alone, and the U/D edges alone: the best slice order */
    cgi_tp_min_over_sp(p + cgi_tp_seg_offset(TP_SEG_CP_DIST), p + cgi_tp_seg_offset(TP_SEG_CP_SP), TP_CP);
    cgi_tp_min_over_sp(p + cgi_tp_seg_offset(TP_SEG_EP_DIST), p + cgi_tp_seg_offset(TP_SEG_EP_SP), TP_EP);
}

/* Whether entry i is on the list of the TP_P1_TWELVES entries 12 moves from G1. */
static bool is_twelve(const tp_tables *t, size_t i)
{
    size_t lo = 0, hi = TP_P1_TWELVES;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->p1_twelve[mid] < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < TP_P1_TWELVES && t->p1_twelve[lo] == i;
}

/* Within six moves the near table has the distance. Past it, a code leaves one or two
 * candidates: 0 is 9 or 12 (12 is one of 129 entries), 1 is 7, 3 is 10, and 2 is 8 or 11,
 * which one step tells apart: an 8 has a child at 7 (code 1) and none at 10 (code 3), an 11
 * the reverse. */
int cgi_tp_p1_distance(const tp_tables *t, int sl, int fl, int tw)
{
    enum { BATCH = 6 };
    size_t i = cgi_tp_p1_index(t, sl * TP_FLIP + fl, tw);
    int code = cgi_tp_p1_code(t, i);
    if (code == 3)
        return TP_P1_TEN;
    uint64_t e = cgi_tp_near(t, i);
    if (e != 0)
        return cgi_tp_near_distance(e);
    if (code != 2)
        return code == 1 ? 7 : is_twelve(t, i) ? 12 : 9;
    /* a few children at a time, their reads overlapping: the telling child is usually among
       the first few */
    for (int m0 = 0; m0 < TP_MOVES; m0 += BATCH) {
        size_t at[BATCH];
        int fs[BATCH];
        for (int k = 0; k < BATCH; k++) {
            fs[k] = t->slice_mv[sl * TP_MOVES + m0 + k] * TP_FLIP + t->flip_mv[fl * TP_MOVES + m0 + k];
            __builtin_prefetch(&t->fs_cs[fs[k]]);
        }
        for (int k = 0; k < BATCH; k++) {
            at[k] = cgi_tp_p1_index(t, fs[k], t->twist_mv[tw * TP_MOVES + m0 + k]);
            __builtin_prefetch(&t->p1[at[k] >> 2]);
        }
        for (int k = 0; k < BATCH; k++) {
            int c = cgi_tp_p1_code(t, at[k]);
            if (c == 1 || c == 3)
                return c == 1 ? 8 : 11;
        }
    }
    return -1; /* a damaged table; the sanity check makes this unreachable */
}

int cgi_tp_p1_within(const tp_tables *t, int sl, int fl, int tw, int depth, uint8_t *known)
{
    if (*known == 0) {
        int d = cgi_tp_p1_distance(t, sl, fl, tw);
        if (d < 0)
            return -1; /* a damaged table: the sanity check makes this unreachable */
        *known = (uint8_t)(d + 1);
    }
    return cgi_tp_known_beyond(*known, depth) ? -1 : *known - 1;
}

int cgi_tp_p2_distance(const tp_tables *t, int cp, int ep, int max)
{
    int d = 0, code = cgi_tp_p2_code(t, cgi_tp_p2_index(t, cp, ep));
    while (cp != 0 || ep != 0) {
        if (code == 3) /* the rest of the way is known */
            return d + TP_P2_TWELVE <= max ? d + TP_P2_TWELVE : max + 1;
        if (d + cgi_tp_p2_floor(t, cp, ep, code) > max) /* most calls end here, at d = 0 */
            return max + 1;
        int want = (code + 2) % 3, k;
        size_t at[TP_P2MOVES];
        for (k = 0; k < TP_P2MOVES; k++) { /* every child's address first: the reads overlap */
            at[k] = cgi_tp_p2_index(t, t->cp_mv[cp * TP_P2MOVES + k], t->ep_mv[ep * TP_P2MOVES + k]);
            __builtin_prefetch(&t->p2[at[k] >> 2]);
        }
        for (k = 0; k < TP_P2MOVES; k++)
            if (cgi_tp_p2_at(t, at[k]) == want) {
                cp = t->cp_mv[cp * TP_P2MOVES + k], ep = t->ep_mv[ep * TP_P2MOVES + k];
                code = cgi_tp_p2_code(t, at[k]);
                break;
            }
        if (k == TP_P2MOVES || ++d > 30)
            return -1; /* a damaged table; the sanity check makes this unreachable */
    }
    return d;
}

/* Whether n uint16 values are all below limit. */
static bool all_below16(const uint16_t *v, size_t n, unsigned limit)
{
    unsigned high = 0;
    for (size_t i = 0; i < n; i++)
        high |= v[i] >= limit;
    return !high;
}

/* Every value the search uses as an index (coordinates in the move and conjugation tables,
 * classes, conjugated moves) is in range: a file the checksum vouches for but that was made by
 * hand must not send a look-up outside its table (issue 25). About 9 MB read, a few ms. */
static bool indices_in_range(const tp_tables *t)
{
    if (!all_below16(t->twist_mv, (size_t)TP_TWIST * TP_MOVES, TP_TWIST) ||
        !all_below16(t->flip_mv, (size_t)TP_FLIP * TP_MOVES, TP_FLIP) ||
        !all_below16(t->slice_mv, (size_t)TP_SLICE * TP_MOVES, TP_SLICE) ||
        !all_below16(t->cp_mv, (size_t)TP_CP * TP_P2MOVES, TP_CP) ||
        !all_below16(t->ep_mv, (size_t)TP_EP * TP_P2MOVES, TP_EP) ||
        !all_below16(t->sp_mv, (size_t)TP_SP * TP_P2MOVES, TP_SP) ||
        !all_below16(t->cp18_mv, (size_t)TP_CP * TP_MOVES, TP_CP) ||
        !all_below16(t->tw_conj, (size_t)TP_SYMS * TP_TWIST, TP_TWIST) ||
        !all_below16(t->ep_conj, (size_t)TP_SYMS * TP_EP, TP_EP))
        return false;
    unsigned high = 0;
    for (size_t i = 0; i < TP_FS; i++)
        high |= (t->fs_cs[i] >> TP_SYM_BITS) >= TP_FS_CLASSES;
    for (size_t i = 0; i < TP_CP; i++)
        high |= (t->cp_cs[i] >> TP_SYM_BITS) >= TP_CP_CLASSES;
    for (size_t i = 0; i < (size_t)TP_SYMS * TP_MOVES; i++)
        high |= t->sym_mv[i] >= TP_MOVES;
    return !high;
}

int cgi_tp_tables_sane(const tp_tables *t, const cg3_tables *model)
{
    if (!indices_in_range(t))
        return 0;
    int sh = cgi_tp_slice_home();
    uint64_t home = cgi_tp_near(t, cgi_tp_p1_index(t, sh * TP_FLIP, 0));
    if (home == 0 || cgi_tp_near_distance(home) != 0)
        return 0;
    if (cgi_tp_p2_bound(t, 0, 0, 0) != 0 ||
        cgi_tp_p1_mod3(t, sh * TP_FLIP, 0) != 0 || t->cp_dist[0] != 0 || t->ep_dist[0] != 0)
        return 0;
    for (int m = 0; m < TP_MOVES; m++) { /* one move from home: its exact coordinates */
        cg3_cube c = model->cube[cg3_move_from_face_turn((cg_move)m)];
        if (t->twist_mv[m] != cgi_tp_twist(&c) || t->flip_mv[m] != cgi_tp_flip(&c) ||
            t->slice_mv[sh * TP_MOVES + m] != cgi_tp_slice(&c))
            return 0;
        int f = !cgi_tp_in_g1(m); /* one move out of G1, or none */
        int fs = t->slice_mv[sh * TP_MOVES + m] * TP_FLIP + t->flip_mv[m];
        if (cgi_tp_p1_mod3(t, fs, t->twist_mv[m]) != f) /* the big table agrees */
            return 0;
        /* and the near table: a quarter turn of a side face is one move out, its inverse back */
        uint64_t e = cgi_tp_near(t, cgi_tp_p1_index(t, fs, t->twist_mv[m]));
        if (cgi_tp_near_distance(e) != f ||
            (f == 1 && !cgi_tp_near_down(t, e, cgi_tp_fs_sym(t, fs), m / 3 * 3 + 2 - m % 3)))
            return 0;
    }
    for (int k = 0; k < TP_P1_TWELVES; k++) /* ascending, residue 0, and not near */
        if ((k > 0 && t->p1_twelve[k] <= t->p1_twelve[k - 1]) ||
            t->p1_twelve[k] >= (uint32_t)TP_FS_CLASSES * TP_TWIST ||
            cgi_tp_p1_code(t, t->p1_twelve[k]) != 0 || cgi_tp_near(t, t->p1_twelve[k]) != 0)
            return 0;
    if (cgi_tp_p2_mod3(t, 0, 0) != 0)
        return 0;
    for (int k = 0; k < TP_P2MOVES; k++)
        if (t->cp_sp[t->cp_mv[k] * TP_SP + t->sp_mv[k]] != 1 || t->ep_sp[t->ep_mv[k] * TP_SP + t->sp_mv[k]] != 1 ||
            cgi_tp_p2_mod3(t, t->cp_mv[k], t->ep_mv[k]) != 1)
            return 0;
    return 1;
}
