/* The game's bounds and words that need no server and no wait (game_test_edges has those): the
 * server's option bounds, transcript lines and escapes, replayed captures and transcripts (verdict
 * names, headers cut short, answers cut and filled, CRLF, times, an old box error), the answer
 * checked before it is sent, 3x3 rounds drawn, play over scripted peers (an Enter gate and a
 * proof of work whose answers cannot be sent, a gate asked again past max_replies, the GATE
 * event, unmatched reply rules named, what an early end waited for, the last line kept). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/cube.h"
#include "cubegod/cube3.h"
#include "cubegod/dialogue.h"
#include "cubegod/pow.h"
#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/transcript.h"
#include "cubegod/tube.h"
#include "game/answer_check.h"
#include "tables_fixture.h"
#include "transcripts.h"
#include "testutil.h"

#define PROMPT "Enter your solution:"

/* The largest alarm (a day) and number of rounds (a million) taken, one more refused. */
static void alarm_and_rounds_bounds(void **state)
{
    (void)state;
    int before = open_descriptors(); /* every open and close below leaves none open */
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    o.alarm = 86400;
    cg_server *s;
    cg_error err;
    if (cg_server_open(&o, &s, &err) != CG_OK)
        fail_msg("%s", err.msg);
    cg_server_close(s);
    o.alarm = 86400.5;
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "alarm: 86400.5 is not a number of seconds in (0, 86400]");
    o.alarm = 1;
    o.rounds = 1000000;
    if (cg_server_open(&o, &s, &err) != CG_OK)
        fail_msg("%s", err.msg);
    cg_server_close(s);
    o.rounds = 1000001;
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "rounds: 1000001 is not from 1 to 1000000");
    /* a 3x3 may hide up to five faces; a 2x2 always hides one */
    o.rounds = 1;
    o.size = 3;
    o.max_moves = 20;
    o.hide = 2;
    if (cg_server_open(&o, &s, &err) != CG_OK)
        fail_msg("%s", err.msg);
    cg_server_close(s);
    o.size = 2;
    o.max_moves = 11;
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "hide: the 2x2 game always hides one face, not 2");
    o.hide = 1;
    o.layout = "nothing here\n";
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_INPUT);
    if (strncmp(err.msg, "layout: ", 8) != 0)
        fail_msg("%s", err.msg);
    o.layout = NULL;
    assert_int_equal(open_descriptors(), before);
}

static void transcript_line_ends(void **state)
{
    (void)state;
    cg_transcript_record rec;
    cg_error err;
    char crlf[] = "< 0.5 abc\r";
    assert_int_equal(cg_transcript_parse_line(crlf, strlen(crlf), &rec, &err), CG_OK);
    assert_int_equal(rec.kind, '<');
    assert_int_equal(rec.len, 3);
    assert_memory_equal(rec.data, "abc", 3);
    char comment[] = "# note\r";
    assert_int_equal(cg_transcript_parse_line(comment, strlen(comment), &rec, &err), CG_OK);
    assert_int_equal(rec.kind, '#');
    assert_int_equal(rec.len, 4);
    /* the line is its first len bytes: "<" alone, whatever follows in the buffer */
    char longer[] = "< 1 x";
    assert_int_equal(cg_transcript_parse_line(longer, 1, &rec, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "column 2: a space must follow '<'");
    assert_int_equal(cg_transcript_parse_line(longer, 3, &rec, &err), CG_OK);
    assert_int_equal(rec.len, 0);
    /* an escape cut by the line's end is no escape, whatever the buffer holds after it */
    char cut[] = "< 1 \\x41";
    assert_int_equal(cg_transcript_parse_line(cut, strlen(cut) - 1, &rec, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "column 5: bad escape '\\x'");
    assert_int_equal(cg_transcript_parse_line(cut, strlen(cut), &rec, &err), CG_OK);
    assert_int_equal(rec.len, 1);
    assert_int_equal(rec.data[0], 'A');
    /* an escape cut to the buffer: NUL-terminated within it, nothing written past it */
    struct {
        char buf[4];
        char guard[4];
    } room;
    memset(&room, '#', sizeof room);
    assert_int_equal(cg_transcript_escape("ab\ncd", 5, room.buf, sizeof room.buf), 6);
    assert_string_equal(room.buf, "ab"); /* "\\n" does not fit whole: not begun */
    assert_memory_equal(room.guard, "####", 4);
    /* not even the first escape fits: the text is empty */
    memset(&room, '#', sizeof room);
    assert_int_equal(cg_transcript_escape("\n", 1, room.buf, 2), 2);
    assert_string_equal(room.buf, "");
    assert_int_equal(room.buf[1], '#');
    /* the magic line alone is a transcript; the magic with more on its line is not */
    char magic[64];
    size_t m = (size_t)snprintf(magic, sizeof magic, "%sx\n", CG_TRANSCRIPT_MAGIC) - 2;
    assert_int_equal(cg_transcript_detect(magic, m), 1);
    assert_int_equal(cg_transcript_detect(magic, m + 2), 0);
    magic[m] = '\r';
    assert_int_equal(cg_transcript_detect(magic, m + 2), 1);
}

static void replay_result_names(void **state)
{
    (void)state;
    assert_string_equal(cg_replay_result_name(CG_REPLAY_CORRECT), "correct");
    assert_string_equal(cg_replay_result_name(CG_REPLAY_INVALID), "invalid");
    assert_string_equal(cg_replay_result_name(CG_REPLAY_TOO_MANY), "too many moves");
    assert_string_equal(cg_replay_result_name(CG_REPLAY_NOT_SOLVED), "not solved");
    assert_string_equal(cg_replay_result_name(CG_REPLAY_NO_ANSWER), "no answer");
    assert_string_equal(cg_replay_result_name(CG_REPLAY_UNREADABLE), "unreadable");
    static const char *const events[] = {"gate", "reply", "prompt", "cube", "verdict", "enter",
                                         "text"};
    static const cg_event kinds[] = {CG_EVENT_GATE,    CG_EVENT_REPLY, CG_EVENT_PROMPT,
                                     CG_EVENT_CUBE,    CG_EVENT_VERDICT, CG_EVENT_ENTER,
                                     CG_EVENT_TEXT};
    for (int i = 0; i < 7; i++)
        assert_string_equal(cg_event_name(kinds[i]), events[i]);
}

/* The round of a cube one move from solved (hidden face D) in text. */
static size_t one_move_round(char *text, size_t size)
{
    cg_move m;
    size_t n;
    assert_int_equal(cg_moves_parse("R", &m, 1, &n, NULL), CG_OK);
    cg_round round = {.cube = cg_cube_home(), .scramble_moves = 1, .hidden = CG_D};
    cg_cube_apply_all(&round.cube, &m, 1);
    size_t len = cg_round_format(&round, 1, 1, text, size);
    assert_true(len < size);
    return len;
}

static void keep_result(void *ctx, const cg_replay_round *r)
{
    *(cg_replay_round *)ctx = *r;
}

/* The first three rounds into a struct {int n; cg_replay_round r[3];}. */
static void keep_rounds(void *ctx, const cg_replay_round *r)
{
    struct {
        int n;
        cg_replay_round r[3];
    } *got = ctx;
    if (got->n < 3)
        got->r[got->n] = *r;
    got->n++;
}

/* A one-move replay whose answer line is no move: that round invalid, with the checker's words. */
static void replay_one_move_not_a_move(void **state)
{
    (void)state;
    char text[1024];
    size_t len = one_move_round(text, sizeof text - 8);
    memcpy(text + len, "Q\n", 3);
    len += 2;
    cg_replay_options o = cg_replay_defaults();
    o.one_move = true;
    cg_replay_round got;
    memset(&got, 0, sizeof got);
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, &o, text, len, keep_result, &got, &sum, &err), CG_OK);
    assert_int_equal(got.result, CG_REPLAY_INVALID);
    assert_string_equal(got.answer, "Q");
    cg_move m;
    size_t n;
    cg_error why;
    assert_int_not_equal(cg_moves_parse("Q", &m, 1, &n, &why), CG_OK);
    if (!got.reason[0] || !strstr(got.reason, "Q"))
        fail_msg("reason: '%s'", got.reason);
}

/* A header cut short ("=== Round 3/12", no closing "===") still gives both numbers whole. */
static void replay_header_without_its_end(void **state)
{
    (void)state;
    char text[1024];
    size_t len = one_move_round(text, sizeof text - 16);
    const char *body = strchr(text, '\n') + 1;
    char whole[1100];
    int n = snprintf(whole, sizeof whole, "=== Round 3/12\n%.*sR'\n", (int)(len - (size_t)(body - text)),
                     body);
    assert_true(n > 0 && (size_t)n < sizeof whole);
    cg_replay_round got;
    memset(&got, 0, sizeof got);
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, whole, (size_t)n, keep_result, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(got.number, 3);
    assert_int_equal(got.total, 12);
    assert_int_equal(got.result, CG_REPLAY_CORRECT);
    /* the round's number alone ("=== Round 7"): that number, no total */
    n = snprintf(whole, sizeof whole, "=== Round 7\n%.*sR'\n", (int)(len - (size_t)(body - text)),
                 body);
    assert_true(n > 0 && (size_t)n < sizeof whole);
    assert_int_equal(cg_replay_text(tables, NULL, whole, (size_t)n, keep_result, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(got.number, 7);
    assert_int_equal(got.total, 0);
}

/* A peer that shows text, then waits (nothing more in time, twice) and closes; it refuses every
 * send. */
typedef struct refusing {
    const char *text;
    size_t at;
    int waits;
} refusing;

static long refusing_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    refusing *p = ctx;
    size_t left = strlen(p->text) - p->at;
    if (!left)
        return p->waits++ < 2 ? -1 : 0;
    size_t n = left < cap ? left : cap;
    memcpy(buf, p->text + p->at, n);
    p->at += n;
    return (long)n;
}

static long refusing_send(void *ctx, const uint8_t *b, size_t n)
{
    (void)ctx, (void)b, (void)n;
    return -2;
}

/* The empty line an Enter gate asks for cannot be sent: the game fails there, and says so. */
static void enter_gate_send_fails(void **state)
{
    (void)state;
    refusing p = {.text = "Welcome!\nPress Enter to continue..."};
    cg_tube_callbacks cb = {.recv = refusing_recv, .send = refusing_send, .ctx = &p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    assert_int_not_equal(st, CG_OK);
    if (strncmp(err.msg, "the Enter gate: ", 16) != 0)
        fail_msg("status %d: %s", (int)st, err.msg);
}

/* A prompt with no answer line, its verdict next: that round has no answer, and the line after
 * the verdict (the next round's header) is the server's, not an answer. */
static void replay_verdict_without_answer(void **state)
{
    (void)state;
    char first[1024], second[1024], text[2600];
    size_t n1 = one_move_round(first, sizeof first);
    cg_move m;
    size_t n;
    assert_int_equal(cg_moves_parse("U", &m, 1, &n, NULL), CG_OK);
    cg_round round = {.cube = cg_cube_home(), .scramble_moves = 1, .hidden = CG_D};
    cg_cube_apply_all(&round.cube, &m, 1);
    size_t n2 = cg_round_format(&round, 5, 9, second, sizeof second);
    assert_true(n2 < sizeof second);
    int len = snprintf(text, sizeof text, "%.*s[-] Time's up!\n%sU'\n[+] Correct! (1 moves)\n",
                       (int)n1, first, second);
    assert_true(len > 0 && (size_t)len < sizeof text);
    struct {
        int n;
        cg_replay_round r[3];
    } got = {0};
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, text, (size_t)len, keep_rounds, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(got.n, 2);
    assert_int_equal(got.r[0].result, CG_REPLAY_NO_ANSWER);
    assert_string_equal(got.r[0].reason, "no answer recorded");
    assert_int_equal(got.r[1].number, 5); /* its header read as the server's */
    assert_int_equal(got.r[1].total, 9);
    assert_int_equal(got.r[1].result, CG_REPLAY_CORRECT);
    assert_string_equal(got.r[1].answer, "U'");
}

/* One-move answers joined one space apart fill the recorded answer to its last byte. */
static void replay_one_move_answer_filled(void **state)
{
    (void)state;
    char text[4096];
    size_t len = one_move_round(text, sizeof text);
    for (int i = 0; i < 80; i++) { /* each move at a prompt of its own */
        int k = snprintf(text + len, sizeof text - len, "%sR\n", i ? PROMPT "\n" : "");
        assert_true(k > 0 && (size_t)k < sizeof text - len);
        len += (size_t)k;
    }
    cg_replay_options o = cg_replay_defaults();
    o.one_move = true;
    cg_replay_round got;
    memset(&got, 0, sizeof got);
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, &o, text, len, keep_result, &got, &sum, &err), CG_OK);
    assert_int_equal(strlen(got.answer), sizeof got.answer - 1); /* "R R ... R": 80 moves */
    assert_int_equal(got.answer[sizeof got.answer - 2], 'R');
}

/* The proof of work solved, its answer cannot be sent: the game fails there, and says so. */
static void pow_answer_send_fails(void **state)
{
    (void)state;
    char challenge[512];
    cg_error e;
    assert_int_equal(cg_pow_challenge("sha256", 1, challenge, sizeof challenge, &e), CG_OK);
    refusing p = {.text = challenge};
    cg_tube_callbacks cb = {.recv = refusing_recv, .send = refusing_send, .ctx = &p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    assert_int_not_equal(st, CG_OK);
    if (!strstr(err.msg, "proof of work: "))
        fail_msg("status %d: %s", (int)st, err.msg);
}

/* A line of the server's own between the answer and the verdict is not the verdict. */
static void replay_words_before_the_verdict(void **state)
{
    (void)state;
    char text[1200];
    size_t len = one_move_round(text, sizeof text - 100);
    int k = snprintf(text + len, sizeof text - len, "R'\nChecking your answer...\n[+] Correct! (1 moves)\n");
    assert_true(k > 0 && (size_t)k < sizeof text - len);
    len += (size_t)k;
    cg_replay_round got;
    memset(&got, 0, sizeof got);
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, text, len, keep_result, &got, &sum, &err), CG_OK);
    assert_int_equal(got.result, CG_REPLAY_CORRECT);
    assert_string_equal(got.verdict, "[+] Correct! (1 moves)");
    assert_false(got.disagrees);
    /* a line of one character after the last round is the first line after it (the flag's) */
    memcpy(text + len, "F\n", 2);
    assert_int_equal(cg_replay_text(tables, NULL, text, len + 2, keep_result, &got, &sum, &err), CG_OK);
    assert_string_equal(sum.after, "F");
    /* a control byte in a recorded line is shown as '?' (the terminal sees no escape) */
    memcpy(text + len, "F\033[2J\n", 7);
    assert_int_equal(cg_replay_text(tables, NULL, text, len + 7, keep_result, &got, &sum, &err), CG_OK);
    assert_string_equal(sum.after, "F?[2J");
}

/* The puzzle of a 2x2 cube c as the letters of its home faces, all six faces shown. */
static void letters_puzzle(const cg_cube *c, cg_puzzle *p)
{
    cg_stickers st = cg_cube_to_stickers(c);
    cg_puzzle_clear(p);
    for (int i = 0; i < CG_STICKERS; i++) {
        char letter = cg_face_letter(st.s[i]);
        assert_int_equal(cg_puzzle_set(p, i, &letter, 1, NULL), CG_OK);
    }
    p->faces_shown = 0x3f;
}

/* An answer checked before it is sent, for a cube whose letters say where home is (target
 * auto): one that leaves the cube solved but turned whole does not pass. */
static void answer_checked_at_home(void **state)
{
    (void)state;
    cg_move m;
    size_t n;
    assert_int_equal(cg_moves_parse("R", &m, 1, &n, NULL), CG_OK);
    cg_cube c = cg_cube_home();
    cg_cube_apply_all(&c, &m, 1);
    cg_puzzle p;
    letters_puzzle(&c, &p);
    cg_solve_options so = cg_solve_defaults();
    so.target = CG_TARGET_AUTO;
    cg_dialect d = cg_dialect_default();
    cg_error err;
    if (cgi_answer_verified(&p, &so, NULL, NULL, &d, CG_METRIC_HTM, "R'", &err) != CG_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(cgi_answer_verified(&p, &so, NULL, NULL, &d, CG_METRIC_HTM, "L'", &err),
                     CG_ERR_PROTOCOL);
    so.target = CG_TARGET_ANY;
    assert_int_equal(cgi_answer_verified(&p, &so, NULL, NULL, &d, CG_METRIC_HTM, "L'", &err), CG_OK);
}

/* A box the reader could not take, then a good round: the next prompt with no cube of its own is
 * unreadable for that alone, not for the old box. */
static void replay_old_box_error_forgotten(void **state)
{
    (void)state;
    char round[1024], text[2600];
    size_t n1 = one_move_round(round, sizeof round);
    int len = snprintf(text, sizeof text,
                       "Face U:\n+-----+\n| U |\n%.*sR'\n[+] Correct! (1 moves)\n" PROMPT "\nR\n",
                       (int)n1, round);
    assert_true(len > 0 && (size_t)len < sizeof text);
    struct {
        int n;
        cg_replay_round r[3];
    } got = {0};
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, text, (size_t)len, keep_rounds, &got, &sum, &err),
                     CG_OK);
    assert_int_equal(got.n, 2);
    assert_int_equal(got.r[0].result, CG_REPLAY_CORRECT);
    assert_int_equal(got.r[0].optimal, 1);
    cg_move best[4];
    size_t nb;
    assert_int_equal(cg_moves_parse(got.r[0].best, best, 4, &nb, NULL), CG_OK);
    assert_int_equal(nb, 1);
    assert_int_equal(got.r[1].result, CG_REPLAY_UNREADABLE);
    assert_string_equal(got.r[1].reason, "no face boxes before the prompt");
}

/* 3x3 rounds of a few turns are drawn, not all alike; more hidden faces than a cube has hide
 * all six. */
static void round3_draws(void **state)
{
    (void)state;
    static cg3_tables t;
    cg3_tables_init(&t);
    cg_rng rng;
    cg_rng_seed(&rng, 7);
    cg_round3 first, r;
    cg_round3_make(&t, &rng, 0, 3, &first);
    int differ = 0, first_moves = 0;
    for (int k = 0; k < 20; k++) {
        cg_round3_make(&t, &rng, 0, 3, &r);
        assert_int_equal(r.scramble_moves, 3);
        differ += memcmp(&r.cube, &first.cube, sizeof r.cube) != 0;
        first_moves |= 1 << r.scramble[0]; /* every move is drawn, the first too */
    }
    assert_true(differ > 0);
    assert_true((first_moves & (first_moves - 1)) != 0); /* not always the same first move */
    cg_round3_make(&t, &rng, 7, 3, &r);
    assert_int_equal(r.hidden, 0x3f);
}

/* A peer that gives its chunks one at a time, nothing in time between them (the client's wait
 * for a quiet prompt), and takes every send. */
typedef struct chunked {
    const char *const *chunks;
    int next, waits;
} chunked;

static long chunked_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    chunked *p = ctx;
    if (p->waits++ % 2 == 1)
        return -1;
    const char *c = p->chunks[p->next];
    if (!c)
        return 0;
    size_t n = strlen(c);
    assert_true(n <= cap);
    memcpy(buf, c, n);
    p->next++;
    return (long)n;
}

static long chunked_send(void *ctx, const uint8_t *b, size_t n)
{
    (void)ctx, (void)b, (void)n;
    return 0;
}

/* play's bound on a gate asked again: with max_replies 1, the second Enter gate ends the game. */
static void gate_again_past_the_bound(void **state)
{
    (void)state;
    static const char *const chunks[] = {"Welcome!\nPress Enter to continue...",
                                         "\nPress Enter to continue...", NULL};
    chunked p = {.chunks = chunks};
    cg_tube_callbacks cb = {.recv = chunked_recv, .send = chunked_send, .ctx = &p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    o.max_replies = 1;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    assert_int_not_equal(st, CG_OK);
    if (!strstr(err.msg, "the Enter gate"))
        fail_msg("status %d: %s", (int)st, err.msg);
}

/* An answer line of only a carriage return (a CRLF capture) is recorded empty. */
static void replay_crlf_answer(void **state)
{
    (void)state;
    char text[1200];
    size_t len = one_move_round(text, sizeof text - 8);
    memcpy(text + len, "\r\n", 2);
    len += 2;
    cg_replay_round got;
    memset(&got, 0, sizeof got);
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, text, len, keep_result, &got, &sum, &err), CG_OK);
    assert_string_equal(got.answer, "");
}

/* A lost game names each reply rule that never matched, the last one too. */
static void unmatched_rules_named(void **state)
{
    (void)state;
    cg_replies *rules;
    assert_int_equal(cg_replies_new(&rules, NULL), CG_OK);
    assert_int_equal(cg_replies_add(rules, "Name\\?=alice", NULL), CG_OK);
    assert_int_equal(cg_replies_add(rules, "Age\\?=42", NULL), CG_OK);
    const char text[] = "Nothing to see here.\n";
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, strlen(text), 0, NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    o.replies = rules;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    cg_replies_free(rules);
    assert_false(res.won);
    if (!strstr(res.reason, "reply rule 'Name\\?=alice' never matched") ||
        !strstr(res.reason, "reply rule 'Age\\?=42' never matched"))
        fail_msg("reason: %s", res.reason);
}

/* The documented defaults: play waits 10 s for a line. */
static void play_defaults(void **state)
{
    (void)state;
    cg_play_options o = cg_play_defaults();
    assert_true(o.timeout == 10);
    assert_string_equal(o.prompt, CG_PLAY_DEFAULT_PROMPT);
}

/* What a game that ended early was waiting for: the server's first words when nothing came,
 * the first cube after a line of text, the verdict after an answer. */
static void waiting_for(void **state)
{
    (void)state;
    char round[1024];
    one_move_round(round, sizeof round);
    const char *const texts[] = {"", "Hello.\n", round};
    static const char *const want[] = {"the server's first words", "the cube of round 1",
                                       "the verdict on round 1, or a new cube"};
    for (int i = 0; i < 3; i++) {
        cg_tube *t;
        assert_int_equal(cg_tube_memory(texts[i], strlen(texts[i]), 0, NULL, &t, NULL), CG_OK);
        cg_play_options o = cg_play_defaults();
        o.timeout = 1;
        cg_play_result res;
        cg_error err;
        cg_play(t, tables, &o, &res, &err);
        cg_tube_close(t);
        assert_string_equal(res.waiting, want[i]);
    }
}

/* A transcript's times: the round's prompt and answer at their records' seconds. */
static void replay_transcript_times(void **state)
{
    (void)state;
    char round[1024], rec[1100], text[4096];
    one_move_round(round, sizeof round);
    char *prompt = strstr(round, PROMPT);
    assert_non_null(prompt);
    *prompt = '\0';
    snprintf(rec, sizeof rec, "< 0.5 %s", round);
    const char *recs[] = {rec, "< 1.25 " PROMPT "\n", "> 2.75 R'\n", "< 3.0 [+] Correct! (1 moves)\n"};
    size_t len = strlen(transcript(text, sizeof text, recs, 4));
    /* read whole, and the same without the file's last newline */
    for (int cut = 0; cut <= 1; cut++) {
        cg_replay_round got;
        memset(&got, 0, sizeof got);
        cg_replay_summary sum;
        cg_error err;
        if (cg_replay_text(tables, NULL, text, len - (size_t)cut, keep_result, &got, &sum, &err) !=
            CG_OK)
            fail_msg("%s", err.msg);
        assert_int_equal(got.result, CG_REPLAY_CORRECT);
        assert_true(got.prompt_at == 1.25);
        assert_true(got.answer_at == 2.75);
        assert_string_equal(got.verdict, "[+] Correct! (1 moves)");
        assert_int_equal(sum.differences, 0); /* the engine, run over it, answers as play did */
    }
    /* a last line of one byte, no newline after it: still a line, and no record */
    text[len] = '<';
    cg_replay_round got;
    cg_replay_summary sum;
    cg_error err;
    assert_int_equal(cg_replay_text(tables, NULL, text, len + 1, keep_result, &got, &sum, &err),
                     CG_ERR_INPUT);
    if (!strstr(err.msg, "line 6: column 2: a space must follow '<'"))
        fail_msg("%s", err.msg);
}

/* Each event play classifies, kept as its kind. */
static void keep_event(void *ctx, cg_event kind, const char *line, size_t n)
{
    (void)line, (void)n;
    unsigned *seen = ctx;
    *seen |= 1u << kind;
}

/* A proof of work answered is an event of its own (GATE). */
static void pow_gate_event(void **state)
{
    (void)state;
    char challenge[512];
    cg_error e;
    assert_int_equal(cg_pow_challenge("sha256", 1, challenge, sizeof challenge, &e), CG_OK);
    static const char *chunks[2];
    chunks[0] = challenge;
    chunked p = {.chunks = chunks};
    cg_tube_callbacks cb = {.recv = chunked_recv, .send = chunked_send, .ctx = &p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    unsigned seen = 0;
    o.on_event = keep_event;
    o.on_event_ctx = &seen;
    cg_play_result res;
    cg_error err;
    cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    if (!(seen & (1u << CG_EVENT_GATE)))
        fail_msg("events 0x%x: no gate (%s)", seen, err.msg);
}

/* The last line the server sent, kept for the player (no letters or digits: a prompt-like line
 * the readers pass over). */
static void last_line_kept_to_its_size(void **state)
{
    (void)state;
    const size_t whole = CG_FLAG_MAX - 4; /* room for "..." and the NUL */
    for (size_t len = whole - 1; len <= whole + 1; len++) {
        char text[CG_FLAG_MAX + 8];
        memset(text, '#', len);
        text[len] = '\n';
        cg_tube *t;
        assert_int_equal(cg_tube_memory(text, len + 1, 0, NULL, &t, NULL), CG_OK);
        cg_play_options o = cg_play_defaults();
        o.timeout = 1;
        cg_play_result res;
        cg_error err;
        cg_play(t, tables, &o, &res, &err);
        cg_tube_close(t);
        assert_false(res.won);
        char want[CG_FLAG_MAX + 8];
        if (len <= whole) {
            memset(want, '#', len);
            want[len] = '\0';
        } else {
            memset(want, '#', whole);
            memcpy(want + whole, "...", 4);
        }
        if (strcmp(res.last_line, want) != 0)
            fail_msg("a line of %zu: kept %zu bytes: %.20s...", len, strlen(res.last_line),
                     res.last_line);
        assert_string_equal(res.flag_line, res.last_line); /* lost: the server's last line */
    }
}

/* A reply rule matched, its answer cannot be sent: the game fails there, naming the rule. */
static void reply_send_fails(void **state)
{
    (void)state;
    cg_replies *rules;
    assert_int_equal(cg_replies_new(&rules, NULL), CG_OK);
    assert_int_equal(cg_replies_add(rules, "Name?=alice", NULL), CG_OK);
    refusing p = {.text = "Welcome!\nName?"};
    cg_tube_callbacks cb = {.recv = refusing_recv, .send = refusing_send, .ctx = &p};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    o.replies = rules;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    cg_replies_free(rules);
    assert_int_not_equal(st, CG_OK);
    if (strncmp(err.msg, "reply rule 'Name?=alice': ", 26) != 0 || strstr(err.msg, "never matched"))
        fail_msg("status %d: %s", (int)st, err.msg); /* it matched: not named as never matched */
}

static void keep_notice(void *ctx, const char *text)
{
    char *keep = ctx;
    if (!keep[0])
        snprintf(keep, 512, "%s", text);
}

/* A line that looks like a proof of work but does not parse is read as text, and pow_notice
 * hears why. */
static void pow_near_miss_noticed(void **state)
{
    (void)state;
    const char text[] = "solve s.!!\n";
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, strlen(text), 0, NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    char notice[512] = "";
    o.pow_notice = keep_notice;
    o.pow_notice_ctx = notice;
    cg_play_result res;
    cg_error err;
    cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    if (strncmp(notice, "read as text: 'solve s.!!' looks like a proof of work", 53) != 0)
        fail_msg("notice: '%s'", notice);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alarm_and_rounds_bounds),
        cmocka_unit_test(transcript_line_ends),
        cmocka_unit_test(replay_result_names),
        cmocka_unit_test(replay_one_move_not_a_move),
        cmocka_unit_test(replay_header_without_its_end),
        cmocka_unit_test(enter_gate_send_fails),
        cmocka_unit_test(replay_verdict_without_answer),
        cmocka_unit_test(replay_one_move_answer_filled),
        cmocka_unit_test(pow_answer_send_fails),
        cmocka_unit_test(replay_words_before_the_verdict),
        cmocka_unit_test(answer_checked_at_home),
        cmocka_unit_test(replay_old_box_error_forgotten),
        cmocka_unit_test(round3_draws),
        cmocka_unit_test(gate_again_past_the_bound),
        cmocka_unit_test(replay_crlf_answer),
        cmocka_unit_test(unmatched_rules_named),
        cmocka_unit_test(reply_send_fails),
        cmocka_unit_test(play_defaults),
        cmocka_unit_test(waiting_for),
        cmocka_unit_test(replay_transcript_times),
        cmocka_unit_test(pow_gate_event),
        cmocka_unit_test(pow_near_miss_noticed),
        cmocka_unit_test(last_line_kept_to_its_size),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
