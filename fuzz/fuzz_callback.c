/* The callback tube's receive path (src/tube/callback.c under src/tube/tube.c: what Python's
 * cubegod.play drives, issue 42): a fake callback answers each receive from the input (bytes,
 * "nothing in time", a failure, the end, or a count over the capacity it was given, as a
 * binding that overran the buffer would claim), the buffer limit is small, and the input also
 * picks the receives. Never a crash, a write past the buffer (the callback writes at most cap,
 * which ASan holds it to), a status outside the documented ones or a bad message; and every
 * byte the callback delivered comes out exactly once and in order: the bytes the receives
 * handed out, then what the tube still holds, are those bytes. */
#include "fuzz.h"

#include "cubegod/tube.h"

typedef struct script {
    const uint8_t *p;
    size_t n, at;
    uint8_t *given; /* what the callback delivered */
    size_t given_n;
    size_t last_cap;
} script;

static uint8_t next(script *s)
{
    return s->at < s->n ? s->p[s->at++] : 0;
}

static long fake_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    script *s = ctx;
    FUZZ_CHECK(cap >= 1 && timeout >= 0);
    s->last_cap = cap;
    if (s->at >= s->n)
        return 0;
    uint8_t c = next(s);
    switch (c % 8) {
    case 0: return -1;                          /* nothing in time */
    case 1: return -2;                          /* the callback failed */
    case 2: return (long)cap + 1 + next(s);     /* more than cap claimed: refused */
    case 3: return c < 8 ? 0 : -3;              /* the end, or an undocumented negative */
    default: {
        size_t want = (size_t)next(s) + 1;
        if (c % 8 == 7)
            want *= 97; /* long answers, past a small buffer's room */
        size_t left = s->n - s->at;
        size_t k = want < cap ? want : cap;
        k = k < left ? k : left;
        if (k == 0)
            return 0;
        memcpy(buf, s->p + s->at, k);
        s->at += k;
        FUZZ_CHECK(s->given_n + k <= s->n); /* bytes of the input, each given once */
        memcpy(s->given + s->given_n, buf, k);
        s->given_n += k;
        return (long)k;
    }
    }
}

static int fake_readable(void *ctx, double timeout)
{
    (void)timeout;
    return next(ctx) & 1;
}

static bool allowed(cg_status st)
{
    return st == CG_OK || st == CG_ERR_TIMEOUT || st == CG_ERR_EOF || st == CG_ERR_SYSTEM ||
           st == CG_ERR_LIMIT;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    /* what is handed out is what was given, which is part of the input: size bytes at most */
    script s = {.p = data, .n = size, .given = malloc(size)};
    uint8_t *out = malloc(size);
    FUZZ_CHECK(s.given && out);
    size_t out_n = 0;
    cg_tube_options o = {.max_buffer = 1 + (size_t)next(&s) * 37};
    bool readable = next(&s) & 1;
    cg_tube_callbacks cb = {fake_recv, NULL, readable ? fake_readable : NULL, &s};
    cg_tube *t;
    cg_error err;
    FUZZ_CHECK(cg_tube_from_callbacks(&cb, "fuzz", &o, &t, &err) == CG_OK);
    bool eof = false;
    while (s.at < s.n && !eof) {
        uint8_t op = next(&s);
        const uint8_t *p = NULL;
        size_t n = 0;
        cg_status st;
        switch (op % 6) {
        case 0: st = cg_tube_recvline(t, 0, &p, &n, &err); break;
        case 1: st = cg_tube_recv(t, (size_t)next(&s), 0, &p, &n, &err); break;
        case 2:
            n = 1 + (size_t)next(&s) * (op & 0x80 ? 29 : 1);
            st = cg_tube_recvn(t, n, 0, &p, &err);
            break;
        case 3: st = cg_tube_recvuntil(t, ":>", 1 + (op >> 7), 0, &p, &n, &err); break;
        case 4: st = cg_tube_recvall(t, 0, &p, &n, &err); break;
        default: (void)cg_tube_idle(t, 0); continue;
        }
        FUZZ_CHECK(allowed(st));
        if (st != CG_OK) {
            fuzz_check_message(&err);
            eof = st == CG_ERR_EOF;
            continue;
        }
        FUZZ_CHECK(out_n + n + (op % 6 == 0) <= s.given_n);
        memcpy(out + out_n, p, n);
        out_n += n;
        if (op % 6 == 0) { /* the line's "\n" was consumed with it */
            FUZZ_CHECK(p[n] == '\0');
            out[out_n++] = '\n';
        }
    }
    const uint8_t *rest;
    size_t rest_n;
    cg_tube_peek(t, &rest, &rest_n);
    FUZZ_CHECK(out_n + rest_n == s.given_n);
    FUZZ_CHECK(memcmp(out, s.given, out_n) == 0);
    FUZZ_CHECK(rest_n == 0 || memcmp(rest, s.given + out_n, rest_n) == 0);
    cg_tube_close(t);
    free(out);
    free(s.given);
    return 0;
}
