/* TLS over TCP with OpenSSL: the client (system CAs, host name check, SNI) and the server side
 * for `cubegod serve`. Sockets are non-blocking; OpenSSL's WANT_READ/WANT_WRITE become polls. */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "tube/internal.h"

typedef struct tls_tr {
    SSL_CTX *ctx; /* one reference of our own */
    SSL *ssl;
    int fd;
    bool tcp;
    char *said; /* "connection to HOST port PORT" for the close message */
    uint8_t head[5]; /* the first record header received, for the plain-text hint */
    bool have_head;
    bool failed; /* a fatal error happened: OpenSSL forbids SSL_shutdown afterwards */
    bool shut;   /* close_notify sent */
} tls_tr;

struct cg_tls_server {
    SSL_CTX *ctx;
};

/* The oldest OpenSSL error in the queue, as text, and the queue emptied. */
static const char *ssl_reason(char *buf, size_t size)
{
    unsigned long e = ERR_get_error();
    if (!e)
        return "unknown TLS error";
    ERR_error_string_n(e, buf, size);
    ERR_clear_error();
    return buf;
}

/* Turns one failed OpenSSL call into a wait (CG_OK: retry) or a final status. */
static cg_status ssl_step(tls_tr *t, int r, int64_t deadline, cg_error *err)
{
    char why[256];
    switch (SSL_get_error(t->ssl, r)) {
    case SSL_ERROR_WANT_READ:
        return cgi_fd_wait(t->fd, POLLIN, deadline, err);
    case SSL_ERROR_WANT_WRITE:
        return cgi_fd_wait(t->fd, POLLOUT, deadline, err);
    case SSL_ERROR_ZERO_RETURN:
        return cg_fail(err, CG_ERR_EOF, "end of stream");
    case SSL_ERROR_SYSCALL:
        t->failed = true;
        if (ERR_peek_error())
            return cg_fail(err, CG_ERR_TLS, "%s", ssl_reason(why, sizeof why));
        if (errno == 0)
            return cg_fail(err, CG_ERR_EOF, "end of stream");
        return cg_fail(err, CG_ERR_SYSTEM, "%s", strerror(errno));
    default:
        t->failed = true;
        return cg_fail(err, CG_ERR_TLS, "%s", ssl_reason(why, sizeof why));
    }
}

static cg_status tls_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                          cg_error *err)
{
    tls_tr *t = self;
    *got = 0;
    for (;;) {
        ERR_clear_error();
        errno = 0;
        int r = SSL_read_ex(t->ssl, buf, cap, got);
        if (t->tcp) /* OpenSSL read from the socket (whole record or not): ACK at once */
            cgi_tcp_quickack(t->fd);
        if (r == 1)
            return CG_OK;
        cg_status st = ssl_step(t, r, deadline, err);
        if (st)
            return st;
    }
}

static cg_status tls_send(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err)
{
    tls_tr *t = self;
    cg_status st = CG_OK;
    while (n && !st) {
        size_t done = 0;
        ERR_clear_error();
        errno = 0;
        cg_sigpipe sp;
        cgi_sigpipe_hold(&sp);
        int r = SSL_write_ex(t->ssl, p, n, &done);
        int e = errno;
        cgi_sigpipe_release(&sp, r != 1 && e == EPIPE);
        errno = e;
        if (r == 1) {
            p += done;
            n -= done;
        } else {
            st = ssl_step(t, r, deadline, err);
        }
    }
    return st;
}

static cg_status tls_shutdown(void *self, cg_error *err)
{
    tls_tr *t = self;
    if (t->failed)
        return cg_fail(err, CG_ERR_TLS, "the TLS session already failed");
    if (t->shut || !SSL_is_init_finished(t->ssl))
        return CG_OK;
    t->shut = true;
    cg_sigpipe sp;
    cgi_sigpipe_hold(&sp);
    errno = 0; /* only an EPIPE of this call may swallow a SIGPIPE */
    SSL_shutdown(t->ssl); /* sends close_notify; the peer's answer is not awaited */
    int e = errno;
    cgi_sigpipe_release(&sp, e == EPIPE);
    ERR_clear_error();
    return CG_OK;
}

/* Bytes OpenSSL decrypted already: no poll on the socket would announce them. */
static size_t tls_pending(void *self)
{
    return (size_t)SSL_pending(((tls_tr *)self)->ssl);
}

static int tls_fileno(void *self)
{
    return ((tls_tr *)self)->fd;
}

static void tls_free(tls_tr *t)
{
    SSL_free(t->ssl);
    SSL_CTX_free(t->ctx);
    if (t->fd >= 0)
        close(t->fd);
    free(t->said);
    free(t);
}

static void tls_close(void *self, const cg_log *log)
{
    tls_tr *t = self;
    tls_shutdown(t, NULL); /* nothing after a fatal error or an unfinished handshake */
    if (t->said)
        cg_log_msg(log, CG_LOG_INFO, '*', "Closed %s", t->said);
    tls_free(t);
}

static const cg_transport tls_ops = {
    .recv = tls_recv,
    .send = tls_send,
    .shutdown_send = tls_shutdown,
    .fileno = tls_fileno,
    .close = tls_close,
    .pending = tls_pending,
};

/* A transport for fd with its own reference to ctx. Takes fd (closed on failure). */
static cg_status tls_new(SSL_CTX *ctx, int fd, bool quickack, tls_tr **out, cg_error *err)
{
    *out = NULL;
    tls_tr *t = calloc(1, sizeof *t);
    if (!t) {
        close(fd);
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    t->fd = fd;
    bool tcp = cgi_fd_is_tcp(fd);
    t->tcp = tcp && quickack;
    if (SSL_CTX_up_ref(ctx))
        t->ctx = ctx;
    t->ssl = t->ctx ? SSL_new(ctx) : NULL;
    /* A send cut short by its deadline may be retried from another buffer (sendline's grows),
     * and each write may be partial: without these OpenSSL says "bad write retry". */
    if (t->ssl)
        SSL_set_mode(t->ssl, SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_ENABLE_PARTIAL_WRITE);
    cg_status st = cgi_fd_nonblock(fd, err);
    if (!st && (!t->ssl || !SSL_set_fd(t->ssl, fd))) {
        char why[256];
        st = cg_fail(err, CG_ERR_TLS, "%s", ssl_reason(why, sizeof why));
    }
    if (st) {
        tls_free(t);
        return st;
    }
    if (tcp)
        cgi_tcp_tune(fd, quickack);
    *out = t;
    return CG_OK;
}

/* Keeps the first record header the peer sent: when the handshake fails on it, it may be the
 * start of a plain-text greeting. */
static void note_header(int write_p, int version, int content_type, const void *buf, size_t len,
                        SSL *ssl, void *arg)
{
    (void)version, (void)ssl;
    tls_tr *t = arg;
    if (!write_p && content_type == SSL3_RT_HEADER && len == 5 && !t->have_head) {
        memcpy(t->head, buf, 5);
        t->have_head = true;
    }
}

/* A server that speaks plain text answers the ClientHello with its greeting: OpenSSL reads its
 * first five bytes as a record header and says "wrong version number". Those five bytes and
 * what is still unread on the socket show what the server said. */
static bool plain_text_hint(tls_tr *t, cg_error *err)
{
    if (!t->have_head || !err)
        return false;
    char text[128];
    memcpy(text, t->head, 5);
    ssize_t n = recv(t->fd, text + 5, sizeof text - 6, MSG_PEEK | MSG_DONTWAIT);
    size_t len = 5 + (n > 0 ? (size_t)n : 0);
    text[len] = '\0';
    char *eol = strpbrk(text, "\r\n");
    if (eol)
        *eol = '\0';
    for (size_t i = 0; text[i]; i++)
        if ((unsigned char)text[i] < 0x20 || (unsigned char)text[i] >= 0x7f)
            return false; /* binary: a real TLS problem, keep OpenSSL's words */
    if (strlen(text) < 5)
        return false;
    cg_fail(err, CG_ERR_TLS, "TLS handshake: the server answered in plain text: '%s'; "
                   "it does not speak TLS", text);
    return true;
}

/* Runs the handshake (client or server side) until done or the deadline. */
static cg_status handshake(tls_tr *t, bool client, int64_t deadline, cg_error *err)
{
    for (;;) {
        ERR_clear_error();
        errno = 0;
        int r = client ? SSL_connect(t->ssl) : SSL_accept(t->ssl);
        if (r == 1)
            return CG_OK;
        long v = SSL_get_verify_result(t->ssl);
        if (client && v != X509_V_OK && (SSL_get_verify_mode(t->ssl) & SSL_VERIFY_PEER)) {
            ERR_clear_error(); /* said here: nothing left for the caller's next OpenSSL call */
            return cg_fail(err, CG_ERR_TLS, "TLS handshake: certificate verify failed: %s",
                           X509_verify_cert_error_string(v));
        }
        cg_status st = ssl_step(t, r, deadline, err);
        if (cgi_fd_closed(st))
            return cg_fail(err, st, "TLS handshake: the peer closed the connection");
        if (st == CG_ERR_TLS && client && plain_text_hint(t, err))
            return CG_ERR_TLS;
        if (st)
            return cg_error_prefix(st, err, "TLS handshake: ");
    }
}

/* Client settings: trust store, verification, minimum version. */
static SSL_CTX *client_ctx(const cg_tube_options *o, cg_error *err)
{
    char why[256];
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (!ctx) {
        cg_fail(err, CG_ERR_TLS, "%s", ssl_reason(why, sizeof why));
        return NULL;
    }
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
    SSL_CTX_set_options(ctx, SSL_OP_IGNORE_UNEXPECTED_EOF); /* a bare close is a plain EOF */
#endif
    if (o->insecure)
        return ctx;
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    int ok = o->ca_file ? SSL_CTX_load_verify_locations(ctx, o->ca_file, NULL)
                        : SSL_CTX_set_default_verify_paths(ctx);
    if (!ok) {
        cg_fail(err, CG_ERR_TLS, "cannot load %s: %s",
                o->ca_file ? o->ca_file : "the system's CA certificates",
                ssl_reason(why, sizeof why));
        SSL_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

/* SNI and the name (or IP address) the certificate must carry. */
static cg_status client_names(SSL *ssl, const char *host, const cg_tube_options *o, cg_error *err)
{
    const char *name = o->sni ? o->sni : host;
    unsigned char ip[16];
    bool literal = inet_pton(AF_INET, name, ip) == 1 || inet_pton(AF_INET6, name, ip) == 1;
    /* a name too long to send would push the reason out of the message: cut it */
    if (!literal && !SSL_set_tlsext_host_name(ssl, name))
        return cg_fail(err, CG_ERR_TLS, "cannot use \"%.64s%s\" as a server name (SNI)", name,
                       strlen(name) > 64 ? "..." : "");
    if (o->insecure)
        return CG_OK;
    int ok = literal ? X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name)
                     : SSL_set1_host(ssl, name);
    if (!ok)
        return cg_fail(err, CG_ERR_TLS, "cannot verify against the name \"%.64s%s\"", name,
                       strlen(name) > 64 ? "..." : "");
    return CG_OK;
}

cg_status cgi_tls_connect(int fd, const char *host, const char *port, const cg_tube_options *o,
                         int64_t deadline, cg_tube **out, cg_error *err)
{
    *out = NULL;
    SSL_CTX *ctx = client_ctx(o, err);
    if (!ctx) {
        close(fd);
        return CG_ERR_TLS;
    }
    tls_tr *t;
    cg_status st = tls_new(ctx, fd, !o->delayed_acks, &t, err);
    SSL_CTX_free(ctx); /* t holds its own reference */
    if (st)
        return st;
    char said[300], name[300];
    snprintf(said, sizeof said, "connection to %s port %s", host, port);
    snprintf(name, sizeof name, strchr(host, ':') ? "tls [%s]:%s" : "tls %s:%s", host, port);
    SSL_set_msg_callback(t->ssl, note_header);
    SSL_set_msg_callback_arg(t->ssl, t);
    if (!(st = client_names(t->ssl, host, o, err)))
        st = handshake(t, true, deadline, err);
    if (!st && !(t->said = strdup(said)))
        st = cg_fail(err, CG_ERR_NOMEM, "out of memory");
    if (st) {
        tls_free(t);
        return cg_error_prefix(st, err, "%s: ", name);
    }
    return cg_tube_new(&tls_ops, t, name, o, out, err);
}

cg_status cg_tls_server_new(const char *cert_file, const char *key_file, cg_tls_server **out,
                            cg_error *err)
{
    char why[256];
    *out = NULL;
    cg_tls_server *s = calloc(1, sizeof *s);
    if (!s)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    s->ctx = SSL_CTX_new(TLS_server_method());
    const char *what = "TLS setup";
    if (s->ctx) {
        SSL_CTX_set_min_proto_version(s->ctx, TLS1_2_VERSION);
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
        SSL_CTX_set_options(s->ctx, SSL_OP_IGNORE_UNEXPECTED_EOF);
#endif
        what = cert_file;
        if (SSL_CTX_use_certificate_chain_file(s->ctx, cert_file) == 1) {
            what = key_file;
            if (SSL_CTX_use_PrivateKey_file(s->ctx, key_file, SSL_FILETYPE_PEM) == 1 &&
                SSL_CTX_check_private_key(s->ctx) == 1) {
                *out = s;
                return CG_OK;
            }
        }
    }
    cg_fail(err, CG_ERR_TLS, "%s: %s", what, ssl_reason(why, sizeof why));
    cg_tls_server_free(s);
    return CG_ERR_TLS;
}

void cg_tls_server_free(cg_tls_server *s)
{
    if (!s)
        return;
    SSL_CTX_free(s->ctx);
    free(s);
}

cg_status cg_tube_tls_accept(cg_tls_server *s, int fd, const char *name,
                             const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    *out = NULL;
    cg_tube_options opt = cgi_tube_opts(o);
    char def[32];
    snprintf(def, sizeof def, "tls fd %d", fd);
    name = name ? name : def;
    tls_tr *t;
    cg_status st = tls_new(s->ctx, fd, !opt.delayed_acks, &t, err);
    if (!st && (st = handshake(t, false, cg_deadline(opt.connect_timeout), err)))
        tls_free(t);
    if (st)
        return cg_error_prefix(st, err, "%s: ", name);
    return cg_tube_new(&tls_ops, t, name, o, out, err);
}
