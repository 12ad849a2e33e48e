/* The memory source: replayed bytes in chunks of a chosen size, sends collected. */
#include <stdlib.h>
#include <string.h>

#include "tube/internal.h"

typedef struct mem_tr {
    uint8_t *data;
    size_t n, pos, chunk;
    uint8_t *sent;
    size_t sent_n, sent_cap;
} mem_tr;

static cg_status mem_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                          cg_error *err)
{
    (void)deadline;
    mem_tr *m = self;
    *got = 0;
    if (m->pos == m->n)
        return cg_fail(err, CG_ERR_EOF, "end of stream");
    size_t k = m->n - m->pos;
    if (m->chunk && k > m->chunk)
        k = m->chunk;
    if (k > cap)
        k = cap;
    memcpy(buf, m->data + m->pos, k);
    m->pos += k;
    *got = k;
    return CG_OK;
}

static cg_status mem_send(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err)
{
    (void)deadline;
    mem_tr *m = self;
    if (n > m->sent_cap - m->sent_n) {
        size_t cap = m->sent_cap ? m->sent_cap : 256;
        while (cap - m->sent_n < n)
            cap *= 2;
        uint8_t *s = realloc(m->sent, cap);
        if (!s)
            return cg_fail(err, CG_ERR_NOMEM, "out of memory");
        m->sent = s;
        m->sent_cap = cap;
    }
    memcpy(m->sent + m->sent_n, p, n);
    m->sent_n += n;
    return CG_OK;
}

static void mem_close(void *self, const cg_log *log)
{
    (void)log;
    mem_tr *m = self;
    free(m->data);
    free(m->sent);
    free(m);
}

static const cg_transport mem_ops = {
    .recv = mem_recv,
    .send = mem_send,
    .close = mem_close,
};

cg_status cg_tube_memory(const void *data, size_t n, size_t chunk, const cg_tube_options *o,
                         cg_tube **out, cg_error *err)
{
    *out = NULL;
    mem_tr *m = calloc(1, sizeof *m);
    if (m)
        m->data = malloc(n ? n : 1);
    if (!m || !m->data) {
        free(m);
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    if (n)
        memcpy(m->data, data, n);
    m->n = n;
    m->chunk = chunk;
    return cg_tube_new(&mem_ops, m, "memory", o, out, err);
}

cg_status cg_tube_memory_sent(const cg_tube *t, const uint8_t **p, size_t *n, cg_error *err)
{
    mem_tr *m = cgi_tube_self(t, &mem_ops);
    if (!m)
        return cg_fail(err, CG_ERR_INPUT, "%s: not a memory tube", cg_tube_name(t));
    *p = m->sent;
    *n = m->sent_n;
    return CG_OK;
}
