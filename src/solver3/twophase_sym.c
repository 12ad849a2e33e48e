/* Phase 1's exact distance table, reduced by symmetry.
 *
 * The 16 symmetries that keep the UD axis (the turns y^a x2^b, each also after the mirror
 * through the UD plane) map G1 onto itself, so a cube and its conjugate S^-1 c S are equally far from G1. The flip-and-slice pairs (flipslice, 1,013,760)
 * fall into TP_FS_CLASSES classes under conjugation; each class has one representative, and the
 * table holds, for each (class, twist as seen through the symmetry that maps the cube onto
 * its representative), the phase-1 distance mod 3, two bits each. The exact distance is found
 * by walking down once per solve and then tracked from the residues. The model has no
 * mirrored cube, but a real cube conjugated by a mirror is real, and that is all the build
 * needs: the mirror is applied at cubie level (cgi_tp_mirror), used only while building. */
#include <stdlib.h>
#include <string.h>

#include "solver3/twophase.h"

static bool same(const cg3_cube *a, const cg3_cube *b) { return memcmp(a, b, sizeof *a) == 0; }

void cgi_tp_syms(const cg3_tables *model, tp_syms *sy)
{
    for (int k = 0; k < TP_ROTS; k++) {
        sy->rot[k] = cg3_cube_mul(&model->cube[cg3_move_make(CG3_Y, k % 4)],
                                  &model->cube[cg3_move_make(CG3_X, 2 * (k / 4))]);
        sy->rot_inv[k] = cg3_cube_inverse(&sy->rot[k]);
    }
}

/* The mirror through the UD plane swaps each U-layer position with the D-layer one below it
   and leaves the middle layer and the F B L R centres in place. U/D stickers stay on U/D and
   F/B ones on F/B, so flips are kept; the clockwise order of a corner's facelets is reversed,
   so twists change sign. */
static const uint8_t mirror_c[CG3_CORNERS] = {4, 5, 6, 7, 0, 1, 2, 3};
static const uint8_t mirror_e[CG3_EDGES] = {8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3};
static const uint8_t mirror_x[CG3_CENTRES] = {1, 0, 2, 3, 4, 5};

cg3_cube cgi_tp_mirror(const cg3_cube *c)
{
    cg3_cube d;
    for (int p = 0; p < CG3_CORNERS; p++) {
        d.cp[p] = mirror_c[c->cp[mirror_c[p]]];
        d.co[p] = (uint8_t)((3 - c->co[mirror_c[p]]) % 3);
    }
    for (int p = 0; p < CG3_EDGES; p++) {
        d.ep[p] = mirror_e[c->ep[mirror_e[p]]];
        d.eo[p] = c->eo[mirror_e[p]];
    }
    for (int p = 0; p < CG3_CENTRES; p++)
        d.xp[p] = mirror_x[c->xp[mirror_x[p]]];
    return d;
}

int cgi_tp_face_turn_of(const cg3_tables *model, const cg3_cube *c)
{
    for (int m = 0; m < TP_MOVES; m++)
        if (same(c, &model->cube[cg3_move_from_face_turn((cg_move)m)]))
            return m;
    return -1;
}

cg3_cube cgi_tp_sym_conj(const tp_syms *sy, int k, const cg3_cube *c)
{
    /* S = M then R: S^-1 c S = R^-1 (M c M) R */
    cg3_cube m = k >= TP_ROTS ? cgi_tp_mirror(c) : *c;
    cg3_cube x = cg3_cube_mul(&sy->rot_inv[k % TP_ROTS], &m);
    return cg3_cube_mul(&x, &sy->rot[k % TP_ROTS]);
}

static int fs_of(const cg3_cube *c) { return cgi_tp_slice(c) * TP_FLIP + cgi_tp_flip(c); }

static void fs_cube(cg3_cube *c, int fs)
{
    *c = cg3_cube_home();
    cgi_tp_set_slice(c, fs / TP_FLIP);
    cgi_tp_set_flip(c, fs % TP_FLIP);
}

int cgi_tp_sym_move(const cg3_tables *model, const tp_syms *sy, int k, int m)
{
    cg3_cube c = cgi_tp_sym_conj(sy, k, &model->cube[cg3_move_from_face_turn((cg_move)m)]);
    return cgi_tp_face_turn_of(model, &c);
}

int cgi_tp_sym_inverse(const tp_syms *sy, int k)
{
    /* compared on a cube that no symmetry but the identity fixes (a U-layer corner cycle
       breaks the mirror and the turns; it need not be solvable) */
    cg3_cube c = cg3_cube_home();
    c.cp[0] = 1, c.cp[1] = 2, c.cp[2] = 0;  /* a 3-cycle UFR UBR UBL, one corner twisted */
    c.co[0] = 1, c.co[4] = 2;
    c.ep[0] = 1, c.ep[1] = 4, c.ep[4] = 0;   /* a 3-cycle UF UR FR, two flipped */
    c.eo[0] = 1, c.eo[8] = 1;
    cg3_cube d = cgi_tp_sym_conj(sy, k, &c);
    for (int j = 0; j < TP_SYMS; j++) {
        cg3_cube e = cgi_tp_sym_conj(sy, j, &d);
        if (same(&e, &c))
            return j;
    }
    return -1;
}

cg_status cgi_tp_sym_build(uint8_t *payload, const cg3_tables *model, tp_build_stats *stats,
                           int threads, const cgi_progress *pr, cg_error *err)
{
    tp_syms sy;
    cgi_tp_syms(model, &sy);
    uint32_t *fs_class = (uint32_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_FS_CLASS));
    uint8_t *fs_sym = malloc(TP_FS); /* merged into fs_class once the classes are known */
    uint16_t *tw_conj = (uint16_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_TW_CONJ));
    uint8_t *packed = payload + cgi_tp_seg_offset(TP_SEG_P1);
    const uint16_t *twist_mv = (const uint16_t *)(const void *)(payload + cgi_tp_seg_offset(TP_SEG_TWIST_MV));
    const uint16_t *flip_mv = (const uint16_t *)(const void *)(payload + cgi_tp_seg_offset(TP_SEG_FLIP_MV));
    const uint16_t *slice_mv = (const uint16_t *)(const void *)(payload + cgi_tp_seg_offset(TP_SEG_SLICE_MV));

    /* twist through each symmetry: tw_conj[k][tw] is the twist of S_k^-1 c S_k */
    for (int tw = 0; tw < TP_TWIST; tw++) {
        cg3_cube c = cg3_cube_home();
        cgi_tp_set_twist(&c, tw);
        for (int k = 0; k < TP_SYMS; k++) {
            cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
            tw_conj[k * TP_TWIST + tw] = (uint16_t)cgi_tp_twist(&d);
        }
    }
    /* classes: the first flipslice met in each is its representative; fs_sym says which
       symmetry turns a member into its representative */
    uint32_t *rep = malloc(sizeof *rep * TP_FS_CLASSES);
    uint16_t *stab = malloc(sizeof *stab * TP_FS_CLASSES); /* symmetries that fix the representative, as bits */
    uint8_t *dist = malloc((size_t)TP_FS_CLASSES * TP_TWIST);
    if (!rep || !stab || !dist || !fs_sym) {
        free(fs_sym);
        free(rep);
        free(stab);
        free(dist);
        return cg_fail(err, CG_ERR_NOMEM, "no memory to build the phase-1 table");
    }
    int inv[TP_SYMS];
    for (int k = 0; k < TP_SYMS; k++)
        inv[k] = cgi_tp_sym_inverse(&sy, k);
    memset(fs_class, 0xFF, sizeof *fs_class * TP_FS);
    uint32_t ncls = 0;
    for (int fs = 0; fs < TP_FS; fs++) {
        if (fs_class[fs] != UINT32_MAX)
            continue;
        if (ncls == TP_FS_CLASSES) {
            ncls++;
            break;
        }
        cg3_cube c;
        fs_cube(&c, fs);
        rep[ncls] = (uint32_t)fs;
        stab[ncls] = 0;
        for (int k = 0; k < TP_SYMS; k++) {
            cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
            int f = fs_of(&d);
            if (f == fs)
                stab[ncls] |= (uint16_t)(1u << k);
            if (fs_class[f] == UINT32_MAX) {
                fs_class[f] = ncls;
                fs_sym[f] = (uint8_t)inv[k]; /* S_k d S_k^-1 = c */
            }
        }
        ncls++;
    }
    if (ncls != TP_FS_CLASSES || cgi_progress_cancelled(pr)) { /* a stop: before the BFS */
        free(fs_sym);
        free(rep);
        free(stab);
        free(dist);
        return ncls != TP_FS_CLASSES
                   ? cg_fail(err, CG_ERR_SYSTEM, "%u flipslice classes, expected %d", ncls, TP_FS_CLASSES)
                   : cg_fail(err, CG_ERR_SYSTEM, "the 3x3 table build was stopped");
    }
    /* breadth-first from G1, a byte per entry while building; twist innermost, so each step
       writes inside one class's 2187-byte block */
    uint16_t *tmv = malloc(sizeof *tmv * TP_MOVES * TP_TWIST);
    uint32_t *next = malloc(sizeof *next * TP_MOVES * TP_FS_CLASSES);
    if (!tmv || !next) {
        free(fs_sym);
        free(rep);
        free(stab);
        free(dist);
        free(tmv);
        free(next);
        return cg_fail(err, CG_ERR_NOMEM, "no memory to build the phase-1 table");
    }
    for (int tw = 0; tw < TP_TWIST; tw++)
        for (int m = 0; m < TP_MOVES; m++)
            tmv[m * TP_TWIST + tw] = twist_mv[tw * TP_MOVES + m];
    for (uint32_t cls = 0; cls < TP_FS_CLASSES; cls++) {
        int sl = (int)rep[cls] / TP_FLIP, fl = (int)rep[cls] % TP_FLIP;
        for (int m = 0; m < TP_MOVES; m++) {
            int fs2 = slice_mv[sl * TP_MOVES + m] * TP_FLIP + flip_mv[fl * TP_MOVES + m];
            next[cls * TP_MOVES + m] = fs_class[fs2] << TP_SYM_BITS | fs_sym[fs2];
        }
    }
    size_t total = (size_t)TP_FS_CLASSES * TP_TWIST;
    int home_fs = cgi_tp_slice_home() * TP_FLIP;
    tp_bfs b = {.dist = dist, .classes = TP_FS_CLASSES, .inner = TP_TWIST, .nmoves = TP_MOVES,
                .next = next, .inner_mv = tmv, .conj = tw_conj, .stab = stab,
                .start = (size_t)fs_class[home_fs] * TP_TWIST + tw_conj[fs_sym[home_fs] * TP_TWIST],
                .phase = "3x3 phase-1 table"};
    int depth = 0;
    cg_status st = cgi_tp_bfs(&b, threads, pr, &depth, err);
    free(next);
    free(tmv);
    if (st != CG_OK) {
        free(fs_sym);
        free(rep);
        free(stab);
        free(dist);
        return st;
    }
    cgi_progress_say(pr, "3x3 phase-1 table", 1);
    if (stats)
        stats->p1_depth = depth;
    memset(packed, 0, cgi_tp_seg_bytes(TP_SEG_P1));
    uint32_t *twelve = (uint32_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_P1_TWELVE));
    size_t unreached = 0, twelves = 0;
    for (size_t i = 0; i < total; i++) {
        if (dist[i] == 0xFF)
            unreached++;
        if (dist[i] == 12 && twelves++ < TP_P1_TWELVES)
            twelve[twelves - 1] = (uint32_t)i;
        int code = dist[i] == TP_P1_TEN ? 3 : dist[i] % 3;
        packed[i >> 2] |= (uint8_t)(code << (2 * (i & 3)));
    }
    for (int fs = 0; fs < TP_FS; fs++)
        fs_class[fs] = fs_class[fs] << TP_SYM_BITS | fs_sym[fs];
    free(fs_sym);
    free(rep);
    free(stab);
    free(dist);
    if (unreached)
        return cg_fail(err, CG_ERR_SYSTEM, "the phase-1 table left %zu entries unreached", unreached);
    if (depth != 12 || twelves != TP_P1_TWELVES)
        return cg_fail(err, CG_ERR_SYSTEM, "%zu phase-1 entries at distance 12 of %d at most, "
                       "expected %d at 12", twelves, depth, TP_P1_TWELVES);
    return CG_OK;
}

/* Phase 2's table, the same way: corner permutations fall into TP_CP_CLASSES classes under the
 * 16 symmetries (which map G1 and its moves onto themselves), and the table holds, for each
 * (class, U/D edges as seen through the symmetry that maps the corners onto the
 * representative), the exact phase-2 distance of corners and U/D edges mod 3. */
cg_status cgi_tp_sym_build2(uint8_t *payload, const cg3_tables *model, tp_build_stats *stats,
                            int threads, const cgi_progress *pr, cg_error *err)
{
    tp_syms sy;
    cgi_tp_syms(model, &sy);
    uint32_t *cp_cs = (uint32_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_CP_CLASS));
    uint16_t *ep_conj = (uint16_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_EP_CONJ));
    uint8_t *packed = payload + cgi_tp_seg_offset(TP_SEG_P2);
    const uint16_t *cp_mv = (const uint16_t *)(const void *)(payload + cgi_tp_seg_offset(TP_SEG_CP_MV));
    const uint16_t *ep_mv = (const uint16_t *)(const void *)(payload + cgi_tp_seg_offset(TP_SEG_EP_MV));

    for (int ep = 0; ep < TP_EP; ep++) {
        cg3_cube c = cg3_cube_home();
        cgi_tp_set_ep(&c, ep);
        for (int k = 0; k < TP_SYMS; k++) {
            cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
            ep_conj[k * TP_EP + ep] = (uint16_t)cgi_tp_ep(&d);
        }
    }
    int inv[TP_SYMS];
    for (int k = 0; k < TP_SYMS; k++)
        inv[k] = cgi_tp_sym_inverse(&sy, k);
    size_t total = (size_t)TP_CP_CLASSES * TP_EP;
    uint32_t *rep = malloc(sizeof *rep * TP_CP_CLASSES);
    uint16_t *stab = malloc(sizeof *stab * TP_CP_CLASSES);
    uint16_t *emv = malloc(sizeof *emv * TP_P2MOVES * TP_EP);
    uint8_t *dist = malloc(total);
    uint32_t *next = malloc(sizeof *next * TP_P2MOVES * TP_CP_CLASSES);
    cg_status st = CG_OK;
    if (!rep || !stab || !emv || !dist || !next) {
        st = cg_fail(err, CG_ERR_NOMEM, "no memory to build the phase-2 table");
        goto out;
    }
    memset(cp_cs, 0xFF, sizeof *cp_cs * TP_CP);
    uint32_t ncls = 0;
    for (int cp = 0; cp < TP_CP; cp++) {
        if (cp_cs[cp] != UINT32_MAX)
            continue;
        if (ncls == TP_CP_CLASSES) {
            ncls++;
            break;
        }
        cg3_cube c = cg3_cube_home();
        cgi_tp_set_cp(&c, cp);
        rep[ncls] = (uint32_t)cp;
        stab[ncls] = 0;
        for (int k = 0; k < TP_SYMS; k++) {
            cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
            int x = cgi_tp_cp(&d);
            if (x == cp)
                stab[ncls] |= (uint16_t)(1u << k);
            if (cp_cs[x] == UINT32_MAX)
                cp_cs[x] = ncls << TP_SYM_BITS | (uint32_t)inv[k];
        }
        ncls++;
    }
    if (ncls != TP_CP_CLASSES) {
        st = cg_fail(err, CG_ERR_SYSTEM, "%u corner-permutation classes, expected %d", ncls,
                     TP_CP_CLASSES);
        goto out;
    }
    for (int ep = 0; ep < TP_EP; ep++)
        for (int k = 0; k < TP_P2MOVES; k++)
            emv[k * TP_EP + ep] = ep_mv[ep * TP_P2MOVES + k];
    for (uint32_t cls = 0; cls < TP_CP_CLASSES; cls++)
        for (int k = 0; k < TP_P2MOVES; k++)
            next[cls * TP_P2MOVES + k] = cp_cs[cp_mv[rep[cls] * TP_P2MOVES + k]];
    tp_bfs b = {.dist = dist, .classes = TP_CP_CLASSES, .inner = TP_EP, .nmoves = TP_P2MOVES,
                .next = next, .inner_mv = emv, .conj = ep_conj, .stab = stab,
                .start = (size_t)(cp_cs[0] >> TP_SYM_BITS) * TP_EP + ep_conj[(cp_cs[0] & 15) * TP_EP],
                .phase = "3x3 phase-2 table"};
    int depth = 0;
    st = cgi_tp_bfs(&b, threads, pr, &depth, err);
    if (st != CG_OK)
        goto out;
    if (stats)
        stats->p2_depth = depth;
    const uint8_t *hole = memchr(dist, 0xFF, total);
    if (hole) {
        st = cg_fail(err, CG_ERR_SYSTEM, "the phase-2 table left entry %zu unreached",
                     (size_t)(hole - dist));
        goto out;
    }
    memset(packed, 0, cgi_tp_seg_bytes(TP_SEG_P2));
    for (size_t i = 0; i < total; i++)
        packed[i >> 2] |= (uint8_t)((dist[i] == TP_P2_TWELVE ? 3 : dist[i] % 3) << (2 * (i & 3)));
out:
    free(rep);
    free(stab);
    free(emv);
    free(dist);
    free(next);
    return st;
}

/* ---- the near table ---- */

/* Raw phase-1 states (flipslice * TP_TWIST + twist, plus one so that 0 is free) seen by the
 * breadth-first walk below: open addressing, sized for the 1,138,856 states within six moves
 * of G1 at a load under one third. */
enum { SEEN_BITS = 22, SEEN_SLOTS = 1 << SEEN_BITS, LAYER_MAX = 1 << 21 };

static bool seen_add(uint32_t *seen, uint32_t key)
{
    uint32_t h = (key * 2654435761u) >> (32 - SEEN_BITS);
    while (seen[h] != 0 && seen[h] != key + 1)
        h = (h + 1) & (SEEN_SLOTS - 1);
    if (seen[h] != 0)
        return false;
    seen[h] = key + 1;
    return true;
}

/* Puts entry i's distance and moves down in its slot; a second raw cube of the same entry
 * must agree (it is the same cube seen through a symmetry of the representative). */
static bool near_put(uint64_t *near, uint32_t i, uint64_t value, uint32_t *entries)
{
    uint32_t h = cgi_tp_near_probe(near, i);
    if (near[h] != 0) /* i's own slot, or a full table */
        return (uint32_t)(near[h] >> 32) == i + 1 && (near[h] & 0xFFFFFFFFu) == value;
    if (++*entries > TP_NEAR_SLOTS * 3 / 4)
        return false;
    near[h] = (uint64_t)(i + 1) << 32 | value;
    return true;
}

/* The near table is filled from the raw cubes (every flipslice, not only representatives),
 * breadth-first from G1, so each is reached at its distance; a cube's moves down are the
 * children whose residue is one less, and they are stored as seen from its entry's cube:
 * move m of the raw cube is move S_k^-1 m S_k there. */
cg_status cgi_tp_near_build(uint8_t *payload, const cg3_tables *model, const cgi_progress *pr,
                            cg_error *err)
{
    tp_syms sy;
    cgi_tp_syms(model, &sy);
    uint8_t *sym_mv = payload + cgi_tp_seg_offset(TP_SEG_SYM_MV);
    for (int k = 0; k < TP_SYMS; k++)
        for (int m = 0; m < TP_MOVES; m++) {
            int hit = cgi_tp_sym_move(model, &sy, k, m);
            if (hit < 0)
                return cg_fail(err, CG_ERR_SYSTEM, "symmetry %d turns move %d into no face turn", k, m);
            sym_mv[k * TP_MOVES + m] = (uint8_t)hit;
        }
    tp_tables t;
    cgi_tp_tables_point(&t, payload);
    uint64_t *near = (uint64_t *)(void *)(payload + cgi_tp_seg_offset(TP_SEG_NEAR));
    memset(near, 0, cgi_tp_seg_bytes(TP_SEG_NEAR));
    uint32_t *seen = calloc(SEEN_SLOTS, sizeof *seen);
    uint32_t *layer = malloc(sizeof *layer * LAYER_MAX), *next = malloc(sizeof *next * LAYER_MAX);
    if (!seen || !layer || !next) {
        free(seen);
        free(layer);
        free(next);
        return cg_fail(err, CG_ERR_NOMEM, "no memory to build the near table");
    }
    cg_status st = CG_OK;
    uint32_t entries = 0, n = 1, home = (uint32_t)cgi_tp_slice_home() * TP_FLIP * TP_TWIST;
    layer[0] = home;
    seen_add(seen, home);
    if (!near_put(near, (uint32_t)cgi_tp_p1_index(&t, (int)(home / TP_TWIST), 0), 0, &entries))
        st = cg_fail(err, CG_ERR_SYSTEM, "the near table has no room for G1");
    for (int d = 0; d < TP_NEAR_DEPTH && st == CG_OK; d++) {
        cgi_progress_say(pr, "3x3 near table", (double)d / TP_NEAR_DEPTH);
        uint32_t found = 0;
        for (uint32_t j = 0; j < n && st == CG_OK; j++) {
            int fs = (int)(layer[j] / TP_TWIST), tw = (int)(layer[j] % TP_TWIST);
            int sl = fs / TP_FLIP, fl = fs % TP_FLIP;
            for (int m = 0; m < TP_MOVES && st == CG_OK; m++) {
                int sl2 = t.slice_mv[sl * TP_MOVES + m], fl2 = t.flip_mv[fl * TP_MOVES + m];
                int fs2 = sl2 * TP_FLIP + fl2, tw2 = t.twist_mv[tw * TP_MOVES + m];
                uint32_t key = (uint32_t)fs2 * TP_TWIST + (uint32_t)tw2;
                if (!seen_add(seen, key))
                    continue;
                if (found == LAYER_MAX) {
                    st = cg_fail(err, CG_ERR_SYSTEM, "more cubes at distance %d than expected", d + 1);
                    break;
                }
                next[found++] = key;
                const uint8_t *conj = sym_mv + cgi_tp_fs_sym(&t, fs2) * TP_MOVES;
                uint64_t down = 0;
                for (int m2 = 0; m2 < TP_MOVES; m2++) {
                    int fs3 = t.slice_mv[sl2 * TP_MOVES + m2] * TP_FLIP + t.flip_mv[fl2 * TP_MOVES + m2];
                    if (cgi_tp_p1_mod3(&t, fs3, t.twist_mv[tw2 * TP_MOVES + m2]) == d % 3)
                        down |= 1u << conj[m2];
                }
                if (!near_put(near, (uint32_t)cgi_tp_p1_index(&t, fs2, tw2), (uint64_t)(d + 1) << 24 | down,
                              &entries))
                    st = cg_fail(err, CG_ERR_SYSTEM, "the near table is full or disagrees with itself");
            }
        }
        uint32_t *x = layer;
        layer = next;
        next = x;
        n = found;
    }
    if (st == CG_OK)
        cgi_progress_say(pr, "3x3 near table", 1);
    free(seen);
    free(layer);
    free(next);
    return st;
}

/* ---- the six sides a cube is searched from (both solvers) ---- */

/* The six sides' cubes: c and its inverse, each turned by rot[0..2] (conjugated). */
void cgi_tp_variants(const cg3_twophase *s, const cg3_cube *c, cg3_cube out[TP_VARIANTS])
{
    cg3_cube inv = cg3_cube_inverse(c);
    for (int v = 0; v < TP_VARIANTS; v++) {
        int r = v % 3;
        cg3_cube x = cg3_cube_mul(&s->rot_inv[r], v < 3 ? c : &inv);
        out[v] = cg3_cube_mul(&x, &s->rot[r]);
    }
}

int cgi_tp_read_back(const cg3_twophase *s, int variant, const cg_move *seq, int n, cg_move *out)
{
    const uint8_t *back = s->move_back[variant % 3];
    for (int i = 0; i < n; i++) { /* the inverse's: the moves backwards, each undone */
        cg_move m = variant >= 3 ? (cg_move)back[seq[n - 1 - i]] : (cg_move)back[seq[i]];
        out[i] = variant >= 3 ? (cg_move)(m / 3 * 3 + (2 - m % 3)) : m;
    }
    return n;
}

int cgi_tp_merge_turns(cg_move *seq, int n)
{
    bool again = true;
    while (again) {
        again = false;
        for (int i = 0; i + 1 < n && !again; i++) {
            int j = i + 1;
            if (seq[j] / 3 != seq[i] / 3 && j + 1 < n && seq[j] / 3 == (seq[i] / 3 ^ 1))
                j++;
            if (seq[j] / 3 != seq[i] / 3)
                continue;
            int turns = (seq[i] % 3 + seq[j] % 3 + 2) % 4; /* quarter turns, each m % 3 + 1 */
            memmove(&seq[j], &seq[j + 1], sizeof *seq * (size_t)(n - j - 1));
            n--;
            if (turns == 0) {
                memmove(&seq[i], &seq[i + 1], sizeof *seq * (size_t)(n - i - 1));
                n--;
            } else {
                seq[i] = (cg_move)(seq[i] / 3 * 3 + turns - 1);
            }
            again = true;
        }
    }
    return n;
}
