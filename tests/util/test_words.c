/* Cutting a quoted text between words (cgi_cut_words), the one rule behind every message and
 * hint that quotes a peer: a text that fits whole, a cut at the last blank (tab or space) with
 * the blanks before it, a word too long to drop (cut at a character's start, never inside a
 * UTF-8 sequence), and the window of CGI_WORD_MAX bytes that decides between the two. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/words.h"

static size_t cut(const char *t, size_t bound) { return cgi_cut_words(t, strlen(t), bound); }

static void test_fits_whole(void **state)
{
    (void)state;
    assert_int_equal(cut("one two", 7), 7);
    assert_int_equal(cut("one two", 100), 7);
    assert_int_equal(cut("", 0), 0);
}

static void test_cut_at_the_last_blank(void **state)
{
    (void)state;
    assert_int_equal(cut("one two three", 9), 7);    /* "one two" */
    assert_int_equal(cut("one two three", 7), 7);    /* the bound on the blank: "one two" */
    assert_int_equal(cut("one two three", 6), 3);    /* "one" */
    assert_int_equal(cut("one   two three", 8), 3);  /* the blanks before the cut go too */
    assert_int_equal(cut("one\ttwo three", 6), 3);   /* a tab is a blank */
    assert_int_equal(cut("one \t two three", 8), 3);
    assert_int_equal(cut("one \t two three", 9), 9); /* "one \t two" fits the bound */
}

static void test_a_word_longer_than_the_bound(void **state)
{
    (void)state;
    assert_int_equal(cut("abcdefgh ij", 4), 4);      /* the first word: cut in it */
    assert_int_equal(cut("   abcdefgh", 5), 5);      /* only blanks before it: nothing to keep */
    /* "é" is two bytes (c3 a9): the cut never splits it */
    assert_int_equal(cut("\xc3\xa9\xc3\xa9\xc3\xa9", 3), 2);
    assert_int_equal(cut("\xc3\xa9\xc3\xa9\xc3\xa9", 4), 4);
    assert_int_equal(cut("\xe2\x80\xa6\xe2\x80\xa6", 5), 3);
    assert_int_equal(cut("\xc3\xa9" "abc", 1), 0); /* not even the first character fits */
}

static void test_the_window(void **state)
{
    (void)state;
    char t[256];
    /* "ab " then a word of 200 bytes: a blank at most 64 bytes (CGI_WORD_MAX) before the
       bound is where the cut goes (the word dropped); farther, the word is cut at the bound */
    assert_int_equal(CGI_WORD_MAX, 64);
    memset(t, 'x', sizeof t);
    memcpy(t, "ab ", 3);
    t[203] = '\0';
    assert_int_equal(cut(t, 66), 2);
    assert_int_equal(cut(t, 67), 67);
    assert_int_equal(cut(t, 150), 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fits_whole),
        cmocka_unit_test(test_cut_at_the_last_blank),
        cmocka_unit_test(test_a_word_longer_than_the_bound),
        cmocka_unit_test(test_the_window),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
