/* The dialogue's readers past their bounds (SECURITY.md, "Limits"): reply rules (count, length,
 * the line they look at), the move-limit sentence, the proof-of-work gates. Each input past a
 * limit is a clean answer or a clean CG_ERR_INPUT naming the limit, never a crash or a cut. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/dialogue.h"
#include "cubegod/pow.h"
#include "testutil.h"

/* A regular expression sees the whole line (issue 35, item 5): text after byte 4,096 or after
 * a NUL was cut off before regexec, while a plain rule saw it. */
static void regex_rules_see_the_whole_line(void **state)
{
    (void)state;
    cg_replies *r;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:Ready\\? \\[y/n\\]=y", NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "Ready? [y/n]=plain", NULL), CG_OK);
    size_t n = 100000;
    char *line = malloc(n);
    assert_non_null(line);
    memset(line, '.', n);
    static const char q[] = "Ready? [y/n]";
    memcpy(line + n - strlen(q), q, strlen(q));
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), 0);
    assert_int_equal(cg_replies_match(r, 1, CG_PHASE_START, line, n), 1);
    /* and on the screen: an escape inside the question, at the end of a long line */
    static const char qc[] = "Ready?\x1b[0m [y/n]";
    memcpy(line + n - strlen(qc), qc, strlen(qc));
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), 0);
    assert_int_equal(cg_replies_match(r, 1, CG_PHASE_START, line, n), 1);
    /* a line no rule matches, read to its last byte and not past it (the line's bytes only) */
    memset(line, '.', n);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), -1);
    line[10] = '\x1b'; /* nor with a byte the terminal does not show: its visible text made once */
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), -1);
    /* after a NUL: both kinds see it */
    char nul[] = "junk\0Ready? [y/n]";
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, nul, sizeof nul - 1), 0);
    assert_int_equal(cg_replies_match(r, 1, CG_PHASE_START, nul, sizeof nul - 1), 1);
    /* a NUL is one character no rule writes: '.' steps over it, a literal does not match it */
    assert_int_equal(cg_replies_add(r, "re:a.b=dot", NULL), CG_OK);
    assert_int_equal(cg_replies_match(r, 2, CG_PHASE_START, "a\0b", 3), 2);
    assert_int_equal(cg_replies_match(r, 2, CG_PHASE_START, "a\0\0b", 4), -1);
    free(line);
    cg_replies_free(r);
}

/* 64 rules, 256 bytes a rule: one more of either is refused, saying so. */
static void reply_rule_count_and_length(void **state)
{
    (void)state;
    cg_replies *r;
    cg_error err;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    for (int i = 0; i < CG_REPLIES_MAX; i++) {
        char rule[32];
        snprintf(rule, sizeof rule, "q%d?=%d", i, i);
        assert_int_equal(cg_replies_add(r, rule, &err), CG_OK);
    }
    assert_int_equal(cg_replies_add(r, "one more?=x", &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "more than 64 rules"));
    cg_replies_free(r);
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    char rule[CG_REPLY_TEXT_MAX + 8];
    memset(rule, 'a', sizeof rule - 1);
    rule[sizeof rule - 1] = '\0';
    rule[10] = '=';
    assert_int_equal(cg_replies_add(r, rule, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "longer than 256 bytes"));
    /* a file of rules: the long line named by its number */
    size_t len = 2 * sizeof rule + 16;
    char *text = malloc(len);
    assert_non_null(text);
    int k = snprintf(text, len, "ok?=y\n%s\n", rule);
    assert_int_equal(cg_replies_add_text(r, text, (size_t)k, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "line 2:"));
    free(text);
    cg_replies_free(r);
}

/* A regular expression that repeats too much: "re:^|\xab++++...+" (found by fuzz_replies:
 * glibc's regcomp copies 'a+' as 'aa*', so 48 of them took over 10 s and all the memory) is
 * refused at once; a rule with a few repetitions is kept. */
static void regex_repetitions_bounded(void **state)
{
    (void)state;
    cg_replies *r;
    cg_error err;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    char rule[CG_REPLY_TEXT_MAX + 1] = "re:^|\xab\xab\xab\xab";
    for (int k = 0; k < 48; k++)
        strcat(rule, "+");
    strcat(rule, "\xabrt:=hellsot");
    assert_int_equal(cg_replies_add(r, rule, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "repeats too much"));
    assert_int_equal(cg_replies_add(r, "re:((a{1,100}){1,100}){1,100}=x", &err), CG_ERR_INPUT);
    /* 16 '+' after "c*": 65,536 copies, 10 s in regcomp (the campaign's second finding) */
    assert_int_equal(cg_replies_add(r, "re:7+swered:re:c*++++++++++++'+++d=!", &err), CG_ERR_INPUT);
    assert_int_equal(cg_replies_add(r, "re:a+b+c+d+e+f+g+h+i+j=ten", &err), CG_OK);
    /* a repetition of a repetition: "?" then ten '+' (the third finding), "a**" */
    assert_int_equal(cg_replies_add(r, "re:7+Ready?++++++++++d=!", &err), CG_ERR_INPUT);
    assert_int_equal(cg_replies_add(r, "re:a**=x", &err), CG_ERR_INPUT);
    assert_int_equal(cg_replies_add(r, "re:a\\++=x", &err), CG_OK); /* an escaped '+' then one */
    assert_int_equal(cg_replies_add(r, "re:Round [0-9]+/[0-9]+ \\(+[a-z]+\\)=go", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:[+{]{2,3}x+=y", &err), CG_OK); /* '+' '{' in brackets: members */
    /* an escaped '+' at the end repeats nothing: 513 copies, not 1026 */
    assert_int_equal(cg_replies_add(r, "re:a{1,512}x\\+=x", &err), CG_OK);
    /* 1024 copies are the most: a{1,1023} makes 1024, a{1,1024} one more */
    assert_int_equal(cg_replies_add(r, "re:a{1,1023}=x", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:a{1,1024}=x", &err), CG_ERR_INPUT);
    /* {0,1} counts as two (its most and one): ten of them make the most, 1024; eleven, too many */
    assert_int_equal(cg_replies_add(r, "re:a{0,1}b{0,1}c{0,1}d{0,1}e{0,1}f{0,1}g{0,1}h{0,1}i{0,1}j{0,1}=x",
                                    &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:a{0,1}b{0,1}c{0,1}d{0,1}e{0,1}f{0,1}g{0,1}h{0,1}i{0,1}j{0,1}"
                                       "k{0,1}=x", &err), CG_ERR_INPUT);
    /* reaching the most is no stop to counting: a repetition after it doubles the copies */
    assert_int_equal(cg_replies_add(r, "re:a{1,1023}b+=x", &err), CG_ERR_INPUT);
    /* a ']' first in a bracket (after '^' or not) is a member, so the '+' after it are too */
    assert_int_equal(cg_replies_add(r, "re:[^]++]=y", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:[]++]=y", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:[^]]++=y", &err), CG_ERR_INPUT); /* outside: stacked */
    assert_int_equal(cg_replies_match(r, 2, CG_PHASE_START, "Round 3/10 (ok)", 15), 2);
    cg_replies_free(r);
    /* a rules text with a NUL byte is refused whole */
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add_text(r, "a=b\n\0c=d\n", 9, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "a NUL byte: reply rules are text");
    assert_int_equal(cg_replies_count(r), 0);
    cg_replies_free(r);
    /* a rule refused after its text was read leaves nothing of that text to the next rule */
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:(a long rule=x", &err), CG_ERR_INPUT);
    assert_int_equal(cg_replies_add(r, "ab=y", &err), CG_OK);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, "ab", 2), 0);
    cg_replies_free(r);
    /* a plain rule's text found at the very end of the line, and not past it */
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "any:solution:=U", &err), CG_OK);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, "Enter your solution:", 20), 0);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, "Enter your solution", 19), -1);
    cg_replies_free(r);
    /* a control character is refused (a tab is a blank) */
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "ab\x01" "cd=x", &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "a control character"));
    assert_int_equal(cg_replies_add(r, "a\tb=x", &err), CG_OK);
    cg_replies_free(r);
    /* a rules file's line of CG_REPLY_TEXT_MAX bytes is a rule, one byte more is refused */
    char text[CG_REPLY_TEXT_MAX + 3];
    for (size_t len = CG_REPLY_TEXT_MAX; len <= CG_REPLY_TEXT_MAX + 1; len++) {
        memset(text, 'x', len);
        memcpy(text + len - 2, "=y", 2);
        text[len] = '\n';
        assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
        cg_status st = cg_replies_add_text(r, text, len + 1, &err);
        assert_int_equal(st, len == CG_REPLY_TEXT_MAX ? CG_OK : CG_ERR_INPUT);
        assert_int_equal(cg_replies_count(r), len == CG_REPLY_TEXT_MAX);
        cg_replies_free(r);
    }
    /* lines of 4095 to 4097 bytes, about the regex copy's own buffer, matched to their end */
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:x+yz$=tail", &err), CG_OK);
    char *line = malloc(4097);
    assert_non_null(line);
    for (size_t n = 4095; n <= 4097; n++) {
        memset(line, 'x', n);
        memcpy(line + n - 2, "yz", 2);
        assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), 0);
        line[n - 1] = 'q';
        assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, n), -1);
    }
    free(line);
    cg_replies_free(r);
}

/* The limit sentence reader: a megabyte of digits and words is read in one pass, a number past
 * 999 is no limit, a phrase is cut to its buffer. */
static void limit_reader_bounds(void **state)
{
    (void)state;
    size_t n = 1 << 20;
    char *line = malloc(n);
    assert_non_null(line);
    memset(line, '9', n);
    static const char say[] = "at most ";
    memcpy(line, say, strlen(say));
    assert_int_equal(cg_limit_read(line, n, NULL, 0), 0); /* a million-digit number: no limit */
    memset(line, 'x', n);
    static const char ok[] = " at most 11 moves";
    memcpy(line + n - strlen(ok), ok, strlen(ok));
    char phrase[8];
    assert_int_equal(cg_limit_read(line, n, phrase, sizeof phrase), 11);
    assert_int_equal(strlen(phrase), sizeof phrase - 1);
    free(line);
}

/* A line of a megabyte of hash calls that are not gates took minutes (each call was read to the
 * line's end: quadratic); a line past 4 KiB is now text. Bounded time, a one-line message. */
static void pow_reader_bounds(void **state)
{
    (void)state;
    size_t n = 1 << 20;
    char *text = malloc(n + 64);
    assert_non_null(text);
    for (size_t i = 0; i + 7 <= n; i += 7)
        memcpy(text + i, "sha256(", 7);
    cg_error err;
    assert_int_equal(cg_pow_scan(text, n - n % 7, &err), 0);
    assert_true(strlen(err.msg) < CG_ERROR_MSG_MAX);
    /* the same within a gate line's bound (4 KiB): read, and not a gate */
    assert_int_equal(cg_pow_scan(text, 4095 - 4095 % 7, &err), 0);
    /* a real gate at the end of a 4 KiB line is read; past the bound the line is text */
    static const char gate[] = " sha256(XX+ab) starts with 0";
    memset(text, ' ', 4096);
    memcpy(text + 4096 - strlen(gate), gate, strlen(gate));
    assert_int_equal(cg_pow_scan(text, 4096, &err), 1);
    memset(text, ' ', 4097);
    memcpy(text + 4097 - strlen(gate), gate, strlen(gate));
    assert_int_equal(cg_pow_scan(text, 4097, &err), 0);
    /* a digest of a thousand hex digits: more than the hash has, not a gate */
    static const char head[] = "sha256(XX+ab) == ";
    memcpy(text, head, strlen(head));
    memset(text + strlen(head), 'a', 1000);
    assert_int_equal(cg_pow_scan(text, strlen(head) + 1000, &err), 0);
    /* a leading-zero count of 3,000 digits: not read, not overflowed */
    static const char z[] = "sha256(abc + S) has ";
    memcpy(text, z, strlen(z));
    memset(text + strlen(z), '9', 3000);
    memcpy(text + strlen(z) + 3000, " leading zero bits", 18);
    assert_int_equal(cg_pow_scan(text, strlen(z) + 3000 + 18, &err), 0);
    assert_int_equal(err.code, CG_ERR_INPUT);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regex_rules_see_the_whole_line),
        cmocka_unit_test(reply_rule_count_and_length),
        cmocka_unit_test(regex_repetitions_bounded),
        cmocka_unit_test(limit_reader_bounds),
        cmocka_unit_test(pow_reader_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
