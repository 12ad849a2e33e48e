/* The game client over a memory tube: what it keeps of the server's last words (flags that do
 * not fit the result are cut and marked, never dropped unseen), and which lines are the prompt. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/shapes.h"
#include "cubegod/clock.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"

#define PROMPT_LINE "Enter your solution:\n"

/* fixtures/faults/round.txt: one round, its prompt alone on the last line. */
static size_t read_round(char *text, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, size, f);
    fclose(f);
    assert_true(n < size);
    return n;
}

/* Plays `text` (delivered `chunk` bytes per read, 0: all at once) with the options opt (NULL:
 * the defaults; the timeout is 1 s); the answers sent go to sent (NUL-terminated). Returns
 * cg_play's status. */
static cg_status play_with(const char *text, size_t n, size_t chunk, cg_play_options *opt,
                           cg_play_result *res, char *sent, size_t sent_size)
{
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, chunk, &to, &t, NULL), CG_OK);
    cg_play_options defaults = cg_play_defaults();
    if (!opt)
        opt = &defaults;
    opt->timeout = 1;
    cg_error err;
    cg_status st = cg_play(t, tables, opt, res, &err);
    const uint8_t *p;
    size_t k;
    assert_int_equal(cg_tube_memory_sent(t, &p, &k, NULL), CG_OK);
    assert_true(k < sent_size);
    if (k) /* nothing sent: p may be NULL */
        memcpy(sent, p, k);
    sent[k] = '\0';
    cg_tube_close(t);
    return st;
}

static cg_status play_bytes(const char *text, size_t n, size_t chunk, cg_play_result *res,
                            char *sent, size_t sent_size)
{
    return play_with(text, n, chunk, NULL, res, sent, sent_size);
}

/* A one-round game from fixtures/faults/round.txt, won, followed by `tail`. */
static void play_text(const char *tail, cg_play_result *res)
{
    static char text[1 << 16];
    size_t n = read_round(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\n\n%s", tail);
    assert_true(n < sizeof text);
    char sent[256];
    assert_int_equal(play_bytes(text, n, 0, res, sent, sizeof sent), CG_OK);
}

/* The fixture's round with its prompt line replaced by `prompt` (which brings its own line end,
 * or none), then `after`. */
static cg_status play_prompt(const char *prompt, const char *after, size_t chunk,
                             cg_play_result *res, char *sent, size_t sent_size)
{
    static char text[1 << 16];
    size_t n = read_round(text, sizeof text);
    size_t plen = strlen(PROMPT_LINE);
    assert_true(n >= plen && memcmp(text + n - plen, PROMPT_LINE, plen) == 0);
    n -= plen;
    n += (size_t)snprintf(text + n, sizeof text - n, "%s%s", prompt, after);
    assert_true(n < sizeof text);
    return play_bytes(text, n, chunk, res, sent, sent_size);
}

/* The answer to the fixture's round when the prompt is alone on its line: the reference. */
static void reference_answer(char *sent, size_t size)
{
    cg_play_result res;
    assert_int_equal(play_prompt(PROMPT_LINE, "[+] Correct!\n", 0, &res, sent, size), CG_OK);
    assert_true(res.won);
    assert_int_equal(res.rounds_answered, 1);
    size_t n = strlen(sent);
    assert_true(n > 1 && sent[n - 1] == '\n'); /* one answer line */
    assert_ptr_equal(strchr(sent, '\n'), sent + n - 1);
}

/* The prompt is what a line ends with: after a marker such as "[?] ", with a CRLF line end,
 * with trailing blanks, or as the last bytes with no line end at all, it is answered, with the
 * same answer as the bare prompt, whatever the chunking. */
static void test_prompt_at_the_end_of_a_line_is_answered(void **state)
{
    (void)state;
    char want[128];
    reference_answer(want, sizeof want);
    static const char *const prompts[] = {
        "[?] Enter your solution:\n",   "Enter your solution:\r\n", "[?] Enter your solution:\r\n",
        "Enter your solution:  \t\n", ">>> Round 1 <<< Enter your solution:\n",
        "[?] Enter your solution: ", "Enter your solution:",
    };
    for (size_t i = 0; i < sizeof prompts / sizeof *prompts; i++)
        for (size_t chunk = 0; chunk <= 7; chunk += 7) {
            cg_play_result res;
            char sent[128];
            /* No line end after a tail prompt: the verdict comes only after the answer. */
            cg_status st = play_prompt(prompts[i], "\n[+] Correct!\n", chunk, &res, sent,
                                       sizeof sent);
            if (st != CG_OK)
                fail_msg("prompt %zu '%s' (chunk %zu): status %d: %s", i, prompts[i], chunk,
                         (int)st, res.reason);
            if (strcmp(sent, want) != 0 || !res.won)
                fail_msg("prompt %zu '%s' (chunk %zu): sent '%s', want '%s'", i, prompts[i],
                         chunk, sent, want);
            assert_int_equal(res.rounds_answered, 1);
        }
}

/* The prompt anywhere in a line, with text after it ("you have 1 s", "(11 moves at most)"), or
 * in a line the server leaves unfinished, is the prompt: answered as the bare prompt is. */
static void test_prompt_with_text_after_it_is_answered(void **state)
{
    (void)state;
    char want[128];
    reference_answer(want, sizeof want);
    static const char *const lines[] = {
        "Enter your solution: you have 1 s\n",
        "Enter your solution: you have 1 s",
        "[?] Enter your solution: (11 moves at most)\r\n",
        "Enter your solution:x\n",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        cg_play_result res;
        char sent[128];
        cg_status st = play_prompt(lines[i], "\n[+] Correct!\n", 0, &res, sent, sizeof sent);
        if (st != CG_OK || strcmp(sent, want) != 0 || !res.won)
            fail_msg("line %zu '%s': status %d, sent '%s', want '%s'", i, lines[i], (int)st, sent,
                     want);
    }
}

/* The flag line as it ends: a plain newline, and a CRLF server's line with a trailing blank,
 * shown without its '\r' (cg_text_printable would make it a visible '?'). */
static void test_flags_kept(void **state)
{
    (void)state;
    static const char *const ends[] = {"\n", " \r\n"};
    for (size_t k = 0; k < sizeof ends / sizeof *ends; k++) {
        char tail[64];
        snprintf(tail, sizeof tail, "Here: flag{one} and ctf{two}%s", ends[k]);
        cg_play_result res;
        play_text(tail, &res);
        assert_true(res.won);
        assert_string_equal(res.flags, "flag{one} ctf{two}");
        assert_false(res.flags_cut);
        assert_string_equal(res.flag_line, "Here: flag{one} and ctf{two}");
    }
    /* a line that starts with "Face" but is no face's label is a line like any other */
    cg_play_result res;
    play_text("Faceless, but solved: flag{faceless}\n", &res);
    assert_true(res.won);
    assert_string_equal(res.flag_line, "Faceless, but solved: flag{faceless}");
}

static void test_flags_that_do_not_fit_are_marked(void **state)
{
    (void)state;
    /* 40 flags of 23 bytes: about twice what the result holds. */
    char tail[2048];
    size_t n = 0;
    for (int i = 0; i < 40; i++)
        n += (size_t)snprintf(tail + n, sizeof tail - n, "flag{%017d} ", i);
    snprintf(tail + n, sizeof tail - n, "\n");
    cg_play_result res;
    play_text(tail, &res);
    assert_true(res.flags_cut);
    size_t len = strlen(res.flags);
    assert_true(len < sizeof res.flags);
    assert_int_equal(strncmp(res.flags, "flag{00000000000000000} flag{00000000000000001}", 47), 0);
    assert_string_equal(res.flags + len - 3, "...");
    /* The line itself is cut too, and says so. */
    len = strlen(res.flag_line);
    assert_int_equal(len, sizeof res.flag_line - 1);
    assert_string_equal(res.flag_line + len - 3, "...");
}

static void test_one_flag_longer_than_the_result(void **state)
{
    (void)state;
    char tail[1200];
    memset(tail, 'a', sizeof tail); /* not x: flag{xxx} is a format, no flag */
    memcpy(tail, "flag{", 5);
    memcpy(tail + sizeof tail - 3, "}\n", 3);
    cg_play_result res;
    play_text(tail, &res);
    assert_true(res.flags_cut);
    assert_int_equal(strncmp(res.flags, "flag{aaa", 8), 0); /* its head is kept */
    assert_string_equal(res.flags + strlen(res.flags) - 3, "...");
}

/* One round passed of two announced, then the server closes: not a win, and the reason says
 * how far the game got. All rounds announced and passed: a win. */
static void test_closed_before_the_last_announced_round(void **state)
{
    (void)state;
    static char text[1 << 16];
    for (int announced = 1; announced <= 2; announced++) {
        size_t n = read_round(text, sizeof text);
        char *head = strstr(text, "Round 1/1");
        assert_non_null(head);
        head[8] = (char)('0' + announced);
        n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\n");
        cg_play_result res;
        char sent[128];
        assert_int_equal(play_bytes(text, n, 0, &res, sent, sizeof sent), CG_OK);
        assert_int_equal(res.rounds_passed, 1);
        assert_int_equal(res.rounds_announced, announced);
        if (announced == 1) {
            assert_true(res.won);
        } else {
            assert_false(res.won);
            assert_non_null(strstr(res.reason, "after 1 passed round of the 2 announced"));
        }
    }
}

typedef struct seen {
    int count[CG_EVENT_TEXT + 1];
    char prompt[64];
} seen;

static void on_event(void *ctx, cg_event kind, const char *line, size_t n)
{
    seen *s = ctx;
    assert_true(kind >= CG_EVENT_GATE && kind <= CG_EVENT_TEXT);
    s->count[kind]++;
    if (kind == CG_EVENT_PROMPT)
        snprintf(s->prompt, sizeof s->prompt, "%.*s", (int)n, line);
}

/* One event per line the engine classified: the round's cube completed once, its prompt, its
 * verdict, and the rest text; the names are the documented ones. */
static void test_events_classified(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = read_round(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\nflag{x}\n");
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    seen s = {{0}, ""};
    opt.on_event = on_event;
    opt.on_event_ctx = &s;
    cg_play_result res;
    assert_int_equal(cg_play(t, tables, &opt, &res, NULL), CG_OK);
    cg_tube_close(t);
    assert_true(res.won);
    assert_int_equal(s.count[CG_EVENT_PROMPT], 1);
    assert_string_equal(s.prompt, "Enter your solution:");
    assert_int_equal(s.count[CG_EVENT_CUBE], 0); /* the fixture's boxes end at the prompt */
    assert_int_equal(s.count[CG_EVENT_VERDICT], 1);
    assert_int_equal(s.count[CG_EVENT_GATE] + s.count[CG_EVENT_REPLY] + s.count[CG_EVENT_ENTER], 0);
    assert_true(s.count[CG_EVENT_TEXT] > 5); /* the banner, the boxes' rows, the flag */
    assert_string_equal(cg_event_name(CG_EVENT_ENTER), "enter");
    assert_string_equal(cg_event_name((cg_event)99), "?");
}

/* "Press enter" while a cube waits is no gate: the cube is answered, not an empty line sent */
static void test_enter_asked_while_a_cube_waits(void **state)
{
    (void)state;
    static const char text[] = "Round 1/2\nUFBDRLBULBUFRRLU????RDDF\nPress enter to continue\n";
    cg_play_result res;
    char sent[256];
    play_bytes(text, sizeof text - 1, 0, &res, sent, sizeof sent);
    assert_int_equal(res.rounds_answered, 1);
    if (strlen(sent) < 3 || sent[0] == '\n')
        fail_msg("sent '%s'", sent);
}

static void count_goal_notes(void *ctx, const char *note)
{
    *(int *)ctx += strstr(note, "a cube at the goal") != NULL;
}

/* A cube read on a line of text is an event of its own (a string); a cube whose shown stickers
 * (one, here) agree on every face is at the goal, said so before the prompt asks for it */
static void test_cube_events_and_goal(void **state)
{
    (void)state;
    static const char text[] = "Round 1/2\nU???????????????????????\nEnter your solution:\n";
    cg_play_options opt = cg_play_defaults();
    seen s = {{0}, ""};
    opt.on_event = on_event;
    opt.on_event_ctx = &s;
    int goal = 0;
    opt.on_note = count_goal_notes;
    opt.on_note_ctx = &goal;
    cg_play_result res;
    char sent[256];
    play_with(text, sizeof text - 1, 0, &opt, &res, sent, sizeof sent);
    assert_int_equal(s.count[CG_EVENT_CUBE], 1);
    assert_int_equal(goal, 1);
    /* U's face mixed, the others each one colour: not at the goal (every face counts, and
     * every sticker of it, the first colour read included) */
    static const char *const MIXED[] = {"Round 1/2\nUURURRRRFFFFDDDDLLLLBBBB\nEnter your solution:\n",
                                        "Round 1/2\nURRRRRRRFFFFDDDDLLLLBBBB\nEnter your solution:\n",
                                        /* and nothing shown is no cube at the goal either */
                                        "Round 1/2\n????????????????????????\nEnter your solution:\n"};
    for (size_t i = 0; i < 3; i++) {
        goal = 0;
        play_with(MIXED[i], strlen(MIXED[i]), 0, &opt, &res, sent, sizeof sent);
        assert_int_equal(goal, 0);
    }
}

/* One move a prompt: a solved cube shown before any move of the round is the goal shown, not a
 * cube to answer (nothing is sent to its prompt) */
static void test_one_move_solved_cube_not_asked(void **state)
{
    (void)state;
    static const char text[] =
        "=== Round 1/2 ===\nFace U:\n+-----+\n| U U |\n| U U |\n+-----+\nFace D:\n+-----+\n| D D |\n"
        "| D D |\n+-----+\nFace F:\n+-----+\n| F F |\n| F F |\n+-----+\nFace B:\n+-----+\n| B B |\n"
        "| B B |\n+-----+\nFace R:\n+-----+\n| R R |\n| R R |\n+-----+\nEnter your move:\n";
    cg_play_options opt = cg_play_defaults();
    opt.one_move = true;
    cg_play_result res;
    char sent[256];
    play_with(text, sizeof text - 1, 0, &opt, &res, sent, sizeof sent);
    assert_string_equal(sent, "");
    assert_int_equal(res.rounds_answered, 0);
}

/* A prompt with no cube before it: the message names every shape looked for */
static void test_prompt_without_a_cube(void **state)
{
    (void)state;
    static const char text[] = "Round 1/1\nEnter your solution:\n";
    cg_play_result res;
    char sent[256];
    play_bytes(text, sizeof text - 1, 0, &res, sent, sizeof sent);
    if (!strstr(res.reason, "a prompt came without any cube (boxes, faces, a net, a string, ANSI "
                            "colours, a Python or JSON cube) before it"))
        fail_msg("the reason: '%s'", res.reason);
}

/* A prompt with no cube before it, a layout given: the message names what was looked for */
static void test_prompt_without_the_layout_drawing(void **state)
{
    (void)state;
    static const char layout_text[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 "
                                      "L1 L2 L3 L4 B1 B2 B3 B4\n";
    cg_layout *layout;
    cg_error err;
    assert_int_equal(cg_layout_new(layout_text, sizeof layout_text - 1, &layout, &err), CG_OK);
    static const char text[] = "Round 1/1\nEnter your solution:\n";
    cg_play_options opt = cg_play_defaults();
    opt.layout = layout;
    cg_play_result res;
    char sent[256];
    play_with(text, sizeof text - 1, 0, &opt, &res, sent, sizeof sent);
    cg_layout_free(layout);
    if (!strstr(res.reason, "a prompt came without any drawing in the layout before it"))
        fail_msg("the reason: '%s'", res.reason);
}

/* A drawing that cannot be read ends the game with the reader's reason, in its round: nothing
 * is answered */
static void test_unreadable_drawing_ends_the_game(void **state)
{
    (void)state;
    static const char text[] = "Round 1/3\nUp face:\nW W W\nW W\nEnter your solution:\n";
    cg_play_result res;
    char sent[256];
    assert_int_equal(play_bytes(text, sizeof text - 1, 0, &res, sent, sizeof sent), CG_ERR_INPUT);
    assert_string_equal(sent, "");
    assert_false(res.won);
    if (!strstr(res.reason, "round 1: labelled faces of a 3x3: face U (label on line 2): line 4 has 2"))
        fail_msg("the reason: '%s'", res.reason);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flags_kept),
        cmocka_unit_test(test_flags_that_do_not_fit_are_marked),
        cmocka_unit_test(test_one_flag_longer_than_the_result),
        cmocka_unit_test(test_prompt_at_the_end_of_a_line_is_answered),
        cmocka_unit_test(test_prompt_with_text_after_it_is_answered),
        cmocka_unit_test(test_closed_before_the_last_announced_round),
        cmocka_unit_test(test_events_classified),
        cmocka_unit_test(test_unreadable_drawing_ends_the_game),
        cmocka_unit_test(test_prompt_without_the_layout_drawing),
        cmocka_unit_test(test_prompt_without_a_cube),
        cmocka_unit_test(test_one_move_solved_cube_not_asked),
        cmocka_unit_test(test_cube_events_and_goal),
        cmocka_unit_test(test_enter_asked_while_a_cube_waits),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
