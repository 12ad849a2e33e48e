// link-wrap: malloc calloc
/* Calls that allocate as they work, without memory (malloc and calloc failing): CG_ERR_NOMEM
 * and what the memory was for; with memory back, the same call works. The handles' constructors
 * are test_handles_nomem's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/notation.h"
#include "cubegod/shapes.h"
#include "cubegod/turn.h"

static bool fail_all; /* every malloc fails while set */
static int fail_nth;  /* when > 0: the allocation it counts down to fails, the others do not */

static bool failing(void)
{
    return fail_all || (fail_nth > 0 && --fail_nth == 0);
}

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    return failing() ? NULL : __real_malloc(size);
}

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    return failing() ? NULL : __real_calloc(n, size);
}

static void test_calls_without_memory(void **state)
{
    (void)state;
    cg_error err;
    cg_status st;
    /* a move map's names are checked for ambiguity with a table of their own */
    cg_move_map map;
    assert_int_equal(cg_move_map_parse("U=a,D=b,F=c,B=d,L=e,R=f", 23, &map, &err), CG_OK);
    cg_dialect d;
    fail_all = true;
    st = cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err);
    fail_all = false;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_non_null(strstr(err.msg, "no memory to check the move names"));
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err), CG_OK);
    /* moves written with no separator are read with a table a byte */
    cg_move out[8];
    size_t n;
    fail_all = true;
    st = cg_dialect_parse(&d, "ab", 2, out, 8, &n, &err);
    fail_all = false;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_non_null(strstr(err.msg, "no memory to read 2 bytes of moves"));
    assert_int_equal(cg_dialect_parse(&d, "ab", 2, out, 8, &n, &err), CG_OK);
    assert_int_equal(n, 2);
    /* a drawing keeps a copy of its text; the line of moves after it is read from a copy */
    static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\nR U\n";
    cg_drawing *dr = (cg_drawing *)&fail_all; /* not NULL: a failure must set it NULL */
    fail_all = true;
    st = cg_drawing_read(NET, strlen(NET), NULL, NULL, &dr, &err);
    fail_all = false;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_null(dr);
    assert_non_null(strstr(err.msg, "no memory for a drawing of"));
    /* each of the drawing's allocations failing alone: the same, nothing kept */
    for (int nth = 1; nth <= 4; nth++) {
        fail_nth = nth;
        st = cg_drawing_read(NET, strlen(NET), NULL, NULL, &dr, &err);
        fail_nth = 0;
        if (st != CG_ERR_NOMEM || !strstr(err.msg, "no memory for a drawing of"))
            fail_msg("allocation %d failing: status %d, '%s'", nth, st, err.msg);
    }
    assert_int_equal(cg_drawing_read(NET, strlen(NET), NULL, NULL, &dr, &err), CG_OK);
    char line[64];
    fail_all = true;
    st = cg_drawing_moves(dr, NULL, line, sizeof line, &err);
    fail_all = false;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_non_null(strstr(err.msg, "no memory for a line of"));
    assert_int_equal(cg_drawing_moves(dr, NULL, line, sizeof line, &err), CG_OK);
    assert_string_equal(line, "R U");
    cg_drawing_free(dr);
    /* no reader for the hint: no cube said to be found */
    cg_shape_info in;
    fail_all = true;
    bool found = cg_shape_first(NET, strlen(NET), NULL, &in);
    fail_all = false;
    assert_false(found);
    assert_true(cg_shape_first(NET, strlen(NET), NULL, &in));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_calls_without_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
