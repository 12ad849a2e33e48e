// link-wrap: malloc
/* A reply rule that cannot be judged (no memory for a copy of a long line, the regular
 * expression's subject) does not match: the line is not taken for an answered question. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/dialogue.h"

static size_t fail_from; /* a malloc of this many bytes or more fails; 0: none does */

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    if (fail_from && size >= fail_from)
        return NULL;
    return __real_malloc(size);
}

static void a_rule_without_memory_does_not_match(void **state)
{
    (void)state;
    cg_replies *r;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:Ready\\?=y", NULL), CG_OK);
    size_t n = 100000;
    char *line = calloc(1, n);
    assert_non_null(line);
    memset(line, '.', n);
    memcpy(line + n - 6, "Ready?", 6);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), 0); /* with memory */
    fail_from = n;
    int got = cg_replies_match(r, 0, CG_PHASE_START, line, n);
    fail_from = 0;
    assert_int_equal(got, -1);
    free(line);
    cg_replies_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_rule_without_memory_does_not_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
