/* Menus read as a person reads them (docs/playing.md, "Menus"; src/engine/menus.c and
 * classify.c's menu_choice): a text over a memory tube, the entry play sends, and what the
 * result says of a menu of modes (its question, its entries but the exits, the one chosen), which
 * play --tries walks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/dialogue.h"
#include "cubegod/notation.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"

/* Plays text (the server's whole side, then a close) with opt (NULL: the defaults); returns
 * what play sent. */
static const char *played_with(const char *text, const cg_play_options *given,
                               cg_play_result *res)
{
    static char sent[256];
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, strlen(text), 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = given ? *given : cg_play_defaults();
    opt.timeout = 1;
    cg_error err;
    cg_play(t, tables, &opt, res, &err);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_memory_sent(t, &p, &n, NULL), CG_OK);
    snprintf(sent, sizeof sent, "%.*s", (int)n, (const char *)p);
    cg_tube_close(t);
    return sent;
}

static const char *played(const char *text, cg_play_result *res)
{
    return played_with(text, NULL, res);
}

/* A menu of modes: the one whose words promise the flag, wherever it stands; an exit is never
 * a mode, first or last. Several ways to solve are modes too; a mode whose name holds a move's
 * word ("baby steps") is read first as the menu's move entry, and the result lists every mode
 * for --tries to walk. */
static void test_modes(void **state)
{
    (void)state;
    static const struct {
        const char *text, *sent, *keys;
        int chosen;
    } rows[] = {
        {"Welcome to the cube dojo\n(0) leave\n(1) baby\n(2) world record\n"
         "(3) insane, for the flag\nyour choice: ",
         "3\n", "1 2 3", 3},
        {"Welcome to the cube dojo\n(0) leave\n(1) baby steps\n(2) world record\n"
         "(3) insane, for the flag\nyour choice: ",
         "1\n", "1 2 3", 1},
        {"Modes: 1. speed solve  2. blind solve  3. one-handed turns (prize!)  4. quit\n"
         "Mode number: ",
         "3\n", "1 2 3", 3},
        {"Modes: 1. speed solve  2. blind solve\nMode number: ", "1\n", "1 2", 1},
        {"Ways: 1. speed solve  2. blind solve (flag inside)\nMode number: ", "2\n", "1 2", 2},
        {"Ways: 1. blind solve (flag inside)  2. speed solve\nMode number: ", "1\n", "1 2", 1},
        {"Ways: 1. speed solve for the flag  2. blind solve  3. practice\nMode number: ", "1\n",
         "1 2 3", 1},
        /* while the notation is unknown, the information entry first, whatever it names */
        {"(1) speed solve (2) blind solve (3) rules of the flag hunt\nchoice: ", "3\n", "1 2 3",
         3},
        /* no promise: the first mode, a level or a way to solve alike */
        {"Ways: 1. speed solve  2. blind solve  3. practice\nMode number: ", "1\n", "1 2 3", 1},
        {"Ways: 0. leave  1. speed solve  2. blind solve\nMode number: ", "1\n", "1 2", 1},
        {"There is one door.\n  1) enter the dojo\nchoice: ", "1\n", "1", 1}, /* one entry */
        /* actions, before any cube, none that shows: the one that moves (no modes listed) */
        {"(1) check the cube (2) turn a face (0) exit\nchoice: ", "2\n", "", 0},
        {"Pick a level:\n a) warm-up\n b) the real one - flag inside\n c) practice\n q) quit\n"
         "level? ",
         "b\n", "a b c", 2},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        cg_play_result res;
        const char *sent = played(rows[i].text, &res);
        if (strcmp(sent, rows[i].sent) != 0 || strcmp(res.mode_keys, rows[i].keys) != 0 ||
            res.mode_chosen != rows[i].chosen)
            fail_msg("row %zu: sent '%s', modes '%s', chosen %d (reason: %s)", i, sent,
                     res.mode_keys, res.mode_chosen, res.reason);
        for (const char *c = res.mode_ask; *c; c++) /* shown by --tries: printable */
            if ((unsigned char)*c < 0x20)
                fail_msg("row %zu: a control byte in the question '%s'", i, res.mode_ask);
    }
}

/* Plays against sh running script (a server that waits, as over a socket), with the reply
 * rule rule (NULL: none); returns the last line it printed. */
static const char *played_by_with(const char *script, const char *rule, cg_play_result *res)
{
    static char last[sizeof res->last_line];
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    cg_tube *t;
    assert_int_equal(cg_tube_process(argv, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 2;
    cg_replies *replies = NULL;
    if (rule) {
        assert_int_equal(cg_replies_new(&replies, NULL), CG_OK);
        assert_int_equal(cg_replies_add(replies, rule, NULL), CG_OK);
        opt.replies = replies;
    }
    cg_error err;
    cg_play(t, tables, &opt, res, &err);
    cg_tube_close(t);
    cg_replies_free(replies);
    snprintf(last, sizeof last, "%s", res->last_line);
    return last;
}

static const char *played_by(const char *script, cg_play_result *res)
{
    return played_by_with(script, NULL, res);
}

/* A question in colour, after a bell: the modes' question is what the terminal shows, without
 * its escapes and control bytes, so --tries' rule 'start:QUESTION=KEY' matches the server's
 * line. */
static void test_a_question_in_colour(void **state)
{
    (void)state;
    cg_play_result res;
    const char *last = played_by("printf 'Modes: 1. easy  2. hard\\n\\007\\033[1mMode number:\\033[0m '; "
                                 "read x; echo \"got $x\"",
                                 &res);
    assert_string_equal(last, "got 1");
    assert_string_equal(res.mode_ask, "Mode number:");
    assert_string_equal(res.mode_keys, "1 2");
}

/* The question may be a bare mark under the entries ("> ", "? "), as a shell's prompt is: the
 * server shows a menu and waits, and a person answers it. */
static void test_bare_question(void **state)
{
    (void)state;
    static const char *const marks[] = {"> ", "? ", "$ ", ">>> "};
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        char script[256];
        snprintf(script, sizeof script,
                 "printf '[1] Easy [2] Hard\\n%s'; read x; echo \"chose: $x\"", marks[i]);
        cg_play_result res;
        const char *last = played_by(script, &res);
        if (strcmp(last, "chose: 1") != 0 || strcmp(res.mode_keys, "1 2") != 0)
            fail_msg("'%s' under the entries: the server's last line '%s', modes '%s'", marks[i],
                     last, res.mode_keys);
    }
}

/* The information entry once while the notation is unknown, then the one that shows the cube;
 * the same question again (with the blanks it came with) is the menu's, shown or not. */
static void test_information_once(void **state)
{
    (void)state;
    cg_play_result res;
    const char *last = played_by(
        "printf '(1) show the cube (2) move (3) some information (0) exit\\n  choice: '; read a; "
        "printf 'Nothing to say.\\n  choice: '; read b; echo \"chose $a then $b\"",
        &res);
    if (strcmp(last, "chose 3 then 1") != 0)
        fail_msg("the server's last line: '%s' (%s)", last, res.reason);
    last = played_by("printf '(1) show the cube (2) move (3) some information\\nchoice: '; read a; "
                     "printf 'Nothing to say.\\nchoice: '; read b; echo \"chose $a then $b\"",
                     &res);
    if (strcmp(last, "chose 3 then 1") != 0)
        fail_msg("no blanks before the question: the server's last line: '%s' (%s)", last,
                 res.reason);
}

/* The notation known (the caller's dialect, however auto_notation is left): no information
 * entry is chosen; unknown: it is. */
static void test_information_when_the_notation_is_unknown(void **state)
{
    (void)state;
    static const char text[] = "(1) show the cube (2) move (3) some information\nchoice: ";
    cg_play_result res;
    assert_string_equal(played(text, &res), "3\n");
    cg_play_options opt = cg_play_defaults();
    cg_dialect d = cg_dialect_default();
    opt.dialect = &d;
    assert_true(opt.auto_notation);
    assert_string_equal(played_with(text, &opt, &res), "1\n");
    opt = cg_play_defaults();
    opt.auto_notation = false;
    assert_string_equal(played_with(text, &opt, &res), "1\n");
    /* the notation told in the server's words before the menu: known */
    assert_string_equal(played("Moves: one letter a move, upper case clockwise, lower case "
                               "counter-clockwise.\n(1) show the cube (2) move (3) some "
                               "information\nchoice: ", &res),
                        "1\n");
}

/* A menu the caller's reply rule answered is answered: the prompt after the cube that follows
 * gets the moves, not the menu's entry that moves. */
static void test_a_rule_answers_the_menu(void **state)
{
    (void)state;
    cg_play_result res;
    const char *last = played_by_with(
        "printf '(1) solve a cube (2) quit\\nchoice: '; read a; "
        "printf 'LLBRDFUUDFLDUURRBRFBDFLB\\nYour answer: '; read b; echo \"got $a then $b\"",
        "start:choice:=1", &res);
    if (strncmp(last, "got 1 then ", 11) != 0 || strlen(last) < 14 || strchr("12", last[11]))
        fail_msg("the server's last line: '%s' (%s)", last, res.reason);
}

/* The last note that has the word in it */
typedef struct kept_note {
    const char *word;
    char text[256];
} kept_note;

static void keep_note(void *ctx, const char *note)
{
    kept_note *k = ctx;
    if (strstr(note, k->word))
        snprintf(k->text, sizeof k->text, "%s", note);
}

static void count_replies(void *ctx, cg_event kind, const char *line, size_t n)
{
    (void)line, (void)n;
    *(int *)ctx += kind == CG_EVENT_REPLY;
}

/* -v's note of a choice names the entry's words; the choice is an event (a reply) for the
 * caller's log. */
static void test_the_choice_said(void **state)
{
    (void)state;
    kept_note note = {.word = "menu"};
    int replies = 0;
    cg_play_options opt = cg_play_defaults();
    opt.on_note = keep_note;
    opt.on_note_ctx = &note;
    opt.on_event = count_replies;
    opt.on_event_ctx = &replies;
    cg_play_result res;
    played_with("(1) warm up (2) the real thing, flag inside\nchoice: ", &opt, &res);
    if (!strstr(note.text, "chose '2' (the real thing, flag inside)"))
        fail_msg("the note: '%s'", note.text);
    assert_int_equal(replies, 1);
}

/* A reply rule of the caller's that answers the question is an event (a reply) too, and what
 * it sends goes out */
static void test_a_rule_said(void **state)
{
    (void)state;
    int replies = 0;
    cg_play_options opt = cg_play_defaults();
    cg_replies *rules;
    assert_int_equal(cg_replies_new(&rules, NULL), CG_OK);
    assert_int_equal(cg_replies_add(rules, "re:^choice:=1", NULL), CG_OK);
    opt.replies = rules;
    opt.on_event = count_replies;
    opt.on_event_ctx = &replies;
    cg_play_result res;
    const char *sent = played_with("(1) warm up (2) the real thing, flag inside\nchoice: ", &opt, &res);
    assert_int_equal(replies, 1);
    assert_string_equal(sent, "1\n");
    cg_replies_free(rules);
}

static void keep_longest(void *ctx, const char *note)
{
    char *kept = ctx;
    if (strlen(note) > strlen(kept))
        snprintf(kept, 1024, "%s", note);
}

/* A note too long for its 511 bytes (a rule and its reply of up to 256 bytes, both quoted) is cut,
 * and says so: "reply rule 'RULE' (start) matched 'choice:': sent 'SEND'" is 60 bytes and twice
 * the reply's length here, whole at 510, cut at 512 and longer */
static void test_a_long_note_cut(void **state)
{
    (void)state;
    static const int REPLY[] = {225, 226, 244};
    for (size_t i = 0; i < sizeof REPLY / sizeof *REPLY; i++) {
        char rule[CG_REPLY_TEXT_MAX + 1] = "re:^choice:=";
        size_t at = strlen(rule);
        memset(rule + at, 'y', (size_t)REPLY[i]);
        rule[at + (size_t)REPLY[i]] = '\0';
        cg_play_options opt = cg_play_defaults();
        cg_replies *rules;
        assert_int_equal(cg_replies_new(&rules, NULL), CG_OK);
        assert_int_equal(cg_replies_add(rules, rule, NULL), CG_OK);
        opt.replies = rules;
        static char note[1024];
        note[0] = '\0';
        opt.on_note = keep_longest;
        opt.on_note_ctx = note;
        cg_play_result res;
        played_with("(1) warm up (2) the real thing\nchoice: ", &opt, &res);
        cg_replies_free(rules);
        assert_int_equal(strncmp(note, "reply rule 're:^choice:=yyy", 27), 0);
        size_t whole = 60 + 2 * (size_t)REPLY[i];
        if (whole <= 511) {
            assert_int_equal(strlen(note), whole);
            assert_int_equal(note[whole - 1], '\'');
        } else {
            assert_int_equal(strlen(note), 511);
            assert_string_equal(note + 508, "...");
        }
    }
}

static void count_empty(void *ctx, const char *note)
{
    *(int *)ctx += note[0] == '\0';
}

/* A cube read in the usual order has no note: none is said, empty or not */
static void test_no_empty_note(void **state)
{
    (void)state;
    int empty = 0;
    cg_play_options opt = cg_play_defaults();
    opt.on_note = count_empty;
    opt.on_note_ctx = &empty;
    cg_play_result res;
    played_with("Round 1/1\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: ", &opt, &res);
    assert_int_equal(res.rounds_answered, 1);
    assert_int_equal(empty, 0);
}

/* The rules are read before the first answer: a limit stated after it changes nothing */
static void test_rules_before_the_first_answer(void **state)
{
    (void)state;
    kept_note note = {.word = "limit"};
    cg_play_options opt = cg_play_defaults();
    opt.on_note = keep_note;
    opt.on_note_ctx = &note;
    cg_play_result res;
    played_with("Round 1/2\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: \n[+] Correct!\n"
                "From now on, at most 5 moves!\nRound 2/2\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: \n",
                &opt, &res);
    assert_int_equal(res.rounds_answered, 2);
    assert_string_equal(note.text, "");
}

static void control_in_note(void *ctx, const char *note)
{
    for (const char *c = note; *c; c++)
        *(int *)ctx += (unsigned char)*c < 0x20;
}

/* A note quoting the server's text shows no control byte of it (a terminal would act on one) */
static void test_notes_printable(void **state)
{
    (void)state;
    int controls = 0;
    cg_play_options opt = cg_play_defaults();
    opt.on_note = control_in_note;
    opt.on_note_ctx = &controls;
    cg_play_result res;
    played_with("Answers like R1 U3 F2\x1b[2J\x07 please\nRound 1/1\nUFBDRLBULBUFRRLU????RDDF\n"
                "Enter your solution: \n", &opt, &res);
    assert_int_equal(res.rounds_answered, 1);
    assert_int_equal(controls, 0);
}

/* After the last round: the last line kept printable, and a line of bytes (a control byte first)
 * is no flag */
static void test_after_the_rounds(void **state)
{
    (void)state;
    cg_play_result res;
    played_with("Round 1/1\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: \n[+] Correct!\n"
                "\x01flag{bytes}\nbye\x07 now\n", NULL, &res);
    assert_string_equal(res.flags, "");
    for (const char *c = res.flag_line; *c; c++)
        assert_true((unsigned char)*c >= 0x20);
    assert_non_null(strstr(res.flag_line, "bye"));
}

/* An answer past the server's stated limit is refused, quoting the limit's phrase as read (up to
 * its 79 characters) */
static void test_limit_phrase_quoted(void **state)
{
    (void)state;
    char text[512], phrase[80] = "at most 1 moves ";
    memset(phrase + 16, 'x', 63); /* 79 characters in all, the most a phrase keeps */
    phrase[79] = '\0';
    snprintf(text, sizeof text, "Send %sxxxxxxxxxx\nRound 1/1\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: \n",
             phrase);
    cg_play_result res;
    played_with(text, NULL, &res);
    assert_false(res.won);
    assert_int_equal(strlen(phrase), 79);
    if (!strstr(res.reason, phrase))
        fail_msg("the reason: %s", res.reason);
}

/* A flag pattern anchored at the line's start finds the flag there, not again after it */
static void test_anchored_flag_once(void **state)
{
    (void)state;
    cg_play_options opt = cg_play_defaults();
    opt.flag_regex = "^CTF\\{[^}]*\\}";
    cg_play_result res;
    played_with("Round 1/1\nUFBDRLBULBUFRRLU????RDDF\nEnter your solution: \n[+] Correct!\nCTF{one}CTF{two}\n",
                &opt, &res);
    assert_string_equal(res.flags, "CTF{one}");
}

/* A menu that comes back after every choice with no cube between is a loop: chosen the bound's
 * times (max-replies, 20 by default), then the game ends saying so (a choice past the bound
 * unsent would leave the game waiting out its timeout at the question). */
static void test_a_menu_that_loops(void **state)
{
    (void)state;
    cg_play_result res;
    const char *last = played_by("i=0; while [ $i -lt 30 ]; do "
                                 "printf '(1) show the cube (2) move (0) exit\\nchoice: '; "
                                 "read a || exit; i=$((i+1)); done; echo 'no more menus'",
                                 &res);
    assert_false(res.won);
    if (!strstr(res.reason, "the menu's choice fired 20 times with no cube read in between; the "
                            "server kept sending 'choice:'"))
        fail_msg("the reason: '%s' (the last line: '%s')", res.reason, last);
}

/* A server that shows a menu, then refuses what is sent (a send that fails): the error names
 * the menu's choice. */
typedef struct deaf {
    const char *text;
    size_t at;
} deaf;

static long deaf_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    deaf *d = ctx;
    size_t n = strlen(d->text + d->at);
    if (n == 0)
        return -1;
    n = n < cap ? n : cap;
    memcpy(buf, d->text + d->at, n);
    d->at += n;
    return (long)n;
}

static long deaf_send(void *ctx, const uint8_t *p, size_t n)
{
    (void)ctx, (void)p, (void)n;
    return -2;
}

static void test_a_choice_that_cannot_be_sent(void **state)
{
    (void)state;
    deaf d = {"(1) easy (2) hard\nchoice: ", 0};
    cg_tube_callbacks cb = {deaf_recv, deaf_send, NULL, &d};
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "deaf", &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    cg_play_result res;
    cg_error err;
    assert_int_not_equal(cg_play(t, tables, &opt, &res, &err), CG_OK);
    cg_tube_close(t);
    if (strncmp(err.msg, "the menu's choice: ", 19) != 0)
        fail_msg("the error: '%s'", err.msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_bare_question),
        cmocka_unit_test(test_a_question_in_colour),
        cmocka_unit_test(test_information_once),
        cmocka_unit_test(test_information_when_the_notation_is_unknown),
        cmocka_unit_test(test_a_rule_answers_the_menu),
        cmocka_unit_test(test_the_choice_said),
        cmocka_unit_test(test_a_rule_said),
        cmocka_unit_test(test_no_empty_note),
        cmocka_unit_test(test_anchored_flag_once),
        cmocka_unit_test(test_rules_before_the_first_answer),
        cmocka_unit_test(test_a_long_note_cut),
        cmocka_unit_test(test_notes_printable),
        cmocka_unit_test(test_after_the_rounds),
        cmocka_unit_test(test_limit_phrase_quoted),
        cmocka_unit_test(test_a_menu_that_loops),
        cmocka_unit_test(test_a_choice_that_cannot_be_sent),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
