/* The 3x3 game: rounds (uniform cubes, hidden faces, short scrambles), their text read back by
 * the box reader, the answer check, and the server over a real socket: a client that rebuilds
 * each cube from the boxes and answers the inverse of the scramble the test replays from the
 * seed is accepted; a wrong answer is refused. */
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
#include "cubegod/shapes.h"
#include "puzzle/reader.h"
#include "game/answer.h"

static cg3_tables T;

/* The inverse of a face-turn sequence: reversed, each move inverted. */
static size_t inverse_text(const cg_move *m, int n, char *buf, size_t size)
{
    cg_move inv[CG3_SCRAMBLE_MAX];
    for (int i = 0; i < n; i++)
        inv[i] = cg_move_inverse(m[n - 1 - i]);
    return cg_moves_format(inv, (size_t)n, buf, size);
}

/* Feeds a round's text to a box reader; returns the puzzle read. */
static cg_puzzle read_boxes(const char *text)
{
    cg_box_reader br;
    cg_box_reader_init(&br);
    cg_box_event ev = CG_BOX_IGNORED;
    for (const char *line = text, *nl; (nl = strchr(line, '\n')) && ev != CG_BOX_PUZZLE;
         line = nl + 1)
        assert_int_equal(cg_box_reader_feed(&br, line, (size_t)(nl - line), &ev, NULL), CG_OK);
    assert_int_equal(ev, CG_BOX_PUZZLE);
    return br.puzzle;
}

static void test_rounds_read_back(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 99);
    for (int k = 0; k < 60; k++) {
        int hide = k % 3 == 2 ? 1 : 0; /* none, or one face (ambiguous now and then) */
        cg_round3 rd;
        cg3_tables_init(&T);
        cg_round3_make(&T, &r, hide, 0, &rd);
        assert_int_equal(__builtin_popcount(rd.hidden), hide);
        assert_int_equal(cg3_cube_check(&rd.cube, NULL), CG_OK);
        char text[2048];
        size_t len = cg_round3_format(&rd, k + 1, 60, text, sizeof text);
        assert_true(len < 1024);
        assert_int_equal(len, strlen(text));
        assert_non_null(strstr(text, hide ? "Here is the cube, 1 face hidden:\n" : "Here is the cube:\n"));
        assert_non_null(strstr(text, "+-------+\n"));
        cg_puzzle p = read_boxes(text);
        assert_int_equal(p.size, 3);
        assert_int_equal(p.faces_shown, 0x3f & ~rd.hidden);
        cg_reading3 rdg;
        cg_reconstruct3_options o = {.pick = true};
        assert_int_equal(cg_reconstruct3(&p, &o, &rdg, NULL), CG_OK);
        if (rdg.fits == 1)
            assert_memory_equal(&rdg.cube, &rd.cube, sizeof rd.cube);
        if (!hide)
            assert_int_equal(rdg.fits, 1);
    }
    /* Several hidden faces are distinct; a short scramble is recorded and makes the cube. */
    for (int k = 0; k < 50; k++) {
        cg_round3 rd;
        cg_round3_make(&T, &r, 1 + k % 5, 1 + k % CG3_SCRAMBLE_MAX, &rd);
        assert_int_equal(__builtin_popcount(rd.hidden), 1 + k % 5);
        assert_int_equal(rd.scramble_moves, 1 + k % CG3_SCRAMBLE_MAX);
        cg3_cube c = cg3_cube_home();
        for (int i = 0; i < rd.scramble_moves; i++)
            cg3_cube_apply(&T, &c, cg3_move_from_face_turn(rd.scramble[i]));
        assert_memory_equal(&c, &rd.cube, sizeof c);
    }
}

/* One-move mode: the text after a move starts "Move k: NAME", shows the cube the move made
 * (read back by the box reader, compared with the model's facelets) with the round's hidden
 * faces still hidden, and ends with the one-move prompt. */
static void test_after_move(void **state)
{
    (void)state;
    cg3_tables_init(&T);
    cg_rng r;
    cg_rng_seed(&r, 5);
    for (int k = 0; k < 20; k++) {
        cg_round3 rd;
        cg_round3_make(&T, &r, k % 3, 0, &rd);
        cg_move m = (cg_move)cg_rng_below(&r, CG_MOVES);
        cg3_cube c = rd.cube;
        cg3_cube_apply(&T, &c, cg3_move_from_face_turn(m));
        char text[2048], head[32];
        size_t len = cg_round3_format_after_move(&c, rd.hidden, k + 1, cg_move_name(m), text,
                                                 sizeof text);
        assert_true(len < sizeof text);
        snprintf(head, sizeof head, "Move %d: %s\n", k + 1, cg_move_name(m));
        assert_memory_equal(text, head, strlen(head));
        assert_string_equal(text + len - strlen(CG_ONE_MOVE_PROMPT "\n"), CG_ONE_MOVE_PROMPT "\n");
        cg_puzzle p = read_boxes(text);
        assert_int_equal(p.size, 3);
        assert_int_equal(p.faces_shown, 0x3f & ~rd.hidden);
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&c, f);
        for (int i = 0; i < CG3_FACELETS; i++) {
            if ((rd.hidden >> (i / 9)) & 1) {
                assert_int_equal(p.sticker[i], CG_UNKNOWN);
                continue;
            }
            char want[2] = {cg_face_letter(f[i]), 0};
            assert_string_equal(p.colour[p.sticker[i]], want);
        }
        /* the size the text needs, also when it does not fit */
        assert_int_equal(cg_round3_format_after_move(&c, rd.hidden, k + 1, cg_move_name(m), text, 10),
                         len);
    }
}

/* serve --show string --order: the round's string line, read back by the string reader in the
 * same order, is the cube (3x3 facelets, 2x2 stickers), hidden faces '?'; in the default order it
 * is the plain string's reordering, not the same line. */
static void test_string_order(void **state)
{
    (void)state;
    static const char *const ORDERS[] = {"URFDLB", "net", "LRBFDU", "UDFBLR"};
    cg3_tables_init(&T);
    cg_rng r;
    cg_rng_seed(&r, 17);
    for (int k = 0; k < 12; k++) {
        const char *order = ORDERS[(k / 2) % 4]; /* each order with both sizes */
        char text[4096], plain[4096];
        const char *line;
        cg_puzzle p;
        uint8_t want[CG3_FACELETS];
        int n = k % 2 ? 3 : 2, stickers = n * n * 6;
        uint8_t hidden;
        if (n == 3) {
            cg_round3 rd;
            cg_round3_make(&T, &r, k % 3, 0, &rd);
            cgi_round3_format(&rd, 1, 1, "?", CG_SHAPE_STRING, CG_COLOURS_DIGITS, order, text,
                              sizeof text);
            cgi_round3_format(&rd, 1, 1, "?", CG_SHAPE_STRING, CG_COLOURS_DIGITS, NULL, plain,
                              sizeof plain);
            cg3_cube_to_facelets(&rd.cube, want);
            hidden = rd.hidden;
        } else {
            cg_round rd;
            cg_round_make(&r, &rd);
            cgi_round_format(&rd, 1, 1, "?", CG_SHAPE_STRING, CG_COLOURS_DIGITS, order, text,
                             sizeof text);
            cgi_round_format(&rd, 1, 1, "?", CG_SHAPE_STRING, CG_COLOURS_DIGITS, NULL, plain,
                             sizeof plain);
            cg_stickers st = cg_cube_to_stickers(&rd.cube);
            memcpy(want, st.s, CG_STICKERS);
            hidden = (uint8_t)(1u << rd.hidden);
        }
        /* the third line is the string */
        line = strchr(strchr(text, '\n') + 1, '\n') + 1;
        size_t len = (size_t)(strchr(line, '\n') - line);
        assert_int_equal(len, (size_t)stickers);
        assert_int_equal(cg_puzzle_from_string(line, len, order, &p, NULL), CG_OK);
        assert_int_equal(p.size, n);
        for (int i = 0; i < stickers; i++) {
            if ((hidden >> (i / (n * n))) & 1) {
                assert_int_equal(p.sticker[i], CG_UNKNOWN);
                continue;
            }
            char digit[2] = {(char)('0' + want[i]), 0};
            assert_string_equal(p.colour[p.sticker[i]], digit);
        }
        if (strcmp(order, "UDFBLR") != 0)
            assert_string_not_equal(text, plain);
        else
            assert_string_equal(text, plain);
    }
}

static void test_answer_check(void **state)
{
    (void)state;
    cg3_tables_init(&T);
    cg_rng r;
    cg_rng_seed(&r, 3);
    cg_answer_rules rules = {20, CG_TARGET_ANY, NULL, CG_METRIC_HTM};
    for (int k = 0; k < 100; k++) {
        cg_round3 rd;
        cg_round3_make(&T, &r, 0, 1 + k % 20, &rd);
        char ans[256];
        size_t n = inverse_text(rd.scramble, rd.scramble_moves, ans, sizeof ans);
        int moves = -1;
        cg_error e;
        assert_int_equal(cg_answer3_check_rules(&T, &rd.cube, ans, n, &rules, &moves, &e), CG_OK);
        assert_int_equal(moves, rd.scramble_moves);
        /* One move short is not solved (no face turn is the identity). */
        char *last = strrchr(ans, ' ');
        if (last) {
            assert_int_equal(cg_answer3_check_rules(&T, &rd.cube, ans, (size_t)(last - ans), &rules,
                                                    &moves, &e), CG_ERR_PROTOCOL);
            assert_string_equal(e.msg, "Not solved!");
        }
    }
    cg3_cube home = cg3_cube_home();
    int moves;
    cg_error e;
    assert_int_equal(cg_answer3_check_rules(&T, &home, "", 0, &rules, &moves, &e), CG_OK);
    assert_int_equal(cg_answer3_check_rules(&T, &home, "R", 1, &rules, &moves, &e), CG_ERR_PROTOCOL);
    assert_int_equal(cg_answer3_check_rules(&T, &home, "R Q", 3, &rules, &moves, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "Invalid move"));
    const char *many = "R R' R R' R R' R R' R R' R R' R R' R R' R R' R R' R";
    assert_int_equal(cg_answer3_check_rules(&T, &home, many, strlen(many), &rules, &moves, &e),
                     CG_ERR_LIMIT);
    assert_non_null(strstr(e.msg, "Too many moves (21"));
}

static void test_options(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    cg_server *s;
    cg_error e;
    o.size = 4;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "size: 4"));
    o.size = 2;
    o.hide = 2;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "always hides one face"));
    o.hide = -1;
    o.scramble = 5;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    o.size = 3;
    o.scramble = 0;
    o.hide = 6;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    o.hide = 0;
    o.one_move = true; /* both sizes now, but boxes only */
    o.show = CG_SHAPE_NET;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "one-move mode shows boxes only"));
    o.one_move = false;
    o.order = "URFDLB"; /* a face order without the string shape */
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "order: a face order is for the string shape only"));
    o.show = CG_SHAPE_STRING;
    o.order = "URFDLU";
    assert_int_equal(cg_server_open(&o, &s, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "order: "));
}

/* ---- over a socket ---- */

static void *run_server(void *arg)
{
    cg_server_run(arg, NULL);
    return NULL;
}

static int dial(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {.tv_sec = 20};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

/* Plays game `number` of a server seeded with `seed`: each round's cube is rebuilt from the
 * boxes and compared with the test's own replay of the round; the answer is the inverse of the
 * replayed scramble, or a wrong one in round `wrong_round`. Returns the last line received. */
static void play(int port, uint64_t seed, long number, int rounds, int wrong_round, char *last,
                 size_t size)
{
    cg_rng rng;
    cg_rng_seed(&rng, cg_game_seed(seed, (uint64_t)number));
    int fd = dial(port);
    FILE *in = fdopen(dup(fd), "r");
    cg_box_reader br;
    cg_box_reader_init(&br);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int round = 0;
    while ((n = getline(&line, &cap, in)) > 0) {
        size_t len = (size_t)n - 1;
        snprintf(last, size, "%.*s", (int)len, line);
        cg_box_event ev;
        assert_int_equal(cg_box_reader_feed(&br, line, len, &ev, NULL), CG_OK);
        if (ev != CG_BOX_PUZZLE)
            continue;
        round++;
        cg_round3 want;
        cg_round3_make(&T, &rng, 0, 6, &want);
        cg_reading3 rd;
        assert_int_equal(cg_reconstruct3(&br.puzzle, NULL, &rd, NULL), CG_OK);
        assert_memory_equal(&rd.cube, &want.cube, sizeof rd.cube);
        char ans[256];
        size_t alen = round == wrong_round ? (size_t)snprintf(ans, sizeof ans, "R U")
                                           : inverse_text(want.scramble, want.scramble_moves, ans,
                                                          sizeof ans);
        ans[alen++] = '\n';
        assert_int_equal(send(fd, ans, alen, MSG_NOSIGNAL), (ssize_t)alen);
    }
    assert_int_equal(round, wrong_round ? wrong_round : rounds);
    free(line);
    fclose(in);
    close(fd);
}

static void test_server_over_socket(void **state)
{
    (void)state;
    cg3_tables_init(&T);
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    o.size = 3;
    o.max_moves = 20;
    o.scramble = 6;
    o.rounds = 5;
    o.alarm = 30; /* generous: the sanitizers and valgrind are slow, and this is no speed test */
    o.seeded = true;
    o.seed = 4242;
    o.games = 2;
    cg_server *s;
    cg_error e;
    assert_int_equal(cg_server_open(&o, &s, &e), CG_OK);
    pthread_t tid;
    assert_int_equal(pthread_create(&tid, NULL, run_server, s), 0);
    char last[256];
    play(cg_server_port(s), o.seed, 1, o.rounds, 0, last, sizeof last);
    assert_non_null(strstr(last, "Here is your flag: flag{"));
    play(cg_server_port(s), o.seed, 2, o.rounds, 3, last, sizeof last);
    assert_string_equal(last, "[-] Not solved!");
    pthread_join(tid, NULL);
    long finished, won;
    cg_server_counts(s, &finished, &won);
    assert_int_equal(finished, 2);
    assert_int_equal(won, 1);
    cg_server_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rounds_read_back),
        cmocka_unit_test(test_after_move),
        cmocka_unit_test(test_string_order),
        cmocka_unit_test(test_answer_check),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_server_over_socket),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
