/* Certificates made at test time with OpenSSL's own calls (no openssl command, no network):
 * a CA, leaves it signs with chosen names and validity, self-signed ones, and a tiny TLS server
 * in a thread, written here against OpenSSL directly (not cubegod's server side), that records
 * the SNI name it was sent. For the TLS matrix and the descriptor matrix. */
#ifndef CUBEGOD_TESTS_TUBE_CERTS_H
#define CUBEGOD_TESTS_TUBE_CERTS_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

typedef struct test_cert {
    X509 *x;
    EVP_PKEY *key;
    char cert_path[160], key_path[160];
} test_cert;

static inline EVP_PKEY *cert_new_key(void) { return EVP_EC_gen("P-256"); }

static inline bool cert_ext(X509 *x, X509 *issuer, int nid, const char *value)
{
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, x, NULL, NULL, 0);
    X509_EXTENSION *e = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
    if (!e)
        return false;
    bool ok = X509_add_ext(x, e, -1) == 1;
    X509_EXTENSION_free(e);
    return ok;
}

/* A certificate for a fresh key: subject CN (NULL: none), subjectAltName san (NULL: none),
 * valid from now+from to now+to seconds, signed by `by` (NULL: self-signed), a CA or not.
 * Written as PEM to dir/stem.crt and dir/stem.key. Returns false on any failure. */
static inline bool cert_make(test_cert *c, const char *dir, const char *stem, const char *cn,
                      const char *san, long from, long to, const test_cert *by, bool ca)
{
    static long serial = 1;
    memset(c, 0, sizeof *c);
    c->key = cert_new_key();
    c->x = X509_new();
    if (!c->key || !c->x)
        return false;
    X509_set_version(c->x, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(c->x), serial++);
    X509_gmtime_adj(X509_getm_notBefore(c->x), from);
    X509_gmtime_adj(X509_getm_notAfter(c->x), to);
    X509_NAME *name = X509_get_subject_name(c->x);
    if (cn)
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)cn, -1, -1, 0);
    else
        X509_NAME_add_entry_by_txt(name, "O", MBSTRING_ASC, (const unsigned char *)"cubegod tests",
                                   -1, -1, 0);
    X509_set_issuer_name(c->x, by ? X509_get_subject_name(by->x) : name);
    X509_set_pubkey(c->x, c->key);
    X509 *issuer = by ? by->x : c->x;
    if (!cert_ext(c->x, issuer, NID_basic_constraints, ca ? "critical,CA:TRUE" : "CA:FALSE") ||
        !cert_ext(c->x, issuer, NID_subject_key_identifier, "hash") ||
        !cert_ext(c->x, issuer, NID_authority_key_identifier, "keyid:always"))
        return false;
    if (ca && !cert_ext(c->x, issuer, NID_key_usage, "critical,keyCertSign,cRLSign"))
        return false;
    if (san && !cert_ext(c->x, issuer, NID_subject_alt_name, san))
        return false;
    if (!X509_sign(c->x, by ? by->key : c->key, EVP_sha256()))
        return false;
    snprintf(c->cert_path, sizeof c->cert_path, "%s/%s.crt", dir, stem);
    snprintf(c->key_path, sizeof c->key_path, "%s/%s.key", dir, stem);
    FILE *f = fopen(c->cert_path, "w");
    bool ok = f && PEM_write_X509(f, c->x);
    if (f)
        fclose(f);
    f = fopen(c->key_path, "w");
    ok = ok && f && PEM_write_PrivateKey(f, c->key, NULL, NULL, 0, NULL, NULL);
    if (f)
        fclose(f);
    return ok;
}

static inline void cert_free(test_cert *c)
{
    X509_free(c->x);
    EVP_PKEY_free(c->key);
    if (c->cert_path[0])
        unlink(c->cert_path);
    if (c->key_path[0])
        unlink(c->key_path);
    memset(c, 0, sizeof *c);
}

/* ---- a TLS server written against OpenSSL directly, one connection ---- */

typedef struct tls_peer {
    const test_cert *cert;
    bool v6;             /* listen on ::1 instead of 127.0.0.1 */
    int lfd;
    char port[16];
    pthread_t thread;
    bool handshake_ok;
    bool sni_sent;
    char sni[256];
} tls_peer;

static inline void *tls_peer_main(void *arg)
{
    tls_peer *s = arg;
    struct pollfd p = {.fd = s->lfd, .events = POLLIN};
    if (poll(&p, 1, 10000) != 1) /* a client that never came (its connect failed) */
        return NULL;
    int fd = accept(s->lfd, NULL, NULL);
    if (fd < 0)
        return NULL;
    struct timeval tv = {.tv_sec = 10};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    SSL_CTX *ctx = SSL_CTX_new(TLS_server_method());
    SSL *ssl = NULL;
    if (ctx && SSL_CTX_use_certificate(ctx, s->cert->x) == 1 &&
        SSL_CTX_use_PrivateKey(ctx, s->cert->key) == 1 && (ssl = SSL_new(ctx)) &&
        SSL_set_fd(ssl, fd) == 1 && SSL_accept(ssl) == 1) {
        s->handshake_ok = true;
        const char *sn = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name);
        s->sni_sent = sn != NULL;
        snprintf(s->sni, sizeof s->sni, "%s", sn ? sn : "");
        static const char hello[] = "hello over tls\n";
        SSL_write(ssl, hello, (int)sizeof hello - 1);
        SSL_shutdown(ssl);
    }
    SSL_free(ssl);
    SSL_CTX_free(ctx);
    close(fd);
    return NULL;
}

static inline int tls_peer_start(tls_peer *s)
{
    signal(SIGPIPE, SIG_IGN); /* OpenSSL's writes to a client that left: an error, not death */
    s->lfd = socket(s->v6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s->lfd < 0)
        return -1;
    struct sockaddr_storage a = {0};
    socklen_t len;
    if (s->v6) {
        struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&a;
        a6->sin6_family = AF_INET6;
        a6->sin6_addr = in6addr_loopback;
        len = sizeof *a6;
    } else {
        struct sockaddr_in *a4 = (struct sockaddr_in *)&a;
        a4->sin_family = AF_INET;
        a4->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        len = sizeof *a4;
    }
    if (bind(s->lfd, (struct sockaddr *)&a, len) != 0 || listen(s->lfd, 4) != 0 ||
        getsockname(s->lfd, (struct sockaddr *)&a, &len) != 0) {
        close(s->lfd);
        return -1;
    }
    int port = ntohs(s->v6 ? ((struct sockaddr_in6 *)&a)->sin6_port
                           : ((struct sockaddr_in *)&a)->sin_port);
    snprintf(s->port, sizeof s->port, "%d", port);
    return pthread_create(&s->thread, NULL, tls_peer_main, s) == 0 ? 0 : -1;
}

static inline void tls_peer_stop(tls_peer *s)
{
    pthread_join(s->thread, NULL);
    close(s->lfd);
}

#endif
