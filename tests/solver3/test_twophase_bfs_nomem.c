// link-wrap: calloc pthread_create pthread_join
/* The two-phase tables' level-by-level BFS (src/solver3/twophase_bfs.c) when memory or threads
 * run out: either of its two class bitmaps not allocated is CG_ERR_NOMEM with a message naming
 * the table, never a crash; a thread that cannot start is CG_ERR_SYSTEM, after the threads
 * that did start are joined; and with both, a two-class table gets its distances. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "solver3/twophase.h"

static int fail_at; /* the calloc call (1, 2, ...) that returns NULL; 0: none */

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_at > 0 && --fail_at == 0)
        return NULL;
    return __real_calloc(n, size);
}

static int create_fail_at, created, joined; /* create_fail_at: as fail_at, for pthread_create */

int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
    if (create_fail_at > 0 && --create_fail_at == 0)
        return 11; /* EAGAIN */
    int r = __real_pthread_create(t, a, fn, arg);
    created += r == 0;
    return r;
}

int __real_pthread_join(pthread_t t, void **ret);
int __wrap_pthread_join(pthread_t t, void **ret)
{
    int r = __real_pthread_join(t, ret);
    joined += r == 0;
    return r;
}

/* Two classes of one entry each; the one move takes each class to the other. */
static cg_status run(uint8_t dist[2], int threads, cg_error *err)
{
    static const uint32_t next[2] = {1u << TP_SYM_BITS, 0};
    static const uint16_t inner_mv[1] = {0}, stab[2] = {1, 1};
    static uint16_t conj[TP_SYMS];
    tp_bfs b = {.dist = dist, .classes = 2, .inner = 1, .nmoves = 1, .next = next,
                .inner_mv = inner_mv, .conj = conj, .stab = stab, .start = 0, .phase = "test table"};
    int depth = -1;
    cg_status st = cgi_tp_bfs(&b, threads, NULL, &depth, err);
    if (st == CG_OK)
        assert_int_equal(depth, 1);
    return st;
}

static void test_no_memory_for_either_bitmap(void **state)
{
    (void)state;
    for (int k = 1; k <= 2; k++) {
        uint8_t dist[2];
        cg_error err = {0};
        fail_at = k;
        assert_int_equal(run(dist, 1, &err), CG_ERR_NOMEM);
        fail_at = 0;
        assert_non_null(strstr(err.msg, "no memory to build the test table"));
    }
}

static void test_with_memory(void **state)
{
    (void)state;
    uint8_t dist[2];
    cg_error err = {0};
    assert_int_equal(run(dist, 3, &err), CG_OK);
    assert_int_equal(dist[0], 0);
    assert_int_equal(dist[1], 1);
}

/* Three threads asked, the second extra one cannot start: the first is joined, the level is
 * not taken as complete. */
static void test_a_thread_that_cannot_start(void **state)
{
    (void)state;
    uint8_t dist[2];
    cg_error err = {0};
    created = joined = 0;
    create_fail_at = 2;
    assert_int_equal(run(dist, 3, &err), CG_ERR_SYSTEM);
    create_fail_at = 0;
    assert_non_null(strstr(err.msg, "cannot start a thread to build the test table"));
    assert_int_equal(created, 1);
    assert_int_equal(joined, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_memory_for_either_bitmap),
        cmocka_unit_test(test_with_memory),
        cmocka_unit_test(test_a_thread_that_cannot_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
