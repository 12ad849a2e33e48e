/* One character of a drawing (cgi_grapheme, turn's unit of a sticker): a letter and what belongs
 * to it, at the edges of every range of code points that extends the character before (combining
 * marks, variation selectors, skin tones, tags), the joiner, flags in pairs; the code point just
 * outside each range starts a character of its own (./run.sh mutants --since 8adab20:
 * 'cp >= 0xE0100' -> '>' survived, in drawing_text.c then, ansi.c now). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "read/shapes_internal.h"

/* UTF-8 of cp into out; its length */
static size_t utf8(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6), out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | cp >> 12), out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | cp >> 18), out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F)), out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* the length of the first character of "a" then cp then "b" */
static size_t first_of(uint32_t cp, size_t *cp_len)
{
    char s[8] = "a";
    size_t n = 1 + (*cp_len = utf8(cp, s + 1));
    s[n++] = 'b';
    return cgi_grapheme(s, n);
}

static void test_extending_ranges(void **state)
{
    (void)state;
    static const uint32_t RANGES[][2] = {{0x300, 0x36F},   {0x1AB0, 0x1AFF},   {0x1DC0, 0x1DFF},
                                         {0x20D0, 0x20FF}, {0xFE00, 0xFE0F},   {0xFE20, 0xFE2F},
                                         {0x200D, 0x200D}, {0x1F3FB, 0x1F3FF}, {0xE0020, 0xE007F},
                                         {0xE0100, 0xE01EF}};
    for (size_t r = 0; r < sizeof RANGES / sizeof *RANGES; r++) {
        uint32_t in[] = {RANGES[r][0], RANGES[r][1]}, out[] = {RANGES[r][0] - 1, RANGES[r][1] + 1};
        for (int k = 0; k < 2; k++) {
            size_t len;
            size_t got = first_of(in[k], &len);
            /* the joiner also takes the character after it */
            size_t want = 1 + len + (in[k] == 0x200D);
            if (got != want)
                fail_msg("U+%04X after a letter: a character of %zu bytes, expected %zu", in[k], got, want);
            got = first_of(out[k], &len);
            if (got != 1)
                fail_msg("U+%04X after a letter: a character of %zu bytes, expected the letter alone",
                         out[k], got);
        }
    }
}

static void test_flags_and_blanks(void **state)
{
    (void)state;
    char s[32];
    size_t n = utf8(0x1F1EB, s); /* F and R: the flag of France, one character */
    n += utf8(0x1F1F7, s + n);
    size_t pair = n;
    n += utf8(0x1F1E9, s + n); /* a third regional letter starts the next flag */
    assert_int_equal(cgi_grapheme(s, n), pair);
    assert_int_equal(cgi_grapheme("a b", 3), 1);
    assert_int_equal(cgi_grapheme("a\nb", 3), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extending_ranges),
        cmocka_unit_test(test_flags_and_blanks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
