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
    /* the first and last regional letters, A and Z: South Africa's flag and the UAE's, each one
     * character; the code points just outside the range are not letters */
    static const uint32_t FLAGS[2][2] = {{0x1F1FF, 0x1F1E6}, {0x1F1E6, 0x1F1EA}};
    for (int f = 0; f < 2; f++) {
        n = utf8(FLAGS[f][0], s);
        n += utf8(FLAGS[f][1], s + n);
        pair = n;
        n += utf8('x', s + n);
        assert_int_equal(cgi_grapheme(s, n), pair);
    }
    for (uint32_t out = 0x1F1E5; out <= 0x1F200; out += 0x1F200 - 0x1F1E5) {
        n = utf8(0x1F1E6, s);
        size_t one = n;
        n += utf8(out, s + n);
        assert_int_equal(cgi_grapheme(s, n), one);
    }
    assert_int_equal(cgi_grapheme("a b", 3), 1);
    assert_int_equal(cgi_grapheme("a\nb", 3), 1);
    /* a character cut short (the line ends inside it, or a byte that cannot continue it) is a
     * stray byte of its own */
    assert_int_equal(cgi_grapheme("\xe2\x96", 2), 1);
    assert_int_equal(cgi_grapheme("\xe2", 1), 1);
    assert_int_equal(cgi_grapheme("\xf0\x9f\x98", 3), 1);
    assert_int_equal(cgi_grapheme("\xe2" "Ab", 3), 1);
    assert_int_equal(cgi_grapheme("\xe2\x96\x88", 3), 3);
}

/* A word that escapes break: cgi_row_read drops the escapes, and its characters' columns are
 * the line's only when the line decodes the same code points. A stray byte before an escape and
 * a continuation byte after it make one character of the word but two of the line: such a word
 * is not split (the fuzzer's heap overflow in turn: the sticker spans overlapped). */
static void test_words_across_escapes(void **state)
{
    (void)state;
    static const char stray[] = "\xdf\x1b[0m\x88X";
    cgi_row row;
    char out[4][CGI_TOK];
    int cols[4], cell = 0;
    cgi_row_read(stray, strlen(stray), &cell, &row);
    assert_int_equal(row.n, 1);
    assert_int_equal(row.chars[0], 3);
    assert_false(cgi_row_stickers(&row, 2, out, cols)); /* the word's decoding: 2 characters */
    assert_false(cgi_row_stickers(&row, 3, out, cols));
    static const char bold[] = "a\x1b[1mb\x1b[0mc"; /* a bold letter: three characters still */
    cell = 0;
    cgi_row_read(bold, strlen(bold), &cell, &row);
    assert_int_equal(row.chars[0], 3);
    assert_true(cgi_row_stickers(&row, 3, out, cols));
    assert_string_equal(out[1], "b");
    assert_int_equal(cols[2], 3);
    size_t off, len = cgi_row_span(bold, strlen(bold), cols[1], 1, &off);
    assert_int_equal(off, 5); /* after the escape that opens it */
    assert_int_equal(len, 1);
    /* a word's bytes run across the escapes inside it, and stop at the line's end */
    static const char word[] = "f\x1b[1ml\x1b[0mag x";
    assert_int_equal(cgi_row_span(word, strlen(word), 1, 4, &off), 12);
    assert_int_equal(off, 0);
    assert_int_equal(cgi_row_span(word, strlen(word), 6, 4, &off), 1); /* column 6, "x": the end */
    assert_int_equal(off, 13);
}

/* The lexer's bounds and escapes (./run.sh mutants --since all: ansi.c's survivors). */
static void test_row_bounds(void **state)
{
    (void)state;
    char line[1024];
    cgi_row row;
    char out[CGI_ROW_MAX][CGI_TOK];
    int cols[CGI_ROW_MAX], cell = 0;
    static const int WORDS[] = {CGI_ROW_MAX, CGI_ROW_MAX + 1, CGI_ROW_MAX + 2, 70};
    for (size_t w = 0; w < sizeof WORDS / sizeof *WORDS; w++) {
        size_t n = 0;
        for (int k = 0; k < WORDS[w]; k++)
            n += (size_t)snprintf(line + n, sizeof line - n, "w%d ", k);
        cgi_row_read(line, n, &cell, &row);
        bool long_line = WORDS[w] > CGI_ROW_MAX;
        if (row.long_line != long_line)
            fail_msg("%d words: long_line %d, expected %d", WORDS[w], row.long_line, long_line);
        assert_int_equal(row.n, CGI_ROW_MAX);
        assert_string_equal(row.tok[CGI_ROW_MAX - 1], "w63"); /* the first 64 kept, in order */
        /* a long line is never stickers, not even the 64 it kept */
        assert_true(cgi_row_stickers(&row, CGI_ROW_MAX, out, cols) == !long_line);
    }
    /* words of equal length are their letters; of unequal length, no stickers */
    cgi_row_read("ab cd", 5, &cell, &row);
    assert_true(cgi_row_stickers(&row, 4, out, cols));
    assert_string_equal(out[2], "c");
    assert_int_equal(cols[2], 4);
    cgi_row_read("ab abc", 6, &cell, &row);
    assert_false(cgi_row_stickers(&row, 5, out, cols));
    cgi_row_read("", 0, &cell, &row);
    assert_true(row.blank);
    assert_false(cgi_row_stickers(&row, 0, out, cols)); /* an empty line is no zero stickers */
    /* a token longer than a row keeps: the column of the first such */
    size_t n = (size_t)snprintf(line, sizeof line, "ab ");
    for (int t = 0; t < 2; t++, line[n++] = ' ')
        for (int k = 0; k < CGI_TOK + 2; k++)
            line[n++] = (char)('x' + t);
    cgi_row_read(line, n, &cell, &row);
    assert_true(row.bad);
    assert_int_equal(row.bad_col, 4);
}

/* Leaves the stack below the caller full of 'Z's: what a callee does not initialise shows. */
static void __attribute__((noinline)) dirty_stack(void)
{
    volatile char junk[8192];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = 'Z';
}

static void test_row_escapes(void **state)
{
    (void)state;
    cgi_row row;
    int cell = 0;
    /* '~' ends a CSI (a key's sequence), so the word after it is whole */
    cgi_row_read("\x1b[3~ab", 6, &cell, &row);
    assert_int_equal(row.n, 1);
    assert_string_equal(row.tok[0], "ab");
    /* a background after a 24-bit one in the same escape wins */
    static const char rgb[] = "\x1b[48;2;1;2;3;41m  \x1b[0m";
    cgi_row_read(rgb, strlen(rgb), &cell, &row);
    assert_int_equal(row.n, 1);
    assert_string_equal(row.tok[0], "ansi41");
    /* 48 without all of its numbers names no colour: the blanks stay blanks; with them, it does */
    static const char *const SHORT[] = {"\x1b[48m  ", "\x1b[48;5m  ", "\x1b[48;2;1;2m  "};
    for (size_t k = 0; k < sizeof SHORT / sizeof *SHORT; k++) {
        cell = 0;
        cgi_row_read(SHORT[k], strlen(SHORT[k]), &cell, &row);
        if (row.n != 0 || !row.blank)
            fail_msg("\\e%s: %d tokens, expected blanks", SHORT[k] + 1, row.n);
    }
    static const char *const WHOLE[][2] = {{"\x1b[48;5;9m  ", "c5_9"}, {"\x1b[48;2;1;2;3m  ", "rgb1_2_3"}};
    for (size_t k = 0; k < sizeof WHOLE / sizeof *WHOLE; k++) {
        cgi_row_read(WHOLE[k][0], strlen(WHOLE[k][0]), &cell, &row);
        assert_int_equal(row.n, 1);
        assert_string_equal(row.tok[0], WHOLE[k][1]);
    }
    /* box-drawing rules from the first code point of the block (U+2500) to the last (U+257F)
     * separate words and are no text of their own */
    static const char box[] = "\xe2\x94\x80\xe2\x94\x80 a \xe2\x95\xbf";
    cgi_row_read(box, strlen(box), &cell, &row);
    assert_int_equal(row.n, 1);
    assert_string_equal(row.tok[0], "a");
    cgi_row_read("\xe2\x94\x80\xe2\x94\x80", 6, &cell, &row);
    assert_int_equal(row.n, 0);
    assert_true(row.rule);
    /* the escapes that set no colour: a cursor move, a title, bold, a reset (read over a stack
     * left dirty, so a colour the escape never cleared shows) */
    static const char *const PLAIN[] = {"\x1b[K", "\x1b]0;title\a", "\x1b[1m", "\x1b[0m", "\x1b[m"};
    bool colour;
    for (size_t k = 0; k < sizeof PLAIN / sizeof *PLAIN; k++) {
        colour = true;
        dirty_stack();
        assert_int_equal(cgi_ansi_escape(PLAIN[k], strlen(PLAIN[k]), 0, &colour), strlen(PLAIN[k]));
        if (colour)
            fail_msg("escape %zu (\\e%s): read as a colour", k, PLAIN[k] + 1);
    }
    assert_int_equal(cgi_ansi_escape("\x1b[41m", 5, 0, &colour), 5);
    assert_true(colour);
    /* a control byte inside breaks the escape off there (0x1f, the highest; DEL): no colour */
    static const char *const BROKEN[] = {"\x1b[4\x1f" "1m", "\x1b[4\x7f" "1m"};
    for (size_t k = 0; k < 2; k++) {
        assert_int_equal(cgi_ansi_escape(BROKEN[k], strlen(BROKEN[k]), 0, &colour), 3);
        assert_false(colour);
    }
}

/* A label is a face's name, with "face" or "side" before or after it (those four letters exactly) */
static void test_labels(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int face, first; /* first: the first sticker's token */
    } LABELS[] = {{"Up face:", 0, 2}, {"Front side:", 2, 2}, {"face up", 0, 2}, {"Up view:", -1, 0},
                  {"Up facet:", -1, 0}, {"Up sides:", -1, 0}, {"Up FACE", 0, 2}, {"Left:", 4, 1},
                  /* stickers after the label need its colon, joined or standing alone */
                  {"Up: W W W W", 0, 1}, {"Up : W W W W", 0, 2}, {"Front side : G G", 2, 3},
                  {"Up W W W W", -1, 0}, {"Left click here", -1, 0}};
    cgi_row row;
    int cell = 0, first;
    for (size_t k = 0; k < sizeof LABELS / sizeof *LABELS; k++) {
        cgi_row_read(LABELS[k].line, strlen(LABELS[k].line), &cell, &row);
        int face = cgi_row_label(&row, &first);
        if (face != LABELS[k].face || (face >= 0 && first != LABELS[k].first))
            fail_msg("\"%s\": face %d from token %d, expected %d from %d", LABELS[k].line, face,
                     first, LABELS[k].face, LABELS[k].first);
    }
}

static void test_span_ends(void **state)
{
    (void)state;
    size_t off = 99;
    /* a column past the end: nothing, at the end */
    assert_int_equal(cgi_row_span("ab", 2, 5, 1, &off), 0);
    assert_int_equal(off, 2);
    /* a colour cell at the end of a line ended by CR: the CR is not the cell's */
    static const char cr[] = "\x1b[41m  \r";
    assert_int_equal(cgi_row_span(cr, strlen(cr), 1, 0, &off), strlen(cr) - 1);
    assert_int_equal(off, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_extending_ranges),
        cmocka_unit_test(test_flags_and_blanks),
        cmocka_unit_test(test_words_across_escapes),
        cmocka_unit_test(test_row_bounds),
        cmocka_unit_test(test_row_escapes),
        cmocka_unit_test(test_span_ends),
        cmocka_unit_test(test_labels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
