/* Errors: messages stay one printable line (a peer's bytes cannot drive the terminal they are
 * shown on), prefixes keep the message they prefix, and a long message loses its tail only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/error.h"

static void test_control_bytes_become_question_marks(void **state)
{
    (void)state;
    char text[] = "a\x1b[31mred\r\nline\x7f\tend~";
    cg_text_printable(text);
    assert_string_equal(text, "a?[31mred??line? end~"); /* a tab is shown as a blank */
    cg_error err;
    assert_int_equal(cg_fail(&err, CG_ERR_INPUT, "peer said '%s'", "\x1b]0;title\x07"),
                     CG_ERR_INPUT);
    assert_int_equal(err.code, CG_ERR_INPUT);
    assert_string_equal(err.msg, "peer said '?]0;title?'");
    assert_int_equal(cg_fail(NULL, CG_ERR_EOF, "nobody listens"), CG_ERR_EOF);
}

static void test_prefix_keeps_the_message(void **state)
{
    (void)state;
    cg_error err;
    cg_fail(&err, CG_ERR_TIMEOUT, "timeout after %d s", 1);
    assert_int_equal(cg_error_prefix(CG_ERR_TIMEOUT, &err, "round %d: ", 7), CG_ERR_TIMEOUT);
    assert_string_equal(err.msg, "round 7: timeout after 1 s");
    assert_int_equal(cg_error_prefix(CG_ERR_TIMEOUT, &err, "%s", "bad\nprefix: "), CG_ERR_TIMEOUT);
    assert_string_equal(err.msg, "bad?prefix: round 7: timeout after 1 s");
    /* Too long together: the tail goes, the prefix and the message's start stay. */
    char big[CG_ERROR_MSG_MAX];
    memset(big, 'm', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    cg_fail(&err, CG_ERR_INPUT, "%s", big);
    cg_error_prefix(CG_ERR_INPUT, &err, "where: ");
    assert_true(strlen(err.msg) <= CG_ERROR_MSG_MAX - 1);
    assert_true(strlen(err.msg) > CG_ERROR_MSG_MAX - 8); /* one long word: cut, not dropped */
    assert_int_equal(strncmp(err.msg, "where: mmm", 10), 0);
    assert_string_equal(err.msg + strlen(err.msg) - 3, "\xe2\x80\xa6");
    /* Words: the tail goes between two of them, marked with '…' (issue 41: a hint cut at 255
     * bytes read "a reply rule 'Give me 54 Bytes(ie: 53"). */
    char words[2 * CG_ERROR_MSG_MAX] = "";
    for (int i = 0; strlen(words) < sizeof words - 16; i++)
        strcat(words, i % 2 ? "answer " : "rule ");
    cg_fail(&err, CG_ERR_INPUT, "%s", words);
    size_t n = strlen(err.msg);
    assert_true(n <= CG_ERROR_MSG_MAX - 1 && n > CG_ERROR_MSG_MAX - 16);
    assert_string_equal(err.msg + n - 3, "\xe2\x80\xa6");
    assert_int_equal(strncmp(err.msg, words, n - 3), 0);
    assert_int_equal(words[n - 3], ' '); /* the last word kept is whole */
    assert_true(err.msg[n - 4] != ' ');
    /* two blanks between the words: the cut drops both */
    char wide[2 * CG_ERROR_MSG_MAX] = "";
    while (strlen(wide) < sizeof wide - 16)
        strcat(wide, "word  ");
    cg_fail(&err, CG_ERR_INPUT, "%s", wide);
    n = strlen(err.msg);
    assert_string_equal(err.msg + n - 3, "\xe2\x80\xa6");
    assert_true(err.msg[n - 4] == 'd' && n > CG_ERROR_MSG_MAX - 16);
    cg_fail(&err, CG_ERR_INPUT, "%s", "short words stay whole");
    cg_error_prefix(CG_ERR_INPUT, &err, "%s", words);
    n = strlen(err.msg);
    assert_string_equal(err.msg + n - 3, "\xe2\x80\xa6");
    assert_int_equal(words[n - 3], ' ');
    /* The status is the caller's, never read back from the record: NULL keeps it. */
    assert_int_equal(cg_error_prefix(CG_ERR_INPUT, NULL, "x"), CG_ERR_INPUT);
}

/* A message fits when it and its NUL do: 255 bytes are kept whole, 256 are cut between words
 * and marked. So too a prefix and its message together. */
static void test_the_bound_is_the_buffer(void **state)
{
    (void)state;
    char text[CG_ERROR_MSG_MAX + 1];
    for (size_t len = CG_ERROR_MSG_MAX - 2; len <= CG_ERROR_MSG_MAX; len++) {
        for (size_t i = 0; i < len; i++)
            text[i] = i % 8 == 7 ? ' ' : 'a';
        text[len] = '\0';
        cg_error err;
        cg_fail(&err, CG_ERR_INPUT, "%s", text);
        size_t n = strlen(err.msg);
        if (len < CG_ERROR_MSG_MAX) {
            assert_int_equal(n, len);
            assert_memory_equal(err.msg, text, len);
        } else {
            assert_true(n < CG_ERROR_MSG_MAX);
            assert_string_equal(err.msg + n - strlen("\xe2\x80\xa6"), "\xe2\x80\xa6");
        }
        /* the same length made of a prefix and a message */
        cg_error e2;
        cg_fail(&e2, CG_ERR_INPUT, "%s", text + 10);
        cg_error_prefix(CG_ERR_INPUT, &e2, "%.10s", text);
        assert_string_equal(e2.msg, err.msg);
    }
}

static void test_status_names(void **state)
{
    (void)state;
    assert_string_equal(cg_status_name(CG_OK), "ok");
    assert_string_equal(cg_status_name(CG_ERR_TIMEOUT), "timeout");
    assert_string_equal(cg_status_name(CG_ERR_EOF), "end of stream");
    assert_string_equal(cg_status_name((cg_status)999), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_control_bytes_become_question_marks),
        cmocka_unit_test(test_prefix_keeps_the_message),
        cmocka_unit_test(test_the_bound_is_the_buffer),
        cmocka_unit_test(test_status_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
