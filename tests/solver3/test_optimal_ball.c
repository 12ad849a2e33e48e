/* The optimal 3x3 solver (small tables) against every cube within 5 moves of home: 621,649
 * cubes, each solved at exactly its distance, each answer applied to the model.
 *
 * The distances come from the model alone, not from a breadth-first search with a hash set as in
 * test_optimal.c: every canonical move sequence of up to 5 moves (never a face twice in a row,
 * opposite faces in one order) is applied to home, the cubes are packed into 128-bit keys and
 * sorted, and each cube keeps the shortest length that reached it. A cube d moves from home has
 * a canonical sequence of d moves and none shorter, so that length is its distance.
 *
 * The whole ball is solved twice: with the corner and edge databases alone, and with the two-phase
 * solver's phase-1 table as a further bound (cg3_optimal_use_twophase, three axes).
 *
 * Under ASan+UBSan (1 in 10) and valgrind (1 in 1,500) a seeded sample of the ball is solved
 * instead; the test prints the seed and the sample's size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/clock.h"
#include "cubegod/solver3.h"
#include "solver3/optimal.h"
#include "testutil.h"

enum { RADIUS = 5 };
#define SAMPLE_SEED 20261123u

static cg3_tables model;
static cg3_optimal *solver;
static cg3_twophase *twophase;
static size_t one_in = 1; /* solve 1 cube in one_in of the ball (seeded) */

typedef struct entry {
    uint64_t a, b; /* the cube, packed */
    int len;       /* moves of the sequence that reached it */
} entry;

static entry *found;
static size_t n_found, cap_found;

static entry pack(const cg3_cube *c, int len)
{
    entry e = {0, 0, len};
    for (int i = 0; i < CG3_CORNERS; i++)
        e.a = e.a << 5 | (uint64_t)(c->cp[i] << 2 | c->co[i]);
    for (int i = 0; i < CG3_EDGES; i++)
        e.b = e.b << 5 | (uint64_t)(c->ep[i] << 1 | c->eo[i]);
    return e;
}

static cg3_cube unpack(const entry *e)
{
    cg3_cube c = cg3_cube_home(); /* the centres: face turns never move them */
    uint64_t a = e->a, b = e->b;
    for (int i = CG3_CORNERS - 1; i >= 0; i--, a >>= 5) {
        c.cp[i] = (uint8_t)((a >> 2) & 7);
        c.co[i] = (uint8_t)(a & 3);
    }
    for (int i = CG3_EDGES - 1; i >= 0; i--, b >>= 5) {
        c.ep[i] = (uint8_t)((b >> 1) & 15);
        c.eo[i] = (uint8_t)(b & 1);
    }
    return c;
}

static void walk(const cg3_cube *c, int len, int last)
{
    assert_true(n_found < cap_found);
    found[n_found++] = pack(c, len);
    if (len == RADIUS)
        return;
    for (int m = 0; m < 18; m++) {
        int face = m / 3;
        if (last >= 0 && (face == last || ((face >> 1) == (last >> 1) && face < last)))
            continue;
        cg3_cube d = *c;
        cg_move mv = (cg_move)m;
        cg3_cube_apply_face_turns(&model, &d, &mv, 1);
        walk(&d, len + 1, face);
    }
}

static int by_cube_then_length(const void *x, const void *y)
{
    const entry *p = x, *q = y;
    if (p->a != q->a)
        return p->a < q->a ? -1 : 1;
    if (p->b != q->b)
        return p->b < q->b ? -1 : 1;
    return p->len - q->len;
}

/* The ball: every cube within RADIUS moves once, with its distance; counts per distance. */
static void ball(size_t at[RADIUS + 1])
{
    cap_found = 1u << 20; /* 624,124 canonical sequences of up to 5 moves */
    found = malloc(cap_found * sizeof *found);
    assert_non_null(found);
    cg3_cube home = cg3_cube_home();
    walk(&home, 0, -1);
    qsort(found, n_found, sizeof *found, by_cube_then_length);
    size_t kept = 0;
    for (size_t i = 0; i < n_found; i++)
        if (kept == 0 || found[kept - 1].a != found[i].a || found[kept - 1].b != found[i].b)
            found[kept++] = found[i];
    n_found = kept;
    memset(at, 0, (RADIUS + 1) * sizeof at[0]);
    for (size_t i = 0; i < n_found; i++)
        at[found[i].len]++;
}

/* Solves c, applies the answer and checks it reaches home; returns its length. */
static int solve_checked(const cg3_optimal *s, const cg3_cube *c, unsigned long long *nodes)
{
    cg3_solve_options o = cg3_solve_defaults();
    o.max_nodes = 50000000; /* a broken search fails instead of hanging */
    cg3_solution sol;
    cg_error err;
    if (cg3_optimal_solve(s, c, &o, &sol, &err) != CG_OK)
        fail_msg("solve failed: %s", err.msg);
    assert_true(sol.optimal);
    *nodes += sol.nodes;
    assert_int_equal(sol.lower_bound, sol.n);
    cg3_cube d = *c;
    cg3_cube_apply_face_turns(&model, &d, sol.moves, (size_t)sol.n);
    assert_true(cg3_cube_is_home(&d));
    return sol.n;
}

static void test_every_cube_within_5(void **state)
{
    (void)state;
    int64_t t0 = cg_now_ns();
    size_t at[RADIUS + 1];
    ball(at);
    /* the published counts of cubes at 0..5 face turns (OEIS A080601) */
    static const size_t published[RADIUS + 1] = {1, 18, 243, 3240, 43239, 574908};
    for (int d = 0; d <= RADIUS; d++)
        assert_int_equal(at[d], published[d]);
    assert_int_equal(n_found, 621649);
    double ball_s = cg_seconds_between(t0, cg_now_ns());
    for (int with_p1 = 0; with_p1 < 2; with_p1++) {
        cg3_optimal_use_twophase(solver, with_p1 ? twophase : NULL);
        cg_rng r;
        cg_rng_seed(&r, SAMPLE_SEED);
        size_t solved = 0;
        unsigned long long nodes = 0;
        int64_t t1 = cg_now_ns();
        for (size_t i = 0; i < n_found; i++) {
            if (one_in > 1 && cg_rng_below(&r, one_in) != 0)
                continue;
            cg3_cube c = unpack(&found[i]);
            cg_error err;
            assert_int_equal(cg3_cube_check(&c, &err), CG_OK);
            int d = found[i].len;
            if (cgi_optimal_heuristic(solver, &c) > d)
                fail_msg("cube %zu: heuristic %d above its distance %d", i,
                         cgi_optimal_heuristic(solver, &c), d);
            int n = solve_checked(solver, &c, &nodes);
            if (n != d)
                fail_msg("cube %zu: solved in %d moves, its distance is %d", i, n, d);
            solved++;
        }
        if (one_in > 1)
            print_message("a sample of %zu of the %zu cubes within %d moves (seed %u, about 1 in "
                          "%zu), not all of them\n",
                          solved, n_found, RADIUS, SAMPLE_SEED, one_in);
        else
            assert_int_equal(solved, n_found);
        print_message("%s: ball of %zu cubes in %.1f s; %zu solved at their distance in %.1f s, "
                      "%llu nodes\n", with_p1 ? "with the phase-1 bound" : "databases alone",
                      n_found, ball_s, solved, cg_seconds_between(t1, cg_now_ns()), nodes);
    }
    cg3_optimal_use_twophase(solver, NULL);
    free(found);
}

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    test_scale scale = test_scale_now();
    one_in = scale == SCALE_FULL ? 1 : scale == SCALE_SANITIZED ? 10 : 1500;
    cg3_tables_options o = {.cache_path = getenv("CUBEGOD_OPTIMAL_TEST_CACHE")};
    cg_error err;
    if (cgi_optimal_open_config(&solver, CGI_OPTIMAL_SMALL, &o, NULL, &err) != CG_OK) {
        print_error("optimal tables: %s\n", err.msg);
        return -1;
    }
    cg3_tables_options t = {.cache_path = getenv("CUBEGOD_TWOPHASE_CACHE")};
    if (cg3_twophase_open(&twophase, &t, NULL, &err) != CG_OK) {
        print_error("two-phase tables: %s\n", err.msg);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cg3_optimal_close(solver);
    cg3_twophase_close(twophase);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_cube_within_5),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
