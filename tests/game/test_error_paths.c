/* Error paths of the game layer that no other test reaches, each with its exact status and
 * message (or result and reason), so that a changed constant, condition or text is caught:
 *   - cg_play's option checks (empty prompt, pace, input, goal with one-move, the regexes) and
 *     its failures in a game (a send refused, one move too many asked for, a 3x3 with no
 *     solver, quarter-turn tables that cannot be had, a box cut off by the prompt, a bad line
 *     after the end, with its note) and its note for a cube solved in any orientation;
 *   - cg_replay_text on captures (no boxes before the prompt, goals shown first, more moves
 *     than a one-move round holds, long answers, an unreadable round header, default options)
 *     and on transcripts (an Enter gate play did not answer the same way, an engine that stops
 *     where play went on);
 *   - transcripts (a file that cannot take the first lines, a bad direction, comments,
 *     upper-case escapes), the answer length limit, serve's proof-of-work gate and buffer
 *     guard, a layout without a final line break, and cg_server_open's option checks. */
#include <errno.h>
#include <regex.h>
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
#include "cubegod/cube3.h"
#include "cubegod/pow.h"
#include "cubegod/puzzle.h"
#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/shapes.h"
#include "cubegod/state.h"
#include "cubegod/transcript.h"
#include "cubegod/tube.h"
#include "game/pow_gate.h"
#include "game/serve/internal.h"
#include "game/serve/round_text.h"
#include "puzzle/reader.h"
#include "tables_fixture.h"
#include "transcripts.h"

#define PROMPT "Enter your solution:"

/* ---- helpers ---- */

/* fixtures/faults/round.txt: one round of five boxes, its prompt alone on the last line. */
static const char *round_text(void)
{
    static char text[4096];
    if (!text[0]) {
        char path[4096];
        snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
        FILE *f = fopen(path, "rb");
        assert_non_null(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = '\0';
    }
    return text;
}

/* The texts a, b, ... (NULL ends them) one after the other in buf (size bytes, asserted to fit). */
static const char *join(char *buf, size_t size, ...)
{
    va_list ap;
    va_start(ap, size);
    size_t n = 0;
    for (const char *s; (s = va_arg(ap, const char *));) {
        size_t k = strlen(s);
        assert_true(n + k < size);
        memcpy(buf + n, s, k);
        n += k;
    }
    va_end(ap);
    buf[n] = '\0';
    return buf;
}

/* cg_play over a memory tube holding text (timeout 1 s); what it sent in sent. */
static cg_status play_mem(const char *text, cg_play_options *o, cg_play_result *res,
                          cg_error *err, char *sent, size_t cap)
{
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, strlen(text), 0, NULL, &t, NULL), CG_OK);
    if (o->timeout == 10)
        o->timeout = 1;
    memset(err, 0, sizeof *err);
    cg_status st = cg_play(t, tables, o, res, err);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_memory_sent(t, &p, &n, NULL), CG_OK);
    assert_true(n < cap);
    if (n)
        memcpy(sent, p, n);
    sent[n] = '\0';
    cg_tube_close(t);
    return st;
}

/* A peer behind callbacks: gives text, takes `sends_ok` sends, then refuses every one. */
typedef struct peer {
    const char *text;
    size_t at;
    int sends_ok, sends;
    char sent[1024];
    size_t nsent;
} peer;

static long peer_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    peer *p = ctx;
    size_t left = strlen(p->text) - p->at;
    if (!left)
        return 0;
    size_t n = left < cap ? left : cap;
    memcpy(buf, p->text + p->at, n);
    p->at += n;
    return (long)n;
}

static long peer_send(void *ctx, const uint8_t *b, size_t n)
{
    peer *p = ctx;
    if (p->sends++ >= p->sends_ok)
        return -2;
    assert_true(p->nsent + n < sizeof p->sent);
    memcpy(p->sent + p->nsent, b, n);
    p->nsent += n;
    p->sent[p->nsent] = '\0';
    return 0;
}

static cg_tube *peer_tube(peer *p)
{
    cg_tube_callbacks cb = {.recv = peer_recv, .send = peer_send, .ctx = p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    return t;
}

/* cg_play against a peer that refuses sends after sends_ok of them. */
static cg_status play_peer(const char *text, int sends_ok, cg_play_options *o, cg_error *err,
                           peer *p)
{
    memset(p, 0, sizeof *p);
    p->text = text;
    p->sends_ok = sends_ok;
    cg_tube *t = peer_tube(p);
    o->timeout = 1;
    cg_play_result res;
    memset(err, 0, sizeof *err);
    cg_status st = cg_play(t, tables, o, &res, err);
    cg_tube_close(t);
    return st;
}

/* The boxes of a 2x2 cube c, each home face f drawn as names[f], the faces in `shown` (a bit a
 * face), as the server prints them. */
static size_t boxes_of(const cg_cube *c, const char *const names[6], unsigned shown, char *buf,
                       size_t size)
{
    cg_stickers s = cg_cube_to_stickers(c);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++) {
        if (!(shown & (1u << (i / 4))))
            continue;
        const char *name = names[s.s[i]];
        assert_int_equal(cg_puzzle_set(&p, i, name, strlen(name), NULL), CG_OK);
    }
    p.faces_shown = (uint8_t)shown;
    size_t n = cg_puzzle_format_boxes(&p, buf, size);
    assert_true(n < size);
    return n;
}

static cg_cube cube_after(const char *moves)
{
    cg_move m[32];
    size_t n;
    assert_int_equal(cg_moves_parse(moves, m, 32, &n, NULL), CG_OK);
    cg_cube c = cg_cube_home();
    cg_cube_apply_all(&c, m, n);
    return c;
}

/* The message a regcomp of pattern with flags gives (glibc's words, not ours). */
static void regex_why(const char *pattern, int flags, char *why, size_t size)
{
    regex_t re;
    int rc = regcomp(&re, pattern, flags);
    assert_int_not_equal(rc, 0);
    regerror(rc, &re, why, size);
}

/* ---- cg_play: options ---- */

static void expect_option_error(cg_play_options *o, const char *msg)
{
    cg_play_result res;
    cg_error err;
    char sent[64];
    cg_status st = play_mem(round_text(), o, &res, &err, sent, sizeof sent);
    if (st != CG_ERR_INPUT || strcmp(err.msg, msg) != 0)
        fail_msg("status %d '%s', want '%s'", (int)st, err.msg, msg);
    assert_string_equal(sent, ""); /* refused before anything is read or sent */
}

/* An option's check that lets the game start: the game is played (and won on its verdict). */
static void expect_option_ok(cg_play_options *o)
{
    cg_play_result res;
    cg_error err;
    char sent[256], text[4096];
    join(text, sizeof text, round_text(), "[+] Correct!\n", NULL);
    cg_status st = play_mem(text, o, &res, &err, sent, sizeof sent);
    if (st != CG_OK || !res.won)
        fail_msg("status %d '%s'", (int)st, err.msg);
}

static void play_option_errors(void **state)
{
    (void)state;
    cg_play_options o = cg_play_defaults();
    o.prompt = " \t ";
    expect_option_error(&o, "the prompt text is empty");

    o = cg_play_defaults();
    o.pace_ms = -1;
    expect_option_error(&o, "pace: -1 is not from 0 to 10000 ms");
    o.pace_ms = 10001;
    expect_option_error(&o, "pace: 10001 is not from 0 to 10000 ms");
    o.pace_ms = 10000; /* the bounds themselves are fine (no send-each: no pause) */
    expect_option_ok(&o);
    o.pace_ms = 0;
    expect_option_ok(&o);

    /* a bad face order: the shape reader's words after "input: " */
    o = cg_play_defaults();
    o.order = "UUDFBL";
    cg_shape_reader r;
    cg_error want;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, o.order, &want), CG_ERR_INPUT);
    char msg[CG_ERROR_MSG_MAX + 16];
    snprintf(msg, sizeof msg, "input: %s", want.msg);
    expect_option_error(&o, msg);

    o = cg_play_defaults();
    o.one_move = true;
    o.goal_first = true;
    expect_option_error(&o, "a goal other than solved does not go with one-move mode");
    cg_puzzle goal;
    assert_int_equal(cg_puzzle_from_compact("UUUUDDDDFFFFBBBBLLLLRRRR", 24, &goal, NULL), CG_OK);
    o.goal_first = false;
    o.goal = &goal;
    expect_option_error(&o, "a goal other than solved does not go with one-move mode");

    char why[128];
    o = cg_play_defaults();
    o.flag_regex = "flag{(";
    regex_why(o.flag_regex, REG_EXTENDED, why, sizeof why);
    snprintf(msg, sizeof msg, "flag regex 'flag{(': %s", why);
    expect_option_error(&o, msg);

    o = cg_play_defaults();
    o.verdict_ok = "ok(";
    regex_why(o.verdict_ok, REG_EXTENDED | REG_ICASE | REG_NOSUB, why, sizeof why);
    snprintf(msg, sizeof msg, "verdict-ok 'ok(': %s", why);
    expect_option_error(&o, msg);
    o.verdict_ok = "^yes";
    o.verdict_fail = "[no";
    regex_why(o.verdict_fail, REG_EXTENDED | REG_ICASE | REG_NOSUB, why, sizeof why);
    snprintf(msg, sizeof msg, "verdict-fail '[no': %s", why);
    expect_option_error(&o, msg);
}

/* ---- cg_play: failures in a game ---- */

static void play_send_failures(void **state)
{
    (void)state;
    peer p;
    cg_error err;
    /* the whole answer at once */
    cg_play_options o = cg_play_defaults();
    assert_int_equal(play_peer(round_text(), 0, &o, &err, &p), CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "round 1: sending the answer: peer: send: the send callback "
                                 "failed (it returned -2)");
    /* a move a line: the first move's send names it */
    o = cg_play_defaults();
    o.send_each = true;
    assert_int_equal(play_peer(round_text(), 0, &o, &err, &p), CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "round 1: sending the answer: sending move 1: peer: send: "
                                 "the send callback failed (it returned -2)");
    /* one move a prompt: the first goes, the second (at the next prompt) cannot */
    char text[4096];
    join(text, sizeof text, round_text(), PROMPT "\n", NULL);
    o = cg_play_defaults();
    o.one_move = true;
    assert_int_equal(play_peer(text, 1, &o, &err, &p), CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "round 1: sending move 2: peer: send: the send callback "
                                 "failed (it returned -2)");
    assert_int_equal(strlen(p.sent), strcspn(p.sent, "\n") + 1); /* one line: one move */
}

/* One move a prompt, and the server asks once more after the last move with no cube shown. */
static void play_one_move_asked_past_the_solution(void **state)
{
    (void)state;
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", round_text());
    for (int i = 0; i < 20; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", PROMPT);
    cg_play_options o = cg_play_defaults();
    o.one_move = true;
    cg_play_result res;
    cg_error err;
    char sent[512];
    assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_ERR_PROTOCOL);
    size_t k = 0; /* the moves sent, a line each */
    for (const char *s = sent; (s = strchr(s, '\n')); s++)
        k++;
    assert_true(k >= 1);
    char want[256];
    snprintf(want, sizeof want, "round 1: the server asks for move %zu, but the solution has %zu "
                                "moves and the cube should be solved", k + 1, k);
    assert_string_equal(err.msg, want);
}

/* A 3x3 round without a 3x3 solver given. */
static void play_3x3_without_solver(void **state)
{
    (void)state;
    cg3_tables t3;
    cg3_tables_init(&t3);
    cg_rng rng;
    cg_rng_seed(&rng, 7);
    cg_round3 r;
    cg_round3_make(&t3, &rng, 0, 5, &r);
    char text[4096];
    assert_true(cg_round3_format(&r, 1, 1, text, sizeof text) < sizeof text);
    cg_play_options o = cg_play_defaults();
    cg_play_result res;
    cg_error err;
    char sent[64];
    assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_ERR_INPUT);
    assert_string_equal(err.msg, "round 1: a 3x3 came and no 3x3 solver was given");
    assert_string_equal(sent, "");
}

static cg_status no_qtm_tables(void *ctx, const cg_tables **out, cg_error *err)
{
    (*(int *)ctx)++;
    *out = NULL;
    return cg_fail(err, CG_ERR_SYSTEM, "no quarter-turn table here");
}

/* The server counts quarter turns and the quarter-turn tables cannot be had: an input error
 * (whatever the callback's status), naming the tables and the round. */
static void play_qtm_tables_fail(void **state)
{
    (void)state;
    char text[4096];
    join(text, sizeof text, "Solve 1 rounds, each in 1 second(s) and at most 14 quarter turns, to "
                            "get the flag!\n", round_text(), NULL);
    int calls = 0;
    cg_play_options o = cg_play_defaults();
    o.tables_qtm = no_qtm_tables;
    o.tables_qtm_ctx = &calls;
    cg_play_result res;
    cg_error err;
    char sent[64];
    assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_ERR_INPUT);
    assert_string_equal(err.msg, "round 1: the quarter-turn tables: no quarter-turn table here");
    assert_int_equal(calls, 1);
    assert_string_equal(sent, "");
}

/* The prompt comes in the middle of a box: the reader's error, for the round. */
static void play_box_cut_by_the_prompt(void **state)
{
    (void)state;
    const char *text = "=== Round 2/3 ===\nFace U:\n+-----+\n| U U |\n" PROMPT "\n";
    cg_play_options o = cg_play_defaults();
    cg_play_result res;
    cg_error err;
    char sent[64];
    assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_ERR_INPUT);
    assert_string_equal(err.msg, "round 2: Face U: the box is cut off by the end of input");
    assert_string_equal(sent, "");
}

static void keep_note(void *ctx, const char *note)
{
    char *notes = ctx;
    size_t n = strlen(notes);
    snprintf(notes + n, 2048 - n, "%s|", note);
}

/* A cube in the common colours held upside down, one move from solved in that orientation:
 * within a 1-move limit only "any orientation" fits, and the player is told. */
static void play_any_orientation_note(void **state)
{
    (void)state;
    /* x2: U shows yellow, D white, F blue, B green; L and R keep orange and red */
    static const char *const upside_down[6] = {"Y", "W", "B", "G", "O", "R"};
    cg_cube c = cube_after("R");
    char text[4096];
    size_t n = (size_t)snprintf(text, sizeof text, "=== Round 1/1 ===\n");
    n += boxes_of(&c, upside_down, 0x3f, text + n, sizeof text - n);
    snprintf(text + n, sizeof text - n, "%s\n[+] Correct!\n", PROMPT);
    char notes[2048] = "";
    cg_play_options o = cg_play_defaults();
    o.solve.max_moves = 1;
    o.on_note = keep_note;
    o.on_note_ctx = notes;
    cg_play_result res;
    cg_error err;
    char sent[64];
    cg_status st = play_mem(text, &o, &res, &err, sent, sizeof sent);
    if (st != CG_OK)
        fail_msg("status %d: %s", (int)st, err.msg);
    assert_string_equal(sent, "R'\n");
    if (!strstr(notes, "round 1: no solution to white up, green in front fits in 1 moves: solved "
                       "in any orientation|"))
        fail_msg("notes: %s", notes);
}

/* After the last round a line the readers cannot take (a stray box) is passed over with a note,
 * as a player at nc would: the flag after it still counts, lingering for a handover or not. */
static void play_bad_line_after_the_end(void **state)
{
    (void)state;
    char text[4096];
    join(text, sizeof text, round_text(), "[+] Correct! (9 moves)\nFace U:\n+-----+\n| U |\n",
         "flag{after_the_bad_line}\n", NULL);
    for (int handover = 0; handover < 2; handover++) {
        cg_play_options o = cg_play_defaults();
        o.handover = handover;
        char notes[2048] = "";
        o.on_note = keep_note;
        o.on_note_ctx = notes;
        cg_play_result res;
        cg_error err;
        char sent[64];
        assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_OK);
        assert_true(res.won);
        assert_string_equal(res.flags, "flag{after_the_bad_line}");
        /* that line alone is noted: the lines read after the end are not all errors */
        const char *at = strstr(notes, "after the end, a line not read: ");
        if (!at || strncmp(at + 32, "round 2: Face U: line 2 of the box should be a row "
                                    "'| a b |' or '| a b c |', not '| U |'|", 89) != 0 ||
            strstr(at + 1, "after the end"))
            fail_msg("handover %d, notes: %s", handover, notes);
    }
}

/* The same after a no: the game is lost, and a stray box then a flag-shaped line (text that
 * looks like a win) change nothing: no flag, the no's words the reason. */
static void play_bad_line_after_a_no(void **state)
{
    (void)state;
    char text[4096];
    join(text, sizeof text, round_text(), "[-] Wrong answer\nFace U:\n+-----+\n| U |\n",
         "Congratulations! flag{not_yours}\n", NULL);
    cg_play_options o = cg_play_defaults();
    cg_play_result res;
    cg_error err;
    char sent[64];
    assert_int_equal(play_mem(text, &o, &res, &err, sent, sizeof sent), CG_OK);
    assert_false(res.won);
    assert_int_equal(res.outcome, CG_OUTCOME_LOST);
    assert_string_equal(res.flags, "");
    if (!strstr(res.reason, "Wrong answer"))
        fail_msg("reason: %s", res.reason);
}

/* ---- cg_replay_text: captures ---- */

typedef struct rounds {
    int n;
    cg_replay_round r[4];
} rounds;

static void keep_round(void *ctx, const cg_replay_round *r)
{
    rounds *got = ctx;
    if (got->n < 4)
        got->r[got->n] = *r;
    got->n++;
}

static cg_status replay(const char *text, const cg_replay_options *o, rounds *got,
                        cg_replay_summary *sum, cg_error *err)
{
    memset(got, 0, sizeof *got);
    memset(err, 0, sizeof *err);
    return cg_replay_text(tables, o, text, strlen(text), keep_round, got, sum, err);
}

/* round.txt without its header line */
static const char *round_body(void) { return strchr(round_text(), '\n') + 1; }

static void replay_no_boxes_before_the_prompt(void **state)
{
    (void)state;
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay("Welcome!\n" PROMPT "\nR U\n", NULL, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.r[0].result, CG_REPLAY_UNREADABLE);
    assert_string_equal(got.r[0].reason, "no face boxes before the prompt");
    assert_string_equal(got.r[0].answer, "R U");
    /* a box that could not be read: where and why */
    assert_int_equal(replay("Welcome!\nFace U:\n+-----+\n| U |\n" PROMPT "\nR\n", NULL, &got, &sum,
                            &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.r[0].result, CG_REPLAY_UNREADABLE);
    assert_string_equal(got.r[0].reason, "no face boxes before the prompt: line 4: Face U: line 2 "
                                         "of the box should be a row '| a b |' or '| a b c |', "
                                         "not '| U |'");
    assert_string_equal(cg_replay_result_name((cg_replay_result)99), "?");
}

/* serve --goal shown's round text: the goal's boxes, then the cube's (goal NULL: the cube's). */
static size_t goal_round(const char *goal_moves, const char *cube_moves, int index, int total,
                         char *buf, size_t size)
{
    cgi_round_style d = {CG_SHAPE_BOXES, CG_COLOURS_LETTERS, NULL, NULL, NULL};
    cg_cube g = goal_moves ? cube_after(goal_moves) : cg_cube_home(), c = cube_after(cube_moves);
    cg_stickers gs = cg_cube_to_stickers(&g), cs = cg_cube_to_stickers(&c);
    size_t n = cgi_round_text(&d, index, total, 2, goal_moves ? gs.s : NULL, cs.s, 0, PROMPT, buf,
                              size);
    assert_true(n < size);
    return n;
}

/* Goals shown first: the cube before the round's cube is its goal (the answer turns the cube
 * into it); a round with one cube has none, and a goal is never carried into the next round. */
static void replay_goal_first(void **state)
{
    (void)state;
    char text[8192];
    size_t n = goal_round("F", "F U", 1, 2, text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "U'\n[+] Correct!\n");
    n += goal_round(NULL, "R", 2, 2, text + n, sizeof text - n);
    snprintf(text + n, sizeof text - n, "R'\n");
    cg_replay_options o = cg_replay_defaults();
    o.goal_first = true;
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 2);
    if (got.r[0].result != CG_REPLAY_CORRECT)
        fail_msg("round 1: %s: %s", cg_replay_result_name(got.r[0].result), got.r[0].reason);
    assert_int_equal(got.r[0].moves, 1);
    assert_int_equal(got.r[1].result, CG_REPLAY_UNREADABLE);
    assert_string_equal(got.r[1].reason, "no goal came before the cube (goals shown first: each "
                                         "round shows two cubes)");
    assert_int_equal(got.r[1].moves, -1);
}

/* One move a line: the round holds 65 moves; a 66th is "more than 65 moves". */
static void replay_one_move_too_many(void **state)
{
    (void)state;
    for (int moves = 65; moves <= 66; moves++) {
        char text[8192];
        size_t n = (size_t)snprintf(text, sizeof text, "%sR\n", round_text());
        for (int i = 1; i < moves; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s\nR\n", PROMPT);
        cg_replay_options o = cg_replay_defaults();
        o.one_move = true;
        rounds got;
        cg_replay_summary sum;
        cg_error err;
        assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
        assert_int_equal(got.n, 1);
        assert_int_equal(got.r[0].result, CG_REPLAY_TOO_MANY);
        assert_string_equal(got.r[0].reason, moves == 65 ? "Too many moves (65, at most 11 allowed)"
                                                         : "more than 65 moves");
    }
}

/* An answer longer than the round keeps is cut to fit, NUL included. */
static void replay_long_answer_cut(void **state)
{
    (void)state;
    char answer[401], text[8192];
    for (int i = 0; i < 200; i++)
        memcpy(answer + 2 * i, "R ", 2);
    answer[400] = '\0';
    snprintf(text, sizeof text, "%s%s\n", round_text(), answer);
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay(text, NULL, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(strlen(got.r[0].answer), sizeof got.r[0].answer - 1);
    assert_memory_equal(got.r[0].answer, answer, sizeof got.r[0].answer - 1);
    assert_int_equal(got.r[0].result, CG_REPLAY_TOO_MANY);
}

/* A round header whose numbers cannot be read forgets the last header's: rounds counted. */
static void replay_unreadable_round_header(void **state)
{
    (void)state;
    char text[8192];
    snprintf(text, sizeof text, "=== Round 5/9 ===\n=== Round ? ===\n%sR\n", round_body());
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay(text, NULL, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.r[0].number, 1);
    assert_int_equal(got.r[0].total, 0);
}

/* An empty prompt is the default prompt; a 3x3 limit of 0 is the default 20 moves. */
static void replay_option_defaults(void **state)
{
    (void)state;
    char text[8192];
    snprintf(text, sizeof text, "%sR\n", round_text());
    cg_replay_options o = cg_replay_defaults();
    o.prompt = "";
    o.prompt_given = true; /* found by its text only */
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.r[0].line, 28); /* round.txt's prompt */

    /* a 3x3 made by 20 face turns, answered by their inverse: 20 moves */
    cg3_tables t3;
    cg3_tables_init(&t3);
    cg_rng rng;
    cg_rng_seed(&rng, 11);
    cg_round3 r3;
    cg_round3_make(&t3, &rng, 0, 20, &r3);
    assert_int_equal(r3.scramble_moves, 20);
    cg_move inv[20];
    for (int i = 0; i < 20; i++) {
        cg_move m = r3.scramble[19 - i];
        inv[i] = (cg_move)(m / 3 * 3 + (2 - m % 3));
    }
    size_t n = cg_round3_format(&r3, 1, 1, text, sizeof text);
    n += cg_moves_format(inv, 20, text + n, sizeof text - n);
    snprintf(text + n, sizeof text - n, "\n");
    for (int max3 = 0; max3 >= -1; max3--) {
        o = cg_replay_defaults();
        o.max_moves3 = max3;
        assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
        assert_int_equal(got.n, 1);
        if (got.r[0].result != CG_REPLAY_CORRECT)
            fail_msg("max %d: %s", max3, got.r[0].reason);
        assert_int_equal(got.r[0].moves, 20);
    }
    o.max_moves3 = 19; /* the limit does bind */
    assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
    assert_int_equal(got.r[0].result, CG_REPLAY_TOO_MANY);
}

/* A cube read in colours whose scheme is unknown cannot be solved to home: unreadable, and the
 * answer is not judged against it. */
static void replay_home_needs_a_scheme(void **state)
{
    (void)state;
    static const char *const common[6] = {"W", "Y", "G", "B", "O", "R"};
    char text[8192];
    cg_cube c = cube_after("R U");
    size_t n = boxes_of(&c, common, 0x3f, text, sizeof text);
    snprintf(text + n, sizeof text - n, "%s\nR\n", PROMPT);
    cg_replay_options o = cg_replay_defaults();
    o.check = CG_TARGET_HOME;
    rounds got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(replay(text, &o, &got, &sum, &err), CG_OK);
    assert_int_equal(got.n, 1);
    assert_int_equal(got.r[0].result, CG_REPLAY_UNREADABLE);
    assert_string_equal(got.r[0].reason, "target home needs the colour scheme: the colours are not "
                                         "the face letters, so the colour scheme must be given");
    assert_int_equal(got.r[0].moves, -1);
    assert_int_equal(got.r[0].optimal, -1);
}

/* ---- cg_replay_text: transcripts ---- */

/* An Enter gate: the engine sends an empty line; play sent nothing there, or another line. */
static void replay_enter_gate_differences(void **state)
{
    (void)state;
    char text[4096];
    const char *silent[] = {"< 0.0 Welcome!\n", "< 0.0 Press Enter to continue...",
                            "< 5.0 \nBye\n"};
    cg_replay_summary sum;
    cg_error err;
    rounds got;
    assert_int_equal(replay(transcript(text, sizeof text, silent, 3), NULL, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(sum.differences, 1);
    assert_string_equal(sum.difference, "line 4: the engine sent '', play nothing");
    const char *other[] = {"< 0.0 Welcome!\n", "< 0.0 Press Enter to continue...", "> 0.1 x\n",
                           "< 5.0 \nBye\n"};
    assert_int_equal(replay(transcript(text, sizeof text, other, 4), NULL, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(sum.differences, 1);
    assert_string_equal(sum.difference, "line 4: play sent another line than the engine's ''");
}

/* Goals first, and the cube asked for again after play left it unanswered: the engine has no
 * goal left for it and stops where play went on. */
static void replay_engine_stops_where_play_went_on(void **state)
{
    (void)state;
    char round[4096], text[8192], rec[4200];
    goal_round("F", "F U", 1, 1, round, sizeof round);
    snprintf(rec, sizeof rec, "< 0.0 %s", round);
    const char *recs[] = {rec, "< 1.0 " PROMPT "\n", "> 1.1 U'\n", "< 1.2 [+] Correct!\n"};
    cg_replay_options o = cg_replay_defaults();
    o.goal_first = true;
    cg_replay_summary sum;
    cg_error err;
    rounds got;
    assert_int_equal(replay(transcript(text, sizeof text, recs, 4), &o, &got, &sum, &err),
                     CG_ERR_INPUT);
    assert_string_equal(err.msg, "line 4: the engine stopped where play went on: round 1: no goal "
                                 "came before the prompt (the round's first cube is the goal when "
                                 "goal_first is set) (a file changed by hand, or options other "
                                 "than play's)");
}

/* ---- transcripts ---- */

static void transcript_error_paths(void **state)
{
    (void)state;
    cg_transcript *t = (cg_transcript *)&t;
    cg_error err;
    /* the first lines cannot be written: the file is not kept open */
    if (access("/dev/full", W_OK) == 0) {
        assert_int_equal(cg_transcript_open("/dev/full", &t, &err), CG_ERR_SYSTEM);
        char want[128];
        snprintf(want, sizeof want, "writing the transcript: %s", strerror(ENOSPC));
        assert_string_equal(err.msg, want);
        assert_null(t);
    }
    char path[] = "/tmp/cubegod-errpaths-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(cg_transcript_open(path, &t, &err), CG_OK);
    assert_int_equal(cg_transcript_write(t, CG_DIR_NOTE, "x", 1, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "transcript direction must be '<' or '>'");
    assert_int_equal(cg_transcript_write(t, (cg_direction)'#', "x", 1, &err), CG_ERR_INPUT);
    /* a comment: no time, newlines made blanks */
    assert_int_equal(cg_transcript_note(t, CG_DIR_IN, &err, "peer %s\nport %d", "h", 7), CG_OK);
    assert_int_equal(cg_transcript_close(t, &err), CG_OK);
    char text[512];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    unlink(path);
    text[n] = '\0';
    const char *second = strchr(text, '\n') + 1, *third = strchr(second, '\n') + 1;
    assert_int_equal(strncmp(second, "# started ", 10), 0);
    assert_string_equal(third, "# peer h port 7\n"); /* and no record of the bad writes */

    /* escapes in upper case, at the ends of the hex digits' ranges */
    char line[] = "< 0.5 \\x4A\\xAF\\xFa\\x0F\\x9B";
    cg_transcript_record rec;
    assert_int_equal(cg_transcript_parse_line(line, strlen(line), &rec, &err), CG_OK);
    assert_int_equal(rec.len, 5);
    assert_memory_equal(rec.data, "\x4a\xaf\xfa\x0f\x9b", 5);
    char bad[] = "< 0.5 \\xG0";
    assert_int_equal(cg_transcript_parse_line(bad, strlen(bad), &rec, &err), CG_ERR_INPUT);
}

/* ---- answers, serve's gate, buffer and layouts ---- */

static void answer_too_long(void **state)
{
    (void)state;
    static char line[CG_SERVER_LINE_MAX + 2];
    memset(line, ' ', sizeof line);
    cg_cube c = cube_after("R");
    cg_error err;
    int moves;
    /* 4095 blanks: within the limit (and no moves) */
    assert_int_not_equal(cg_answer_check(&c, line, CG_SERVER_LINE_MAX - 1, 11, CG_TARGET_ANY,
                                         &moves, &err), CG_ERR_LIMIT);
    assert_int_equal(cg_answer_check(&c, line, CG_SERVER_LINE_MAX, 11, CG_TARGET_ANY, &moves, &err),
                     CG_ERR_LIMIT);
    assert_string_equal(err.msg, "Answer too long (4096 bytes)");
    /* a trailing '\r' does not count */
    line[CG_SERVER_LINE_MAX] = '\r';
    assert_int_equal(cg_answer_check(&c, line, CG_SERVER_LINE_MAX + 1, 11, CG_TARGET_ANY, &moves,
                                     &err), CG_ERR_LIMIT);
    assert_string_equal(err.msg, "Answer too long (4096 bytes)");
    line[CG_SERVER_LINE_MAX - 1] = '\r';
    assert_int_not_equal(cg_answer_check(&c, line, CG_SERVER_LINE_MAX, 11, CG_TARGET_ANY, &moves,
                                         &err), CG_ERR_LIMIT);
}

/* The gate's client: answers the challenge it was sent (the peer's first send). */
static long gate_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    peer *p = ctx;
    if (p->text)
        return peer_recv(ctx, buf, cap, timeout);
    static char answer[CG_POW_ANSWER_MAX + 1];
    assert_int_equal(cg_pow_answer(p->sent, p->nsent, answer, sizeof answer - 1, NULL), CG_OK);
    strcat(answer, "\n");
    p->text = answer;
    return peer_recv(ctx, buf, cap, timeout);
}

static void serve_gate_failures(void **state)
{
    (void)state;
    char outcome[512], want[512];
    cg_error e;
    peer p;
    memset(&p, 0, sizeof p);
    cg_tube_callbacks cb = {.recv = gate_recv, .send = peer_send, .ctx = &p};
    cg_tube *t;
    /* an unknown kind */
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    assert_int_equal(cg_pow_challenge("md5", 0, want, sizeof want, &e), CG_ERR_INPUT);
    snprintf(want, sizeof want, "dropped at the proof of work: %s", e.msg);
    assert_false(cgi_serve_gate(t, "md5", 0, outcome, sizeof outcome));
    assert_string_equal(outcome, want);
    assert_int_equal(p.sends, 0);
    /* the challenge cannot be sent */
    assert_false(cgi_serve_gate(t, "sha256", 1, outcome, sizeof outcome));
    assert_string_equal(outcome, "dropped at the proof of work: peer: send: the send callback "
                                 "failed (it returned -2)");
    cg_tube_close(t);
    /* the right answer comes, and "Correct" cannot be sent */
    memset(&p, 0, sizeof p);
    p.sends_ok = 1;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    assert_false(cgi_serve_gate(t, "sha256", 1, outcome, sizeof outcome));
    assert_string_equal(outcome, "dropped at the proof of work: peer: send: the send callback "
                                 "failed (it returned -2)");
    assert_int_equal(p.sends, 2);
    cg_tube_close(t);
    /* the same taken: the gate is passed */
    memset(&p, 0, sizeof p);
    p.sends_ok = 2;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    assert_true(cgi_serve_gate(t, "sha256", 1, outcome, sizeof outcome));
    assert_string_equal(p.sent + p.nsent - 8, "Correct\n");
    cg_tube_close(t);
}

/* A round text that does not fit the game's buffer ends the game, naming the sizes. */
static void serve_round_does_not_fit(void **state)
{
    (void)state;
    server_game g;
    memset(&g, 0, sizeof g);
    g.out_cap = 100;
    size_t len = 40;
    assert_false(cgi_serve_fit(&g, &len, 60, 3));
    assert_string_equal(g.outcome, "round 3: its text (100 bytes) does not fit the buffer (100)");
    assert_int_equal(len, 40);
    g.outcome[0] = '\0';
    assert_true(cgi_serve_fit(&g, &len, 59, 3)); /* the NUL still fits */
    assert_int_equal(len, 99);
    assert_string_equal(g.outcome, "");
}

/* A layout whose last line has no line break gets one before the prompt. */
static void layout_without_final_newline(void **state)
{
    (void)state;
    uint8_t faces[CG_STICKERS];
    for (int i = 0; i < CG_STICKERS; i++)
        faces[i] = (uint8_t)(i / 4);
    char buf[512];
    for (int k = 0; k < 2; k++) {
        cgi_round_style d = {CG_SHAPE_AUTO, CG_COLOURS_LETTERS, NULL, NULL,
                             k ? "top: U1 U2 U3 U4\nfront: F1 F2 F3 F4\n"
                               : "top: U1 U2 U3 U4\nfront: F1 F2 F3 F4"};
        size_t n = cgi_round_text(&d, 1, 1, 2, NULL, faces, 0, PROMPT, buf, sizeof buf);
        assert_true(n < sizeof buf);
        assert_string_equal(buf, "=== Round 1/1 ===\nHere is the cube:\ntop: U U U U\n"
                                 "front: F F F F\n" PROMPT "\n");
    }
}

/* ---- cg_server_open's option checks ---- */

static void expect_server_error(const cg_server_options *o, const char *msg)
{
    cg_server *s = (cg_server *)&s;
    cg_error err;
    cg_status st = cg_server_open(o, &s, &err);
    if (st != CG_ERR_INPUT || strcmp(err.msg, msg) != 0)
        fail_msg("status %d '%s', want '%s'", (int)st, err.msg, msg);
    assert_null(s);
}

static void expect_server_ok(const cg_server_options *o)
{
    cg_server *s;
    cg_error err;
    if (cg_server_open(o, &s, &err) != CG_OK)
        fail_msg("%s", err.msg);
    cg_server_close(s);
}

static cg_server_options quiet_server(void)
{
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    return o;
}

static void server_option_errors(void **state)
{
    (void)state;
    cg_server_options o = quiet_server();
    o.one_move = true;
    o.goal = "shown";
    expect_server_error(&o, "one-move mode shows boxes only: no goal, layout, side order, dict or "
                            "json");
    o = quiet_server();
    o.one_move = true;
    o.across = "BLFR";
    expect_server_error(&o, "one-move mode shows boxes only: no goal, layout, side order, dict or "
                            "json");

    o = quiet_server();
    o.show = CG_SHAPE_JSON;
    o.colours = CG_COLOURS_ANSI;
    expect_server_error(&o, "colours: dict and json show letters, words or digits");
    o.show = CG_SHAPE_DICT;
    expect_server_error(&o, "colours: dict and json show letters, words or digits");

    char solved3[64];
    assert_int_equal(cg_state_solved(3, solved3, sizeof solved3, NULL), CG_OK);
    o = quiet_server();
    o.goal = solved3;
    expect_server_error(&o, "goal: a 3x3 state for a 2x2 game");

    /* a side order: four letters, not "auto", and for nets only */
    o = quiet_server();
    o.show = CG_SHAPE_NET;
    o.across = "auto";
    expect_server_error(&o, "across: four letters, such as BLFR");
    o.across = "BLFX";
    cg_shape_reader r;
    cg_error want;
    cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL);
    assert_int_equal(cg_shape_reader_across(&r, o.across, &want), CG_ERR_INPUT);
    char msg[CG_ERROR_MSG_MAX + 16];
    snprintf(msg, sizeof msg, "across: %s", want.msg);
    expect_server_error(&o, msg);
    o.across = "BLFR";
    o.show = CG_SHAPE_STRING;
    expect_server_error(&o, "across: the side order is for nets (show net or ansi)");
    o.show = CG_SHAPE_ANSI;
    expect_server_ok(&o);

    o = quiet_server();
    o.max_moves = -1;
    expect_server_error(&o, "max moves: -1 is not from 0 to 64");
    o.max_moves = CG_SERVER_MAX_MOVES + 1;
    expect_server_error(&o, "max moves: 65 is not from 0 to 64");
    o.max_moves = CG_SERVER_MAX_MOVES;
    expect_server_ok(&o);
    o.max_moves = 0;
    expect_server_ok(&o);

    o = quiet_server();
    o.port = -1;
    expect_server_error(&o, "port: -1 is not from 0 to 65535");
    o.port = 65536;
    expect_server_error(&o, "port: 65536 is not from 0 to 65535");

    o = quiet_server();
    o.max_clients = 0;
    expect_server_error(&o, "max clients: 0 is not from 1 to 100000");
    o.max_clients = 100001;
    expect_server_error(&o, "max clients: 100001 is not from 1 to 100000");
    o.max_clients = 100000;
    expect_server_ok(&o);
    o.max_clients = 1;
    expect_server_ok(&o);

    o = quiet_server();
    o.check = CG_TARGET_AUTO;
    expect_server_error(&o, "check: must be any or home");
    o.check = CG_TARGET_HOME;
    expect_server_ok(&o);

    static char long_text[4098];
    memset(long_text, 'f', sizeof long_text - 1);
    o = quiet_server();
    o.flag = NULL;
    expect_server_error(&o, "flag: one line of at most 4096 bytes");
    o.flag = "flag{a\nb}";
    expect_server_error(&o, "flag: one line of at most 4096 bytes");
    o.flag = long_text; /* 4097 bytes */
    expect_server_error(&o, "flag: one line of at most 4096 bytes");
    o.flag = long_text + 1; /* 4096 */
    expect_server_ok(&o);

    o = quiet_server();
    o.metric = (cg_metric)7;
    expect_server_error(&o, "metric: must be htm or qtm");
    o.metric = CG_METRIC_QTM;
    expect_server_ok(&o);

    o = quiet_server();
    o.games = -1;
    expect_server_error(&o, "games: -1 is negative");
    o.games = 0;
    expect_server_ok(&o);

    o = quiet_server();
    o.show = (cg_shape)(CG_SHAPE_JSON + 1);
    char shape_msg[96];
    snprintf(shape_msg, sizeof shape_msg, "show: shape %d or colours 0 out of range",
             (int)CG_SHAPE_JSON + 1);
    expect_server_error(&o, shape_msg);
    o.show = CG_SHAPE_JSON;
    expect_server_ok(&o);
    o = quiet_server();
    o.show = CG_SHAPE_NET;
    o.colours = (cg_colours)(CG_COLOURS_ANSI + 1);
    snprintf(shape_msg, sizeof shape_msg, "show: shape %d or colours %d out of range",
             (int)CG_SHAPE_NET, (int)CG_COLOURS_ANSI + 1);
    expect_server_error(&o, shape_msg);
    o.colours = CG_COLOURS_ANSI;
    expect_server_ok(&o);

    /* the dialogue's lines: one line each, within their bounds */
    o = quiet_server();
    o.banner = long_text + 4097 - 401;
    expect_server_error(&o, "banner: one line of at most 400 bytes");
    o.banner = "Solve\nthem";
    expect_server_error(&o, "banner: one line of at most 400 bytes");
    o.banner = long_text + 4097 - 400;
    expect_server_ok(&o);
    o = quiet_server();
    o.prompt = "";
    expect_server_error(&o, "prompt: one line of 1 to 200 bytes");
    o.prompt = long_text + 4097 - 201;
    expect_server_error(&o, "prompt: one line of 1 to 200 bytes");
    o.prompt = "Moves?\n";
    expect_server_error(&o, "prompt: one line of 1 to 200 bytes");
    o.prompt = long_text + 4097 - 200;
    expect_server_ok(&o);
    o = quiet_server();
    o.send_each = true;
    o.end = long_text + 4097 - 65;
    expect_server_error(&o, "end: one line of at most 64 bytes");
    o.end = "#\n";
    expect_server_error(&o, "end: one line of at most 64 bytes");
    o.end = long_text + 4097 - 64;
    expect_server_ok(&o);
    o.send_each = false;
    o.end = "#";
    expect_server_error(&o, "end: the line that ends the moves of send-each mode");
    o = quiet_server();
    o.send_each = true;
    o.one_move = true;
    expect_server_error(&o, "send-each: moves one a line at one prompt, or one move a prompt "
                            "(one-move), not both");

    /* the menu game: a 3x3, neither one-move nor send-each */
    o = quiet_server();
    o.menu = true;
    expect_server_error(&o, "menu: a 3x3 game (size 3), neither one-move nor send-each");
    o.size = 3;
    o.one_move = true;
    expect_server_error(&o, "menu: a 3x3 game (size 3), neither one-move nor send-each");
    o.one_move = false;
    o.send_each = true;
    expect_server_error(&o, "menu: a 3x3 game (size 3), neither one-move nor send-each");
    o.send_each = false;
    expect_server_ok(&o);

    o = quiet_server();
    o.pow = "sha256";
    o.pow_difficulty = 99;
    char gate[1024];
    assert_int_equal(cg_pow_challenge("sha256", 99, gate, sizeof gate, &want), CG_ERR_INPUT);
    snprintf(msg, sizeof msg, "pow: %s", want.msg);
    expect_server_error(&o, msg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(play_option_errors),
        cmocka_unit_test(play_send_failures),
        cmocka_unit_test(play_one_move_asked_past_the_solution),
        cmocka_unit_test(play_3x3_without_solver),
        cmocka_unit_test(play_qtm_tables_fail),
        cmocka_unit_test(play_box_cut_by_the_prompt),
        cmocka_unit_test(play_any_orientation_note),
        cmocka_unit_test(play_bad_line_after_the_end),
        cmocka_unit_test(play_bad_line_after_a_no),
        cmocka_unit_test(replay_no_boxes_before_the_prompt),
        cmocka_unit_test(replay_goal_first),
        cmocka_unit_test(replay_one_move_too_many),
        cmocka_unit_test(replay_long_answer_cut),
        cmocka_unit_test(replay_unreadable_round_header),
        cmocka_unit_test(replay_option_defaults),
        cmocka_unit_test(replay_home_needs_a_scheme),
        cmocka_unit_test(replay_enter_gate_differences),
        cmocka_unit_test(replay_engine_stops_where_play_went_on),
        cmocka_unit_test(transcript_error_paths),
        cmocka_unit_test(answer_too_long),
        cmocka_unit_test(serve_gate_failures),
        cmocka_unit_test(serve_round_does_not_fit),
        cmocka_unit_test(layout_without_final_newline),
        cmocka_unit_test(server_option_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
