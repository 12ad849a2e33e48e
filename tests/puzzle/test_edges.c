/* The edges of src/puzzle's calls that no test reached (the coverage map of ./run.sh mutants
 * listed their lines under no test): the line after a drawing, bad move maps and notations, an
 * answer one byte too long, no state given, a scheme colour at its length limit, blanks after
 * "Face", the draw formats' names, sizes other than 2 and 3. A program of its own, so the cached
 * kills of the older programs stay valid (a test's hash is its source's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube.h"
#include "cubegod/cube3.h"
#include "cubegod/draw.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"
#include "cubegod/state.h"
#include "cubegod/turn.h"
#include "puzzle/reader.h" /* the box reader's puzzle */

/* The first line after a drawing that is not blank, trimmed, a "Label:" before it skipped (only
 * a colon followed by a blank ends a label); "" after the last line; snprintf's contract. */
static void test_next_line(void **state)
{
    (void)state;
    static const char *const AFTER[][2] = {
        {"\n \t\nScramble:  R U F \nmore\n", "R U F"},
        {"Time: 12:30\n", "12:30"},
        {"  a:b c\t\n", "a:b c"},
        {"Moves:\n", ""},
        {"", ""},
        {"\n\n", ""},
    };
    for (size_t k = 0; k < sizeof AFTER / sizeof *AFTER; k++) {
        char text[256], buf[64];
        int len = snprintf(text, sizeof text, "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n%s",
                           AFTER[k][0]);
        cg_drawing *d;
        cg_error err;
        assert_int_equal(cg_drawing_read(text, (size_t)len, NULL, NULL, &d, &err), CG_OK);
        size_t n = cg_drawing_next_line(d, buf, sizeof buf);
        if (n != strlen(AFTER[k][1]) || strcmp(buf, AFTER[k][1]) != 0)
            fail_msg("after '%s': '%s' (%zu), expected '%s'", AFTER[k][0], buf, n, AFTER[k][1]);
        memset(buf, 'x', sizeof buf);
        assert_int_equal(cg_drawing_next_line(d, buf, 3), n);
        assert_int_equal(buf[n < 2 ? n : 2], '\0');
        assert_int_equal(buf[3], 'x');
        assert_int_equal(cg_drawing_next_line(d, NULL, 0), n);
        cg_drawing_free(d);
    }
}

/* Only sizes 2 and 3 are turned: another is refused, saying which */
static void test_other_sizes(void **state)
{
    (void)state;
    cg_turn seq[4];
    size_t n;
    cg_error err;
    char out[128];
    static const int SIZES[] = {0, 1, 4, -2};
    for (size_t k = 0; k < sizeof SIZES / sizeof *SIZES; k++) {
        char want[64];
        snprintf(want, sizeof want, "a cube of size %d: only 2 and 3", SIZES[k]);
        assert_int_equal(cg_turn_parse(SIZES[k], "R", NULL, seq, 4, &n, &err), CG_ERR_INPUT);
        assert_string_equal(err.msg, want);
        assert_int_equal(cg_stickers_apply(SIZES[k], "R", 0, "abcd", out, sizeof out, &err),
                         CG_ERR_INPUT);
        assert_string_equal(err.msg, want);
    }
}

/* A NUL byte in a move map names its line; a notation that does not exist is refused; an answer
 * that does not fit its buffer says how many bytes the buffer leaves for text */
static void test_dialects(void **state)
{
    (void)state;
    cg_move_map map;
    cg_error err;
    assert_int_equal(cg_move_map_parse("U=a\nD=b\0c\n", 10, &map, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "move map line 2: a NUL byte"));
    cg_dialect d;
    assert_int_equal(cg_dialect_make(&d, (cg_notation)7, NULL, NULL, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "notation 7 does not exist"));
    assert_string_equal(cg_notation_name((cg_notation)3), "quarter-cw");
    assert_string_equal(cg_notation_name((cg_notation)4), "?");
    /* a name that is empty where the given length ends, blanks after it in memory */
    assert_int_equal(cg_move_map_parse("U=a,D=   ", 6, &map, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "D has an empty name"));
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, NULL, &err), CG_OK);
    const cg_move moves[3] = {CG_R * 3, CG_U * 3 + 1, CG_F * 3 + 2}; /* R U2 F' */
    char buf[16];
    assert_int_equal(cg_dialect_answer(&d, CG_METRIC_HTM, 11, moves, 3, buf, sizeof buf, &err), CG_OK);
    assert_string_equal(buf, "R U2 F'");
    assert_int_equal(cg_dialect_answer(&d, CG_METRIC_HTM, 11, moves, 3, buf, 7, &err), CG_ERR_LIMIT);
    assert_string_equal(err.msg, "the answer is longer than 6 bytes");
    assert_int_equal(cg_dialect_answer(&d, CG_METRIC_HTM, 11, moves, 3, buf, 8, &err), CG_OK);
}

/* No state at all: the message says which one is missing */
static void test_no_state(void **state)
{
    (void)state;
    char solved[32], out[64];
    cg_error err;
    int size;
    assert_int_equal(cg_state_solved(2, solved, sizeof solved, &err), CG_OK);
    assert_int_equal(cg_state_check(NULL, &size, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the state: no state given");
    assert_int_equal(cg_state_relative(solved, NULL, out, sizeof out, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the current state: no state given");
}

/* A scheme's colour of CG_TOKEN_MAX bytes is taken, one more is refused; blanks may stand
 * between "Face" and a box's letter */
static void test_schemes_and_boxes(void **state)
{
    (void)state;
    cg_scheme sc;
    cg_error err;
    char scheme[128];
    for (int len = CG_TOKEN_MAX; len <= CG_TOKEN_MAX + 1; len++) {
        snprintf(scheme, sizeof scheme, "U=W,D=Y,F=G,B=B,L=O,R=%0*d", len, 7);
        cg_status st = cg_scheme_parse(scheme, &sc, &err);
        if (len == CG_TOKEN_MAX)
            assert_int_equal(st, CG_OK);
        else
            assert_string_equal(err.msg, "scheme colour for R is longer than 31 bytes");
    }
    static const char *const BOX[] = {"Face   D:", "+-----+", "| a b |", "| c d |", "+-----+"};
    cg_box_reader r;
    cg_box_reader_init(&r);
    cg_box_event ev;
    for (size_t k = 0; k < 5; k++)
        assert_int_equal(cg_box_reader_feed(&r, BOX[k], strlen(BOX[k]), &ev, &err), CG_OK);
    bool have;
    assert_int_equal(cg_box_reader_finish(&r, &have, &err), CG_OK);
    assert_true(have);
    assert_int_equal(r.puzzle.faces_shown, 1 << CG_D);
}

/* A wrong box line or scheme item is quoted up to its 40th byte: one of 40 whole, one of 41 cut */
static void test_quoted_forty(void **state)
{
    (void)state;
    static const char FORTY[] = "0123456789012345678901234567890123456789";
    for (int extra = 0; extra <= 1; extra++) {
        char line[64], want[80];
        snprintf(line, sizeof line, "%s%s", FORTY, extra ? "X" : "");
        snprintf(want, sizeof want, "not '%s'", FORTY);
        cg_box_reader r;
        cg_box_reader_init(&r);
        cg_box_event ev;
        cg_error err;
        assert_int_equal(cg_box_reader_feed(&r, "Face B:", 7, &ev, &err), CG_OK);
        assert_int_equal(cg_box_reader_feed(&r, line, strlen(line), &ev, &err), CG_ERR_INPUT);
        if (!strstr(err.msg, want))
            fail_msg("a line of %zu bytes: '%s'", strlen(line), err.msg);
        char scheme[80];
        snprintf(scheme, sizeof scheme, "U=W,%s", line);
        cg_scheme sc;
        assert_int_equal(cg_scheme_parse(scheme, &sc, &err), CG_ERR_INPUT);
        snprintf(want, sizeof want, "item 2 '%s' is not", FORTY);
        if (!strstr(err.msg, want))
            fail_msg("an item of %zu bytes: '%s'", strlen(line), err.msg);
    }
}

/* A move map's item of blanks alone is no entry; a move that is only a separator is quoted as
 * that one character */
static void test_blank_items(void **state)
{
    (void)state;
    cg_move_map map;
    cg_error err;
    static const char MAP[] = "U=a,  ,D=b,F=c,B=d,L=e,R=f";
    if (cg_move_map_parse(MAP, strlen(MAP), &map, &err) != CG_OK)
        fail_msg("%s", err.msg);
    cg_dialect d;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, ",", &err), CG_OK);
    cg_move out[8];
    size_t n;
    assert_int_equal(cg_dialect_parse(&d, "R,,U", 4, out, 8, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "move 2 ',' (column 3)"));
    /* names not parted by the separator are no moves: joined, or parted by a blank only */
    static const char *const UNPARTED[] = {"RU", "R U", "R,UF"};
    for (size_t k = 0; k < sizeof UNPARTED / sizeof *UNPARTED; k++)
        if (cg_dialect_parse(&d, UNPARTED[k], strlen(UNPARTED[k]), out, 8, &n, &err) != CG_ERR_INPUT)
            fail_msg("'%s' read as %zu moves", UNPARTED[k], n);
    assert_int_equal(cg_dialect_parse(&d, "R, U,F2", 7, out, 8, &n, &err), CG_OK);
    assert_int_equal(n, 3);
}

/* A token naming no colour on no centre takes a spare colour, not a face's home: U's centre
 * token keeps white, D's yellow, though the stray token was seen first */
static void test_stray_token_colour(void **state)
{
    (void)state;
    static const char *plain[6] = {"p", "q", "s", "t", "v", "z"};
    cg_puzzle q;
    cg_puzzle_clear_size(&q, 3);
    for (int i = 0; i < 54; i++) {
        const char *t = i == 0 ? "k" : plain[i / 9];
        assert_int_equal(cg_puzzle_set(&q, i, t, strlen(t), NULL), CG_OK);
    }
    char svg[16384];
    size_t need;
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#ffffff\" stroke=\"#000\"><title>p<"));
    assert_non_null(strstr(svg, "fill=\"#ffd500\" stroke=\"#000\"><title>q<"));
}

/* A border is '+', dashes only, '+': a bar or a letter inside it makes it no border */
static void test_broken_border(void **state)
{
    (void)state;
    static const char *const BROKEN[] = {"+--x--+", "+-----|", "+--+--+", "x-----+", "+-----x",
                                         "+x----+", "+----x+"};
    for (size_t k = 0; k < sizeof BROKEN / sizeof *BROKEN; k++) {
        cg_box_reader r;
        cg_box_reader_init(&r);
        cg_box_event ev;
        cg_error err;
        assert_int_equal(cg_box_reader_feed(&r, "Face U:", 7, &ev, &err), CG_OK);
        assert_int_equal(cg_box_reader_feed(&r, BROKEN[k], strlen(BROKEN[k]), &ev, &err), CG_ERR_INPUT);
        if (!strstr(err.msg, "line 1 of the box should be a border"))
            fail_msg("'%s': %s", BROKEN[k], err.msg);
    }
}

/* A scheme without U's colour is refused, naming U (the first face, as the last is named) */
static void test_scheme_without_u(void **state)
{
    (void)state;
    cg_scheme sc;
    cg_error err;
    assert_int_equal(cg_scheme_parse("D=Y,F=G,B=B,L=O,R=R", &sc, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "scheme gives no colour for face U");
}

/* A 2x2 showing four colours (two faces hidden): the colours' schemes that differ only in the
 * unseen colours are one, not an ambiguity */
static void test_four_colours(void **state)
{
    (void)state;
    static const char CUBE[] = "WWWW????GGGG????OOOORRRR"; /* U D F B L R, D and B hidden */
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string(CUBE, 24, "UDFBLR", &p, &err), CG_OK);
    cg_reading rd;
    cg_status st = cg_reconstruct(&p, NULL, &rd, &err);
    if (st != CG_OK)
        fail_msg("%d: %s", st, err.msg);
}

/* One corner twisted in place, each way: the message gives the twists' sum, 1 one way and 2 the
 * other */
static void test_twisted_corner(void **state)
{
    (void)state;
    int sums[2];
    for (int way = 0; way < 2; way++) {
        cg_puzzle p;
        assert_int_equal(cg_puzzle_from_string("UUUUDDDDFFFFBBBBLLLLRRRR", 24, "UDFBLR", &p, NULL), CG_OK);
        const uint8_t *st = cg_corner_stickers(0);
        int8_t a = p.sticker[st[0]], b = p.sticker[st[1]], c = p.sticker[st[2]];
        p.sticker[st[0]] = way ? c : b;
        p.sticker[st[1]] = way ? a : c;
        p.sticker[st[2]] = way ? b : a;
        cg_reading rd;
        cg_error err;
        assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
        const char *at = strstr(err.msg, "twists sum to ");
        if (!at)
            fail_msg("%s", err.msg);
        sums[way] = atoi(at + strlen("twists sum to "));
    }
    assert_true((sums[0] == 1 && sums[1] == 2) || (sums[0] == 2 && sums[1] == 1));
}

/* Moves written with no separator: the bad move is quoted up to the next blank, not one
 * character; a "Face" header with two letters or without its colon heads no box */
static void test_joined_bad_move(void **state)
{
    (void)state;
    cg_dialect d;
    cg_error err;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, "none", &err), CG_OK);
    cg_move out[8];
    size_t n;
    assert_int_equal(cg_dialect_parse(&d, "RUXY F", 6, out, 8, &n, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, "move 3 'XY' (column 3)"))
        fail_msg("%s", err.msg);
    static const char *const NOT_HEADERS[] = {"Face UX:", "Face U", "Face U;", "Face  :"};
    for (size_t k = 0; k < sizeof NOT_HEADERS / sizeof *NOT_HEADERS; k++) {
        cg_box_reader r;
        cg_box_reader_init(&r);
        cg_box_event ev;
        assert_int_equal(cg_box_reader_feed(&r, NOT_HEADERS[k], strlen(NOT_HEADERS[k]), &ev, &err), CG_OK);
        assert_int_equal(ev, CG_BOX_IGNORED);
        /* a line that is no border right after: still nothing (no box was started) */
        if (cg_box_reader_feed(&r, "hello", 5, &ev, &err) != CG_OK)
            fail_msg("'%s' started a box: %s", NOT_HEADERS[k], err.msg);
    }
}

/* Where a drawing ends (the byte just after its last line) and its shape, for a net and for a
 * cube given as a Python mapping (a shape that gives no places) */
static void test_drawing_end_and_shape(void **state)
{
    (void)state;
    static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\nR U\n";
    cg_drawing *d;
    cg_error err;
    assert_int_equal(cg_drawing_read(NET, strlen(NET), NULL, NULL, &d, &err), CG_OK);
    assert_int_equal(cg_drawing_end(d), strlen(NET) - strlen("R U\n"));
    assert_string_equal(cg_drawing_shape(d), "net");
    cg_drawing_free(d);
    /* the last line without its line end: the drawing ends at the text's end */
    assert_int_equal(cg_drawing_read(NET, strlen(NET) - strlen("\nR U\n"), NULL, NULL, &d, &err), CG_OK);
    assert_int_equal(cg_drawing_end(d), strlen(NET) - strlen("\nR U\n"));
    cg_drawing_free(d);
    static const char DICT[] = "cube = {'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', "
                               "'L': 'OOOO', 'R': 'RRRR'}\nnext\n";
    assert_int_equal(cg_drawing_read(DICT, strlen(DICT), NULL, NULL, &d, &err), CG_OK);
    assert_string_equal(cg_drawing_shape(d), "dict");
    assert_int_equal(cg_drawing_first_line(d), 1);
    assert_int_equal(cg_drawing_last_line(d), 1);
    assert_int_equal(cg_drawing_end(d), strlen(DICT) - strlen("next\n"));
    cg_drawing_free(d);
    /* turned, a mapping is written again as a mapping */
    char out[512];
    size_t needed;
    assert_int_equal(cg_turn_text(DICT, "R", NULL, out, sizeof out, &needed, &err), CG_OK);
    if (!strstr(out, "{'U': ["))
        fail_msg("%s", out);
}

/* A state of 55 face letters is refused as more than 54, not read as its first 54 */
static void test_state_too_long(void **state)
{
    (void)state;
    char text[64];
    memset(text, 'U', 55);
    text[55] = '\0';
    int size;
    cg_error err;
    assert_int_equal(cg_state_check(text, &size, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "more than 54 face letters"));
    /* a buffer too small for a state says how many bytes it needs, its terminator counted */
    char small[10];
    assert_int_equal(cg_state_solved(2, small, sizeof small, &err), CG_ERR_LIMIT);
    assert_string_equal(err.msg, "a 2x2 state needs 25 bytes, the buffer has 10");
    assert_int_equal(cg_state_solved(3, NULL, 0, &err), CG_ERR_LIMIT);
    assert_string_equal(err.msg, "a 3x3 state needs 55 bytes, the buffer has 0");
}

/* Counts in messages and of stickers: "1 line" and "2 lines", the bytes a result needs with its
 * terminator, a 3x3's 54 stickers and six faces known */
static void test_counts(void **state)
{
    (void)state;
    char buf[512];
    size_t needed;
    cg_error err;
    assert_int_equal(cg_draw_text("hello\n", 6, NULL, "svg", buf, sizeof buf, &needed, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no cube in 1 line:"));
    assert_int_equal(cg_draw_text("hello\nthere\n", 12, NULL, "svg", buf, sizeof buf, &needed, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no cube in 2 lines:"));
    /* a reading error and no cube: that error, not "no cube" */
    assert_int_equal(cg_draw_text("Face U:\nhello\n", 14, NULL, "svg", buf, sizeof buf, &needed, &err),
                     CG_ERR_INPUT);
    if (!strstr(err.msg, "face U (label on line 1): line 2 has 1 sticker") || strstr(err.msg, "no cube"))
        fail_msg("%s", err.msg);
    static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n";
    assert_int_equal(cg_turn_text(NET, "R", NULL, buf, sizeof buf, &needed, &err), CG_OK);
    size_t whole = strlen(buf);
    assert_int_equal(cg_turn_text(NET, "R", NULL, buf, 8, &needed, &err), CG_ERR_LIMIT);
    char want[96];
    snprintf(want, sizeof want, "the result needs %zu bytes, the buffer holds 8", whole + 1);
    assert_string_equal(err.msg, want);
    cg_puzzle p;
    static const char SOLVED3[] = "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR";
    assert_int_equal(cg_puzzle_from_string(SOLVED3, 54, "UDFBLR", &p, &err), CG_OK);
    assert_int_equal(cg_puzzle_stickers(&p), 54);
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
}

/* A 3x3 given as 54 letters in order: no cube, the message saying `says` */
static void expect_no_cube3(const char *text, const char *order, const char *says)
{
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string(text, 54, order, &p, &err), CG_OK);
    cg_reading3 rd;
    assert_int_equal(cg_reconstruct3(&p, NULL, &rd, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, says))
        fail_msg("'%s' does not say '%s'", err.msg, says);
}

/* Two edges swapped on a solved 3x3: the parities disagree, and the message says which way
 * each kind can go (the corners even, as solved; the edges odd) */
static void test_edges_swapped(void **state)
{
    (void)state;
    char text[55] = "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR";
    text[2 * 9 + 1] = 'R'; /* F's top middle and R's: the edges UF and UR swapped */
    text[5 * 9 + 1] = 'F';
    expect_no_cube3(text, "UDFBLR", "the corners can only be even, the edges only odd");
}

/* The common scheme is a 2x2's only, and of six distinct common colours: "W" and "white" are
 * one colour twice, the first token seen being one of them */
static void test_common_scheme(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_scheme sc;
    static const char SOLVED3[] = "WWWWWWWWWYYYYYYYYYGGGGGGGGGBBBBBBBBBOOOOOOOOORRRRRRRRR";
    assert_int_equal(cg_puzzle_from_string(SOLVED3, 54, "UDFBLR", &p, NULL), CG_OK);
    assert_false(cg_puzzle_common_scheme(&p, &sc));
    assert_int_equal(cg_puzzle_from_string("WWWWYYYYGGGGBBBBOOOORRRR", 24, "UDFBLR", &p, NULL), CG_OK);
    assert_true(cg_puzzle_common_scheme(&p, &sc));
    static const char *const TOK[6] = {"W", "white", "G", "B", "O", "R"};
    cg_puzzle_clear_size(&p, 2);
    for (int i = 0; i < 24; i++)
        assert_int_equal(cg_puzzle_set(&p, i, TOK[i / 4], strlen(TOK[i / 4]), NULL), CG_OK);
    assert_false(cg_puzzle_common_scheme(&p, &sc));
}

/* A separator's control byte and a move name's byte 0x80 are refused, naming where */
static void test_bytes_refused(void **state)
{
    (void)state;
    cg_dialect d;
    cg_error err;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, ",\x01", &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "separator: byte 2 is a control byte");
    cg_move_map map;
    assert_int_equal(cg_move_map_parse("U=a\x80", 4, &map, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "the name of U has a blank or a byte"));
}

/* The moves on a text's last line, which has no line end, are read whole */
static void test_last_line_unended(void **state)
{
    (void)state;
    static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n";
    char text[128], with[512], plain[512];
    snprintf(text, sizeof text, "%sR U'", NET); /* no label: the line fills what is left */
    size_t needed;
    cg_error err;
    if (cg_turn_text(text, NULL, "last-line", with, sizeof with, &needed, &err) != CG_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(cg_turn_text(NET, "R U'", NULL, plain, sizeof plain, &needed, &err), CG_OK);
    assert_string_equal(with, plain);
}

/* Counting the 3x3s that fit stops at the cap: exactly the cap, said to be "at least" */
static void test_fits_cap(void **state)
{
    (void)state;
    char text[55] = "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR";
    for (int i = 0; i < 36; i++)
        if (i % 9 != 4)
            text[i] = '?'; /* U, D, F and B hidden but their centres */
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string(text, 54, "UDFBLR", &p, &err), CG_OK);
    cg_reconstruct3_options opt = {.pick = true, .cap = 5};
    cg_reading3 rd;
    if (cg_reconstruct3(&p, &opt, &rd, &err) != CG_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(rd.fits, 5);
    assert_true(rd.fits_at_least);
}

/* Two edges swapped and then a quarter turn U: the corners go odd, the edges even, and the
 * message says so (not "no edges fit", which one parity failing is not) */
static void test_parities_other_way(void **state)
{
    (void)state;
    /* Kociemba's order U R F D L B, the edges UR and UF swapped */
    char k[55] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", t[55];
    k[10] = 'F';
    k[19] = 'R';
    memcpy(t, k, sizeof t);
    static const int UROT[9] = {6, 3, 0, 7, 4, 1, 8, 5, 2}; /* U clockwise: new[i] = old[UROT[i]] */
    for (int i = 0; i < 9; i++)
        t[i] = k[UROT[i]];
    static const int TOP[4] = {18, 9, 45, 36}; /* F R B L: each top row takes the next one's */
    for (int f = 0; f < 4; f++)
        for (int i = 0; i < 3; i++)
            t[TOP[f] + i] = k[TOP[(f + 1) % 4] + i];
    expect_no_cube3(t, "URFDLB", "the corners can only be odd, the edges only even");
}

/* A 3x3's scheme read from its centres: every face named, each by its own colour */
static void test_scheme3(void **state)
{
    (void)state;
    static const char SOLVED3[] = "WWWWWWWWWYYYYYYYYYGGGGGGGGGBBBBBBBBBOOOOOOOOORRRRRRRRR";
    cg_puzzle p;
    cg_error err;
    assert_int_equal(cg_puzzle_from_string(SOLVED3, 54, "UDFBLR", &p, &err), CG_OK);
    cg_reading3 rd;
    assert_int_equal(cg_reconstruct3(&p, NULL, &rd, &err), CG_OK);
    for (int f = 0; f < 6; f++) {
        char want[2] = {"WYGBOR"[f], '\0'};
        assert_string_equal(rd.scheme.face[f], want);
    }
    assert_true(cg3_cube_is_home(&rd.cube));
}

/* A token of a 24-bit ANSI colour is drawn in that colour, each channel its own; no text at all
 * is 0 lines */
static void test_token_colours(void **state)
{
    (void)state;
    static const char *const TOK[6] = {"rgb10_20_30", "D", "F", "B", "L", "R"};
    cg_puzzle p;
    cg_puzzle_clear_size(&p, 2);
    for (int i = 0; i < 24; i++)
        assert_int_equal(cg_puzzle_set(&p, i, TOK[i / 4], strlen(TOK[i / 4]), NULL), CG_OK);
    char svg[16384];
    size_t need;
    assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#0a141e\""));
    /* the last colour word, "red", names red wherever it stands (here on U's centre), */
    static const char *const WORDS[6] = {"red", "yellow", "green", "blue", "orange", "white"};
    cg_puzzle q;
    cg_puzzle_clear_size(&q, 3);
    for (int i = 0; i < 54; i++)
        assert_int_equal(cg_puzzle_set(&q, i, WORDS[i / 9], strlen(WORDS[i / 9]), NULL), CG_OK);
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#b71234\" stroke=\"#000\"><title>red<"));
    /* so do the last letter and digit, "R" and "5" */
    static const char *const LAST[2][6] = {{"R", "D", "F", "B", "L", "U"}, {"5", "1", "2", "3", "4", "0"}};
    for (int k = 0; k < 2; k++) {
        cg_puzzle_clear_size(&q, 3);
        for (int i = 0; i < 54; i++)
            assert_int_equal(cg_puzzle_set(&q, i, LAST[k][i / 9], 1, NULL), CG_OK);
        assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
        char want[64];
        snprintf(want, sizeof want, "fill=\"#b71234\" stroke=\"#000\"><title>%s<", LAST[k][0]);
        if (!strstr(svg, want))
            fail_msg("'%s' on U's centre is not red", LAST[k][0]);
    }
    cg_error err;
    assert_int_equal(cg_draw_text(NULL, 0, NULL, "svg", svg, sizeof svg, &need, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no cube in 0 lines"));
}

/* A 2x2 with fewer than five faces shown: "only 1 face", "only 2 faces" */
static void test_faces_shown(void **state)
{
    (void)state;
    for (int shown = 1; shown <= 2; shown++) {
        cg_puzzle p;
        assert_int_equal(cg_puzzle_from_string("UUUUDDDDFFFFBBBBLLLLRRRR", 24, "UDFBLR", &p, NULL), CG_OK);
        p.faces_shown = (uint8_t)(shown == 1 ? 1u << CG_U : (1u << CG_U) | (1u << CG_F));
        cg_reading rd;
        cg_error err;
        assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
        char want[64];
        snprintf(want, sizeof want, "only %d face%s shown; the cube needs five", shown,
                 shown == 1 ? "" : "s");
        assert_string_equal(err.msg, want);
    }
}

/* An SVG marks each hidden sticker with one '?' and no shown one */
static void test_svg_question_marks(void **state)
{
    (void)state;
    static const char *const CUBES[] = {"UUUUDDDDFFFFBBBBLLLLRRRR", "?UUUDDDDFFFFBBBBLLLLRR?R"};
    for (int k = 0; k < 2; k++) {
        cg_puzzle p;
        assert_int_equal(cg_puzzle_from_string(CUBES[k], 24, "UDFBLR", &p, NULL), CG_OK);
        char svg[16384];
        size_t need;
        assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
        int marks = 0;
        for (const char *at = svg; (at = strstr(at, ">?</text>")) != NULL; at++)
            marks++;
        assert_int_equal(marks, 2 * k);
    }
}

/* "R3'" is three quarter turns undone: R, as "R'" undone is; a bad move of 17 bytes is quoted
 * up to its 16th byte */
static void test_turn_counts(void **state)
{
    (void)state;
    static const char NET[] = "  ab\n  cd\nefghijkl\nmnopqrst\n  uv\n  wx\n";
    char a[256], b[256];
    size_t needed;
    cg_error err;
    assert_int_equal(cg_turn_text(NET, "R3'", NULL, a, sizeof a, &needed, &err), CG_OK);
    assert_int_equal(cg_turn_text(NET, "R", NULL, b, sizeof b, &needed, &err), CG_OK);
    assert_string_equal(a, b);
    assert_int_equal(cg_turn_text(NET, "R2'", NULL, a, sizeof a, &needed, &err), CG_OK);
    assert_int_equal(cg_turn_text(NET, "R2", NULL, b, sizeof b, &needed, &err), CG_OK);
    assert_string_equal(a, b);
    assert_int_equal(cg_turn_text(NET, "R Qabcdefghijklmnop", NULL, a, sizeof a, &needed,
                                  &err), CG_ERR_INPUT);
    if (!strstr(err.msg, "move 2 'Qabcdefghijklmno' (column 3)"))
        fail_msg("%s", err.msg);
}

/* Two edges swapped and the corner DLF hidden whole: several corners fit there, and the message
 * is still the parities' (not a piece named twice, nor nothing) */
static void test_parity_with_a_hidden_corner(void **state)
{
    (void)state;
    char k[55] = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    k[10] = 'F';
    k[19] = 'R';
    const uint8_t *dlf = cg3_corner_facelets(7);
    for (int i = 0; i < 3; i++)
        k[dlf[i]] = '?';
    expect_no_cube3(k, "URFDLB", "corner and edge parity disagree");
}

/* The relative puzzle toward a goal knows every sticker, the last one too */
static void test_toward_whole(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++) {
        char solved[64], scrambled[64];
        assert_int_equal(cg_state_solved(n, solved, sizeof solved, NULL), CG_OK);
        assert_int_equal(cg_state_apply(solved, "R U F'", scrambled, sizeof scrambled, NULL), CG_OK);
        cg_puzzle goal, cur, rel;
        assert_int_equal(cg_puzzle_from_string(solved, strlen(solved), "URFDLB", &goal, NULL), CG_OK);
        assert_int_equal(cg_puzzle_from_string(scrambled, strlen(scrambled), "URFDLB", &cur, NULL), CG_OK);
        cg_error err;
        assert_int_equal(cg_puzzle_toward(&goal, &cur, NULL, 0, &rel, &err), CG_OK);
        for (int i = 0; i < 6 * n * n; i++)
            if (rel.sticker[i] == CG_UNKNOWN)
                fail_msg("%dx%d: sticker %d unknown", n, n, i);
    }
}

/* A colour token too long is quoted up to its 40th byte: 40 whole, 41 cut; a 2x2 in the common
 * colours that fits no cube (a corner twisted) has no common scheme */
static void test_long_token_and_no_scheme(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_puzzle_clear_size(&p, 2);
    cg_error err;
    char tok[64], want[96];
    for (int len = 40; len <= 41; len++) {
        memset(tok, 'a', (size_t)len);
        tok[len] = '\0';
        assert_int_equal(cg_puzzle_set(&p, 0, tok, (size_t)len, &err), CG_ERR_INPUT);
        snprintf(want, sizeof want, "colour '%.40s' is too long", tok);
        if (!strstr(err.msg, want))
            fail_msg("%d bytes: %s", len, err.msg);
    }
    assert_int_equal(cg_puzzle_from_string("WWWWYYYYGGGGBBBBOOOORRRR", 24, "UDFBLR", &p, NULL), CG_OK);
    const uint8_t *st = cg_corner_stickers(0);
    int8_t a = p.sticker[st[0]];
    p.sticker[st[0]] = p.sticker[st[1]];
    p.sticker[st[1]] = p.sticker[st[2]];
    p.sticker[st[2]] = a;
    cg_scheme sc;
    assert_false(cg_puzzle_common_scheme(&p, &sc));
}

/* A scrambled 2x2 with one face hidden, each face in turn: rebuilt, it is the cube it was (the
 * search orders its slots by candidates, which differ once stickers are hidden) */
static void test_rebuilt_five_faces(void **state)
{
    (void)state;
    static const char *const SCRAMBLES[] = {"R U F' D2 L B'", "F2 R' U L2 D'", "U R2 F B' L D2 R'"};
    for (size_t k = 0; k < sizeof SCRAMBLES / sizeof *SCRAMBLES; k++) {
        char solved[32], st[32];
        assert_int_equal(cg_state_solved(2, solved, sizeof solved, NULL), CG_OK);
        assert_int_equal(cg_state_apply(solved, SCRAMBLES[k], st, sizeof st, NULL), CG_OK);
        cg_puzzle whole;
        assert_int_equal(cg_puzzle_from_string(st, 24, "URFDLB", &whole, NULL), CG_OK);
        cg_reading full;
        cg_error err;
        assert_int_equal(cg_reconstruct(&whole, NULL, &full, &err), CG_OK);
        for (int hide = 0; hide < 6; hide++) {
            char five[32];
            memcpy(five, st, sizeof five);
            memset(five + hide * 4, '?', 4);
            cg_puzzle p;
            assert_int_equal(cg_puzzle_from_string(five, 24, "URFDLB", &p, NULL), CG_OK);
            cg_reading rd;
            if (cg_reconstruct(&p, NULL, &rd, &err) != CG_OK)
                fail_msg("%s without face %d: %s", SCRAMBLES[k], hide, err.msg);
            if (!cg_cube_equal(&rd.cube, &full.cube))
                fail_msg("%s without face %d: another cube", SCRAMBLES[k], hide);
        }
        /* two faces hidden: corners show one sticker, slots have several candidates; the one
         * solution, or several (ambiguous), found alike whatever order the slots are tried in */
        char two[32];
        memcpy(two, st, sizeof two);
        memset(two + 3 * 4, '?', 4); /* D */
        memset(two + 5 * 4, '?', 4); /* B */
        cg_puzzle p2;
        assert_int_equal(cg_puzzle_from_string(two, 24, "URFDLB", &p2, NULL), CG_OK);
        cg_reading rd2;
        cg_status s2 = cg_reconstruct(&p2, &full.scheme, &rd2, &err);
        if (s2 != CG_ERR_AMBIGUOUS && !(s2 == CG_OK && cg_cube_equal(&rd2.cube, &full.cube)))
            fail_msg("%s without D and B: status %d, %s", SCRAMBLES[k], s2, err.msg);
    }
}

/* More of what cg_draw_text, cg_drawing_moves and the box writer and reader say: the first of
 * three cubes drawn; labelled lists that end with the text (a cube only the end closes); a mapping cut off by the end (that error, not "no cube"); nothing after
 * a drawing; a NUL inside moves; a face's box as wide as its own tokens; a new run of boxes after
 * a face given twice */
static void test_ends_and_widths(void **state)
{
    (void)state;
    char buf[8192];
    size_t needed;
    cg_error err;
    static const char FACES[] = "U: ['W', 'W', 'W', 'W']\nF: ['G', 'G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\n"
                                "B: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']"; /* closed by the end */
    if (cg_draw_text(FACES, strlen(FACES), NULL, "svg", buf, sizeof buf, &needed, &err) != CG_OK)
        fail_msg("%s", err.msg);
    static const char THREE[] = "UUUUDDDDFFFFBBBBLLLLRRRR\nWWWWYYYYGGGGBBBBOOOORRRR\n"
                                "000011112222333344445555\n";
    assert_int_equal(cg_draw_text(THREE, strlen(THREE), NULL, "svg", buf, sizeof buf, &needed, &err), CG_OK);
    if (!strstr(buf, "<title>U<") || strstr(buf, "<title>W<") || strstr(buf, "<title>0<"))
        fail_msg("not the first cube drawn");
    static const char CUT[] = "cube = {'U': 'WWWW',\n'D': 'YYYY',";
    assert_int_equal(cg_draw_text(CUT, strlen(CUT), NULL, "svg", buf, sizeof buf, &needed, &err),
                     CG_ERR_INPUT);
    if (!strstr(err.msg, "cut off by the end of input"))
        fail_msg("%s", err.msg);
    static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n";
    cg_drawing *d;
    assert_int_equal(cg_drawing_read(NET, strlen(NET), NULL, NULL, &d, &err), CG_OK);
    assert_int_equal(cg_drawing_moves(d, NULL, buf, sizeof buf, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no line after the drawing (which ends at line 6)");
    cg_drawing_free(d);
    cg_dialect dl = cg_dialect_default();
    cg_move out[8];
    size_t n;
    assert_int_equal(cg_dialect_parse(&dl, "R \0U", 4, out, 8, &n, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "a NUL byte at column 3");
    /* U's box: tokens of one byte, D's of five: U's border is U's width */
    cg_puzzle p;
    cg_puzzle_clear_size(&p, 2);
    for (int i = 0; i < 24; i++) {
        const char *t = i < 4 ? "a" : i < 8 ? "bbbbb" : "c";
        assert_int_equal(cg_puzzle_set(&p, i, t, strlen(t), NULL), CG_OK);
    }
    size_t len = cg_puzzle_format_boxes(&p, buf, sizeof buf);
    assert_true(len < sizeof buf);
    if (strncmp(buf, "Face U:\n+-----+\n", 16) != 0)
        fail_msg("%s", buf);
    /* a face given twice ends the run: the next run is read afresh */
    cg_box_reader r;
    cg_box_reader_init(&r);
    cg_box_event ev;
    static const char *const RUN[] = {"Face L:", "+-----+", "| a b |", "| c d |", "+-----+"};
    for (int k = 0; k < 5; k++)
        assert_int_equal(cg_box_reader_feed(&r, RUN[k], strlen(RUN[k]), &ev, &err), CG_OK);
    assert_int_equal(cg_box_reader_feed(&r, "Face L:", 7, &ev, &err), CG_ERR_INPUT);
    assert_int_equal(cg_box_reader_feed(&r, "Face U:", 7, &ev, &err), CG_OK);
    for (int k = 1; k < 5; k++)
        assert_int_equal(cg_box_reader_feed(&r, RUN[k], strlen(RUN[k]), &ev, &err), CG_OK);
    assert_int_equal(cg_box_reader_feed(&r, "bye", 3, &ev, &err), CG_OK);
    assert_int_equal(ev, CG_BOX_PUZZLE);
    assert_int_equal(r.puzzle.faces_shown, 1 << CG_U);
}

static void test_format_names(void **state)
{
    (void)state;
    /* a failed cg_draw_text needs no bytes: *needed is 0, whatever it held */
    char buf[16];
    cg_error err;
    for (int k = 0; k < 2; k++) {
        size_t needed = 99;
        cg_status st = k ? cg_draw_text("hello\n", 6, NULL, "svg", buf, sizeof buf, &needed, &err)
                         : cg_draw_text("UUUUDDDDFFFFBBBBLLLLRRRR", 24, NULL, "bmp", buf, sizeof buf,
                                        &needed, &err);
        assert_int_equal(st, CG_ERR_INPUT);
        assert_int_equal(needed, 0);
    }
    assert_string_equal(cg_draw_format_name(CG_DRAW_ANSI), "ansi");
    assert_string_equal(cg_draw_format_name(CG_DRAW_SVG), "svg");
    assert_string_equal(cg_draw_format_name(CG_DRAW_PNG), "png");
    assert_string_equal(cg_draw_format_name((cg_draw_format)3), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_next_line),         cmocka_unit_test(test_other_sizes),
        cmocka_unit_test(test_dialects),          cmocka_unit_test(test_no_state),
        cmocka_unit_test(test_schemes_and_boxes), cmocka_unit_test(test_format_names),
        cmocka_unit_test(test_quoted_forty),      cmocka_unit_test(test_blank_items),
        cmocka_unit_test(test_stray_token_colour), cmocka_unit_test(test_broken_border),
        cmocka_unit_test(test_scheme_without_u),  cmocka_unit_test(test_four_colours),
        cmocka_unit_test(test_twisted_corner),    cmocka_unit_test(test_joined_bad_move),
        cmocka_unit_test(test_drawing_end_and_shape), cmocka_unit_test(test_state_too_long),
        cmocka_unit_test(test_counts),            cmocka_unit_test(test_edges_swapped),
        cmocka_unit_test(test_common_scheme),     cmocka_unit_test(test_bytes_refused),
        cmocka_unit_test(test_last_line_unended), cmocka_unit_test(test_fits_cap),
        cmocka_unit_test(test_parities_other_way), cmocka_unit_test(test_scheme3),
        cmocka_unit_test(test_token_colours),     cmocka_unit_test(test_faces_shown),
        cmocka_unit_test(test_svg_question_marks), cmocka_unit_test(test_turn_counts),
        cmocka_unit_test(test_parity_with_a_hidden_corner), cmocka_unit_test(test_toward_whole),
        cmocka_unit_test(test_long_token_and_no_scheme), cmocka_unit_test(test_rebuilt_five_faces),
        cmocka_unit_test(test_ends_and_widths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
