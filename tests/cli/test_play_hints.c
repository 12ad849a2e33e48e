// link-wrap: cg_line_has_words
/* The hints after a lost game (src/cli/play_hints.c, compiled in here: it is part of the cubegod
 * program, not of the library): a menu is found in a long text in time linear in its length.
 * The search for words after each numbered item made it quadratic: 40 s after a game whose
 * server sent one 240 KB line of "(1) a " (issue 42's review); counted here in calls of the
 * word test, not timed. The first cube of the text is found from its first byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cli/play_hints.c"

static char said[512]; /* the last hint */

void cli_err(const char *cmd, const char *fmt, ...)
{
    (void)cmd;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(said, sizeof said, fmt, ap);
    va_end(ap);
}

static long word_tests;
bool __real_cg_line_has_words(const char *line, size_t n);
bool __wrap_cg_line_has_words(const char *line, size_t n)
{
    word_tests++;
    return __real_cg_line_has_words(line, n);
}

static cli_play_hints *fed(const char *text)
{
    cli_play_hints *h = cli_play_hints_new();
    assert_non_null(h);
    cli_play_hints_feed(h, CG_TUBE_RECEIVED, (const uint8_t *)text, strlen(text));
    return h;
}

static void test_menu_found(void **state)
{
    (void)state;
    cli_play_hints *h = fed("Welcome!\n(1) easy (2) hard\nYour choice: ");
    char ask[96];
    assert_true(cli_play_hints_menu(h, ask, sizeof ask));
    assert_string_equal(ask, "Your choice:");
    cli_play_hints_free(h);
    h = fed("Welcome!\n1) 2) 3)\nYour choice: "); /* numbers, no words: no menu */
    assert_false(cli_play_hints_menu(h, ask, sizeof ask));
    cli_play_hints_free(h);
    h = fed("Welcome!\nYou have 3 tries left\nYour choice: "); /* a number, not an item */
    assert_false(cli_play_hints_menu(h, ask, sizeof ask));
    cli_play_hints_free(h);
    h = fed("Welcome!\nYou have 3x more time\nYour choice: "); /* nor one glued to a word */
    assert_false(cli_play_hints_menu(h, ask, sizeof ask));
    cli_play_hints_free(h);
}

/* A question and a last line in colour, as the terminal shows them: a rule made of them then
 * matches the server's line (it quoted '?[1mYour choice:'). */
static void test_coloured_text_as_shown(void **state)
{
    (void)state;
    cli_play_hints *h = fed("Welcome!\n(1) easy (2) hard\n\x1b[1mYour choice:\x1b[0m ");
    char ask[96], last[96];
    assert_true(cli_play_hints_menu(h, ask, sizeof ask));
    assert_string_equal(ask, "Your choice:");
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Your choice:");
    cli_play_hints_free(h);
    h = fed("Go\n\x1b[1m Your turn:"); /* a blank after an escape: no part of it */
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Your turn:");
    cli_play_hints_free(h);
    h = fed("Go\n\x1b[1m \x1b[0m\n"); /* a blank between escapes: nothing shown */
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Go");
    cli_play_hints_free(h);
    h = fed("Press \x1b[32mEnter\x1b[0m to start\n\x1b[0m\n"); /* a line of an escape only */
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Press Enter to start");
    cli_play_hints_free(h);
    h = fed("Pick one:\n\x1b[1m(1) easy (2) hard\x1b[0m\nYour choice: \x1b[0m"); /* a blank, then an escape */
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Your choice:");
    cg_play_result r = {0};
    cli_play_given given = {false, false};
    cli_play_hints_after(h, &r, &given); /* the hint quotes the menu as shown, no escape */
    assert_non_null(strstr(said, "the server showed a menu ('(1) easy (2) hard') and asked "
                                 "'Your choice:'"));
    cli_play_hints_free(h);
    h = fed("Level \xe2\x80\xa6 next\x7f:"); /* a DEL shows nothing; UTF-8 stays whole */
    cli_play_hints_last(h, last, sizeof last);
    assert_string_equal(last, "Level \xe2\x80\xa6 next:");
    cli_play_hints_free(h);
}

static void test_long_line_of_items_costs_a_few_word_tests(void **state)
{
    (void)state;
    enum { ITEMS = 20000 };
    static char text[ITEMS * 6 + 16];
    size_t n = 0;
    for (int i = 0; i < ITEMS; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "(1) a ");
    snprintf(text + n, sizeof text - n, "\nok? ");
    cli_play_hints *h = fed(text);
    char ask[96];
    word_tests = 0;
    assert_false(cli_play_hints_menu(h, ask, sizeof ask)); /* no word after any item */
    if (word_tests > 10)
        fail_msg("%ld word tests for a text of 2 lines", word_tests);
    cli_play_hints_free(h);
}

/* The first cube of the text is found from its first byte on (a cube on the first line); a
 * text with none is read to its end. */
static void test_first_cube_from_the_first_byte(void **state)
{
    (void)state;
    cli_play_hints *h = fed("WGWGRRRRGYGYBYBYOOOOBWBW\nSolve it: ");
    cg_puzzle p;
    assert_true(cli_play_hints_first_cube(h, &p));
    assert_int_equal(p.size, 2);
    cli_play_hints_free(h);
    /* a net that ends the text, with nothing after it: taken at the end */
    h = fed("Your cube:\n    W W\n    W W\nO O G G R R B B\nO O G G R R B B\n    Y Y\n    Y Y");
    assert_true(cli_play_hints_first_cube(h, &p));
    assert_int_equal(p.size, 2);
    cli_play_hints_free(h);
    h = fed("No cube here,\nnor here"); /* read to its end, and no further */
    assert_false(cli_play_hints_first_cube(h, &p));
    cli_play_hints_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_menu_found),
        cmocka_unit_test(test_coloured_text_as_shown),
        cmocka_unit_test(test_long_line_of_items_costs_a_few_word_tests),
        cmocka_unit_test(test_first_cube_from_the_first_byte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
