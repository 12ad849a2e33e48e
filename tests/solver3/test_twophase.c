/* The two-phase solver: coordinates and tables against the cube model, pruning values against
 * breadth-first search done with the model, and solutions applied to the model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/solver3.h"
#include "solver3/twophase.h"

static cg3_twophase *solver;
static cg3_tables model;
static bool slow_tools; /* valgrind: a few cubes only */

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    const char *slow = getenv("CUBEGOD_SLOW_TOOLS");
    slow_tools = slow && *slow == '1';
    const char *path = getenv("CUBEGOD_TWOPHASE_CACHE");
    if (slow_tools && (!path || !*path || fopen(path, "rb") == NULL)) {
        /* building the tables under valgrind would take hours: the run passes a prebuilt one */
        printf("skipping: no prebuilt 3x3 two-phase cache under the slow tools\n");
        return -1;
    }
    cg3_tables_options opt = {.cache_path = path};
    cg_error err;
    if (cg3_twophase_open(&solver, &opt, NULL, &err) != CG_OK) {
        printf("cannot open the two-phase tables: %s\n", err.msg);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cg3_twophase_close(solver);
    return 0;
}

static cg3_cube face_turn(int m) { return model.cube[cg3_move_from_face_turn((cg_move)m)]; }

static cg3_cube scramble(cg_rng *r, int n, bool g1_only, cg_move *moves)
{
    cg3_cube c = cg3_cube_home();
    for (int i = 0; i < n; i++) {
        int m = g1_only ? cgi_tp_p2_moves[cg_rng_below(r, TP_P2MOVES)] : (int)cg_rng_below(r, TP_MOVES);
        if (moves)
            moves[i] = (cg_move)m;
        cg3_cube_apply(&model, &c, cg3_move_from_face_turn((cg_move)m));
    }
    return c;
}

static void test_coordinate_round_trips(void **state)
{
    (void)state;
    static const struct {
        int n;
        int (*get)(const cg3_cube *);
        void (*set)(cg3_cube *, int);
    } coords[] = {
        {TP_TWIST, cgi_tp_twist, cgi_tp_set_twist}, {TP_FLIP, cgi_tp_flip, cgi_tp_set_flip},
        {TP_SLICE, cgi_tp_slice, cgi_tp_set_slice}, {TP_CP, cgi_tp_cp, cgi_tp_set_cp},
        {TP_EP, cgi_tp_ep, cgi_tp_set_ep},          {TP_SP, cgi_tp_sp, cgi_tp_set_sp},
    };
    for (size_t k = 0; k < sizeof coords / sizeof coords[0]; k++)
        for (int v = 0; v < coords[k].n; v++) {
            cg3_cube c = cg3_cube_home();
            coords[k].set(&c, v);
            assert_int_equal(coords[k].get(&c), v);
        }
    /* the coordinates of home are the table's goals */
    cg3_cube h = cg3_cube_home();
    assert_int_equal(cgi_tp_twist(&h), 0);
    assert_int_equal(cgi_tp_flip(&h), 0);
    assert_int_equal(cgi_tp_cp(&h), 0);
    assert_int_equal(cgi_tp_ep(&h), 0);
    assert_int_equal(cgi_tp_sp(&h), 0);
    assert_int_equal(cgi_tp_slice(&h), cgi_tp_slice_home());
    /* a slice edge outside the slice: no phase-2 coordinates */
    cg3_cube r = face_turn(6); /* F */
    assert_int_equal(cgi_tp_ep(&r), -1);
    assert_int_equal(cgi_tp_sp(&r), -1);
}

static void test_move_tables_match_model(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    cg_rng r;
    cg_rng_seed(&r, 11);
    for (int i = 0; i < (slow_tools ? 20 : 500); i++) {
        cg3_cube c = cg3_cube_random(&r);
        for (int m = 0; m < TP_MOVES; m++) {
            cg3_cube d = cg3_cube_mul(&c, &model.cube[cg3_move_from_face_turn((cg_move)m)]);
            assert_int_equal(t->twist_mv[cgi_tp_twist(&c) * TP_MOVES + m], cgi_tp_twist(&d));
            assert_int_equal(t->flip_mv[cgi_tp_flip(&c) * TP_MOVES + m], cgi_tp_flip(&d));
            assert_int_equal(t->slice_mv[cgi_tp_slice(&c) * TP_MOVES + m], cgi_tp_slice(&d));
            assert_int_equal(t->cp18_mv[cgi_tp_cp(&c) * TP_MOVES + m], cgi_tp_cp(&d));
        }
        cg3_cube g = scramble(&r, 30, true, NULL);
        for (int k = 0; k < TP_P2MOVES; k++) {
            cg3_cube d = cg3_cube_mul(&g, &model.cube[cg3_move_from_face_turn(cgi_tp_p2_moves[k])]);
            assert_int_equal(t->cp_mv[cgi_tp_cp(&g) * TP_P2MOVES + k], cgi_tp_cp(&d));
            assert_int_equal(t->ep_mv[cgi_tp_ep(&g) * TP_P2MOVES + k], cgi_tp_ep(&d));
            assert_int_equal(t->sp_mv[cgi_tp_sp(&g) * TP_P2MOVES + k], cgi_tp_sp(&d));
        }
    }
}

static int fs_of(const cg3_cube *c) { return cgi_tp_slice(c) * TP_FLIP + cgi_tp_flip(c); }

static void test_symmetries_match_conjugation(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    tp_syms sy;
    cgi_tp_syms(&model, &sy);
    cg3_cube h = cg3_cube_home();
    for (int k = 0; k < TP_ROTS; k++) {
        /* whole-cube turns that keep the UD axis: centres U and D stay on that axis */
        assert_true(sy.rot[k].xp[0] <= 1 && sy.rot[k].xp[1] <= 1);
        for (int j = 0; j < k; j++)
            assert_memory_not_equal(&sy.rot[j], &sy.rot[k], sizeof sy.rot[k]);
        cg3_cube p = cg3_cube_mul(&sy.rot[k], &sy.rot_inv[k]);
        assert_memory_equal(&p, &h, sizeof h);
    }
    /* the mirror: an involution, a homomorphism, U and D swapped and turned the other way,
       F turned the other way in place */
    cg_rng r;
    cg_rng_seed(&r, 11);
    for (int i = 0; i < 50; i++) {
        cg3_cube a = cg3_cube_random(&r), b = cg3_cube_random(&r);
        cg3_cube ma = cgi_tp_mirror(&a), mb = cgi_tp_mirror(&b), ab = cg3_cube_mul(&a, &b);
        cg3_cube mab = cgi_tp_mirror(&ab), mamb = cg3_cube_mul(&ma, &mb), mma = cgi_tp_mirror(&ma);
        assert_memory_equal(&mab, &mamb, sizeof mab);
        assert_memory_equal(&mma, &a, sizeof a);
        cg_error e;
        assert_int_equal(cg3_cube_check(&ma, &e), CG_OK);
    }
    /* each face's quarter turn mirrors to the other way round, U and D swapped */
    static const int mirrored[6] = {5, 2, 8, 11, 14, 17}; /* of U D F B L R: D' U' F' B' L' R' */
    for (int f = 0; f < 6; f++) {
        cg3_cube m = face_turn(f * 3), want = face_turn(mirrored[f]);
        cg3_cube x = cgi_tp_mirror(&m);
        assert_memory_equal(&x, &want, sizeof x);
    }
    for (int k = 0; k < TP_SYMS; k++) {
        int j = cgi_tp_sym_inverse(&sy, k);
        assert_true(j >= 0);
        /* the phase-2 moves are mapped onto phase-2 moves, so G1 distances are kept, and every
           face turn onto a face turn */
        for (int n = 0; n < TP_MOVES; n++) {
            cg3_cube m = face_turn((cg_move)n);
            cg3_cube x = cgi_tp_sym_conj(&sy, k, &m);
            int hit = -1;
            for (int o = 0; o < TP_MOVES; o++) {
                cg3_cube f = face_turn((cg_move)o);
                if (memcmp(&f, &x, sizeof x) == 0)
                    hit = o;
            }
            assert_true(hit >= 0);
            cg3_cube back = cgi_tp_sym_conj(&sy, j, &x);
            assert_memory_equal(&back, &m, sizeof m);
        }
        for (int n = 0; n < TP_P2MOVES; n++) {
            cg3_cube m = face_turn(cgi_tp_p2_moves[n]);
            cg3_cube x = cgi_tp_sym_conj(&sy, k, &m);
            assert_int_equal(cgi_tp_twist(&x), 0);
            assert_int_equal(cgi_tp_flip(&x), 0);
            assert_int_equal(cgi_tp_slice(&x), cgi_tp_slice_home());
        }
    }
    cg_rng_seed(&r, 12);
    for (int i = 0; i < (slow_tools ? 20 : 2000); i++) {
        cg3_cube c = cg3_cube_random(&r);
        int k = (int)cg_rng_below(&r, TP_SYMS);
        cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
        assert_int_equal(t->tw_conj[k * TP_TWIST + cgi_tp_twist(&c)], cgi_tp_twist(&d));
        int fc = fs_of(&c), fd = fs_of(&d);
        assert_int_equal(cgi_tp_fs_class(t, fc), cgi_tp_fs_class(t, fd));
        /* each one's symmetry turns it into the same representative */
        int sc = cgi_tp_fs_sym(t, fc), sd = cgi_tp_fs_sym(t, fd);
        cg3_cube rc = cgi_tp_sym_conj(&sy, sc, &c), rd = cgi_tp_sym_conj(&sy, sd, &d);
        assert_int_equal(fs_of(&rc), fs_of(&rd));
        /* and the table sees the same distance from both */
        assert_int_equal(cgi_tp_p1_mod3(t, fc, cgi_tp_twist(&c)), cgi_tp_p1_mod3(t, fd, cgi_tp_twist(&d)));
    }
    /* phase 2: G1 cubes and their conjugates share a corner class and a table entry */
    cg_rng_seed(&r, 13);
    for (int i = 0; i < (slow_tools ? 20 : 2000); i++) {
        cg3_cube c = scramble(&r, 40, true, NULL);
        int k = (int)cg_rng_below(&r, TP_SYMS);
        cg3_cube d = cgi_tp_sym_conj(&sy, k, &c);
        int cpc = cgi_tp_cp(&c), cpd = cgi_tp_cp(&d), epc = cgi_tp_ep(&c), epd = cgi_tp_ep(&d);
        assert_true(epd >= 0);
        assert_int_equal(t->ep_conj[k * TP_EP + epc], epd);
        assert_int_equal(t->cp_cs[cpc] >> TP_SYM_BITS, t->cp_cs[cpd] >> TP_SYM_BITS);
        assert_true((t->cp_cs[cpc] >> TP_SYM_BITS) < TP_CP_CLASSES);
        cg3_cube rc = cgi_tp_sym_conj(&sy, (int)(t->cp_cs[cpc] & 15), &c);
        cg3_cube rd = cgi_tp_sym_conj(&sy, (int)(t->cp_cs[cpd] & 15), &d);
        assert_int_equal(cgi_tp_cp(&rc), cgi_tp_cp(&rd));
        assert_int_equal(cgi_tp_p2_mod3(t, cpc, epc), cgi_tp_p2_mod3(t, cpd, epd));
        assert_int_equal(cgi_tp_p2_distance(t, cpc, epc, 30), cgi_tp_p2_distance(t, cpd, epd, 30));
    }
    /* the diagonal turns the search uses: conjugated face turns read back as face turns */
    for (int v = 0; v < 3; v++)
        for (int m = 0; m < TP_MOVES; m++) {
            cg3_cube x = cg3_cube_mul(&solver->rot[v], &model.cube[cg3_move_from_face_turn((cg_move)m)]);
            x = cg3_cube_mul(&x, &solver->rot_inv[v]);
            assert_memory_equal(&x, &model.cube[cg3_move_from_face_turn(solver->move_back[v][m])], sizeof x);
        }
}

/* A small open-addressing set of 64-bit keys with a depth each. */
typedef struct seen {
    uint64_t *key;
    uint8_t *depth;
    size_t cap;
} seen;

static int seen_add(seen *s, uint64_t k, int depth)
{
    size_t i = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 20) & (s->cap - 1);
    while (s->key[i] != UINT64_MAX) {
        if (s->key[i] == k)
            return s->depth[i];
        i = (i + 1) & (s->cap - 1);
    }
    s->key[i] = k;
    s->depth[i] = (uint8_t)depth;
    return -1;
}

/* Breadth-first search with the model itself from home to depth `max`, over whole cubes; every
 * cube met first at depth d must have phase-1 distance min(d, true) — the table's value must
 * never exceed d (admissible), and must equal the distance found in the projection. */
static void test_phase1_distances_exact_small_depths(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    int max = slow_tools ? 2 : 4;
    size_t cap = 1u << 20;
    seen s = {malloc(cap * 8), malloc(cap), cap};
    assert_non_null(s.key);
    memset(s.key, 0xFF, cap * 8);
    cg3_cube *level = malloc(sizeof *level * 200000), *next = malloc(sizeof *next * 200000);
    assert_non_null(level);
    assert_non_null(next);
    size_t n = 1, checked = 0;
    level[0] = cg3_cube_home();
    int hs = cgi_tp_slice_home();
    seen_add(&s, (uint64_t)hs * TP_FLIP * TP_TWIST, 0);
    for (int d = 1; d <= max; d++) {
        size_t nn = 0;
        for (size_t i = 0; i < n; i++)
            for (int m = 0; m < TP_MOVES; m++) {
                cg3_cube c = cg3_cube_mul(&level[i], &model.cube[cg3_move_from_face_turn((cg_move)m)]);
                int sl = cgi_tp_slice(&c), fl = cgi_tp_flip(&c), tw = cgi_tp_twist(&c);
                uint64_t key = ((uint64_t)sl * TP_FLIP + (uint64_t)fl) * TP_TWIST + (uint64_t)tw;
                if (seen_add(&s, key, d) >= 0)
                    continue;
                /* first met at d in the coordinate space: its phase-1 distance is d */
                assert_int_equal(cgi_tp_p1_distance(t, sl, fl, tw), d);
                checked++;
                assert_true(nn < 200000); /* every state of the level is expanded */
                next[nn++] = c;
            }
        cg3_cube *x = level;
        level = next;
        next = x;
        n = nn;
    }
    assert_true(checked > (slow_tools ? 10u : 1000u));
    free(level);
    free(next);
    free(s.key);
    free(s.depth);
}

/* The same for phase 2 over the pairs (corners, slice order) and (U/D edges, slice order). */
static void test_phase2_distances_exact_small_depths(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    int max = slow_tools ? 3 : 6;
    size_t cap = 1u << 21;
    seen s = {malloc(cap * 8), malloc(cap), cap};
    assert_non_null(s.key);
    memset(s.key, 0xFF, cap * 8);
    size_t lcap = 1u << 18;
    cg3_cube *level = malloc(sizeof *level * lcap), *next = malloc(sizeof *next * lcap);
    assert_non_null(level);
    assert_non_null(next);
    size_t n = 1, checked = 0;
    level[0] = cg3_cube_home();
    seen_add(&s, 0, 0);
    seen_add(&s, 1ull << 40, 0);
    seen_add(&s, 2ull << 40, 0);
    assert_int_equal(cgi_tp_p2_distance(t, 0, 0, 0), 0);
    for (int d = 1; d <= max; d++) {
        size_t nn = 0;
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < TP_P2MOVES; k++) {
                cg3_cube c = cg3_cube_mul(&level[i], &model.cube[cg3_move_from_face_turn(cgi_tp_p2_moves[k])]);
                int cp = cgi_tp_cp(&c), ep = cgi_tp_ep(&c), sp = cgi_tp_sp(&c);
                bool fresh = false;
                if (seen_add(&s, (uint64_t)cp * TP_SP + (uint64_t)sp, d) < 0) {
                    assert_int_equal(t->cp_sp[cp * TP_SP + sp], d);
                    fresh = true;
                    checked++;
                }
                if (seen_add(&s, (1ull << 40) | ((uint64_t)ep * TP_SP + (uint64_t)sp), d) < 0) {
                    assert_int_equal(t->ep_sp[ep * TP_SP + sp], d);
                    fresh = true;
                    checked++;
                }
                assert_true(t->cp_dist[cp] <= d);
                /* the big table: corners and U/D edges together, first met at d */
                uint64_t pair = (2ull << 40) | ((uint64_t)cp * TP_EP + (uint64_t)ep);
                if (seen_add(&s, pair, d) < 0) {
                    assert_int_equal(cgi_tp_p2_distance(t, cp, ep, 30), d);
                    assert_int_equal(cgi_tp_p2_distance(t, cp, ep, d - 1), d); /* over max */
                    assert_true(t->ep_dist[ep] <= d);
                    assert_true(cgi_tp_p2_floor(t, cp, ep, cgi_tp_p2_mod3(t, cp, ep)) <= d);
                    fresh = true;
                    checked++;
                }
                if (fresh) {
                    assert_true(nn < lcap);
                    next[nn++] = c;
                }
            }
        cg3_cube *x = level;
        level = next;
        next = x;
        n = nn;
    }
    assert_true(checked > (slow_tools ? 10u : 10000u));
    free(level);
    free(next);
    free(s.key);
    free(s.depth);
}

/* The moves, applied to the model, bring c home. */
static void check_solves(const cg3_cube *c, const cg3_solution *sol)
{
    cg3_cube x = *c;
    cg3_cube_apply_face_turns(&model, &x, sol->moves, (size_t)sol->n);
    assert_true(cg3_cube_is_home(&x));
}

static void check_solution(const cg3_cube *c, const cg3_solution *sol, int max)
{
    assert_true(sol->n >= 0 && sol->n <= max);
    check_solves(c, sol);
}

static void test_random_cubes_solved_within_20(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 13);
    for (int i = 0; i < (slow_tools ? 3 : 300); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution sol;
        cg_error err;
        assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &sol, &err), CG_OK);
        check_solution(&c, &sol, CG3_GODS_NUMBER);
        assert_true(sol.nodes > 0);
    }
}

/* A scramble of k moves has a solution of at most k, and with max_moves k the search, which
 * is complete, must find one. */
static void test_short_scrambles(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 14);
    cg3_cube h = cg3_cube_home();
    cg3_solution sol;
    cg_error err;
    assert_int_equal(cg3_twophase_solve(solver, &h, NULL, &sol, &err), CG_OK);
    assert_int_equal(sol.n, 0);
    for (int k = 1; k <= (slow_tools ? 3 : 7); k++)
        for (int i = 0; i < (slow_tools ? 2 : 20); i++) {
            cg3_cube c = scramble(&r, k, false, NULL);
            cg3_solve_options o = cg3_solve_defaults();
            o.max_moves = k;
            assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
            check_solution(&c, &sol, k);
        }
}

/* k G1 moves, none repeating the face before it or undoing an opposite face's order (so that
 * the scramble is seldom shorter than k). */
static cg3_cube g1_scramble(cg_rng *r, int k)
{
    cg3_cube c = cg3_cube_home();
    for (int n = 0, last = -1; n < k;) {
        int m = cgi_tp_p2_moves[cg_rng_below(r, TP_P2MOVES)], face = m / 3;
        if (face == last || (face == (last ^ 1) && face < last))
            continue;
        cg3_cube_apply(&model, &c, cg3_move_from_face_turn((cg_move)m));
        last = face;
        n++;
    }
    return c;
}

/* Solutions whose last moves stay in G1 for longer than phase 2 usually takes: a scramble of
 * k G1 moves (every solution of it may be a phase 2 alone), and the same after one side quarter
 * turn (a phase 1 of one move, then all k). Each has a solution of at most its own length, and
 * a complete search finds one within it. */
static void test_long_phase2_scrambles(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 15);
    static const int side_quarter[8] = {6, 8, 9, 11, 12, 14, 15, 17}; /* F F' B B' L L' R R' */
    for (int k = 13; k <= (slow_tools ? 13 : 18); k++)
        for (int i = 0; i < (slow_tools ? 1 : 20); i++)
            for (int side = 0; side < 2; side++) {
                cg3_cube c = g1_scramble(&r, k);
                if (side)
                    cg3_cube_apply(&model, &c, cg3_move_from_face_turn(
                                                   (cg_move)side_quarter[cg_rng_below(&r, 8)]));
                cg3_solve_options o = cg3_solve_defaults();
                o.max_moves = k + side;
                cg3_solution sol;
                cg_error err;
                assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
                check_solution(&c, &sol, k + side);
            }
}

/* Turns meeting across a phase 2 and the pre-moves: written as input and expected output. */
static void test_merge_turns(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"", ""},
        {"R", "R"},
        {"R2 R", "R'"},
        {"R R'", ""},
        {"U R2 R", "U R'"},
        {"R2 L2 R", "R' L2"},
        {"R2 L R'", "R L"},
        {"F2 B2 F2", "B2"},
        {"R L L' R", "R2"},
        {"U D2 R2 L R2 D", "U D2 L D"},
        {"U D2 R2 R2 D", "U D'"},
        {"D U R2 R2 D2", "D' U"},
        {"R U R", "R U R"},
        {"R U' U R'", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cg_move in[16], want[16];
        size_t n_in, n_want;
        cg_error err;
        assert_int_equal(cg_moves_parse(cases[i][0], in, 16, &n_in, &err), CG_OK);
        assert_int_equal(cg_moves_parse(cases[i][1], want, 16, &n_want, &err), CG_OK);
        int n = cgi_tp_merge_turns(in, (int)n_in);
        char got[64];
        cg_moves_format(in, (size_t)n, got, sizeof got);
        if (n != (int)n_want || memcmp(in, want, n_want * sizeof *in) != 0)
            fail_msg("\"%s\" merged to \"%s\", not \"%s\"", cases[i][0], got, cases[i][1]);
    }
}

/* The phase-1 distance by the residues alone, one child at a time and no near table: the
 * reference that the near table and the distances the solver reads are checked against. */
static int residue_walk(const tp_tables *t, int sl, int fl, int tw)
{
    int d = 0, home = cgi_tp_slice_home();
    while (sl != home || fl != 0 || tw != 0) {
        int want = (cgi_tp_p1_mod3(t, sl * TP_FLIP + fl, tw) + 2) % 3, m = 0;
        for (; m < TP_MOVES; m++) {
            int sl2 = t->slice_mv[sl * TP_MOVES + m], fl2 = t->flip_mv[fl * TP_MOVES + m];
            if (cgi_tp_p1_mod3(t, sl2 * TP_FLIP + fl2, t->twist_mv[tw * TP_MOVES + m]) == want)
                break;
        }
        assert_true(m < TP_MOVES);
        sl = t->slice_mv[sl * TP_MOVES + m];
        fl = t->flip_mv[fl * TP_MOVES + m];
        tw = t->twist_mv[tw * TP_MOVES + m];
        assert_true(++d <= 20);
    }
    return d;
}

/* The distance read from an entry's code (and the near table, and one step for codes 2)
 * agrees with the walk, at every distance a random cube or a short scramble has. */
static void test_p1_distance_read(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    cg_rng r;
    cg_rng_seed(&r, 26);
    int seen[13] = {0};
    for (int i = 0; i < (slow_tools ? 40 : 600); i++) {
        /* short scrambles for small distances, random cubes for the rest */
        cg3_cube c = i % 2 ? cg3_cube_random(&r) : scramble(&r, (int)cg_rng_below(&r, 9), false, NULL);
        int sl = cgi_tp_slice(&c), fl = cgi_tp_flip(&c), tw = cgi_tp_twist(&c);
        int d = residue_walk(t, sl, fl, tw);
        assert_in_range(d, 0, 11);
        assert_int_equal(cgi_tp_p1_distance(t, sl, fl, tw), d);
        seen[d]++;
    }
    for (int d = slow_tools ? 9 : 7; d <= 10; d++) /* code 1, both of code 2's, 0 and 3 */
        assert_true(seen[d] > 0);
    if (!slow_tools)
        assert_true(seen[11] > 0);
}

/* Every entry on the list of the farthest is 12 moves out by the walk, and read as 12. */
static void test_p1_twelves(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    /* a flipslice of each listed entry's class that is its representative (symmetry 0) */
    int rep[TP_P1_TWELVES];
    for (int k = 0; k < TP_P1_TWELVES; k++)
        rep[k] = -1;
    for (int fs = 0; fs < TP_FS; fs++)
        if (cgi_tp_fs_sym(t, fs) == 0)
            for (int k = 0; k < TP_P1_TWELVES; k++)
                if (rep[k] < 0 && cgi_tp_fs_class(t, fs) == t->p1_twelve[k] / TP_TWIST)
                    rep[k] = fs;
    for (int k = 0; k < (slow_tools ? 3 : TP_P1_TWELVES); k++) {
        assert_true(rep[k] >= 0);
        int sl = rep[k] / TP_FLIP, fl = rep[k] % TP_FLIP, tw = (int)(t->p1_twelve[k] % TP_TWIST);
        assert_int_equal(cgi_tp_p1_index(t, rep[k], tw), t->p1_twelve[k]);
        assert_int_equal(residue_walk(t, sl, fl, tw), 12);
        assert_int_equal(cgi_tp_p1_distance(t, sl, fl, tw), 12);
    }
}

/* The phase-2 distance by the residues alone, one child at a time, to home: the reference
 * that the walk, which stops at the entries marked 12, is checked against. */
static int p2_residue_walk(const tp_tables *t, int cp, int ep)
{
    int d = 0;
    while (cp != 0 || ep != 0) {
        int want = (cgi_tp_p2_mod3(t, cp, ep) + 2) % 3, k = 0;
        for (; k < TP_P2MOVES; k++)
            if (cgi_tp_p2_mod3(t, t->cp_mv[cp * TP_P2MOVES + k], t->ep_mv[ep * TP_P2MOVES + k]) == want)
                break;
        assert_true(k < TP_P2MOVES);
        cp = t->cp_mv[cp * TP_P2MOVES + k];
        ep = t->ep_mv[ep * TP_P2MOVES + k];
        assert_true(++d <= 30);
    }
    return d;
}

/* Random corners and U/D edges of G1, far and near: the walk's distance, capped at every
 * max, agrees with the reference; the entries marked 12 are met both at the start and on
 * the way down. */
static void test_p2_distance_read(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    cg_rng r;
    cg_rng_seed(&r, 28);
    int seen[31] = {0};
    for (int i = 0; i < (slow_tools ? 20 : 400); i++) {
        int cp = (int)cg_rng_below(&r, TP_CP), ep = (int)cg_rng_below(&r, TP_EP);
        if (i % 4 == 0) /* a short phase-2 scramble of home, for the small distances */
            for (int n = (int)cg_rng_below(&r, 12), k; n > 0; n--) {
                k = (int)cg_rng_below(&r, TP_P2MOVES);
                cp = t->cp_mv[(i % 8 ? cp : 0) * TP_P2MOVES + k];
                ep = t->ep_mv[(i % 8 ? ep : 0) * TP_P2MOVES + k];
            }
        int d = p2_residue_walk(t, cp, ep);
        seen[d]++;
        assert_int_equal(cgi_tp_p2_distance(t, cp, ep, 30), d);
        for (int max = 0; max <= 20; max++)
            assert_int_equal(cgi_tp_p2_distance(t, cp, ep, max), d <= max ? d : max + 1);
    }
    if (!slow_tools)
        for (int d = 11; d <= 14; d++) /* 12 itself, and on either side of it */
            assert_true(seen[d] > 0);
}

/* What the search keeps of a start's phase-1 distance from one depth to the next: at every
 * depth, from 0 up as the search goes, the distance if it is within, else -1. */
static void test_p1_within_known(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    cg_rng r;
    cg_rng_seed(&r, 27);
    int found = 0;
    for (int i = 0; i < (slow_tools ? 20 : 300); i++) {
        cg3_cube c = i % 2 ? cg3_cube_random(&r) : scramble(&r, (int)cg_rng_below(&r, 9), false, NULL);
        int sl = cgi_tp_slice(&c), fl = cgi_tp_flip(&c), tw = cgi_tp_twist(&c);
        int d = cgi_tp_p1_distance(t, sl, fl, tw);
        uint8_t known = 0;
        for (int depth = 0; depth <= 12; depth++) {
            assert_int_equal(cgi_tp_p1_within(t, sl, fl, tw, depth, &known), d <= depth ? d : -1);
            assert_int_equal(known, d + 1);
            found += d <= depth;
        }
    }
    assert_true(found > 0);
}

/* The near table against walks of the residues: every cube within TP_NEAR_DEPTH of G1 has
 * its distance there and exactly the moves whose cube is one nearer; no farther cube has an
 * entry. Scrambles of up to eight moves give both kinds, through every symmetry. */
static void test_near_table(void **state)
{
    (void)state;
    const tp_tables *t = &solver->t;
    cg_rng r;
    cg_rng_seed(&r, 31);
    int near = 0, far = 0;
    for (int i = 0; i < (slow_tools ? 30 : 600); i++) {
        cg3_cube c = i % 10 == 9 ? cg3_cube_random(&r) : scramble(&r, (int)cg_rng_below(&r, 9), false, NULL);
        int sl = cgi_tp_slice(&c), fl = cgi_tp_flip(&c), tw = cgi_tp_twist(&c), fs = sl * TP_FLIP + fl;
        int d = residue_walk(t, sl, fl, tw);
        uint64_t e = cgi_tp_near(t, cgi_tp_p1_index(t, fs, tw));
        if (d > TP_NEAR_DEPTH) {
            assert_true(e == 0);
            far++;
            continue;
        }
        assert_true(e != 0);
        assert_int_equal(cgi_tp_near_distance(e), d);
        for (int m = 0; m < TP_MOVES; m++) {
            int d2 = residue_walk(t, t->slice_mv[sl * TP_MOVES + m], t->flip_mv[fl * TP_MOVES + m],
                                  t->twist_mv[tw * TP_MOVES + m]);
            assert_int_equal(cgi_tp_near_down(t, e, cgi_tp_fs_sym(t, fs), m), d2 == d - 1);
        }
        near++;
    }
    assert_true(near > 0 && far > 0);
}

/* Improving: the same search goes on past its first solution; stopped by a node cap (not the
 * clock, so the outcome does not depend on the machine) it returns its best, never longer. */
static void test_time_limit_improves(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 15);
    int shorter = 0;
    for (int i = 0; i < (slow_tools ? 1 : 10); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution first, better;
        cg_error err;
        assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &first, &err), CG_OK);
        cg3_solve_options o = cg3_solve_defaults();
        o.time_limit_ms = i % 2 ? 1e9 : 1e300; /* no overflow in the deadline */
        o.max_nodes = first.nodes * 3 + 100000;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &better, &err), CG_OK);
        check_solution(&c, &better, first.n);
        assert_true(better.nodes >= first.nodes);
        shorter += better.n < first.n;
    }
    if (!slow_tools)
        assert_true(shorter > 0); /* twice as many nodes again find a shorter one for some cube */
}

/* A time limit bounds only the improvement: with a limit long past before the search starts,
 * each cube still gets its first solution, found by the same walk as without a limit (so at
 * least as many nodes), and only the node cap can stop that walk. */
static void test_time_limit_never_loses_the_first_solution(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 17);
    for (int i = 0; i < (slow_tools ? 2 : 12); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solve_options plain = cg3_solve_defaults();
        plain.max_moves = i % 3 == 2 ? 19 : 20;
        plain.max_nodes = 3000000;
        cg3_solve_options o = plain;
        o.time_limit_ms = 1e-6;
        cg3_solution first, timed;
        cg_error err1, err2;
        cg_status st1 = cg3_twophase_solve(solver, &c, &plain, &first, &err1);
        cg_status st2 = cg3_twophase_solve(solver, &c, &o, &timed, &err2);
        assert_int_equal(st2, st1);
        if (st1 == CG_OK) {
            check_solution(&c, &timed, first.n);
            assert_true(timed.nodes >= first.nodes);
        } else {
            assert_int_equal(st2, CG_ERR_TOO_LONG);
            assert_non_null(strstr(err2.msg, "node cap"));
            assert_int_equal(timed.n, 0);
        }
    }
}

static void test_invalid_cubes(void **state)
{
    (void)state;
    cg3_solution sol;
    cg_error err;
    cg3_cube c = cg3_cube_home();
    c.co[0] = 1; /* a corner twisted in place */
    assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &sol, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "twist"));
    c = cg3_cube_home();
    c.ep[0] = 1, c.ep[1] = 0; /* two edges swapped */
    assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &sol, &err), CG_ERR_INPUT);
    assert_int_equal(sol.n, 0);
    c = cg3_cube_home();
    cg3_solve_options o = cg3_solve_defaults();
    o.max_moves = CG3_SOLUTION_MAX + 1;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_INPUT);
}

static void test_caps(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 16);
    cg3_cube c = cg3_cube_random(&r);
    cg3_solution sol;
    cg_error err;
    cg3_solve_options o = cg3_solve_defaults();
    o.max_nodes = 10;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_TOO_LONG);
    assert_non_null(strstr(err.msg, "node cap"));
    assert_int_equal(sol.n, 0);
    /* the superflip (20 moves away) has no solution of 4: the complete search says so */
    c = cg3_cube_home();
    memset(c.eo, 1, sizeof c.eo);
    o = cg3_solve_defaults();
    o.max_moves = 4;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_TOO_LONG);
    assert_non_null(strstr(err.msg, "at most 4 moves"));
    assert_int_equal(sol.n, 0);
}

/* ---- more than one thread ---- */

static void check_qtm_solution(const cg3_cube *c, const cg3_solution *sol, int max);

/* Every answer of a search on 2 to 6 threads solves the cube within its limit, in either
 * metric, first solution or improved (stopped by a node cap, so not by the machine's speed). */
static void test_threads_answers_within_limits(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 31);
    for (int threads = 2; threads <= CG3_THREADS_MAX; threads += slow_tools ? 4 : 1)
        for (int i = 0; i < (slow_tools ? 1 : 3); i++) {
            cg3_cube c = cg3_cube_random(&r);
            cg3_solve_options o = cg3_solve_defaults();
            o.threads = threads;
            cg3_solution sol;
            cg_error err;
            assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
            check_solution(&c, &sol, o.max_moves);
            o.time_limit_ms = 1e9;
            o.max_nodes = sol.nodes * 2 + 100000;
            o.max_moves = sol.n;
            cg3_solution better;
            assert_int_equal(cg3_twophase_solve(solver, &c, &o, &better, &err), CG_OK);
            check_solution(&c, &better, sol.n);
            o = cg3_solve_defaults();
            o.threads = threads;
            o.metric = CG_METRIC_QTM;
            o.max_moves = CG3_GODS_NUMBER_QTM;
            assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
            check_qtm_solution(&c, &sol, CG3_GODS_NUMBER_QTM);
        }
}

/* A complete search that finds nothing searches every side once, whatever the threads: the
 * same nodes in total as on one thread (a side skipped or searched twice would change it). */
static void test_threads_share_the_sides(void **state)
{
    (void)state;
    cg3_cube c = cg3_cube_home();
    memset(c.eo, 1, sizeof c.eo); /* the superflip: 20 moves away */
    cg_rng r;
    cg_rng_seed(&r, 32);
    cg3_cube scrambled = scramble(&r, 12, false, NULL);
    const cg3_cube *cubes[2] = {&c, &scrambled};
    for (int k = 0; k < 2; k++) {
        cg3_solve_options o = cg3_solve_defaults();
        o.max_moves = slow_tools ? 5 : 7;
        cg3_solution one, many;
        cg_error err;
        assert_int_equal(cg3_twophase_solve(solver, cubes[k], &o, &one, &err), CG_ERR_TOO_LONG);
        assert_non_null(strstr(err.msg, "search completed"));
        for (int threads = 2; threads <= CG3_THREADS_MAX; threads++) {
            o.threads = threads;
            assert_int_equal(cg3_twophase_solve(solver, cubes[k], &o, &many, &err),
                             CG_ERR_TOO_LONG);
            assert_non_null(strstr(err.msg, "search completed"));
            assert_int_equal(many.nodes, one.nodes);
            assert_int_equal(many.n, 0);
        }
    }
}

/* The node cap is the threads' total; the count of threads is checked. */
static void test_threads_cap_and_range(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 33);
    cg3_cube c = cg3_cube_random(&r);
    cg3_solve_options o = cg3_solve_defaults();
    cg3_solution sol;
    cg_error err;
    for (int threads = 2; threads <= CG3_THREADS_MAX; threads++) {
        o.threads = threads;
        o.max_nodes = 60;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_TOO_LONG);
        assert_non_null(strstr(err.msg, "node cap"));
        assert_true(sol.nodes > 0 && sol.nodes <= 60 + (unsigned)threads); /* each stops one past */
        assert_int_equal(sol.n, 0);
    }
    o = cg3_solve_defaults();
    o.threads = 0; /* one thread */
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
    check_solution(&c, &sol, CG3_GODS_NUMBER);
    static const int bad[] = {-1, CG3_THREADS_MAX + 1, 1000};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        o.threads = bad[i];
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "threads"));
    }
}

/* ---- the quarter-turn metric ---- */

static int qtm_count(const cg3_solution *sol)
{
    return (int)cg_moves_count(sol->moves, (size_t)sol->n, CG_METRIC_QTM);
}

static void check_qtm_solution(const cg3_cube *c, const cg3_solution *sol, int max)
{
    assert_true(sol->n >= 0 && sol->n <= CG3_SOLUTION_MAX);
    assert_in_range(qtm_count(sol), 0, (unsigned long)max);
    check_solves(c, sol);
}

/* Random cubes under God's number in quarter turns (26), and a little above it (faster): every
 * answer solves the cube within the limit counted in quarter turns, which the half-turn answer
 * of the same cube often exceeds. */
static void test_qtm_random_cubes(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 21);
    int htm_over = 0, n = slow_tools ? 2 : 24;
    for (int i = 0; i < n; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solve_options o = cg3_solve_defaults();
        o.metric = CG_METRIC_QTM;
        o.max_moves = i % 3 == 0 ? CG3_GODS_NUMBER_QTM : 28;
        cg3_solution sol, htm;
        cg_error err;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
        check_qtm_solution(&c, &sol, o.max_moves);
        assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &htm, &err), CG_OK);
        htm_over += qtm_count(&htm) > o.max_moves;
    }
    if (!slow_tools)
        assert_true(htm_over > 0);
}

/* A scramble of k quarter turns (half turns among them, counted 2) has a solution of at most k
 * quarter turns, and the search, complete in quarter turns too, must find one. */
static void test_qtm_short_scrambles(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 22);
    cg3_solve_options o = cg3_solve_defaults();
    o.metric = CG_METRIC_QTM;
    cg3_solution sol;
    cg_error err;
    for (int k = 1; k <= (slow_tools ? 4 : 13); k++)
        for (int i = 0; i < (slow_tools ? 2 : 12); i++) {
            cg3_cube c = cg3_cube_home();
            int cost = 0;
            while (cost < k) {
                int m = (int)cg_rng_below(&r, TP_MOVES), mc = m % 3 == 1 ? 2 : 1;
                if (cost + mc > k)
                    continue;
                cost += mc;
                cg3_cube_apply(&model, &c, cg3_move_from_face_turn((cg_move)m));
            }
            o.max_moves = k;
            assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
            check_qtm_solution(&c, &sol, k);
        }
    /* a single half turn: two quarter turns, and no solution of one */
    cg3_cube c = face_turn(1); /* U2 */
    o.max_moves = 1;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_TOO_LONG);
    assert_non_null(strstr(err.msg, "at most 1 quarter turns exists"));
    o.max_moves = 2;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_OK);
    assert_int_equal(sol.n, 1);
    assert_int_equal(sol.moves[0], 1);
}

/* Improving in quarter turns: never worse than the first answer, shorter for some cube. */
static void test_qtm_time_limit_improves(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 23);
    int shorter = 0;
    for (int i = 0; i < (slow_tools ? 1 : 8); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solve_options o = cg3_solve_defaults();
        o.metric = CG_METRIC_QTM;
        o.max_moves = 28;
        cg3_solution first, better;
        cg_error err;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &first, &err), CG_OK);
        check_qtm_solution(&c, &first, 28);
        o.time_limit_ms = 1e9;
        o.max_nodes = first.nodes * 3 + 200000;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &better, &err), CG_OK);
        check_qtm_solution(&c, &better, qtm_count(&first));
        shorter += qtm_count(&better) < qtm_count(&first);
    }
    if (!slow_tools)
        assert_true(shorter > 0);
}

/* metric HTM is the default, search for search; anything else is refused. */
static void test_metric_option(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 24);
    cg3_solve_options o = cg3_solve_defaults();
    assert_int_equal(o.metric, CG_METRIC_HTM);
    for (int i = 0; i < (slow_tools ? 1 : 5); i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solution a, b;
        cg_error err;
        o.metric = CG_METRIC_HTM;
        assert_int_equal(cg3_twophase_solve(solver, &c, NULL, &a, &err), CG_OK);
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &b, &err), CG_OK);
        assert_int_equal(a.n, b.n);
        assert_memory_equal(a.moves, b.moves, sizeof(cg_move) * (size_t)a.n);
        assert_int_equal(a.nodes, b.nodes);
        o.metric = (cg_metric)2;
        assert_int_equal(cg3_twophase_solve(solver, &c, &o, &b, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "metric"));
    }
    /* the superflip (24 quarter turns away) has no solution of 5: the complete search says so */
    cg3_cube c = cg3_cube_home();
    memset(c.eo, 1, sizeof c.eo);
    o = cg3_solve_defaults();
    o.metric = CG_METRIC_QTM;
    o.max_moves = 5;
    cg3_solution sol;
    cg_error err;
    assert_int_equal(cg3_twophase_solve(solver, &c, &o, &sol, &err), CG_ERR_TOO_LONG);
    assert_non_null(strstr(err.msg, "at most 5 quarter turns exists"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_coordinate_round_trips),
        cmocka_unit_test(test_move_tables_match_model),
        cmocka_unit_test(test_symmetries_match_conjugation),
        cmocka_unit_test(test_phase1_distances_exact_small_depths),
        cmocka_unit_test(test_phase2_distances_exact_small_depths),
        cmocka_unit_test(test_random_cubes_solved_within_20),
        cmocka_unit_test(test_short_scrambles),
        cmocka_unit_test(test_long_phase2_scrambles),
        cmocka_unit_test(test_merge_turns),
        cmocka_unit_test(test_p1_distance_read),
        cmocka_unit_test(test_p1_twelves),
        cmocka_unit_test(test_p2_distance_read),
        cmocka_unit_test(test_p1_within_known),
        cmocka_unit_test(test_time_limit_improves),
        cmocka_unit_test(test_time_limit_never_loses_the_first_solution),
        cmocka_unit_test(test_invalid_cubes),
        cmocka_unit_test(test_near_table),
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_threads_answers_within_limits),
        cmocka_unit_test(test_threads_share_the_sides),
        cmocka_unit_test(test_threads_cap_and_range),
        cmocka_unit_test(test_qtm_random_cubes),
        cmocka_unit_test(test_qtm_short_scrambles),
        cmocka_unit_test(test_qtm_time_limit_improves),
        cmocka_unit_test(test_metric_option),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
