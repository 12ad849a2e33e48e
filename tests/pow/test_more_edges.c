/* Edges of src/pow the mutation run found untested (a program of its own, so the cached kills of
 * the older programs stay valid): a kCTF gate's words at the very start of the text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/pow.h"

/* "solve s." that starts the text asks for a sloth answer as it does after other words: with no
 * s.DIFFICULTY.X after it, the text is said to look like a proof of work. */
static void sloth_asked_at_the_start(void **state)
{
    (void)state;
    static const char *const texts[] = {"solve s.!!", "please solve s.!!", "sh -s s.!!"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        cg_error err = {0};
        assert_int_equal(cg_pow_scan(texts[i], strlen(texts[i]), &err), 0);
        char want[96];
        snprintf(want, sizeof want, "'%s' looks like a proof of work, but no s.DIFFICULTY.X follows",
                 texts[i]);
        if (strncmp(err.msg, want, strlen(want)) != 0)
            fail_msg("'%s': %s", texts[i], err.msg);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sloth_asked_at_the_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
