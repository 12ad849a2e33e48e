/* The tube core: the receive buffer and every receive and send operation. Transports only move
 * bytes (see cg_transport). */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "tube/internal.h"

#define INITIAL_CAP 4096
#define DELIM_CACHE 64 /* longest delimiter whose scan position is remembered across calls */

struct cg_tube {
    const cg_transport *ops;
    void *self;
    char *name;
    cg_log log;
    cg_tube_data_fn on_data;
    void *on_data_ctx;
    size_t max;          /* most unconsumed bytes */
    double send_timeout; /* seconds, < 0 forever */

    /* Unconsumed bytes are buf[start, end); buf has cap + 1 bytes so a NUL fits after them. */
    uint8_t *buf;
    size_t cap, start, end;
    bool eof; /* the transport said EOF: never read again */

    /* buf[start, start + scanned) holds no occurrence of delim[0, dlen) starting there. */
    size_t scanned;
    uint8_t delim[DELIM_CACHE];
    size_t dlen;

    uint8_t *out; /* sendline's line + "\n" */
    size_t out_cap;
};

cg_tube_options cgi_tube_opts(const cg_tube_options *o)
{
    cg_tube_options r = {0};
    if (o)
        r = *o;
    if (!r.max_buffer)
        r.max_buffer = CG_TUBE_DEFAULT_MAX;
    if (r.connect_timeout == 0)
        r.connect_timeout = CG_TUBE_DEFAULT_TIMEOUT;
    if (r.send_timeout == 0)
        r.send_timeout = CG_TUBE_DEFAULT_TIMEOUT;
    return r;
}

cg_log cgi_tube_opts_log(const cg_tube_options *o)
{
    cg_log log = {CG_LOG_QUIET, stderr, NULL, NULL};
    if (o) {
        log.level = o->log_level;
        if (o->log)
            log.out = o->log;
        log.fn = o->log_fn;
        log.fn_ctx = o->log_ctx;
    }
    return log;
}

void *cgi_tube_self(const cg_tube *t, const cg_transport *ops)
{
    return t && t->ops == ops ? t->self : NULL;
}

cg_status cg_tube_new(const cg_transport *ops, void *self, const char *name,
                      const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    cg_tube_options opt = cgi_tube_opts(o);
    *out = NULL;
    cg_tube *t = calloc(1, sizeof *t);
    if (t) {
        t->name = strdup(name ? name : "tube");
        t->buf = malloc(INITIAL_CAP + 1);
    }
    if (!t || !t->name || !t->buf) {
        cg_log log = cgi_tube_opts_log(o);
        ops->close(self, &log);
        if (t) {
            free(t->name);
            free(t->buf);
            free(t);
        }
        return cg_fail(err, CG_ERR_NOMEM, "%s: out of memory", name ? name : "tube");
    }
    t->ops = ops;
    t->self = self;
    t->log = cgi_tube_opts_log(o);
    t->on_data = opt.on_data;
    t->on_data_ctx = opt.on_data_ctx;
    t->max = opt.max_buffer;
    t->send_timeout = opt.send_timeout;
    t->cap = INITIAL_CAP;
    *out = t;
    return CG_OK;
}

void cg_tube_close(cg_tube *t)
{
    if (!t)
        return;
    t->ops->close(t->self, &t->log);
    free(t->name);
    free(t->buf);
    free(t->out);
    free(t);
}

const char *cg_tube_name(const cg_tube *t)
{
    return t->name;
}

int cg_tube_fileno(const cg_tube *t)
{
    return t->ops->fileno ? t->ops->fileno(t->self) : -1;
}

size_t cg_tube_buffered(const cg_tube *t)
{
    return t->end - t->start + (t->ops->pending ? t->ops->pending(t->self) : 0);
}

bool cg_tube_idle(const cg_tube *t, double seconds)
{
    if (cg_tube_buffered(t) > 0)
        return false;
    if (t->ops->readable && !t->eof)
        return !t->ops->readable(t->self, seconds);
    int fd = cg_tube_fileno(t);
    if (fd < 0 || t->eof)
        return true;
    struct pollfd pfd = {.fd = fd, .events = POLLIN};
    int ms = seconds > 0 ? (int)(seconds * 1000 + 0.5) : 0;
    int r;
    while ((r = poll(&pfd, 1, ms)) < 0 && errno == EINTR)
        ; /* a signal: the wait starts again, at most this short wait more */
    return r == 0;
}

static size_t avail(const cg_tube *t)
{
    return t->end - t->start;
}

/* Hands out the first n unconsumed bytes as a view and consumes them. */
static const uint8_t *consume(cg_tube *t, size_t n)
{
    const uint8_t *p = t->buf + t->start;
    t->start += n;
    t->scanned = 0;
    if (t->start == t->end) /* empty: start over at 0 without moving anything */
        t->start = t->end = 0;
    return p;
}

/* Makes room after end: compacts when at least half the buffer is consumed space, else grows
 * (up to max), else compacts anyway. Amortised linear. */
static cg_status make_room(cg_tube *t, cg_error *err)
{
    if (t->end < t->cap)
        return CG_OK;
    if (t->start >= avail(t) || t->cap >= t->max) {
        memmove(t->buf, t->buf + t->start, avail(t));
        t->end -= t->start;
        t->start = 0;
        return CG_OK;
    }
    size_t cap = t->cap * 2 > t->max ? t->max : t->cap * 2;
    uint8_t *buf = realloc(t->buf, cap + 1);
    if (!buf)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for a %zu-byte buffer", cap);
    t->buf = buf;
    t->cap = cap;
    return CG_OK;
}

static void saw_data(cg_tube *t, int direction, const uint8_t *p, size_t n)
{
    cgi_log_data(&t->log, direction, p, n);
    if (t->on_data)
        t->on_data(t->on_data_ctx, direction, p, n);
}

/* One transport read appended to the buffer. CG_ERR_LIMIT when max bytes are already held. */
static cg_status fill(cg_tube *t, int64_t deadline, cg_error *err)
{
    if (t->eof)
        return CG_ERR_EOF;
    if (avail(t) >= t->max)
        return CG_ERR_LIMIT;
    cg_status st = make_room(t, err);
    if (st)
        return st;
    size_t room = t->cap - t->end;
    if (room > t->max - avail(t))
        room = t->max - avail(t);
    size_t got = 0;
    st = t->ops->recv(t->self, t->buf + t->end, room, deadline, &got, err);
    if (st == CG_ERR_EOF)
        t->eof = true;
    if (st)
        return st;
    saw_data(t, CG_TUBE_RECEIVED, t->buf + t->end, got);
    t->end += got;
    return CG_OK;
}

/* A short printable rendering of a delimiter for messages. */
static void describe(const void *p, size_t n, char *out, size_t size)
{
    const uint8_t *s = p;
    size_t k = 0;
    for (size_t i = 0; i < n && k + 5 < size; i++) {
        if (s[i] == '\n')
            k += (size_t)snprintf(out + k, size - k, "\\n");
        else if (s[i] == '\r')
            k += (size_t)snprintf(out + k, size - k, "\\r");
        else if (s[i] < 0x20 || s[i] >= 0x7f || s[i] == '"' || s[i] == '\\')
            k += (size_t)snprintf(out + k, size - k, "\\x%02x", s[i]);
        else
            out[k++] = (char)s[i];
    }
    out[k] = '\0';
}

/* Turns a failed fill into the message callers see: what was awaited, on which tube, why. */
static cg_status recv_failed(cg_tube *t, cg_status st, const char *what, double timeout,
                             cg_error *err)
{
    switch (st) {
    case CG_ERR_TIMEOUT:
        return cg_fail(err, st, "%s: timeout after %g s waiting for %s (%zu bytes buffered)",
                       t->name, timeout, what, avail(t));
    case CG_ERR_EOF:
        return cg_fail(err, st, "%s: closed by the peer while waiting for %s (%zu bytes buffered)",
                       t->name, what, avail(t));
    case CG_ERR_LIMIT:
        return cg_fail(err, st, "%s: %zu bytes received without %s (the limit)", t->name,
                       avail(t), what);
    default:
        return cg_error_prefix(st, err, "%s: ", t->name);
    }
}

cg_status cg_tube_recv(cg_tube *t, size_t max, double timeout, const uint8_t **p, size_t *n,
                       cg_error *err)
{
    *p = NULL;
    *n = 0;
    if (!avail(t)) {
        cg_status st = fill(t, cg_deadline(timeout), err);
        if (st)
            return recv_failed(t, st, "data", timeout, err);
    }
    *n = max && max < avail(t) ? max : avail(t);
    *p = consume(t, *n);
    return CG_OK;
}

cg_status cg_tube_recvn(cg_tube *t, size_t n, double timeout, const uint8_t **p, cg_error *err)
{
    *p = NULL;
    char what[48];
    snprintf(what, sizeof what, "%zu bytes", n);
    if (n > t->max)
        return cg_fail(err, CG_ERR_LIMIT, "%s: cannot wait for %s, the buffer holds at most %zu",
                       t->name, what, t->max);
    int64_t deadline = cg_deadline(timeout);
    while (avail(t) < n) {
        cg_status st = fill(t, deadline, err);
        if (st)
            return recv_failed(t, st, what, timeout, err);
    }
    *p = consume(t, n);
    return CG_OK;
}

/* Keeps the scan position of an earlier search only when it was for the same delimiter. */
static void scan_begin(cg_tube *t, const uint8_t *delim, size_t dlen)
{
    if (dlen <= DELIM_CACHE && dlen == t->dlen && memcmp(delim, t->delim, dlen) == 0)
        return;
    t->scanned = 0;
    t->dlen = dlen <= DELIM_CACHE ? dlen : 0;
    memcpy(t->delim, delim, t->dlen);
}

/* Offset just after the first occurrence of delim in the unconsumed bytes, or 0. Starts where
 * the previous search stopped, so no byte is scanned twice. */
static size_t find_delim(cg_tube *t, const uint8_t *delim, size_t dlen)
{
    const uint8_t *base = t->buf + t->start;
    size_t have = avail(t);
    if (have < dlen)
        return 0;
    const uint8_t *hit = memmem(base + t->scanned, have - t->scanned, delim, dlen);
    if (hit)
        return (size_t)(hit - base) + dlen;
    /* The last dlen - 1 bytes may begin a match that the next read completes. */
    t->scanned = have - dlen + 1;
    return 0;
}

cg_status cg_tube_recvuntil(cg_tube *t, const void *delim, size_t dlen, double timeout,
                            const uint8_t **p, size_t *n, cg_error *err)
{
    *p = NULL;
    *n = 0;
    if (dlen == 0)
        return cg_fail(err, CG_ERR_INPUT, "%s: recvuntil with an empty delimiter", t->name);
    int64_t deadline = cg_deadline(timeout);
    scan_begin(t, delim, dlen);
    size_t at;
    while (!(at = find_delim(t, delim, dlen))) {
        cg_status st = fill(t, deadline, err);
        if (st) {
            char d[80], what[96];
            describe(delim, dlen, d, sizeof d);
            snprintf(what, sizeof what, "\"%s\"", d);
            return recv_failed(t, st, what, timeout, err);
        }
    }
    *n = at;
    *p = consume(t, at);
    return CG_OK;
}

cg_status cg_tube_recvline(cg_tube *t, double timeout, const uint8_t **line, size_t *n,
                           cg_error *err)
{
    cg_status st = cg_tube_recvuntil(t, "\n", 1, timeout, line, n, err);
    if (st)
        return st;
    (*n)--;
    ((uint8_t *)*line)[*n] = '\0'; /* the consumed "\n" becomes the terminator */
    return CG_OK;
}

static size_t without_trailing_blanks(const uint8_t *p, size_t n)
{
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        n--;
    return n;
}

/* True when the unconsumed bytes end with tail, trailing spaces and tabs of both ignored. */
static bool buffered_ends_with(cg_tube *t, const uint8_t *tail, size_t tlen)
{
    const uint8_t *base = t->buf + t->start;
    size_t have = without_trailing_blanks(base, avail(t));
    tlen = without_trailing_blanks(tail, tlen);
    return tlen && have >= tlen && memcmp(base + have - tlen, tail, tlen) == 0;
}

cg_status cg_tube_recvline_or_tail(cg_tube *t, const void *tail, size_t tlen, double timeout,
                                   const uint8_t **p, size_t *n, bool *by_tail, cg_error *err)
{
    *p = NULL;
    *n = 0;
    *by_tail = false;
    if (tlen == 0)
        return cg_fail(err, CG_ERR_INPUT, "%s: recvline_or_tail with an empty tail", t->name);
    int64_t deadline = cg_deadline(timeout);
    scan_begin(t, (const uint8_t *)"\n", 1);
    size_t at;
    while (!(at = find_delim(t, (const uint8_t *)"\n", 1))) {
        if (buffered_ends_with(t, tail, tlen)) {
            *n = avail(t);
            *p = consume(t, *n);
            ((uint8_t *)*p)[*n] = '\0'; /* buf keeps a spare byte after the data for this */
            *by_tail = true;
            return CG_OK;
        }
        cg_status st = fill(t, deadline, err);
        if (st)
            return recv_failed(t, st, "a line", timeout, err);
    }
    *n = at - 1;
    *p = consume(t, at);
    ((uint8_t *)*p)[*n] = '\0'; /* the consumed "\n" becomes the terminator */
    return CG_OK;
}

cg_status cg_tube_recvline_or_partial(cg_tube *t, double timeout, double quiet,
                                      cg_partial_fn waiting, void *ctx, const uint8_t **p,
                                      size_t *n, bool *partial, cg_error *err)
{
    *p = NULL;
    *n = 0;
    *partial = false;
    int64_t deadline = cg_deadline(timeout);
    scan_begin(t, (const uint8_t *)"\n", 1);
    size_t at;
    bool heard = true; /* data came since the last quiet spell */
    while (!(at = find_delim(t, (const uint8_t *)"\n", 1))) {
        bool some = avail(t) > 0;
        if (some && waiting && waiting(ctx, (const char *)t->buf + t->start, avail(t), false)) {
            *partial = true;
            break;
        }
        /* with a partial line held, the server's silence for `quiet` seconds asks again */
        int64_t until = deadline;
        bool by_quiet = false;
        if (some && heard && quiet > 0 && waiting) {
            int64_t q = cg_deadline(quiet);
            if (deadline <= 0 || q < deadline) {
                until = q;
                by_quiet = true;
            }
        }
        cg_status st = fill(t, until, err);
        if (st == CG_ERR_TIMEOUT && by_quiet) {
            if (waiting(ctx, (const char *)t->buf + t->start, avail(t), true)) {
                *partial = true;
                break;
            }
            heard = false;
            continue;
        }
        if (st)
            return recv_failed(t, st, "a line", timeout, err);
        heard = true;
    }
    size_t take = *partial ? avail(t) : at; /* a line's "\n" becomes the terminator */
    *n = *partial ? take : take - 1;
    *p = consume(t, take);
    ((uint8_t *)*p)[*n] = '\0';
    return CG_OK;
}

cg_status cg_tube_recvall(cg_tube *t, double timeout, const uint8_t **p, size_t *n,
                          cg_error *err)
{
    *p = NULL;
    *n = 0;
    int64_t deadline = cg_deadline(timeout);
    cg_status st;
    while ((st = fill(t, deadline, err)) == CG_OK)
        ;
    if (st != CG_ERR_EOF)
        return recv_failed(t, st, "the end of the stream", timeout, err);
    *n = avail(t);
    t->buf[t->end] = '\0'; /* buf has cap + 1 bytes */
    *p = consume(t, *n);
    return CG_OK;
}

void cg_tube_peek(cg_tube *t, const uint8_t **p, size_t *n)
{
    *p = t->buf + t->start;
    *n = avail(t);
}

/* ---- sending ---- */

static cg_status send_raw(cg_tube *t, const uint8_t *p, size_t n, cg_error *err)
{
    if (!t->ops->send)
        return cg_fail(err, CG_ERR_SYSTEM, "%s: cannot send, the tube is read-only", t->name);
    cg_status st = t->ops->send(t->self, p, n, cg_deadline(t->send_timeout), err);
    if (st == CG_ERR_TIMEOUT)
        return cg_fail(err, st, "%s: send of %zu bytes: the peer read nothing for %g s",
                       t->name, n, t->send_timeout);
    if (st)
        return cg_error_prefix(st, err, "%s: send: ", t->name);
    saw_data(t, CG_TUBE_SENT, p, n);
    return CG_OK;
}

cg_status cg_tube_send(cg_tube *t, const void *p, size_t n, cg_error *err)
{
    return n ? send_raw(t, p, n, err) : CG_OK;
}

cg_status cg_tube_sendline(cg_tube *t, const void *p, size_t n, cg_error *err)
{
    if (n + 1 > t->out_cap) {
        uint8_t *out = realloc(t->out, n + 1);
        if (!out)
            return cg_fail(err, CG_ERR_NOMEM, "%s: out of memory for a %zu-byte line", t->name, n);
        t->out = out;
        t->out_cap = n + 1;
    }
    if (n)
        memcpy(t->out, p, n);
    t->out[n] = '\n';
    return send_raw(t, t->out, n + 1, err);
}

cg_status cg_tube_sendlineafter(cg_tube *t, const void *delim, size_t dlen, const void *line,
                                size_t n, double timeout, const uint8_t **got, size_t *got_n,
                                cg_error *err)
{
    const uint8_t *p;
    size_t k;
    cg_status st = cg_tube_recvuntil(t, delim, dlen, timeout, &p, &k, err);
    if (got)
        *got = p;
    if (got_n)
        *got_n = k;
    return st ? st : cg_tube_sendline(t, line, n, err);
}

cg_status cg_tube_shutdown_send(cg_tube *t, cg_error *err)
{
    if (!t->ops->shutdown_send)
        return CG_OK;
    cg_status st = t->ops->shutdown_send(t->self, err);
    return st ? cg_error_prefix(st, err, "%s: shutdown: ", t->name) : CG_OK;
}
