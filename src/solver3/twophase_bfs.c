/* The breadth-first search that fills the symmetry-reduced phase-1 and phase-2 tables, level
 * by level, on several threads.
 *
 * A level is found forward (from the entries at d, their neighbours) while it is smaller than
 * what is left unreached, else backward (each unreached entry looks for a neighbour at d).
 * Either way the entries set to d + 1 in a level are exactly the unreached neighbours of level
 * d, whatever the order, so the table is the same byte for byte with any number of threads.
 * Thread t writes only the classes c with c % threads == t: forward, it follows every move but
 * writes the entries that land in its own classes; backward, it fills its own classes. Bytes
 * other threads may be writing are read with relaxed atomic loads (a plain load on x86): they
 * only ever change from unreached to d + 1, never to or from d, which is all a read asks. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/thread.h"
#include "solver3/twophase.h"

#define LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)

enum { UNREACHED = 0xFF, MAX_THREADS = 8 };

typedef struct level {
    const tp_bfs *b;
    const cgi_progress *pr;
    uint8_t *has, *has_next; /* per class: entries at d, at d + 1 */
    int d, threads;
    bool forward;
    size_t reached, total;
    int cancelled; /* 1: pr's cancel flag was seen, 2: a worker had no memory */
} level;

typedef struct worker {
    level *l;
    int t;
    size_t found;
} worker;

/* Sets entry i of class c (one of this thread's) to d + 1, and the entries that are the same
 * cube seen through the symmetries that fix c's representative. */
static size_t reach(const tp_bfs *b, uint8_t *block, uint32_t c, int i, int d)
{
    size_t found = 0;
    if (block[i] == UNREACHED) {
        STORE(&block[i], (uint8_t)(d + 1));
        found++;
    }
    int fixed = b->stab[c] & ~1;
    for (int k = 1; fixed && k < TP_SYMS; k++)
        if ((fixed >> k) & 1) {
            int j = b->conj[k * b->inner + i];
            if (block[j] == UNREACHED) {
                STORE(&block[j], (uint8_t)(d + 1));
                found++;
            }
        }
    return found;
}

static bool checkpoint(worker *w, uint32_t c)
{
    level *l = w->l;
    if ((c & 1023) != 0)
        return true;
    if (w->t == 0)
        cgi_progress_say(l->pr, l->b->phase,
                         (double)(l->reached + w->found * (size_t)l->threads) / (double)l->total);
    if (cgi_progress_cancelled(l->pr))
        STORE(&l->cancelled, 1);
    return !LOAD(&l->cancelled);
}

/* Each class with entries at d: those entries listed once, then every move from them. */
static void forward(worker *w, uint16_t *at)
{
    level *l = w->l;
    const tp_bfs *b = l->b;
    int d = l->d, n = b->inner;
    for (uint32_t c = 0; c < b->classes; c++) {
        if (!checkpoint(w, c))
            return;
        if (!l->has[c])
            continue;
        const uint8_t *block = b->dist + (size_t)c * n;
        int k = 0;
        for (int i = 0; i < n; i++)
            if (LOAD(&block[i]) == d)
                at[k++] = (uint16_t)i;
        for (int m = 0; m < b->nmoves; m++) {
            uint32_t x = b->next[(size_t)c * b->nmoves + m], c2 = x >> TP_SYM_BITS;
            if ((int)(c2 % (uint32_t)l->threads) != w->t)
                continue;
            const uint16_t *conj = b->conj + (x & (TP_SYMS - 1)) * n, *mv = b->inner_mv + m * n;
            uint8_t *block2 = b->dist + (size_t)c2 * n;
            size_t before = w->found;
            for (int i = 0; i < k; i++) {
                int j = conj[mv[at[i]]];
                if (block2[j] == UNREACHED)
                    w->found += reach(b, block2, c2, j, d);
            }
            if (w->found != before)
                l->has_next[c2] = 1;
        }
    }
}

static void backward(worker *w)
{
    level *l = w->l;
    const tp_bfs *b = l->b;
    int d = l->d, n = b->inner;
    for (uint32_t c = (uint32_t)w->t; c < b->classes; c += (uint32_t)l->threads) {
        if (!checkpoint(w, c - (uint32_t)w->t))
            return;
        uint8_t *block = b->dist + (size_t)c * n;
        if (!memchr(block, UNREACHED, (size_t)n))
            continue;
        size_t before = w->found;
        for (int i = 0; i < n; i++) {
            if (block[i] != UNREACHED)
                continue;
            for (int m = 0; m < b->nmoves; m++) {
                uint32_t x = b->next[(size_t)c * b->nmoves + m];
                int j = b->conj[(x & (TP_SYMS - 1)) * n + b->inner_mv[m * n + i]];
                if (LOAD(&b->dist[(size_t)(x >> TP_SYM_BITS) * n + j]) == d) {
                    STORE(&block[i], (uint8_t)(d + 1));
                    w->found++;
                    break;
                }
            }
        }
        if (w->found != before)
            l->has_next[c] = 1;
    }
}

static void *work(void *arg)
{
    worker *w = arg;
    if (w->l->forward) {
        uint16_t *at = malloc(sizeof *at * (size_t)w->l->b->inner);
        if (!at) {
            STORE(&w->l->cancelled, 2); /* no memory: the level is not complete */
            return NULL;
        }
        forward(w, at);
        free(at);
    } else {
        backward(w);
    }
    return NULL;
}

int cgi_tp_bfs_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_THREADS ? MAX_THREADS : (int)n;
}

cg_status cgi_tp_bfs(const tp_bfs *b, int threads, const cgi_progress *pr, int *depth,
                     cg_error *err)
{
    if (threads < 1)
        threads = cgi_tp_bfs_threads();
    if (threads > MAX_THREADS)
        threads = MAX_THREADS;
    level l = {.b = b, .pr = pr, .threads = threads, .total = (size_t)b->classes * b->inner};
    l.has = calloc(b->classes, 1);
    l.has_next = calloc(b->classes, 1);
    if (!l.has || !l.has_next) {
        free(l.has);
        free(l.has_next);
        return cg_fail(err, CG_ERR_NOMEM, "no memory to build the %s", b->phase);
    }
    memset(b->dist, UNREACHED, l.total);
    b->dist[b->start] = 0;
    l.has[b->start / (size_t)b->inner] = 1;
    size_t at_d = 1;
    l.reached = 1;
    *depth = 0;
    cg_status st = CG_OK;
    for (int d = 0; l.reached < l.total && st == CG_OK; d++) {
        cgi_progress_say(pr, b->phase, (double)l.reached / (double)l.total);
        l.d = d;
        l.forward = at_d < l.total - l.reached;
        memset(l.has_next, 0, b->classes);
        worker w[MAX_THREADS];
        pthread_t tid[MAX_THREADS];
        int started = 0;
        for (int t = 0; t < threads; t++) {
            w[t] = (worker){.l = &l, .t = t};
            if (t > 0 && cgi_thread_create(&tid[t], NULL, work, &w[t]) != 0)
                break; /* fewer threads than asked: the level is not complete, redo it */
            started = t + 1;
        }
        if (started < threads) {
            for (int t = 1; t < started; t++)
                pthread_join(tid[t], NULL);
            st = cg_fail(err, CG_ERR_SYSTEM, "cannot start a thread to build the %s", b->phase);
            break;
        }
        work(&w[0]);
        size_t found = w[0].found;
        for (int t = 1; t < threads; t++) {
            pthread_join(tid[t], NULL);
            found += w[t].found;
        }
        if (l.cancelled) {
            st = l.cancelled == 2 ? cg_fail(err, CG_ERR_NOMEM, "no memory to build the %s", b->phase)
                                  : cg_fail(err, CG_ERR_SYSTEM, "the %s build was stopped", b->phase);
            break;
        }
        if (!found)
            break;
        l.reached += found;
        at_d = found;
        *depth = d + 1;
        uint8_t *x = l.has;
        l.has = l.has_next;
        l.has_next = x;
    }
    if (st == CG_OK)
        cgi_progress_say(pr, b->phase, (double)l.reached / (double)l.total);
    free(l.has);
    free(l.has_next);
    return st;
}
