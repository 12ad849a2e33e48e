/* The 3x3 model: every move is built from nine rings of facelets and six face grids; the piece
 * states are read off the facelet permutations, so the two levels cannot disagree. */
#include "cubegod/cube3.h"

#include <stdlib.h>
#include <string.h>

enum { U, D, F, B, L, R };
#define FL(face, row, col) ((face) * 9 + (row) * 3 + (col))
#define ROW(face, row) FL(face, row, 0), FL(face, row, 1), FL(face, row, 2)
#define COL(face, col) FL(face, 0, col), FL(face, 1, col), FL(face, 2, col)
#define ROW_REV(face, row) FL(face, row, 2), FL(face, row, 1), FL(face, row, 0)
#define COL_REV(face, col) FL(face, 2, col), FL(face, 1, col), FL(face, 0, col)

/* The twelve facelets around a layer, listed so that a clockwise quarter turn of the layer
 * (as its base turns) moves ring[i] to ring[(i + 3) % 12]. Slice rings pass through centres. */
enum { RING_U, RING_D, RING_F, RING_B, RING_L, RING_R, RING_M, RING_E, RING_S, RINGS };
static const uint8_t RING[RINGS][12] = {
    [RING_U] = {ROW(F, 0), ROW(L, 0), ROW(B, 0), ROW(R, 0)},
    [RING_D] = {ROW(F, 2), ROW(R, 2), ROW(B, 2), ROW(L, 2)},
    [RING_F] = {ROW(U, 2), COL(R, 0), ROW_REV(D, 0), COL_REV(L, 2)},
    [RING_B] = {ROW_REV(U, 0), COL(L, 0), ROW(D, 2), COL_REV(R, 2)},
    [RING_L] = {COL(U, 0), COL(F, 0), COL(D, 0), COL_REV(B, 2)},
    [RING_R] = {COL(F, 2), COL(U, 2), COL_REV(B, 0), COL(D, 2)},
    [RING_M] = {COL(U, 1), COL(F, 1), COL(D, 1), COL_REV(B, 1)},
    [RING_E] = {ROW(F, 1), ROW(R, 1), ROW(B, 1), ROW(L, 1)},
    [RING_S] = {ROW(U, 1), COL(R, 1), ROW_REV(D, 1), COL_REV(L, 1)},
};

/* Each base as layers turning together: a face (its grid and its ring), a slice ring, and the
 * turns of each (1 or 3). Rotations and wide moves are faces and slices at once. */
typedef struct layer {
    int8_t face, ring, turns; /* face -1: no grid turns */
} layer;
static const layer BASE_LAYERS[CG3_BASES][3] = {
    [CG3_U] = {{U, RING_U, 1}},
    [CG3_D] = {{D, RING_D, 1}},
    [CG3_F] = {{F, RING_F, 1}},
    [CG3_B] = {{B, RING_B, 1}},
    [CG3_L] = {{L, RING_L, 1}},
    [CG3_R] = {{R, RING_R, 1}},
    [CG3_M] = {{-1, RING_M, 1}},
    [CG3_E] = {{-1, RING_E, 1}},
    [CG3_S] = {{-1, RING_S, 1}},
    [CG3_X] = {{R, RING_R, 1}, {-1, RING_M, 3}, {L, RING_L, 3}},
    [CG3_Y] = {{U, RING_U, 1}, {-1, RING_E, 3}, {D, RING_D, 3}},
    [CG3_Z] = {{F, RING_F, 1}, {-1, RING_S, 1}, {B, RING_B, 3}},
    [CG3_UW] = {{U, RING_U, 1}, {-1, RING_E, 3}},
    [CG3_DW] = {{D, RING_D, 1}, {-1, RING_E, 1}},
    [CG3_FW] = {{F, RING_F, 1}, {-1, RING_S, 1}},
    [CG3_BW] = {{B, RING_B, 1}, {-1, RING_S, 3}},
    [CG3_LW] = {{L, RING_L, 1}, {-1, RING_M, 1}},
    [CG3_RW] = {{R, RING_R, 1}, {-1, RING_M, 3}},
};

static const char *const BASE_NAME[CG3_BASES] = {
    "U", "D", "F", "B", "L", "R", "M", "E", "S", "x", "y", "z", "Uw", "Dw", "Fw", "Bw", "Lw", "Rw",
};

static const uint8_t CORNER_FL[CG3_CORNERS][3] = {
    {FL(U, 2, 2), FL(R, 0, 0), FL(F, 0, 2)}, /* UFR, read URF */
    {FL(U, 0, 2), FL(B, 0, 0), FL(R, 0, 2)}, /* UBR */
    {FL(U, 0, 0), FL(L, 0, 0), FL(B, 0, 2)}, /* UBL, read ULB */
    {FL(U, 2, 0), FL(F, 0, 0), FL(L, 0, 2)}, /* UFL */
    {FL(D, 0, 2), FL(F, 2, 2), FL(R, 2, 0)}, /* DFR */
    {FL(D, 2, 2), FL(R, 2, 2), FL(B, 2, 0)}, /* DBR, read DRB */
    {FL(D, 2, 0), FL(B, 2, 2), FL(L, 2, 0)}, /* DBL */
    {FL(D, 0, 0), FL(L, 2, 2), FL(F, 2, 0)}, /* DFL, read DLF */
};
static const char *const CORNER_NAME[CG3_CORNERS] = {
    "URF", "UBR", "ULB", "UFL", "DFR", "DRB", "DBL", "DLF",
};

static const uint8_t EDGE_FL[CG3_EDGES][2] = {
    {FL(U, 2, 1), FL(F, 0, 1)}, {FL(U, 1, 2), FL(R, 0, 1)}, /* UF UR */
    {FL(U, 0, 1), FL(B, 0, 1)}, {FL(U, 1, 0), FL(L, 0, 1)}, /* UB UL */
    {FL(F, 1, 2), FL(R, 1, 0)}, {FL(B, 1, 0), FL(R, 1, 2)}, /* FR BR */
    {FL(B, 1, 2), FL(L, 1, 0)}, {FL(F, 1, 0), FL(L, 1, 2)}, /* BL FL */
    {FL(D, 0, 1), FL(F, 2, 1)}, {FL(D, 1, 2), FL(R, 2, 1)}, /* DF DR */
    {FL(D, 2, 1), FL(B, 2, 1)}, {FL(D, 1, 0), FL(L, 2, 1)}, /* DB DL */
};
static const char *const EDGE_NAME[CG3_EDGES] = {
    "UF", "UR", "UB", "UL", "FR", "BR", "BL", "FL", "DF", "DR", "DB", "DL",
};
static const char *const CENTRE_NAME[CG3_CENTRES] = {"U", "D", "F", "B", "L", "R"};

const char *cg3_base_name(int base) { return BASE_NAME[base]; }
const uint8_t *cg3_corner_facelets(int corner) { return CORNER_FL[corner]; }
const uint8_t *cg3_edge_facelets(int edge) { return EDGE_FL[edge]; }
const char *cg3_corner_name(int corner) { return CORNER_NAME[corner]; }
const char *cg3_edge_name(int edge) { return EDGE_NAME[edge]; }
const char *cg3_centre_name(int centre) { return CENTRE_NAME[centre]; }

/* ---- facelets ---- */

cg3_perm cg3_perm_identity(void)
{
    cg3_perm p;
    for (int i = 0; i < CG3_FACELETS; i++)
        p.src[i] = (uint8_t)i;
    return p;
}

cg3_perm cg3_perm_mul(const cg3_perm *a, const cg3_perm *b)
{
    cg3_perm p;
    for (int i = 0; i < CG3_FACELETS; i++)
        p.src[i] = a->src[b->src[i]];
    return p;
}

void cg3_perm_apply(const cg3_perm *p, uint8_t f[CG3_FACELETS])
{
    uint8_t old[CG3_FACELETS];
    memcpy(old, f, sizeof old);
    for (int i = 0; i < CG3_FACELETS; i++)
        f[i] = old[p->src[i]];
}

bool cg3_facelets_solved(const uint8_t f[CG3_FACELETS])
{
    for (int face = 0; face < 6; face++)
        for (int i = 1; i < 9; i++)
            if (f[face * 9 + i] != f[face * 9])
                return false;
    return true;
}

/* One clockwise quarter turn of a layer: its ring, and the face grid when it has one. */
static cg3_perm layer_quarter(int face, int ring)
{
    cg3_perm p = cg3_perm_identity();
    for (int i = 0; i < 12; i++)
        p.src[RING[ring][(i + 3) % 12]] = RING[ring][i];
    if (face >= 0)
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) /* clockwise: (r, c) goes to (c, 2 - r) */
                p.src[FL(face, c, 2 - r)] = (uint8_t)FL(face, r, c);
    return p;
}

static cg3_perm base_quarter(int base)
{
    cg3_perm p = cg3_perm_identity();
    for (int k = 0; k < 3 && BASE_LAYERS[base][k].turns; k++) {
        const layer *l = &BASE_LAYERS[base][k];
        cg3_perm q = layer_quarter(l->face, l->ring);
        for (int t = 0; t < l->turns; t++)
            p = cg3_perm_mul(&p, &q);
    }
    return p;
}

/* ---- pieces ---- */

cg3_cube cg3_cube_home(void)
{
    cg3_cube c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < CG3_CORNERS; i++)
        c.cp[i] = (uint8_t)i;
    for (int i = 0; i < CG3_EDGES; i++)
        c.ep[i] = (uint8_t)i;
    for (int i = 0; i < CG3_CENTRES; i++)
        c.xp[i] = (uint8_t)i;
    return c;
}

cg3_cube cg3_cube_mul(const cg3_cube *a, const cg3_cube *b)
{
    cg3_cube c;
    for (int i = 0; i < CG3_CORNERS; i++) {
        c.cp[i] = a->cp[b->cp[i]];
        c.co[i] = (uint8_t)((a->co[b->cp[i]] + b->co[i]) % 3);
    }
    for (int i = 0; i < CG3_EDGES; i++) {
        c.ep[i] = a->ep[b->ep[i]];
        c.eo[i] = a->eo[b->ep[i]] ^ b->eo[i];
    }
    for (int i = 0; i < CG3_CENTRES; i++)
        c.xp[i] = a->xp[b->xp[i]];
    return c;
}

void cg3_cube_apply(const cg3_tables *t, cg3_cube *c, cg3_move m)
{
    *c = cg3_cube_mul(c, &t->cube[m]);
}

bool cg3_cube_is_home(const cg3_cube *c)
{
    cg3_cube h = cg3_cube_home();
    return memcmp(c, &h, sizeof h) == 0;
}

/* Which piece slot (of n, each with k facelets) holds facelet f, and at which index; -1 if none. */
static int slot_of(const uint8_t *table, int n, int k, int f, int *index)
{
    for (int s = 0; s < n; s++)
        for (int j = 0; j < k; j++)
            if (table[s * k + j] == f) {
                *index = j;
                return s;
            }
    return -1;
}

/* The slot whose reference facelet (index 0) p moves to facelet `to` of slot q gives the piece at
 * q; the index of the facelet where that reference lands is its orientation. */
static void read_pieces(const cg3_perm *p, const uint8_t *table, int n, int k, uint8_t *perm,
                        uint8_t *ori)
{
    for (int q = 0; q < n; q++) {
        int j = 0;
        int from = slot_of(table, n, k, p->src[table[q * k]], &j);
        perm[q] = (uint8_t)from;
        /* Rotations keep a slot's cyclic order, so reference index 0 sits at index (k - j) % k. */
        if (ori)
            ori[q] = (uint8_t)((k - j) % k);
    }
}

cg3_cube cg3_cube_from_perm(const cg3_perm *p)
{
    cg3_cube c;
    read_pieces(p, &CORNER_FL[0][0], CG3_CORNERS, 3, c.cp, c.co);
    read_pieces(p, &EDGE_FL[0][0], CG3_EDGES, 2, c.ep, c.eo);
    static const uint8_t centre_fl[CG3_CENTRES] = {4, 13, 22, 31, 40, 49};
    read_pieces(p, centre_fl, CG3_CENTRES, 1, c.xp, NULL);
    return c;
}

cg_status cg3_tables_new(cg3_tables **out, cg_error *err)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for the 3x3 move tables");
    cg3_tables_init(*out);
    return CG_OK;
}

void cg3_tables_free(cg3_tables *t)
{
    free(t);
}

void cg3_tables_init(cg3_tables *t)
{
    for (int base = 0; base < CG3_BASES; base++) {
        cg3_perm q = base_quarter(base);
        cg3_perm p = cg3_perm_identity();
        for (int turns = 0; turns < 4; turns++) {
            t->perm[base * 4 + turns] = p;
            t->cube[base * 4 + turns] = cg3_cube_from_perm(&p);
            p = cg3_perm_mul(&p, &q);
        }
    }
}

cg3_cube cg3_cube_inverse(const cg3_cube *c)
{
    cg3_cube r;
    for (int i = 0; i < CG3_CORNERS; i++) {
        r.cp[c->cp[i]] = (uint8_t)i;
        r.co[c->cp[i]] = (uint8_t)((3 - c->co[i]) % 3);
    }
    for (int i = 0; i < CG3_EDGES; i++) {
        r.ep[c->ep[i]] = (uint8_t)i;
        r.eo[c->ep[i]] = c->eo[i];
    }
    for (int i = 0; i < CG3_CENTRES; i++)
        r.xp[c->xp[i]] = (uint8_t)i;
    return r;
}

void cg3_cube_apply_face_turns(const cg3_tables *t, cg3_cube *c, const cg_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cg3_cube_apply(t, c, cg3_move_from_face_turn(moves[i]));
}

/* ---- real cubes ---- */

/* Fisher-Yates; returns the permutation's parity (0 even, 1 odd). */
static int shuffle(cg_rng *r, uint8_t *a, int n)
{
    int parity = 0;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)cg_rng_below(r, (uint64_t)i + 1);
        if (j != i) {
            uint8_t t = a[i];
            a[i] = a[j];
            a[j] = t;
            parity ^= 1;
        }
    }
    return parity;
}

cg3_cube cg3_cube_random(cg_rng *r)
{
    cg3_cube c = cg3_cube_home();
    int cpar = shuffle(r, c.cp, CG3_CORNERS);
    int epar = shuffle(r, c.ep, CG3_EDGES);
    if (cpar != epar) { /* one more edge swap: every edge permutation of the right parity stays
                           equally likely, as swapping is a bijection between the two halves */
        uint8_t t = c.ep[0];
        c.ep[0] = c.ep[1];
        c.ep[1] = t;
    }
    unsigned twist = 0, flip = 0;
    for (int i = 0; i < CG3_CORNERS - 1; i++)
        twist += c.co[i] = (uint8_t)cg_rng_below(r, 3);
    c.co[CG3_CORNERS - 1] = (uint8_t)((3 - twist % 3) % 3);
    for (int i = 0; i < CG3_EDGES - 1; i++)
        flip += c.eo[i] = (uint8_t)cg_rng_below(r, 2);
    c.eo[CG3_EDGES - 1] = (uint8_t)(flip & 1);
    return c;
}

/* The parity (0 even, 1 odd) of a[0..n) when it is a permutation of 0..n-1; -1 otherwise, with
 * the first piece present twice in *twice and the first missing one in *missing (-1 when a
 * number is out of range). */
static int perm_parity(const uint8_t *a, int n, int *missing, int *twice)
{
    unsigned seen = 0;
    *missing = *twice = -1;
    for (int i = 0; i < n; i++) {
        if (a[i] >= n)
            return -1;
        if ((seen & (1u << a[i])) && *twice < 0)
            *twice = a[i];
        seen |= 1u << a[i];
    }
    if (*twice >= 0) {
        for (int p = 0; p < n && *missing < 0; p++)
            if (!(seen & (1u << p)))
                *missing = p;
        return -1;
    }
    int parity = 0;
    unsigned done = 0;
    for (int i = 0; i < n; i++) /* a cycle of length k is k - 1 transpositions */
        for (int j = i; !(done & (1u << j)); j = a[j]) {
            done |= 1u << j;
            parity ^= j != i;
        }
    return parity;
}

cg_status cg3_cube_check(const cg3_cube *c, cg_error *err)
{
    for (int i = 0; i < CG3_CENTRES; i++)
        if (c->xp[i] != i)
            return cg_fail(err, CG_ERR_INPUT, "centre %s has moved: face turns never move centres",
                           CENTRE_NAME[i]);
    int missing, twice;
    int cpar = perm_parity(c->cp, CG3_CORNERS, &missing, &twice);
    if (cpar < 0 && twice < 0)
        return cg_fail(err, CG_ERR_INPUT, "a corner piece number is out of range");
    if (cpar < 0)
        return cg_fail(err, CG_ERR_INPUT, "corner %s appears twice and corner %s nowhere",
                       CORNER_NAME[twice], CORNER_NAME[missing]);
    int epar = perm_parity(c->ep, CG3_EDGES, &missing, &twice);
    if (epar < 0 && twice < 0)
        return cg_fail(err, CG_ERR_INPUT, "an edge piece number is out of range");
    if (epar < 0)
        return cg_fail(err, CG_ERR_INPUT, "edge %s appears twice and edge %s nowhere",
                       EDGE_NAME[twice], EDGE_NAME[missing]);
    unsigned twist = 0, flip = 0;
    for (int i = 0; i < CG3_CORNERS; i++) {
        if (c->co[i] > 2)
            return cg_fail(err, CG_ERR_INPUT, "corner %s has twist %d (0..2)", CORNER_NAME[i], c->co[i]);
        twist += c->co[i];
    }
    for (int i = 0; i < CG3_EDGES; i++) {
        if (c->eo[i] > 1)
            return cg_fail(err, CG_ERR_INPUT, "edge %s has flip %d (0..1)", EDGE_NAME[i], c->eo[i]);
        flip += c->eo[i];
    }
    if (twist % 3)
        return cg_fail(err, CG_ERR_INPUT,
                       "the corner twists add up to %u mod 3: a corner is twisted in place", twist % 3);
    if (flip % 2)
        return cg_fail(err, CG_ERR_INPUT, "the edge flips add up to 1 mod 2: an edge is flipped in place");
    if (cpar != epar)
        return cg_fail(err, CG_ERR_INPUT,
                       "the corner and edge permutations have different parity: two pieces are swapped");
    return CG_OK;
}
