/* Deadlines (src/util/clock.c): each bound the header promises, read around the call so that
 * no figure depends on how fast the machine is. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cubegod/clock.h"

/* 0 is now, and NaN is 0: the deadline has passed by the time the call returns. */
static void zero_and_nan_are_now(void **state)
{
    (void)state;
    const double values[] = {0.0, NAN, -NAN};
    for (size_t i = 0; i < sizeof values / sizeof *values; i++) {
        int64_t before = cg_now_ns();
        int64_t d = cg_deadline(values[i]);
        int64_t after = cg_now_ns();
        assert_true(d >= before);
        assert_true(d <= after);
    }
}

static void negative_is_none(void **state)
{
    (void)state;
    assert_int_equal(cg_deadline(-1e-9), -1);
    assert_int_equal(cg_deadline(-INFINITY), -1);
}

/* A second is a second; anything past 1e9 s (infinity too) is 1e9 s. */
static void seconds_and_the_cap(void **state)
{
    (void)state;
    const struct {
        double timeout, expect_s;
    } cases[] = {{1.5, 1.5}, {1e9, 1e9}, {1.5e9, 1e9}, {1e12, 1e9}, {INFINITY, 1e9}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int64_t before = cg_now_ns();
        int64_t d = cg_deadline(cases[i].timeout);
        int64_t after = cg_now_ns();
        int64_t span = (int64_t)(cases[i].expect_s * 1e9);
        assert_true(d >= before + span);
        assert_true(d <= after + span);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_and_nan_are_now),
        cmocka_unit_test(negative_is_none),
        cmocka_unit_test(seconds_and_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
