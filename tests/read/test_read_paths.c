/* Reader paths no other test takes, each through cg_read_text (the reader fed line by line, as
 * solve reads): a token a puzzle refuses (a control byte, over 31 bytes) in a net's U row or
 * row across, a string, a layout drawing and a Python mapping, each named with where it stood;
 * a net with no LFRB reading but two others, and a cross whose B fits two turns (both need to be
 * told); a net that ends at a box header and the box read after it; a backslash in a Python
 * string; a mapping value that is a mapping without its ':'; a string literal over two lines
 * whose closing brackets the line counter and the parser see differently; the empty text. And
 * the dict parser, called directly, past text before the bracket. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/shapes.h"
#include "cubegod/state.h"
#include "read/shapes_internal.h"

#define SOLVED "W W W W Y Y Y Y G G G G B B B B O O O O R R R R\n"

/* cg_read_text of text (input shape, layout as given): its status, message and cubes. */
static cg_status read_text(const char *text, const char *input, const char *layout, char *out,
                           size_t cap, int *count, cg_error *err)
{
    *err = (cg_error){0};
    return cg_read_text(text, strlen(text), input, NULL, NULL, layout, out, cap, count, err);
}

static void expect_error(const char *text, const char *input, const char *layout,
                         const char *says)
{
    char out[1024];
    int count = -1;
    cg_error err;
    cg_status st = read_text(text, input, layout, out, sizeof out, &count, &err);
    if (st != CG_ERR_INPUT || strcmp(err.msg, says) != 0)
        fail_msg("status %d, '%s'; expected CG_ERR_INPUT, '%s'", st, err.msg, says);
    assert_int_equal(count, 0);
}

static void expect_cubes(const char *text, const char *input, const char *layout, int want,
                         const char *lines)
{
    char out[1024];
    int count = -1;
    cg_error err;
    cg_status st = read_text(text, input, layout, out, sizeof out, &count, &err);
    if (st != CG_OK)
        fail_msg("status %d: %s", st, err.msg);
    assert_int_equal(count, want);
    assert_string_equal(out, lines);
}

/* A 2x2 net of the 24 stickers s (faces U D F B L R, each row-major): U over F, the rows
 * across L F R B (cross: L F R, then B's rows under D's), D under F. */
static void net(const char *s, bool cross, char *out)
{
    const char *U = s, *D = s + 4, *F = s + 8, *B = s + 12, *L = s + 16, *R = s + 20;
    for (int r = 0; r < 2; r++)
        out += sprintf(out, "    %c %c\n", U[2 * r], U[2 * r + 1]);
    for (int r = 0; r < 2; r++) {
        out += sprintf(out, "%c %c %c %c %c %c", L[2 * r], L[2 * r + 1], F[2 * r], F[2 * r + 1],
                       R[2 * r], R[2 * r + 1]);
        if (!cross)
            out += sprintf(out, " %c %c", B[2 * r], B[2 * r + 1]);
        out += sprintf(out, "\n");
    }
    for (int r = 0; r < 2; r++)
        out += sprintf(out, "    %c %c\n", D[2 * r], D[2 * r + 1]);
    for (int r = 0; cross && r < 2; r++)
        out += sprintf(out, "    %c %c\n", B[2 * r], B[2 * r + 1]);
}

/* A token no puzzle takes, in a net: the net is dropped, the message says the line and column */
static void test_net_bad_tokens(void **state)
{
    (void)state;
    /* in a U row (kept until the row across confirms the net) */
    expect_error("    \x01 W\n    W W\nO O G G R R B B\nO O G G R R B B\n    Y Y\n    Y Y\n", NULL,
                 NULL, "line 3: a net of 2x2 faces: line 1, column 5: colour token has the "
                       "control byte 0x01");
    /* in a row across */
    expect_error("    W W\n    W W\nO O G G R R B B\nO O G G R R B "
                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n    Y Y\n    Y Y\n",
                 NULL, NULL, "line 4: a net of 2x2 faces: line 4, column 15: colour "
                             "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is too long (1 to 31 bytes)");
}

/* Side faces read as L F R B give no cube, two other orders give two different ones: the order
 * must be given; and a cross whose B, turned half a turn, gives none but two other turns do */
static void test_net_side_orders_ambiguous(void **state)
{
    (void)state;
    char text[256];
    net("BGGBBOOBRYYOYRGWWWOGRRYW", false, text);
    expect_error(text, NULL, NULL,
                 "line 6: a net of 2x2 faces (lines 1-6): the side faces read as L F R B give no "
                 "possible cube (corner UFL shows G R W, which is no corner of the cube), and 2 "
                 "other orders do: the side order must be given (or a layout)");
    net("WGGBWBGYRR?WOWY?GY?BY?O?", true, text);
    expect_error(text, NULL, NULL,
                 "line 8: a cross with B under D of 2x2 faces (lines 1-8): B under D turned half a "
                 "turn gives no possible cube (corner UFL shows G R Y, which is no corner of the "
                 "cube), and 2 other turns of B do: the drawing needs a layout");
}

/* A net with no D rows ends at a box header that is not indented under F: the net is handed
 * over (D hidden) and the box after it read as a cube of its own */
static void test_net_ended_by_a_box(void **state)
{
    (void)state;
    expect_cubes("    W W\n    W W\nO O G G R R B B\nO O G G R R B B\nFace U:\n+-----+\n"
                 "| W W |\n| W W |\n+-----+\n",
                 NULL, NULL, 2,
                 "W W W W ? ? ? ? G G G G B B B B O O O O R R R R\n"
                 "W W W W ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ? ?\n");
}

/* A string with a token over 31 bytes: the string's size, its line and the token's column */
static void test_string_long_token(void **state)
{
    (void)state;
    expect_error("W W W W Y Y Y Y G G G G B B B B O O O O R R R "
                 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
                 "string", NULL,
                 "line 1: a string of 24 stickers: line 1, column 47: colour "
                 "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is too long (1 to 31 bytes)");
}

/* A drawing in a layout with a control byte where a sticker stands: the line says so */
static void test_layout_bad_token(void **state)
{
    (void)state;
    static const char layout[] = "U1 U2 U3 U4\nR1 R2 R3 R4\nF1 F2 F3 F4\nD1 D2 D3 D4\n"
                                 "L1 L2 L3 L4\nB1 B2 B3 B4\n";
    expect_cubes("W W W W\nR R R R\nG G G G\nY Y Y Y\nO O O O\nB B B B\n", NULL, layout, 1, SOLVED);
    expect_error("W W W W\nR R \x01 R\nG G G G\nY Y Y Y\nO O O O\nB B B B\n", NULL, layout,
                 "line 2: a drawing in the layout: line 2: colour token has the control byte 0x01");
    /* fed line by line, the reader starts afresh at the drawing after the bad one */
    cg_layout *l;
    cg_shape_reader *r;
    cg_error err;
    assert_int_equal(cg_layout_new(layout, strlen(layout), &l, &err), CG_OK);
    assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, NULL, &err), CG_OK);
    assert_int_equal(cg_shape_reader_layout(r, l, &err), CG_OK);
    static const char *const lines[] = {"W W W W", "R R \x01 R", "W W W W", "R R R R", "G G G G",
                                        "Y Y Y Y", "O O O O", "B B B B"};
    for (int i = 0; i < 8; i++)
        assert_int_equal(cg_shape_reader_feed(r, lines[i], strlen(lines[i]), &err),
                         i == 1 ? CG_ERR_INPUT : CG_OK);
    assert_int_equal(cg_shape_reader_finish(r, &err), CG_OK);
    cg_puzzle p;
    cg_shape_info info;
    assert_true(cg_shape_reader_take(r, &p, &info));
    assert_int_equal(info.first_line, 3);
    assert_int_equal(info.last_line, 8);
    char got[64] = "";
    for (int i = 0; i < 24; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "",
                 p.colour[p.sticker[i]]);
    assert_string_equal(got, "W W W W Y Y Y Y G G G G B B B B O O O O R R R R");
    assert_false(cg_shape_reader_take(r, &p, &info));
    cg_shape_reader_free(r);
    cg_layout_free(l);
}

/* Python mappings: a backslash escapes the byte after it; a value that opens a mapping with a
 * key and no ':' is no list of stickers; a sticker over 31 bytes names its face */
static void test_python_mappings(void **state)
{
    (void)state;
    expect_cubes("{'U': ['W', 'W', 'W', '\\W'], 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', "
                 "'L': 'OOOO', 'R': 'RRRR'}",
                 NULL, NULL, 1, SOLVED);
    expect_error("{'F': 'GGGG', 'U': {'x' 1}}", NULL, NULL,
                 "line 1: a Python or JSON cube (lines 1-1): face U: not a list or string of "
                 "stickers");
    expect_error("{'U': ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'W', 'W', 'W'], 'D': 'YYYY'}",
                 NULL, NULL,
                 "line 1: a Python or JSON cube (lines 1-1): face U: colour "
                 "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' is too long (1 to 31 bytes)");
}

/* A string that runs over a line: the line counter (strings do not span lines) closes the
 * mapping at a '}' the parser reads inside a string; the parser then reaches the end of the
 * text inside the mapping, with its six faces read */
static void test_mapping_cut_at_the_end(void **state)
{
    (void)state;
    expect_cubes("{'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO', 'x': 'a\n"
                 "b', 'R': 'RRRR', 'y': '}'\n",
                 NULL, NULL, 1, SOLVED);
}

/* The parser skips what stands before the first bracket */
static void test_dict_parse_skips_a_label(void **state)
{
    (void)state;
    static const char text[] = "cube = {'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', "
                               "'L': 'OOOO'}";
    cg_puzzle p;
    char given[8];
    cg_error err;
    assert_int_equal(cgi_dict_parse(text, strlen(text), "UDFBLR", &p, given, &err), 5);
    assert_string_equal(given, "UDFBL");
    assert_int_equal(cg_puzzle_faces_known(&p), 5);
    assert_string_equal(p.colour[p.sticker[8]], "G"); /* F's first sticker */
    /* text without a bracket: no cube */
    assert_int_equal(cgi_dict_parse("cube = none", 11, "UDFBLR", &p, given, &err), 0);
}

/* No text at all: the end of input is all there is, and no cube is found in its 0 lines */
static void test_empty_text(void **state)
{
    (void)state;
    expect_error("", NULL, NULL,
                 "no cube found: nothing in 0 lines is a cube (docs/shapes.md shows each shape)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_net_bad_tokens),
        cmocka_unit_test(test_net_side_orders_ambiguous),
        cmocka_unit_test(test_net_ended_by_a_box),
        cmocka_unit_test(test_string_long_token),
        cmocka_unit_test(test_layout_bad_token),
        cmocka_unit_test(test_python_mappings),
        cmocka_unit_test(test_mapping_cut_at_the_end),
        cmocka_unit_test(test_dict_parse_skips_a_label),
        cmocka_unit_test(test_empty_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
