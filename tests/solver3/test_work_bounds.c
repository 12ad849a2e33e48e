/* Work bounds of the two-phase search: node counts on fixed seeded sets of random cubes (HTM at
 * --max-moves 19, 20 and 21, QTM at 28) stay within twice the counts recorded here. Node counts
 * do not depend on the machine or its load, so this is a test, not a benchmark: a change that
 * makes the search do three times the work fails it (dropping the pre-moves' solutions until a
 * first one exists does 3 to 12 times; issue 27, item 6). When the search gets cheaper, record
 * the new counts (the test prints them). Under valgrind (CUBEGOD_SLOW_TOOLS) smaller sets.
 *
 * The 2x2 solver does not search (it walks its distance table, at most 11 moves of 9 look-ups
 * each), so it has no work to bound here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/solver3.h"
#include "testutil.h"

static cg3_twophase *solver;
static cg3_tables model;

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    const char *path = getenv("CUBEGOD_TWOPHASE_CACHE");
    FILE *f = path && *path ? fopen(path, "rb") : NULL;
    if (slow_tools() && !f) {
        printf("skipping: no prebuilt 3x3 two-phase cache under the slow tools\n");
        return -1;
    }
    if (f)
        fclose(f);
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

typedef struct work_set {
    int cubes;                  /* the first `cubes` random cubes of seed 27 */
    int max_moves;
    cg_metric metric;
    unsigned long long recorded; /* nodes, all cubes together, at commit time */
} work_set;

/* Recorded 2026-11-26 (cache version 11). */
static const work_set FULL[] = {
    {8, 19, CG_METRIC_HTM, 769942},
    {40, 20, CG_METRIC_HTM, 145906},
    {100, 21, CG_METRIC_HTM, 74701},
    {3, 28, CG_METRIC_QTM, 2037318},
};
static const work_set SMALL[] = {
    {5, 20, CG_METRIC_HTM, 4893},
    {20, 21, CG_METRIC_HTM, 11316},
};

static void run_set(const work_set *w)
{
    cg_rng r;
    cg_rng_seed(&r, 27);
    unsigned long long total = 0;
    for (int i = 0; i < w->cubes; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_solve_options o = cg3_solve_defaults();
        o.max_moves = w->max_moves;
        o.metric = w->metric;
        cg3_solution sol;
        cg_error err;
        if (cg3_twophase_solve(solver, &c, &o, &sol, &err) != CG_OK)
            fail_msg("cube %d at %d: %s", i, w->max_moves, err.msg);
        assert_true(cg_moves_count(sol.moves, (size_t)sol.n, w->metric) <= (size_t)w->max_moves);
        for (int k = 0; k < sol.n; k++)
            cg3_cube_apply(&model, &c, cg3_move_from_face_turn(sol.moves[k]));
        assert_true(cg3_cube_is_home(&c));
        total += sol.nodes;
    }
    printf("%d cubes, at most %d %s: %llu nodes (recorded %llu, x%.2f)\n", w->cubes, w->max_moves,
           cg_metric_name(w->metric), total, w->recorded, (double)total / (double)w->recorded);
    if (total > 2 * w->recorded)
        fail_msg("%d cubes at %d %s: %llu nodes, more than twice the %llu recorded", w->cubes,
                 w->max_moves, cg_metric_name(w->metric), total, w->recorded);
}

static void test_node_budget(void **state)
{
    (void)state;
    const work_set *sets = slow_tools() ? SMALL : FULL;
    size_t n = slow_tools() ? sizeof SMALL / sizeof SMALL[0] : sizeof FULL / sizeof FULL[0];
    for (size_t i = 0; i < n; i++)
        run_set(&sets[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_node_budget),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
