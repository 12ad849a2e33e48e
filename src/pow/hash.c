/* The hash kinds' search on every core: message = head + candidate + tail, the head hashed
 * once per thread (its full blocks, the "midstate"), each candidate finishing the hash.
 *
 * OpenSSL's low-level hash calls (deprecated in 3.0, still there): through EVP each candidate
 * would pay for a context set-up that costs more than the one block it hashes. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include "util/thread.h"
#include "pow/internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include <openssl/md5.h>
#include <openssl/sha.h>

#define BATCH 4096 /* candidates between looks at the shared state */

typedef union hctx {
    MD5_CTX md5;
    SHA_CTX sha1;
    SHA256_CTX sha256;
    SHA512_CTX sha512;
} hctx;

static void h_init(cgi_hash h, hctx *c)
{
    switch (h) {
    case CGI_MD5: MD5_Init(&c->md5); break;
    case CGI_SHA1: SHA1_Init(&c->sha1); break;
    case CGI_SHA224: SHA224_Init(&c->sha256); break;
    case CGI_SHA256: SHA256_Init(&c->sha256); break;
    case CGI_SHA384: SHA384_Init(&c->sha512); break;
    case CGI_SHA512: SHA512_Init(&c->sha512); break;
    }
}

static void h_update(cgi_hash h, hctx *c, const void *p, size_t n)
{
    switch (h) {
    case CGI_MD5: MD5_Update(&c->md5, p, n); break;
    case CGI_SHA1: SHA1_Update(&c->sha1, p, n); break;
    case CGI_SHA224: SHA224_Update(&c->sha256, p, n); break;
    case CGI_SHA256: SHA256_Update(&c->sha256, p, n); break;
    case CGI_SHA384: SHA384_Update(&c->sha512, p, n); break;
    case CGI_SHA512: SHA512_Update(&c->sha512, p, n); break;
    }
}

static void h_final(cgi_hash h, hctx *c, uint8_t *md)
{
    switch (h) {
    case CGI_MD5: MD5_Final(md, &c->md5); break;
    case CGI_SHA1: SHA1_Final(md, &c->sha1); break;
    case CGI_SHA224: SHA224_Final(md, &c->sha256); break;
    case CGI_SHA256: SHA256_Final(md, &c->sha256); break;
    case CGI_SHA384: SHA384_Final(md, &c->sha512); break;
    case CGI_SHA512: SHA512_Final(md, &c->sha512); break;
    }
}

/* The target's bits, from target_from on, compared byte by byte, the two end bytes masked. */
static bool meets(const cgi_gate *g, const uint8_t *md)
{
    int from = g->target_from, to = from + g->target_bits;
    if (g->target_bits <= 0)
        return true;
    for (int k = from / 8, last = (to - 1) / 8; k <= last; k++) {
        uint8_t m = 0xff;
        if (k == from / 8)
            m &= (uint8_t)(0xff >> (from % 8));
        if (k == last && to % 8)
            m &= (uint8_t)(0xff << (8 - to % 8));
        if ((md[k] ^ g->target[k]) & m)
            return false;
    }
    return true;
}

bool cgi_hash_meets(const cgi_gate *g, const void *msg, size_t n)
{
    hctx c;
    uint8_t md[64];
    h_init(g->hash, &c);
    h_update(g->hash, &c, msg, n);
    h_final(g->hash, &c, md);
    return meets(g, md);
}

typedef struct search {
    const cgi_gate *g;
    const char *head; /* hashed before the candidate */
    size_t head_len;
    const char *tail; /* after it */
    size_t tail_len;
    int threads;
    double space;     /* fixed length: 62^k candidates; free length: the bound */
    atomic_bool found;
    atomic_ullong tried;
    atomic_int running;
    pthread_mutex_t lock;
    pthread_cond_t done;
    char answer[64];
} search;

typedef struct worker {
    search *s;
    int index;
    pthread_t tid;
} worker;

/* The candidate of number v: fixed length k (k > 0, leading 'a's), or free length (k == 0,
 * the shortest base-62 writing). Returns its length. */
static int candidate(unsigned long long v, int k, char *out)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = cgi_alnum[v % 62];
        v /= 62;
    } while (v && n < 22);
    while (n < k)
        tmp[n++] = cgi_alnum[0];
    for (int i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
}

static void *work(void *arg)
{
    worker *w = arg;
    search *s = w->s;
    const cgi_gate *g = s->g;
    int k = g->kind == CGI_GATE_PREFIX ? g->unknown_len : 0;
    hctx mid, c;
    h_init(g->hash, &mid);
    h_update(g->hash, &mid, s->head, s->head_len);
    unsigned long long space = (unsigned long long)s->space;
    /* a contiguous share each: odometer-free, each candidate written anew (cheap next to a hash) */
    unsigned long long from = space / (unsigned long long)s->threads * (unsigned long long)w->index;
    unsigned long long to = w->index + 1 == s->threads ? space
                            : space / (unsigned long long)s->threads * (unsigned long long)(w->index + 1);
    uint8_t md[64];
    char cand[24];
    for (unsigned long long v = from; v < to && !atomic_load_explicit(&s->found, memory_order_relaxed);) {
        unsigned long long end = v + BATCH < to ? v + BATCH : to, batch = v;
        for (; v < end; v++) {
            int n = candidate(v, k, cand);
            c = mid;
            h_update(g->hash, &c, cand, (size_t)n);
            if (s->tail_len)
                h_update(g->hash, &c, s->tail, s->tail_len);
            h_final(g->hash, &c, md);
            if (meets(g, md)) {
                pthread_mutex_lock(&s->lock);
                if (!atomic_load(&s->found)) {
                    memcpy(s->answer, cand, (size_t)n);
                    s->answer[n] = '\0';
                    atomic_store(&s->found, true);
                }
                pthread_mutex_unlock(&s->lock);
                v++; /* counted: the candidate that met the target */
                break;
            }
        }
        /* the candidates this batch hashed: fewer than BATCH at the share's end or a find */
        atomic_fetch_add_explicit(&s->tried, v - batch, memory_order_relaxed);
    }
    pthread_mutex_lock(&s->lock);
    atomic_fetch_sub(&s->running, 1);
    pthread_cond_signal(&s->done);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static void split(const cgi_gate *g, const char *head, size_t head_len, search *s)
{
    /* the unknown first (fixed or free length): nothing before it, the known part after */
    bool first = g->kind != CGI_GATE_HASHCASH && g->unknown_first;
    s->head = first ? "" : head;
    s->head_len = first ? 0 : head_len;
    s->tail = first ? head : "";
    s->tail_len = first ? head_len : 0;
}

double cgi_hash_rate(const cgi_gate *g, const char *head, size_t head_len)
{
    search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    split(g, head, head_len, &s);
    hctx mid, c;
    uint8_t md[64];
    char cand[24];
    h_init(g->hash, &mid);
    h_update(g->hash, &mid, s.head, s.head_len);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    enum { TRIES = 20000 };
    int k = g->kind == CGI_GATE_PREFIX ? g->unknown_len : 0;
    for (unsigned long long v = 0; v < TRIES; v++) {
        int n = candidate(v * 7919, k, cand);
        c = mid;
        h_update(g->hash, &c, cand, (size_t)n);
        h_update(g->hash, &c, s.tail, s.tail_len);
        h_final(g->hash, &c, md);
        cand[0] ^= (char)meets(g, md); /* keeps the comparison from being optimised out */
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double sec = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
    return sec > 0 ? TRIES / sec : 1e9;
}

cg_status cgi_hash_search(const cgi_gate *g, const char *head, size_t head_len, int threads,
                          double max_candidates, cgi_tick_fn tick, void *tick_ctx, char *out,
                          size_t cap, double *tried, cg_error *err)
{
    search s;
    memset(&s, 0, sizeof s);
    s.g = g;
    split(g, head, head_len, &s);
    s.threads = threads;
    s.space = max_candidates;
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.done, NULL);
    worker w[256];
    int started = 0;
    cg_status st = CG_OK;
    atomic_store(&s.running, threads);
    for (; started < threads; started++) {
        w[started] = (worker){.s = &s, .index = started};
        if (cgi_thread_create(&w[started].tid, NULL, work, &w[started]) != 0)
            break;
    }
    if (started < threads) { /* the rest stop at once; those running finish their share unseen */
        atomic_store(&s.found, true);
        atomic_fetch_sub(&s.running, threads - started);
        st = cg_fail(err, CG_ERR_SYSTEM, "could not start %d search threads", threads);
    }
    bool stopped = false;
    pthread_mutex_lock(&s.lock);
    while (atomic_load(&s.running) > 0) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 250000000;
        if (t.tv_nsec >= 1000000000) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&s.done, &s.lock, &t);
        if (tick && !stopped) {
            pthread_mutex_unlock(&s.lock);
            stopped = !tick(tick_ctx, (double)atomic_load(&s.tried));
            if (stopped) /* the workers end their batch and leave */
                atomic_store(&s.found, true);
            pthread_mutex_lock(&s.lock);
        }
    }
    pthread_mutex_unlock(&s.lock);
    for (int i = 0; i < started; i++)
        pthread_join(w[i].tid, NULL);
    pthread_mutex_destroy(&s.lock);
    pthread_cond_destroy(&s.done);
    *tried = (double)atomic_load(&s.tried);
    if (st != CG_OK)
        return st;
    if (!s.answer[0] && stopped)
        return cg_fail(err, CG_ERR_EOF, "stopped by a signal after %.0f candidates", *tried);
    if (!s.answer[0])
        return cg_fail(err, CG_ERR_TOO_LONG, "no candidate of %.0f reaches the target", s.space);
    if (strlen(s.answer) >= cap)
        return cg_fail(err, CG_ERR_LIMIT, "the answer does not fit in %zu bytes", cap);
    memcpy(out, s.answer, strlen(s.answer) + 1);
    return CG_OK;
}
