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
#include "cubegod/state.h"
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

/* A text read in one shape that holds a cube in another: cg_shape_first finds it (past a line
 * another shape refused), cg_read_text says where and as what; the labelled faces' error on a
 * face given as a list says which shape reads lists */
static void test_cube_in_another_shape(void **state)
{
    (void)state;
    static const char LISTS[] = "Round 1\nFace U:\n+-+\n| a |\n+-+\nU: ['W', 'W', 'W', 'W']\n"
                                "F: ['G', 'G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\n"
                                "B: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']\nbye\n";
    cg_shape_info in;
    assert_true(cg_shape_first(LISTS, strlen(LISTS), NULL, &in));
    assert_int_equal(in.shape, CG_SHAPE_DICT);
    assert_int_equal(in.first_line, 6);
    assert_int_equal(in.last_line, 10);
    assert_false(cg_shape_first("hello\nworld\n", 12, NULL, &in));
    /* a cube only the end of the text closes (five lists, nothing after them) */
    const char *five = strstr(LISTS, "U: [");
    size_t five_len = (size_t)(strstr(LISTS, "\nbye") - five);
    assert_true(cg_shape_first(five, five_len, NULL, &in));
    assert_int_equal(in.last_line, 5);
    /* the text is its length: the last list cut before its bracket is no cube, though the
     * bracket follows in memory */
    assert_false(cg_shape_first(five, five_len - 1, NULL, &in));
    assert_true(cg_shape_first(five, five_len + 1, NULL, &in)); /* ending with its line end */
    /* a label of blanks before ':' names no face, and reads no further than the line */
    static const char BLANK_LABEL[] = "  : ['W', 'W', 'W', 'W']\n";
    assert_false(cg_shape_first(BLANK_LABEL, strlen(BLANK_LABEL), NULL, &in));
    assert_false(cg_shape_first("", 0, NULL, &in));
    char out[512];
    int count;
    cg_error err;
    const char *lists = strstr(LISTS, "U: [");
    assert_int_equal(cg_read_text(lists, strlen(lists), "net", NULL, NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no cube found as net in 6 lines, but lines 1-5 hold one as dict");
    static const char STRING[] = "cube:\nUUUUDDDDRRFFLLBBFFLLBBRR\n";
    assert_int_equal(cg_read_text(STRING, strlen(STRING), "boxes", NULL, NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no cube found as boxes in 2 lines, but line 2 holds one as string");
    assert_int_equal(cg_read_text(STRING + 6, strlen(STRING + 6), "boxes", NULL, NULL, NULL, out,
                                  sizeof out, &count, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no cube found as boxes in 1 line, but line 1 holds one as string");
    static const char TIGHT[] = "U: ['W','W','W','W']\nF: ['G','G','G','G']\n";
    assert_int_equal(cg_read_text(TIGHT, strlen(TIGHT), "faces", NULL, NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "; a list in brackets is read by the dict shape"));
    assert_int_equal(cg_read_text("U: a b c\n", 9, "faces", NULL, NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_null(strstr(err.msg, "a list in brackets"));
    /* five stickers: a list when the first is its bracket, not when another is; the count */
    static const char *const FIVE[2] = {"U: [W, W, W, W, W]\n", "U: a [b c d e\n"};
    for (int k = 0; k < 2; k++) {
        assert_int_equal(cg_read_text(FIVE[k], strlen(FIVE[k]), "faces", NULL, NULL, NULL, out,
                                      sizeof out, &count, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "face U's label is followed by 5 stickers (column 4)"));
        if ((strstr(err.msg, "a list in brackets") != NULL) != (k == 0))
            fail_msg("'%s': %s", FIVE[k], err.msg);
    }
    assert_non_null(strstr(cg_read_text(TIGHT, strlen(TIGHT), "faces", NULL, NULL, NULL, out,
                                        sizeof out, &count, &err) == CG_ERR_INPUT ? err.msg : "",
                           "followed by 1 sticker (column 4)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_settings),   cmocka_unit_test(test_strings),
        cmocka_unit_test(test_box_header_blanks), cmocka_unit_test(test_background_reset),
        cmocka_unit_test(test_cube_in_another_shape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
