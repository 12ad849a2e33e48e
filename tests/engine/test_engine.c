/* The engine's pieces (src/engine/engine.h): the learned prompt, the Enter gate, controls
 * legends and "one move per line", each with text that must and must not count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "engine/engine.h"

static bool is(const cgi_prompt *p, const char *s) { return cgi_prompt_is(p, s, strlen(s)); }

static void prompt_learned(void **state)
{
    (void)state;
    cgi_prompt p = {0};
    assert_false(is(&p, "")); /* nothing learned: nothing is the prompt */
    cgi_prompt_learn(&p, "   \r\n", 5);
    assert_int_equal(p.len, 0); /* blanks are no prompt */
    cgi_prompt_learn(&p, "moves> ", 7);
    assert_true(is(&p, "moves>"));
    assert_true(is(&p, "  moves> \r"));
    assert_false(is(&p, "moves"));
    assert_false(is(&p, "moves>>"));
    assert_false(is(&p, "more moves>"));
    char big[CGI_PROMPT_MAX + 8];
    memset(big, 'x', sizeof big);
    cgi_prompt_learn(&p, big, sizeof big); /* too long to keep: the old one stays */
    assert_true(is(&p, "moves>"));
    assert_string_equal(p.text, "moves>");
    cgi_prompt_learn(&p, " $ ", 3); /* a shorter one replaces it whole */
    assert_string_equal(p.text, "$");
    assert_true(is(&p, "$ "));
}

static void enter_gates(void **state)
{
    (void)state;
    static const char *const gates[] = {
        "Press Enter to scramble and start the challenge...", "PRESS ANY KEY", "hit return",
        "[ENTER] to begin", "Press <Enter> when ready", "press a key to continue",
    };
    static const char *const not_gates[] = {
        "Enter your solution:", "Enter one move per line.", "Your move: ", "Start!",
        "Welcome to the cube god trial!",
    };
    for (size_t i = 0; i < sizeof gates / sizeof *gates; i++)
        assert_true(cgi_gate_asks_enter(gates[i], strlen(gates[i])));
    for (size_t i = 0; i < sizeof not_gates / sizeof *not_gates; i++)
        assert_false(cgi_gate_asks_enter(not_gates[i], strlen(not_gates[i])));
}

static int read_legend(cgi_legend *l, const char *s) { return cgi_legend_read(l, s, strlen(s)); }

static void legend_quarter(void **state)
{
    (void)state;
    cgi_legend l = {0};
    static const char *const lines[] = {
        "  r = R (right CW)  R = R' (right CCW)", "  u = U (up CW)  U = U' (up CCW)",
        "  f = F (front CW)  F = F' (front CCW)", "  l = L (left CW)  L = L' (left CCW)",
        "  d = D (down CW)  D = D' (down CCW)",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        assert_int_equal(read_legend(&l, lines[i]), 2);
    cg_dialect d;
    assert_false(cgi_legend_dialect(&l, &d)); /* B is missing: no notation fits */
    assert_int_equal(read_legend(&l, "  b = B (back CW)  B = B' (back CCW)"), 2);
    assert_true(cgi_legend_dialect(&l, &d));
    assert_int_equal(d.notation, CG_NOTATION_QUARTER);
    cg_move m[2] = {5 * 3 + 0, 5 * 3 + 2}; /* R R' */
    char out[16];
    cg_dialect_format(&d, m, 2, out, sizeof out);
    assert_string_equal(out, "r R");
    assert_string_equal(l.line, "  r = R (right CW)  R = R' (right CCW)");
}

static void legend_colon_and_lists(void **state)
{
    (void)state;
    cgi_legend l = {0};
    assert_int_equal(read_legend(&l, "x : R2, y : U2"), 2);
    assert_string_equal(l.map.name[5 * 3 + 1], "x");
    assert_string_equal(l.map.name[0 * 3 + 1], "y");
    cgi_legend none = {0};
    /* a list of moves, an example answer, a sticker row, words: no legend */
    assert_int_equal(read_legend(&none, "Moves: R U F L D B"), 0);
    assert_int_equal(read_legend(&none, "Example: R U R' U'"), 0);
    assert_int_equal(read_legend(&none, "F: R R B"), 0);
    assert_int_equal(read_legend(&none, "Face U:"), 0);
    assert_int_equal(read_legend(&none, "Right = the right face"), 0);
    assert_int_equal(read_legend(&none, "a = Rx, b = U2y, c = F''"), 0); /* words, not moves */
    assert_int_equal(none.entries, 0);
    /* a name given twice keeps the first move */
    cgi_legend twice = {0};
    assert_int_equal(read_legend(&twice, "a = R  a = U"), 1);
    assert_string_equal(twice.map.name[5 * 3], "a");
    assert_string_equal(twice.map.name[0], "");
}

static void legend_of_suffixes(void **state)
{
    (void)state;
    cgi_legend l = {0};
    assert_int_equal(read_legend(&l, "Turns: 1 = clockwise, 3 = counter-clockwise"), 2);
    cg_dialect d;
    assert_true(cgi_legend_dialect(&l, &d)); /* quarter turns, R1 and R3 */
    assert_int_equal(d.notation, CG_NOTATION_QUARTER);
    cg_move m[2] = {5 * 3 + 2, 0}; /* R' U */
    char out[16];
    cg_dialect_format(&d, m, 2, out, sizeof out);
    assert_string_equal(out, "R3 U1");
    assert_int_equal(read_legend(&l, "2 = half turn"), 1);
    assert_true(cgi_legend_dialect(&l, &d));
    assert_int_equal(d.notation, CG_NOTATION_STANDARD);
    cg_move h = 4 * 3 + 1; /* L2 */
    cg_dialect_format(&d, &h, 1, out, sizeof out);
    assert_string_equal(out, "L2");
    cgi_legend letters = {0}; /* a face letter is no suffix */
    assert_int_equal(read_legend(&letters, "R = clockwise"), 0);
    cgi_legend half = {0};
    read_legend(&half, "1 = clockwise");
    assert_false(cgi_legend_dialect(&half, &d)); /* no counter turn: no notation */
}

static void one_move_words(void **state)
{
    (void)state;
    static const char *const says[] = {"Enter one move per line.", "ONE MOVE AT A TIME",
                                       "One move per prompt: the cube is shown after each."};
    for (size_t i = 0; i < sizeof says / sizeof *says; i++)
        assert_true(cgi_text_one_move(says[i], strlen(says[i])));
    static const char *const not_says[] = {"Enter your moves, one line", "moves per line: any"};
    for (size_t i = 0; i < sizeof not_says / sizeof *not_says; i++)
        assert_false(cgi_text_one_move(not_says[i], strlen(not_says[i])));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prompt_learned),         cmocka_unit_test(enter_gates),
        cmocka_unit_test(legend_quarter),         cmocka_unit_test(legend_colon_and_lists),
        cmocka_unit_test(one_move_words),         cmocka_unit_test(legend_of_suffixes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
