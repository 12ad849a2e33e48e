// link-wrap: SSL_shutdown
/* Tubes where things go wrong: a TLS session after a fatal error, a send retried after its
 * deadline, bytes decrypted inside OpenSSL that no poll announces, a child reaped by someone
 * else (a socket on descriptor 0 and a directory on the search path: test_tube_descriptors.c). */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"
#include <openssl/ssl.h>

#include "cubegod/tube.h"

static int shutdown_calls;
int __real_SSL_shutdown(SSL *s);
int __wrap_SSL_shutdown(SSL *s)
{
    shutdown_calls++;
    return __real_SSL_shutdown(s);
}

/* ---- a connected TLS pair over loopback ---- */

typedef struct tls_env {
    char dir[64], cert[128], key[128];
    cg_tls_server *server;
} tls_env;

static int make_cert(void **state)
{
    static tls_env env;
    snprintf(env.dir, sizeof env.dir, "/tmp/cubegod-tfault-XXXXXX");
    if (!mkdtemp(env.dir))
        return -1;
    snprintf(env.cert, sizeof env.cert, "%s/cert.pem", env.dir);
    snprintf(env.key, sizeof env.key, "%s/key.pem", env.dir);
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes "
             "-days 1 -subj /CN=localhost -keyout %s -out %s 2>/dev/null",
             env.key, env.cert);
    env.server = NULL;
    if (system(cmd) == 0)
        cg_tls_server_new(env.cert, env.key, &env.server, NULL);
    *state = &env;
    return 0;
}

static int remove_cert(void **state)
{
    tls_env *env = *state;
    cg_tls_server_free(env->server);
    unlink(env->cert);
    unlink(env->key);
    rmdir(env->dir);
    return 0;
}

typedef struct accepting {
    cg_tls_server *server;
    int lfd;
    cg_tube *t;
} accepting;

static void *accept_tls(void *arg)
{
    accepting *a = arg;
    int fd = accept(a->lfd, NULL, NULL);
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    if (fd >= 0)
        cg_tube_tls_accept(a->server, fd, "server", &o, &a->t, NULL);
    return NULL;
}

/* A TLS client and server tube connected over 127.0.0.1. */
static void tls_pair(void **state, double send_timeout, cg_tube **client, cg_tube **server)
{
    tls_env *env = *state;
    if (!env->server)
        skip(); /* no openssl command to make a certificate */
    accepting a = {.server = env->server};
    int port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &a.lfd, &port, NULL), CG_OK);
    pthread_t tid;
    assert_int_equal(pthread_create(&tid, NULL, accept_tls, &a), 0);
    char ports[16];
    snprintf(ports, sizeof ports, "%d", port);
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .tls = true, .insecure = true,
                         .send_timeout = send_timeout};
    cg_error e;
    assert_int_equal(cg_tube_connect("127.0.0.1", ports, &o, client, &e), CG_OK);
    pthread_join(tid, NULL);
    close(a.lfd);
    assert_non_null(a.t);
    *server = a.t;
}

/* OpenSSL forbids SSL_shutdown after a fatal error: closing such a session sends nothing. */
static void no_shutdown_after_a_fatal_error(void **state)
{
    cg_tube *c, *s;
    tls_pair(state, 0, &c, &s);
    static const char junk[] = "this is no TLS record at all\n";
    assert_int_equal(write(cg_tube_fileno(c), junk, sizeof junk - 1), (ssize_t)sizeof junk - 1);
    const uint8_t *p;
    size_t n;
    cg_error e;
    assert_int_equal(cg_tube_recv(s, 0, 10, &p, &n, &e), CG_ERR_TLS);
    shutdown_calls = 0;
    assert_int_not_equal(cg_tube_shutdown_send(s, NULL), CG_OK);
    cg_tube_close(s);
    assert_int_equal(shutdown_calls, 0);
    cg_tube_close(c);
}

/* The healthy case still says goodbye: one close_notify, however often it is asked for. */
static void one_close_notify_when_healthy(void **state)
{
    cg_tube *c, *s;
    tls_pair(state, 0, &c, &s);
    shutdown_calls = 0;
    assert_int_equal(cg_tube_shutdown_send(s, NULL), CG_OK);
    cg_tube_close(s);
    assert_int_equal(shutdown_calls, 1);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvall(c, 10, &p, &n, NULL), CG_OK);
    cg_tube_close(c);
}

typedef struct sink {
    cg_tube *t;
    size_t got;
} sink;

static void *drain_all(void *arg)
{
    sink *k = arg;
    const uint8_t *p;
    size_t n;
    while (cg_tube_recv(k->t, 0, 30, &p, &n, NULL) == CG_OK)
        k->got += n;
    return NULL;
}

/* A send cut short by its deadline can be tried again from another buffer (sendline's grows,
 * a caller copies): OpenSSL allows that only with SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, else it
 * fails with "bad write retry". */
static void send_retried_from_another_buffer(void **state)
{
    cg_tube *c, *s;
    /* The first send must stall out; the retry must not, even under valgrind on a busy machine,
     * where the reading thread can be slow to start. */
    tls_pair(state, slow_tools() ? 10.0 : 1.0, &c, &s);
    /* Small socket buffers, so that 2 MB cannot all fit while nobody reads. */
    int small = 32 * 1024;
    setsockopt(cg_tube_fileno(c), SOL_SOCKET, SO_SNDBUF, &small, sizeof small);
    setsockopt(cg_tube_fileno(s), SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    size_t big = 2u << 20;
    uint8_t *a = calloc(1, big), *b = calloc(1, big);
    assert_non_null(a);
    assert_non_null(b);
    cg_error e;
    assert_int_equal(cg_tube_send(c, a, big, &e), CG_ERR_TIMEOUT); /* nobody reads yet */
    sink k = {.t = s};
    pthread_t tid;
    assert_int_equal(pthread_create(&tid, NULL, drain_all, &k), 0);
    cg_status st = cg_tube_send(c, b, big, &e);
    cg_tube_shutdown_send(c, NULL);
    pthread_join(tid, NULL); /* before any assertion: the thread uses k */
    free(a);
    free(b);
    cg_tube_close(c);
    cg_tube_close(s);
    if (st != CG_OK)
        fail_msg("the retried send failed: %s", e.msg);
    assert_true(k.got > big);
}

/* What OpenSSL decrypted but the tube has not taken yet counts as buffered: the descriptor is
 * not readable any more, so a caller that polled it would wait forever. */
static void decrypted_bytes_count_as_buffered(void **state)
{
    cg_tube *c, *s;
    tls_pair(state, 0, &c, &s);
    static uint8_t record[10000]; /* one TLS record, more than the tube's first read takes */
    memset(record, 'x', sizeof record);
    assert_int_equal(cg_tube_send(s, record, sizeof record, NULL), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recv(c, 0, 10, &p, &n, NULL), CG_OK);
    assert_true(n < sizeof record);
    struct pollfd pfd = {.fd = cg_tube_fileno(c), .events = POLLIN};
    assert_int_equal(poll(&pfd, 1, 100), 0); /* the socket has nothing more to say */
    assert_int_equal(cg_tube_buffered(c), sizeof record - n);
    size_t total = n;
    while (total < sizeof record) {
        assert_int_equal(cg_tube_recv(c, 0, 0, &p, &n, NULL), CG_OK); /* no waiting needed */
        total += n;
    }
    assert_int_equal(cg_tube_buffered(c), 0);
    cg_tube_close(c);
    cg_tube_close(s);
}

/* ---- processes ---- */

/* A host program that ignores SIGCHLD: the kernel reaps the child, waitpid says ECHILD. The
 * tube must not signal a pid that may be someone else's by now, nor invent "exit code 0". */
static void child_reaped_elsewhere(void **state)
{
    (void)state;
    struct sigaction ign = {.sa_handler = SIG_IGN}, old;
    sigaction(SIGCHLD, &ign, &old);
    FILE *log = tmpfile();
    assert_non_null(log);
    cg_tube_options o = {.log_level = CG_LOG_INFO, .log = log};
    cg_tube *t;
    char *argv[] = {"true", NULL};
    assert_int_equal(cg_tube_process(argv, &o, &t, NULL), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvall(t, 10, &p, &n, NULL), CG_OK); /* it exited */
    /* and is gone (SIGCHLD ignored: the kernel reaps it), waited for, not slept on: no child
     * left is ECHILD; one still exiting is 0 */
    for (int k = 0; k < 1000 && !(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD); k++)
        usleep(10000);
    cg_error e;
    int ws;
    assert_int_equal(cg_tube_wait(t, 5, &ws, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, "reaped elsewhere"));
    /* asked again: known lost, no second wait */
    assert_int_equal(cg_tube_wait(t, 5, &ws, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, ": exit status unknown (reaped elsewhere)"));
    /* and its stdin, closed by the caller: a send says so */
    assert_int_equal(cg_tube_shutdown_send(t, &e), CG_OK);
    assert_int_equal(cg_tube_send(t, "x\n", 2, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, "the process's stdin is closed"));
    cg_tube_close(t);
    sigaction(SIGCHLD, &old, NULL);
    char text[1024];
    rewind(log);
    size_t k = fread(text, 1, sizeof text - 1, log);
    text[k] = '\0';
    fclose(log);
    assert_null(strstr(text, "exit code 0"));
    assert_non_null(strstr(text, "exit status unknown"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_shutdown_after_a_fatal_error),
        cmocka_unit_test(one_close_notify_when_healthy),
        cmocka_unit_test(send_retried_from_another_buffer),
        cmocka_unit_test(decrypted_bytes_count_as_buffered),
        cmocka_unit_test(child_reaped_elsewhere),
    };
    return cmocka_run_group_tests(tests, make_cert, remove_cert);
}
