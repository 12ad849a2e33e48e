/* Every way a connection can fail leaves the descriptors as they were: refused, reset, a
 * receive timeout, a TLS handshake that times out, fails verification or meets plain text, a
 * SOCKS5 or HTTP CONNECT proxy that refuses (or is not there), a bad address, a process that
 * exits or cannot start. Each path is taken five times and /proc/self/fd counted before and
 * after; the heap is checked by the ASan and valgrind runs of this same test. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/err.h>

#include "cubegod/tube.h"
#include "tube/certs.h"

#define REPEAT 5

static char dir[64];
static test_cert self_signed;

static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return -1;
    int n = 0;
    while (readdir(d))
        n++;
    closedir(d);
    return n;
}

typedef enum { SILENT, RESET, TEXT, TEXT5, TEXT4, TEXT200, BINARY, SOCKS_NO_METHOD, SOCKS_REFUSE, SOCKS_CLOSE, HTTP_403,
               HTTP_GARBAGE } act;

/* A scripted peer in a thread: `conns` connections, each handled by `what`. */
typedef struct peer {
    act what;
    int conns;
    int lfd;
    char port[16];
    pthread_t thread;
    int served;
} peer;

static void drain(int fd)
{
    char buf[512];
    while (read(fd, buf, sizeof buf) > 0) {
    }
}

static void act_on(peer *p, int fd)
{
    uint8_t buf[600];
    static const char http403[] = "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n";
    static const char garbage[] = "SSH-2.0-OpenSSH_9.2\r\n\r\n";
    switch (p->what) {
    case SILENT:
        break;
    case RESET: {
        if (read(fd, buf, 1) != 1)
            break;
        struct linger lg = {1, 0};
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
        return;
    }
    case TEXT:
    case TEXT5: /* the shortest line read as plain text */
    case TEXT4: /* too short to tell from a TLS record */
    case TEXT200: /* longer than the message quotes (127 characters: 5 read, 122 peeked) */
    case BINARY: /* bytes past ASCII: no text, whatever OpenSSL says of them */ {
        static char text200[202];
        memset(text200, 'w', 200);
        text200[200] = '\n';
        const char *line = p->what == TEXT    ? "hello, plain text here\n"
                           : p->what == TEXT5 ? "Hello\n"
                           : p->what == TEXT4 ? "Hey!\n"
                           : p->what == BINARY ? "\x80\x81\x82\x83\x84\x85 bytes\n"
                                              : text200;
        if (write(fd, line, strlen(line)) != (ssize_t)strlen(line))
            return;
    }
        /* what the client sent first (its line or ClientHello), then close: a server that says
         * one line and leaves, with nothing unread (which would make the close a reset) */
        if (read(fd, buf, sizeof buf) <= 0)
            return;
        usleep(20000);
        return;
    case SOCKS_NO_METHOD:
    case SOCKS_REFUSE:
    case SOCKS_CLOSE: {
        if (read(fd, buf, 3) != 3)
            return;
        if (p->what == SOCKS_CLOSE)
            return;
        uint8_t choice[2] = {5, p->what == SOCKS_NO_METHOD ? 0xFF : 0};
        if (write(fd, choice, 2) != 2 || p->what == SOCKS_NO_METHOD)
            break;
        if (read(fd, buf, sizeof buf) <= 0) /* the CONNECT request, in one read on loopback */
            return;
        uint8_t no[10] = {5, 5, 0, 1, 0, 0, 0, 0, 0, 0}; /* connection refused */
        if (write(fd, no, sizeof no) != (ssize_t)sizeof no)
            return;
        break;
    }
    case HTTP_403:
    case HTTP_GARBAGE: {
        if (read(fd, buf, sizeof buf) <= 0)
            return;
        const char *r = p->what == HTTP_403 ? http403 : garbage;
        if (write(fd, r, strlen(r)) != (ssize_t)strlen(r))
            return;
        break;
    }
    }
    drain(fd); /* until the client closes (or 2 s) */
}

static void *peer_main(void *arg)
{
    peer *p = arg;
    for (int i = 0; i < p->conns; i++) {
        struct pollfd pl = {.fd = p->lfd, .events = POLLIN};
        if (poll(&pl, 1, 10000) != 1)
            break;
        int fd = accept(p->lfd, NULL, NULL);
        if (fd < 0)
            break;
        /* 2 s: a client that leaks its socket never closes it (the test then fails on the count) */
        struct timeval tv = {.tv_sec = 2};
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        act_on(p, fd);
        close(fd);
        p->served++;
    }
    return NULL;
}

static void peer_start(peer *p, act what, int conns)
{
    p->what = what;
    p->conns = conns;
    p->served = 0;
    int port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 8, &p->lfd, &port, NULL), CG_OK);
    snprintf(p->port, sizeof p->port, "%d", port);
    assert_int_equal(pthread_create(&p->thread, NULL, peer_main, p), 0);
}

static void peer_stop(peer *p)
{
    pthread_join(p->thread, NULL);
    close(p->lfd);
}

/* A port nobody listens on: bound, then closed. */
static void dead_port(char *port, size_t size)
{
    int fd, n;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &fd, &n, NULL), CG_OK);
    close(fd);
    snprintf(port, size, "%d", n);
}

static int setup(void **state)
{
    (void)state;
    signal(SIGPIPE, SIG_IGN);
    snprintf(dir, sizeof dir, "/tmp/cubegod-fdm-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    return cert_make(&self_signed, dir, "self", "localhost", "DNS:localhost,IP:127.0.0.1", -3600,
                     86400, NULL, false)
               ? 0
               : -1;
}

static int teardown(void **state)
{
    (void)state;
    cert_free(&self_signed);
    rmdir(dir);
    return 0;
}

static const cg_tube_options QUIET = {.log_level = CG_LOG_QUIET, .connect_timeout = 5};

/* One attempt: connect (directly or through proxy), and when that works, send a line and read
 * one with a short timeout; then close. Returns the first failure's status. */
static cg_status attempt(const char *proxy, const char *host, const char *port,
                         const cg_tube_options *o, double wait, cg_error *err)
{
    cg_tube *t = NULL;
    cg_status st = proxy ? cg_tube_connect_proxy(proxy, host, port, o, &t, err)
                         : cg_tube_connect(host, port, o, &t, err);
    if (st != CG_OK) {
        assert_null(t);
        return st;
    }
    const uint8_t *p;
    size_t n;
    st = cg_tube_sendline(t, "hello", 5, err);
    if (st == CG_OK)
        st = cg_tube_recvline(t, wait, &p, &n, err);
    if (st == CG_OK) /* a line came: read on until the failure */
        st = cg_tube_recvline(t, wait, &p, &n, err);
    cg_tube_close(t);
    return st;
}

typedef struct path {
    const char *what;
    act peer_act;     /* the peer's script */
    int peer_conns;   /* connections it takes per attempt (0: no peer) */
    bool via_socks, via_http, tls, dead;
    double connect_timeout;
    cg_status expect;
    const char *says; /* in the message */
} path;

static const path PATHS[] = {
    {"refused", SILENT, 0, false, false, false, true, 0, CG_ERR_SYSTEM, "refused"},
    {"reset mid-stream", RESET, 1, false, false, false, false, 0, CG_ERR_SYSTEM, "reset"},
    {"receive timeout", SILENT, 1, false, false, false, false, 0, CG_ERR_TIMEOUT, ""},
    {"peer says a line and closes", TEXT, 1, false, false, false, false, 0, CG_ERR_EOF, ""},
    {"TLS handshake timeout", SILENT, 1, false, false, true, false, 0.2, CG_ERR_TIMEOUT, ""},
    {"TLS to plain text", TEXT, 1, false, false, true, false, 0, CG_ERR_TLS, "plain text"},
    {"TLS to five characters", TEXT5, 1, false, false, true, false, 0, CG_ERR_TLS,
     "answered in plain text: 'Hello'"},
    {"TLS to four characters", TEXT4, 1, false, false, true, false, 0, CG_ERR_TLS, "TLS"},
    {"TLS to 200 characters of text", TEXT200, 1, false, false, true, false, 0, CG_ERR_TLS,
     "plain text: '"
     "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww"
     "wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww'"},
    {"TLS to binary bytes", BINARY, 1, false, false, true, false, 0, CG_ERR_TLS, "TLS"},
    {"TLS to a refused port", SILENT, 0, false, false, true, true, 0, CG_ERR_SYSTEM, "refused"},
    {"SOCKS5 no method", SOCKS_NO_METHOD, 1, true, false, false, false, 0, CG_ERR_PROTOCOL,
     "authentication"},
    {"SOCKS5 refuses", SOCKS_REFUSE, 1, true, false, false, false, 0, CG_ERR_PROTOCOL,
     "connection refused by the destination"},
    {"SOCKS5 closes", SOCKS_CLOSE, 1, true, false, false, false, 0, CG_ERR_EOF,
     "the proxy closed"},
    {"SOCKS5 refuses, TLS asked", SOCKS_REFUSE, 1, true, false, true, false, 0, CG_ERR_PROTOCOL,
     "SOCKS5 reply 5"},
    {"SOCKS5 proxy not there", SILENT, 0, true, false, false, true, 0, CG_ERR_SYSTEM, "SOCKS5"},
    {"HTTP CONNECT 403", HTTP_403, 1, false, true, false, false, 0, CG_ERR_PROTOCOL,
     "the proxy refused: HTTP/1.1 403"},
    {"HTTP CONNECT garbage", HTTP_GARBAGE, 1, false, true, false, false, 0, CG_ERR_PROTOCOL,
     "not an HTTP proxy"},
    {"HTTP proxy not there", SILENT, 0, false, true, false, true, 0, CG_ERR_SYSTEM, "HTTP"},
};

static void run_path(const path *pt)
{
    int before = open_fds();
    assert_true(before > 0);
    for (int k = 0; k < REPEAT; k++) {
        peer pe;
        char port[16];
        bool started = pt->peer_conns > 0;
        if (started) {
            peer_start(&pe, pt->peer_act, pt->peer_conns);
            snprintf(port, sizeof port, "%s", pe.port);
        } else {
            dead_port(port, sizeof port);
        }
        cg_tube_options o = QUIET;
        o.tls = pt->tls;
        o.insecure = true; /* the failures here come before any certificate */
        if (pt->connect_timeout > 0)
            o.connect_timeout = pt->connect_timeout;
        char url[64];
        const char *proxy = NULL;
        if (pt->via_socks || pt->via_http) {
            snprintf(url, sizeof url, "%s://127.0.0.1:%s", pt->via_socks ? "socks5" : "http",
                     port);
            proxy = url;
        }
        cg_error err = {0};
        /* a short wait only where the timeout is the point: elsewhere a slow machine (valgrind
         * under load) must not turn an end of file into a timeout */
        double wait = pt->expect == CG_ERR_TIMEOUT ? 0.1 : 5;
        cg_status st = attempt(proxy, "127.0.0.1", proxy ? "4242" : port, &o, wait, &err);
        if (started)
            peer_stop(&pe);
        if (st != pt->expect)
            fail_msg("%s: status %d, expected %d: %s", pt->what, st, pt->expect, err.msg);
        if (!strstr(err.msg, pt->says))
            fail_msg("%s: message '%s' does not say '%s'", pt->what, err.msg, pt->says);
        if (ERR_peek_error() != 0) /* each failure said, none left queued in OpenSSL */
            fail_msg("%s: OpenSSL's error queue left with %#lx", pt->what, ERR_peek_error());
        if ((pt->peer_act == TEXT4 || pt->peer_act == BINARY) && strstr(err.msg, "plain text"))
            fail_msg("%s: called plain text: '%s'", pt->what, err.msg);
    }
    int after = open_fds();
    if (after != before)
        fail_msg("%s, %d times: %d descriptors open before, %d after", pt->what, REPEAT, before,
                 after);
}

static void test_network_paths(void **state)
{
    (void)state;
    size_t n = sizeof PATHS / sizeof PATHS[0];
    for (size_t i = 0; i < n; i++)
        run_path(&PATHS[i]);
    printf("descriptor matrix: %zu network paths x %d\n", n, REPEAT);
}

/* TLS verification failures, direct and through a SOCKS5 tunnel that works. */
static void test_tls_refusals(void **state)
{
    (void)state;
    int before = open_fds();
    for (int k = 0; k < REPEAT; k++) {
        tls_peer s = {.cert = &self_signed};
        assert_int_equal(tls_peer_start(&s), 0);
        cg_tube_options o = QUIET;
        o.tls = true;
        o.sni = k % 2 ? "wrong.name" : NULL;
        o.ca_file = k % 2 ? self_signed.cert_path : NULL;
        cg_tube *t;
        cg_error err;
        assert_int_equal(cg_tube_connect("127.0.0.1", s.port, &o, &t, &err), CG_ERR_TLS);
        assert_null(t);
        assert_non_null(strstr(err.msg, k % 2 ? "hostname mismatch" : "self-signed"));
        tls_peer_stop(&s);
        /* an unreadable --ca-file fails before any connection */
        o.ca_file = "/nonexistent/ca.pem";
        int fd, port;
        assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &fd, &port, NULL), CG_OK);
        char ps[16];
        snprintf(ps, sizeof ps, "%d", port);
        assert_int_equal(cg_tube_connect("127.0.0.1", ps, &o, &t, &err), CG_ERR_TLS);
        assert_non_null(strstr(err.msg, "cannot load"));
        close(fd);
    }
    assert_int_equal(open_fds(), before);
}

static void test_bad_addresses(void **state)
{
    (void)state;
    int before = open_fds();
    static const char *const ports[] = {"99999", "-1", "", "http"};
    static const char *const proxies[] = {"ftp://127.0.0.1:1", "socks5://", "http://[::1",
                                          "socks5://user:pw@127.0.0.1:1080"};
    for (int k = 0; k < REPEAT; k++) {
        cg_tube *t;
        cg_error err;
        for (size_t i = 0; i < 4; i++) {
            assert_int_not_equal(cg_tube_connect("127.0.0.1", ports[i], &QUIET, &t, &err), CG_OK);
            assert_null(t);
            assert_int_not_equal(
                cg_tube_connect_proxy(proxies[i], "127.0.0.1", "1", &QUIET, &t, &err), CG_OK);
            assert_null(t);
        }
        assert_int_not_equal(cg_tube_connect("", "80", &QUIET, &t, &err), CG_OK);
        assert_int_not_equal(cg_tube_connect("127.0.0.1.2.3", "80", &QUIET, &t, &err), CG_OK);
    }
    assert_int_equal(open_fds(), before);
}

static void test_processes(void **state)
{
    (void)state;
    int before = open_fds();
    for (int k = 0; k < REPEAT; k++) {
        cg_tube *t;
        cg_error err;
        /* exits at once, with output and without */
        char *const quick[] = {"sh", "-c", k % 2 ? "echo bye; exit 3" : "exit 0", NULL};
        assert_int_equal(cg_tube_process(quick, &QUIET, &t, &err), CG_OK);
        const uint8_t *p;
        size_t n;
        cg_status st = cg_tube_recvline(t, 10, &p, &n, &err);
        if (k % 2) {
            assert_int_equal(st, CG_OK);
            st = cg_tube_recvline(t, 10, &p, &n, &err);
        }
        assert_int_equal(st, CG_ERR_EOF);
        cg_tube_close(t);
        /* never starts */
        char *const none[] = {"/nonexistent/cubegod-test-program", NULL};
        assert_int_equal(cg_tube_process(none, &QUIET, &t, &err), CG_ERR_SYSTEM);
        assert_null(t);
        assert_int_equal(cg_tube_process_cmd("sh -c 'unbalanced", &QUIET, &t, &err),
                         CG_ERR_INPUT);
        /* exits while we write to it: a send into a closed pipe fails, no SIGPIPE death */
        char *const gone[] = {"sh", "-c", "exec 0<&-; exit 0", NULL};
        assert_int_equal(cg_tube_process(gone, &QUIET, &t, &err), CG_OK);
        assert_int_equal(cg_tube_recvall(t, 10, &p, &n, &err), CG_OK);
        static char big[1 << 17];
        st = cg_tube_send(t, big, sizeof big, &err);
        assert_int_not_equal(st, CG_OK);
        cg_tube_close(t);
    }
    assert_int_equal(open_fds(), before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_network_paths),
        cmocka_unit_test(test_tls_refusals),
        cmocka_unit_test(test_bad_addresses),
        cmocka_unit_test(test_processes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
