/* The game client over a memory tube: what it keeps of the server's last words. Flags that do
 * not fit the result are cut and marked, never dropped unseen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"

/* A one-round game from fixtures/faults/round.txt, won, followed by `tail`. */
static void play_text(const char *tail, cg_play_result *res)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\n\n%s", tail);
    assert_true(n < sizeof text);
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    cg_error err;
    assert_int_equal(cg_play(t, tables, &opt, res, &err), CG_OK);
    cg_tube_close(t);
}

static void test_flags_kept(void **state)
{
    (void)state;
    cg_play_result res;
    play_text("Here: flag{one} and ctf{two}\n", &res);
    assert_true(res.won);
    assert_string_equal(res.flags, "flag{one} ctf{two}");
    assert_false(res.flags_cut);
    assert_string_equal(res.flag_line, "Here: flag{one} and ctf{two}");
}

static void test_flags_that_do_not_fit_are_marked(void **state)
{
    (void)state;
    /* 40 flags of 23 bytes: about twice what the result holds. */
    char tail[2048];
    size_t n = 0;
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(tail + n, sizeof tail - n, "flag{%017d} ", i);
    snprintf(tail + n, sizeof tail - n, "\n");
    cg_play_result res;
    play_text(tail, &res);
    assert_true(res.flags_cut);
    size_t len = strlen(res.flags);
    assert_true(len < sizeof res.flags);
    assert_int_equal(strncmp(res.flags, "flag{00000000000000000} flag{00000000000000001}", 47), 0);
    assert_string_equal(res.flags + len - 3, "...");
    /* The line itself is cut too, and says so. */
    len = strlen(res.flag_line);
    assert_int_equal(len, sizeof res.flag_line - 1);
    assert_string_equal(res.flag_line + len - 3, "...");
}

static void test_one_flag_longer_than_the_result(void **state)
{
    (void)state;
    char tail[1200];
    memset(tail, 'x', sizeof tail);
    memcpy(tail, "flag{", 5);
    memcpy(tail + sizeof tail - 3, "}\n", 3);
    cg_play_result res;
    play_text(tail, &res);
    assert_true(res.flags_cut);
    assert_int_equal(strncmp(res.flags, "flag{xxx", 8), 0); /* its head is kept */
    assert_string_equal(res.flags + strlen(res.flags) - 3, "...");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flags_kept),
        cmocka_unit_test(test_flags_that_do_not_fit_are_marked),
        cmocka_unit_test(test_one_flag_longer_than_the_result),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
