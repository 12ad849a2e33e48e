/* The fixes of the security review and the fuzzing campaigns, each pinned by a test:
 * checked round numbers, control bytes in messages and in colour tokens. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"

static void test_round_numbers(void **state)
{
    (void)state;
    int i = -1, n = -1;
    assert_int_equal(cg_round_numbers("17/100 ===", &i, &n), 2);
    assert_int_equal(i, 17);
    assert_int_equal(n, 100);
    assert_int_equal(cg_round_numbers(" 3/ 5", &i, &n), 2); /* blanks as %d would skip */
    assert_int_equal(i, 3);
    assert_int_equal(n, 5);
    n = -1;
    assert_int_equal(cg_round_numbers("4 ===", &i, &n), 1);
    assert_int_equal(i, 4);
    assert_int_equal(n, -1);
    assert_int_equal(cg_round_numbers("9/x", &i, &n), 1);
    assert_int_equal(cg_round_numbers("x/9", &i, &n), 0);
    assert_int_equal(cg_round_numbers("", &i, &n), 0);
    /* Numbers that do not fit: refused, where sscanf's %d would be undefined. */
    assert_int_equal(cg_round_numbers("99999999999999999999/1", &i, &n), 0);
    assert_int_equal(cg_round_numbers("1/99999999999999999999", &i, &n), 1);
    assert_int_equal(cg_round_numbers("999999999/999999999", &i, &n), 2);
    assert_int_equal(n, 999999999);
    assert_int_equal(cg_round_numbers("-1/5", &i, &n), 0);
}

static void test_messages_are_one_printable_line(void **state)
{
    (void)state;
    cg_error err;
    cg_fail(&err, CG_ERR_INPUT, "peer said '%s'", "\x1b]0;pwned\x07\nline two\x7f");
    assert_string_equal(err.msg, "peer said '?]0;pwned??line two?'");
    assert_int_equal(cg_error_prefix(CG_ERR_INPUT, &err, "round %d\r: ", 3), CG_ERR_INPUT);
    assert_string_equal(err.msg, "round 3?: peer said '?]0;pwned??line two?'");
    char text[] = "flag{\x1b[2Jx}\tok";
    cg_text_printable(text);
    assert_string_equal(text, "flag{?[2Jx} ok"); /* a tab is a blank: columns stay readable */
}

static void test_control_bytes_in_colours(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_puzzle_clear(&p);
    cg_error err;
    /* A NUL inside a token once made a colour that printed as "" and never matched itself. */
    assert_int_equal(cg_puzzle_set(&p, 0, "R\0D", 3, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "control byte 0x00"));
    assert_int_equal(cg_puzzle_set(&p, 0, "\x1b[31m", 5, &err), CG_ERR_INPUT);
    assert_int_equal(cg_puzzle_set(&p, 0, "red", 3, &err), CG_OK);
    assert_int_equal(cg_puzzle_set(&p, 1, "\xe7\xba\xa2", 3, &err), CG_OK); /* UTF-8 is fine */
    cg_scheme s;
    assert_int_equal(cg_scheme_parse("U=U,D=D,F=F,B=B,L=L,R=\x7f", &s, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "control byte"));
    assert_int_equal(cg_scheme_parse("U=U,D=D,F=F,B=B,L=L,R=R", &s, &err), CG_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_numbers),
        cmocka_unit_test(test_messages_are_one_printable_line),
        cmocka_unit_test(test_control_bytes_in_colours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
