/* The edges of src/engine that no test reached (the coverage map of ./run.sh mutants listed their
 * lines under no test): a limit stated as "N moves max" or "N moves maximum" (the number first,
 * the word after), and the words each --input shape is looked for in. A program of its own, so
 * the cached kills of the older programs stay valid (a test's hash is its source's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/dialogue.h"
#include "engine/engine.h"
#include "engine/game.h"

static void test_number_then_max(void **state)
{
    (void)state;
    static const struct {
        const char *line, *phrase;
        int want;
    } cases[] = {
        {"Solve it in 20 moves max", "20 moves max", 20},
        {"Answer: 25 turns maximum, no more", "25 turns maximum", 25},
        {"30 moves or less please", "30 moves or less please", 30}, /* to the clause's end */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char phrase[80] = "";
        int got = cg_limit_read(cases[i].line, strlen(cases[i].line), phrase, sizeof phrase);
        if (got != cases[i].want || strcmp(phrase, cases[i].phrase) != 0)
            fail_msg("'%s': limit %d '%s', want %d '%s'", cases[i].line, got, phrase,
                     cases[i].want, cases[i].phrase);
    }
    /* a number of moves followed by other words states nothing */
    char phrase[80] = "";
    assert_true(cg_limit_read("you made 20 moves, maxed out", 28, phrase, sizeof phrase) <= 0);
}

static void test_shape_words(void **state)
{
    (void)state;
    static const struct {
        cg_shape shape;
        const char *says;
    } cases[] = {
        {CG_SHAPE_BOXES, "any Face boxes"},
        {CG_SHAPE_FACES, "any labelled faces"},
        {CG_SHAPE_NET, "any net"},
        {CG_SHAPE_STRING, "any string of 24 or 54 stickers"},
        {CG_SHAPE_ANSI, "any cube in ANSI colours"},
        {CG_SHAPE_DICT, "any Python or JSON cube"},
        {CG_SHAPE_JSON, "any Python or JSON cube"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cg_play_options o = {.input = cases[i].shape};
        assert_string_equal(cgi_shape_wanted(&o), cases[i].says);
    }
    cg_play_options o = {.input = CG_SHAPE_AUTO};
    assert_non_null(strstr(cgi_shape_wanted(&o), "any cube (boxes,"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_number_then_max),
        cmocka_unit_test(test_shape_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
