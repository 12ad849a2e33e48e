/* The command line's JSON writer (src/cli/json.c, compiled in here: it is part of the cubegod
 * program, not of the library): commas and nesting, numbers that are not finite, and strings
 * written as valid JSON whatever their bytes (every --json output passes the server's and the
 * user's text through it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <math.h>

#include "cli/json.c"

/* json_escape of len bytes, as a string. */
static char *escaped(const char *s, size_t len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    json_escape(f, s, len);
    fclose(f);
    return buf;
}

static void expect_escape(const char *s, size_t len, const char *want)
{
    char *got = escaped(s, len);
    assert_string_equal(got, want);
    free(got);
}

static void test_escape_ascii(void **state)
{
    (void)state;
    expect_escape("plain text", 10, "plain text");
    expect_escape("a\"b\\c", 5, "a\\\"b\\\\c");
    expect_escape("\n\t\r", 3, "\\n\\t\\r");
    expect_escape("\x01\x1f\x7f ~", 5, "\\u0001\\u001f\\u007f ~");
    expect_escape("a\0b", 3, "a\\u0000b"); /* a NUL inside: the length counts, not strlen */
    expect_escape("", 0, "");
}

static void test_escape_utf8(void **state)
{
    (void)state;
    /* valid sequences of 2, 3 and 4 bytes pass whole, at their ranges' edges too */
    expect_escape("\xc3\xa9", 2, "\xc3\xa9");                  /* U+00E9 */
    expect_escape("\xc2\x80", 2, "\xc2\x80");                  /* U+0080, the first of 2 */
    expect_escape("\xdf\xbf", 2, "\xdf\xbf");                  /* U+07FF, the last of 2 */
    expect_escape("\xe0\xa0\x80", 3, "\xe0\xa0\x80");          /* U+0800, the first of 3 */
    expect_escape("\xe2\x80\x99", 3, "\xe2\x80\x99");          /* U+2019 */
    expect_escape("\xed\x9f\xbf", 3, "\xed\x9f\xbf");          /* U+D7FF, below the surrogates */
    expect_escape("\xee\x80\x80", 3, "\xee\x80\x80");          /* U+E000, above them */
    expect_escape("\xef\xbf\xbf", 3, "\xef\xbf\xbf");          /* U+FFFF */
    expect_escape("\xf0\x90\x80\x80", 4, "\xf0\x90\x80\x80");  /* U+10000, the first of 4 */
    expect_escape("\xf4\x8f\xbf\xbf", 4, "\xf4\x8f\xbf\xbf");  /* U+10FFFF, the last */
    /* each byte that does not begin a valid sequence becomes U+FFFD, and reading goes on */
#define R "\\ufffd"
    expect_escape("\xc0\x80", 2, R R);               /* an overlong NUL */
    expect_escape("\xc1\xbf", 2, R R);               /* an overlong 2-byte lead */
    expect_escape("\xe0\x9f\xbf", 3, R R R);         /* U+07FF in 3 bytes: overlong */
    expect_escape("\xf0\x8f\xbf\xbf", 4, R R R R);   /* U+FFFF in 4 bytes: overlong */
    expect_escape("\xed\xa0\x80", 3, R R R);         /* U+D800, a surrogate */
    expect_escape("\xed\xbf\xbf", 3, R R R);         /* U+DFFF */
    expect_escape("\xf4\x90\x80\x80", 4, R R R R);   /* U+110000, past the last */
    expect_escape("\xf5\x80\x80\x80", 4, R R R R);   /* a lead byte no sequence has */
    expect_escape("\xff", 1, R);
    expect_escape("\x80x", 2, R "x");                /* a continuation byte alone */
    expect_escape("\xc3x", 2, R "x");                /* a lead without its continuation */
    expect_escape("\xe2\x82", 2, R R);               /* cut short at the end */
    expect_escape("\xe2\x82\xac", 2, R R);           /* cut by the length, not the bytes */
    expect_escape("\xf0\x9f\x98", 3, R R R);
    expect_escape("a\xe2\x82\xac" "b\xff" "c", 7, "a\xe2\x82\xac" "b" R "c");
#undef R
}

/* a whole document through a memory stream */
static char *document(void (*write)(json *j))
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    assert_non_null(f);
    json j;
    json_start(&j, f);
    write(&j);
    fclose(f);
    return buf;
}

static void nested(json *j)
{
    json_object(j, NULL);
    json_str(j, "name", "R U\"");
    json_int(j, "moves", -12);
    json_num(j, "ms", 1.5);
    json_num(j, "big", 123456789.0);
    json_num(j, "nan", NAN);
    json_num(j, "inf", -INFINITY);
    json_bool(j, "won", true);
    json_bool(j, "lost", false);
    json_null(j, "none");
    json_str(j, "null_str", NULL);
    json_array(j, "rounds");
    json_int(j, NULL, 1);
    json_object(j, NULL);
    json_strn(j, "k\n", "ab\0c", 4);
    json_end(j);
    json_array(j, NULL);
    json_end(j);
    json_end(j);
    json_object(j, "empty");
    json_finish(j); /* closes "empty" and the top object */
    json_object(j, NULL);
    json_int(j, "second", 2);
    json_finish(j);
}

static void test_document(void **state)
{
    (void)state;
    char *got = document(nested);
    assert_string_equal(got,
                        "{\"name\":\"R U\\\"\",\"moves\":-12,\"ms\":1.5,\"big\":1.23457e+08,"
                        "\"nan\":null,\"inf\":null,\"won\":true,\"lost\":false,\"none\":null,"
                        "\"null_str\":null,\"rounds\":[1,{\"k\\n\":\"ab\\u0000c\"},[]],"
                        "\"empty\":{}}\n"
                        "{\"second\":2}\n");
    free(got);
}

static void deep(json *j)
{
    for (int i = 0; i < JSON_DEPTH - 1; i++)
        json_array(j, NULL);
    json_int(j, NULL, 7);
    json_end(j);
    json_int(j, NULL, 8);
    json_finish(j);
}

/* the deepest nesting the writer keeps: JSON_DEPTH - 1 levels, each closed in order */
static void test_deepest(void **state)
{
    (void)state;
    char *got = document(deep);
    char want[64];
    snprintf(want, sizeof want, "%.*s7],8%.*s\n", JSON_DEPTH - 1, "[[[[[[[[[[[[", JSON_DEPTH - 2,
             "]]]]]]]]]]]]");
    assert_string_equal(got, want);
    free(got);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_ascii),
        cmocka_unit_test(test_escape_utf8),
        cmocka_unit_test(test_document),
        cmocka_unit_test(test_deepest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
