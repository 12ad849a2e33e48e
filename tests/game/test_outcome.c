/* How a game ends (docs/playing.md, "How a game ends"; src/engine/outcome.c): one round of
 * fixtures/faults/round.txt answered, with a banner before it and the server's words after it,
 * over a memory tube. Each case is a text a person would not take for a win (or would), and
 * what the outcome, the rounds passed, the flags and the reason must be. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"
#include "testutil.h"

/* fixtures/faults/round.txt with its "=== Round 1/1 ===" line replaced by `header`. */
static size_t round_text(const char *banner, const char *header, const char *after, char *text,
                         size_t size)
{
    char round[1 << 14];
    read_fixture("faults/round.txt", round, sizeof round);
    const char *head = "=== Round 1/1 ===\n";
    char *at = strstr(round, head);
    assert_non_null(at);
    int k = snprintf(text, size, "%s%.*s%s%s%s", banner, (int)(at - round), round, header,
                     at + strlen(head), after);
    assert_true(k > 0 && (size_t)k < size);
    return (size_t)k;
}

typedef struct ending {
    const char *banner, *header, *after;
    cg_outcome outcome;
    int passed;
    const char *flags;  /* the flags reported, exactly */
    const char *reason; /* in the reason, or NULL; "=TEXT": the whole reason */
    const char *verdict_ok; /* the caller's pattern of a yes (opt.verdict_ok), or NULL */
    const char *round2;     /* a second round of the same cube, this text before its prompt */
    const char *flag_regex; /* the caller's shape of a flag (opt.flag_regex), or NULL */
    const char *verdict_fail; /* the caller's pattern of a no (opt.verdict_fail), or NULL */
} ending;

static bool reason_fits(const char *want, const char *reason)
{
    if (!want)
        return true;
    return want[0] == '=' ? strcmp(reason, want + 1) == 0 : strstr(reason, want) != NULL;
}

static cg_play_result last; /* the result of the last play_case */

/* The defaults with a one-second receive timeout (the memory tube ends with its text). */
static cg_play_options one_second(void)
{
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    return opt;
}

/* Plays the n bytes of text over a memory tube; *one_line (when not NULL): what was sent is one
 * line. Returns cg_play's status. */
static cg_status play_memory(const char *text, size_t n, const cg_play_options *opt,
                             cg_play_result *res, bool *one_line)
{
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_error err;
    cg_status st = cg_play(t, tables, opt, res, &err);
    if (one_line) {
        const uint8_t *sent;
        size_t k;
        assert_int_equal(cg_tube_memory_sent(t, &sent, &k, NULL), CG_OK);
        *one_line = k > 1 && memchr(sent, '\n', k) == sent + k - 1;
    }
    cg_tube_close(t);
    return st;
}

static void play_case(const ending *c)
{
    static char text[1 << 16], second[1 << 15];
    size_t n = round_text(c->banner, c->header, c->after, text, sizeof text);
    if (c->round2) { /* the fixture's round again, c->round2 between its cube and its prompt */
        size_t k = round_text("", "", "", second, sizeof second);
        const char *prompt = "Enter your solution:";
        char *at = strstr(second, prompt);
        assert_non_null(at);
        n += (size_t)snprintf(text + n, sizeof text - n, "%.*s%s%s\n[+] Correct\n",
                              (int)(at - second), second, c->round2, at);
        assert_true(n < sizeof text && k > 0);
    }
    cg_play_options opt = one_second();
    opt.verdict_ok = c->verdict_ok;
    opt.verdict_fail = c->verdict_fail;
    if (c->flag_regex)
        opt.flag_regex = c->flag_regex;
    cg_play_result res;
    play_memory(text, n, &opt, &res, NULL);
    last = res;
    if (res.outcome != c->outcome || res.rounds_passed != c->passed ||
        strcmp(res.flags, c->flags) != 0 || !reason_fits(c->reason, res.reason))
        fail_msg("banner '%s' header '%s' after '%s': %s, %d passed, flags '%s', reason '%s'",
                 c->banner, c->header, c->after, cg_outcome_name(res.outcome),
                 res.rounds_passed, res.flags, res.reason);
    assert_int_equal(res.won, c->outcome == CG_OUTCOME_WON);
}

static void test_misleading_texts_are_lost(void **state)
{
    (void)state;
    static const ending cases[] = {
        /* a flag's format in the banner, then a refusal */
        {"Flags look like flag{...}\n", "", "[-] Wrong\n", CG_OUTCOME_LOST, 0, "", "Wrong", NULL, NULL, NULL, NULL},
        {"Submit as FLAG{<hex>}\n", "", "Nope, still scrambled.\n", CG_OUTCOME_LOST, 0, "", "Nope", NULL, NULL, NULL, NULL},
        /* a real-looking flag in the banner is bait, not a win */
        {"Last winner: flag{old_one}\n", "", "", CG_OUTCOME_LOST, 0, "", "before the verdict", NULL, NULL, NULL, NULL},
        /* a success marker in the banner */
        {"[+] Connected to the cube service\n", "", "Wrong answer, bye\n", CG_OUTCOME_LOST, 0, "",
         "Wrong answer", NULL, NULL, NULL, NULL},
        {"status: success, ready\n", "", "incorrect\n", CG_OUTCOME_LOST, 0, "", "incorrect", NULL, NULL, NULL, NULL},
        /* an acknowledgement before the real verdict */
        {"", "", "Moves parsed OK, applying...\nWrong! The cube is not solved.\n", CG_OUTCOME_LOST,
         0, "", "not solved", NULL, NULL, NULL, NULL},
        /* one round passed, the next begun, the close */
        {"", "Round 1\n", "[+] Correct\nRound 2\n", CG_OUTCOME_LOST, 1, "", "round 2 began", NULL, NULL, NULL, NULL},
        {"", "Cube 1 of 2\n", "[+] ok\n", CG_OUTCOME_LOST, 1, "", "of the 2 announced", NULL, NULL, NULL, NULL},
        {"", "[1/3]\n", "correct\n", CG_OUTCOME_LOST, 1, "", "of the 3 announced", NULL, NULL, NULL, NULL},
        {"", "Progress: 1 / 2\n", "correct\n", CG_OUTCOME_LOST, 1, "", "of the 2 announced", NULL,
         NULL, NULL, NULL},
        /* the close with no verdict and no flag */
        {"Great day, well done for coming!\n", "", "", CG_OUTCOME_LOST, 0, "", "before the verdict", NULL, NULL, NULL, NULL},
        /* a prize after a refusal is no prize */
        {"", "", "[-] Wrong\nconsolation: flag{try_again}\n", CG_OUTCOME_LOST, 0, "", "Wrong", NULL, NULL, NULL, NULL},
        /* the server gave up on a cube before its prompt: its words, and what was not seen (the
         * yes it gives the answer after its prompt counts as passed, the game stays lost) */
        {"", "", "[+] Correct\n", CG_OUTCOME_LOST, 2, "", "round 2: the server said: [-] Too slow; ",
         NULL, "[-] Too slow\n", NULL, NULL},
        /* one round passed and no count announced, then a text the game cannot take: lost */
        {"", "", "[+] Correct\nEnter your solution:\n", CG_OUTCOME_LOST, 1, "", "a prompt came",
         NULL, NULL, NULL, NULL},
        /* the server's words as the reason, printable (no escape reaches a terminal) */
        {"", "", "\x1b[31mWrong!\x1b[0m\n", CG_OUTCOME_LOST, 0, "",
         "=round 1: the server said: ?[31mWrong!?[0m", NULL, NULL, NULL, NULL},
        /* a no ends the wait for a verdict: what follows it is no yes, and a second no or one
         * after a yes it took back takes nothing more */
        {"", "", "[-] Wrong\nOK, bye\n", CG_OUTCOME_LOST, 0, "", "Wrong", NULL, NULL, NULL, NULL},
        {"", "", "[-] Wrong\n[-] Game over\n", CG_OUTCOME_LOST, 0, "", "Wrong", NULL, NULL, NULL,
         NULL},
        {"", "", "OK\nWrong! The cube is not solved.\n[-] Bye\n", CG_OUTCOME_LOST, 0, "",
         "not solved", NULL, NULL, NULL, NULL},
        /* a refusal of the answer is the server's words alone: no hint about prompts */
        {"", "", "[-] Wrong\n", CG_OUTCOME_LOST, 0, "", "=round 1: the server said: [-] Wrong",
         NULL, NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        play_case(&cases[i]);
}

static void test_wins_report_only_the_real_flag(void **state)
{
    (void)state;
    static const ending cases[] = {
        {"Flags look like CTF{...}\n", "", "correct\nCTF{real_one}\n", CG_OUTCOME_WON, 1,
         "CTF{real_one}", NULL, NULL, NULL, NULL, NULL},
        {"format: ctf{xxxx}\n", "", "[+] Correct\nflag{a1b2}\n", CG_OUTCOME_WON, 1, "flag{a1b2}", NULL, NULL, NULL, NULL, NULL},
        /* a flag after the answer is its verdict */
        {"", "", "here: flag{no_words_first}\n", CG_OUTCOME_WON, 1, "flag{no_words_first}", NULL, NULL, NULL, NULL, NULL},
        /* a format after the answer is no flag either; the verdict wins the game */
        {"", "Level 1 of 1\n", "solved\nflags look like flag{<...>} or flag{}\n", CG_OUTCOME_WON, 1,
         "", NULL, NULL, NULL, NULL, NULL},
        /* the rounds' counter in other words: all passed, then a question of its own */
        {"", "progress 1 / 1\n", "nice\nName for the scoreboard? ", CG_OUTCOME_WON, 1, "", NULL, NULL, NULL, NULL, NULL},
        /* placeholders among words: "..." or an ellipsis anywhere in the braces */
        {"", "", "[+] Correct\nFlags look like flag{hex...}\n", CG_OUTCOME_WON, 1, "", NULL,
         NULL, NULL, NULL, NULL},
        {"", "", "[+] Correct\nFlags look like flag{hex\xe2\x80\xa6}\n", CG_OUTCOME_WON, 1, "",
         NULL, NULL, NULL, NULL, NULL},
        /* placeholders alone, and words with some of their marks */
        {"", "", "[+] Correct\nSubmit it as flag{...hex} or FLAG{<hex>}\n", CG_OUTCOME_WON, 1,
         "", NULL, NULL, NULL, NULL, NULL},
        {"", "", "[+] Correct\nflag{it\xe2\x80\x99s_here} flag{xx_0} flag{7}\n", CG_OUTCOME_WON, 1,
         "flag{it\xe2\x80\x99s_here} flag{xx_0} flag{7}", NULL, NULL, NULL, NULL, NULL},
        {"", "", "[+] Correct\nFlags look like flag{____}\n", CG_OUTCOME_WON, 1, "", NULL, NULL,
         NULL, NULL, NULL},
        {"", "", "[+] Correct\nflag{<3_you}\n", CG_OUTCOME_WON, 1, "flag{<3_you}", NULL, NULL,
         NULL, NULL, NULL},
        {"", "", "[+] Correct\nflag{v1..v2}\n", CG_OUTCOME_WON, 1, "flag{v1..v2}", NULL, NULL,
         NULL, NULL, NULL},
        /* a flag whose only character past the placeholders' is its first */
        {"", "", "[+] Correct\nflag{q-x}\n", CG_OUTCOME_WON, 1, "flag{q-x}", NULL, NULL, NULL,
         NULL, NULL},
        /* the caller's shape of a flag, no braces in it */
        {"", "", "[+] Correct\nSECRET-1234\n", CG_OUTCOME_WON, 1, "SECRET-1234", NULL, NULL,
         NULL, "SECRET-[0-9]+", NULL},
        {"", "", "[+] Correct\nkey=abc}\n", CG_OUTCOME_WON, 1, "key=abc}", NULL, NULL, NULL,
         "key=[a-z}]+", NULL},
        {"", "", "prize: 7\n", CG_OUTCOME_WON, 1, "7", NULL, NULL, NULL, "[0-9]$", NULL},
        /* a caller's shape anchored at the line's start: after a format there, the rest of the
           line is no line start */
        {"", "", "[+] Correct\nflag{...}flag{real}\n", CG_OUTCOME_WON, 1, "", NULL, NULL, NULL,
         "^flag\\{[^}]*\\}", NULL},
        {"", "", "[+] Correct\nkey{xxx\n", CG_OUTCOME_WON, 1, "key{xxx", NULL, NULL, NULL,
         "key[{][a-z]+", NULL},
        /* every announced round passed, then a text the game cannot take: won, with no reason */
        {"", "Round 1/1\n", "[+] Correct\nEnter your solution:\n", CG_OUTCOME_WON, 1, "", "=",
         NULL, NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        play_case(&cases[i]);
}

/* The text, then a connection that stays open and quiet: the game's status and result. */
static cg_status quiet_game(const char *text, size_t n, cg_play_result *res)
{
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    assert_true(n < 60000 && write(in[1], text, n) == (ssize_t)n); /* within a pipe's buffer */
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_fds(in[0], out[1], "quiet", &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 0.5;
    cg_error err;
    cg_status st = cg_play(t, tables, &opt, res, &err);
    cg_tube_close(t);
    close(in[1]);
    close(out[0]);
    return st;
}

/* The server goes quiet on the answer and keeps the connection: no verdict, neither won nor
 * lost, and the game's status says the wait ran out. Quiet before any answer: lost. */
static void test_quiet_after_the_answer(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text("", "", "", text, sizeof text);
    cg_play_result res;
    assert_int_equal(quiet_game(text, n, &res), CG_ERR_TIMEOUT);
    assert_int_equal(res.outcome, CG_OUTCOME_NO_VERDICT);
    assert_false(res.won);
    assert_int_equal(res.rounds_answered, 1);
    assert_int_equal(res.rounds_passed, 0);
    assert_non_null(strstr(res.reason, "no verdict and no new cube came after the answer"));
    const char *banner = "Welcome to the cube shop.\n";
    assert_int_equal(quiet_game(banner, strlen(banner), &res), CG_ERR_TIMEOUT);
    assert_int_equal(res.outcome, CG_OUTCOME_LOST);
    assert_int_equal(res.rounds_answered, 0);
}

/* One move a prompt: a no to a move ends the round, so the prompt after it gets no more of the
 * old solution (a person stops typing it). */
static void test_no_ends_the_moves(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text("", "", "[-] Wrong move\nEnter your solution:\n", text, sizeof text);
    cg_play_options opt = one_second();
    opt.one_move = true;
    cg_play_result res;
    bool one_line;
    play_memory(text, n, &opt, &res, &one_line);
    assert_true(one_line); /* one move, one line */
    assert_int_equal(res.outcome, CG_OUTCOME_LOST);
}

/* A flag after the text a reply rule sent to the server's question counts, however short the
 * text (a password of one letter), and a rule that sends an empty line answers nothing. */
static void test_flag_after_a_reply(void **state)
{
    (void)state;
    static const struct {
        const char *rule;
        cg_outcome outcome;
    } cases[] = {{"any:word:=x", CG_OUTCOME_WON}, {"any:word:=", CG_OUTCOME_LOST}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *text = "Say the word.\nword: \nflag{wordy}\n";
        cg_replies *r;
        assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
        assert_int_equal(cg_replies_add(r, cases[i].rule, NULL), CG_OK);
        cg_play_options opt = one_second();
        opt.replies = r;
        cg_play_result res;
        play_memory(text, strlen(text), &opt, &res, NULL);
        cg_replies_free(r);
        if (res.outcome != cases[i].outcome)
            fail_msg("rule '%s': %s, flags '%s', reason '%s'", cases[i].rule,
                     cg_outcome_name(res.outcome), res.flags, res.reason);
        /* won with no round: no line after a last round (play prints none beside the flag) */
        if (res.won && res.flag_line[0])
            fail_msg("rule '%s': a line after the last round: '%s'", cases[i].rule, res.flag_line);
    }
}

/* A caller's pattern of a yes is the only yes besides "[+]": the usual words are no verdict
 * then, and a line it does not match is none either. */
static void test_callers_yes_alone(void **state)
{
    (void)state;
    static const ending cases[] = {
        {"", "", "Correct\n", CG_OUTCOME_LOST, 0, "", "before the verdict", "^yay$", NULL, NULL, NULL},
        {"", "", "thinking...\nyay\n", CG_OUTCOME_WON, 1, "", "=", "^yay$", NULL, NULL, NULL},
        /* the caller's pattern of a no, anchored: its line is the reason; "[+]" still a yes */
        {"", "", "nope, not solved\n", CG_OUTCOME_LOST, 0, "",
         "=round 1: the server said: nope, not solved", NULL, NULL, NULL, "^nope"},
        {"", "", "[+] Correct\n", CG_OUTCOME_WON, 1, "", "=", NULL, NULL, NULL, "^nope"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        play_case(&cases[i]);
}

/* The limit the banner states is the one reported. */
static void test_limit_reported(void **state)
{
    (void)state;
    static const ending c = {"Solve it in at most 14 moves.\n", "", "[+] Correct\n",
                             CG_OUTCOME_WON, 1, "", "=", NULL, NULL, NULL, NULL};
    play_case(&c);
    assert_int_equal(last.limit, 14);
}

/* A limit of the caller's solve options (not of the answer as written) is the one reported. */
static void test_callers_limit_reported(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text("", "", "[+] Correct\n", text, sizeof text);
    cg_play_options opt = one_second();
    opt.solve.max_moves = 10;
    cg_play_result res;
    assert_int_equal(play_memory(text, n, &opt, &res, NULL), CG_OK);
    assert_true(res.won);
    assert_int_equal(res.limit, 10);
}

/* A caller's pattern of a yes leaves "[+]" a yes; a yes stands once the next cube came (a
 * no's words before the next prompt are the next round's text, not a no on the yes). */
static void test_a_yes_stands(void **state)
{
    (void)state;
    static const ending cases[] = {
        {"", "", "[+] Correct\n", CG_OUTCOME_WON, 1, "", NULL, "^yay$", NULL, NULL, NULL},
        {"", "", "[+] Correct\n", CG_OUTCOME_WON, 2, "", NULL, NULL,
         "A wrong answer ends the game.\n", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        play_case(&cases[i]);
    /* the text between the rounds was no line after the last round: the last yes ended it */
    assert_string_equal(last.flag_line, "");
}

/* The n bytes of text played: won, both rounds passed. */
static void won_two_rounds(const char *text, size_t n)
{
    cg_play_options opt = one_second();
    cg_play_result res;
    cg_status st = play_memory(text, n, &opt, &res, NULL);
    if (st != CG_OK || res.outcome != CG_OUTCOME_WON || res.rounds_passed != 2)
        fail_msg("%s, %d passed: %s", cg_outcome_name(res.outcome), res.rounds_passed, res.reason);
}

/* A round counter after a yes: the yes stands, so a no's words before the next cube are the
 * round's text, not a no on the yes. */
static void test_a_yes_stands_at_the_next_round(void **state)
{
    (void)state;
    static const char text[] = "Round 1/2\nCube: LLBRDFUUDFLDUURRBRFBDFLB\nEnter your solution:\n"
                               "correct\nRound 2/2\nNot solved yet: a wrong answer ends the game.\n"
                               "Cube: LLBRDFUUDFLDUURRBRFBDFLB\nEnter your solution:\ncorrect\n";
    won_two_rounds(text, sizeof text - 1);
}

/* A cube in one line (no drawing begun before it): the yes stands when the cube comes, so a
 * no's words under it before the prompt are the round's text, not a no on the yes. */
static void test_a_yes_stands_at_a_cube_in_one_line(void **state)
{
    (void)state;
    static const char text[] = "Cube: LLBRDFUUDFLDUURRBRFBDFLB\nEnter your solution:\ncorrect\n"
                               "Cube: LLBRDFUUDFLDUURRBRFBDFLB\n"
                               "Not solved yet: a wrong answer ends the game.\nEnter your solution:\ncorrect\n";
    won_two_rounds(text, sizeof text - 1);
}

static void count_prompts(void *ctx, cg_event kind, const char *line, size_t n)
{
    (void)line, (void)n;
    *(int *)ctx += kind == CG_EVENT_PROMPT;
}

/* A cube, then a question for other data (a cube that is a key or a message, in a crypto
 * task): no answer goes, the question is not reported as the prompt (-v's log), and the game
 * is lost saying the moves were never asked for. */
static void test_a_question_for_other_data(void **state)
{
    (void)state;
    static const char text[] = "Your key cube: LLBRDFUUDFLDUURRBRFBDFLB\n"
                               "\x1b[1mciphertext (base64)\x1b[0m> ";
    cg_play_options opt = one_second();
    int prompts = 0;
    opt.on_event = count_prompts;
    opt.on_event_ctx = &prompts;
    cg_play_result res;
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, sizeof text - 1, 0, &to, &t, NULL), CG_OK);
    cg_error err;
    assert_int_equal(cg_play(t, tables, &opt, &res, &err), CG_ERR_PROTOCOL);
    const uint8_t *sent;
    size_t k;
    assert_int_equal(cg_tube_memory_sent(t, &sent, &k, NULL), CG_OK);
    cg_tube_close(t);
    assert_int_equal(k, 0); /* nothing sent */
    assert_int_equal(prompts, 0);
    assert_int_equal(res.outcome, CG_OUTCOME_LOST);
    if (!strstr(res.reason, "then 'ciphertext (base64)>' and the server waits: it never asked "
                            "for moves")) /* quoted whole: no mark of a cut */
        fail_msg("reason: %s", res.reason);
    /* the question as the terminal shows it, in the reason and in the message a CLI prints */
    for (const char *c = err.msg; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == '?')
            fail_msg("an escape's trace in the message: %s", err.msg);
    /* and the rule it names, written as it says, answers the question in colour */
    const char *rule = strstr(res.reason, "a reply rule '");
    assert_non_null(rule);
    rule += strlen("a reply rule '");
    char written[128];
    snprintf(written, sizeof written, "%.*sabc", (int)(strstr(rule, "=TEXT'") - rule + 1), rule);
    assert_string_equal(written, "ciphertext (base64)>=abc");
    cg_replies *replies;
    assert_int_equal(cg_replies_new(&replies, NULL), CG_OK);
    assert_int_equal(cg_replies_add(replies, written, NULL), CG_OK);
    opt.replies = replies;
    assert_int_equal(cg_tube_memory(text, sizeof text - 1, 0, &to, &t, NULL), CG_OK);
    cg_play(t, tables, &opt, &res, &err);
    assert_int_equal(cg_tube_memory_sent(t, &sent, &k, NULL), CG_OK);
    if (k != 4 || memcmp(sent, "abc\n", 4) != 0)
        fail_msg("sent '%.*s' after the rule '%s'", (int)k, (const char *)sent, written);
    cg_tube_close(t);
    cg_replies_free(replies);
}

/* A server that shows no cube, asks a question of its own and waits: the game ends at the
 * timeout, and the reason says no cube was read and how to answer the question, whole after a
 * process's command line and the wait (the hint was cut before its reply rule). */
/* Plays against sh running script (a server that waits, as over a socket), with this receive
 * timeout; cg_play's status. */
static cg_status play_script(const char *script, double timeout, cg_play_result *res,
                             cg_error *err)
{
    char *argv[] = {"sh", "-c", (char *)script, NULL};
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_process(argv, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = timeout;
    cg_status st = cg_play(t, tables, &opt, res, err);
    cg_tube_close(t);
    return st;
}

static void no_cube_then(const char *script, const char *want)
{
    cg_play_result res;
    cg_error err;
    assert_int_equal(play_script(script, 0.3, &res, &err), CG_ERR_TIMEOUT);
    if (!strstr(err.msg, want))
        fail_msg("%s", err.msg);
}

static void test_no_cube_and_a_question(void **state)
{
    (void)state;
    no_cube_then("printf 'Welcome to the cube shop\\nWhat name shall we engrave on your "
                 "trophy today? '; read x",
                 "; no cube was read, and the server asks 'What name shall we engrave on your "
                 "trophy today?': a reply rule answers that");
    /* a question longer than the quote's 48 bytes, with no blank in them: cut at the bound */
    no_cube_then("printf 'Hi\\nxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx now? '; read x",
                 "asks 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x80\xa6': a reply");
}

/* After the last round, a question of the server's own ("Name for the scoreboard? ") where it
 * waits: the game is over, won, and the question is the line after the last round. */
static void test_a_question_after_the_last_round(void **state)
{
    (void)state;
    cg_play_result res;
    cg_error err;
    cg_status st = play_script("printf 'Round 1/1\\nLLBRDFUUDFLDUURRBRFBDFLB\\nYour moves: '; "
                               "read a; printf 'Correct!\\nName for the scoreboard? '; read x",
                               2, &res, &err);
    if (st != CG_OK || !res.won || strcmp(res.flag_line, "Name for the scoreboard?") != 0)
        fail_msg("status %d, %s, line after the last round '%s': %s", (int)st,
                 cg_outcome_name(res.outcome), res.flag_line, st ? err.msg : res.reason);
    assert_true(res.open); /* the question waits: the connection is the caller's, still open */
}

/* All the announced rounds passed, then the counter of one more and a question where the server
 * waits: no verdict on that round, none of the game's either (the connection left open), and
 * the reason says so (it was empty). */
static void test_a_round_past_the_announced_ones(void **state)
{
    (void)state;
    cg_play_result res;
    cg_error err;
    cg_status st = play_script("printf 'Round 1/1\\nLLBRDFUUDFLDUURRBRFBDFLB\\nYour moves: '; "
                               "read a; printf 'Correct!\\nRound 2\\nName? '; read x",
                               2, &res, &err);
    if (st != CG_OK || res.outcome != CG_OUTCOME_NO_VERDICT || !res.open)
        fail_msg("status %d, %s, open %d: %s", (int)st, cg_outcome_name(res.outcome), res.open,
                 st ? err.msg : res.reason);
    assert_string_equal(res.reason, "round 2 began after the 1 announced, and the server waits "
                                    "after 'Name?'");
    assert_string_equal(cg_outcome_name(res.outcome), "ended without a verdict");
    assert_string_equal(cg_outcome_name((cg_outcome)99), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_misleading_texts_are_lost),
        cmocka_unit_test(test_wins_report_only_the_real_flag),
        cmocka_unit_test(test_a_yes_stands),
        cmocka_unit_test(test_a_yes_stands_at_a_cube_in_one_line),
        cmocka_unit_test(test_a_yes_stands_at_the_next_round),
        cmocka_unit_test(test_a_question_for_other_data),
        cmocka_unit_test(test_no_cube_and_a_question),
        cmocka_unit_test(test_a_question_after_the_last_round),
        cmocka_unit_test(test_a_round_past_the_announced_ones),
        cmocka_unit_test(test_callers_yes_alone),
        cmocka_unit_test(test_quiet_after_the_answer),
        cmocka_unit_test(test_flag_after_a_reply),
        cmocka_unit_test(test_limit_reported),
        cmocka_unit_test(test_callers_limit_reported),
        cmocka_unit_test(test_no_ends_the_moves),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
