/* The optimal 3x3 solver, with the small table configuration (the full one only prunes more).
 * Every length is checked against distances found here without the solver: a breadth-first
 * search over cg3_cube states near home, and a meet-in-the-middle search for deeper cubes.
 * Every answer is applied to the model. Run with --tables, the program only builds the table
 * cache (the ctest fixture optimal_tables, never under valgrind).
 * Under ASan+UBSan the breadth-first search stops at depth 4, the deeper cubes are 8 or 9 moves
 * from home, and one table build (the damaged cache's) is kept. Under valgrind
 * (CUBEGOD_SLOW_TOOLS=1) the search stops at depth 3, the deeper cubes are 6 moves from home, and
 * both cache-rebuild cases are skipped (a build takes minutes there). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/solver3.h"
#include "solver3/optimal.h"
#include "testutil.h"

static cg3_optimal *solver;
static cg3_twophase *twophase; /* its phase-1 table as a further bound (cg3_optimal_use_twophase) */
static cg3_tables model;
static test_scale scale;
#define slow (scale == SCALE_VALGRIND)

/* ---- a hash set of cubes with their distance from home ---- */

typedef struct key {
    uint64_t a, b;
} key;

static key key_of(const cg3_cube *c)
{
    key k = {0, 0};
    for (int i = 0; i < CG3_CORNERS; i++)
        k.a = k.a << 5 | (uint64_t)(c->cp[i] << 2 | c->co[i]);
    for (int i = 0; i < CG3_EDGES; i++)
        k.b = k.b << 5 | (uint64_t)(c->ep[i] << 1 | c->eo[i]);
    return k;
}

typedef struct ball {
    key *keys;
    int8_t *depth; /* -1: empty slot */
    size_t cap;
    cg3_cube *cubes; /* in breadth-first order */
    size_t n;
    size_t end[8]; /* cubes[0..end[d]) are within d moves */
} ball;

static size_t slot(const ball *b, key k)
{
    uint64_t h = (k.a * 0x9E3779B97F4A7C15ull) ^ (k.b * 0xC2B2AE3D27D4EB4Full);
    size_t i = (size_t)(h ^ h >> 29) & (b->cap - 1);
    while (b->depth[i] >= 0 && (b->keys[i].a != k.a || b->keys[i].b != k.b))
        i = (i + 1) & (b->cap - 1);
    return i;
}

static int ball_depth(const ball *b, const cg3_cube *c)
{
    return b->depth[slot(b, key_of(c))];
}

static ball home_ball; /* every cube within radius moves of home */
static int radius;

static void ball_build(ball *b, int r)
{
    static const size_t count[] = {1, 19, 262, 3502, 46741, 621649}; /* upper bounds suffice */
    b->n = 0;
    b->cap = 1u << 21;
    while (b->cap < count[r] * 2)
        b->cap <<= 1;
    b->keys = malloc(b->cap * sizeof *b->keys);
    b->depth = malloc(b->cap);
    b->cubes = malloc(count[r] * sizeof *b->cubes);
    assert_non_null(b->keys);
    assert_non_null(b->depth);
    assert_non_null(b->cubes);
    memset(b->depth, -1, b->cap);
    cg3_cube home = cg3_cube_home();
    b->cubes[b->n++] = home;
    size_t s0 = slot(b, key_of(&home));
    b->keys[s0] = key_of(&home);
    b->depth[s0] = 0;
    b->end[0] = 1;
    size_t from = 0;
    for (int d = 1; d <= r; d++) {
        size_t to = b->n;
        for (size_t i = from; i < to; i++)
            for (int m = 0; m < 18; m++) {
                cg3_cube c = b->cubes[i];
                cg_move mv = (cg_move)m;
                cg3_cube_apply_face_turns(&model, &c, &mv, 1);
                key k = key_of(&c);
                size_t s = slot(b, k);
                if (b->depth[s] >= 0)
                    continue;
                b->keys[s] = k;
                b->depth[s] = (int8_t)d;
                assert_true(b->n < count[r]);
                b->cubes[b->n++] = c;
            }
        from = to;
        b->end[d] = b->n;
    }
}

static void ball_free(ball *b)
{
    free(b->keys);
    free(b->depth);
    free(b->cubes);
}

/* ---- helpers ---- */

static void scramble(cg_rng *r, int len, cg3_cube *c)
{
    *c = cg3_cube_home();
    int last = -1;
    for (int i = 0; i < len; i++) {
        int m;
        do
            m = (int)cg_rng_below(r, 18);
        while (last >= 0 && (m / 3 == last || ((m / 3) >> 1 == last >> 1 && m / 3 < last)));
        last = m / 3;
        cg_move mv = (cg_move)m;
        cg3_cube_apply_face_turns(&model, c, &mv, 1);
    }
}

/* The defaults with a node cap far above what any cube here needs: a broken search fails
 * instead of hanging. */
static cg3_solve_options capped(void)
{
    cg3_solve_options o = cg3_solve_defaults();
    o.max_nodes = 50000000;
    return o;
}

/* Solves c, applies the answer to the model and checks it reaches home; returns its length. */
static int solve_checked(const cg3_cube *c)
{
    cg3_solution sol;
    cg_error err;
    cg3_solve_options o = capped();
    cg_status st = cg3_optimal_solve(solver, c, &o, &sol, &err);
    if (st != CG_OK)
        fail_msg("solve failed: %s", err.msg);
    assert_true(sol.optimal);
    assert_int_equal(sol.lower_bound, sol.n);
    cg3_cube d = *c;
    cg3_cube_apply_face_turns(&model, &d, sol.moves, (size_t)sol.n);
    assert_true(cg3_cube_is_home(&d));
    for (int i = 1; i < sol.n; i++) { /* canonical: no face twice in a row */
        assert_int_not_equal(cg_move_face(sol.moves[i]), cg_move_face(sol.moves[i - 1]));
    }
    return sol.n;
}

/* Exact distance of c by meeting the home ball: the shortest a + home distance over the cubes
 * a <= reach canonical moves from c. Exact when the distance is at most reach + radius;
 * -1 when nothing meets. */
static int best;
static void meet(const cg3_cube *c, int a, int reach, int last)
{
    int h = ball_depth(&home_ball, c);
    if (h >= 0 && a + h < best)
        best = a + h;
    if (a >= reach || a + 1 >= best)
        return;
    for (int m = 0; m < 18; m++) {
        int face = m / 3;
        if (last >= 0 && (face == last || ((face >> 1) == (last >> 1) && face < last)))
            continue;
        cg3_cube d = *c;
        cg_move mv = (cg_move)m;
        cg3_cube_apply_face_turns(&model, &d, &mv, 1);
        meet(&d, a + 1, reach, face);
    }
}

static int meet_distance(const cg3_cube *c, int reach)
{
    best = 99;
    meet(c, 0, reach, -1);
    return best <= reach + radius ? best : -1;
}

/* ---- tests ---- */

/* Every cube within radius - 1 moves, and 1 in 40 of those at radius, solved at their exact
 * breadth-first distance; no heuristic value above it. */
static void test_exact_near_home(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 7);
    size_t checked = 0;
    for (size_t i = 0; i < home_ball.n; i++) {
        int d = ball_depth(&home_ball, &home_ball.cubes[i]);
        if (d == radius && cg_rng_below(&r, 40) != 0)
            continue;
        assert_true(cgi_optimal_heuristic(solver, &home_ball.cubes[i]) <= d);
        assert_int_equal(solve_checked(&home_ball.cubes[i]), d);
        checked++;
    }
    assert_true(checked > home_ball.end[radius - 1]);
}

/* The deeper cubes' scramble lengths and the meet's reach (exact up to reach + radius moves):
 * an 11-move cube costs an optimal search about a hundred times what a 9-move one does. */
static int deeper_length(int i)
{
    return scale == SCALE_FULL ? 11 - i % 3 : scale == SCALE_SANITIZED ? 9 - i % 2 : 6;
}
static int deeper_reach(void) { return scale == SCALE_FULL ? 6 : scale == SCALE_SANITIZED ? 5 : 3; }

/* Deeper scrambles against the meet-in-the-middle distance. */
static void test_exact_deeper(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 11);
    int reach = deeper_reach(), cubes = scale == SCALE_FULL ? 4 : 2;
    for (int i = 0; i < cubes; i++) {
        cg3_cube c;
        scramble(&r, deeper_length(i), &c); /* 11 10 9 11 */
        int d = meet_distance(&c, reach);
        assert_true(d >= 0);
        assert_true(cgi_optimal_heuristic(solver, &c) <= d);
        assert_int_equal(solve_checked(&c), d);
    }
}

/* The deeper cubes again, with the phase-1 bound (the meet is exact up to 6 + 5 = 11 moves). */
static void test_exact_deeper_phase1(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 13);
    int reach = deeper_reach(), cubes = scale == SCALE_FULL ? 6 : 3;
    cg3_optimal_use_twophase(solver, twophase);
    for (int i = 0; i < cubes; i++) {
        cg3_cube c;
        scramble(&r, deeper_length(i), &c);
        int d = meet_distance(&c, reach);
        assert_true(d >= 0);
        assert_true(cgi_optimal_heuristic(solver, &c) <= d);
        assert_int_equal(solve_checked(&c), d);
    }
    /* every cube of the ball: the bound with phase 1 never exceeds the distance, and is at least
       the databases' own */
    for (size_t i = 0; i < home_ball.n; i += slow ? 7 : 1) {
        const cg3_cube *c = &home_ball.cubes[i];
        int with = cgi_optimal_heuristic(solver, c);
        cg3_optimal_use_twophase(solver, NULL);
        int without = cgi_optimal_heuristic(solver, c);
        cg3_optimal_use_twophase(solver, twophase);
        assert_true(with >= without);
        assert_true(with <= ball_depth(&home_ball, c));
    }
    cg3_optimal_use_twophase(solver, NULL);
}

/* Each database entry is a lower bound: sampled cubes of known distance, one lookup at a time. */
static void test_admissible(void **state)
{
    (void)state;
    pdb_edge_set set;
    const uint8_t *edges = cgi_optimal_edge_table(solver, &set);
    const uint8_t *corners = cgi_optimal_corner_table(solver);
    cg_rng r;
    cg_rng_seed(&r, 3);
    for (int i = 0; i < 20000; i++) {
        const cg3_cube *c = &home_ball.cubes[cg_rng_below(&r, home_ball.n)];
        unsigned d = (unsigned)ball_depth(&home_ball, c);
        uint8_t st[CG3_EDGES], sub[PDB_EDGE_MAX_K];
        cgi_pdb_edge_states(c, st);
        for (int j = 0; j < set.k; j++)
            sub[j] = st[set.piece[j]];
        assert_true(cgi_pdb_get(edges, cgi_pdb_edge_index(sub, set.k)) <= d);
        assert_true(cgi_pdb_get(corners, cgi_pdb_cperm(c) * (size_t)PDB_TWIST + cgi_pdb_twist(c)) <= d);
    }
}

/* The corner database's distance counts are the published ones for the 2x2x2 corners in the
 * half-turn metric (with a fixed frame: 8! * 3^7 positions, God's number 11). */
static void test_corner_counts(void **state)
{
    (void)state;
    if (slow) {
        print_message("skipped under valgrind: 88 million lookups\n");
        skip();
    }
    static const unsigned long long published[12] = {
        1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736};
    unsigned long long at[16] = {0};
    const uint8_t *corners = cgi_optimal_corner_table(solver);
    for (size_t i = 0; i < PDB_CORNER_ENTRIES; i++)
        at[cgi_pdb_get(corners, i)]++;
    for (int d = 0; d < 12; d++)
        assert_int_equal(at[d], published[d]);
    for (int d = 12; d < 16; d++)
        assert_int_equal(at[d], 0);
}

static void test_caps(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 5);
    cg3_cube c = cg3_cube_random(&r);
    cg3_solution sol;
    cg_error err;
    cg3_solve_options o = cg3_solve_defaults();
    o.max_nodes = 1000;
    assert_int_equal(cg3_optimal_solve(solver, &c, &o, &sol, &err), CG_ERR_TIMEOUT);
    assert_non_null(strstr(err.msg, "not proven optimal"));
    assert_non_null(strstr(err.msg, "node cap"));
    char ruled[64];
    snprintf(ruled, sizeof ruled, "no solution of %d moves or fewer", sol.lower_bound - 1);
    assert_non_null(strstr(err.msg, ruled));
    assert_int_equal(sol.n, 0);
    assert_false(sol.optimal);
    assert_true(sol.lower_bound >= 1 && sol.lower_bound <= CG3_GODS_NUMBER);
    assert_true(sol.nodes >= 1000);

    o = cg3_solve_defaults();
    o.time_limit_ms = 1; /* a random cube is about 18 moves deep: far beyond 1 ms */
    assert_int_equal(cg3_optimal_solve(solver, &c, &o, &sol, &err), CG_ERR_TIMEOUT);
    assert_non_null(strstr(err.msg, "not proven optimal"));
    assert_non_null(strstr(err.msg, "time limit"));
    assert_int_equal(sol.n, 0);

    /* a time limit too large to add to the clock is no limit */
    cg3_cube s8;
    scramble(&r, 6, &s8);
    o = capped();
    o.time_limit_ms = 1e300;
    assert_int_equal(cg3_optimal_solve(solver, &s8, &o, &sol, &err), CG_OK);

    /* max_moves: the optimum passes, one less is too long */
    cg3_cube s;
    scramble(&r, 8, &s);
    int d = solve_checked(&s);
    o = capped();
    o.max_moves = d - 1;
    assert_int_equal(cg3_optimal_solve(solver, &s, &o, &sol, &err), CG_ERR_TOO_LONG);
    assert_int_equal(sol.n, 0);
    o.max_moves = d;
    assert_int_equal(cg3_optimal_solve(solver, &s, &o, &sol, &err), CG_OK);
    assert_int_equal(sol.n, d);
}

static void test_bad_input(void **state)
{
    (void)state;
    cg3_cube c = cg3_cube_home();
    cg3_solution sol;
    cg_error err;
    c.co[0] = 1; /* one corner twisted in place */
    assert_int_equal(cg3_optimal_solve(solver, &c, NULL, &sol, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "twist"));
    c = cg3_cube_home();
    c.ep[0] = 1; /* UR twice */
    assert_int_equal(cg3_optimal_solve(solver, &c, NULL, &sol, &err), CG_ERR_INPUT);
    c = cg3_cube_home();
    cg3_solve_options o = cg3_solve_defaults();
    o.max_moves = CG3_SOLUTION_MAX + 1;
    assert_int_equal(cg3_optimal_solve(solver, &c, &o, &sol, &err), CG_ERR_INPUT);
    o = cg3_solve_defaults();
    o.time_limit_ms = -1;
    assert_int_equal(cg3_optimal_solve(solver, &c, &o, &sol, &err), CG_ERR_INPUT);
    /* half turns only: even home is refused under QTM, saying why */
    o = cg3_solve_defaults();
    o.metric = CG_METRIC_QTM;
    assert_int_equal(cg3_optimal_solve(solver, &c, &o, &sol, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "half turns only"));
    /* home: nothing to do */
    assert_int_equal(cg3_optimal_solve(solver, &c, NULL, &sol, &err), CG_OK);
    assert_int_equal(sol.n, 0);
    assert_true(sol.optimal);
}

/* The notices an open gave, for the tests to compare word for word. */
typedef struct notices {
    int n;
    char text[4][CG_ERROR_MSG_MAX + 96];
} notices;

static void keep_notice(void *ctx, const char *text)
{
    notices *ns = ctx;
    assert_true(ns->n < 4);
    snprintf(ns->text[ns->n++], sizeof ns->text[0], "%s", text);
}

static const char building[] = "building the optimal solver's tables (once; about ten seconds)";

/* A copy of the test cache at dir/optimal.tbl (path), one byte of its corner table flipped when
 * damage. */
static void copy_cache(char dir[], char path[128], bool damage)
{
    const char *src = getenv("CUBEGOD_OPTIMAL_TEST_CACHE");
    assert_non_null(src);
    assert_non_null(mkdtemp(dir));
    snprintf(path, 128, "%s/optimal.tbl", dir);
    FILE *in = fopen(src, "rb"), *out = fopen(path, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[1 << 16];
    size_t n, total = 0;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        if (damage && total <= 5000000 && total + n > 5000000)
            buf[5000000 - total] ^= 0x11;
        assert_int_equal(fwrite(buf, 1, n, out), n);
        total += n;
    }
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

/* A damaged cache file is refused, rebuilt and replaced; the next open loads it. */
static void test_damaged_cache(void **state)
{
    (void)state;
    if (slow) {
        print_message("skipped under valgrind: a table build takes minutes there\n");
        skip();
    }
    char dir[] = "/tmp/cubegod-optimal-XXXXXX", path[128], want[256];
    copy_cache(dir, path, true);
    notices ns = {0};
    cg3_tables_options o = {.cache_path = path, .notice = keep_notice, .notice_ctx = &ns};
    cg3_tables_info info;
    cg3_optimal *s;
    cg_error err;
    assert_int_equal(cgi_optimal_open_config(&s, CGI_OPTIMAL_SMALL, &o, &info, &err), CG_OK);
    assert_true(info.rebuilt);
    assert_false(info.from_cache);
    assert_true(info.saved);
    assert_int_equal(ns.n, 2);
    snprintf(want, sizeof want,
             "ignoring the optimal solver's table cache (%s: checksum mismatch); rebuilding it",
             path);
    assert_string_equal(ns.text[0], want);
    assert_string_equal(ns.text[1], building);
    cg3_optimal_close(s);
    ns.n = 0;
    assert_int_equal(cgi_optimal_open_config(&s, CGI_OPTIMAL_SMALL, &o, &info, &err), CG_OK);
    assert_true(info.from_cache);
    assert_false(info.rebuilt);
    assert_int_equal(ns.n, 0);
    cg3_cube c;
    cg_rng r;
    cg_rng_seed(&r, 9);
    scramble(&r, 7, &c);
    cg3_solution a, b;
    cg3_solve_options so = capped();
    assert_int_equal(cg3_optimal_solve(s, &c, &so, &a, &err), CG_OK);
    assert_int_equal(cg3_optimal_solve(solver, &c, &so, &b, &err), CG_OK);
    assert_int_equal(a.n, b.n);
    cg3_optimal_close(s);
    unlink(path);
    rmdir(dir);
}

/* rebuild builds even over a valid cache, and replaces it: not "rebuilt", which means a bad
 * file. */
static void test_rebuild(void **state)
{
    (void)state;
    if (scale != SCALE_FULL) {
        /* the build is the one test_damaged_cache checks under ASan; here only the flag differs */
        print_message("skipped under ASan and valgrind: a second table build, minutes there\n");
        skip();
    }
    char dir[] = "/tmp/cubegod-optimal-XXXXXX", path[128];
    copy_cache(dir, path, false);
    notices ns = {0};
    cg3_tables_options o = {.cache_path = path, .notice = keep_notice, .notice_ctx = &ns,
                            .rebuild = true};
    cg3_tables_info info;
    cg3_optimal *s;
    cg_error err;
    assert_int_equal(cgi_optimal_open_config(&s, CGI_OPTIMAL_SMALL, &o, &info, &err), CG_OK);
    assert_false(info.from_cache);
    assert_false(info.rebuilt);
    assert_true(info.saved);
    assert_int_equal(ns.n, 1);
    assert_string_equal(ns.text[0], building);
    cg3_optimal_close(s);
    o.rebuild = false;
    assert_int_equal(cgi_optimal_open_config(&s, CGI_OPTIMAL_SMALL, &o, &info, &err), CG_OK);
    assert_true(info.from_cache);
    assert_int_equal(ns.n, 1);
    cg3_optimal_close(s);
    unlink(path);
    rmdir(dir);
}

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    scale = test_scale_now();
    radius = scale == SCALE_FULL ? 5 : scale == SCALE_SANITIZED ? 4 : 3;
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
    ball_build(&home_ball, radius);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    cg3_optimal_close(solver);
    cg3_twophase_close(twophase);
    ball_free(&home_ball);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--tables") == 0) { /* the ctest fixture */
        cg3_tables_options o = {.cache_path = getenv("CUBEGOD_OPTIMAL_TEST_CACHE")};
        cg3_tables_info info;
        cg_error err;
        if (!o.cache_path || cgi_optimal_open_config(&solver, CGI_OPTIMAL_SMALL, &o, &info, &err) != CG_OK) {
            fprintf(stderr, "optimal tables: %s\n", o.cache_path ? err.msg : "no CUBEGOD_OPTIMAL_TEST_CACHE");
            return 1;
        }
        printf("optimal test tables ready in %.0f ms (%s)\n", info.ready_ms,
               info.from_cache ? "loaded" : "built");
        cg3_optimal_close(solver);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),      cmocka_unit_test(test_admissible),
        cmocka_unit_test(test_corner_counts),  cmocka_unit_test(test_exact_near_home),
        cmocka_unit_test(test_exact_deeper),   cmocka_unit_test(test_exact_deeper_phase1),
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_damaged_cache),
        cmocka_unit_test(test_rebuild),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
