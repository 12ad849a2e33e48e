// link-wrap: calloc
/* The two-phase tables' level-by-level BFS (src/solver3/twophase_bfs.c) when memory runs out:
 * either of its two class bitmaps not allocated is CG_ERR_NOMEM with a message naming the
 * table, never a crash; and with memory, a two-class table gets its distances. */
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

/* Two classes of one entry each; the one move takes each class to the other. */
static cg_status run(uint8_t dist[2], cg_error *err)
{
    static const uint32_t next[2] = {1u << TP_SYM_BITS, 0};
    static const uint16_t inner_mv[1] = {0}, stab[2] = {1, 1};
    static uint16_t conj[TP_SYMS];
    tp_bfs b = {.dist = dist, .classes = 2, .inner = 1, .nmoves = 1, .next = next,
                .inner_mv = inner_mv, .conj = conj, .stab = stab, .start = 0, .phase = "test table"};
    int depth = -1;
    cg_status st = cgi_tp_bfs(&b, 1, NULL, &depth, err);
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
        assert_int_equal(run(dist, &err), CG_ERR_NOMEM);
        fail_at = 0;
        assert_non_null(strstr(err.msg, "no memory to build the test table"));
    }
}

static void test_with_memory(void **state)
{
    (void)state;
    uint8_t dist[2];
    cg_error err = {0};
    assert_int_equal(run(dist, &err), CG_OK);
    assert_int_equal(dist[0], 0);
    assert_int_equal(dist[1], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_memory_for_either_bitmap),
        cmocka_unit_test(test_with_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
