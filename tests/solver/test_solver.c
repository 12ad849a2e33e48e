/* The solver against searches that share nothing with it but the cube model:
 *  - breadth-first search from home over whole cubes, every position up to depth 6 (5 under
 *    sanitizers and valgrind): the table's distance must be the BFS depth, and the counts
 *    docs/protocol.md's;
 *  - meet in the middle for random deep positions: a hash of every position within 6 moves of
 *    home, met by a plain depth-first search from the position;
 *  - every solution is applied to the cube and must reach the target in exactly that many moves;
 *  - the quarter-turn table: its own search's counts against the published figures
 *    (fixtures/solver/qtm-depth-counts.txt), a BFS over the quarter-turn graph, deep samples. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <sys/stat.h>
#include <unistd.h>

#include "cubegod/shapes.h"
#include "cubegod/solver.h"
#include "solver/table.h"
#include "tables_fixture.h"
#include "testutil.h"

/* Smaller under sanitizers and valgrind (testutil.h). */
#define BFS_DEPTH_MAX 6
static int bfs_depth(void) { return slow_tools() ? 5 : BFS_DEPTH_MAX; }
static int deep_samples(void) { return slow_tools() ? 4 : 30; }


/* ---- a plain open-addressing set of cubes with their depth ---- */

typedef struct entry {
    uint64_t key; /* 0 = empty */
    int depth;
} entry;

typedef struct cube_set {
    entry *slots;
    size_t mask;
    size_t count;
} cube_set;

static uint64_t pack(const cg_cube *c)
{
    uint64_t k = 1; /* never 0 */
    for (int i = 0; i < CG_CORNERS; i++)
        k = (k << 5) | (uint64_t)(c->perm[i] * 3 + c->twist[i]);
    return k;
}

/* For the any target: a cube and the same cube turned as a whole are one position; the key is
 * the least over the 24 orientations (NULL: the cube as it is). */
static const cg_cube *orientations;
/* For the quarter-turn metric: the searches turn quarter turns only. */
static bool quarter_only;
static bool turned(int mv) { return !quarter_only || cg_move_turns((cg_move)mv) != 2; }

static uint64_t key_of(const cg_cube *c)
{
    if (!orientations)
        return pack(c);
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 24; i++) {
        cg_cube t = cg_cube_mul(c, &orientations[i]);
        uint64_t k = pack(&t);
        best = k < best ? k : best;
    }
    return best;
}

static uint64_t mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    return k ^ (k >> 33);
}

static void set_init(cube_set *s, size_t capacity_pow2)
{
    s->slots = calloc(capacity_pow2, sizeof *s->slots);
    assert_non_null(s->slots);
    s->mask = capacity_pow2 - 1;
    s->count = 0;
}

/* Returns the depth stored for c, or -1 (and stores depth) when it was absent. */
static int set_add(cube_set *s, const cg_cube *c, int depth)
{
    uint64_t k = key_of(c);
    for (size_t i = mix(k) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i].key == k)
            return s->slots[i].depth;
        if (s->slots[i].key == 0) {
            s->slots[i].key = k;
            s->slots[i].depth = depth;
            s->count++;
            return -1;
        }
    }
}

static int set_find(const cube_set *s, const cg_cube *c)
{
    uint64_t k = key_of(c);
    for (size_t i = mix(k) & s->mask;; i = (i + 1) & s->mask) {
        if (s->slots[i].key == k)
            return s->slots[i].depth;
        if (s->slots[i].key == 0)
            return -1;
    }
}

/* BFS from home to max_depth; returns the set, fills per-depth counts. */
static cube_set bfs(int max_depth, long counts[])
{
    cg_cube roots[1] = {cg_cube_home()};
    int nroots = 1;
    cube_set s;
    set_init(&s, (size_t)1 << 22);
    size_t cap = 1 << 21, n = 0;
    cg_cube *frontier = malloc(cap * sizeof *frontier);
    assert_non_null(frontier);
    for (int i = 0; i < nroots; i++)
        if (set_add(&s, &roots[i], 0) < 0)
            frontier[n++] = roots[i];
    counts[0] = (long)n;
    for (int d = 1; d <= max_depth; d++) {
        cg_cube *next = malloc(cap * sizeof *next);
        assert_non_null(next);
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            for (int mv = 0; mv < CG_MOVES; mv++) {
                if (!turned(mv))
                    continue;
                cg_cube c = frontier[i];
                cg_cube_apply(&c, (cg_move)mv);
                if (set_add(&s, &c, d) < 0) {
                    assert_true(m < cap);
                    next[m++] = c;
                }
            }
        free(frontier);
        frontier = next;
        n = m;
        counts[d] = (long)m;
    }
    free(frontier);
    return s;
}

static void test_bfs_from_home(void **state)
{
    (void)state;
    long expected[CG_MAX_SOLUTION + 1];
    FILE *f = open_fixture("solver/depth-counts.txt");
    char line[128];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        int d;
        long count;
        if (line[0] != '#' && sscanf(line, "%d %ld", &d, &count) == 2 && d >= 0 && d <= 11) {
            expected[d] = count;
            rows++;
        }
    }
    fclose(f);
    assert_int_equal(rows, CG_MAX_SOLUTION + 1);

    long counts[BFS_DEPTH_MAX + 1];
    cube_set s = bfs(bfs_depth(), counts);
    for (int d = 0; d <= bfs_depth(); d++)
        assert_int_equal(counts[d], expected[d]);
    /* Every position found: the table agrees on its distance, and the solution works. */
    size_t checked = 0;
    for (size_t i = 0; i <= s.mask; i++) {
        if (!s.slots[i].key)
            continue;
        uint64_t k = s.slots[i].key;
        cg_cube c;
        for (int j = CG_CORNERS - 1; j >= 0; j--, k >>= 5) {
            c.perm[j] = (uint8_t)((k & 31) / 3);
            c.twist[j] = (uint8_t)((k & 31) % 3);
        }
        assert_int_equal(cg_distance_home(tables, &c), s.slots[i].depth);
        if (checked++ % 97 == 0) {
            cg_move moves[CG_SOLUTION_MAX];
            int n;
            assert_int_equal(cg_solve_cube(tables, &c, CG_TARGET_HOME, 11, moves, &n, NULL), CG_OK);
            assert_int_equal(n, s.slots[i].depth);
            cg_cube_apply_all(&c, moves, (size_t)n);
            assert_true(cg_cube_is_home(&c));
        }
    }
    assert_int_equal(checked, s.count);
    free(s.slots);
}

/* Least i + (depth in the set) over the cubes i moves from c, at the first i that meets the set:
 * the set holds everything within its radius of the target, so that is c's distance. */
static int meet_at(const cube_set *near, const cg_cube *c, int depth, int level, int last_face)
{
    if (depth == level) {
        int d = set_find(near, c);
        return d < 0 ? 99 : level + d;
    }
    int best = 99;
    for (int m = 0; m < CG_MOVES; m++) {
        if (cg_move_face((cg_move)m) == last_face || !turned(m))
            continue;
        cg_cube n = *c;
        cg_cube_apply(&n, (cg_move)m);
        int b = meet_at(near, &n, depth + 1, level, cg_move_face((cg_move)m));
        best = b < best ? b : best;
    }
    return best;
}

static int meet(const cube_set *near, const cg_cube *c, int max_forward)
{
    for (int level = 0; level <= max_forward; level++) {
        int d = meet_at(near, c, 0, level, -1);
        if (d < 99)
            return d;
    }
    return 99;
}

static void check_deep(const cube_set *near, int radius, cg_target target, uint64_t seed)
{
    cg_rng rng;
    cg_rng_seed(&rng, seed);
    int deep = 0;
    for (int i = 0; i < deep_samples(); i++) {
        cg_cube c = cg_cube_random(&rng);
        int slow = meet(near, &c, CG_MAX_SOLUTION - radius);
        cg_move moves[CG_SOLUTION_MAX];
        int n;
        assert_int_equal(cg_solve_cube(tables, &c, target, 11, moves, &n, NULL), CG_OK);
        if (n != slow)
            fail_msg("sample %d: solver %d moves, slow search %d", i, n, slow);
        cg_cube_apply_all(&c, moves, (size_t)n);
        assert_true(target == CG_TARGET_HOME ? cg_cube_is_home(&c) : cg_cube_is_solved_any(&c));
        deep += n >= 9;
    }
    assert_true(deep > deep_samples() / 2); /* random positions are mostly deep */
}

static void test_deep_home(void **state)
{
    (void)state;
    long counts[7];
    cube_set near = bfs(6, counts);
    check_deep(&near, 6, CG_TARGET_HOME, 11);
    free(near.slots);
}

static void test_deep_any(void **state)
{
    (void)state;
    /* The 24 solved orientations are the cubes every face of which is one colour: collect them
     * by brute force over whole-cube products of U D' and R L'. */
    cg_cube roots[24];
    int n = 0;
    roots[n++] = cg_cube_home();
    for (int i = 0; i < n; i++) {
        static const cg_move gens[2][2] = {{0 * 3 + 0, 1 * 3 + 2}, {5 * 3 + 0, 4 * 3 + 2}};
        for (int g = 0; g < 2; g++) {
            cg_cube c = roots[i];
            cg_cube_apply(&c, gens[g][0]);
            cg_cube_apply(&c, gens[g][1]);
            assert_true(cg_cube_is_solved_any(&c));
            int seen = 0;
            for (int j = 0; j < n; j++)
                seen |= cg_cube_equal(&c, &roots[j]);
            if (!seen)
                roots[n++] = c;
        }
    }
    assert_int_equal(n, 24);
    orientations = roots;
    long counts[7];
    cube_set near = bfs(6, counts);
    /* Positions up to orientation within 0..6 moves of solved (known figures for the 2x2). */
    static const long classes[7] = {1, 9, 54, 321, 1847, 9992, 50136};
    for (int d = 0; d <= 6; d++)
        assert_int_equal(counts[d], classes[d]);
    check_deep(&near, 6, CG_TARGET_ANY, 12);
    orientations = NULL;
    free(near.slots);
}

/* Colours that are no face letters and not the six common colours: no scheme, so the target is
 * any orientation, which the table reaches with R, U and F only (the corner DBL stays where it
 * is): the solved cube after L is solved by an R turn, not by L' */
static void test_unknown_colours_any_orientation(void **state)
{
    (void)state;
    static const char after_l[] = "wpwpqqqqpspsststvvvvwtwt"; /* URFDLB, U=p R=q F=s D=t L=v B=w */
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string(after_l, strlen(after_l), "URFDLB", &p, &err), CG_OK);
    cg_move moves[CG_SOLUTION_MAX];
    int n;
    assert_int_equal(cg_solve_puzzle(tables, &p, NULL, moves, &n, &err), CG_OK);
    assert_int_equal(n, 1);
    for (int i = 0; i < n; i++)
        if (!strchr("URF", cg_move_name(moves[i])[0]))
            fail_msg("move %d is %s: the corner DBL moved", i, cg_move_name(moves[i]));
}

static void test_too_long(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 5);
    cg_cube c = cg_cube_random(&rng);
    int d = cg_distance_home(tables, &c);
    cg_move moves[CG_SOLUTION_MAX];
    int n = 99; /* an error leaves no count of moves behind */
    cg_error err;
    assert_int_equal(cg_solve_cube(tables, &c, CG_TARGET_HOME, d - 1, moves, &n, &err),
                     CG_ERR_TOO_LONG);
    assert_int_equal(n, 0);
    assert_non_null(strstr(err.msg, "shortest solution has"));
    assert_int_equal(cg_solve_cube(tables, &c, CG_TARGET_HOME, d, moves, &n, &err), CG_OK);
    assert_int_equal(n, d);
    c.twist[0] = (uint8_t)((c.twist[0] + 1) % 3);
    assert_int_equal(cg_solve_cube(tables, &c, CG_TARGET_HOME, 11, moves, &n, &err), CG_ERR_INPUT);
    assert_int_equal(n, 0);
}

/* Flips the byte at offset of the file at path (xor with 0x55). */
static void flip_byte(const char *path, long offset)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    int c = fgetc(f);
    assert_true(c != EOF);
    assert_int_equal(fseek(f, offset, SEEK_SET), 0);
    assert_int_equal(fputc(c ^ 0x55, f), c ^ 0x55);
    assert_int_equal(fclose(f), 0);
}

/* Maps the cache at path: CG_OK (and unmapped again) or the refusal. */
static cg_status map_cache(const char *path, cg_error *err)
{
    tablefile f;
    cg_status st = cgi_tablefile_load(path, cgi_cache_kind(CG_METRIC_HTM), &f, err);
    cgi_tablefile_release(&f);
    return st;
}

/* A cache damaged by one byte is refused wherever the byte is: in each 8-byte lane of the
 * checksum's 32-byte rounds (early and late in the table), in the tail after the last whole
 * round, and in the header. The same file undamaged is accepted before and after. */
static void test_cache_damage_anywhere_is_refused(void **state)
{
    (void)state;
    char dir[] = "/tmp/cubegod-cache-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/pocket.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, cgi_cache_kind(CG_METRIC_HTM), tables->dist, NULL), CG_OK);
    cg_error err;
    assert_int_equal(map_cache(path, &err), CG_OK);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    const long size = (long)sb.st_size, payload = size - (long)CG_TABLE_BYTES; /* its offset */
    assert_true(payload > 0);
    long offsets[16];
    int n = 0;
    for (int lane = 0; lane < 4; lane++) {
        offsets[n++] = payload + 32 * 1000 + 8 * lane + lane; /* early */
        if (!slow_tools())
            offsets[n++] = payload + 32 * 600000 + 8 * lane + 7 - lane; /* late */
    }
    offsets[n++] = size - 1; /* the last byte: past the last whole round when there is a tail */
    offsets[n++] = size - 33;
    offsets[n++] = payload / 2; /* in the header */
    for (int i = 0; i < n; i++) {
        flip_byte(path, offsets[i]);
        if (map_cache(path, &err) != CG_ERR_INPUT)
            fail_msg("a cache damaged at offset %ld (of %ld) was accepted", offsets[i], size);
        flip_byte(path, offsets[i]); /* undone */
    }
    assert_int_equal(map_cache(path, &err), CG_OK);
    unlink(path);
    rmdir(dir);
}

/* ---- the quarter-turn table ---- */

static cg_tables *qtm;
static cg_tables_info qtm_info;

/* Built, not loaded, so that the search's own counts are there to check. */
static int setup_qtm(void **state)
{
    cg_tables_options o = {.cache_path = "", .metric = CG_METRIC_QTM};
    return cg_tables_open(&qtm, &o, &qtm_info, NULL) == CG_OK ? setup(state) : -1;
}

static int teardown_qtm(void **state)
{
    cg_tables_close(qtm);
    return teardown(state);
}

/* fixtures/solver/qtm-depth-counts.txt: distance, classes up to rotation, fixed-frame positions. */
static void qtm_fixture(long any[CG_SOLUTION_MAX + 1], long home[CG_SOLUTION_MAX + 1])
{
    FILE *f = open_fixture("solver/qtm-depth-counts.txt");
    char line[128];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        int d;
        long a, h;
        if (line[0] != '#' && sscanf(line, "%d %ld %ld", &d, &a, &h) == 3 && d == rows &&
            d <= CG_SOLUTION_MAX) {
            any[d] = a;
            home[d] = h;
            rows++;
        }
    }
    fclose(f);
    assert_int_equal(rows, CG_SOLUTION_MAX + 1);
}

static void test_qtm_depth_counts(void **state)
{
    (void)state;
    long any[CG_SOLUTION_MAX + 1], home[CG_SOLUTION_MAX + 1];
    qtm_fixture(any, home);
    assert_int_equal(cg_tables_metric(qtm), CG_METRIC_QTM);
    long sum_any = 0, sum_home = 0;
    for (int d = 0; d <= CG_SOLUTION_MAX; d++) {
        assert_int_equal(qtm_info.positions_any_at[d], any[d]);
        assert_int_equal(qtm_info.positions_at[d], home[d]);
        sum_any += any[d];
        sum_home += home[d];
    }
    assert_int_equal(sum_any, 3674160);
    assert_int_equal(sum_home, 88179840);
}

static void test_qtm_bfs(void **state)
{
    (void)state;
    long any[CG_SOLUTION_MAX + 1], home[CG_SOLUTION_MAX + 1];
    qtm_fixture(any, home);
    quarter_only = true;
    long counts[BFS_DEPTH_MAX + 1];
    int depth = bfs_depth();
    cube_set s = bfs(depth, counts);
    for (int d = 0; d <= depth; d++)
        assert_int_equal(counts[d], home[d]);
    size_t checked = 0;
    for (size_t i = 0; i <= s.mask; i++) {
        if (!s.slots[i].key)
            continue;
        uint64_t k = s.slots[i].key;
        cg_cube c;
        for (int j = CG_CORNERS - 1; j >= 0; j--, k >>= 5) {
            c.perm[j] = (uint8_t)((k & 31) / 3);
            c.twist[j] = (uint8_t)((k & 31) % 3);
        }
        assert_int_equal(cg_distance_home(qtm, &c), s.slots[i].depth);
        if (checked++ % 97 == 0) {
            cg_move moves[CG_SOLUTION_MAX];
            int n;
            assert_int_equal(cg_solve_cube(qtm, &c, CG_TARGET_HOME, 14, moves, &n, NULL), CG_OK);
            assert_int_equal(n, s.slots[i].depth);
            for (int j = 0; j < n; j++)
                assert_int_not_equal(cg_move_turns(moves[j]), 2);
            cg_cube_apply_all(&c, moves, (size_t)n);
            assert_true(cg_cube_is_home(&c));
        }
    }
    assert_int_equal(checked, s.count);
    free(s.slots);
    quarter_only = false;
}

/* Deep positions: the solution is quarter turns only, solves, has the table's length, and the
 * distance is locally consistent (every quarter turn changes it by exactly one, the graph being
 * bipartite, and the HTM distance is a lower bound). */
static void test_qtm_deep(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 14);
    int longest = 0;
    for (int i = 0; i < deep_samples() * 10; i++) {
        cg_cube c = cg_cube_random(&rng);
        for (int t = 0; t < 2; t++) {
            cg_target target = t ? CG_TARGET_ANY : CG_TARGET_HOME;
            cg_move moves[CG_SOLUTION_MAX];
            int n;
            assert_int_equal(cg_solve_cube(qtm, &c, target, 14, moves, &n, NULL), CG_OK);
            int d = t ? cg_distance_any(qtm, &c) : cg_distance_home(qtm, &c);
            assert_int_equal(n, d);
            int htm = t ? cg_distance_any(tables, &c) : cg_distance_home(tables, &c);
            assert_true(htm <= d && d <= 2 * htm);
            cg_cube e = c;
            for (int j = 0; j < n; j++) {
                assert_int_not_equal(cg_move_turns(moves[j]), 2);
                cg_cube_apply(&e, moves[j]);
            }
            assert_true(t ? cg_cube_is_solved_any(&e) : cg_cube_is_home(&e));
            longest = n > longest ? n : longest;
            if (t)
                continue;
            for (int m = 0; m < CG_MOVES; m++) {
                if (cg_move_turns((cg_move)m) == 2)
                    continue;
                cg_cube next = c;
                cg_cube_apply(&next, (cg_move)m);
                int dn = cg_distance_home(qtm, &next);
                assert_true(dn == d - 1 || dn == d + 1);
            }
        }
    }
    assert_true(longest >= 11);
    /* A limit below the optimum is refused with the optimum named. */
    cg_cube c = cg_cube_random(&rng);
    cg_move moves[CG_SOLUTION_MAX];
    int n;
    cg_error err;
    int d = cg_distance_home(qtm, &c);
    assert_int_equal(cg_solve_cube(qtm, &c, CG_TARGET_HOME, d - 1, moves, &n, &err),
                     CG_ERR_TOO_LONG);
}

/* Targets by name, both ways. */
static void test_target_names(void **state)
{
    (void)state;
    static const char *const names[] = {"auto", "home", "any"};
    for (int t = 0; t < 3; t++) {
        assert_string_equal(cg_target_name((cg_target)t), names[t]);
        assert_int_equal(cg_target_parse(names[t]), t);
    }
    assert_string_equal(cg_target_name(CG_TARGET_HOME), "home");
    assert_string_equal(cg_target_name(CG_TARGET_ANY), "any");
    assert_int_equal(cg_target_parse("Home"), -1);
}

/* A table loaded from its cache has no build's counts: every one is zero, whatever the caller's
 * struct held. */
static void test_loaded_table_counts_nothing(void **state)
{
    (void)state;
    cg_tables_options o = {.cache_path = getenv("CUBEGOD_CACHE")};
    cg_tables_info info;
    memset(&info, 0xA5, sizeof info);
    cg_tables *t;
    assert_int_equal(cg_tables_open(&t, &o, &info, NULL), CG_OK);
    assert_true(info.from_cache);
    assert_false(info.rebuilt);
    assert_false(info.saved);
    assert_true(info.ready_ms > 0 && info.ready_ms < 60000);
    /* the distance to any orientation is the length of the solution to any orientation */
    cg_rng rng;
    cg_rng_seed(&rng, 11);
    for (int i = 0; i < 200; i++) {
        cg_cube c = cg_cube_random(&rng);
        cg_move moves[CG_SOLUTION_MAX];
        int n = -1;
        assert_int_equal(cg_solve_cube(t, &c, CG_TARGET_ANY, CG_SOLUTION_MAX, moves, &n, NULL), CG_OK);
        assert_int_equal(cg_distance_any(t, &c), n);
        assert_int_equal(cg_solve_cube(t, &c, CG_TARGET_HOME, CG_SOLUTION_MAX, moves, &n, NULL), CG_OK);
        assert_int_equal(cg_distance_home(t, &c), n);
    }
    for (int d = 0; d <= CG_SOLUTION_MAX; d++) {
        assert_int_equal(info.positions_at[d], 0);
        assert_int_equal(info.positions_any_at[d], 0);
    }
    cg_tables_close(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loaded_table_counts_nothing),
        cmocka_unit_test(test_target_names),
        cmocka_unit_test(test_bfs_from_home),
        cmocka_unit_test(test_deep_home),
        cmocka_unit_test(test_deep_any),
        cmocka_unit_test(test_too_long),
        cmocka_unit_test(test_unknown_colours_any_orientation),
        cmocka_unit_test(test_cache_damage_anywhere_is_refused),
    };
    /* The QTM checks compare with the HTM table too, so both are open for them. */
    const struct CMUnitTest qtm_tests[] = {
        cmocka_unit_test(test_qtm_depth_counts),
        cmocka_unit_test(test_qtm_bfs),
        cmocka_unit_test(test_qtm_deep),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    return failed + cmocka_run_group_tests_name("qtm", qtm_tests, setup_qtm, teardown_qtm);
}
