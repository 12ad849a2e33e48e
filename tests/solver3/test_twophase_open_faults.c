// link-wrap: calloc malloc pthread_create
/* The two-phase solver when memory or threads run out, and the solve's option checks that no
 * other test reaches: a background open whose allocations fail one at a time is CG_ERR_NOMEM
 * with its message and leaves nothing behind (*out NULL); one whose thread cannot start is
 * CG_ERR_SYSTEM naming the cause; a solve with a negative time limit is CG_ERR_INPUT; a
 * solve whose search cannot be allocated is CG_ERR_NOMEM; a solve on two threads whose second
 * cannot start searches that share on the caller's thread and still answers. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/solver3.h"

/* The Nth call from now (1, 2, ...) of each wrapped function fails; 0: none. */
static int calloc_fail, malloc_fail, create_fail;

static bool fails(int *at) { return *at > 0 && --*at == 0; }

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return fails(&calloc_fail) ? NULL : __real_calloc(n, size); }
void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size) { return fails(&malloc_fail) ? NULL : __real_malloc(size); }
int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
    return fails(&create_fail) ? EAGAIN : __real_pthread_create(t, a, fn, arg);
}

static cg3_tables_options cache(void)
{
    const char *path = getenv("CUBEGOD_TWOPHASE_CACHE");
    assert_non_null(path);
    return (cg3_tables_options){.cache_path = path};
}

/* A background open (cg3_twophase_open_later: the same allocations, and nothing loaded until a
 * start, which keeps this quick under valgrind) with its Nth calloc (or malloc) failing, N = 1,
 * 2, ... until one opens: each failure is CG_ERR_NOMEM with one of want's messages and *out
 * NULL; returns how many failed. */
static int open_failing(int *counter, const char *const want[], int nwant)
{
    cg3_tables_options o = cache();
    for (int n = 1; n < 64; n++) {
        cg3_twophase *s = (cg3_twophase *)&s;
        cg_error err = {0};
        *counter = n;
        cg_status st = cg3_twophase_open_later(&s, &o, &err);
        *counter = 0;
        if (st == CG_OK) {
            assert_non_null(s);
            assert_false(cg3_twophase_pending(s)); /* not started: nothing loads */
            cg3_twophase_close(s);
            return n - 1;
        }
        assert_int_equal(st, CG_ERR_NOMEM);
        assert_null(s);
        bool known = false;
        for (int k = 0; k < nwant; k++)
            known |= strcmp(err.msg, want[k]) == 0;
        if (!known)
            fail_msg("allocation %d: '%s'", n, err.msg);
    }
    fail_msg("the open never succeeded");
    return -1;
}

static void background_without_memory(void **state)
{
    (void)state;
    static const char *const solver[] = {"no memory for the two-phase solver"};
    /* the solver and its thread's state (calloc), the cache path's copy (malloc); the model's
       shell may take more of either */
    assert_true(open_failing(&calloc_fail, solver, 1) >= 2);
    assert_true(open_failing(&malloc_fail, solver, 1) >= 1);
}

static void background_without_a_thread(void **state)
{
    (void)state;
    cg3_tables_options o = cache();
    cg3_twophase *s = (cg3_twophase *)&s;
    cg_error err = {0};
    create_fail = 1;
    assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_ERR_SYSTEM);
    create_fail = 0;
    assert_null(s);
    assert_string_equal(err.msg, "cannot start the tables' thread: Resource temporarily unavailable");
}

static void solve_checks_and_faults(void **state)
{
    (void)state;
    cg3_tables_options o = cache();
    cg3_twophase *s;
    cg_error err = {0};
    assert_int_equal(cg3_twophase_open(&s, &o, NULL, &err), CG_OK);
    cg3_tables model;
    cg3_tables_init(&model);
    cg_rng r;
    cg_rng_seed(&r, 3);
    cg3_cube c = cg3_cube_random(&r); /* far from home: the search itself answers it */
    cg3_solution sol;
    cg3_solve_options so = cg3_solve_defaults();

    so.time_limit_ms = -1;
    assert_int_equal(cg3_twophase_solve(s, &c, &so, &sol, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "time_limit_ms must be 0 or more");
    so.time_limit_ms = 0;

    /* the second search of two cannot be allocated: the first is freed, NOMEM (the compiler
       makes the search's malloc and its zeroing one calloc) */
    so.threads = 2;
    calloc_fail = malloc_fail = 2;
    assert_int_equal(cg3_twophase_solve(s, &c, &so, &sol, &err), CG_ERR_NOMEM);
    calloc_fail = malloc_fail = 0;
    assert_string_equal(err.msg, "no memory for the search");
    assert_int_equal(sol.n, 0);

    /* the second thread cannot start: its share is searched on the caller's thread */
    create_fail = 1;
    assert_int_equal(cg3_twophase_solve(s, &c, &so, &sol, &err), CG_OK);
    assert_int_equal(create_fail, 0); /* the thread was asked for */
    cg3_cube d = c;
    cg3_cube_apply_face_turns(&model, &d, sol.moves, (size_t)sol.n);
    assert_true(cg3_cube_is_home(&d));
    assert_true(sol.n > 0 && sol.n <= 20);
    cg3_twophase_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(background_without_memory),
        cmocka_unit_test(background_without_a_thread),
        cmocka_unit_test(solve_checks_and_faults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
