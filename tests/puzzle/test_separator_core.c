/* A dialect's separator is matched by its core, the blanks around it dropped: blanks between
 * moves are skipped anyway, so "R,U", "R, U" and "R ,U" are the same two moves whether the
 * server's separator is written ",", ", " or " , ". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/notation.h"

static void reads(const char *separator, const char *text)
{
    cg_dialect d;
    cg_error err = {0};
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, separator, &err), CG_OK);
    cg_move m[4];
    size_t n = 0;
    if (cg_dialect_parse(&d, text, strlen(text), m, 4, &n, &err) != CG_OK)
        fail_msg("separator '%s', text '%s': %s", separator, text, err.msg);
    assert_int_equal(n, 2);
    assert_int_equal(m[0], 15); /* R */
    assert_int_equal(m[1], 0);  /* U */
}

static void core_of_the_separator(void **state)
{
    (void)state;
    static const char *const seps[] = {",", ", ", " ,", " , ", ",\t"};
    static const char *const texts[] = {"R,U", "R, U", "R ,U", "R , U"};
    for (size_t i = 0; i < sizeof seps / sizeof *seps; i++)
        for (size_t k = 0; k < sizeof texts / sizeof *texts; k++)
            reads(seps[i], texts[k]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(core_of_the_separator)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
