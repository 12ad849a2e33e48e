/* TLS tubes against an in-test TLS echo server on 127.0.0.1 with a throwaway self-signed
 * certificate made by the openssl command: verification fails by default, --insecure works,
 * trusting the certificate works, a wrong host name fails. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <signal.h>

#include <cmocka.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <openssl/err.h>

#include "tube/echo_server.h"

typedef struct tls_fixture {
    char dir[64];
    char cert[128], key[128];
    cg_tls_server *server;
} tls_fixture;

static int make_cert(void **state)
{
    static tls_fixture fx;
    snprintf(fx.dir, sizeof fx.dir, "/tmp/cubegod-tls-XXXXXX");
    if (!mkdtemp(fx.dir))
        return -1;
    snprintf(fx.cert, sizeof fx.cert, "%s/cert.pem", fx.dir);
    snprintf(fx.key, sizeof fx.key, "%s/key.pem", fx.dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
             "-days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 "
             "-keyout %s -out %s 2>/dev/null",
             fx.key, fx.cert);
    fx.server = NULL;
    if (system(cmd) == 0)
        cg_tls_server_new(fx.cert, fx.key, &fx.server, NULL);
    *state = &fx;
    return 0;
}

static int remove_cert(void **state)
{
    tls_fixture *fx = *state;
    cg_tls_server_free(fx->server);
    unlink(fx->cert);
    unlink(fx->key);
    rmdir(fx->dir);
    return 0;
}

static tls_fixture *fixture(void **state)
{
    tls_fixture *fx = *state;
    if (!fx->server)
        skip(); /* no openssl command to make the certificate */
    return fx;
}

static cg_status try_connect(tls_fixture *fx, cg_tube_options o, cg_tube **t, cg_error *err)
{
    echo_server s = {.tls = fx->server};
    assert_int_equal(echo_start(&s, 1), 0);
    o.tls = true;
    o.log_level = CG_LOG_QUIET;
    cg_status st = cg_tube_connect("127.0.0.1", s.port, &o, t, err);
    if (!st) {
        const uint8_t *p;
        size_t n;
        assert_int_equal(cg_tube_sendline(*t, "over tls", 8, err), CG_OK);
        assert_int_equal(cg_tube_recvline(*t, 10, &p, &n, err), CG_OK);
        assert_int_equal(n, 8);
        assert_memory_equal(p, "over tls", 8);
#ifdef CG_HAVE_TCP_QUICKACK
        /* reads re-arm delayed ACKs; a TLS tube turns quick ACKs back on after each, as TCP's */
        int v = -1;
        socklen_t len = sizeof v;
        assert_int_equal(getsockopt(cg_tube_fileno(*t), IPPROTO_TCP, TCP_QUICKACK, &v, &len), 0);
        assert_int_equal(v, 1);
#endif
        assert_int_equal(cg_tube_shutdown_send(*t, err), CG_OK);
        assert_int_equal(cg_tube_recvall(*t, 10, &p, &n, err), CG_OK);
        assert_int_equal(n, 0);
        cg_tube_close(*t);
    }
    echo_stop(&s);
    assert_int_equal(s.handshakes_ok, st == CG_OK);
    return st;
}

static void test_self_signed_rejected_by_default(void **state)
{
    tls_fixture *fx = fixture(state);
    cg_tube *t;
    cg_error err;
    assert_int_equal(try_connect(fx, (cg_tube_options){0}, &t, &err), CG_ERR_TLS);
    assert_null(t);
    assert_non_null(strstr(err.msg, "certificate verify failed: self"));
    /* OpenSSL's error queue of this thread is left empty: the next failure's message is its own */
    assert_int_equal(ERR_peek_error(), 0);
    /* A library message names no command-line option; the CLI adds the hint. */
    assert_null(strstr(err.msg, "--insecure"));
}

static void test_insecure_accepts(void **state)
{
    tls_fixture *fx = fixture(state);
    cg_tube *t;
    cg_error err = {0};
    cg_status st = try_connect(fx, (cg_tube_options){.insecure = true}, &t, &err);
    if (st)
        fail_msg("%s", err.msg);
}

/* A TLS client of 127.0.0.1:port, the certificate not checked (the tests' own). */
static cg_status insecure_client(const char *port, cg_tube **t, cg_error *err)
{
    cg_tube_options o = {.tls = true, .insecure = true, .log_level = CG_LOG_QUIET};
    return cg_tube_connect("127.0.0.1", port, &o, t, err);
}

/* A line longer than a TLS record (16 KB): SSL writes it a record at a time (partial writes),
 * each from where the last ended, and it comes back whole. */
static void test_long_line_round_trip(void **state)
{
    tls_fixture *fx = fixture(state);
    echo_server s = {.tls = fx->server};
    assert_int_equal(echo_start(&s, 1), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(insecure_client(s.port, &t, &err), CG_OK);
    enum { LONG = 60000 };
    static uint8_t line[LONG];
    for (size_t i = 0; i < LONG; i++)
        line[i] = (uint8_t)('a' + i % 23 + (i / 16384) % 3); /* each record's bytes its own */
    assert_int_equal(cg_tube_sendline(t, line, LONG, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_OK);
    assert_int_equal(n, LONG);
    assert_memory_equal(p, line, LONG);
    cg_tube_close(t);
    echo_stop(&s);
}

/* A connection reset under a session (a system error to OpenSSL) fails the session: the read
 * says so, and shutting the sending side after it is refused, not tried (OpenSSL forbids
 * SSL_shutdown after a fatal error). */
static void test_reset_fails_the_session(void **state)
{
    tls_fixture *fx = fixture(state);
    echo_server s = {.tls = fx->server, .reset_after_line = true};
    assert_int_equal(echo_start(&s, 1), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(insecure_client(s.port, &t, &err), CG_OK);
    assert_int_equal(cg_tube_sendline(t, "hello", 5, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "reset"));
    assert_int_equal(cg_tube_shutdown_send(t, &err), CG_ERR_TLS);
    assert_non_null(strstr(err.msg, "the TLS session already failed"));
    cg_tube_close(t);
    echo_stop(&s);
}

/* Sends after the peer has closed: the kernel's SIGPIPE for the write that meets the closed
 * connection is swallowed, not delivered (a writer with SIGPIPE at its default, in a child). */
static void test_send_after_close_no_sigpipe(void **state)
{
    tls_fixture *fx = fixture(state);
    echo_server s = {.tls = fx->server, .close_after_line = true};
    assert_int_equal(echo_start(&s, 1), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        cg_tube *t;
        if (insecure_client(s.port, &t, NULL) != CG_OK)
            _exit(2);
        if (cg_tube_sendline(t, "hello", 5, NULL) != CG_OK)
            _exit(3);
        int failed = 0;
        for (int k = 0; k < 4; k++) { /* the peer's close, then its reset, come in between */
            usleep(100000);
            failed += cg_tube_sendline(t, "x", 1, NULL) != CG_OK;
        }
        cg_tube_close(t);
        _exit(failed > 0 ? 0 : 4);
    }
    int ws;
    assert_int_equal(waitpid(pid, &ws, 0), pid);
    echo_stop(&s);
    if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
        fail_msg("the writer %s %d", WIFSIGNALED(ws) ? "died of signal" : "exited with",
                 WIFSIGNALED(ws) ? WTERMSIG(ws) : WEXITSTATUS(ws));
}

static void *accept_and_close(void *arg)
{
    int fd = accept(*(int *)arg, NULL, NULL);
    if (fd >= 0) {
        char hello[4096]; /* the ClientHello read first: a close with it unread would be a reset */
        ssize_t got = recv(fd, hello, sizeof hello, 0);
        (void)got;
        close(fd);
    }
    return NULL;
}

/* A peer that closes instead of answering the handshake: said as such, not as a system error
 * (errno is cleared before each step, and an end of stream sets none). */
static void test_closed_before_the_handshake(void **state)
{
    (void)state;
    int lfd, port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &lfd, &port, NULL), CG_OK);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, accept_and_close, &lfd), 0);
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    cg_tube *t;
    cg_error err;
    errno = EPERM; /* whatever the caller left there */
    assert_int_not_equal(insecure_client(ps, &t, &err), CG_OK);
    pthread_join(th, NULL);
    close(lfd);
    if (!strstr(err.msg, "the peer closed the connection"))
        fail_msg("'%s'", err.msg);
}

static void test_trusted_cert_and_names(void **state)
{
    tls_fixture *fx = fixture(state);
    cg_tube *t;
    cg_error err = {0};
    /* The certificate names IP 127.0.0.1 and DNS localhost: both verify. */
    cg_tube_options o = {.ca_file = fx->cert};
    if (try_connect(fx, o, &t, &err))
        fail_msg("%s", err.msg);
    o.sni = "localhost";
    if (try_connect(fx, o, &t, &err))
        fail_msg("%s", err.msg);
    o.sni = "cube.example";
    assert_int_equal(try_connect(fx, o, &t, &err), CG_ERR_TLS);
    assert_non_null(strstr(err.msg, "hostname mismatch"));
    /* a name SNI cannot carry (over 255 bytes): refused before the handshake, with the name */
    static char longname[300];
    memset(longname, 'n', sizeof longname - 1);
    o.sni = longname;
    assert_int_equal(try_connect(fx, o, &t, &err), CG_ERR_TLS);
    assert_non_null(strstr(err.msg, "nnn...\" as a server name (SNI)"));
    assert_non_null(strstr(err.msg, "cannot use \"nnnn"));
}

static void test_server_bad_files(void **state)
{
    tls_fixture *fx = fixture(state);
    cg_tls_server *s;
    cg_error err;
    assert_int_equal(cg_tls_server_new("/nonexistent.pem", fx->key, &s, &err), CG_ERR_TLS);
    assert_null(s);
    assert_non_null(strstr(err.msg, "/nonexistent.pem"));
    assert_int_equal(cg_tls_server_new(fx->cert, fx->cert, &s, &err), CG_ERR_TLS);
}

/* A plain TCP client at a TLS server: the server's handshake fails, the client sees the close. */
static void test_plain_client_at_tls_server(void **state)
{
    tls_fixture *fx = fixture(state);
    echo_server s = {.tls = fx->server};
    assert_int_equal(echo_start(&s, 1), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("127.0.0.1", s.port, &o, &t, &err), CG_OK);
    assert_int_equal(cg_tube_sendline(t, "hello", 5, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    cg_status st = cg_tube_recvline(t, 10, &p, &n, &err);
    assert_true(st == CG_ERR_EOF || st == CG_ERR_SYSTEM);
    cg_tube_close(t);
    echo_stop(&s);
    assert_int_equal(s.handshakes_ok, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_self_signed_rejected_by_default),
        cmocka_unit_test(test_insecure_accepts),
        cmocka_unit_test(test_long_line_round_trip),
        cmocka_unit_test(test_reset_fails_the_session),
        cmocka_unit_test(test_send_after_close_no_sigpipe),
        cmocka_unit_test(test_closed_before_the_handshake),
        cmocka_unit_test(test_trusted_cert_and_names),
        cmocka_unit_test(test_server_bad_files),
        cmocka_unit_test(test_plain_client_at_tls_server),
    };
    return cmocka_run_group_tests(tests, make_cert, remove_cert);
}
