// link-wrap: ppoll poll waitpid connect getsockopt SSL_get_error
/* Tube paths no other test takes, each forced through the linker's --wrap (armed in the test's
 * thread only, so the echo servers' threads are untouched) or set up directly:
 *   - a wait whose poll fails (not EINTR): CG_ERR_SYSTEM with poll's reason;
 *   - a process whose waitpid fails (not ECHILD, not EINTR): CG_ERR_SYSTEM with the reason;
 *   - a connect that fails at once, and one whose SO_ERROR cannot be read: the reason, after
 *     the address;
 *   - a write descriptor that is a TCP socket apart from the read one: it gets TCP_NODELAY too;
 *   - a SOCKS5 proxy that resets the connection after the CONNECT request: the read's error,
 *     after the proxy and the destination;
 *   - TLS reads that OpenSSL reports as SSL_ERROR_SYSCALL, with an error queued (CG_ERR_TLS,
 *     OpenSSL's text) and with none and errno 0 (CG_ERR_EOF, "end of stream"). */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include "cubegod/tube.h"
#include "testutil.h"
#include "tube/certs.h"
#include "tube/echo_server.h"

/* Faults armed in this thread only. */
static _Thread_local bool poll_fails, waitpid_fails, connect_fails, connect_pending,
    so_error_fails;
static _Thread_local int ssl_syscall; /* 1: SSL_ERROR_SYSCALL with an error queued; 2: without */

int __real_ppoll(struct pollfd *p, nfds_t n, const struct timespec *ts, const sigset_t *mask);
int __wrap_ppoll(struct pollfd *p, nfds_t n, const struct timespec *ts, const sigset_t *mask)
{
    if (poll_fails) {
        poll_fails = false;
        errno = ENOMEM;
        return -1;
    }
    return __real_ppoll(p, n, ts, mask);
}

/* The portable build waits with poll() (src/util/compat.c): the same fault there. */
int __real_poll(struct pollfd *p, nfds_t n, int ms);
int __wrap_poll(struct pollfd *p, nfds_t n, int ms)
{
    if (poll_fails) {
        poll_fails = false;
        errno = ENOMEM;
        return -1;
    }
    return __real_poll(p, n, ms);
}

pid_t __real_waitpid(pid_t pid, int *status, int options);
pid_t __wrap_waitpid(pid_t pid, int *status, int options)
{
    if (waitpid_fails) {
        waitpid_fails = false;
        errno = EINVAL;
        return -1;
    }
    return __real_waitpid(pid, status, options);
}

int __real_connect(int fd, const struct sockaddr *a, socklen_t len);
int __wrap_connect(int fd, const struct sockaddr *a, socklen_t len)
{
    if (connect_fails) {
        connect_fails = false;
        errno = EACCES;
        return -1;
    }
    int r = __real_connect(fd, a, len);
    if (connect_pending && (r == 0 || errno == EINPROGRESS)) {
        /* always the wait for the connection, whether loopback finished at once or not */
        connect_pending = false;
        errno = EINPROGRESS;
        return -1;
    }
    return r;
}

int __real_getsockopt(int fd, int level, int name, void *v, socklen_t *len);
int __wrap_getsockopt(int fd, int level, int name, void *v, socklen_t *len)
{
    if (so_error_fails && level == SOL_SOCKET && name == SO_ERROR) {
        so_error_fails = false;
        errno = ENOPROTOOPT;
        return -1;
    }
    return __real_getsockopt(fd, level, name, v, len);
}

int __real_SSL_get_error(const SSL *s, int r);
int __wrap_SSL_get_error(const SSL *s, int r)
{
    if (ssl_syscall == 1) {
        ssl_syscall = 0;
        ERR_raise(ERR_LIB_SSL, SSL_R_UNEXPECTED_EOF_WHILE_READING);
        return SSL_ERROR_SYSCALL;
    }
    if (ssl_syscall == 2) {
        ssl_syscall = 0;
        errno = 0;
        return SSL_ERROR_SYSCALL;
    }
    return __real_SSL_get_error(s, r);
}

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET, .connect_timeout = 10};

/* A pipe's read end as a tube with nothing to read: the wait's poll fails with ENOMEM */
static void test_poll_failure(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(p[0], -1, "pipe", &quiet, &t, &err), CG_OK);
    const uint8_t *data;
    size_t n;
    poll_fails = true;
    cg_status st = cg_tube_recv(t, 0, 5, &data, &n, &err);
    poll_fails = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    char want[128];
    snprintf(want, sizeof want, "pipe: poll: %s", strerror(ENOMEM));
    assert_string_equal(err.msg, want);
    /* the next wait polls as usual: data written is read */
    assert_int_equal(write(p[1], "x", 1), 1);
    assert_int_equal(cg_tube_recv(t, 0, 5, &data, &n, &err), CG_OK);
    assert_int_equal(n, 1);
    cg_tube_close(t);
    close(p[1]);
}

/* waitpid failing with EINVAL: the wait says so and leaves the child to a later wait */
static void test_waitpid_failure(void **state)
{
    (void)state;
    char *argv[] = {"/bin/sh", "-c", "exit 3", NULL};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_process(argv, &quiet, &t, &err), CG_OK);
    int ws = -1;
    waitpid_fails = true;
    cg_status st = cg_tube_wait(t, 5, &ws, &err);
    waitpid_fails = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    char want[128];
    snprintf(want, sizeof want, "waitpid: %s", strerror(EINVAL));
    assert_string_equal(err.msg, want);
    assert_int_equal(ws, -1);
    assert_int_equal(cg_tube_wait(t, 5, &ws, &err), CG_OK);
    assert_true(WIFEXITED(ws));
    assert_int_equal(WEXITSTATUS(ws), 3);
    cg_tube_close(t);
}

/* A listener on 127.0.0.1 and its port as text. */
static int listener(char port[16])
{
    int fd, p;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &fd, &p, NULL), CG_OK);
    snprintf(port, 16, "%d", p);
    return fd;
}

/* connect() refused at once (EACCES), and a connection whose SO_ERROR cannot be read: the
 * reason after where, and no descriptor left */
static void test_connect_failures(void **state)
{
    (void)state;
    char port[16], want[160];
    int lfd = listener(port);
    int before = open_descriptors();
    cg_tube *t = (cg_tube *)&quiet;
    cg_error err;
    connect_fails = true;
    cg_status st = cg_tube_connect("127.0.0.1", port, &quiet, &t, &err);
    connect_fails = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    snprintf(want, sizeof want, "connect to 127.0.0.1 port %s (127.0.0.1): %s", port,
             strerror(EACCES));
    assert_string_equal(err.msg, want);
    assert_int_equal(open_descriptors(), before);
    connect_pending = so_error_fails = true;
    st = cg_tube_connect("127.0.0.1", port, &quiet, &t, &err);
    connect_pending = so_error_fails = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    snprintf(want, sizeof want, "connect to 127.0.0.1 port %s (127.0.0.1): %s", port,
             strerror(ENOPROTOOPT));
    assert_string_equal(err.msg, want);
    assert_int_equal(open_descriptors(), before);
    close(lfd); /* the connection the second try made is dropped with it */
}

static int nodelay(int fd)
{
    int v = -1;
    socklen_t len = sizeof v;
    assert_int_equal(getsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &v, &len), 0);
    return v;
}

/* Reading from a pipe, writing to a TCP socket: the socket gets TCP_NODELAY as a read one does */
static void test_separate_tcp_write_end(void **state)
{
    (void)state;
    char port[16];
    int lfd = listener(port);
    int s = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port)),
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    assert_int_equal(connect(s, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(nodelay(s), 0);
    int p[2];
    assert_int_equal(pipe(p), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(p[0], s, NULL, &quiet, &t, &err), CG_OK);
    assert_int_not_equal(nodelay(s), 0);
    cg_tube_close(t); /* closes p[0] and s */
    close(p[1]);
    close(lfd);
}

/* A SOCKS5 proxy that says hello, reads the CONNECT request and resets the connection. */
typedef struct rst_proxy {
    int lfd;
    pthread_t thread;
} rst_proxy;

static void *rst_proxy_main(void *arg)
{
    rst_proxy *p = arg;
    int fd = accept(p->lfd, NULL, NULL);
    if (fd < 0)
        return NULL;
    uint8_t buf[300];
    static const uint8_t hello[2] = {5, 0};
    /* hello: 3 bytes; the CONNECT for an IPv4 address: 10 bytes */
    if (recv(fd, buf, 3, MSG_WAITALL) == 3 && send(fd, hello, 2, MSG_NOSIGNAL) == 2 &&
        recv(fd, buf, 10, MSG_WAITALL) == 10)
        reset_now(fd);
    else
        close(fd);
    return NULL;
}

static void test_proxy_reset_after_connect(void **state)
{
    (void)state;
    char port[16], url[64], want[200];
    rst_proxy p;
    p.lfd = listener(port);
    assert_int_equal(pthread_create(&p.thread, NULL, rst_proxy_main, &p), 0);
    snprintf(url, sizeof url, "socks5://127.0.0.1:%s", port);
    cg_tube *t = (cg_tube *)&quiet;
    cg_error err;
    cg_status st = cg_tube_connect_proxy(url, "10.1.2.3", "4242", &quiet, &t, &err);
    pthread_join(p.thread, NULL);
    close(p.lfd);
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    snprintf(want, sizeof want, "SOCKS5 proxy 127.0.0.1:%s: to 10.1.2.3 port 4242: read: %s", port,
             strerror(ECONNRESET));
    assert_string_equal(err.msg, want);
}

/* A SOCKS5 proxy that reads the hello and says nothing: meanwhile a signal stops the client
 * (its stop flag set, the wait woken). The stop is said as such, not as the proxy closing. */
static volatile sig_atomic_t stop_flag;
static void wake(int sig) { (void)sig; }

typedef struct mute_proxy {
    int lfd;
    pthread_t thread, client;
} mute_proxy;

static void *mute_proxy_main(void *arg)
{
    mute_proxy *p = arg;
    int fd = accept(p->lfd, NULL, NULL);
    if (fd < 0)
        return NULL;
    uint8_t buf[8];
    if (recv(fd, buf, 3, MSG_WAITALL) == 3) {
        stop_flag = 1;
        pthread_kill(p->client, SIGUSR1);
        while (recv(fd, buf, sizeof buf, 0) > 0) /* until the client lets go */
            ;
    }
    close(fd);
    return NULL;
}

static void test_proxy_stopped_while_waiting(void **state)
{
    (void)state;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = wake; /* no SA_RESTART: the wait is woken */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, &old);
    stop_flag = 0;
    cg_tube_stop_flag(&stop_flag);
    char port[16], url[64], want[200];
    mute_proxy p;
    p.lfd = listener(port);
    p.client = pthread_self();
    assert_int_equal(pthread_create(&p.thread, NULL, mute_proxy_main, &p), 0);
    snprintf(url, sizeof url, "socks5://127.0.0.1:%s", port);
    cg_tube *t = (cg_tube *)&quiet;
    cg_error err;
    cg_status st = cg_tube_connect_proxy(url, "10.1.2.3", "80", &quiet, &t, &err);
    cg_tube_stop_flag(NULL);
    pthread_join(p.thread, NULL);
    close(p.lfd);
    sigaction(SIGUSR1, &old, NULL);
    assert_int_equal(st, CG_ERR_EOF);
    assert_null(t);
    snprintf(want, sizeof want, "SOCKS5 proxy 127.0.0.1:%s: to 10.1.2.3 port 80: stopped by a signal",
             port);
    assert_string_equal(err.msg, want);
}

/* A TLS client whose server reads the ClientHello and says nothing: a signal stops it during
 * the handshake, and the stop is said as such, not as the peer closing. */
static void test_tls_handshake_stopped(void **state)
{
    (void)state;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = wake; /* no SA_RESTART: the wait is woken */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, &old);
    stop_flag = 0;
    cg_tube_stop_flag(&stop_flag);
    char port[16];
    mute_proxy p; /* its first read takes 3 bytes of the ClientHello as it would a hello */
    p.lfd = listener(port);
    p.client = pthread_self();
    assert_int_equal(pthread_create(&p.thread, NULL, mute_proxy_main, &p), 0);
    cg_tube_options o = quiet;
    o.tls = true;
    o.insecure = true;
    cg_tube *t = (cg_tube *)&quiet;
    cg_error err;
    cg_status st = cg_tube_connect("127.0.0.1", port, &o, &t, &err);
    cg_tube_stop_flag(NULL);
    pthread_join(p.thread, NULL);
    close(p.lfd);
    sigaction(SIGUSR1, &old, NULL);
    assert_int_equal(st, CG_ERR_EOF);
    assert_null(t);
    if (!strstr(err.msg, "TLS handshake: stopped by a signal"))
        fail_msg("%s", err.msg);
}

/* TLS against the echo server: a read OpenSSL calls SSL_ERROR_SYSCALL */
static void test_tls_syscall_errors(void **state)
{
    (void)state;
    char dir[64] = "/tmp/cubegod-tlsp-XXXXXX";
    assert_non_null(mkdtemp(dir));
    test_cert cert;
    cg_tls_server *server;
    assert_true(cert_make(&cert, dir, "leaf", "localhost", "DNS:localhost,IP:127.0.0.1", -60,
                          3600, NULL, false));
    assert_int_equal(cg_tls_server_new(cert.cert_path, cert.key_path, &server, NULL), CG_OK);
    echo_server s = {.tls = server};
    assert_int_equal(echo_start(&s, 2), 0);
    cg_tube_options o = quiet;
    o.tls = true;
    o.ca_file = cert.cert_path;
    char reason[256];
    ERR_error_string_n(ERR_PACK(ERR_LIB_SSL, 0, SSL_R_UNEXPECTED_EOF_WHILE_READING), reason,
                       sizeof reason);
    /* with an error queued: CG_ERR_TLS with OpenSSL's text, the queue emptied */
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("localhost", s.port, &o, &t, &err), CG_OK);
    const uint8_t *data;
    size_t n;
    ssl_syscall = 1; /* the server sends nothing unasked: the read fails */
    cg_status st = cg_tube_recv(t, 0, 5, &data, &n, &err);
    ssl_syscall = 0;
    char want[400];
    assert_int_equal(st, CG_ERR_TLS);
    snprintf(want, sizeof want, "tls localhost:%s: %s", s.port, reason);
    assert_string_equal(err.msg, want);
    assert_int_equal(ERR_peek_error(), 0);
    cg_tube_close(t);
    /* none queued and errno 0 (the peer gone without a word): CG_ERR_EOF, which the read
     * reports as the peer's close */
    assert_int_equal(cg_tube_connect("localhost", s.port, &o, &t, &err), CG_OK);
    ssl_syscall = 2;
    st = cg_tube_recv(t, 0, 5, &data, &n, &err);
    ssl_syscall = 0;
    assert_int_equal(st, CG_ERR_EOF);
    snprintf(want, sizeof want, "tls localhost:%s: closed by the peer while waiting for data "
             "(0 bytes buffered)", s.port);
    assert_string_equal(err.msg, want);
    cg_tube_close(t);
    echo_stop(&s);
    cg_tls_server_free(server);
    cert_free(&cert);
    rmdir(dir);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_poll_failure),
        cmocka_unit_test(test_waitpid_failure),
        cmocka_unit_test(test_connect_failures),
        cmocka_unit_test(test_separate_tcp_write_end),
        cmocka_unit_test(test_proxy_reset_after_connect),
        cmocka_unit_test(test_proxy_stopped_while_waiting),
        cmocka_unit_test(test_tls_handshake_stopped),
        cmocka_unit_test(test_tls_syscall_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
