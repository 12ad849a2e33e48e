/* The game rules (answer checks, scrambles, seeds) and the server in-process: 100 clients at once,
 * each solving its rounds with the core, plus a silent client that must not hold anyone up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"
#include "cubegod/solver.h"
#include "puzzle/reader.h"
#include "tables_fixture.h"
#include "testutil.h"

#define CLIENTS 100
#define ROUNDS 3


/* A round with a known scramble: home, then R U F'. */
static cg_cube three_moves(void)
{
    cg_cube c = cg_cube_home();
    cg_move m[3];
    size_t n;
    assert_int_equal(cg_moves_parse("R U F'", m, 3, &n, NULL), CG_OK);
    cg_cube_apply_all(&c, m, n);
    return c;
}

static void answer_checks(void **state)
{
    (void)state;
    cg_cube c = three_moves();
    cg_error e;
    int n = -1;
    const char *ok = "F U' R'";
    assert_int_equal(cg_answer_check(&c, ok, strlen(ok), 11, CG_TARGET_HOME, &n, &e), CG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(cg_answer_check(&c, "F U' R'\r", 8, 11, CG_TARGET_ANY, &n, &e), CG_OK);
    assert_int_equal(cg_answer_check(&c, "F U'", 4, 11, CG_TARGET_ANY, &n, &e), CG_ERR_PROTOCOL);
    assert_string_equal(e.msg, "Not solved!");
    assert_int_equal(cg_answer_check(&c, "", 0, 11, CG_TARGET_ANY, &n, &e), CG_ERR_PROTOCOL);
    assert_int_equal(cg_answer_check(&c, "F U X", 5, 11, CG_TARGET_ANY, &n, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "'X'"));
    assert_int_equal(cg_answer_check(&c, "F\0U", 3, 11, CG_TARGET_ANY, &n, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "0x00 at column 2"));
    const char *twelve = "U U U U U U U U U U U U";
    assert_int_equal(cg_answer_check(&c, twelve, strlen(twelve), 11, CG_TARGET_ANY, &n, &e),
                     CG_ERR_LIMIT);
    assert_non_null(strstr(e.msg, "12"));
    /* Padding with four U2 (a no-op) solves, but only when the limit allows 7 moves. */
    const char *padded = "F U' R' U2 U2 U2 U2";
    assert_int_equal(cg_answer_check(&c, padded, strlen(padded), 7, CG_TARGET_HOME, &n, &e),
                     CG_OK);
    assert_int_equal(cg_answer_check(&c, padded, strlen(padded), 6, CG_TARGET_HOME, &n, &e),
                     CG_ERR_LIMIT);
}

/* Answers in a dialect, counted in a metric; one-move lines. */
static void answer_rules(void **state)
{
    (void)state;
    cg_cube c = three_moves();
    cg_dialect cw;
    cg_error e;
    assert_int_equal(cg_dialect_make(&cw, CG_NOTATION_QUARTER_CW, NULL, "none", &e), CG_OK);
    cg_answer_rules rules = {9, CG_TARGET_HOME, &cw, CG_METRIC_HTM};
    int n = -1;
    const char *ok = "FUUURRR"; /* F U' R' */
    assert_int_equal(cg_answer_check_rules(&c, ok, strlen(ok), &rules, &n, &e), CG_OK);
    assert_int_equal(n, 7);
    rules.max_moves = 6;
    assert_int_equal(cg_answer_check_rules(&c, ok, strlen(ok), &rules, &n, &e), CG_ERR_LIMIT);
    assert_string_equal(e.msg, "Too many moves (7, at most 6 allowed)");
    assert_int_equal(cg_answer_check_rules(&c, "F U' R'", 7, &rules, &n, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "(column 4)"));
    /* QTM: a half turn counts two. */
    cg_cube d = cg_cube_home();
    cg_cube_apply(&d, cg_move_make(CG_R, 1));
    cg_cube_apply(&d, cg_move_make(CG_U, 2));
    cg_answer_rules qtm = {2, CG_TARGET_HOME, NULL, CG_METRIC_QTM};
    assert_int_equal(cg_answer_check_rules(&d, "U2 R'", 5, &qtm, &n, &e), CG_ERR_LIMIT);
    assert_string_equal(e.msg, "Too many moves (3 quarter turns, at most 2 allowed)");
    qtm.max_moves = 3;
    assert_int_equal(cg_answer_check_rules(&d, "U2 R'", 5, &qtm, &n, &e), CG_OK);
    assert_int_equal(n, 3);
    /* One move a line. */
    int m = 99;
    assert_int_equal(cg_answer_one_move("R'\r", 3, &qtm, &m, &e), CG_OK);
    assert_int_equal(m, cg_move_make(CG_R, 3));
    assert_int_equal(cg_answer_one_move("  ", 2, &qtm, &m, &e), CG_OK);
    assert_int_equal(m, -1);
    assert_int_equal(cg_answer_one_move("R U", 3, &qtm, &m, &e), CG_ERR_INPUT);
    assert_string_equal(e.msg, "One move per line, please");
    assert_int_equal(cg_answer_one_move("R'", 2, &rules, &m, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "clockwise"));
}

static void any_versus_home(void **state)
{
    (void)state;
    /* U D' turns the whole cube: solved in the "any" sense, not home. */
    cg_cube c = cg_cube_home();
    cg_error e;
    assert_int_equal(cg_answer_check(&c, "U D'", 4, 11, CG_TARGET_ANY, NULL, &e), CG_OK);
    assert_int_equal(cg_answer_check(&c, "U D'", 4, 11, CG_TARGET_HOME, NULL, &e),
                     CG_ERR_PROTOCOL);
}

static void rounds_are_seeded(void **state)
{
    (void)state;
    cg_rng a, b, c;
    cg_rng_seed(&a, cg_game_seed(42, 1));
    cg_rng_seed(&b, cg_game_seed(42, 1));
    cg_rng_seed(&c, cg_game_seed(42, 2));
    int differ = 0;
    for (int i = 0; i < 50; i++) {
        cg_round ra, rb, rc;
        cg_round_make(&a, &ra);
        cg_round_make(&b, &rb);
        cg_round_make(&c, &rc);
        assert_true(cg_cube_equal(&ra.cube, &rb.cube));
        assert_int_equal(ra.hidden, rb.hidden);
        assert_in_range(ra.scramble_moves, CG_SCRAMBLE_MIN, CG_SCRAMBLE_MAX);
        assert_in_range(ra.hidden, 0, CG_FACES - 1);
        assert_true(cg_cube_is_valid(&ra.cube));
        differ += !cg_cube_equal(&ra.cube, &rc.cube);
    }
    assert_true(differ > 40);
}

/* The printed round is five boxes in U D F B L R order without the hidden face, and they rebuild
 * exactly the cube that was drawn. */
static void round_text_rebuilds_the_cube(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 5);
    for (int k = 0; k < 30; k++) {
        cg_round rd;
        cg_round_make(&r, &rd);
        char text[1024];
        size_t len = cg_round_format(&rd, k + 1, 30, text, sizeof text);
        assert_true(len < sizeof text);
        assert_int_equal(len, strlen(text));
        char head[64];
        snprintf(head, sizeof head, "=== Round %d/30 ===\n", k + 1);
        assert_memory_equal(text, head, strlen(head));
        assert_non_null(strstr(text, "Enter your solution:\n"));
        /* The challenge's shape, byte for byte: two header lines, five boxes of five lines
         * ("Face X:", "+-----+", "| a b |", "| c d |", "+-----+"), the prompt. */
        int lines = 0;
        for (const char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1, lines++) {
            int in_box = lines >= 2 && lines < 27 ? (lines - 2) % 5 : -1;
            size_t n = (size_t)(nl - line);
            if (in_box == 1 || in_box == 4)
                assert_true(n == 7 && memcmp(line, "+-----+", 7) == 0);
            if (in_box == 2 || in_box == 3)
                assert_true(n == 7 && line[0] == '|' && line[1] == ' ' && line[3] == ' ' &&
                            line[5] == ' ' && line[6] == '|');
        }
        assert_int_equal(lines, 28);
        char hidden[16];
        snprintf(hidden, sizeof hidden, "Face %c:", cg_face_letter(rd.hidden));
        assert_null(strstr(text, hidden));
        const char *prev = text;
        for (int f = 0; f < CG_FACES; f++) {
            if (f == rd.hidden)
                continue;
            char name[16];
            snprintf(name, sizeof name, "Face %c:", cg_face_letter(f));
            const char *at = strstr(text, name);
            assert_non_null(at);
            assert_true(at > prev);
            prev = at;
        }
        cg_box_reader br;
        cg_box_reader_init(&br);
        cg_box_event ev = CG_BOX_IGNORED;
        for (char *line = text, *nl; (nl = strchr(line, '\n')) && ev != CG_BOX_PUZZLE;
             line = nl + 1)
            assert_int_equal(cg_box_reader_feed(&br, line, (size_t)(nl - line), &ev, NULL),
                             CG_OK);
        assert_int_equal(ev, CG_BOX_PUZZLE);
        cg_reading rdg;
        assert_int_equal(cg_reconstruct(&br.puzzle, NULL, &rdg, NULL), CG_OK);
        assert_true(cg_cube_equal(&rdg.cube, &rd.cube));
    }
}

/* ---- the server in-process ---- */

typedef struct client {
    int port;
    int won; /* 1 when the flag arrived */
    char last[256];
} client;

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {.tv_sec = 20};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Plays a whole game like the write-up's client, solving with the core. */
static void *play(void *arg)
{
    client *c = arg;
    int fd = dial(c->port);
    if (fd < 0)
        return NULL;
    FILE *in = fdopen(dup(fd), "r");
    cg_box_reader br;
    cg_box_reader_init(&br);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    cg_solve_options so = cg_solve_defaults();
    so.target = CG_TARGET_ANY;
    while ((n = getline(&line, &cap, in)) > 0) {
        size_t len = (size_t)n - 1;
        snprintf(c->last, sizeof c->last, "%.*s", (int)len, line);
        if (strstr(line, "flag{"))
            c->won = 1;
        cg_box_event ev;
        if (cg_box_reader_feed(&br, line, len, &ev, NULL) != CG_OK || ev != CG_BOX_PUZZLE)
            continue;
        cg_move m[CG_SOLUTION_MAX];
        int k;
        char answer[64];
        if (cg_solve_puzzle(tables, &br.puzzle, &so, m, &k, NULL) != CG_OK)
            break;
        size_t alen = cg_moves_format(m, (size_t)k, answer, sizeof answer - 1);
        answer[alen] = '\n';
        if (send(fd, answer, alen + 1, MSG_NOSIGNAL) != (ssize_t)alen + 1)
            break;
    }
    free(line);
    fclose(in);
    close(fd);
    return NULL;
}

typedef struct running {
    cg_server *srv;
    pthread_t tid;
} running;

static void *run_server(void *arg)
{
    cg_server_run(arg, NULL);
    return NULL;
}

static void start_server(running *r, long games)
{
    cg_server_options o = cg_server_defaults();
    o.rounds = ROUNDS;
    o.alarm = 60; /* long enough that the silent client is still waiting when the others end */
    o.seeded = true;
    o.seed = 99;
    o.flag = "flag{many}";
    o.games = games;
    o.log = NULL;
    cg_error e;
    assert_int_equal(cg_server_open(&o, &r->srv, &e), CG_OK);
    assert_true(cg_server_port(r->srv) > 0);
    assert_int_equal(pthread_create(&r->tid, NULL, run_server, r->srv), 0);
}

static void many_players_at_once(void **state)
{
    (void)state;
    running r;
    /* One silent client first: it holds a game open but must not delay anybody. */
    start_server(&r, CLIENTS + 1);
    int silent = dial(cg_server_port(r.srv));
    assert_true(silent >= 0);

    static client cs[CLIENTS];
    pthread_t tids[CLIENTS];
    for (int i = 0; i < CLIENTS; i++) {
        cs[i] = (client){.port = cg_server_port(r.srv)};
        pthread_attr_t a;
        pthread_attr_init(&a);
        pthread_attr_setstacksize(&a, 512 * 1024);
        assert_int_equal(pthread_create(&tids[i], &a, play, &cs[i]), 0);
        pthread_attr_destroy(&a);
    }
    int won = 0;
    for (int i = 0; i < CLIENTS; i++) {
        pthread_join(tids[i], NULL);
        if (!cs[i].won)
            fprintf(stderr, "client %d lost, last line: %s\n", i, cs[i].last);
        won += cs[i].won;
    }
    assert_int_equal(won, CLIENTS);
    /* The silent client's game is still open: the server finished the others regardless. */
    long finished, wins;
    cg_server_counts(r.srv, &finished, &wins);
    assert_int_equal(finished, CLIENTS);
    assert_int_equal(wins, CLIENTS);
    close(silent);
    pthread_join(r.tid, NULL);
    cg_server_counts(r.srv, &finished, &wins);
    assert_int_equal(finished, CLIENTS + 1);
    cg_server_close(r.srv);
}

static void stop_ends_open_games(void **state)
{
    (void)state;
    running r;
    start_server(&r, 0);
    int fd = dial(cg_server_port(r.srv));
    assert_true(fd >= 0);
    char buf[64];
    assert_true(recv(fd, buf, sizeof buf, 0) > 0); /* the banner: the game is running */
    cg_server_stop(r.srv);
    pthread_join(r.tid, NULL);
    long finished, wins;
    cg_server_counts(r.srv, &finished, &wins);
    assert_int_equal(finished, 1);
    assert_int_equal(wins, 0);
    close(fd);
    cg_server_close(r.srv);
}

/* A client that never answers loses to the alarm: the server says so and closes the connection
 * by itself, well before ten alarms have passed (a server that waited ten times too long, or
 * never, would leave this client's receive to time out instead). */
static void alarm_ends_a_silent_game(void **state)
{
    (void)state;
    double alarm = slow_tools() ? 1.0 : 0.3;
    cg_server_options o = cg_server_defaults();
    o.rounds = ROUNDS;
    o.alarm = alarm;
    o.games = 1;
    o.log = NULL;
    running r;
    cg_error e;
    assert_int_equal(cg_server_open(&o, &r.srv, &e), CG_OK);
    assert_int_equal(pthread_create(&r.tid, NULL, run_server, r.srv), 0);
    int fd = dial(cg_server_port(r.srv));
    assert_true(fd >= 0);
    double patience = 8 * alarm;
    struct timeval tv = {.tv_sec = (time_t)patience,
                         .tv_usec = (suseconds_t)((patience - (double)(time_t)patience) * 1e6)};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    char text[8192];
    size_t n = 0;
    ssize_t k;
    while (n < sizeof text - 1 && (k = recv(fd, text + n, sizeof text - 1 - n, 0)) > 0)
        n += (size_t)k;
    text[n] = '\0';
    if (k < 0)
        fail_msg("no end of the game within %g s of an alarm of %g s; received: %s", patience,
                 alarm, text);
    assert_non_null(strstr(text, "Enter your solution:"));
    assert_non_null(strstr(text, "Time's up"));
    assert_null(strstr(text, "flag{"));
    close(fd);
    pthread_join(r.tid, NULL);
    long finished, wins;
    cg_server_counts(r.srv, &finished, &wins);
    assert_int_equal(finished, 1);
    assert_int_equal(wins, 0);
    cg_server_close(r.srv);
}

static void bad_options(void **state)
{
    (void)state;
    cg_server *s;
    cg_error e;
    cg_server_options o = cg_server_defaults();
    o.alarm = 0;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "alarm"));
    o = cg_server_defaults();
    o.tls_cert = "cert.pem";
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    o = cg_server_defaults();
    o.host = "256.1.2.3";
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_SYSTEM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(answer_checks),
        cmocka_unit_test(answer_rules),
        cmocka_unit_test(any_versus_home),
        cmocka_unit_test(rounds_are_seeded),
        cmocka_unit_test(round_text_rebuilds_the_cube),
        cmocka_unit_test(many_players_at_once),
        cmocka_unit_test(stop_ends_open_games),
        cmocka_unit_test(alarm_ends_a_silent_game),
        cmocka_unit_test(bad_options),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
