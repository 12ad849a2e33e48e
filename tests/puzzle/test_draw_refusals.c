/* cg_puzzle_draw's refusals: a puzzle of another size and a format out of range are refused with
 * their reason, and *needed is 0 then (./run.sh mutants --since 8adab20: '*needed = 0' -> '= 1'
 * survived every test). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/draw.h"
#include "cubegod/puzzle.h"

static void test_refusals_need_nothing(void **state)
{
    (void)state;
    cg_puzzle p;
    memset(&p, 0, sizeof p);
    p.size = 4;
    char buf[64];
    size_t need = 99;
    cg_error err;
    assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_SVG, buf, sizeof buf, &need, &err), CG_ERR_INPUT);
    assert_int_equal(need, 0);
    assert_non_null(strstr(err.msg, "a puzzle of size 4: only a 2x2 or a 3x3 is drawn"));
    p.size = 2;
    need = 99;
    assert_int_equal(cg_puzzle_draw(&p, (cg_draw_format)7, buf, sizeof buf, &need, &err), CG_ERR_INPUT);
    assert_int_equal(need, 0);
    assert_non_null(strstr(err.msg, "picture format 7"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_refusals_need_nothing)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
