#include "game/netio.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>

#define DRAIN_SECONDS 0.2
#define DRAIN_BYTES (4u << 20)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

double cg_net_deadline(double seconds) { return now() + seconds; }

void cg_net_init(cg_net *n, int fd, int stop_fd, char *buf, size_t cap)
{
    *n = (cg_net){.fd = fd, .stop_fd = stop_fd, .buf = buf, .cap = cap};
}

/* Waits until fd has `events` ready, the deadline passes or the server stops. */
static cg_status wait_for(cg_net *n, short events, double deadline, cg_error *err)
{
    for (;;) {
        double left = deadline - now();
        if (left <= 0)
            return cg_fail(err, CG_ERR_TIMEOUT, "deadline passed");
        struct pollfd p[2] = {{.fd = n->fd, .events = events},
                              {.fd = n->stop_fd, .events = POLLIN}};
        int r = poll(p, 2, (int)ceil(left * 1000));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return cg_fail(err, CG_ERR_SYSTEM, "poll: %s", strerror(errno));
        if (p[1].revents) {
            n->stopped = true;
            return cg_fail(err, CG_ERR_SYSTEM, "server stopping");
        }
        if (p[0].revents)
            return CG_OK;
    }
}

/* Maps a failed SSL call to "wait for this" (events) or a final status. */
static cg_status tls_result(cg_net *n, int r, short *events, cg_error *err)
{
    int e = SSL_get_error(n->ssl, r);
    unsigned long code = ERR_peek_error();
    char detail[160] = "";
    switch (e) {
    case SSL_ERROR_WANT_READ: *events = POLLIN; return CG_OK;
    case SSL_ERROR_WANT_WRITE: *events = POLLOUT; return CG_OK;
    case SSL_ERROR_ZERO_RETURN: return cg_fail(err, CG_ERR_EOF, "peer closed the TLS session");
    case SSL_ERROR_SYSCALL:
        ERR_clear_error();
        if (errno == 0 || errno == EPIPE || errno == ECONNRESET)
            return cg_fail(err, CG_ERR_EOF, "peer closed the connection");
        return cg_fail(err, CG_ERR_SYSTEM, "%s", strerror(errno));
    default:
        ERR_error_string_n(code, detail, sizeof detail);
        ERR_clear_error();
        return cg_fail(err, CG_ERR_TLS, "TLS: %s", detail);
    }
}

cg_status cg_net_handshake(cg_net *n, SSL_CTX *ctx, double deadline, cg_error *err)
{
    if (!ctx)
        return CG_OK;
    n->ssl = SSL_new(ctx);
    if (!n->ssl || SSL_set_fd(n->ssl, n->fd) != 1)
        return cg_fail(err, CG_ERR_NOMEM, "cannot start a TLS session");
    for (;;) {
        errno = 0;
        int r = SSL_accept(n->ssl);
        if (r == 1)
            return CG_OK;
        short events = 0;
        cg_status st = tls_result(n, r, &events, err);
        if (st == CG_OK)
            st = wait_for(n, events, deadline, err);
        if (st != CG_OK)
            return cg_error_prefix(err, "TLS handshake: ");
    }
}

/* One non-blocking transfer: >0 bytes moved, 0 and *events set when it must wait. */
static cg_status transfer(cg_net *n, bool out, void *p, size_t len, size_t *done, short *events,
                          cg_error *err)
{
    *done = 0;
    errno = 0;
    if (n->ssl) {
        int cap = len > (1u << 30) ? 1 << 30 : (int)len;
        int r = out ? SSL_write(n->ssl, p, cap) : SSL_read(n->ssl, p, cap);
        if (r > 0) {
            *done = (size_t)r;
            return CG_OK;
        }
        return tls_result(n, r, events, err);
    }
    ssize_t r = out ? send(n->fd, p, len, MSG_NOSIGNAL) : recv(n->fd, p, len, 0);
    if (r > 0) {
        *done = (size_t)r;
        return CG_OK;
    }
    if (r == 0 && !out)
        return cg_fail(err, CG_ERR_EOF, "peer closed the connection");
    if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
        *events = out ? POLLOUT : POLLIN;
        return CG_OK;
    }
    if (errno == EPIPE || errno == ECONNRESET)
        return cg_fail(err, CG_ERR_EOF, "peer closed the connection");
    return cg_fail(err, CG_ERR_SYSTEM, "%s: %s", out ? "send" : "recv", strerror(errno));
}

/* Moves at least one byte (or all of them when `all`), waiting as needed. */
static cg_status move_bytes(cg_net *n, bool out, char *p, size_t len, bool all, size_t *moved,
                            double deadline, cg_error *err)
{
    *moved = 0;
    while (*moved < len) {
        size_t done;
        short events = 0;
        cg_status st = transfer(n, out, p + *moved, len - *moved, &done, &events, err);
        if (st != CG_OK)
            return st;
        *moved += done;
        if (done > 0 && !all)
            return CG_OK;
        if (done == 0 && (st = wait_for(n, events, deadline, err)) != CG_OK)
            return st;
    }
    return CG_OK;
}

cg_status cg_net_send(cg_net *n, const void *data, size_t len, double deadline, cg_error *err)
{
    size_t moved;
    return move_bytes(n, true, (char *)data, len, true, &moved, deadline, err);
}

cg_status cg_net_read_line(cg_net *n, double deadline, size_t *len, cg_error *err)
{
    size_t scanned = 0;
    for (;;) {
        char *nl = memchr(n->buf + scanned, '\n', n->len - scanned);
        if (nl) {
            *len = (size_t)(nl - n->buf);
            return CG_OK;
        }
        scanned = n->len;
        if (n->len == n->cap)
            return cg_fail(err, CG_ERR_LIMIT, "no newline within %zu bytes", n->cap);
        size_t got;
        cg_status st =
            move_bytes(n, false, n->buf + n->len, n->cap - n->len, false, &got, deadline, err);
        n->len += got;
        if (st != CG_OK)
            return st;
    }
}

void cg_net_consume(cg_net *n, size_t k)
{
    if (k > n->len)
        k = n->len;
    memmove(n->buf, n->buf + k, n->len - k);
    n->len -= k;
}

void cg_net_close(cg_net *n)
{
    if (n->ssl) {
        SSL_shutdown(n->ssl);
        SSL_free(n->ssl);
        n->ssl = NULL;
        ERR_clear_error();
    }
    shutdown(n->fd, SHUT_WR);
    /* Closing with unread input sends a reset, which can destroy our last line in flight. */
    double deadline = cg_net_deadline(DRAIN_SECONDS);
    size_t drained = 0;
    char sink[4096];
    while (drained < DRAIN_BYTES && !n->stopped) {
        ssize_t r = recv(n->fd, sink, sizeof sink, 0);
        if (r > 0) {
            drained += (size_t)r;
            continue;
        }
        if (r == 0 || (errno != EAGAIN && errno != EINTR))
            break;
        if (wait_for(n, POLLIN, deadline, NULL) != CG_OK)
            break;
    }
    close(n->fd);
}
