// link-wrap: SSL_CTX_new SSL_new SSL_set1_host calloc strdup
/* TLS when OpenSSL or memory fails (the linker's --wrap, armed in this thread only, so the echo
 * server's thread is untouched): no context, no session, a name that cannot be set for
 * verification (its message cuts a name over 64 bytes), no memory for the transport or for its
 * closing message, on the client and the server side. Each says what failed and leaves no
 * descriptor behind. And a server that resets the connection during the handshake. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <openssl/ssl.h>

#include "cubegod/tube.h"
#include "testutil.h"
#include "tube/certs.h"
#include "tube/echo_server.h"

/* Which call fails next, in this thread only: the call's name, or NULL for none. */
static _Thread_local const char *failing;

static bool fails(const char *call)
{
    if (!failing || strcmp(failing, call) != 0)
        return false;
    failing = NULL; /* once */
    return true;
}

SSL_CTX *__real_SSL_CTX_new(const SSL_METHOD *m);
SSL_CTX *__wrap_SSL_CTX_new(const SSL_METHOD *m) { return fails("SSL_CTX_new") ? NULL : __real_SSL_CTX_new(m); }
SSL *__real_SSL_new(SSL_CTX *c);
SSL *__wrap_SSL_new(SSL_CTX *c) { return fails("SSL_new") ? NULL : __real_SSL_new(c); }
int __real_SSL_set1_host(SSL *s, const char *name);
int __wrap_SSL_set1_host(SSL *s, const char *name) { return fails("SSL_set1_host") ? 0 : __real_SSL_set1_host(s, name); }
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return fails("calloc") ? NULL : __real_calloc(n, size); }
char *__real_strdup(const char *s);
char *__wrap_strdup(const char *s)
{
    /* the closing message "connection to ..." is the one strdup of a connect that says so */
    if (failing && strcmp(failing, "strdup") == 0 && strncmp(s, "connection to ", 14) == 0) {
        failing = NULL;
        return NULL;
    }
    return __real_strdup(s);
}

typedef struct tls_files {
    char dir[64];
    test_cert cert;
    cg_tls_server *server;
} tls_files;

static int setup(void **state)
{
    static tls_files f;
    snprintf(f.dir, sizeof f.dir, "/tmp/cubegod-tlsf-XXXXXX");
    if (!mkdtemp(f.dir) ||
        !cert_make(&f.cert, f.dir, "leaf", "localhost", "DNS:localhost,IP:127.0.0.1", -60, 3600, NULL, false) ||
        cg_tls_server_new(f.cert.cert_path, f.cert.key_path, &f.server, NULL) != CG_OK)
        return -1;
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    tls_files *f = *state;
    cg_tls_server_free(f->server);
    unlink(f->cert.cert_path);
    unlink(f->cert.key_path);
    rmdir(f->dir);
    cert_free(&f->cert);
    return 0;
}

/* A TLS connect to an echo server with `call` failing once; its status and message. */
static cg_status connect_failing(tls_files *f, const char *call, const char *sni, bool reset,
                                 cg_error *err)
{
    int before = open_descriptors();
    echo_server s = {.tls = f->server, .reset = reset};
    assert_int_equal(echo_start(&s, 1), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .tls = true, .ca_file = f->cert.cert_path,
                         .sni = sni, .connect_timeout = 10};
    cg_tube *t = NULL;
    failing = call;
    cg_status st = cg_tube_connect(sni ? "127.0.0.1" : "localhost", s.port, &o, &t, err);
    failing = NULL;
    if (st == CG_OK)
        cg_tube_close(t);
    else
        assert_null(t);
    echo_stop(&s); /* the server has seen the connection end */
    assert_int_equal(open_descriptors(), before);
    return st;
}

static void expect(cg_status st, cg_status want, const cg_error *err, const char *says)
{
    if (st != want || !strstr(err->msg, says))
        fail_msg("status %d (expected %d), message '%s' does not say '%s'", st, want, err->msg, says);
}

static void test_client_setup_fails(void **state)
{
    tls_files *f = *state;
    cg_error err;
    /* the unfailed connect works: what follows fails because of its one call */
    expect(connect_failing(f, NULL, NULL, false, &err), CG_OK, &err, "");
    expect(connect_failing(f, "SSL_CTX_new", NULL, false, &err), CG_ERR_TLS, &err, "unknown TLS error");
    expect(connect_failing(f, "SSL_new", NULL, false, &err), CG_ERR_TLS, &err, "unknown TLS error");
    expect(connect_failing(f, "calloc", NULL, false, &err), CG_ERR_NOMEM, &err, "out of memory");
    expect(connect_failing(f, "strdup", NULL, false, &err), CG_ERR_NOMEM, &err,
           "tls localhost:");
    assert_non_null(strstr(err.msg, ": out of memory"));
    expect(connect_failing(f, "SSL_set1_host", NULL, false, &err), CG_ERR_TLS, &err,
           "cannot verify against the name \"localhost\"");
}

/* The name in the verification message: whole up to 64 bytes, cut with "..." after */
static void test_name_cut_in_message(void **state)
{
    tls_files *f = *state;
    cg_error err;
    char name[80];
    for (size_t len = 63; len <= 65; len++) {
        memset(name, 'v', len);
        name[len] = '\0';
        expect(connect_failing(f, "SSL_set1_host", name, false, &err), CG_ERR_TLS, &err,
               "cannot verify against the name \"");
        char want[96];
        snprintf(want, sizeof want, "\"%.64s%s\"", name, len > 64 ? "..." : "");
        if (!strstr(err.msg, want))
            fail_msg("a name of %zu bytes: '%s' does not say '%s'", len, err.msg, want);
    }
}

/* A server that resets the connection at the client's first byte: the handshake fails, saying so */
static void test_reset_during_handshake(void **state)
{
    tls_files *f = *state;
    cg_error err;
    cg_status st = connect_failing(f, NULL, NULL, true, &err);
    /* no OpenSSL error queued, errno set: the system's reason */
    expect(st, CG_ERR_SYSTEM, &err, strerror(ECONNRESET));
    if (!strstr(err.msg, "tls localhost:") || !strstr(err.msg, ": TLS handshake: "))
        fail_msg("'%s'", err.msg);
}

static void test_server_setup_fails(void **state)
{
    tls_files *f = *state;
    cg_tls_server *s = NULL;
    cg_error err;
    int before = open_descriptors();
    failing = "calloc";
    cg_status st = cg_tls_server_new(f->cert.cert_path, f->cert.key_path, &s, &err);
    failing = NULL;
    expect(st, CG_ERR_NOMEM, &err, "out of memory");
    assert_null(s);
    failing = "SSL_CTX_new";
    st = cg_tls_server_new(f->cert.cert_path, f->cert.key_path, &s, &err);
    failing = NULL;
    expect(st, CG_ERR_TLS, &err, "TLS setup: unknown TLS error");
    assert_null(s);
    assert_int_equal(open_descriptors(), before);
    /* and the server's session: no SSL for the accepted descriptor, which is closed */
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    cg_tube *t = NULL;
    cg_tube_options quiet = {.log_level = CG_LOG_QUIET};
    failing = "SSL_new";
    st = cg_tube_tls_accept(f->server, sv[0], "server", &quiet, &t, &err);
    failing = NULL;
    expect(st, CG_ERR_TLS, &err, "unknown TLS error");
    assert_null(t);
    close(sv[1]);
    assert_int_equal(open_descriptors(), before);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_client_setup_fails),
        cmocka_unit_test(test_name_cut_in_message),
        cmocka_unit_test(test_reset_during_handshake),
        cmocka_unit_test(test_server_setup_fails),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
