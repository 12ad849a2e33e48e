// link-wrap: calloc malloc pthread_create pthread_join
/* The quick 3x3 tables' build when memory or a thread runs out: no memory for the tables or
 * for the build's scratch is CG_ERR_NOMEM naming them, with nothing left allocated and the
 * tables' pointers all NULL (so a free after it frees nothing); a thread that cannot start
 * leaves the phase-1 tables to the caller's thread, and they come out byte for byte those of
 * a two-thread build; a thread that starts is joined. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#ifdef __GLIBC__
#endif

#include "solver3/twophase.h"
#include "testutil.h"

static int calloc_fail_at, malloc_fail_at, create_fail_at; /* the call (1, 2, ...) that fails */
static int created, joined;

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    if (calloc_fail_at > 0 && --calloc_fail_at == 0)
        return NULL;
    return __real_calloc(n, size);
}

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    if (malloc_fail_at > 0 && --malloc_fail_at == 0)
        return NULL;
    return __real_malloc(size);
}

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

static cg3_tables model;

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    return 0;
}

static void assert_nothing_left(const tp_quick *q)
{
    assert_null(q->mem);
    assert_null(q->twist_mv);
    assert_null(q->cp_sp);
    assert_null(q->fl_tw3);
}

static void test_no_memory(void **state)
{
    (void)state;
    tp_quick first;
    cg_error e;
    assert_int_equal(cgi_tpq_build(&first, &model, &e), CG_OK); /* the heap's first growth */
    cgi_tpq_free(&first);
    for (int which = 0; which < 2; which++) {
        size_t before = heap_in_use();
        tp_quick q;
        memset(&q, 0x5A, sizeof q); /* a caller's struct need not be zeroed */
        cg_error err = {0};
        if (which == 0)
            calloc_fail_at = 1; /* the tables */
        else
            malloc_fail_at = 1; /* the scratch */
        assert_int_equal(cgi_tpq_build(&q, &model, &err), CG_ERR_NOMEM);
        calloc_fail_at = malloc_fail_at = 0;
        assert_non_null(strstr(err.msg, "no memory for the quick 3x3 tables"));
        assert_nothing_left(&q);
        cgi_tpq_free(&q); /* frees nothing twice */
        assert_int_equal(heap_in_use(), before); /* the half allocated is freed */
    }
}

static void test_no_thread(void **state)
{
    (void)state;
    if (test_scale_now() == SCALE_VALGRIND) /* two builds: the release and ASan runs have them */
        skip();
    tp_quick two, alone;
    cg_error err = {0};
    created = joined = 0;
    assert_int_equal(cgi_tpq_build(&two, &model, &err), CG_OK);
    assert_int_equal(created, 1);
    assert_int_equal(joined, 1);
    create_fail_at = 1;
    assert_int_equal(cgi_tpq_build(&alone, &model, &err), CG_OK);
    int left = create_fail_at;
    create_fail_at = 0;
    assert_int_equal(left, 0); /* the build did ask for its thread */
    assert_int_equal(created, 1);
    assert_int_equal(joined, 1);
    assert_memory_equal(alone.mem, two.mem, cgi_tpq_bytes());
    cgi_tpq_free(&alone);
    cgi_tpq_free(&two);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_memory),
        cmocka_unit_test(test_no_thread),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
