/* The two-phase solver: tables (cache file or build), and the search.
 *
 * A cube is searched from six sides, interleaved by phase-1 depth: as it is, and conjugated by
 * the turn of the whole cube around the URF-DBL diagonal (twice), each also inverted, so the
 * UD axis phase 1 aims for is each of the three axes in turn. Whichever side finds a short
 * phase 1 first gives the answer, read back through the conjugation and the inversion. */
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

#include "util/thread.h"
#include "cubegod/clock.h"
#include "solver3/twophase.h"
#include "util/solver_open.h"
#include "util/tablefile.h"

/* The move and pruning tables of twophase.h, in segment order; version 5: 16 symmetries;
 * version 6: the phase-2 table of corner classes and U/D edges; version 7: the U/D edges'
 * own phase-2 distances; version 8: the near table; version 9: code 3 for phase-1 distance 10
 * and the list of the entries at 12, so a distance is read, not walked; version 10: code 3
 * for phase-2 distance 12, where the walks at phase-1 ends stop; version 11: without the
 * three phase-1 pair tables (twist x slice, flip x slice, twist x flip), which only a check
 * still read. */
static tablefile_kind cache_kind(void)
{
    tablefile_kind k = {.magic = "CG3TWOPH", .version = 11u, .param = TP_SEGS,
                        .size = cgi_tp_payload_bytes()};
    return k;
}

static bool cube_equal(const cg3_cube *a, const cg3_cube *b) { return memcmp(a, b, sizeof *a) == 0; }

/* rot[1]: an order-3 whole-cube turn (a body-diagonal turn), found among x^a y^b so it comes
 * from the model's own rotations; move_back: which face turn each conjugated turn is. */
static cg_status init_rotations(cg3_twophase *s, cg_error *err)
{
    const cg3_tables *t = &s->model;
    cg3_cube id = cg3_cube_home(), found = id;
    bool ok = false;
    for (int a = 0; a < 4 && !ok; a++)
        for (int b = 1; b < 4 && !ok; b++) {
            cg3_cube r = cg3_cube_mul(&t->cube[cg3_move_make(CG3_X, a)], &t->cube[cg3_move_make(CG3_Y, b)]);
            cg3_cube r2 = cg3_cube_mul(&r, &r), r3 = cg3_cube_mul(&r2, &r);
            if (!cube_equal(&r, &id) && cube_equal(&r3, &id) && a != 0) {
                found = r;
                ok = true;
            }
        }
    if (!ok)
        return cg_fail(err, CG_ERR_SYSTEM, "no diagonal turn among the model's rotations");
    s->rot[0] = id;
    s->rot[1] = found;
    s->rot[2] = cg3_cube_mul(&found, &found);
    for (int r = 0; r < 3; r++) {
        s->rot_inv[r] = cg3_cube_inverse(&s->rot[r]);
        for (int m = 0; m < TP_MOVES; m++) {
            const cg3_cube *mc = &t->cube[cg3_move_from_face_turn((cg_move)m)];
            cg3_cube x = cg3_cube_mul(&s->rot[r], mc);
            x = cg3_cube_mul(&x, &s->rot_inv[r]);
            int hit = cgi_tp_face_turn_of(t, &x);
            if (hit < 0)
                return cg_fail(err, CG_ERR_SYSTEM, "a conjugated face turn is no face turn");
            s->move_back[r][m] = (uint8_t)hit;
        }
    }
    for (int m = 0; m < TP_MOVES; m++)
        memcpy(s->edge_mv[m], t->cube[cg3_move_from_face_turn((cg_move)m)].ep, CG3_EDGES);
    return CG_OK;
}

static cg_status build_tables(void *ctx, uint8_t *payload, const cgi_progress *pr, cg_error *err)
{
    return cgi_tp_tables_build(payload, &((cg3_twophase *)ctx)->model, NULL, 0, pr, err);
}

static bool tables_sane(void *ctx, const uint8_t *payload)
{
    cg3_twophase *s = ctx;
    cgi_tp_tables_point(&s->t, payload);
    return cgi_tp_tables_sane(&s->t, &s->model);
}

static cg_status setup(void *solver, void *ctx, tablefile_maker *m, cg_error *err)
{
    (void)ctx;
    cg3_twophase *s = solver;
    cg3_tables_init(&s->model);
    m->kind = cache_kind();
    m->build = build_tables;
    m->sane = tables_sane;
    m->ctx = s;
    m->cache = "3x3 table cache";
    m->tables = "3x3 two-phase tables";
    m->build_time = "12 s of CPU on both cores";
    m->whose = "";
    m->noun = "two-phase tables";
    return init_rotations(s, err);
}

static void attach(void *solver, const uint8_t *payload)
{
    cgi_tp_tables_point(&((cg3_twophase *)solver)->t, payload);
}

static void close_solver(void *solver) { cg3_twophase_close(solver); }

static const cgi_solver_kind TWOPHASE = {
    .bytes = sizeof(cg3_twophase),
    .file_offset = offsetof(cg3_twophase, file),
    .what = "the two-phase solver",
    .setup = setup,
    .attach = attach,
    .close = close_solver,
};

/* cg3_twophase_open, with a flag that stops a build (NULL: none) and what to do once a build
 * is decided (NULL: nothing; before_build's ctx is the solver's shell `bs`). */
static cg_status open_tables(cg3_twophase **out, const cg3_tables_options *opt,
                             cg3_tables_info *info, const int *cancel,
                             void (*before_build)(void *), void *bs, cg_error *err)
{
    cg3_tables_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    cgi_open_request rq = cgi_open_request3(opt);
    rq.progress.cancel = cancel;
    rq.before_build = before_build;
    rq.before_ctx = bs;
    cgi_open_outcome how;
    void *s;
    cg_status st = cgi_solver_open(&TWOPHASE, NULL, &rq, &s, &how, err);
    cgi_open_info3(info, &how, st == CG_OK ? cgi_tp_payload_bytes() : 0);
    *out = s;
    return st;
}

cg_status cg3_twophase_open(cg3_twophase **out, const cg3_tables_options *opt,
                            cg3_tables_info *info, cg_error *err)
{
    return open_tables(out, opt, info, NULL, NULL, NULL, err);
}

cg_status cgi_tp_init_shell(cg3_twophase *s, cg_error *err)
{
    memset(s, 0, sizeof *s);
    cg3_tables_init(&s->model);
    return init_rotations(s, err);
}

/* ---- the background open ---- */

enum { BG_RUNNING, BG_READY, BG_FAILED };

struct tp_background {
    pthread_t thread;
    pthread_mutex_t lock; /* guards state, status, err, info and the quick tables' build */
    pthread_cond_t done;
    int state;
    cg_status status;
    cg_error err;
    cg3_tables_info info;
    cg3_tables_options opt; /* the caller's, with a copy of the path */
    char *path;
    int cancel;             /* set by close: the build stops */
    bool started;           /* the big tables may be opened (cg3_twophase_start) */
    bool closed, ended;     /* close was called; the thread is done: whichever comes second
                               frees everything (close never waits for the build) */
    bool close_waits;       /* close waits a moment for the thread's end, to join it */
    cg3_twophase *big;      /* set (release) once ready: the tables' own solver */
    tp_quick quick;         /* built by the thread once it knows the big tables need a build */
    cg_status quick_status; /* CG_OK once built, else the build's error in quick_err */
    bool quick_tried;       /* the quick tables' build has ended */
    cg_error quick_err;
};

/* Builds the quick tables (the background thread) and wakes the solves waiting for them. */
static void build_quick(struct tp_background *bg, const cg3_tables *model)
{
    tp_quick q;
    cg_error e = {0};
    cg_status st = cgi_tpq_build(&q, model, &e);
    pthread_mutex_lock(&bg->lock);
    bg->quick = q;
    bg->quick_status = st;
    bg->quick_err = e;
    bg->quick_tried = true;
    pthread_cond_broadcast(&bg->done);
    pthread_mutex_unlock(&bg->lock);
}

/* This thread's scheduling priority down to nice 19, the lowest (Linux: nice is a thread's
 * own): the build then takes what the solves and the game leave, which is nearly everything,
 * as they mostly wait for the server; while a round is solved it takes almost nothing. */
static void lower_priority(void)
{
#ifdef __linux__
    int now = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    if (now < 19)
        setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
#endif
}

/* The big tables need a build (no cache file, or one refused: damaged, truncated, of another
 * version or another table): the quick tables first (unless built already), then the build
 * at a lower priority. */
static void quick_first(void *arg)
{
    cg3_twophase *s = arg;
    if (!s->bg->quick_tried) /* only this thread writes it */
        build_quick(s->bg, &s->model);
    lower_priority(); /* the build's threads inherit it: the solves' thread comes first */
}

/* A background solver's memory, its thread ended or ending (the shell s included). */
static void free_background(cg3_twophase *s)
{
    struct tp_background *bg = s->bg;
    cg3_twophase_close(bg->big);
    cgi_tpq_free(&bg->quick);
    pthread_mutex_destroy(&bg->lock);
    pthread_cond_destroy(&bg->done);
    free(bg->path);
    free(bg);
    cgi_tablefile_release(&s->file);
    free(s);
}

/* The thread's last step: it frees everything when close came first (and left it to it). */
static void *thread_end(cg3_twophase *s)
{
    struct tp_background *bg = s->bg;
    pthread_mutex_lock(&bg->lock);
    bg->ended = true;
    bool closed = bg->closed && !bg->close_waits;
    pthread_cond_broadcast(&bg->done); /* a close waiting for this end */
    pthread_mutex_unlock(&bg->lock);
    if (closed)
        free_background(s);
    return NULL;
}

/* Waits for cg3_twophase_start (or close): whether to go on. */
static bool wait_start(struct tp_background *bg)
{
    pthread_mutex_lock(&bg->lock);
    while (!bg->started && !__atomic_load_n(&bg->cancel, __ATOMIC_RELAXED))
        pthread_cond_wait(&bg->done, &bg->lock);
    bool go = bg->started && !__atomic_load_n(&bg->cancel, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&bg->lock);
    return go;
}

/* The big tables: a valid cache file is loaded (in milliseconds: the quick tables are then
 * never needed); any build of them is preceded by the quick tables' (quick_first). Opened
 * later (cg3_twophase_open_later), the quick tables come first, before the start, when the
 * file's header already says there will be a build. */
static void *background_main(void *arg)
{
    cg3_twophase *s = arg;
    struct tp_background *bg = s->bg;
    if (!bg->started) {
        tablefile_kind kind = cache_kind();
        if (!cgi_tablefile_plausible(bg->path, &kind))
            build_quick(bg, &s->model);
        if (!wait_start(bg)) /* closed before the start: nothing loaded or built */
            return thread_end(s);
    }
    cg3_twophase *big = NULL;
    cg_error e = {0};
    cg3_tables_info info;
    cg_status st = open_tables(&big, &bg->opt, &info, &bg->cancel, quick_first, s, &e);
    /* the open failed before any build (no memory): the quick solver, built before the failure
       is told, so that a solve waiting for one or the other finds it */
    if (st != CG_OK && !bg->quick_tried && !__atomic_load_n(&bg->cancel, __ATOMIC_RELAXED))
        build_quick(bg, &s->model);
    pthread_mutex_lock(&bg->lock);
    bg->status = st;
    bg->err = e;
    bg->info = info;
    bg->info.cache_path = bg->path;
    if (st == CG_OK)
        __atomic_store_n(&bg->big, big, __ATOMIC_RELEASE);
    bg->state = st == CG_OK ? BG_READY : BG_FAILED;
    pthread_cond_broadcast(&bg->done);
    pthread_mutex_unlock(&bg->lock);
    return thread_end(s);
}

/* The background solver, its thread started; started: the big tables may be opened at once. */
static cg_status open_background(cg3_twophase **out, const cg3_tables_options *opt, bool started,
                                 cg_error *err)
{
    *out = NULL;
    cg3_twophase *s = calloc(1, sizeof *s);
    struct tp_background *bg = calloc(1, sizeof *bg);
    const char *path = opt && opt->cache_path ? opt->cache_path : "";
    char *copy = malloc(strlen(path) + 1);
    if (!s || !bg || !copy) {
        free(s);
        free(bg);
        free(copy);
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the two-phase solver");
    }
    strcpy(copy, path);
    cg_status st = cgi_tp_init_shell(s, err);
    if (st != CG_OK) {
        free(s);
        free(bg);
        free(copy);
        return st;
    }
    if (opt)
        bg->opt = *opt;
    bg->opt.cache_path = bg->path = copy;
    bg->state = BG_RUNNING;
    bg->started = started;
    pthread_mutex_init(&bg->lock, NULL);
    pthread_cond_init(&bg->done, NULL);
    s->bg = bg;
    int e = cgi_thread_create(&bg->thread, NULL, background_main, s);
    if (e != 0) {
        pthread_mutex_destroy(&bg->lock);
        pthread_cond_destroy(&bg->done);
        free(copy);
        free(bg);
        free(s);
        return cg_fail(err, CG_ERR_SYSTEM, "cannot start the tables' thread: %s", strerror(e));
    }
    *out = s;
    return CG_OK;
}

cg_status cg3_twophase_open_background(cg3_twophase **out, const cg3_tables_options *opt,
                                       cg_error *err)
{
    return open_background(out, opt, true, err);
}

cg_status cg3_twophase_open_later(cg3_twophase **out, const cg3_tables_options *opt,
                                  cg_error *err)
{
    return open_background(out, opt, false, err);
}

void cg3_twophase_start(const cg3_twophase *s)
{
    if (!s->bg)
        return;
    pthread_mutex_lock(&s->bg->lock);
    s->bg->started = true;
    pthread_cond_broadcast(&s->bg->done);
    pthread_mutex_unlock(&s->bg->lock);
}

bool cg3_twophase_pending(const cg3_twophase *s)
{
    if (!s->bg)
        return false;
    pthread_mutex_lock(&s->bg->lock);
    bool running = s->bg->started && s->bg->state == BG_RUNNING;
    pthread_mutex_unlock(&s->bg->lock);
    return running;
}

cg_status cg3_twophase_wait(const cg3_twophase *s, cg3_tables_info *info, cg_error *err)
{
    struct tp_background *bg = s->bg;
    if (!bg) {
        if (info)
            memset(info, 0, sizeof *info);
        return CG_OK;
    }
    cg3_twophase_start(s);
    pthread_mutex_lock(&bg->lock);
    while (bg->state == BG_RUNNING)
        pthread_cond_wait(&bg->done, &bg->lock);
    cg_status st = bg->status;
    if (info)
        *info = bg->info;
    if (st != CG_OK && err)
        *err = bg->err;
    pthread_mutex_unlock(&bg->lock);
    return st;
}

const tp_tables *cgi_tp_tables_of(const cg3_twophase *s)
{
    if (!s->bg)
        return &s->t;
    return cg3_twophase_wait(s, NULL, NULL) == CG_OK ? &s->bg->big->t : NULL;
}

/* Waits until the quick tables or the big ones are ready (or both failed): CG_OK when the
 * quick ones are there and the big ones not. */
static cg_status quick_tables(struct tp_background *bg, cg_error *err)
{
    pthread_mutex_lock(&bg->lock);
    while (!bg->quick_tried && bg->state == BG_RUNNING)
        pthread_cond_wait(&bg->done, &bg->lock);
    cg_status st = bg->state == BG_READY ? CG_ERR_SYSTEM
                   : bg->quick_tried   ? bg->quick_status
                                       : CG_ERR_SYSTEM;
    if (bg->quick_tried && bg->quick_status != CG_OK)
        *err = bg->quick_err;
    pthread_mutex_unlock(&bg->lock);
    return st;
}

/* A background solver's solve: the big tables' solver once they are ready; until then the
 * quick solver, which gives way to them if they become ready before it finds a solution (or
 * waits for them if its node cap comes first). */
static cg_status solve_background(const cg3_twophase *s, const cg3_cube *c,
                                  const cg3_solve_options *o, cg3_solution *out, cg_error *err)
{
    struct tp_background *bg = s->bg;
    cg3_twophase_start(s); /* the first solve starts the tables of cg3_twophase_open_later */
    const cg3_twophase *big = __atomic_load_n(&bg->big, __ATOMIC_ACQUIRE);
    if (!big && quick_tables(bg, err) == CG_OK) {
        bool exhausted = false;
        cg_status st = cgi_tpq_solve(s, &bg->quick, c, o, (void *const *)&bg->big, &exhausted,
                                     out, err);
        if (st != CG_ERR_TOO_LONG || exhausted)
            return st;
    }
    cg3_tables_info info;
    cg_status st = cg3_twophase_wait(s, &info, err);
    if (st != CG_OK)
        return st;
    return cg3_twophase_solve(__atomic_load_n(&bg->big, __ATOMIC_ACQUIRE), c, o, out, err);
}


/* How long a close waits for a background thread to end before leaving it to end alone: a
 * thread that was waiting ends within microseconds; one in the middle of a build never would. */
enum { CLOSE_WAIT_NS = 200 * 1000 * 1000 };

void cg3_twophase_close(cg3_twophase *s)
{
    if (!s)
        return;
    struct tp_background *bg = s->bg;
    if (bg) {
        pthread_mutex_lock(&bg->lock);
        __atomic_store_n(&bg->cancel, 1, __ATOMIC_RELAXED);
        bg->closed = true;
        pthread_t thread = bg->thread; /* bg may be gone once unlocked */
        pthread_cond_broadcast(&bg->done); /* a thread waiting for the start */
        /* A thread that was only waiting (for the start, or between steps) ends at once: joined,
           it leaves nothing behind at the process's exit (a detached thread still running then
           is memory a leak checker reports); one at work is left to end by itself. */
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += CLOSE_WAIT_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        bg->close_waits = true;
        while (!bg->ended && pthread_cond_timedwait(&bg->done, &bg->lock, &until) == 0)
            ;
        bg->close_waits = false;
        bool ended = bg->ended;
        pthread_mutex_unlock(&bg->lock);
        if (!ended) {
            /* the thread is still at work (the quick tables, which no flag stops, or a build,
               which reaches its next check late at nice 19 on a busy machine): it frees
               everything itself as it ends (thread_end), so a close (a Ctrl-C in play) never
               waits for it */
            pthread_detach(thread);
            return;
        }
        pthread_join(thread, NULL);
        free_background(s);
        return;
    }
    cgi_tablefile_release(&s->file);
    free(s);
}

/* ---- search ---- */

enum { STOP_NONE, STOP_FOUND, STOP_NODES, STOP_TIME };

/* Pre-moves: at most PRE_MAX, only while the phase 1 after them costs PRE_PHASE1_MIN or more,
 * and only once phase 2 has at most PRE_ROOM_MAX moves of room, PRE_ROOM_MAX_QTM quarter turns
 * (measured: a third pre-move, pre-moves before a shorter phase 1, or pre-moves while phase 2
 * has more room, when the cube's own phase-1 ends soon give a phase 2 that fits, cost more
 * than the phase-1 ends they add). Every sequence of them has a slot in search.known. */
enum {
    PRE_MAX = 2, PRE_PHASE1_MIN = 8, PRE_ROOM_MAX = 11, PRE_ROOM_MAX_QTM = 18,
    PRE_SLOTS = 1 + 18 + 18 * 18
};

/* What the threads of one solve share (threads > 1): the cost of the best solution any of them
 * found (INT_MAX: none yet), which bounds the others' searches, and, when only a first solution
 * was asked for, that one was found: every thread stops. Read and written atomically. */
typedef struct shared_best {
    int cost;
    int over;
} shared_best;

typedef struct search {
    const cg3_twophase *s;
    shared_best *shared;        /* NULL: the solve's only thread */
    const tp_tables *t;
    cg3_cube cube[TP_VARIANTS]; /* each side's cube */
    int variant;
    int limit;                  /* total cost allowed for the next solution */
    int d1;                     /* the phase-1 cost being searched */
    uint8_t cost[TP_MOVES];     /* each move's cost in the metric: 1, or 2 for a half turn
                                   under QTM (the HTM pruning values stay lower bounds) */
    int parity;                 /* QTM: the cube's corner-permutation parity, which every
                                   solution's quarter-turn count has; -1 under HTM */
    bool improve;               /* keep looking for shorter ones */
    int stop;
    unsigned long long nodes, max_nodes;
    int64_t deadline;           /* 0: none */
    uint8_t p1[CG3_SOLUTION_MAX + 1], p2[CG3_SOLUTION_MAX + 1];
    uint8_t pre[PRE_MAX];       /* the pre-moves, pre[0] the last one applied (premoves) */
    int npre, pre_cost;         /* pre_cost: the pre-moves' cost in the metric */
    int pre_room_max;           /* PRE_ROOM_MAX in the metric */
    int slice_home;             /* the slice coordinate in G1 */
    /* known[variant][slot of the pre-moves]: that cube's phase-1 distance once read
       (cgi_tp_p1_within), kept from one phase-1 length to the next so each is read once */
    uint8_t known[TP_VARIANTS][PRE_SLOTS];
    /* edges[ply]: the edge permutation after the first ply phase-1 moves, kept for every node
       with moves left (the cheap filters at a phase-1 end come before its own edges) */
    uint8_t edges[CG3_SOLUTION_MAX + 1][CG3_EDGES];
    cg_move best[CG3_SOLUTION_MAX];
    int best_n;                 /* -1: none yet */
    int best_cost;              /* its cost in the metric */
} search;

/* Same face twice, or opposite faces in the decreasing order, repeat something shorter. */
static inline bool redundant(int face, int last)
{
    return face == last || (face == (last ^ 1) && face < last);
}

static bool heed_others(search *q);

/* Counts a node; false when a cap stops the search. */
static inline bool tick(search *q)
{
    if (++q->nodes > q->max_nodes) {
        q->stop = STOP_NODES;
        return false;
    }
    if (q->shared && (q->nodes & 255) == 0 && !heed_others(q))
        return false;
    /* the clock bounds only the improvement: the first solution is always searched for */
    if (q->deadline && (q->nodes & 1023) == 0 &&
        (q->best_n >= 0 || (q->shared && __atomic_load_n(&q->shared->cost, __ATOMIC_RELAXED) <
                                              INT_MAX)) &&
        cg_now_ns() >= q->deadline) {
        q->stop = STOP_TIME;
        return false;
    }
    return true;
}

/* Another thread's solution: this one stops (only a first one was asked for), or searches
 * below it from now on. */
static bool heed_others(search *q)
{
    if (__atomic_load_n(&q->shared->over, __ATOMIC_RELAXED)) {
        q->stop = STOP_FOUND;
        return false;
    }
    int best = __atomic_load_n(&q->shared->cost, __ATOMIC_RELAXED);
    if (best - 1 < q->limit)
        q->limit = best - 1;
    return true;
}

/* A solution of this cost found: the other threads hear of it. */
static void tell_others(search *q, int cost)
{
    int best = __atomic_load_n(&q->shared->cost, __ATOMIC_RELAXED);
    while (cost < best && !__atomic_compare_exchange_n(&q->shared->cost, &best, cost, false,
                                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    if (!q->improve)
        __atomic_store_n(&q->shared->over, 1, __ATOMIC_RELAXED);
}

/* A quarter turn is a 4-cycle of corners, a half turn two swaps: the parity of the corner
 * permutation is the parity of every quarter-turn count that solves the cube. */
int cgi_tp_corner_parity(const cg3_cube *c)
{
    int p = 0;
    for (int i = 0; i < CG3_CORNERS; i++)
        for (int j = i + 1; j < CG3_CORNERS; j++)
            p ^= c->cp[i] > c->cp[j];
    return p;
}

/* A phase 2 of cost c2 ended the solution: its moves are the p2 prefix that costs c2, then
 * the pre-moves. */
static void record(search *q, int n1, int c2)
{
    int n2 = 0;
    for (int c = 0; c < c2; n2++)
        c += q->cost[q->p2[n2]];
    int n = n1 + n2 + q->npre;
    cg_move seq[CG3_SOLUTION_MAX];
    for (int i = 0; i < n; i++)
        seq[i] = (cg_move)(i < n1 ? q->p1[i] : i < n1 + n2 ? q->p2[i - n1] : q->pre[n - 1 - i]);
    int cost = q->d1 + c2;
    if (q->npre > 0) {
        n = cgi_tp_merge_turns(seq, n); /* phase 2 and pre-moves can meet so */
        cost = 0;
        for (int i = 0; i < n; i++)
            cost += q->cost[seq[i]];
        if (q->best_n >= 0 && cost >= q->best_cost)
            return; /* an earlier one merged as short */
    }
    n = cgi_tp_read_back(q->s, q->variant, seq, n, q->best);
    q->best_n = n;
    q->best_cost = cost;
    q->limit = cost - 1;
    if (q->shared)
        tell_others(q, cost);
    if (!q->improve)
        q->stop = STOP_FOUND;
}

/* d2: the exact distance of (cp, ep), tracked from the residues of the phase-2 table. */
static bool phase2(search *q, int cp, int ep, int sp, int d2, int left, int ply, int last)
{
    if (left == 0)
        return cp == 0 && ep == 0 && sp == 0;
    const tp_tables *t = q->t;
    for (int k = 0; k < TP_P2MOVES; k++) {
        int m = cgi_tp_p2_moves[k], face = m / 3;
        if (redundant(face, last) || q->cost[m] > left)
            continue;
        if (!tick(q))
            return false;
        int ncp = t->cp_mv[cp * TP_P2MOVES + k], nep = t->ep_mv[ep * TP_P2MOVES + k];
        int nsp = t->sp_mv[sp * TP_P2MOVES + k];
        int diff = (cgi_tp_p2_mod3(t, ncp, nep) - d2 % 3 + 3) % 3;
        int nd = d2 + (diff == 1) - (diff == 2);
        int rest = left - q->cost[m];
        if (nd > rest || t->cp_sp[ncp * TP_SP + nsp] > rest)
            continue;
        q->p2[ply] = (uint8_t)m;
        if (phase2(q, ncp, nep, nsp, nd, rest, ply + 1, face))
            return true;
        if (q->stop)
            return false;
    }
    return false;
}

/* The edge permutation after move m: the model's gather. */
static inline void edges_after(const cg3_twophase *s, const uint8_t *from, int m, uint8_t *to)
{
    const uint8_t *g = s->edge_mv[m];
    for (int i = 0; i < CG3_EDGES; i++)
        to[i] = from[g[i]];
}

/* The room phase 2 has after the phase 1 being searched (q->d1 in the metric, its n1 moves).
 * Phase 2 is never capped below that: a solution whose last moves stay in G1 is found only as
 * a phase 1 that ends where they begin, followed by all of them. */
static inline int end_of_phase1_room(const search *q) { return q->limit - q->d1; }

/* The end of a phase 1 of n1 moves, with corner permutation cp: the shortest phase 2 that fits.
 * The filters go from the cheapest: most ends fail the first ones. */
static void start_phase2(search *q, int n1, int cp)
{
    const tp_tables *t = q->t;
    int room = end_of_phase1_room(q);
    if (t->cp_dist[cp] > room)
        return;
    uint8_t e[CG3_EDGES];
    const uint8_t *edges = q->edges[0];
    if (n1 > 0) {
        edges_after(q->s, q->edges[n1 - 1], q->p1[n1 - 1], e);
        edges = e;
    }
    int sp = cgi_tp_sp_of(edges);
    if (t->cp_sp[cp * TP_SP + sp] > room)
        return;
    int ep = cgi_tp_ep_of(edges);
    if (t->ep_sp[ep * TP_SP + sp] > room)
        return;
    int d2 = cgi_tp_p2_distance(t, cp, ep, room);
    if (d2 < 0 || d2 > room)
        return;
    int lb = cgi_tp_p2_bound(t, cp, ep, sp);
    if (d2 > lb)
        lb = d2;
    int last = n1 ? q->p1[n1 - 1] / 3 : -1;
    for (int d = lb; d <= room && !q->stop; d++) {
        if (q->parity >= 0 && ((q->d1 + d) & 1) != q->parity)
            continue; /* no phase 2 of that many quarter turns exists */
        if (phase2(q, cp, ep, sp, d2, d, 0, last)) {
            record(q, n1, d);
            return;
        }
    }
}

/* idx and sym: the cube's phase-1 entry and its flipslice's symmetry (cgi_tp_p1_index). */
static void phase1(search *q, int sl, int fl, int tw, int cp, int dist, int left, int ply,
                   int last, size_t idx, int sym)
{
    if (left == 0) {
        /* a last move inside G1 means a shorter phase 1 got here already */
        int m = ply ? q->p1[ply - 1] : -1;
        if (ply == 0 || !cgi_tp_in_g1(m))
            start_phase2(q, ply, cp);
        return;
    }
    const tp_tables *t = q->t;
    /* The children's table entries are far apart in a 35 MB table: work out every child's
       address first and prefetch, so the memory reads overlap instead of queueing. */
    int nsl[TP_MOVES], nfl[TP_MOVES], ntw[TP_MOVES], nsym[TP_MOVES], moves[TP_MOVES], n = 0;
    size_t at[TP_MOVES];
    int end_room = end_of_phase1_room(q);
    /* Near G1 with no move to spare (most nodes of a long search), only the moves one nearer
       go on, and the near table lists them: no child's entry is read. */
    bool near = dist == left && dist >= 2 && dist <= TP_NEAR_DEPTH;
    uint64_t down = near ? cgi_tp_near(t, idx) : 0;
    for (int m = 0; m < TP_MOVES; m++) {
        int face = m / 3;
        if (redundant(face, last) || q->cost[m] > left)
            continue;
        if (near && (q->cost[m] != 1 || !cgi_tp_near_down(t, down, sym, m)))
            continue;
        /* in G1 with under five phase-1 moves left, a quarter turn of a side face cannot lead
           back into G1 in time to end phase 1 anywhere phase 2 would not have gone */
        if (dist == 0 && left < 5 && !cgi_tp_in_g1(m))
            continue;
        /* A last phase-1 move: it must leave G1's moves (see above), and the corners must be
           solvable in the phase 2 left; both are cheap, the phase-1 table look-up is not. */
        if (left == q->cost[m] &&
            (cgi_tp_in_g1(m) || t->cp_dist[t->cp18_mv[cp * TP_MOVES + m]] > end_room))
            continue;
        nsl[n] = t->slice_mv[sl * TP_MOVES + m];
        nfl[n] = t->flip_mv[fl * TP_MOVES + m];
        ntw[n] = t->twist_mv[tw * TP_MOVES + m];
        /* after a last move the child must be in G1: its coordinates say so, no table needed */
        if (left == q->cost[m] && (nsl[n] != q->slice_home || nfl[n] != 0 || ntw[n] != 0))
            continue;
        if (left > q->cost[m])
            __builtin_prefetch(&t->fs_cs[nsl[n] * TP_FLIP + nfl[n]]);
        moves[n++] = m;
    }
    int ncp[TP_MOVES];
    for (int k = 0; k < n; k++) {
        ncp[k] = t->cp18_mv[cp * TP_MOVES + moves[k]];
        at[k] = 0, nsym[k] = 0; /* a last move's child reads neither */
        if (left > q->cost[moves[k]]) {
            int fs = nsl[k] * TP_FLIP + nfl[k];
            at[k] = cgi_tp_p1_index(t, fs, ntw[k]);
            nsym[k] = cgi_tp_fs_sym(t, fs);
            if (near)
                __builtin_prefetch(&t->near[cgi_tp_near_slot(at[k])]);
            else
                __builtin_prefetch(&t->p1[at[k] >> 2]);
            /* the child reads its own row of this 1.4 MB table first thing */
            __builtin_prefetch(&t->cp18_mv[ncp[k] * TP_MOVES]);
            __builtin_prefetch(&t->cp18_mv[ncp[k] * TP_MOVES + TP_MOVES - 1]);
        }
    }
    for (int k = 0; k < n; k++) {
        int m = moves[k];
        if (!tick(q))
            return;
        int nd = 0;
        if (near) {
            nd = dist - 1;
        } else if (left > q->cost[m]) {
            int diff = (cgi_tp_p1_at(t, at[k]) - dist % 3 + 3) % 3;
            nd = dist + (diff == 1) - (diff == 2);
        }
        if (nd > left - q->cost[m])
            continue;
        q->p1[ply] = (uint8_t)m;
        if (left > q->cost[m]) /* the child has moves left */
            edges_after(q->s, q->edges[ply], m, q->edges[ply + 1]);
        phase1(q, nsl[k], nfl[k], ntw[k], ncp[k], nd, left - q->cost[m], ply + 1, m / 3, at[k],
               nsym[k]);
        if (q->stop || q->d1 > q->limit)
            return;
    }
}

/* Searches q->variant's cube after the pre-moves in q->pre (z, with last the one applied
 * last, or -1), then after one more.
 *
 * Pre-moves (min2phase's notes): if P Y A B is home, then Y A B P is, so A B P solves Y. A
 * phase 1 A of P Y is a phase-1 end that Y's own phase 1 never reaches, and it comes at the
 * same total phase-1 length: more chances of a short phase 2 before that length (and the
 * search's size with it) must grow. The pre-move next to B must leave G1, or B P would be
 * one more phase 2 that Y's own search tries. */
static void premoves(search *q, const cg3_cube *z, int last)
{
    int depth = q->d1 - q->pre_cost;
    if (q->npre == 0 || !cgi_tp_in_g1(last)) {
        int slot = 0;
        for (int i = 0, w = 1; i < q->npre; i++, w *= TP_MOVES)
            slot += w * (1 + q->pre[i]);
        if (q->npre > 0 && !tick(q))
            return;
        uint8_t *known = &q->known[q->variant][slot];
        if (!cgi_tp_known_beyond(*known, depth)) {
            int tw = cgi_tp_twist(z), fl = cgi_tp_flip(z), sl = cgi_tp_slice(z);
            int d = cgi_tp_p1_within(q->t, sl, fl, tw, depth, known);
            if (d >= 0) {
                memcpy(q->edges[0], z->ep, CG3_EDGES);
                int fs = sl * TP_FLIP + fl;
                phase1(q, sl, fl, tw, cgi_tp_cp(z), d, depth, 0, -1, cgi_tp_p1_index(q->t, fs, tw),
                       cgi_tp_fs_sym(q->t, fs));
                if (q->stop || q->d1 > q->limit)
                    return;
            }
        }
    }
    if (q->npre >= PRE_MAX || depth - 1 < PRE_PHASE1_MIN || q->limit - q->d1 > q->pre_room_max)
        return;
    bool next_is_last = q->npre + 1 == PRE_MAX || depth - 2 < PRE_PHASE1_MIN;
    for (int m = 0; m < TP_MOVES; m++) {
        /* m comes before the pre-move `last` in the solution's order */
        if ((last >= 0 && redundant(last / 3, m / 3)) || (next_is_last && cgi_tp_in_g1(m)))
            continue;
        if (depth - q->cost[m] < PRE_PHASE1_MIN)
            continue;
        cg3_cube next = cg3_cube_mul(&q->s->model.cube[cg3_move_from_face_turn((cg_move)m)], z);
        q->pre[q->npre++] = (uint8_t)m;
        q->pre_cost += q->cost[m];
        premoves(q, &next, m);
        q->pre_cost -= q->cost[m];
        q->npre--;
        if (q->stop || q->d1 > q->limit)
            return;
    }
}

/* One thread's share of the sides: variants first, first + step, ..., phase-1 length by
 * length. */
static void search_sides(search *q, int first, int step)
{
    for (int d1 = 0; d1 <= q->limit && !q->stop; d1++)
        for (int v = first; v < TP_VARIANTS && !q->stop && d1 <= q->limit; v += step) {
            q->variant = v;
            q->d1 = d1;
            premoves(q, &q->cube[v], -1);
        }
}

typedef struct side_share {
    search *q;
    int first, step;
} side_share;

static void *search_thread(void *arg)
{
    side_share *w = arg;
    search_sides(w->q, w->first, w->step);
    return NULL;
}

/* A search set up for cube c with the options o (checked); max_nodes its share of the cap. */
static void search_init(search *q, const cg3_twophase *s, const cg3_cube *c,
                        const cg3_solve_options *o, unsigned long long max_nodes, int64_t start)
{
    memset(q, 0, sizeof *q);
    q->s = s;
    q->t = &s->t;
    q->limit = o->max_moves;
    for (int m = 0; m < TP_MOVES; m++)
        q->cost[m] = o->metric == CG_METRIC_QTM && m % 3 == 1 ? 2 : 1;
    q->parity = o->metric == CG_METRIC_QTM ? cgi_tp_corner_parity(c) : -1;
    q->improve = o->time_limit_ms > 0;
    q->slice_home = cgi_tp_slice_home();
    q->pre_room_max = o->metric == CG_METRIC_QTM ? PRE_ROOM_MAX_QTM : PRE_ROOM_MAX;
    q->max_nodes = max_nodes;
    double limit_ns = o->time_limit_ms * 1e6;
    if (limit_ns > 1e18) /* beyond any run, and inside int64_t */
        limit_ns = 1e18;
    q->deadline = q->improve ? start + (int64_t)limit_ns : 0;
    q->best_n = -1;
    cgi_tp_variants(s, c, q->cube);
}

/* The sides shared out among `threads` searches (q[0] on the caller's thread; a thread that
 * cannot be started has its share searched there too, after its own). */
static void search_all(search *const *q, int threads)
{
    pthread_t tid[CG3_THREADS_MAX];
    side_share share[CG3_THREADS_MAX];
    bool started[CG3_THREADS_MAX] = {false};
    for (int k = 1; k < threads; k++) {
        share[k] = (side_share){q[k], k, threads};
        started[k] = cgi_thread_create(&tid[k], NULL, search_thread, &share[k]) == 0;
    }
    search_sides(q[0], 0, threads);
    for (int k = 1; k < threads; k++) {
        if (started[k])
            pthread_join(tid[k], NULL);
        else
            search_sides(q[k], k, threads);
    }
}

cg_status cg3_twophase_solve(const cg3_twophase *s, const cg3_cube *c,
                             const cg3_solve_options *opt, cg3_solution *out, cg_error *err)
{
    int64_t start = cg_now_ns();
    cg3_solve_options o = opt ? *opt : cg3_solve_defaults();
    memset(out, 0, sizeof *out);
    cg_status st = cg3_cube_check(c, err);
    if (st != CG_OK)
        return st;
    if (o.max_moves < 0 || o.max_moves > CG3_SOLUTION_MAX)
        return cg_fail(err, CG_ERR_INPUT, "max_moves %d is outside 0..%d", o.max_moves,
                       CG3_SOLUTION_MAX);
    if (!(o.time_limit_ms >= 0))
        return cg_fail(err, CG_ERR_INPUT, "time_limit_ms must be 0 or more");
    if (o.metric != CG_METRIC_HTM && o.metric != CG_METRIC_QTM)
        return cg_fail(err, CG_ERR_INPUT, "metric %d is neither HTM nor QTM", (int)o.metric);
    if (o.threads < 0 || o.threads > CG3_THREADS_MAX)
        return cg_fail(err, CG_ERR_INPUT, "threads %d is outside 0..%d", o.threads,
                       CG3_THREADS_MAX);
    if (s->bg)
        return solve_background(s, c, &o, out, err);
    int threads = o.threads > 1 ? o.threads : 1;
    search *q[CG3_THREADS_MAX] = {NULL};
    shared_best shared = {INT_MAX, 0};
    unsigned long long cap = o.max_nodes ? o.max_nodes : TP_DEFAULT_MAX_NODES;
    for (int k = 0; k < threads; k++) {
        if (!(q[k] = malloc(sizeof *q[k]))) {
            while (k--)
                free(q[k]);
            return cg_fail(err, CG_ERR_NOMEM, "no memory for the search");
        }
        /* the cap is the threads' total (at least a node each) */
        search_init(q[k], s, c, &o, cap / (unsigned)threads ? cap / (unsigned)threads : 1, start);
        q[k]->shared = threads > 1 ? &shared : NULL;
    }
    search_all(q, threads);
    const search *best = NULL;
    bool capped = false;
    for (int k = 0; k < threads; k++) {
        out->nodes += q[k]->nodes;
        capped |= q[k]->stop == STOP_NODES;
        if (q[k]->best_n >= 0 && (!best || q[k]->best_cost < best->best_cost))
            best = q[k];
    }
    out->ms = cg_seconds_between(start, cg_now_ns()) * 1e3;
    if (best) {
        memcpy(out->moves, best->best, sizeof(cg_move) * (size_t)best->best_n);
        out->n = best->best_n;
    }
    for (int k = 0; k < threads; k++)
        free(q[k]);
    if (best)
        return CG_OK;
    const char *unit = o.metric == CG_METRIC_QTM ? "quarter turns" : "moves";
    if (capped)
        return cg_fail(err, CG_ERR_TOO_LONG,
                       "no solution of at most %d %s found before the node cap: %llu nodes, "
                       "%.1f ms", o.max_moves, unit, out->nodes, out->ms);
    return cg_fail(err, CG_ERR_TOO_LONG,
                   "no solution of at most %d %s exists (search completed: %llu nodes, %.1f ms)",
                   o.max_moves, unit, out->nodes, out->ms);
}
