/* The dialogue readers (dialogue.h): every limit sentence form the issue lists and some that
 * are no limit, the verdict words, the notation a banner shows, prompts, and reply rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/dialogue.h"
#include "cubegod/notation.h"

static int limit(const char *s, char *phrase)
{
    return cg_limit_read(s, strlen(s), phrase, 80);
}

static void limits_stated(void **state)
{
    (void)state;
    static const struct {
        const char *line, *phrase;
        int want;
    } cases[] = {
        {"Quarter turns only (R R for R2), at most 14 moves each", "at most 14 moves each", 14},
        {"Solve it in 20 moves at most!", "20 moves at most", 20},
        {"You get 42 turns at most.", "42 turns at most", 42},
        {"Send no more than 11.", "no more than 11", 11},
        {"Use up to 30 moves per cube", "up to 30 moves per cube", 30},
        {"Restore it within 25 steps", "within 25 steps", 25},
        {"answers of 19 moves or fewer", "19 moves or fewer", 19},
        {"MAX 26 QUARTER TURNS", "MAX 26 QUARTER TURNS", 26},
        {"Answers longer than 19 moves are refused.", "longer than 19 moves are refused", 19},
        {"Solve 100 rounds, each in 1 second(s) and at most 11 moves, to get the flag!",
         "at most 11 moves", 11},
        {"fewer than 12 moves, please", "fewer than 12 moves", 11},
        {"Maximum: 8 moves", "Maximum: 8 moves", 8},
        {"at most 14 quarter-turns", "at most 14 quarter-turns", 14},
        {"at most 14 moves , thanks", "at most 14 moves", 14}, /* the blank before a comma is not the phrase's */
        {"no more than 12 moves per cube", "no more than 12 moves per cube", 12},
        {"limit: 15 moves", "limit: 15 moves", 15},
        {"less than 12 moves", "less than 12 moves", 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char phrase[80] = "";
        int got = limit(cases[i].line, phrase);
        if (got != cases[i].want || strcmp(phrase, cases[i].phrase) != 0)
            fail_msg("'%s': limit %d '%s', want %d '%s'", cases[i].line, got, phrase,
                     cases[i].want, cases[i].phrase);
    }
}

static void no_limit_stated(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "Solve 100 rounds to get the flag!", "no more than 3 seconds per answer",
        "up to 100 rounds", "at most 0 moves", "Round 3/10", "within 2 s", "", "at most",
        "max 9999 moves",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        if (limit(lines[i], NULL) != 0)
            fail_msg("'%s' read as a limit of %d", lines[i], limit(lines[i], NULL));
}

static void verdicts(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        cg_verdict want;
    } cases[] = {
        {"ok", CG_VERDICT_OK}, {"[+] Correct! (8 moves)", CG_VERDICT_OK},
        {"Congratulations!", CG_VERDICT_OK}, {"Nice.", CG_VERDICT_OK},
        {"SOLVED", CG_VERDICT_OK}, {"well done", CG_VERDICT_OK},
        {"[-] Not solved!", CG_VERDICT_FAIL}, {"Incorrect", CG_VERDICT_FAIL},
        {"The magic cube has not been restored yet!", CG_VERDICT_FAIL},
        {"That is not correct", CG_VERDICT_FAIL}, {"Too many moves", CG_VERDICT_FAIL},
        {"Answer not accepted", CG_VERDICT_FAIL}, {"Move not valid", CG_VERDICT_FAIL},
        {"Time's up!", CG_VERDICT_FAIL}, {"wrong answer", CG_VERDICT_FAIL},
        {"Time out.", CG_VERDICT_FAIL}, {"The cube isn't solved", CG_VERDICT_FAIL},
        /* the marks alone, at the start of the line, say it */
        {"[-] R U F", CG_VERDICT_FAIL}, {"[+] 12 moves", CG_VERDICT_OK},
        {"Penalty [-2s]: correct", CG_VERDICT_OK}, /* "[-" and more is no mark */
        {"times up", CG_VERDICT_FAIL}, {"time is up, sorry", CG_VERDICT_FAIL},
        {"Too slow!", CG_VERDICT_FAIL}, {"answer too long", CG_VERDICT_FAIL},
        {"no: 'U' is not a move here", CG_VERDICT_FAIL}, {"No! still scrambled", CG_VERDICT_FAIL},
        {"your score: 3", CG_VERDICT_NONE}, {"no more rounds", CG_VERDICT_NONE}, {"Next one.", CG_VERDICT_NONE},
        {"looking good", CG_VERDICT_NONE}, {"okapi", CG_VERDICT_NONE},
        /* in colour: the escape's letter is no part of the word after it */
        {"\x1b[31mWrong!\x1b[0m", CG_VERDICT_FAIL}, {"\x1b[1;32mCorrect\x1b[m", CG_VERDICT_OK},
        {"\x1b[38;5;196mnope", CG_VERDICT_FAIL}, {"\x1b(Bsolved", CG_VERDICT_OK},
        {"\x1b" "7Wrong", CG_VERDICT_FAIL}, {"\x1b(0Wrong", CG_VERDICT_FAIL}, /* DEC's line set */ {"\x1b[0mmWrong", CG_VERDICT_NONE}, {"\x1b[", CG_VERDICT_NONE}, {"\x1b", CG_VERDICT_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        /* in a buffer of the line's bytes only: under ASan a read past them fails (an escape
           at the very end looked one byte further for its '[') */
        size_t n = strlen(cases[i].line);
        char *exact = malloc(n ? n : 1);
        assert_non_null(exact);
        memcpy(exact, cases[i].line, n);
        cg_verdict v = cg_verdict_of(exact, n);
        free(exact);
        if (v != cases[i].want)
            fail_msg("'%s': verdict %d, want %d", cases[i].line, (int)v, (int)cases[i].want);
    }
}

/* Zero a stretch of stack: what a reader leaves unset below it reads as zero, not as an earlier
 * call's leftovers. */
static void __attribute__((noinline)) zero_stack(void)
{
    volatile char z[65536];
    for (size_t i = 0; i < sizeof z; i++)
        z[i] = 0;
}

static void notations_and_metrics(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int want;
    } cases[] = {
        {"Answers like R1 R3 F2, please", CG_NOTATION_DIGITS},
        {"e.g. R U' F2", CG_NOTATION_STANDARD},
        {"Quarter turns only (R R for R2)", CG_NOTATION_QUARTER},
        {"clockwise only!", CG_NOTATION_QUARTER_CW},
        {"Use only quarter turns", CG_NOTATION_QUARTER}, {"no half turns, please", CG_NOTATION_QUARTER},
        {"Send your moves, for example: U R2 F'", CG_NOTATION_STANDARD},
        /* no prime and no 1 or 3: nothing says digits (a bare letter, a 2 are both dialects') */
        {"e.g. R U2 F", CG_NOTATION_STANDARD}, {"like R2 U2 F2 D", CG_NOTATION_STANDARD},
        {"e.g. U3 R2 F", CG_NOTATION_DIGITS},
        {"e.g. R1 U", CG_NOTATION_DIGITS}, {"e.g. R1", -1}, /* an example is two moves or more */
        {"Round 1: Face U", -1}, {"like a boss", -1}, {"Enter your solution:", -1},
        /* "i.e." and "e.g." written without their last dot: the example starts right after */
        {"moves as digits, i.e R1 U3", CG_NOTATION_DIGITS}, {"e.g R1 U3", CG_NOTATION_DIGITS},
        {"i.e. R3 F", CG_NOTATION_DIGITS}, {"moves such as R1 U3", CG_NOTATION_DIGITS},
        {"a format like R3 U", CG_NOTATION_DIGITS}, {"example R1 F", CG_NOTATION_DIGITS},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        if (cg_notation_hint(cases[i].line, strlen(cases[i].line)) != cases[i].want)
            fail_msg("'%s': notation %d, want %d", cases[i].line,
                     cg_notation_hint(cases[i].line, strlen(cases[i].line)), cases[i].want);
    /* a NUL byte after a face letter makes no move of it */
    static const char nul[] = "e.g. R\0 U R";
    assert_int_equal(cg_notation_hint(nul, sizeof nul - 1), -1);
    /* "like" last on the line: no example after it, and none from the line's start either */
    static const char last[] = "R U2 F' is the dialect we like";
    zero_stack();
    assert_int_equal(cg_notation_hint(last, strlen(last)), -1);
    const char *q = "at most 14 quarter turns", *h = "Answers: quarter (R R for R2); metric htm.";
    assert_true(cg_metric_hint_qtm(q, strlen(q)));
    assert_false(cg_metric_hint_qtm(h, strlen(h)));
    assert_false(cg_metric_hint_qtm("Solve 3 rounds", 14));
    assert_true(cg_metric_hint_qtm("metric: qtm", 11)); /* the word last on the line */
}

static void prompts(void **state)
{
    (void)state;
    static const char *const asks[] = {"Solution? ", "Your answer > ", "Enter moves:\r",
                                       "What now (1-3)?", "Moves (R U F)?", "Ready?"};
    static const char *const not_asks[] = {"    ? ?", "UUUURRRRFFFFDDDDLLLLBBB?", "Hello",
                                           "> ", "", "Proceed --?"};
    for (size_t i = 0; i < sizeof asks / sizeof *asks; i++)
        if (!cg_line_asks(asks[i], strlen(asks[i])))
            fail_msg("'%s' does not ask", asks[i]);
    for (size_t i = 0; i < sizeof not_asks / sizeof *not_asks; i++)
        if (cg_line_asks(not_asks[i], strlen(not_asks[i])))
            fail_msg("'%s' asks", not_asks[i]);
    /* words: two letters together, not both face letters; within the n bytes given */
    assert_true(cg_line_has_words("ok", 2));
    assert_false(cg_line_has_words("R U F2", 6));
    assert_false(cg_line_has_words("UR", 2));
    assert_false(cg_line_has_words("ab", 1));
    assert_false(cg_line_has_words("x yes", 3));
}

static void reply_rules(void **state)
{
    (void)state;
    cg_replies *r;
    cg_error err;
    assert_int_equal(cg_replies_new(&r, &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "start:your choice:=3", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "cube:your choice:=2", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:^Ready\\?$=yes=please", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "a\\=b=c", &err), CG_OK);
    assert_int_equal(cg_replies_add(r, "start:=hello", &err), CG_OK);
    assert_int_equal(cg_replies_count(r), 5);
    const char *line = "your choice: ";
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, line, strlen(line)), 0);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_CUBE, line, strlen(line)), 1);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_ANSWERED, line, strlen(line)), -1);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_CUBE, "Ready?", 6), 2);
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_CUBE, "Ready? go", 9), -1);
    assert_string_equal(cg_replies_send(r, 2), "yes=please");
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, "x a=b y", 7), 3);
    assert_string_equal(cg_replies_send(r, 3), "c"); /* "\=" is the text's, the next '=' splits */
    assert_true(cg_replies_opening(r, 4));
    assert_int_equal(cg_replies_match(r, 0, CG_PHASE_START, "", 0), -1); /* openings never */
    assert_string_equal(cg_replies_rule(r, 1), "cube:your choice:=2");
    assert_int_equal(cg_replies_phase(r, 1), CG_PHASE_CUBE);
    assert_null(cg_replies_send(r, 9));
    /* no rules: no match, -1 as for a set that has none */
    assert_int_equal(cg_replies_match(NULL, 0, CG_PHASE_START, "x", 1), -1);
    /* a phase is a word of lower-case letters: "Q:" and "Your:" are the text looked for */
    cg_replies *q;
    assert_int_equal(cg_replies_new(&q, &err), CG_OK);
    assert_int_equal(cg_replies_add(q, "Q: more?=y", &err), CG_OK);
    assert_int_equal(cg_replies_add(q, "Your:=z", &err), CG_OK);
    assert_int_equal(cg_replies_phase(q, 0), CG_PHASE_ANY);
    assert_int_equal(cg_replies_match(q, 0, CG_PHASE_START, "Q: more?", 8), 0);
    cg_replies_free(q);
    static const struct {
        const char *rule, *says;
    } bad[] = {
        {"no equals", "reply rule 'no equals': no '='"},
        {"later:x=1", "unknown phase 'later'"},
        {"re:(x=1", "a bad regular expression"},
        {"cube:=1", "its phase is start"},
        {"re:=1", "an empty regular expression"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(cg_replies_add(r, bad[i].rule, &err), CG_ERR_INPUT);
        if (!strstr(err.msg, bad[i].says))
            fail_msg("'%s': '%s' lacks '%s'", bad[i].rule, err.msg, bad[i].says);
    }
    const char *file = "# the menu\n\n  start:your choice:=3  \r\nbroken\n";
    assert_int_equal(cg_replies_add_text(r, file, strlen(file), &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "line 4: reply rule 'broken'"));
    assert_int_equal(cg_replies_count(r), 6); /* line 3 went in, trimmed */
    assert_string_equal(cg_replies_rule(r, 5), "start:your choice:=3");
    cg_replies_free(r);
}

/* A rule copied from the screen matches a question in colour: each rule is tried against the
 * line's bytes, then against what a terminal shows of them (escapes and control bytes left
 * out). */
static void reply_rules_see_the_screen(void **state)
{
    (void)state;
    cg_replies *r;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "ciphertext (base64)>=abc", NULL), CG_OK);
    assert_int_equal(cg_replies_add(r, "re:^Mode [0-9]+:$=2", NULL), CG_OK);
    static const struct {
        const char *line;
        int want;
    } cases[] = {
        {"\x1b[1mciphertext (base64)\x1b[0m> ", 0},
        {"ciphertext (base64)> ", 0},
        {"\aciphertext\t(base64)> ", 0}, /* a bell shows nothing, a tab a blank */
        {"\x1b[1mMode 3:\x1b[0m", 1},
        {"Mode 3:\r", 1}, /* a carriage return shows nothing */
        {"Mode 3: ok", -1},
        {"\aMode 3:", 1},    /* the only control byte the line's first */
        {"Mode 3:\x7f", 1},  /* DEL shows nothing either */
        {"Mode 3:\x1f", 1},  /* nor the last control byte */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int got = cg_replies_match(r, 0, CG_PHASE_START, cases[i].line, strlen(cases[i].line));
        if (got != cases[i].want)
            fail_msg("case %zu: rule %d, want %d", i, got, cases[i].want);
    }
    cg_replies_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(limits_stated),  cmocka_unit_test(no_limit_stated),
        cmocka_unit_test(verdicts),       cmocka_unit_test(notations_and_metrics),
        cmocka_unit_test(prompts),        cmocka_unit_test(reply_rules),
        cmocka_unit_test(reply_rules_see_the_screen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
