// link-wrap: accept accept4 getnameinfo
/* The server under injected faults: accept() failing with the errors Linux passes through it,
 * getnameinfo() as strict as the BSDs' about the address length, and a TLS client that leaves
 * in the middle of an answer without a close_notify. The wrappers replace the C library's calls
 * for this test program only (the linker's --wrap, see tests/CMakeLists.txt). */
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/server.h"
#include "cubegod/tube.h"

/* ---- injected faults ---- */

static int accept_faults[16]; /* errno values the next accept calls fail with, 0-terminated */
static int accept_next;
static pthread_mutex_t fault_lock = PTHREAD_MUTEX_INITIALIZER;

static int next_fault(void)
{
    pthread_mutex_lock(&fault_lock);
    int e = accept_faults[accept_next];
    if (e)
        accept_next++;
    pthread_mutex_unlock(&fault_lock);
    return e;
}

static void inject(const int *errs, int n)
{
    pthread_mutex_lock(&fault_lock);
    memset(accept_faults, 0, sizeof accept_faults);
    memcpy(accept_faults, errs, (size_t)n * sizeof *errs);
    accept_next = 0;
    pthread_mutex_unlock(&fault_lock);
}

int __real_accept(int fd, struct sockaddr *a, socklen_t *len);
int __real_accept4(int fd, struct sockaddr *a, socklen_t *len, int flags);
int __real_getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hl,
                       char *serv, socklen_t sl, int flags);

/* The connection stays queued when a fault is injected, as after a real passed-on error the
 * next one would be: the server must come back for it. */
int __wrap_accept(int fd, struct sockaddr *a, socklen_t *len)
{
    int e = next_fault();
    if (e) {
        errno = e;
        return -1;
    }
    return __real_accept(fd, a, len);
}

int __wrap_accept4(int fd, struct sockaddr *a, socklen_t *len, int flags)
{
    int e = next_fault();
    if (e) {
        errno = e;
        return -1;
    }
    return __real_accept4(fd, a, len, flags);
}

/* As the BSDs do: the length must be that of the address family's structure. */
int __wrap_getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hl,
                       char *serv, socklen_t sl, int flags)
{
    socklen_t want = sa->sa_family == AF_INET    ? sizeof(struct sockaddr_in)
                     : sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                                                 : salen;
    if (salen != want)
        return EAI_FAMILY;
    return __real_getnameinfo(sa, salen, host, hl, serv, sl, flags);
}

/* ---- a server in a thread, its log in a temporary file ---- */

typedef struct running {
    cg_server *srv;
    pthread_t tid;
    FILE *log;
    cg_status st;
    cg_error err;
} running;

static void *run_server(void *arg)
{
    running *r = arg;
    r->st = cg_server_run(r->srv, &r->err);
    return NULL;
}

static void start(running *r, const char *cert, const char *key)
{
    memset(r, 0, sizeof *r);
    r->log = tmpfile();
    assert_non_null(r->log);
    cg_server_options o = cg_server_defaults();
    o.rounds = 3;
    o.alarm = 30;
    o.log = r->log;
    o.tls_cert = cert;
    o.tls_key = key;
    cg_error e;
    assert_int_equal(cg_server_open(&o, &r->srv, &e), CG_OK);
    assert_int_equal(pthread_create(&r->tid, NULL, run_server, r), 0);
}

/* Stops the server and returns its whole log (static buffer). */
static const char *finish(running *r)
{
    static char text[8192];
    cg_server_stop(r->srv);
    pthread_join(r->tid, NULL);
    cg_server_close(r->srv);
    rewind(r->log);
    size_t n = fread(text, 1, sizeof text - 1, r->log);
    text[n] = '\0';
    fclose(r->log);
    return text;
}

static cg_tube *connect_to(running *r, bool tls)
{
    char port[16];
    snprintf(port, sizeof port, "%d", cg_server_port(r->srv));
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .tls = tls, .insecure = true};
    cg_tube *t;
    cg_error e;
    assert_int_equal(cg_tube_connect("127.0.0.1", port, &o, &t, &e), CG_OK);
    return t;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p++)
        n++;
    return n;
}

/* ---- the tests ---- */

/* Network errors passed on by accept, an aborted connection, a firewall's EPERM, and a moment
 * without descriptors: each is survived, the queued connection is then served, and the log
 * says so once, not once per failure. */
static void passed_on_accept_errors_keep_serving(void **state)
{
    (void)state;
    running r;
    start(&r, NULL, NULL);
    const int errs[] = {ENETDOWN, EHOSTUNREACH, ENETUNREACH, ENOPROTOOPT, EHOSTDOWN, ENONET,
                        EOPNOTSUPP, EPERM, ECONNABORTED, EPROTO, EMFILE};
    inject(errs, sizeof errs / sizeof *errs);
    cg_tube *t = connect_to(&r, false);
    const uint8_t *line;
    size_t n;
    cg_error e;
    assert_int_equal(cg_tube_recvline(t, 10, &line, &n, &e), CG_OK);
    assert_string_equal((const char *)line, "Welcome to the cube god trial!");
    cg_tube_close(t);
    const char *log = finish(&r);
    assert_int_equal(r.st, CG_OK);
    assert_int_equal(accept_next, (int)(sizeof errs / sizeof *errs)); /* every fault was met */
    assert_true(count(log, "still serving") >= 1);
    assert_true(count(log, "still serving") <= 2); /* at most once a second */
    assert_non_null(strstr(log, "Network is down"));
}

/* Only a listener that is itself broken stops the server, and the caller learns why. */
static void broken_listener_stops_with_the_reason(void **state)
{
    (void)state;
    running r;
    start(&r, NULL, NULL);
    const int errs[] = {EBADF};
    inject(errs, 1);
    cg_tube *t = connect_to(&r, false);
    pthread_join(r.tid, NULL);
    assert_int_equal(r.st, CG_ERR_SYSTEM);
    assert_non_null(strstr(r.err.msg, strerror(EBADF)));
    cg_tube_close(t);
    cg_server_close(r.srv);
    fclose(r.log);
}

/* The peer's address is named with accept's address length, which BSDs insist on. */
static void peer_named_with_the_address_length(void **state)
{
    (void)state;
    running r;
    start(&r, NULL, NULL);
    cg_tube *t = connect_to(&r, false);
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 10, &line, &n, NULL), CG_OK);
    cg_tube_close(t);
    /* The game ends when the client leaves; wait for its log line. */
    long finished = 0, won;
    for (int i = 0; i < 500 && finished == 0; i++) {
        cg_server_counts(r.srv, &finished, &won);
        usleep(10000);
    }
    const char *log = finish(&r);
    assert_non_null(strstr(log, "serve: game 1 127.0.0.1:"));
    assert_null(strstr(log, "?:?"));
}

/* ---- TLS: half an answer, then a close without close_notify ---- */

typedef struct cert {
    char dir[64], cert[128], key[128];
    bool ok;
} cert;

static int make_cert(void **state)
{
    static cert c;
    snprintf(c.dir, sizeof c.dir, "/tmp/cubegod-srvtls-XXXXXX");
    if (!mkdtemp(c.dir))
        return -1;
    snprintf(c.cert, sizeof c.cert, "%s/cert.pem", c.dir);
    snprintf(c.key, sizeof c.key, "%s/key.pem", c.dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
             "-days 1 -subj /CN=localhost -keyout %s -out %s 2>/dev/null",
             c.key, c.cert);
    c.ok = system(cmd) == 0;
    *state = &c;
    return 0;
}

static int remove_cert(void **state)
{
    cert *c = *state;
    unlink(c->cert);
    unlink(c->key);
    rmdir(c->dir);
    return 0;
}

/* A TLS client that sends half an answer and drops the TCP connection is, like a plain TCP
 * one, "closed before an answer", not an OpenSSL "unexpected eof" (the server's TLS context
 * used to lack SSL_OP_IGNORE_UNEXPECTED_EOF). */
static void tls_half_answer_is_a_closed_connection(void **state)
{
    cert *c = *state;
    if (!c->ok)
        skip();
    running r;
    start(&r, c->cert, c->key);
    cg_tube *t = connect_to(&r, true);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvuntil(t, "solution:", 9, 10, &p, &n, NULL), CG_OK);
    assert_int_equal(cg_tube_send(t, "R U", 3, NULL), CG_OK);
    shutdown(cg_tube_fileno(t), SHUT_RDWR); /* gone, without a close_notify */
    long finished = 0, won;
    for (int i = 0; i < 500 && finished == 0; i++) {
        cg_server_counts(r.srv, &finished, &won);
        usleep(10000);
    }
    cg_tube_close(t);
    const char *log = finish(&r);
    assert_non_null(strstr(log, "lost in round 1: Connection closed before an answer"));
    assert_null(strstr(log, "unexpected eof"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(passed_on_accept_errors_keep_serving),
        cmocka_unit_test(broken_listener_stops_with_the_reason),
        cmocka_unit_test(peer_named_with_the_address_length),
        cmocka_unit_test_setup_teardown(tls_half_answer_is_a_closed_connection, make_cert,
                                        remove_cert),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
