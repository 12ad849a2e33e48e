/* The error convention: passing NULL for the cg_error changes no status. Every public function
 * that takes a cg_error * is called here with NULL on an input it must refuse, and the status
 * must still be an error (a status read back from the error record turned into CG_OK when the
 * record was NULL: cg_jigsaw_run on a bad line returned 0). tests/game/e2e_null_errors.sh checks
 * that every such function of include/cubegod/ is named here.
 * needs: tables3 (the 3x3 two-phase solver's tables, from CUBEGOD_TWOPHASE_CACHE) */
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/dialogue.h"
#include "cubegod/cube.h"
#include "cubegod/jigsaw.h"
#include "cubegod/notation.h"
#include "cubegod/order.h"
#include "cubegod/pow.h"
#include "cubegod/cube3.h"
#include "cubegod/draw.h"
#include "cubegod/puzzle.h"
#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/shapes.h"
#include "cubegod/sim3.h"
#include "cubegod/solver.h"
#include "cubegod/solver3.h"
#include "cubegod/state.h"
#include "cubegod/transcript.h"
#include "cubegod/turn.h"
#include "cubegod/tube.h"
#include "contest/sim3_reader.h"
#include "contest/order_parser.h"
#include "puzzle/reader.h"
#include "tables_fixture.h"

#define FAILS(call) assert_true((call) < 0)

static FILE *text_file(const char *text)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs(text, f);
    rewind(f);
    return f;
}

static void error_helpers(void **state)
{
    (void)state;
    assert_int_equal(cg_fail(NULL, CG_ERR_INPUT, "x"), CG_ERR_INPUT);
    assert_int_equal(cg_error_prefix(CG_ERR_EOF, NULL, "line %d: ", 3), CG_ERR_EOF);
}

/* The readers of the unseen-challenge issue and the state algebra. */
static void states_and_layouts(void **state)
{
    (void)state;
    char out[64];
    int n = 0;
    cg_shape_reader r;
    cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL);
    FAILS(cg_shape_reader_across(&r, "LLLL", NULL));
    cg_layout *l;
    FAILS(cg_layout_new("U1 U1", 5, &l, NULL));
    FAILS(cg_shape_reader_layout(&r, NULL, NULL));
    FAILS(cg_state_solved(4, out, sizeof out, NULL));
    FAILS(cg_state_check("UUU", NULL, NULL));
    FAILS(cg_state_apply("UUU", "R", out, sizeof out, NULL));
    FAILS(cg_state_compose("UUU", "UUU", out, sizeof out, NULL));
    FAILS(cg_state_invert("UUU", out, sizeof out, NULL));
    FAILS(cg_state_relative("UUU", "UUU", out, sizeof out, NULL));
    cg_puzzle p, q;
    cg_puzzle_clear_size(&p, 3);
    FAILS(cg_puzzle_state(&p, NULL, 0, out, sizeof out, NULL));
    cg_puzzle_clear_size(&q, 2);
    FAILS(cg_puzzle_toward(&p, &q, NULL, 0, &q, NULL));
    FAILS(cg_read_text("no cube", 7, NULL, NULL, NULL, NULL, out, sizeof out, &n, NULL));
    FAILS(cg_toward_text("x", "y", NULL, 0, out, sizeof out, NULL));
}

static void cubes_and_puzzles(void **state)
{
    (void)state;
    cg_move m[8];
    size_t n;
    FAILS(cg_moves_parse("R Q", m, 8, &n, NULL));
    cg_stickers st;
    memset(&st, 0, sizeof st); /* every sticker the same colour */
    cg_cube c;
    FAILS(cg_cube_from_stickers(&st, &c, NULL));
    cg_puzzle p;
    cg_puzzle_clear(&p);
    FAILS(cg_puzzle_set(&p, 99, "W", 1, NULL));
    FAILS(cg_puzzle_from_compact("nonsense", 8, &p, NULL));
    cg_shape_reader *shr;
    FAILS(cg_shape_reader_new(&shr, CG_SHAPE_AUTO, "XYZ", NULL));
    cg_box_reader r;
    cg_box_reader_init(&r);
    cg_box_event ev;
    assert_int_equal(cg_box_reader_feed(&r, "Face U:", 7, &ev, NULL), CG_OK);
    FAILS(cg_box_reader_feed(&r, "| this is no box |", 18, &ev, NULL));
    cg_box_reader_init(&r);
    assert_int_equal(cg_box_reader_feed(&r, "Face U:", 7, &ev, NULL), CG_OK);
    bool have;
    FAILS(cg_box_reader_finish(&r, &have, NULL));
    cg_scheme s;
    FAILS(cg_scheme_parse("U=W", &s, NULL));
    cg_puzzle_clear(&p);
    cg_reading reading;
    FAILS(cg_reconstruct(&p, NULL, &reading, NULL));
    FAILS(cg_puzzle_from_line("nonsense", 8, "URFDLB", &p, NULL));
    FAILS(cg_face_order_check("UUFDLB", NULL));
    cg_shape shape;
    FAILS(cg_shape_parse("cubes", &shape, NULL));
    FAILS(cg_string_order_check("UUFDLB", NULL));
    FAILS(cg_puzzle_from_string("abc", 3, "net", &p, NULL));
    cg_colours colours;
    FAILS(cg_colours_parse("rainbow", &colours, NULL));
    cg_shape_reader sr;
    FAILS(cg_shape_reader_init(&sr, CG_SHAPE_AUTO, "UDF", NULL));
    assert_int_equal(cg_shape_reader_init(&sr, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&sr, "Up face:", 8, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&sr, "W W W", 5, NULL), CG_OK);
    FAILS(cg_shape_reader_feed(&sr, "W W", 3, NULL));
    assert_int_equal(cg_shape_reader_feed(&sr, "Up face:", 8, NULL), CG_OK);
    FAILS(cg_shape_reader_finish(&sr, NULL));
    cg_puzzle_clear_size(&p, 3); /* nothing shown: at least the cap fit, ambiguous */
    cg_reading3 reading3;
    FAILS(cg_reconstruct3(&p, NULL, &reading3, NULL));
    uint8_t fl[CG3_FACELETS];
    memset(fl, 0, sizeof fl);
    cg3_cube c3;
    FAILS(cg3_cube_from_facelets(fl, &c3, NULL));
    c3 = cg3_cube_home();
    c3.co[0] = 1;
    FAILS(cg3_cube_check(&c3, NULL));
    cg_round round = {.cube = cg_cube_home()};
    cg_cube_apply(&round.cube, 0);
    int moves;
    FAILS(cg_answer_check(&round.cube, "R R R R", 7, 11, CG_TARGET_ANY, &moves, NULL));
    cg_dialect d = cg_dialect_default();
    cg_answer_rules rules = {11, CG_TARGET_ANY, &d, CG_METRIC_HTM};
    FAILS(cg_answer_check_rules(&round.cube, "R R R R", 7, &rules, &moves, NULL));
    FAILS(cg_answer_one_move("Q", 1, &rules, &moves, NULL));
    static cg3_tables t3;
    cg3_tables_init(&t3);
    cg3_cube home3 = cg3_cube_home();
    FAILS(cg_answer3_check_rules(&t3, &home3, "R", 1, &rules, &moves, NULL));
    cg_draw_format df;
    size_t need;
    FAILS(cg_draw_format_parse("gif", &df, NULL));
    cg_puzzle big = {.size = 4};
    FAILS(cg_puzzle_draw(&big, CG_DRAW_SVG, NULL, 0, &need, NULL));
    FAILS(cg_draw_text("no cube", 7, NULL, "svg", NULL, 0, &need, NULL));
}

static void dialects(void **state)
{
    (void)state;
    cg_move_map map;
    FAILS(cg_move_map_parse("U=a,D=a", 7, &map, NULL)); /* one name for two moves */
    cg_dialect d;
    FAILS(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, "\x01", NULL));
    d = cg_dialect_default();
    cg_move out[4];
    size_t n;
    FAILS(cg_dialect_parse(&d, "U Q", 3, out, 4, &n, NULL));
    cg_move many[12] = {0};
    char buf[64];
    FAILS(cg_dialect_answer(&d, CG_METRIC_HTM, 11, many, 12, buf, sizeof buf, NULL)); /* too long */
    /* turn.h: moves on drawings of any symbols */
    cg_turn codes[4];
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_drawing *dr;
    FAILS(cg_turn_parse(3, "R Q", NULL, codes, 4, &n, NULL));
    FAILS(cg_turn_perm(2, "M", NULL, 0, src, NULL)); /* no slices on a 2x2 */
    FAILS(cg_stickers_apply(3, "R", 0, "UUU", buf, sizeof buf, NULL));
    FAILS(cg_drawing_read("hello\n", 6, NULL, NULL, &dr, NULL));
    FAILS(cg_turn_text("hello\n", "R", NULL, buf, sizeof buf, NULL, NULL));
    assert_int_equal(cg_drawing_read("UUUURRRRFFFFDDDDLLLLBBBB\n", 25, NULL, NULL, &dr, NULL), CG_OK);
    FAILS(cg_drawing_turn(dr, "M", NULL, 0, NULL));
    FAILS(cg_drawing_moves(dr, NULL, buf, sizeof buf, NULL)); /* no line after the drawing */
    cg_drawing_free(dr);
}

static void solver(void **state)
{
    (void)state;
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, 0);
    cg_cube_apply(&c, 3);
    cg_move out[CG_SOLUTION_MAX];
    int n;
    FAILS(cg_solve_cube(tables, &c, CG_TARGET_HOME, 1, out, &n, NULL));
    cg_puzzle p;
    cg_puzzle_clear(&p);
    cg_solve_options o = cg_solve_defaults();
    FAILS(cg_solve_puzzle(tables, &p, &o, out, &n, NULL));
    FAILS(cg_solve_puzzle_note(tables, &p, &o, out, &n, NULL, 0, NULL));
    /* cg_tables_open fails only without memory or on a big-endian machine: no input of its own
     * can make it fail, so it is not called here (listed as such in e2e_null_errors.sh). */

    /* The 3x3: an impossible cube, and a view that fits too many cubes. (cg3_twophase_open, like
     * cg_tables_open, fails only without memory.) */
    cg3_tables_options o3 = {.cache_path = getenv("CUBEGOD_TWOPHASE_CACHE")};
    cg3_twophase *tp;
    assert_int_equal(cg3_twophase_open(&tp, &o3, NULL, NULL), CG_OK);
    cg3_cube bad = cg3_cube_home();
    bad.eo[3] = 1;
    cg3_solution sol;
    FAILS(cg3_twophase_solve(tp, &bad, NULL, &sol, NULL));
    cg_puzzle_clear_size(&p, 3);
    FAILS(cg3_solve_puzzle(tp, &p, NULL, NULL, &sol, NULL, NULL));
    assert_int_equal(cg3_twophase_wait(tp, NULL, NULL), CG_OK); /* not a background one */
    cg3_twophase_close(tp);
    /* In the background: the same cache loaded by a thread; waiting hands over its status. */
    assert_int_equal(cg3_twophase_open_background(&tp, &o3, NULL), CG_OK);
    assert_int_equal(cg3_twophase_wait(tp, NULL, NULL), CG_OK);
    FAILS(cg3_twophase_solve(tp, &bad, NULL, &sol, NULL));
    cg3_twophase_close(tp);
    /* Opened later: not started until the wait, which then loads the same cache. */
    assert_int_equal(cg3_twophase_open_later(&tp, &o3, NULL), CG_OK);
    assert_false(cg3_twophase_pending(tp));
    assert_int_equal(cg3_twophase_wait(tp, NULL, NULL), CG_OK);
    FAILS(cg3_twophase_solve(tp, &bad, NULL, &sol, NULL));
    cg3_twophase_close(tp);
    /* The optimal solver's 300 MB tables are not built for tests; an impossible cube is refused
     * before a solver is touched (solver3.h), so none is needed to check the status. */
    FAILS(cg3_optimal_solve(NULL, &bad, NULL, &sol, NULL));
}

static void contests(void **state)
{
    (void)state;
    cg_jigsaw j;
    FAILS(cg_jigsaw_parse("bad", 3, &j, NULL));
    FILE *in = text_file("1\nnot a puzzle line\n"), *out = tmpfile();
    long long counted;
    FAILS(cg_jigsaw_run(in, out, &counted, NULL));
    fclose(in);
    fclose(out);
    static cg3_tables t3;
    cg3_tables_init(&t3);
    cg_order_parser op;
    cg_order_begin(&op, &t3);
    FAILS(cg_order_feed(&op, "R Q", 3, NULL));
    cg_order_begin(&op, &t3);
    cg_order_feed(&op, "(R U", 4, NULL);
    FAILS(cg_order_end(&op, NULL)); /* an unclosed bracket */
    cg3_cube c3;
    bool centres;
    FAILS(cg_order_parse(&t3, "R Q", &c3, &centres, NULL));
    in = text_file("this is not a simulation\n");
    cg_sim3_reader sr;
    cg_sim3_init(&sr, in);
    static cg_sim3_result res;
    bool done;
    FAILS(cg_sim3_next(&sr, &res, &done, NULL));
    fclose(in);
}

/* Points the descriptor open on path at /dev/full (every later write fails), or closes it
 * (closing the stream fails). */
static void fill_up(const char *path, bool shut)
{
    struct stat want;
    assert_int_equal(stat(path, &want), 0);
    int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
    assert_true(full >= 0);
    for (int fd = 0; fd < 1024; fd++) {
        struct stat sb;
        if (fd != full && fstat(fd, &sb) == 0 && sb.st_ino == want.st_ino &&
            sb.st_dev == want.st_dev) {
            if (shut)
                close(fd);
            else
                dup2(full, fd);
        }
    }
    close(full);
}

static void transcripts_and_replay(void **state)
{
    (void)state;
    cg_transcript *t;
    FAILS(cg_transcript_open("/nonexistent-dir/t.txt", &t, NULL));
    char path[] = "/tmp/cubegod-nullerr-XXXXXX";
    int keep = mkstemp(path);
    assert_true(keep >= 0);
    close(keep);
    assert_int_equal(cg_transcript_open(path, &t, NULL), CG_OK);
    fill_up(path, false);
    FAILS(cg_transcript_write(t, CG_DIR_IN, "x\n", 2, NULL));
    FAILS(cg_transcript_note(t, CG_DIR_NOTE, NULL, "%s", "note"));
    assert_int_equal(cg_transcript_close(t, NULL), CG_OK); /* nothing left to write */
    assert_int_equal(cg_transcript_open(path, &t, NULL), CG_OK);
    fill_up(path, true);
    FAILS(cg_transcript_close(t, NULL));
    unlink(path);
    char line[] = "? not a record";
    cg_transcript_record rec;
    FAILS(cg_transcript_parse_line(line, strlen(line), &rec, NULL));
    static const char bad[] = "# cubegod transcript 1\n< 0.1 \\q\n";
    cg_replay_options ro = cg_replay_defaults();
    cg_replay_summary sum;
    FAILS(cg_replay_text(tables, &ro, bad, sizeof bad - 1, NULL, NULL, &sum, NULL));
}

static void tubes(void **state)
{
    (void)state;
    cg_tube_options quiet = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    FAILS(cg_tube_connect("127.0.0.1", "1", &quiet, &t, NULL));
    FAILS(cg_tube_connect_proxy("ftp://127.0.0.1:1", "example", "1", &quiet, &t, NULL));
    FAILS(cg_tube_connect_proxy("socks5://127.0.0.1:99999", "example", "1", &quiet, &t, NULL));
    cg_address addr;
    const char *bad_port[] = {"127.0.0.1", "99999"};
    FAILS(cg_address_parse(bad_port, 2, &addr, NULL));
    char *argv[] = {"/nonexistent/program", NULL};
    FAILS(cg_tube_process(argv, &quiet, &t, NULL));
    FAILS(cg_tube_process_cmd("'unbalanced", &quiet, &t, NULL));
    char **words;
    FAILS(cg_split_command("\"open", &words, NULL));
    FAILS(cg_tube_file("/nonexistent/file", &quiet, &t, NULL));
    FAILS(cg_tube_fds(-1, -1, "bad", &quiet, &t, NULL));
    int fd, port;
    FAILS(cg_tcp_listen("256.1.1.1", "0", 1, &fd, &port, NULL));
    char peer[64];
    FAILS(cg_tcp_accept(-1, &fd, peer, sizeof peer, NULL));
    cg_tls_server *srv;
    FAILS(cg_tls_server_new("/nonexistent/cert.pem", "/nonexistent/key.pem", &srv, NULL));

    /* A memory tube: "abc" then the end of the stream. */
    cg_tube_options small = quiet;
    small.max_buffer = 8;
    assert_int_equal(cg_tube_memory("abc", 3, 0, &small, &t, NULL), CG_OK);
    const uint8_t *p;
    size_t n;
    bool by_tail;
    FAILS(cg_tube_recvn(t, 10, 1, &p, NULL));
    FAILS(cg_tube_recvuntil(t, "x", 1, 1, &p, &n, NULL));
    FAILS(cg_tube_recvline(t, 1, &p, &n, NULL));
    FAILS(cg_tube_recvline_or_tail(t, "?", 1, 1, &p, &n, &by_tail, NULL));
    FAILS(cg_tube_recvline_or_partial(t, 1, 0, NULL, NULL, &p, &n, &by_tail, NULL));
    FAILS(cg_tube_sendlineafter(t, "x", 1, "y", 1, 1, &p, &n, NULL));
    FAILS(cg_tube_wait(t, 1, NULL, NULL)); /* not a process */
    assert_int_equal(cg_tube_recvall(t, 1, &p, &n, NULL), CG_OK);
    FAILS(cg_tube_recv(t, 0, 1, &p, &n, NULL)); /* nothing left */
    cg_tube_close(t);
    assert_int_equal(cg_tube_memory("0123456789abcdef", 16, 0, &small, &t, NULL), CG_OK);
    FAILS(cg_tube_recvall(t, 1, &p, &n, NULL)); /* more than max_buffer */
    cg_tube_close(t);
    /* cg_tube_memory and cg_tube_new fail only without memory (listed in the script). */
    cg_tube_callbacks no_recv = {0};
    FAILS(cg_tube_from_callbacks(&no_recv, "callbacks", &quiet, &t, NULL));
    FAILS(cg_tube_from_callbacks(NULL, "callbacks", &quiet, &t, NULL));

    assert_int_equal(cg_tube_file("/dev/null", &quiet, &t, NULL), CG_OK);
    FAILS(cg_tube_send(t, "x", 1, NULL)); /* read-only */
    FAILS(cg_tube_sendline(t, "x", 1, NULL));
    FAILS(cg_tube_memory_sent(t, &p, &n, NULL)); /* not a memory tube */
    cg_tube_close(t);

    int s = socket(AF_INET, SOCK_STREAM, 0); /* never connected: shutdown says ENOTCONN */
    assert_true(s >= 0);
    assert_int_equal(cg_tube_fds(s, s, "unconnected", &quiet, &t, NULL), CG_OK);
    FAILS(cg_tube_shutdown_send(t, NULL));
    cg_tube_close(t);
}

static void tls_accept_on_a_dead_socket(void **state)
{
    (void)state;
    char dir[] = "/tmp/cubegod-nullerr-tls-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[512], cert[64], key[64];
    snprintf(cert, sizeof cert, "%s/c.pem", dir);
    snprintf(key, sizeof key, "%s/k.pem", dir);
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
             "-days 1 -subj /CN=x -keyout %s -out %s 2>/dev/null", key, cert);
    cg_tls_server *srv = NULL;
    if (system(cmd) == 0)
        cg_tls_server_new(cert, key, &srv, NULL);
    unlink(cert);
    unlink(key);
    rmdir(dir);
    if (!srv)
        skip();
    int sp[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sp), 0);
    close(sp[1]); /* the client left before the handshake */
    cg_tube_options quiet = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    FAILS(cg_tube_tls_accept(srv, sp[0], "gone", &quiet, &t, NULL));
    cg_tls_server_free(srv);
}

static void games(void **state)
{
    (void)state;
    cg_server_options so = cg_server_defaults();
    so.rounds = 0;
    cg_server *srv;
    FAILS(cg_server_open(&so, &srv, NULL));
    so = cg_server_defaults();
    so.log = NULL;
    assert_int_equal(cg_server_open(&so, &srv, NULL), CG_OK);
    /* Break its listener from outside: the descriptor listening on its port is closed, and
     * accepting fails for good. */
    int port = cg_server_port(srv), broken = 0;
    for (int fd = 3; fd < 1024; fd++) {
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        int listening = 0;
        socklen_t ll = sizeof listening;
        if (getsockname(fd, (struct sockaddr *)&ss, &len) == 0 && ss.ss_family == AF_INET &&
            ntohs(((struct sockaddr_in *)&ss)->sin_port) == port &&
            getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &ll) == 0 && listening) {
            int dead = open("/dev/null", O_RDONLY); /* a descriptor that is not a socket */
            dup2(dead, fd);
            close(dead);
            broken++;
        }
    }
    assert_int_equal(broken, 1);
    FAILS(cg_server_run(srv, NULL));
    cg_server_close(srv);

    cg_tube *t;
    assert_int_equal(cg_tube_memory("", 0, 0, NULL, &t, NULL), CG_OK);
    cg_play_options po = cg_play_defaults();
    po.timeout = 0; /* refused: every receive would fail at once */
    cg_play_result res;
    FAILS(cg_play(t, tables, &po, &res, NULL));
    po.timeout = NAN;
    FAILS(cg_play(t, tables, &po, &res, NULL));
    cg_tube_close(t);
}

/* Proofs of work: each failure keeps its status with no error record. */
static void proofs_of_work(void **state)
{
    (void)state;
    char out[CG_POW_ANSWER_MAX], small[4];
    static const char bad[] = "sha256(XXXX+abc) == zz";
    assert_int_equal(cg_pow_scan(bad, strlen(bad), NULL), 0); /* text, not a gate */
    assert_int_equal(cg_pow_answer(bad, strlen(bad), out, sizeof out, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_answer("hello", 5, out, sizeof out, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_answer("md5(X+abc) == 00000000", 22, out, sizeof out, NULL),
                     CG_ERR_TOO_LONG);
    cg_pow *p;
    assert_int_equal(cg_pow_new(&p, NULL), CG_OK);
    assert_int_equal(cg_pow_solve(p, "solve s.AQ==.AQ==", 17, small, sizeof small, NULL),
                     CG_ERR_LIMIT);
    cg_pow_set_limit(p, 1e-9);
    assert_int_equal(cg_pow_solve(p, "hashcash -mb30 x", 16, out, sizeof out, NULL), CG_ERR_LIMIT);
    cg_pow_free(p);
    assert_int_equal(cg_pow_challenge("nope", 0, out, sizeof out, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_challenge("kctf", 0, small, sizeof small, NULL), CG_ERR_LIMIT);
    assert_int_equal(cg_pow_check("hello", 5, "x", 1, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_check("solve s.AQ==.AQ==", 17, "s.!", 3, NULL), CG_ERR_PROTOCOL);
}

static void reply_rules(void **state)
{
    (void)state;
    cg_replies *r;
    assert_int_equal(cg_replies_new(&r, NULL), CG_OK);
    FAILS(cg_replies_add(r, "no equals sign", NULL));
    FAILS(cg_replies_add(r, "later:x=y", NULL));
    FAILS(cg_replies_add(r, "re:(=y", NULL));
    FAILS(cg_replies_add_text(r, "# c\nok=1\nbad\n", 13, NULL));
    assert_int_equal(cg_replies_count(r), 1); /* the good line before the bad one */
    cg_replies_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(error_helpers),
        cmocka_unit_test(reply_rules),
        cmocka_unit_test(cubes_and_puzzles),
        cmocka_unit_test(states_and_layouts),
        cmocka_unit_test(dialects),
        cmocka_unit_test(solver),
        cmocka_unit_test(contests),
        cmocka_unit_test(transcripts_and_replay),
        cmocka_unit_test(tubes),
        cmocka_unit_test(tls_accept_on_a_dead_socket),
        cmocka_unit_test(games),
        cmocka_unit_test(proofs_of_work),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
