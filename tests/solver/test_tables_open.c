/* Opening the 2x2 tables where it fails before any work: apart from test_solver.c (whose searches
 * take seconds), so that the mutation tool's coverage map runs it first for cg_tables_open's
 * failure path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/solver.h"

/* An open that fails says so, hands back no table and an info struct that claims nothing. */
static void test_open_refuses_an_unknown_metric(void **state)
{
    (void)state;
    cg_tables_options o = {.cache_path = "", .metric = (cg_metric)7};
    cg_tables *t = (cg_tables *)&o; /* not NULL before */
    cg_tables_info info;
    memset(&info, 0xA5, sizeof info);
    cg_error err;
    assert_int_equal(cg_tables_open(&t, &o, &info, &err), CG_ERR_INPUT);
    assert_null(t);
    assert_non_null(strstr(err.msg, "metric 7"));
    assert_false(info.from_cache || info.rebuilt || info.saved);
    assert_null(info.cache_path);
    for (int d = 0; d <= CG_SOLUTION_MAX; d++) /* nothing built: no positions counted */
        if (info.positions_at[d] || info.positions_any_at[d])
            fail_msg("positions at distance %d claimed by a failed open", d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_refuses_an_unknown_metric),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
