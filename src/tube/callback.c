/* A tube whose bytes the caller moves with its own callbacks: a binding's transport (Python's
 * cubegod.play over a pwntools tube or a socket). Deadlines become seconds left, the callbacks'
 * plain return values become statuses. */
#include <stdlib.h>

#include "tube/internal.h"

/* Seconds left until deadline (< 0: none), never negative. */
static double seconds_left(int64_t deadline)
{
    if (deadline < 0)
        return -1.0;
    int64_t left = deadline - cg_now_ns();
    return left > 0 ? (double)left / 1e9 : 0.0;
}

static cg_status cb_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                         cg_error *err)
{
    const cg_tube_callbacks *cb = self;
    *got = 0;
    long r = cb->recv(cb->ctx, buf, cap, seconds_left(deadline));
    if (r == 0)
        return cg_fail(err, CG_ERR_EOF, "end of stream");
    if (r == -1)
        return cg_fail(err, CG_ERR_TIMEOUT, "timeout");
    /* A callback that wrote more than cap has already overrun buf: the binding bounds its
     * copy (python/cubegod/_play.py); this only names the broken promise. */
    if (r > 0 && (size_t)r > cap)
        return cg_fail(err, CG_ERR_SYSTEM,
                       "the receive callback returned %ld bytes, more than the %zu asked for", r, cap);
    if (r < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "the receive callback failed (it returned %ld)", r);
    *got = (size_t)r;
    return CG_OK;
}

static cg_status cb_send(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err)
{
    (void)deadline; /* the caller's object has its own send timeout */
    const cg_tube_callbacks *cb = self;
    if (!cb->send)
        return cg_fail(err, CG_ERR_SYSTEM, "this tube has no send callback");
    long r = cb->send(cb->ctx, p, n);
    if (r != 0)
        return cg_fail(err, CG_ERR_SYSTEM, "the send callback failed (it returned %ld)", r);
    return CG_OK;
}

static bool cb_readable(void *self, double seconds)
{
    const cg_tube_callbacks *cb = self;
    return cb->readable ? cb->readable(cb->ctx, seconds) != 0 : false;
}

static void cb_close(void *self, const cg_log *log)
{
    (void)log;
    free(self);
}

static const cg_transport cb_ops = {
    .recv = cb_recv,
    .send = cb_send,
    .close = cb_close,
    .readable = cb_readable,
};

cg_status cg_tube_from_callbacks(const cg_tube_callbacks *cb, const char *name,
                                 const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    *out = NULL;
    if (!cb || !cb->recv)
        return cg_fail(err, CG_ERR_INPUT, "a callback tube needs a receive callback");
    cg_tube_callbacks *copy = malloc(sizeof *copy);
    if (!copy)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    *copy = *cb;
    return cg_tube_new(&cb_ops, copy, name ? name : "callbacks", o, out, err);
}
