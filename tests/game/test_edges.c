/* The game's words and bounds at their edges, each as a user meets it, over a local server or
 * with waits (the cases that need neither are game_test_bounds, fast, so that the mutation run's
 * budget reaches them):
 *   - the menu game's "show", "information" and an unknown choice, each answered as such;
 *   - an empty answer line to a scrambled cube (2x2 and 3x3) loses with the checker's reason,
 *     said to the client, not a silent close;
 *   - a server's alarm of exactly a day is taken, a little more refused;
 *   - a transcript line: its '\r' before the end dropped, its length the caller's (no byte past
 *     it read);
 *   - the replay's verdict names, and a one-move answer that is no move an invalid round;
 *   - play --send-each --pace of a whole second waits that second;
 *   - the server's last line kept whole up to the size of its field, cut with "..." above. */
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
#include "served.h"
#include "tables_fixture.h"
#include "testutil.h"

#define PROMPT "Enter your solution:"

/* A 3x3 menu game of one round (games of them, alarm 0: the harness's 5 s) in r. */
static void start_menu(served *r, long games, double alarm)
{
    cg_server_options o = cg_server_defaults();
    o.size = 3;
    o.menu = true;
    o.rounds = 1;
    o.games = games;
    if (alarm > 0)
        o.alarm = alarm;
    served_start(r, &o);
}

/* Dials the menu game and chooses its level ("3"): the round's first menu has been read. */
static cg_tube *menu_round(served *r)
{
    cg_tube *t = served_dial(r);
    served_until(t, "your choice: ");
    served_send(t, "3");
    served_until(t, "your choice: ");
    return t;
}

/* "1" shows the cube again (no complaint), "4" the notation, anything else "Invalid choice!";
 * each then the cube as it is now. */
static void menu_show_info_and_unknown(void **state)
{
    (void)state;
    served r;
    start_menu(&r, 1, 0);
    cg_tube *t = menu_round(&r);
    static const struct {
        const char *choice, *starts;
    } cases[] = {
        {"1", "now:\n"},
        {"4", "Restore the magic cube, then check. Moves: one letter a move"},
        {"x", "Invalid choice!\nnow:\n"},
        {"", "Invalid choice!\nnow:\n"},
        {"12", "now:\n"}, /* the first character chooses */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        served_send(t, cases[i].choice);
        const char *reply = served_until(t, "your choice: ");
        if (strncmp(reply, cases[i].starts, strlen(cases[i].starts)) != 0)
            fail_msg("choice '%s': reply:\n%s", cases[i].choice, reply);
        served_expect(reply, "now:\n");
        if (strcmp(cases[i].choice, "x") != 0 && strcmp(cases[i].choice, "") != 0)
            assert_null(strstr(reply, "Invalid choice!"));
    }
    served_send(t, "0");
    assert_string_equal(served_rest(t), "[-] Bye!\n");
    cg_tube_close(t);
    served_expect(served_finish(&r), "lost in round 1: Bye!\n");
}

/* An empty line is an answer of no moves: lost, and the client is told why. The game's
 * connection is closed at its end (no descriptor left open). */
static void empty_answer_is_said_lost(void **state)
{
    (void)state;
    for (int size = 2; size <= 3; size++) {
        int before = open_descriptors();
        served r;
        cg_server_options o = cg_server_defaults();
        o.size = size;
        o.rounds = 1;
        o.games = 1;
        if (size == 3) {
            o.max_moves = 20;
            o.scramble = 3;
        }
        served_start(&r, &o);
        cg_tube *t = served_dial(&r);
        served_until(t, PROMPT "\n");
        served_send(t, "");
        char reply[512];
        const char *rest = served_rest(t);
        assert_true(strlen(rest) < sizeof reply);
        memcpy(reply, rest, strlen(rest) + 1);
        cg_tube_close(t);
        if (strncmp(reply, "[-] ", 4) != 0 || reply[strlen(reply) - 1] != '\n')
            fail_msg("%dx%d: reply '%s'", size, size, reply);
        reply[strlen(reply) - 1] = '\0';
        char want[sizeof reply + 64];
        snprintf(want, sizeof want, "0/1 rounds, lost in round 1: %s\n", reply + 4);
        served_expect(served_finish(&r), want);
        assert_int_equal(open_descriptors(), before);
    }
}

/* No answer before the alarm: the round is lost, said once, and nothing follows (no verdict, no
 * next round). */
static void unanswered_round(void **state)
{
    (void)state;
    for (int kind = 0; kind < 3; kind++) { /* a 2x2, a 3x3, a 2x2 one move a prompt */
        int size = kind == 1 ? 3 : 2;
        served r;
        cg_server_options o = cg_server_defaults();
        o.size = size;
        o.rounds = 2;
        o.games = 1;
        o.alarm = 0.3;
        o.one_move = kind == 2;
        if (size == 3) {
            o.max_moves = 20;
            o.scramble = 3;
        }
        served_start(&r, &o);
        cg_tube *t = served_dial(&r);
        served_until(t, kind == 2 ? CG_ONE_MOVE_PROMPT "\n" : PROMPT "\n");
        const char *rest = served_rest(t);
        if (strncmp(rest, "[-] ", 4) != 0 || strchr(rest, '\n') != rest + strlen(rest) - 1)
            fail_msg("game %d: after the alarm: %s", kind, rest);
        cg_tube_close(t);
        const char *log = served_finish(&r);
        if (!strstr(log, "0/2 rounds, lost in round 1: "))
            fail_msg("game %d: log: %s", kind, log);
    }
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A bare prompt (input("...")) ends without a line break: nothing follows it until answered. */
static void bare_prompt_has_no_newline(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.games = 1;
    o.bare_prompt = true;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    served_until(t, PROMPT);
    const uint8_t *p;
    size_t n;
    cg_error e;
    assert_int_equal(cg_tube_recv(t, 1, 0.3, &p, &n, &e), CG_ERR_TIMEOUT);
    served_send(t, "");
    served_rest(t);
    cg_tube_close(t);
    served_expect(served_finish(&r), "0/1 rounds, lost in round 1: ");
}

/* A menu game's client that leaves at "your step:", or says nothing there until the alarm: the
 * game ends there, lost in round 1, and nothing more is asked. */
static void menu_leaves_at_a_step(void **state)
{
    (void)state;
    for (int wait = 0; wait <= 1; wait++) {
        served r;
        start_menu(&r, 1, 0.3);
        cg_tube *t = menu_round(&r);
        served_send(t, "2");
        served_until(t, "your step:");
        if (wait) {
            const char *rest = served_rest(t);
            if (strncmp(rest, "[-] ", 4) != 0 || strstr(rest, "your choice: "))
                fail_msg("after the alarm: %s", rest);
        }
        cg_tube_close(t);
        const char *log = served_finish(&r);
        if (!strstr(log, "0/1 rounds, lost in round 1") || strstr(log, "won"))
            fail_msg("log: %s", log);
    }
}

/* A 3x3 round drawn for a goal is still a round of whole answers: the plain prompt. */
static void goal_round3_prompt(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.size = 3;
    o.rounds = 1;
    o.games = 1;
    o.max_moves = 20;
    o.scramble = 3;
    o.goal = "shown";
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    const char *round = served_until(t, PROMPT "\n");
    served_expect(round, "Goal:");
    assert_null(strstr(round, CG_ONE_MOVE_PROMPT));
    cg_tube_close(t);
    served_finish(&r);
}

/* A TCP server that says nothing: the timeout's message says nothing at all came (the server may
 * speak TLS); one that says a line and then nothing: not that hint. */
static void silent_after_a_line(void **state)
{
    (void)state;
    for (int said = 0; said <= 1; said++) {
        int lfd, port;
        cg_error e;
        assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &lfd, &port, &e), CG_OK);
        char ports[16];
        snprintf(ports, sizeof ports, "%d", port);
        cg_tube_options to = {.log_level = CG_LOG_QUIET};
        cg_tube *t;
        if (cg_tube_connect("127.0.0.1", ports, &to, &t, &e) != CG_OK)
            fail_msg("%s", e.msg);
        int fd = -1;
        for (int tries = 0; tries < 500 && fd < 0; tries++) {
            if (cg_tcp_accept(lfd, &fd, NULL, 0, &e) != CG_OK) {
                fd = -1;
                struct timespec ms = {0, 10 * 1000 * 1000};
                nanosleep(&ms, NULL);
            }
        }
        assert_true(fd >= 0);
        if (said)
            assert_int_equal(write(fd, "Hello there\n", 12), 12);
        cg_play_options o = cg_play_defaults();
        o.timeout = 0.3;
        cg_play_result res;
        cg_error err;
        memset(&err, 0, sizeof err);
        cg_status st = cg_play(t, tables, &o, &res, &err);
        cg_tube_close(t);
        close(fd);
        close(lfd);
        assert_int_not_equal(st, CG_OK);
        bool hint = strstr(err.msg, "nothing at all was received: the server may speak TLS");
        if (hint == (bool)said || (said && !strstr(err.msg, "Hello there")))
            fail_msg("%s: status %d: %s", said ? "a line said" : "nothing said", (int)st, err.msg);
    }
}

/* A wrong proof of work ends the game before any round, and says so. */
static void pow_wrong_answer(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.games = 1;
    o.pow = "sha256";
    o.pow_difficulty = 1;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    served_until(t, "Give me X:");
    served_send(t, "!");
    const char *rest = served_rest(t);
    if (!strstr(rest, "[-] Proof-of-work fail: ") || strstr(rest, "Round"))
        fail_msg("after a wrong answer: %s", rest);
    cg_tube_close(t);
    served_finish(&r);
}

/* The server keeps its own copy of the string order: the caller's buffer may change after open. */
static void server_keeps_its_order(void **state)
{
    (void)state;
    char texts[2][2048];
    for (int k = 0; k < 2; k++) {
        char order[8] = "URFDLB";
        served r;
        cg_server_options o = cg_server_defaults();
        o.rounds = 1;
        o.games = 1;
        o.show = CG_SHAPE_STRING;
        o.order = order;
        served_start(&r, &o);
        if (k)
            memcpy(order, "BLDFRU", 6);
        cg_tube *t = served_dial(&r);
        const char *round = served_until(t, PROMPT "\n");
        assert_true(strlen(round) < sizeof texts[k]);
        strcpy(texts[k], round);
        cg_tube_close(t);
        served_finish(&r);
    }
    assert_string_equal(texts[1], texts[0]);
    assert_null(strstr(texts[0], "Face ")); /* drawn as the string asked for, not boxes */
}

/* A stop ends every game still running at once, not only the newest. */
static void stop_ends_every_game(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.alarm = 30;
    served_start(&r, &o);
    cg_tube *t[2];
    for (int k = 0; k < 2; k++) {
        t[k] = served_dial(&r);
        served_until(t[k], PROMPT "\n");
    }
    cg_server_stop(r.srv);
    for (int k = 0; k < 2; k++) {
        const uint8_t *p;
        size_t n;
        cg_error e;
        cg_status st = cg_tube_recvall(t[k], 5, &p, &n, &e);
        if (st != CG_OK)
            fail_msg("game %d after the stop: %s", k + 1, e.msg);
        cg_tube_close(t[k]);
    }
    served_finish(&r);
}

/* The first verdict line play classifies, without its line break. */
static void first_verdict(void *ctx, cg_event kind, const char *line, size_t n)
{
    char *keep = ctx;
    if (kind != CG_EVENT_VERDICT || keep[0])
        return;
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    snprintf(keep, 128, "%.*s", (int)n, line);
}

/* A game of more answered rounds than the stats have room for: the first ones kept, nothing
 * written past the room. */
static void stats_within_their_room(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 3;
    o.games = 1;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    struct {
        cg_round_stat s[1];
        cg_round_stat guard[2];
    } room;
    memset(&room, 0x5a, sizeof room);
    cg_play_options po = cg_play_defaults();
    po.stats = room.s;
    po.stats_cap = 1;
    char verdict[128] = "";
    po.on_event = first_verdict;
    po.on_event_ctx = verdict;
    cg_play_result res;
    cg_error err;
    cg_status st = cg_play(t, tables, &po, &res, &err);
    cg_tube_close(t);
    served_finish(&r);
    if (st != CG_OK || !res.won)
        fail_msg("status %d: %s", (int)st, res.reason);
    assert_int_equal(res.rounds_answered, 3);
    assert_int_equal(room.s[0].round, 1);
    char want[64]; /* the server's verdict counts the answer's moves */
    snprintf(want, sizeof want, "[+] Correct! (%d moves)", room.s[0].moves);
    assert_string_equal(verdict, want);
    cg_round_stat untouched;
    memset(&untouched, 0x5a, sizeof untouched);
    assert_memory_equal(&room.guard[0], &untouched, sizeof untouched);
}

/* A server that talks on and never shows a cube: a line every 20 ms, one byte over the 60 quoted. */
#define TALK "The server is thinking about your cube, please be patient now" /* 61 bytes */
static long talker_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)ctx, (void)timeout;
    struct timespec ms = {0, 20 * 1000 * 1000};
    nanosleep(&ms, NULL);
    size_t n = strlen(TALK "\n");
    assert_true(n <= cap);
    memcpy(buf, TALK "\n", n);
    return (long)n;
}

static long talker_send(void *ctx, const uint8_t *b, size_t n)
{
    (void)ctx, (void)b, (void)n;
    return 0;
}

/* Ten timeouts of text without a cube end the game, quoting the first 60 bytes of the last line. */
static void endless_text_quoted(void **state)
{
    (void)state;
    cg_tube_callbacks cb = {.recv = talker_recv, .send = talker_send, .ctx = NULL};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "peer", NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 0.05;
    cg_play_result res;
    cg_error err;
    memset(&err, 0, sizeof err);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    assert_int_equal(st, CG_ERR_PROTOCOL);
    char want[128];
    snprintf(want, sizeof want, "; last line: '%.60s'", TALK);
    size_t wl = strlen(want), ml = strlen(err.msg);
    if (ml < wl || strcmp(err.msg + ml - wl, want) != 0 || !strstr(err.msg, "without a cube"))
        fail_msg("%s", err.msg);
}

/* A goal round hides the round's own hidden face in the cube shown (seed 42: games 1 to 4, the
 * face cg_round_make draws from each game's seed). */
static void goal_round_hides_its_face(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.games = 4;
    o.goal = "shown";
    served_start(&r, &o);
    for (int game = 1; game <= 4; game++) {
        cg_rng rng;
        cg_rng_seed(&rng, cg_game_seed(42, (uint64_t)game));
        cg_round want;
        cg_round_make(&rng, &want);
        cg_tube *t = served_dial(&r);
        const char *round = served_until(t, PROMPT "\n");
        const char *now = strstr(round, "Now:\n");
        assert_non_null(now);
        for (int f = 0; f < CG_FACES; f++) {
            char label[16];
            snprintf(label, sizeof label, "Face %c:", cg_face_letter(f));
            if ((strstr(now, label) == NULL) != (f == want.hidden))
                fail_msg("game %d: face %c %s, the round hides %c", game, cg_face_letter(f),
                         strstr(now, label) ? "shown" : "hidden", cg_face_letter(want.hidden));
        }
        cg_tube_close(t);
    }
    served_finish(&r);
}

/* A cube one move from solved, so one pause: between the move and the end line. The pause is
 * a lower bound, which a busy machine cannot make shorter. */
static void pace_of_a_second(void **state)
{
    (void)state;
    cg_move m;
    size_t n;
    assert_int_equal(cg_moves_parse("R", &m, 1, &n, NULL), CG_OK);
    cg_round round = {.cube = cg_cube_home(), .scramble_moves = 1, .hidden = CG_D};
    cg_cube_apply_all(&round.cube, &m, 1);
    char text[1024];
    size_t len = cg_round_format(&round, 1, 1, text, sizeof text);
    assert_true(len < sizeof text);
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, len, 0, NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    o.send_each = true;
    o.end = "#";
    o.pace_ms = 1000;
    cg_play_result res;
    cg_error err;
    double t0 = seconds_now();
    cg_play(t, tables, &o, &res, &err);
    double took = seconds_now() - t0;
    const uint8_t *sent;
    size_t sent_n;
    assert_int_equal(cg_tube_memory_sent(t, &sent, &sent_n, NULL), CG_OK);
    /* one move then the end line */
    assert_true(sent_n >= 4);
    assert_memory_equal(sent + sent_n - 2, "#\n", 2);
    assert_non_null(memchr(sent, '\n', sent_n - 2));
    cg_tube_close(t);
    if (took < 1.0)
        fail_msg("a pace of 1000 ms over one pause took %.3f s", took);
}

/* A server full (one game at most): the next client gets the busy line, exactly, and the close. */
static void busy_line_exactly(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.max_clients = 1;
    o.alarm = 30;
    served_start(&r, &o);
    cg_tube *first = served_dial(&r);
    served_until(first, PROMPT "\n");
    cg_tube *second = served_dial(&r);
    const uint8_t *p;
    size_t n;
    cg_error e;
    if (cg_tube_recvall(second, 5, &p, &n, &e) != CG_OK)
        fail_msg("the second client: %s", e.msg);
    assert_int_equal(n, strlen("[-] Server busy, try again later\n"));
    assert_memory_equal(p, "[-] Server busy, try again later\n", n);
    cg_tube_close(second);
    cg_server_stop(r.srv);
    cg_tube_close(first);
    served_finish(&r);
}

/* The menu game takes 64 choices a round; the 65th loses it, said as such. */
static void menu_choices_bounded(void **state)
{
    (void)state;
    served r;
    start_menu(&r, 1, 0);
    cg_tube *t = menu_round(&r);
    for (int k = 1; k < 64; k++) { /* "3" was the level's choice, not the round's */
        served_send(t, "1");
        served_until(t, "your choice: ");
    }
    served_send(t, "1");
    served_until(t, "your choice: "); /* the 64th */
    served_send(t, "1");
    const char *rest = served_rest(t);
    if (strncmp(rest, "[-] Too many choices in round 1 (at most 64)", 44) != 0)
        fail_msg("the 65th choice: %s", rest);
    cg_tube_close(t);
    served_finish(&r);
}

/* At the level menu only "3" leads on; an empty line, like any other choice, ends the game with
 * the menu game's words. */
static void menu_level_not_chosen(void **state)
{
    (void)state;
    served r;
    start_menu(&r, 2, 0);
    static const char *const choices[] = {"", "1"};
    for (int k = 0; k < 2; k++) {
        cg_tube *t = served_dial(&r);
        served_until(t, "your choice: ");
        served_send(t, choices[k]);
        assert_string_equal(served_rest(t), "[-] No flag at this level. Bye!\n");
        cg_tube_close(t);
    }
    served_finish(&r);
}

/* A goal round drawn in the shape asked for (a string), not the default boxes. */
static void goal_round_in_its_shape(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.games = 1;
    o.goal = "shown";
    o.show = CG_SHAPE_STRING;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    const char *round = served_until(t, PROMPT "\n");
    served_expect(round, "Goal:");
    assert_null(strstr(round, "Face "));
    cg_tube_close(t);
    served_finish(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(menu_show_info_and_unknown),
        cmocka_unit_test(empty_answer_is_said_lost),
        cmocka_unit_test(unanswered_round),
        cmocka_unit_test(bare_prompt_has_no_newline),
        cmocka_unit_test(menu_leaves_at_a_step),
        cmocka_unit_test(goal_round3_prompt),
        cmocka_unit_test(silent_after_a_line),
        cmocka_unit_test(pow_wrong_answer),
        cmocka_unit_test(server_keeps_its_order),
        cmocka_unit_test(stop_ends_every_game),
        cmocka_unit_test(stats_within_their_room),
        cmocka_unit_test(endless_text_quoted),
        cmocka_unit_test(goal_round_hides_its_face),
        cmocka_unit_test(busy_line_exactly),
        cmocka_unit_test(menu_choices_bounded),
        cmocka_unit_test(menu_level_not_chosen),
        cmocka_unit_test(goal_round_in_its_shape),
        cmocka_unit_test(pace_of_a_second),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
