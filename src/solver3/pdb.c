/* The optimal solver's pattern databases: coordinates, move tables and the breadth-first builds.
 * Both builds walk the table one block at a time (a corner permutation, or an edge position
 * rank), so a block's neighbours under a move are found once for all its orientations. */
#include "solver3/pdb.h"

#include <stdbool.h>
#include <string.h>

static const unsigned FACT[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};

unsigned cgi_pdb_cperm(const cg3_cube *c)
{
    unsigned r = 0;
    for (int i = 0; i < CG3_CORNERS; i++) {
        unsigned smaller = 0;
        for (int j = i + 1; j < CG3_CORNERS; j++)
            smaller += c->cp[j] < c->cp[i];
        r += smaller * FACT[CG3_CORNERS - 1 - i];
    }
    return r;
}

static void cperm_unrank(unsigned r, uint8_t cp[CG3_CORNERS])
{
    unsigned left = 0xFF; /* pieces not yet placed */
    for (int i = 0; i < CG3_CORNERS; i++) {
        unsigned f = FACT[CG3_CORNERS - 1 - i], nth = r / f;
        r %= f;
        for (int p = 0; p < CG3_CORNERS; p++)
            if ((left >> p & 1) && nth-- == 0) {
                cp[i] = (uint8_t)p;
                left &= ~(1u << p);
                break;
            }
    }
}

unsigned cgi_pdb_twist(const cg3_cube *c)
{
    unsigned t = 0;
    for (int i = 0; i < CG3_CORNERS - 1; i++)
        t = t * 3 + c->co[i];
    return t;
}

static void twist_unrank(unsigned t, uint8_t co[CG3_CORNERS])
{
    unsigned sum = 0;
    for (int i = CG3_CORNERS - 2; i >= 0; i--) {
        co[i] = (uint8_t)(t % 3);
        sum += co[i];
        t /= 3;
    }
    co[CG3_CORNERS - 1] = (uint8_t)((3 - sum % 3) % 3);
}

void cgi_pdb_edge_states(const cg3_cube *c, uint8_t state[CG3_EDGES])
{
    for (int q = 0; q < CG3_EDGES; q++)
        state[c->ep[q]] = (uint8_t)(q * 2 + c->eo[q]);
}

void cgi_pdb_moves_init(pdb_moves *pm)
{
    cg3_tables t;
    cg3_tables_init(&t);
    for (int m = 0; m < PDB_MOVES; m++)
        pm->move_cube[m] = t.cube[cg3_move_from_face_turn((cg_move)m)];
    cg3_cube c = cg3_cube_home();
    for (unsigned r = 0; r < PDB_CPERM; r++) {
        cperm_unrank(r, c.cp);
        for (int m = 0; m < PDB_MOVES; m++) {
            cg3_cube d = cg3_cube_mul(&c, &pm->move_cube[m]);
            pm->cperm[r][m] = (uint16_t)cgi_pdb_cperm(&d);
        }
    }
    c = cg3_cube_home();
    for (unsigned r = 0; r < PDB_TWIST; r++) {
        twist_unrank(r, c.co);
        for (int m = 0; m < PDB_MOVES; m++) {
            cg3_cube d = cg3_cube_mul(&c, &pm->move_cube[m]);
            pm->twist[r][m] = (uint16_t)cgi_pdb_twist(&d);
        }
    }
    for (int m = 0; m < PDB_MOVES; m++) {
        const cg3_cube *mc = &pm->move_cube[m];
        for (int q = 0; q < CG3_EDGES; q++) /* the piece at mc->ep[q] goes to q */
            for (int f = 0; f < 2; f++)
                pm->edge[m][mc->ep[q] * 2 + f] = (uint8_t)(q * 2 + (f ^ mc->eo[q]));
    }
}

size_t cgi_pdb_edge_entries(int k)
{
    size_t n = (size_t)1 << k;
    for (int i = 0; i < k; i++)
        n *= (size_t)(12 - i);
    return n;
}

static inline void put(uint8_t *t, size_t i, unsigned v)
{
    unsigned shift = (unsigned)(i & 1) * 4;
    t[i >> 1] = (uint8_t)((t[i >> 1] & ~(15u << shift)) | v << shift);
}

/* Forward levels expand the entries at distance d; once fewer entries are unseen than at d, a
 * level looks backward instead: an unseen entry with a neighbour at d is at d + 1 (the move set
 * is closed under inverses, so neighbours are the same both ways). Each block's candidates are
 * listed once, then every move's target block is visited once for all of them. */
void cgi_pdb_build_corners(const pdb_moves *pm, uint8_t *table, unsigned long long at[16],
                           const cgi_progress *pr)
{
    unsigned long long dummy[16];
    if (!at)
        at = dummy;
    memset(at, 0, 16 * sizeof *at);
    memset(table, 0xFF, (PDB_CORNER_ENTRIES + 1) / 2);
    put(table, 0, 0);
    at[0] = 1;
    unsigned long long seen = 1;
    uint16_t list[PDB_TWIST];
    for (unsigned d = 0; d + 1 < PDB_UNSEEN && at[d]; d++) {
        cgi_progress_say(pr, "optimal corner table", (double)seen / PDB_CORNER_ENTRIES);
        bool backward = PDB_CORNER_ENTRIES - seen < at[d];
        unsigned want = backward ? PDB_UNSEEN : d;
        for (size_t cp = 0; cp < PDB_CPERM; cp++) {
            size_t base = cp * PDB_TWIST, n = 0;
            for (size_t tw = 0; tw < PDB_TWIST; tw++)
                if (cgi_pdb_get(table, base + tw) == want)
                    list[n++] = (uint16_t)tw;
            for (int m = 0; m < PDB_MOVES && n; m++) {
                size_t to = (size_t)pm->cperm[cp][m] * PDB_TWIST;
                if (!backward) {
                    for (size_t i = 0; i < n; i++) {
                        size_t j = to + pm->twist[list[i]][m];
                        if (cgi_pdb_get(table, j) == PDB_UNSEEN) {
                            put(table, j, d + 1);
                            at[d + 1]++;
                        }
                    }
                    continue;
                }
                for (size_t i = 0; i < n;) {
                    if (cgi_pdb_get(table, to + pm->twist[list[i]][m]) == d) {
                        put(table, base + list[i], d + 1);
                        at[d + 1]++;
                        list[i] = list[--n];
                    } else {
                        i++;
                    }
                }
            }
        }
        seen += at[d + 1];
    }
}

/* The positions of k pieces from their position rank. */
static void edge_unrank(size_t rank, int k, uint8_t pos[PDB_EDGE_MAX_K])
{
    unsigned digit[PDB_EDGE_MAX_K];
    for (int i = k - 1; i >= 0; i--) {
        digit[i] = (unsigned)(rank % (size_t)(12 - i));
        rank /= (size_t)(12 - i);
    }
    unsigned used = 0;
    for (int i = 0; i < k; i++) {
        unsigned nth = digit[i];
        for (unsigned p = 0; p < 12; p++)
            if (!(used >> p & 1) && nth-- == 0) {
                pos[i] = (uint8_t)p;
                used |= 1u << p;
                break;
            }
    }
}

void cgi_pdb_build_edges(const pdb_moves *pm, const pdb_edge_set *set, uint8_t *table,
                         unsigned long long at[16], const cgi_progress *pr)
{
    unsigned long long dummy[16];
    if (!at)
        at = dummy;
    memset(at, 0, 16 * sizeof *at);
    int k = set->k;
    size_t n = cgi_pdb_edge_entries(k), block = (size_t)1 << k, blocks = n >> k;
    memset(table, 0xFF, (n + 1) / 2);
    uint8_t home[PDB_EDGE_MAX_K];
    for (int i = 0; i < k; i++)
        home[i] = (uint8_t)(set->piece[i] * 2);
    put(table, cgi_pdb_edge_index(home, k), 0);
    at[0] = 1;
    unsigned long long seen = 1;
    uint8_t list[1 << PDB_EDGE_MAX_K];
    for (unsigned d = 0; d + 1 < PDB_UNSEEN && at[d]; d++) {
        cgi_progress_say(pr, "optimal edge table", (double)seen / (double)n);
        bool backward = n - seen < at[d];
        unsigned want = backward ? PDB_UNSEEN : d;
        for (size_t b = 0; b < blocks; b++) {
            uint8_t *bytes = table + b * block / 2;
            size_t count = 0;
            for (size_t f = 0; f < block; f++)
                if (cgi_pdb_get(bytes, f) == want)
                    list[count++] = (uint8_t)f;
            if (!count)
                continue;
            uint8_t pos[PDB_EDGE_MAX_K], st[PDB_EDGE_MAX_K];
            edge_unrank(b, k, pos);
            for (int m = 0; m < PDB_MOVES && count; m++) {
                for (int i = 0; i < k; i++)
                    st[i] = pm->edge[m][pos[i] * 2];
                /* the flip bits change by the moved pieces' flips: one mask for the block */
                size_t to = cgi_pdb_edge_index(st, k);
                size_t mask = to & (block - 1), tb = to - mask;
                if (!backward) {
                    for (size_t i = 0; i < count; i++) {
                        size_t j = tb + (list[i] ^ mask);
                        if (cgi_pdb_get(table, j) == PDB_UNSEEN) {
                            put(table, j, d + 1);
                            at[d + 1]++;
                        }
                    }
                    continue;
                }
                for (size_t i = 0; i < count;) {
                    if (cgi_pdb_get(table, tb + (list[i] ^ mask)) == d) {
                        put(bytes, list[i], d + 1);
                        at[d + 1]++;
                        list[i] = list[--count];
                    } else {
                        i++;
                    }
                }
            }
        }
        seen += at[d + 1];
    }
}
