// link-wrap: malloc calloc
/* 2x2 solver paths no other test takes:
 *   - a table that lies (made here, in memory: every residue 0, or a cycle of three positions
 *     whose residues lead the walk round for ever): the walk gives up, at once or after the
 *     longest solution's length, and a solve says the table is inconsistent;
 *   - a build without memory for its builder (each allocation of cg_tables_open failing in turn,
 *     up to that one: no build runs): CG_ERR_NOMEM saying so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/solver.h"
#include "solver/coord.h"
#include "solver/table.h"

static int fail_nth; /* when > 0: the allocation it counts down to fails, the others do not */

static bool failing(void) { return fail_nth > 0 && --fail_nth == 0; }

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size) { return failing() ? NULL : __real_malloc(size); }
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return failing() ? NULL : __real_calloc(n, size); }

/* A table of the right shape whose residues are all 0 (the pages come zeroed and untouched). */
static struct cg_tables *lying_table(void)
{
    struct cg_tables *t = calloc(1, sizeof *t);
    assert_non_null(t);
    cg_error err;
    assert_int_equal(cgi_coords_init(&t->coords, &err), CG_OK);
    t->metric = CG_METRIC_HTM;
    t->dist = calloc(CG_TABLE_BYTES + 8, 1);
    assert_non_null(t->dist);
    return t;
}

static void free_table(struct cg_tables *t)
{
    free(t->dist);
    free(t);
}

static void set_residue(struct cg_tables *t, uint32_t r, int rho, int v)
{
    cg_block_store(t->dist, r, cg_block_set(cg_block_load(t->dist, r), 1u << rho, v));
}

/* Where physical move m takes (r, rho), as the walk goes. */
static void step(const struct cg_tables *t, uint32_t *r, int *rho, int m)
{
    const cg_coords *c = &t->coords;
    uint32_t next = cg_coords_move(c, *r, c->view_move[*rho][m]);
    *rho = c->next_rot[*rho][m];
    *r = next;
}

/* Residue 0 everywhere: one move from home, no neighbour is a step closer */
static void test_walk_finds_no_step(void **state)
{
    (void)state;
    struct cg_tables *t = lying_table();
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, cg_move_make(CG_R, 1));
    assert_int_equal(cg_distance_home(t, &c), -1);
    assert_int_equal(cg_distance_any(t, &c), -1);
    cg_move out[CG_SOLUTION_MAX];
    int n = 99;
    cg_error err;
    assert_int_equal(cg_solve_cube(t, &c, CG_TARGET_HOME, CG_SOLUTION_MAX, out, &n, &err),
                     CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "the solver table is inconsistent");
    assert_int_equal(n, 0);
    assert_int_equal(cg_solve_cube(t, &c, CG_TARGET_ANY, CG_SOLUTION_MAX, out, &n, &err),
                     CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "the solver table is inconsistent");
    free_table(t);
}

/* A = R, B = A U, C = A U2 with residues 2, 1, 0 (A U' keeps the 0 of every other position):
 * from A the first move closer is U (to B), from B again U (to C), from C U2 (back to A): the
 * walk goes round until it has made the longest solution's moves, then gives up */
static void test_walk_in_a_cycle_gives_up(void **state)
{
    (void)state;
    struct cg_tables *t = lying_table();
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, cg_move_make(CG_R, 1));
    uint32_t ra, rb, rc;
    int pa, pb, pc;
    cgi_coords_split(&t->coords, &c, &ra, &pa);
    rb = ra, pb = pa;
    step(t, &rb, &pb, cg_move_make(CG_U, 1));
    rc = rb, pc = pb;
    step(t, &rc, &pc, cg_move_make(CG_U, 1));
    uint32_t back = rc;
    int pback = pc;
    step(t, &back, &pback, cg_move_make(CG_U, 2));
    assert_true(back == ra && pback == pa); /* U U U2 is no move */
    set_residue(t, ra, pa, 2);
    set_residue(t, rb, pb, 1);
    assert_int_equal(cg_distance_home(t, &c), -1);
    cg_move out[CG_SOLUTION_MAX];
    int n = 99;
    cg_error err;
    assert_int_equal(cg_solve_cube(t, &c, CG_TARGET_HOME, CG_SOLUTION_MAX, out, &n, &err),
                     CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "the solver table is inconsistent");
    assert_int_equal(n, 0);
    /* the walk went round: U, U, U2, U, U, U2, ... in the moves it wrote */
    for (int i = 0; i < CG_SOLUTION_MAX; i++)
        assert_int_equal(out[i], cg_move_make(CG_U, i % 3 == 2 ? 2 : 1));
    free_table(t);
}

/* No memory for the builder: every allocation before it failing in turn says CG_ERR_NOMEM, then
 * the builder's own does, and nothing is built or saved */
static void test_build_without_memory_for_the_builder(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "/tmp/cubegod-solver-paths-%d.tbl", (int)getpid());
    cg_tables_options o = {.cache_path = path};
    cg_error err;
    cg_status st = CG_OK;
    int n;
    for (n = 1; n <= 40; n++) {
        cg_tables *t = (cg_tables *)&o;
        fail_nth = n;
        st = cg_tables_open(&t, &o, NULL, &err);
        fail_nth = 0;
        if (st != CG_ERR_NOMEM)
            fail_msg("allocation %d failing: status %d, '%s'", n, st, err.msg);
        assert_null(t);
        if (strstr(err.msg, "builder"))
            break;
    }
    assert_true(n <= 40);
    assert_string_equal(err.msg, "no memory for the table builder");
    FILE *f = fopen(path, "rb");
    if (f) {
        fclose(f);
        remove(path);
        fail_msg("a cache was saved at %s", path);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walk_finds_no_step),
        cmocka_unit_test(test_walk_in_a_cycle_gives_up),
        cmocka_unit_test(test_build_without_memory_for_the_builder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
