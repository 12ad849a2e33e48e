// link-wrap: malloc calloc
/* Every handle's constructor without memory (malloc and calloc failing): CG_ERR_NOMEM with a
 * message that says so, *out set to NULL, and nothing kept (the next call, with memory, works). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/dialogue.h"
#include "cubegod/order.h"
#include "cubegod/pow.h"
#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"
#include "cubegod/sim3.h"
#include "cubegod/tube.h"

static bool fail_all; /* every malloc fails while set */

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    return fail_all ? NULL : __real_malloc(size);
}

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    return fail_all ? NULL : __real_calloc(n, size);
}

#define SENTINEL ((void *)&fail_all)

/* CALL (which writes out) fails for want of memory, then works once memory is back. */
#define NO_MEMORY(out, call, words)                                                                \
    do {                                                                                           \
        out = SENTINEL;                                                                            \
        memset(&err, 0, sizeof err);                                                               \
        fail_all = true;                                                                           \
        cg_status st = call;                                                                       \
        fail_all = false;                                                                          \
        assert_int_equal(st, CG_ERR_NOMEM);                                                        \
        assert_null(out);                                                                          \
        if (!strstr(err.msg, words))                                                               \
            fail_msg("%s: message '%s'", #call, err.msg);                                          \
        assert_int_equal(call, CG_OK);                                                             \
        assert_non_null(out);                                                                      \
    } while (0)

static void test_constructors_without_memory(void **state)
{
    (void)state;
    cg3_tables model;
    cg3_tables_init(&model);
    FILE *in = fmemopen((void *)"ENDOFINPUT\n", 11, "r");
    assert_non_null(in);

    cg_error err;
    cg3_tables *t;
    cg_order_parser *p;
    cg_sim3_reader *r;
    cg_box_reader *b;
    cg_shape_reader *s;
    NO_MEMORY(t, cg3_tables_new(&t, &err), "out of memory for the 3x3 move tables");
    cg3_tables_free(t);
    NO_MEMORY(p, cg_order_parser_new(&p, &model, &err), "out of memory for an order parser");
    cg_order_parser_free(p);
    NO_MEMORY(r, cg_sim3_new(&r, in, &err), "out of memory for a simulator reader");
    cg_sim3_free(r);
    NO_MEMORY(b, cg_box_reader_new(&b, &err), "memory");
    cg_box_reader_free(b);
    NO_MEMORY(s, cg_shape_reader_new(&s, CG_SHAPE_AUTO, NULL, &err), "memory");
    cg_shape_reader_free(s);
    cg_replies *rr;
    NO_MEMORY(rr, cg_replies_new(&rr, &err), "out of memory for reply rules");
    cg_replies_free(rr);
    cg_pow *pw;
    NO_MEMORY(pw, cg_pow_new(&pw, &err), "no memory for a proof-of-work solver");
    cg_pow_free(pw);
    cg_layout *l;
    static const char LAYOUT[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 L1 L2 L3 L4 B1 B2 B3 B4\n";
    NO_MEMORY(l, cg_layout_new(LAYOUT, strlen(LAYOUT), &l, &err), "memory");
    cg_layout_free(l);
    cg_tube *mt;
    cg_tube_options quiet = {.log_level = CG_LOG_QUIET};
    NO_MEMORY(mt, cg_tube_memory("x\n", 2, 0, &quiet, &mt, &err), "memory");
    cg_tube_close(mt);
    fclose(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_constructors_without_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
