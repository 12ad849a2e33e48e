/* cg_cache_path: the default places of the table caches, as the command line and Python find
 * them (issue 26, item 3), from the three environment values the caller passes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/solver.h"

static void expect(cg_cache_file w, const char *pocket, const char *xdg, const char *home,
                   const char *want)
{
    char buf[256];
    size_t n = cg_cache_path(w, pocket, xdg, home, buf, sizeof buf);
    assert_string_equal(buf, want);
    assert_int_equal(n, strlen(want));
}

static void test_places(void **state)
{
    (void)state;
    /* the pocket file named: the others beside it */
    expect(CG_CACHE_POCKET, "/c/my.tbl", "/x", "/h", "/c/my.tbl");
    expect(CG_CACHE_POCKET_QTM, "/c/my.tbl", "/x", "/h", "/c/my-qtm.tbl");
    expect(CG_CACHE_POCKET_QTM, "/c/table", NULL, NULL, "/c/table.qtm");
    expect(CG_CACHE_TWOPHASE, "/c/my.tbl", NULL, NULL, "/c/twophase.tbl");
    expect(CG_CACHE_OPTIMAL, "rel.tbl", NULL, NULL, "optimal.tbl");
    /* else XDG_CACHE_HOME when absolute, else HOME */
    expect(CG_CACHE_POCKET, "", "/x", "/h", "/x/cubegod/pocket.tbl");
    expect(CG_CACHE_TWOPHASE, NULL, "/x", "/h", "/x/cubegod/twophase.tbl");
    expect(CG_CACHE_POCKET_QTM, NULL, "relative", "/h", "/h/.cache/cubegod/pocket-qtm.tbl");
    expect(CG_CACHE_OPTIMAL, NULL, NULL, "/h", "/h/.cache/cubegod/optimal.tbl");
    /* no place */
    expect(CG_CACHE_POCKET, NULL, NULL, NULL, "");
    expect(CG_CACHE_POCKET, "", "", "", "");
    expect((cg_cache_file)9, "/c/my.tbl", NULL, NULL, "");
}

static void test_length_like_snprintf(void **state)
{
    (void)state;
    char small[8];
    size_t n = cg_cache_path(CG_CACHE_TWOPHASE, NULL, NULL, "/home/player", small, sizeof small);
    assert_int_equal(n, strlen("/home/player/.cache/cubegod/twophase.tbl"));
    assert_string_equal(small, "/home/p");
    assert_int_equal(cg_cache_path(CG_CACHE_TWOPHASE, NULL, NULL, "/home/player", NULL, 0), n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_places),
        cmocka_unit_test(test_length_like_snprintf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
