/* The edges of src/read that no test reached (the coverage map of ./run.sh mutants listed their
 * lines under no test): the layout shape without a layout, a side order of three letters, a
 * string of no stickers, a token too long, a box header with blanks before its letter, a
 * background colour reset. A program of its own, so the cached kills of
 * the older programs stay valid (a test's hash is its source's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/shapes.h"
#include "puzzle/reader.h" /* the reader's struct, for one on the stack */

static void test_reader_settings(void **state)
{
    (void)state;
    cg_shape_reader r;
    cg_error err;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_LAYOUT, NULL, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "shape layout: give the layout (cg_shape_reader_layout)");
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, &err), CG_OK);
    assert_int_equal(cg_shape_reader_across(&r, "LFR", &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "side faces 'LFR': four letters"));
    assert_int_equal(cg_shape_reader_across(&r, "LFRB", &err), CG_OK);
}

/* A line of blanks alone is no string of stickers; a token of 128 bytes is longer than read */
static void test_strings(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string("   ", 3, NULL, &p, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no stickers: a string is 24 (a 2x2) or 54 (a 3x3) stickers");
    char big[160];
    memset(big, 'a', 128);
    memcpy(big + 128, " b", 3);
    assert_int_equal(cg_puzzle_from_string(big, strlen(big), NULL, &p, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "column 1: a token longer than 127 bytes");
}

/* Boxes headed "Face   U:" (blanks before the letter) are read as "Face U:" */
static void test_box_header_blanks(void **state)
{
    (void)state;
    static const char *const FACES = "UDFBLR", *const COLOURS = "WYGBOR";
    cg_shape_reader r;
    cg_error err;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, &err), CG_OK);
    for (int f = 0; f < 6; f++) {
        char line[32];
        snprintf(line, sizeof line, "Face   %c:", FACES[f]);
        assert_int_equal(cg_shape_reader_feed(&r, line, strlen(line), &err), CG_OK);
        assert_int_equal(cg_shape_reader_feed(&r, "+-----+", 7, &err), CG_OK);
        snprintf(line, sizeof line, "| %c %c |", COLOURS[f], COLOURS[f]);
        for (int row = 0; row < 2; row++)
            assert_int_equal(cg_shape_reader_feed(&r, line, strlen(line), &err), CG_OK);
        assert_int_equal(cg_shape_reader_feed(&r, "+-----+", 7, &err), CG_OK);
    }
    assert_int_equal(cg_shape_reader_finish(&r, &err), CG_OK);
    cg_puzzle p;
    cg_shape_info info;
    assert_true(cg_shape_reader_take(&r, &p, &info));
    assert_int_equal(info.shape, CG_SHAPE_BOXES);
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
}

/* SGR 49 ends a background colour: the blanks after it are no sticker */
static void test_background_reset(void **state)
{
    (void)state;
    /* a net of background colours, each cell "\e[4Xm  \e[49m" */
    static const int SGR[6] = {47, 43, 42, 44, 45, 41}; /* U D F B L R */
    static const int ACROSS[4] = {4, 2, 5, 3};          /* L F R B */
    char text[2048];
    size_t n = 0;
    for (int part = 0; part < 3; part++)
        for (int row = 0; row < 2; row++) {
            n += (size_t)snprintf(text + n, sizeof text - n, "%s", part == 1 ? "" : "    ");
            for (int k = 0; k < (part == 1 ? 8 : 2); k++)
                n += (size_t)snprintf(text + n, sizeof text - n, "\x1b[%dm  \x1b[49m",
                                      SGR[part == 0 ? 0 : part == 2 ? 1 : ACROSS[k / 2]]);
            n += (size_t)snprintf(text + n, sizeof text - n, "   \n"); /* blanks after the reset */
        }
    cg_shape_reader r;
    cg_error err;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, &err), CG_OK);
    for (const char *line = text; *line;) {
        size_t len = strcspn(line, "\n");
        if (cg_shape_reader_feed(&r, line, len, &err) != CG_OK)
            fail_msg("%s", err.msg);
        line += len + 1;
    }
    assert_int_equal(cg_shape_reader_finish(&r, &err), CG_OK);
    cg_puzzle p;
    assert_true(cg_shape_reader_take(&r, &p, NULL));
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_settings),   cmocka_unit_test(test_strings),
        cmocka_unit_test(test_box_header_blanks), cmocka_unit_test(test_background_reset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
