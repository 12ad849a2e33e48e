/* The edges of src/pow that no test reached (the coverage map of ./run.sh mutants listed their
 * lines under no test): a hashcash stamp that claims too few bits or names another resource, and
 * a hashcash gate whose resource holds ':'. A program of its own, so the cached kills of the
 * older programs stay valid (a test's hash is its source's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/pow.h"

static void test_stamps_refused(void **state)
{
    (void)state;
    static const char GATE[] = "hashcash -mb20 res.example";
    static const struct {
        const char *stamp, *says;
    } cases[] = {
        {"1:8:261207:res.example::abc:0", "the stamp claims fewer than 20 bits"},
        {"1:1234:261207:res.example::abc:0", "the stamp claims fewer than 20 bits"},
        {"1:20:261207:other.example::abc:0", "the stamp is for another resource"},
        {"1:20:261207:res.exampl::abc:0", "the stamp is for another resource"},
        {"1:20:261207:res.example.org::abc:0", "the stamp is for another resource"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        cg_error err;
        cg_status st = cg_pow_check(GATE, strlen(GATE), cases[k].stamp, strlen(cases[k].stamp), &err);
        if (st != CG_ERR_PROTOCOL || !strstr(err.msg, cases[k].says))
            fail_msg("'%s': status %d, '%s'", cases[k].stamp, st, err.msg);
    }
}

static void test_resource_with_colon(void **state)
{
    (void)state;
    static const char GATE[] = "hashcash -mb20 res:example";
    cg_error err;
    assert_int_equal(cg_pow_scan(GATE, strlen(GATE), &err), 0); /* looks like one, is none */
    assert_int_equal(err.code, CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "its resource is empty, too long or holds ':'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stamps_refused),
        cmocka_unit_test(test_resource_with_colon),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
