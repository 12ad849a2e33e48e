/* Coordinates and the small tables derived from the cube model (see coord.h). */
#include <string.h>

#include "solver/coord.h"

/* The seven slots other than DBL, in coordinate order. */
static const uint8_t SLOTS7[7] = {CG_URF, CG_UFL, CG_ULB, CG_UBR, CG_DFR, CG_DLF, CG_DRB};
static const uint8_t PIECE_INDEX7[CG_CORNERS] = {0, 1, 2, 3, 4, 5, 7, 6}; /* DBL unused */

/* Lehmer rank of the permutation of the seven pieces in SLOTS7. */
static unsigned perm7_rank(const cg_cube *c)
{
    unsigned rank = 0;
    for (int i = 0; i < 7; i++) {
        unsigned smaller = 0;
        for (int j = i + 1; j < 7; j++)
            smaller += PIECE_INDEX7[c->perm[SLOTS7[j]]] < PIECE_INDEX7[c->perm[SLOTS7[i]]];
        rank = rank * (unsigned)(7 - i) + smaller;
    }
    return rank;
}

static void perm7_unrank(unsigned rank, cg_cube *c)
{
    uint8_t digits[7];
    for (int i = 6; i >= 0; i--) {
        digits[i] = (uint8_t)(rank % (unsigned)(7 - i));
        rank /= (unsigned)(7 - i);
    }
    uint8_t left[7] = {CG_URF, CG_UFL, CG_ULB, CG_UBR, CG_DFR, CG_DLF, CG_DRB};
    int n = 7;
    for (int i = 0; i < 7; i++) {
        c->perm[SLOTS7[i]] = left[digits[i]];
        memmove(left + digits[i], left + digits[i] + 1, (size_t)(n - digits[i] - 1));
        n--;
    }
    c->perm[CG_DBL] = CG_DBL;
}

/* Twists of the first six slots in base 3; DRB's follows from the sum, DBL's is 0. */
static unsigned twist6_rank(const cg_cube *c)
{
    unsigned rank = 0;
    for (int i = 0; i < 6; i++)
        rank = rank * 3 + c->twist[SLOTS7[i]];
    return rank;
}

static void twist6_unrank(unsigned rank, cg_cube *c)
{
    unsigned sum = 0;
    for (int i = 5; i >= 0; i--) {
        c->twist[SLOTS7[i]] = (uint8_t)(rank % 3);
        sum += rank % 3;
        rank /= 3;
    }
    c->twist[CG_DRB] = (uint8_t)((3 - sum % 3) % 3);
    c->twist[CG_DBL] = 0;
}

static int find_move(const cg_cube *x)
{
    for (int m = 0; m < CG_MOVES; m++)
        if (cg_cube_equal(x, cg_move_cube((cg_move)m)))
            return m;
    return -1;
}

static int find_rotation(const cg_coords *c, const cg_cube *x)
{
    for (int i = 0; i < CG_ROTATIONS; i++)
        if (cg_cube_equal(x, &c->rotation[i]))
            return i;
    return -1;
}

/* On a 2x2 a rotation is two opposite face turns: y = U D', x = R L'. */
static cg_status init_rotations(cg_coords *c, cg_error *err)
{
    cg_cube gen[2];
    gen[0] = cg_cube_mul(cg_move_cube(cg_move_make(CG_U, 1)), cg_move_cube(cg_move_make(CG_D, 3)));
    gen[1] = cg_cube_mul(cg_move_cube(cg_move_make(CG_R, 1)), cg_move_cube(cg_move_make(CG_L, 3)));
    int n = 1;
    c->rotation[0] = cg_cube_home();
    for (int i = 0; i < n; i++)
        for (int g = 0; g < 2; g++) {
            cg_cube next = cg_cube_mul(&c->rotation[i], &gen[g]);
            if (find_rotation(c, &next) < 0 && n < CG_ROTATIONS)
                c->rotation[n++] = next;
        }
    if (n != CG_ROTATIONS)
        return cg_fail(err, CG_ERR_SYSTEM, "cube model: %d rotations instead of 24", n);
    for (int a = 0; a < CG_ROTATIONS; a++)
        for (int b = 0; b < CG_ROTATIONS; b++) {
            cg_cube ab = cg_cube_mul(&c->rotation[a], &c->rotation[b]);
            c->rot_mul[a][b] = (uint8_t)find_rotation(c, &ab);
        }
    for (int i = 0; i < CG_ROTATIONS; i++) {
        cg_cube inv = cg_cube_inverse(&c->rotation[i]);
        int slot = inv.perm[CG_DBL];
        c->locate[slot][(3 - inv.twist[CG_DBL]) % 3] = (uint8_t)i;
    }
    return CG_OK;
}

static int view_index(cg_move m)
{
    switch (cg_move_face(m)) {
    case CG_U: return m % 3;
    case CG_F: return 3 + m % 3;
    case CG_R: return 6 + m % 3;
    default: return -1;
    }
}

/* sigma for each view move: the opposite face's turn X equals view move X' then sigma. */
static cg_status init_sigma(cg_coords *c, cg_error *err)
{
    for (int v = 0; v < CG_VIEW_MOVES; v++) {
        const cg_cube *xv = cg_move_cube(cg_view_move_physical(v));
        cg_cube inv = cg_cube_inverse(xv);
        int found = -1;
        for (int m = 0; m < CG_MOVES && found < 0; m++) {
            if (view_index((cg_move)m) >= 0)
                continue;
            cg_cube s = cg_cube_mul(&inv, cg_move_cube((cg_move)m)); /* X'^-1 * X */
            int rot = find_rotation(c, &s);
            if (rot >= 0 && cg_move_face((cg_move)m) == (cg_move_face(cg_view_move_physical(v)) ^ 1))
                found = rot;
        }
        if (found < 0)
            return cg_fail(err, CG_ERR_SYSTEM, "cube model: no rotation pairs view move %d", v);
        c->sigma[v] = (uint8_t)found;
    }
    return CG_OK;
}

static cg_status init_transitions(cg_coords *c, cg_error *err)
{
    for (int rho = 0; rho < CG_ROTATIONS; rho++) {
        cg_cube inv = cg_cube_inverse(&c->rotation[rho]);
        for (int m = 0; m < CG_MOVES; m++) {
            cg_cube t = cg_cube_mul(&c->rotation[rho], cg_move_cube((cg_move)m));
            cg_cube x = cg_cube_mul(&t, &inv);
            int xm = find_move(&x);
            cg_cube u = cg_cube_mul(&inv, cg_move_cube((cg_move)m));
            u = cg_cube_mul(&u, &c->rotation[rho]);
            int um = find_move(&u);
            if (xm < 0 || um < 0)
                return cg_fail(err, CG_ERR_SYSTEM, "cube model: a turned move is no move");
            c->unview[rho][m] = (uint8_t)um;
            int v = view_index((cg_move)xm);
            if (v >= 0) {
                c->view_move[rho][m] = (uint8_t)v;
                c->next_rot[rho][m] = (uint8_t)rho;
                continue;
            }
            /* X = X' * sigma with X' the opposite face's turn of the same direction count. */
            int face = cg_move_face((cg_move)xm) ^ 1;
            int vv = view_index(cg_move_make(face, cg_move_turns((cg_move)xm)));
            cg_cube check = cg_cube_mul(cg_move_cube(cg_view_move_physical(vv)),
                                        &c->rotation[c->sigma[vv]]);
            if (!cg_cube_equal(&check, &x))
                return cg_fail(err, CG_ERR_SYSTEM, "cube model: move %s is not %s then a rotation",
                               cg_move_name((cg_move)xm), cg_move_name(cg_view_move_physical(vv)));
            c->view_move[rho][m] = (uint8_t)vv;
            c->next_rot[rho][m] = c->rot_mul[c->sigma[vv]][rho];
        }
    }
    return CG_OK;
}

static void init_move_tables(cg_coords *c)
{
    for (unsigned p = 0; p < CG_PERM7; p++) {
        cg_cube s = cg_cube_home();
        perm7_unrank(p, &s);
        for (int v = 0; v < CG_VIEW_MOVES; v++) {
            cg_cube t = cg_cube_mul(&s, cg_move_cube(cg_view_move_physical(v)));
            c->perm_move[p][v] = (uint16_t)perm7_rank(&t);
        }
    }
    for (unsigned w = 0; w < CG_TWIST6; w++) {
        cg_cube s = cg_cube_home();
        twist6_unrank(w, &s);
        for (int v = 0; v < CG_VIEW_MOVES; v++) {
            cg_cube t = cg_cube_mul(&s, cg_move_cube(cg_view_move_physical(v)));
            c->twist_move[w][v] = (uint16_t)twist6_rank(&t);
        }
    }
}

cg_status cgi_coords_init(cg_coords *c, cg_error *err)
{
    memset(c, 0, sizeof *c);
    cg_status st = init_rotations(c, err);
    if (st == CG_OK)
        st = init_sigma(c, err);
    if (st == CG_OK)
        st = init_transitions(c, err);
    if (st != CG_OK)
        return st;
    init_move_tables(c);
    cg_cube home = cg_cube_home();
    c->home_r = perm7_rank(&home) * CG_TWIST6 + twist6_rank(&home);
    return CG_OK;
}

void cgi_coords_split(const cg_coords *c, const cg_cube *s, uint32_t *r, int *rho)
{
    int slot = 0;
    while (s->perm[slot] != CG_DBL)
        slot++;
    int rot = c->locate[slot][s->twist[slot]];
    cg_cube inv = cg_cube_inverse(&c->rotation[rot]);
    cg_cube rc = cg_cube_mul(s, &inv);
    *r = perm7_rank(&rc) * CG_TWIST6 + twist6_rank(&rc);
    *rho = rot;
}
