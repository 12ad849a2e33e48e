// link-wrap: malloc calloc realloc free clock_gettime pthread_cond_timedwait pthread_join pthread_detach getpriority setpriority
/* needs: tables3 (the suite's 3x3 cache, loaded by test_loaded_tables_closed)
 * The background 3x3 solver's life (cg3_twophase_open_background and _open_later), seen through
 * the calls it makes: a close joins a thread that was only waiting (its 200 ms deadline computed
 * right across a second's end) and frees everything; a close leaves a busy build to end alone,
 * which then frees everything itself; the build runs at nice 19, the caller's thread untouched;
 * opened later with a damaged file, the quick tables are built before the start; a stop flag
 * ends the build and leaves nothing behind; an open that fails before any build still leaves
 * the quick solver to answer; tables loaded from a valid cache are unmapped and freed at the
 * close. */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <malloc.h> /* malloc_usable_size */

#include "cubegod/solver3.h"
#include "solver3/twophase.h"
#include "testutil.h"

static pthread_t main_thread;

/* ---- the wrapped calls ---- */

/* The bytes the library holds (its allocations only: the C library's own calls are not
 * wrapped), whatever allocator is below (glibc's, a sanitizer's, valgrind's). */
static size_t live;

static void *counted(void *p)
{
    if (p)
        __atomic_add_fetch(&live, malloc_usable_size(p), __ATOMIC_RELAXED);
    return p;
}

static void uncount(void *p)
{
    if (p)
        __atomic_sub_fetch(&live, malloc_usable_size(p), __ATOMIC_RELAXED);
}

void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n) { return counted(__real_malloc(n)); }

static bool fail_open_calloc; /* the background thread's allocation of the tables' solver fails */

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    if (fail_open_calloc && n * size == sizeof(cg3_twophase) &&
        !pthread_equal(pthread_self(), main_thread)) {
        fail_open_calloc = false;
        return NULL;
    }
    return counted(__real_calloc(n, size));
}

void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n)
{
    size_t old = p ? malloc_usable_size(p) : 0;
    void *q = __real_realloc(p, n);
    if (q || n == 0) {
        __atomic_sub_fetch(&live, old, __ATOMIC_RELAXED);
        counted(q);
    }
    return q;
}

void __real_free(void *p);
void __wrap_free(void *p)
{
    uncount(p);
    __real_free(p);
}

static long fake_nsec = -1;   /* >= 0: the main thread's CLOCK_REALTIME reads these nanoseconds */
static struct timespec faked; /* what the last faked read returned */

int __real_clock_gettime(clockid_t id, struct timespec *ts);
int __wrap_clock_gettime(clockid_t id, struct timespec *ts)
{
    int r = __real_clock_gettime(id, ts);
    if (r == 0 && id == CLOCK_REALTIME && fake_nsec >= 0 &&
        pthread_equal(pthread_self(), main_thread)) {
        ts->tv_nsec = fake_nsec;
        faked = *ts;
    }
    return r;
}

/* The main thread's timed waits (a close's): the deadline asked, and whether each timed out.
 * Stretched, a wait lasts until 30 s from now instead, so that a thread that ends is seen to end
 * however busy the machine is, and one that is never seen to end costs 30 s and a timeout. */
static bool stretch;
static int waits, timeouts;
static struct timespec asked;

int __real_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t);
int __wrap_pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
    if (!pthread_equal(pthread_self(), main_thread))
        return __real_pthread_cond_timedwait(c, m, t);
    asked = *t;
    waits++;
    struct timespec until = *t;
    if (stretch) {
        __real_clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 30;
    }
    int r = __real_pthread_cond_timedwait(c, m, &until);
    timeouts += r == ETIMEDOUT;
    return r;
}

static int joined, detached; /* by the main thread (the build's own threads join theirs) */

int __real_pthread_join(pthread_t t, void **ret);
int __wrap_pthread_join(pthread_t t, void **ret)
{
    int r = __real_pthread_join(t, ret);
    joined += r == 0 && pthread_equal(pthread_self(), main_thread);
    return r;
}

int __real_pthread_detach(pthread_t t);
int __wrap_pthread_detach(pthread_t t)
{
    int r = __real_pthread_detach(t);
    detached += r == 0 && pthread_equal(pthread_self(), main_thread);
    return r;
}

/* The nice value every thread is said to have; what was set, by whom (nothing really set). */
static int fake_nice;
static int nice_sets, nice_set;
static id_t nice_who;

int __wrap_getpriority(__priority_which_t which, id_t who)
{
    (void)which;
    (void)who;
    return fake_nice;
}

int __wrap_setpriority(__priority_which_t which, id_t who, int prio)
{
    assert_int_equal(which, PRIO_PROCESS);
    nice_sets++;
    nice_set = prio;
    nice_who = who;
    return 0;
}

/* A close whose waits are stretched: a thread that ends is always seen to end. */
static void close_stretched(cg3_twophase *s)
{
    stretch = true;
    cg3_twophase_close(s);
    stretch = false;
}

static void reset_counts(void)
{
    waits = timeouts = joined = detached = nice_sets = 0;
    nice_set = -100;
    nice_who = 0;
}

/* ---- helpers ---- */

static size_t heap_now(void) { return __atomic_load_n(&live, __ATOMIC_RELAXED); }

/* This process's threads (/proc/self/task). */
static int threads_now(void)
{
    DIR *d = opendir("/proc/self/task");
    assert_non_null(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* Waits (at most a minute) until the heap is `heap` again and at most `threads` threads run:
 * a thread left to end alone has ended and freed what it held. */
static void await_back_to(size_t heap, int threads)
{
    for (int i = 0; i < 3000 && (heap_now() != heap || threads_now() > threads); i++)
        usleep(20000);
    assert_int_equal(heap_now(), heap);
    assert_true(threads_now() <= threads);
}

/* A progress callback that holds the build at its first report until the test opens it. */
typedef struct {
    pthread_mutex_t m;
    pthread_cond_t c;
    int entered;
    bool open;
} gate;

static void held(void *ctx, const char *phase, double fraction)
{
    (void)phase;
    (void)fraction;
    gate *g = ctx;
    pthread_mutex_lock(&g->m);
    g->entered++;
    while (!g->open)
        pthread_cond_wait(&g->c, &g->m);
    pthread_mutex_unlock(&g->m);
}

static void gate_init(gate *g)
{
    memset(g, 0, sizeof *g);
    pthread_mutex_init(&g->m, NULL);
    pthread_cond_init(&g->c, NULL);
}

/* Waits (at most a minute) for the build to reach the gate. */
static void await_held(gate *g)
{
    int entered = 0;
    for (int i = 0; i < 3000 && !entered; i++) {
        pthread_mutex_lock(&g->m);
        entered = g->entered;
        pthread_mutex_unlock(&g->m);
        if (!entered)
            usleep(20000);
    }
    assert_true(entered > 0);
}

static void gate_open(gate *g)
{
    pthread_mutex_lock(&g->m);
    g->open = true;
    pthread_cond_broadcast(&g->c);
    pthread_mutex_unlock(&g->m);
}

static void gate_destroy(gate *g)
{
    pthread_mutex_destroy(&g->m);
    pthread_cond_destroy(&g->c);
}

static char dir[32], path[64]; /* a cache file that does not exist (setup) */

static int setup(void **state)
{
    (void)state;
    main_thread = pthread_self();
    snprintf(dir, sizeof dir, "/tmp/cg-bg-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/twophase.tbl", dir);
    /* one open and close before any count: whatever is made once for the process's life */
    cg3_tables_options o = {.cache_path = path};
    cg3_twophase *s = NULL;
    cg_error err;
    if (cg3_twophase_open_later(&s, &o, &err) != CG_OK)
        return -1;
    close_stretched(s);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    rmdir(dir);
    return 0;
}

/* ---- the tests ---- */

/* A close of a solver opened later and never started: the thread (building the quick tables,
 * or waiting for the start) ends within the close's wait and is joined, not detached, and
 * everything is freed by the time close returns. The deadline is 200 ms after the clock's
 * reading, carried over the second's end when it crosses it. */
static void test_close_joins_a_waiting_thread(void **state)
{
    (void)state;
    const long nsecs[] = {800000000L, 799999999L, 999999999L, 123456789L, 0};
    /* under valgrind the first two (a carry and none): each close here builds quick tables */
    size_t cases = slow_tools() ? 2 : sizeof nsecs / sizeof *nsecs;
    for (size_t k = 0; k < cases; k++) {
        size_t heap = heap_now();
        int threads = threads_now();
        cg3_tables_options o = {.cache_path = path};
        cg3_twophase *s = NULL;
        cg_error err;
        assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_OK);
        reset_counts();
        fake_nsec = nsecs[k];
        close_stretched(s);
        fake_nsec = -1;
        long sum = nsecs[k] + 200000000L;
        assert_true(waits >= 1);
        assert_int_equal(asked.tv_sec, faked.tv_sec + (sum >= 1000000000L));
        assert_int_equal(asked.tv_nsec, sum % 1000000000L);
        assert_int_equal(timeouts, 0); /* each wait ended by the thread's news */
        assert_int_equal(joined, 1);
        assert_int_equal(detached, 0);
        assert_int_equal(heap_now(), heap);
        assert_true(threads_now() <= threads);
        assert_int_equal(nice_sets, 0); /* no build: nothing lowered */
    }
    assert_int_equal(access(path, F_OK), -1);
}

/* A build in progress: opened in the background it starts with no solve; it runs at nice 19
 * (lowered from start_nice, unless already there), the caller's thread untouched; a close
 * waits its 200 ms, leaves the thread detached to end alone, and returns; once the build goes
 * on and sees the close, it stops, saves nothing and frees everything. */
static void busy_close(int start_nice, bool lowered)
{
    size_t heap = heap_now();
    int threads = threads_now();
    gate g;
    gate_init(&g);
    cg3_tables_options o = {.cache_path = path, .progress = held, .progress_ctx = &g};
    cg3_twophase *s = NULL;
    cg_error err;
    reset_counts();
    fake_nice = start_nice;
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    assert_true(cg3_twophase_pending(s)); /* started: no solve needed */
    await_held(&g);
    if (lowered) {
        assert_int_equal(nice_sets, 1);
        assert_int_equal(nice_set, 19);
        assert_true(nice_who != 0 && nice_who != (id_t)syscall(SYS_gettid)); /* its own */
    } else {
        assert_int_equal(nice_sets, 0);
    }
    cg3_twophase_close(s);
    assert_true(timeouts >= 1); /* the build is held: close gave up waiting */
    assert_int_equal(detached, 1);
    assert_int_equal(joined, 0);
    gate_open(&g);
    await_back_to(heap, threads);
    gate_destroy(&g);
    fake_nice = 0;
    assert_int_equal(access(path, F_OK), -1);
}

static void test_close_leaves_a_busy_build(void **state)
{
    (void)state;
    busy_close(0, true);
    if (slow_tools()) /* the nice values' other cases: the release and ASan runs */
        return;
    busy_close(18, true);
    busy_close(19, false);
}

/* Opened later with a damaged cache file, the thread builds the quick tables before the start
 * (the file's header already says the big ones will be built); nothing else until the start. */
static void test_damaged_file_quick_before_the_start(void **state)
{
    (void)state;
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("not a table", f);
    fclose(f);
    size_t heap = heap_now();
    int threads = threads_now();
    cg3_tables_options o = {.cache_path = path};
    cg3_twophase *s = NULL;
    cg_error err;
    reset_counts();
    assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_OK);
    for (int i = 0; i < 3000 && heap_now() < heap + cgi_tpq_bytes(); i++)
        usleep(20000);
    assert_true(heap_now() >= heap + cgi_tpq_bytes());
    assert_false(cg3_twophase_pending(s));
    assert_int_equal(nice_sets, 0); /* no build yet */
    usleep(100000); /* the thread is now waiting for the start: it ends during the close's wait */
    close_stretched(s);
    assert_int_equal(timeouts, 0); /* the thread's end woke the close */
    assert_int_equal(joined, 1);
    assert_int_equal(heap_now(), heap);
    assert_true(threads_now() <= threads);
    unlink(path);
}

/* The caller's stop flag (a Ctrl-C) ends a build: the wait says so, nothing is saved, the quick
 * tables are built once and freed at the close. */
static void test_stop_flag_ends_the_build(void **state)
{
    (void)state;
    size_t heap = heap_now();
    int threads = threads_now();
    gate g;
    gate_init(&g);
    volatile sig_atomic_t stop = 0;
    cg3_tables_options o = {.cache_path = path, .progress = held, .progress_ctx = &g,
                            .stop = &stop};
    cg3_twophase *s = NULL;
    cg_error err = {0};
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    await_held(&g);
    stop = 1;
    gate_open(&g);
    cg3_tables_info info;
    assert_int_equal(cg3_twophase_wait(s, &info, &err), CG_ERR_EOF);
    assert_non_null(strstr(err.msg, "stopped by a signal"));
    assert_false(info.saved);
    assert_false(cg3_twophase_pending(s));
    reset_counts();
    close_stretched(s);
    assert_int_equal(detached, 0);
    await_back_to(heap, threads);
    gate_destroy(&g);
    assert_int_equal(access(path, F_OK), -1);
}

/* An open that fails before any build (no memory for the tables' solver): a solve is still
 * answered, by the quick solver, and the wait names the failure. */
static void test_failed_open_leaves_the_quick_solver(void **state)
{
    (void)state;
    size_t heap = heap_now();
    int threads = threads_now();
    cg3_tables_options o = {.cache_path = path};
    cg3_twophase *s = NULL;
    cg_error err = {0};
    fail_open_calloc = true;
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    cg_rng r;
    cg_rng_seed(&r, 4901);
    cg3_cube c = cg3_cube_random(&r);
    cg3_solution sol;
    assert_int_equal(cg3_twophase_solve(s, &c, NULL, &sol, &err), CG_OK);
    cg3_tables model;
    cg3_tables_init(&model);
    for (int i = 0; i < sol.n; i++)
        cg3_cube_apply(&model, &c, cg3_move_from_face_turn(sol.moves[i]));
    cg3_cube home = cg3_cube_home();
    assert_memory_equal(&c, &home, sizeof home);
    assert_false(fail_open_calloc); /* the failure was made */
    assert_int_equal(cg3_twophase_wait(s, NULL, &err), CG_ERR_NOMEM);
    assert_non_null(strstr(err.msg, "no memory"));
    close_stretched(s);
    await_back_to(heap, threads);
    assert_int_equal(access(path, F_OK), -1);
}

/* Whether the file at path is mapped into this process (/proc/self/maps). */
static bool mapped(const char *path)
{
    FILE *f = fopen("/proc/self/maps", "r");
    assert_non_null(f);
    char line[4096];
    bool found = false;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, path) != NULL;
    fclose(f);
    return found;
}

/* A valid cache file (the suite's, from the tables3 fixture): loaded, not built; at the close
 * the tables' solver is closed too: the file unmapped, its memory freed. */
static void test_loaded_tables_closed(void **state)
{
    (void)state;
    const char *suite = getenv("CUBEGOD_TWOPHASE_CACHE");
    if (!suite || access(suite, R_OK) != 0)
        skip();
    size_t heap = heap_now();
    int threads = threads_now();
    cg3_tables_options o = {.cache_path = suite};
    cg3_twophase *s = NULL;
    cg_error err;
    assert_int_equal(cg3_twophase_open_background(&s, &o, &err), CG_OK);
    cg3_tables_info info;
    assert_int_equal(cg3_twophase_wait(s, &info, &err), CG_OK);
    assert_true(info.from_cache);
    assert_true(mapped(suite));
    reset_counts();
    close_stretched(s);
    assert_int_equal(joined, 1);
    assert_false(mapped(suite));
    assert_int_equal(heap_now(), heap);
    assert_true(threads_now() <= threads);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_close_joins_a_waiting_thread),
        cmocka_unit_test(test_close_leaves_a_busy_build),
        cmocka_unit_test(test_damaged_file_quick_before_the_start),
        cmocka_unit_test(test_stop_flag_ends_the_build),
        cmocka_unit_test(test_failed_open_leaves_the_quick_solver),
        cmocka_unit_test(test_loaded_tables_closed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
