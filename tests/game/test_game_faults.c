// link-wrap: poll pthread_create calloc malloc free fdopen eventfd getrandom
/* Faults a game meets only on a bad day, injected with the linker's --wrap (tests/CMakeLists.txt),
 * and the server's variant games played to the ends no other test reaches:
 *   - a server that cannot make its stop channel, or get entropy for its seed (then the time
 *     and the process id make it);
 *   - allocations that fail (a server, a game, a transcript, a replay's judge and records, the
 *     last words of a closed connection) and a thread that cannot be started: each is an
 *     "out of memory" error or a refused connection, the next connection served as before;
 *   - poll() failing under the accept loop (EINTR retried, anything else the reason returned),
 *     fdopen() failing under a transcript (no descriptor left open);
 *   - a TLS server full: the extra connection closed without a word, the waiting handshake
 *     stopped; a stop that comes while the last accepted game still runs;
 *   - send-each and one-move rounds lost at the end line or over the move limit, one won with
 *     an empty line, the menu game's "check", "exit" and a bad step, a 3x3 send-each round's
 *     prompt. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/transcript.h"
#include "cubegod/tube.h"
#include "game/answer.h"
#include "game/serve/internal.h"
#include "served.h" /* a server in a thread, its log in a temporary file */
#include "tables_fixture.h"
#include "testutil.h"
#include "tube/certs.h"

#define PROMPT "Enter your solution:"

/* ---- injected faults (all off unless armed) ---- */

void *__real_calloc(size_t n, size_t size);
void *__real_malloc(size_t size);
void __real_free(void *p);
int __real_poll(struct pollfd *fds, nfds_t n, int timeout);
int __real_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg);
FILE *__real_fdopen(int fd, const char *mode);
int __real_eventfd(unsigned int count, int flags);
ssize_t __real_getrandom(void *buf, size_t n, unsigned int flags);

static _Thread_local int calloc_fail_in;  /* this thread: the n-th calloc from now fails */
static atomic_size_t calloc_fail_size;    /* any thread: the next calloc of this size fails */
static atomic_size_t malloc_fail_size;    /* any thread: a malloc of this size fails ... */
static atomic_int malloc_fail_skip;       /* ... after this many of that size went through */
static void *watched;                     /* the first block of malloc_fail_size handed out */
static atomic_bool watched_freed;
static atomic_bool pthread_fail;          /* the next pthread_create fails (EAGAIN) */
static atomic_bool fdopen_fail;           /* the next fdopen fails (ENOMEM) */
static atomic_bool eventfd_fail;          /* the next eventfd fails (EMFILE) */
static atomic_bool getrandom_fail;        /* the next getrandom fails (ENOSYS) */
static _Thread_local int poll_faults[4];  /* errno of the next accept-loop polls, 0-terminated */
static _Thread_local int poll_next;
static atomic_int stop_fd = -1;           /* the stop channel of the server watched ... */
static atomic_bool lingering;             /* ... polled alone 10 ms at a time: it waits for its
                                             last games */

void *__wrap_calloc(size_t n, size_t size)
{
    if (calloc_fail_in > 0 && --calloc_fail_in == 0)
        return NULL;
    size_t want = atomic_load(&calloc_fail_size);
    if (want && n == 1 && size == want &&
        atomic_compare_exchange_strong(&calloc_fail_size, &want, 0))
        return NULL;
    return __real_calloc(n, size);
}

void *__wrap_malloc(size_t size)
{
    if (size && size == atomic_load(&malloc_fail_size)) {
        if (atomic_fetch_sub(&malloc_fail_skip, 1) <= 0) {
            atomic_store(&malloc_fail_size, 0);
            return NULL;
        }
        void *p = __real_malloc(size);
        if (!watched)
            watched = p;
        return p;
    }
    return __real_malloc(size);
}

void __wrap_free(void *p)
{
    if (p && p == watched)
        atomic_store(&watched_freed, true);
    __real_free(p);
}

/* Only the accept loop polls two descriptors (the listener and the stop channel); its wait
 * for the games still served polls the stop channel alone, 10 ms at a time. */
int __wrap_poll(struct pollfd *fds, nfds_t n, int timeout)
{
    if (n == 2 && poll_faults[poll_next]) {
        errno = poll_faults[poll_next++];
        return -1;
    }
    if (n == 1 && timeout == 10 && fds[0].fd == atomic_load(&stop_fd))
        atomic_store(&lingering, true);
    return __real_poll(fds, n, timeout);
}

int __wrap_pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *), void *arg)
{
    if (atomic_exchange(&pthread_fail, false))
        return EAGAIN;
    return __real_pthread_create(t, a, fn, arg);
}

FILE *__wrap_fdopen(int fd, const char *mode)
{
    if (atomic_exchange(&fdopen_fail, false)) {
        errno = ENOMEM;
        return NULL;
    }
    return __real_fdopen(fd, mode);
}

int __wrap_eventfd(unsigned int count, int flags)
{
    if (atomic_exchange(&eventfd_fail, false)) {
        errno = EMFILE;
        return -1;
    }
    return __real_eventfd(count, flags);
}

ssize_t __wrap_getrandom(void *buf, size_t n, unsigned int flags)
{
    if (atomic_exchange(&getrandom_fail, false)) {
        errno = ENOSYS;
        return -1;
    }
    return __real_getrandom(buf, n, flags);
}

/* ---- allocations and threads ---- */

static void server_open_out_of_memory(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    cg_server *s = (cg_server *)&s;
    cg_error err;
    calloc_fail_in = 1;
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_NOMEM);
    calloc_fail_in = 0;
    assert_string_equal(err.msg, "out of memory");
    assert_null(s);
}

/* No stop channel: a system error, nothing left open. No entropy: the seed is the time with the
 * process id above it. (Where the build has no eventfd or getrandom there is nothing to wrap.) */
static void server_open_without_channel_or_entropy(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    cg_server *s = (cg_server *)&s;
    cg_error err;
#if defined(CG_HAVE_EVENTFD)
    int before = open_descriptors();
    atomic_store(&eventfd_fail, true);
    assert_int_equal(cg_server_open(&o, &s, &err), CG_ERR_SYSTEM);
    assert_false(atomic_load(&eventfd_fail));
    char want[128];
    snprintf(want, sizeof want, "cannot make the stop channel: %s", strerror(EMFILE));
    assert_string_equal(err.msg, want);
    assert_null(s);
    assert_int_equal(open_descriptors(), before);
#endif
#if defined(CG_HAVE_GETRANDOM)
    time_t t0 = time(NULL);
    atomic_store(&getrandom_fail, true);
    assert_int_equal(cg_server_open(&o, &s, &err), CG_OK);
    time_t t1 = time(NULL);
    assert_false(atomic_load(&getrandom_fail));
    uint64_t at = s->seed ^ ((uint64_t)getpid() << 32);
    assert_true(at >= (uint64_t)t0 && at <= (uint64_t)t1);
    cg_server_close(s);
#endif
#if !defined(CG_HAVE_EVENTFD) && !defined(CG_HAVE_GETRANDOM)
    (void)o, (void)s, (void)err;
    skip(); /* nothing to wrap in this build */
#endif
}

/* A game that cannot get its memory, then one whose thread cannot start: each connection is
 * refused as busy and logged, and the next one is served as if nothing happened (game 1, with
 * room for it under max_clients 1). */
static void game_start_failures_refuse_and_recover(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        served r;
        cg_server_options o = cg_server_defaults();
        o.rounds = 3;
        o.max_clients = 1;
        o.games = 1;
        served_start(&r, &o);
        if (k == 0)
            atomic_store(&calloc_fail_size, sizeof(server_game));
        else
            atomic_store(&pthread_fail, true);
        cg_tube *t = served_dial(&r);
        assert_string_equal(served_rest(t), "[-] Server busy, try again later\n");
        cg_tube_close(t);
        assert_int_equal(atomic_load(&calloc_fail_size), 0); /* the fault was met */
        assert_false(atomic_load(&pthread_fail));
        t = served_dial(&r);
        served_expect(served_until(t, PROMPT "\n"), "=== Round 1/3 ===");
        cg_tube_close(t);
        const char *log = served_finish(&r);
        /* the first line: the refusal (its count is max_clients, though none was served) */
        assert_int_equal(strncmp(log, "serve: 127.0.0.1:", 17), 0);
        served_expect(log, " refused: ");
        served_expect(log, "serve: game 1 127.0.0.1:");
        served_expect(log, "0/3 rounds, lost in round 1: Connection closed before an answer\n");
    }
}

static void transcript_faults(void **state)
{
    (void)state;
    char path[] = "/tmp/cubegod-faults-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    cg_transcript *t = (cg_transcript *)&t;
    cg_error err;
    /* no memory: nothing created */
    calloc_fail_in = 1;
    assert_int_equal(cg_transcript_open(path, &t, &err), CG_ERR_NOMEM);
    calloc_fail_in = 0;
    assert_string_equal(err.msg, "out of memory");
    assert_null(t);
    assert_int_not_equal(access(path, F_OK), 0);
    /* the stream cannot be made: its descriptor is closed, errno says why */
    int before = open_descriptors();
    atomic_store(&fdopen_fail, true);
    assert_int_equal(cg_transcript_open(path, &t, &err), CG_ERR_SYSTEM);
    char want[128];
    snprintf(want, sizeof want, "%s: %s", path, strerror(ENOMEM));
    assert_string_equal(err.msg, want);
    assert_null(t);
    assert_int_equal(open_descriptors(), before);
    unlink(path);
}

static void replay_out_of_memory(void **state)
{
    (void)state;
    static const char capture[] = "Face U:\n" PROMPT "\nR\n";
    static const char text[] = CG_TRANSCRIPT_MAGIC "\n< 0.000000 Welcome!\\n\n> 0.100000 hi\\n\n";
    cg_replay_summary sum;
    cg_error err;
    /* the judge */
    calloc_fail_in = 1;
    assert_int_equal(cg_replay_text(tables, NULL, capture, sizeof capture - 1, NULL, NULL, &sum,
                                    &err), CG_ERR_NOMEM);
    calloc_fail_in = 0;
    assert_string_equal(err.msg, "out of memory");
    /* a capture needs nothing more; a transcript its replay */
    calloc_fail_in = 2;
    assert_int_equal(cg_replay_text(tables, NULL, capture, sizeof capture - 1, NULL, NULL, &sum,
                                    &err), CG_OK);
    assert_int_equal(calloc_fail_in, 2 - 1); /* one calloc only */
    calloc_fail_in = 2;
    assert_int_equal(cg_replay_text(tables, NULL, text, sizeof text - 1, NULL, NULL, &sum, &err),
                     CG_ERR_NOMEM);
    assert_int_equal(calloc_fail_in, 0);
    assert_string_equal(err.msg, "out of memory");
    /* the records: the copy made first is freed */
    watched = NULL;
    atomic_store(&watched_freed, false);
    atomic_store(&malloc_fail_skip, 1);
    atomic_store(&malloc_fail_size, sizeof text);
    memset(&err, 0, sizeof err);
    assert_int_equal(cg_replay_text(tables, NULL, text, sizeof text - 1, NULL, NULL, &sum, &err),
                     CG_ERR_NOMEM);
    assert_int_equal(atomic_load(&malloc_fail_size), 0);
    assert_string_equal(err.msg, "out of memory");
    assert_non_null(watched);
    assert_true(atomic_load(&watched_freed));
    watched = NULL;
}

/* The server closed after a last line with no newline, and it cannot be copied. */
static void play_last_words_out_of_memory(void **state)
{
    (void)state;
    static char text[8192], tail[778];
    char path[4096];
    snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, 4096, f);
    fclose(f);
    memset(tail, 'x', sizeof tail - 1);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\n%s", tail);
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, NULL, &t, NULL), CG_OK);
    cg_play_options o = cg_play_defaults();
    o.timeout = 1;
    cg_play_result res;
    cg_error err;
    atomic_store(&malloc_fail_skip, 0);
    atomic_store(&malloc_fail_size, sizeof tail);
    cg_status st = cg_play(t, tables, &o, &res, &err);
    cg_tube_close(t);
    assert_int_equal(atomic_load(&malloc_fail_size), 0);
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "out of memory for the last 777 bytes");
}

/* ---- the accept loop ---- */

/* A poll interrupted by a signal is polled again; one that fails otherwise ends the run with
 * the reason. */
static void accept_loop_poll_fails(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.log = NULL;
    cg_server *s;
    assert_int_equal(cg_server_open(&o, &s, NULL), CG_OK);
    poll_faults[0] = EINTR;
    poll_faults[1] = ENOMEM;
    poll_faults[2] = 0;
    poll_next = 0;
    cg_error err;
    assert_int_equal(cg_server_run(s, &err), CG_ERR_SYSTEM);
    assert_int_equal(poll_next, 2);
    poll_faults[0] = 0;
    poll_next = 0;
    char want[128];
    snprintf(want, sizeof want, "poll: %s", strerror(ENOMEM));
    assert_string_equal(err.msg, want);
    cg_server_close(s);
}

/* The last game accepted (games 1) still runs when the stop comes: it is stopped, not waited
 * for until its alarm. */
static void stop_while_the_last_game_runs(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 3;
    o.games = 1;
    o.alarm = 5;
    atomic_store(&lingering, false);
    served_start(&r, &o);
    atomic_store(&stop_fd, r.srv->stop_fd);
    cg_tube *t = served_dial(&r);
    served_until(t, PROMPT "\n");
    while (!atomic_load(&lingering)) /* the accept loop is over: it waits for the game */
        usleep(1000);
    cg_server_stop(r.srv);
    assert_string_equal(served_rest(t), "");
    cg_tube_close(t);
    served_expect(served_finish(&r), "0/3 rounds, stopped in round 1\n");
    atomic_store(&stop_fd, -1);
}

/* A self-signed certificate for localhost, made with OpenSSL's calls (tests/tube/certs.h). */
typedef struct cert {
    char dir[64];
    test_cert tc;
    bool ok;
} cert;

static int make_cert(void **state)
{
    static cert c;
    snprintf(c.dir, sizeof c.dir, "/tmp/cubegod-faults-tls-XXXXXX");
    if (!mkdtemp(c.dir))
        return -1;
    c.ok = cert_make(&c.tc, c.dir, "server", "localhost", "DNS:localhost", 0, 86400, NULL, false);
    *state = &c;
    return 0;
}

static int remove_cert(void **state)
{
    cert *c = *state;
    cert_free(&c->tc);
    rmdir(c->dir);
    return 0;
}

/* A TLS server full (max clients 1, one connection still before its handshake): the next is
 * closed at once, without a handshake or a word, and logged; a stop then ends the waiting
 * handshake as a stop, not as a dropped connection. */
static void tls_server_full_then_stopped(void **state)
{
    cert *c = *state;
    if (!c->ok)
        skip();
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 3;
    o.max_clients = 1;
    o.tls_cert = c->tc.cert_path;
    o.tls_key = c->tc.key_path;
    served_start(&r, &o);
    cg_tube *first = served_dial(&r); /* plain TCP: says nothing, the handshake waits */
    cg_tube *second = served_dial(&r);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recv(second, 0, 5, &p, &n, NULL), CG_ERR_EOF);
    cg_tube_close(second);
    cg_server_stop(r.srv);
    const char *log = served_finish(&r);
    cg_tube_close(first);
    served_expect(log, " refused: 1 games running\n");
    served_expect(log, "serve: game 1 127.0.0.1:");
    served_expect(log, "0/3 rounds, stopped before the first round\n");
}

/* ---- variant games played to their ends ---- */

/* Send-each with an end line: the end before the cube is solved loses; play's moves then an
 * empty line (its end "") win, the empty line coming after the solved cube. */
static void send_each_rounds(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.rounds = 1;
    o.send_each = true;
    o.end = "#";
    o.games = 2;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    served_until(t, PROMPT "\n");
    served_send(t, "#");
    assert_string_equal(served_rest(t), "[-] Not solved!\n");
    cg_tube_close(t);

    t = served_dial(&r);
    cg_play_options po = cg_play_defaults();
    po.send_each = true;
    po.end = "";
    cg_play_result res;
    cg_error err;
    cg_status st = cg_play(t, tables, &po, &res, &err);
    cg_tube_close(t);
    if (st != CG_OK || !res.won)
        fail_msg("status %d: %s", (int)st, res.reason);
    assert_string_equal(res.flags, "flag{cubegod_local_practice}");
    const char *log = served_finish(&r);
    served_expect(log, "0/1 rounds, lost in round 1: Not solved!\n");
    served_expect(log, "1/1 rounds, won\n");
}

/* One move a prompt under a limit of one: the second move (or a half turn counted as two
 * quarter turns) is one too many. */
static void one_move_over_the_limit(void **state)
{
    (void)state;
    for (int qtm = 0; qtm <= 1; qtm++) {
        served r;
        cg_server_options o = cg_server_defaults();
        o.rounds = 1;
        o.one_move = true;
        o.max_moves = 1;
        o.metric = qtm ? CG_METRIC_QTM : CG_METRIC_HTM;
        o.games = 1;
        served_start(&r, &o);
        cg_tube *t = served_dial(&r);
        served_until(t, CG_ONE_MOVE_PROMPT "\n");
        const char *rest;
        if (qtm) {
            served_send(t, "U2");
            rest = served_rest(t);
            assert_string_equal(rest, "[-] Too many moves (2 quarter turns, at most 1 allowed)\n");
        } else {
            served_send(t, "U");
            served_expect(served_until(t, CG_ONE_MOVE_PROMPT "\n"), "Move 1: U\n");
            served_send(t, "U");
            rest = served_rest(t);
            assert_string_equal(rest, "[-] Too many moves (2, at most 1 allowed)\n");
        }
        cg_tube_close(t);
        served_expect(served_finish(&r), qtm ? "lost in round 1: Too many moves (2 quarter turns, at most 1 "
                                    "allowed)\n"
                                  : "lost in round 1: Too many moves (2, at most 1 allowed)\n");
    }
}

/* The menu game: "3" on a scrambled cube says it is not restored and asks again; "0" leaves;
 * a step that is no moves loses with the answer checker's reason. */
static void menu_choices(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.size = 3;
    o.menu = true;
    o.rounds = 1;
    o.games = 2;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    served_expect(served_until(t, "your choice: "), "origin:\n");
    served_send(t, "3");
    served_expect(served_until(t, "your choice: "), "scrambled:\n");
    served_send(t, "3");
    const char *again = served_until(t, "your choice: ");
    assert_int_equal(strncmp(again, "The magic cube has not been restored yet!\nnow:\n", 47), 0);
    served_send(t, "2");
    served_until(t, "your step:");
    served_send(t, "Q");
    cg_answer_rules rules = {o.max_moves, o.check, NULL, o.metric};
    static cg_move moves[CG_SERVER_LINE_MAX];
    size_t k;
    cg_error why;
    assert_int_not_equal(cgi_answer_parse("Q", 1, &rules, moves, &k, NULL, &why), CG_OK);
    char want[CG_ERROR_MSG_MAX + 64];
    snprintf(want, sizeof want, "[-] %s\n", why.msg);
    assert_string_equal(served_rest(t), want);
    cg_tube_close(t);

    t = served_dial(&r);
    served_until(t, "your choice: ");
    served_send(t, "3");
    served_until(t, "your choice: ");
    served_send(t, "0");
    assert_string_equal(served_rest(t), "[-] Bye!\n");
    cg_tube_close(t);
    const char *log = served_finish(&r);
    snprintf(want, sizeof want, "0/1 rounds, lost in round 1: %s\n", why.msg);
    served_expect(log, want);
    served_expect(log, "0/1 rounds, lost in round 1: Bye!\n");
}

/* A 3x3 send-each round shows the cube as asked and ends with the plain prompt (moves come a
 * line each after it, not a prompt each). */
static void send_each_3x3_round(void **state)
{
    (void)state;
    served r;
    cg_server_options o = cg_server_defaults();
    o.size = 3;
    o.max_moves = 20;
    o.scramble = 3;
    o.rounds = 1;
    o.send_each = true;
    o.show = CG_SHAPE_NET;
    o.games = 1;
    served_start(&r, &o);
    cg_tube *t = served_dial(&r);
    const char *round = served_until(t, PROMPT "\n");
    served_expect(round, "=== Round 1/1 ===\n");
    assert_null(strstr(round, "Face U:")); /* a net, not boxes */
    assert_null(strstr(round, CG_ONE_MOVE_PROMPT));
    served_send(t, "Q");
    cg_tube_close(t);
    served_expect(served_finish(&r), "0/1 rounds, lost in round 1: ");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(server_open_out_of_memory),
        cmocka_unit_test(server_open_without_channel_or_entropy),
        cmocka_unit_test(game_start_failures_refuse_and_recover),
        cmocka_unit_test(transcript_faults),
        cmocka_unit_test(replay_out_of_memory),
        cmocka_unit_test(play_last_words_out_of_memory),
        cmocka_unit_test(accept_loop_poll_fails),
        cmocka_unit_test(stop_while_the_last_game_runs),
        cmocka_unit_test_setup_teardown(tls_server_full_then_stopped, make_cert, remove_cert),
        cmocka_unit_test(send_each_rounds),
        cmocka_unit_test(one_move_over_the_limit),
        cmocka_unit_test(menu_choices),
        cmocka_unit_test(send_each_3x3_round),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
