/* The shape readers past their bounds (SECURITY.md, "Limits"): each input past a limit is a
 * clean CG_ERR_INPUT naming it, never a crash, and costs no more than the bound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/shapes.h"
#include "cubegod/turn.h"
#include "testutil.h"

/* Feeds text line by line, then finishes: the first error's status (err holds it), or CG_OK. */
static cg_status feed_text(const char *text, cg_error *err)
{
    cg_shape_reader *r;
    assert_int_equal(cg_shape_reader_new(&r, CG_SHAPE_AUTO, NULL, err), CG_OK);
    cg_status st = CG_OK;
    for (const char *s = text; *s && st == CG_OK;) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        st = cg_shape_reader_feed(r, s, n, err);
        s += n + (nl != NULL);
    }
    if (st == CG_OK)
        st = cg_shape_reader_finish(r, err);
    cg_shape_reader_free(r);
    return st;
}

/* "cube = {a: {a: ..." 1,000 deep over 20 lines (issue 35, item 1): each nested mapping was a
 * call with about 10 KB of stack and no bound, and the process died of SIGSEGV. */
static void test_dict_nesting_bounded(void **state)
{
    (void)state;
    size_t cap = 16384, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n, "cube = ");
    for (int line = 0; line < 10; line++) {
        for (int k = 0; k < 100; k++)
            n += (size_t)snprintf(text + n, cap - n, "{a: ");
        text[n++] = '\n';
    }
    text[n++] = '1';
    for (int line = 0; line < 10; line++) {
        for (int k = 0; k < 100; k++)
            text[n++] = '}';
        text[n++] = '\n';
    }
    text[n] = '\0';
    cg_error err;
    assert_int_equal(feed_text(text, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "nested deeper than 16 levels"));
    free(text);
    /* lists nest under the same bound */
    char lists[256] = "cube = ";
    for (int k = 0; k < 40; k++)
        strcat(lists, "[");
    strcat(lists, "'W'");
    for (int k = 0; k < 40; k++)
        strcat(lists, "]");
    assert_int_equal(feed_text(lists, &err), CG_OK); /* a list of one: not a cube, no error */
    /* sixteen levels of labels around the faces still read */
    char deep[2048] = "";
    for (int k = 0; k < 15; k++)
        strcat(deep, "{a: ");
    strcat(deep, "{U: 'UUUU', D: 'DDDD', F: 'FFFF', B: 'BBBB', L: 'LLLL', R: 'RRRR'}");
    for (int k = 0; k < 15; k++)
        strcat(deep, "}");
    assert_int_equal(feed_text(deep, &err), CG_OK);
}

/* A face of no sticker ("[]") is measured only once it has one (issue 35, item 7: strlen of an
 * unset leaf). */
static void test_dict_empty_face(void **state)
{
    (void)state;
    cg_error err;
    static const char text[] = "{U: 'UUUU', D: [], F: 'FFFF', B: 'BBBB', L: 'LLLL', R: 'RRRR'}";
    assert_int_equal(feed_text(text, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "face D has 0 stickers"));
}

/* A mapping left open: 500 lines or the buffer, then a clean error naming its first line. */
static void test_dict_lines_and_bytes(void **state)
{
    (void)state;
    cg_error err;
    size_t cap = 600 * 8 + 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text, cap, "{U:\n");
    for (int k = 0; k < 600; k++)
        n += (size_t)snprintf(text + n, cap - n, "'U',\n");
    assert_int_equal(feed_text(text, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "500 lines without its closing bracket"));
    free(text);
    /* one line longer than the buffer */
    cap = 70000;
    text = malloc(cap);
    assert_non_null(text);
    memcpy(text, "{U: '", 5);
    memset(text + 5, 'U', cap - 6);
    text[cap - 1] = '\0';
    assert_int_equal(feed_text(text, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "longer than"));
    free(text);
}

/* Layout templates: 64 tokens a line, 54 lines with stickers; one more of either is refused
 * naming the line. */
static void test_layout_bounds(void **state)
{
    (void)state;
    cg_layout *l;
    cg_error err;
    char *text = malloc(1 << 16);
    assert_non_null(text);
    size_t n = (size_t)snprintf(text, 1 << 16, "U1 U2 U3 U4");
    for (int k = 0; k < 70; k++)
        n += (size_t)snprintf(text + n, (1 << 16) - n, " x");
    assert_int_equal(cg_layout_new(text, n, &l, &err), CG_ERR_INPUT);
    assert_null(l);
    assert_non_null(strstr(err.msg, "layout line 1: more than 64 tokens"));
    n = 0;
    for (int k = 0; k < 55; k++)
        n += (size_t)snprintf(text + n, (1 << 16) - n, "U1\n");
    assert_int_equal(cg_layout_new(text, n, &l, &err), CG_ERR_INPUT);
    free(text);
}

/* turn's move sequences: at most 100,000 moves, the next one refused as a limit. */
static void test_moves_bound(void **state)
{
    (void)state;
    size_t count = 100001;
    char *moves = malloc(2 * count + 1);
    assert_non_null(moves);
    for (size_t i = 0; i < count; i++)
        memcpy(moves + 2 * i, "R ", 2);
    moves[2 * count - 1] = '\0';
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_error err;
    assert_int_equal(cg_turn_perm(3, moves, NULL, 0, src, &err), CG_ERR_LIMIT);
    moves[2 * (count - 1) - 1] = '\0'; /* 100,000: read */
    assert_int_equal(cg_turn_perm(3, moves, NULL, 0, src, &err), CG_OK);
    free(moves);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dict_nesting_bounded),
        cmocka_unit_test(test_dict_empty_face),
        cmocka_unit_test(test_dict_lines_and_bytes),
        cmocka_unit_test(test_layout_bounds),
        cmocka_unit_test(test_moves_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
