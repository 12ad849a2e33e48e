// link-wrap: clock_gettime BN_new BN_free BN_CTX_new BN_CTX_free BN_MONT_CTX_new BN_MONT_CTX_free cgi_thread_create
/* What depends on time, on a clock of our own (the linker's --wrap puts a clock that moves a
 * fixed step at each reading in place of CLOCK_MONOTONIC): the sloth's estimate of a step, and
 * progress notices once a second, from the first second on. And the BIGNUM check's allocations,
 * counted, each freed (a dropped BN_free is a leak only ASan and valgrind would otherwise see). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/bn.h>

#include "cubegod/pow.h"
#include "pow/internal.h"
#include "util/thread.h"

static long long fake_step_ns; /* 0: the real clock */
static long long fake_now_ns;

int __real_clock_gettime(clockid_t id, struct timespec *ts);
int __wrap_clock_gettime(clockid_t id, struct timespec *ts)
{
    if (!fake_step_ns || id != CLOCK_MONOTONIC)
        return __real_clock_gettime(id, ts);
    ts->tv_sec = (time_t)(fake_now_ns / 1000000000);
    ts->tv_nsec = (long)(fake_now_ns % 1000000000);
    fake_now_ns += fake_step_ns;
    return 0;
}

/* Search threads that start late (while set): the searching thread is waiting for them by then,
 * so a search's progress is looked at at least once whatever the machine's load. */
static bool late_workers;

typedef struct late_start {
    void *(*fn)(void *);
    void *arg;
} late_start;

static void *start_late(void *arg)
{
    late_start go = *(late_start *)arg;
    free(arg);
    usleep(100000);
    return go.fn(go.arg);
}

int __real_cgi_thread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);
int __wrap_cgi_thread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    late_start *go = late_workers ? malloc(sizeof *go) : NULL;
    if (!go)
        return __real_cgi_thread_create(tid, attr, fn, arg);
    *go = (late_start){fn, arg};
    int r = __real_cgi_thread_create(tid, attr, start_late, go);
    if (r != 0)
        free(go);
    return r;
}

static int live_bn, live_ctx, live_mont; /* allocated less freed */

BIGNUM *__real_BN_new(void);
BIGNUM *__wrap_BN_new(void)
{
    live_bn++;
    return __real_BN_new();
}
void __real_BN_free(BIGNUM *b);
void __wrap_BN_free(BIGNUM *b)
{
    live_bn -= b != NULL;
    __real_BN_free(b);
}
BN_CTX *__real_BN_CTX_new(void);
BN_CTX *__wrap_BN_CTX_new(void)
{
    live_ctx++;
    return __real_BN_CTX_new();
}
void __real_BN_CTX_free(BN_CTX *c);
void __wrap_BN_CTX_free(BN_CTX *c)
{
    live_ctx -= c != NULL;
    __real_BN_CTX_free(c);
}
BN_MONT_CTX *__real_BN_MONT_CTX_new(void);
BN_MONT_CTX *__wrap_BN_MONT_CTX_new(void)
{
    live_mont++;
    return __real_BN_MONT_CTX_new();
}
void __real_BN_MONT_CTX_free(BN_MONT_CTX *m);
void __wrap_BN_MONT_CTX_free(BN_MONT_CTX *m)
{
    live_mont -= m != NULL;
    __real_BN_MONT_CTX_free(m);
}

typedef struct {
    char lines[16][160];
    int n;
} notices;

static void keep(void *ctx, const char *text)
{
    notices *ns = ctx;
    if (ns->n < 16)
        snprintf(ns->lines[ns->n], sizeof ns->lines[0], "%s", text);
    ns->n++;
}

/* A solver that keeps its notices in ns. */
static cg_pow *solver_noting(notices *ns)
{
    cg_pow *p;
    assert_int_equal(cg_pow_new(&p, NULL), CG_OK);
    cg_pow_set_notice(p, keep, ns);
    return p;
}

/* Solves gate with p on the fake clock, moving step_ns at each reading from 0. */
static cg_status solve_on_clock(cg_pow *p, const char *gate, long long step_ns, char *out,
                                size_t cap, cg_error *err)
{
    fake_now_ns = 0;
    fake_step_ns = step_ns;
    cg_status st = cg_pow_solve(p, gate, strlen(gate), out, cap, err);
    fake_step_ns = 0;
    return st;
}

/* A clock moving 0.25 s at each reading: the start (0), the step estimate's two readings (3
 * steps in 0.25 s: 83.33 ms a step), then one reading a step, step d at 0.5 + 0.25 d s. */
static void test_sloth_estimate_and_notices(void **state)
{
    (void)state;
    static const char gate[] = "pow: solve s.AAAAFA==.AQI="; /* difficulty 20 */
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    notices ns = {0};
    cg_pow *p = solver_noting(&ns);
    assert_int_equal(solve_on_clock(p, gate, 250000000, out, sizeof out, &err), CG_OK);
    static const char *const want[] = {
        "sloth (kCTF/redpwn), difficulty 20: about 1.7 s expected (83.33 ms a step on one core)",
        "sloth (kCTF/redpwn), difficulty 20: step 2, 1.0 s",
        "sloth (kCTF/redpwn), difficulty 20: step 6, 2.0 s",
        "sloth (kCTF/redpwn), difficulty 20: step 10, 3.0 s",
        "sloth (kCTF/redpwn), difficulty 20: step 14, 4.0 s",
        "sloth (kCTF/redpwn), difficulty 20: step 18, 5.0 s",
    };
    assert_int_equal(ns.n, sizeof want / sizeof *want);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        assert_string_equal(ns.lines[i], want[i]);
    assert_true(cg_pow_last_seconds(p) == 5.75); /* step 20 at 5.5 s, then the end's reading */
    assert_int_equal(cg_pow_check(gate, strlen(gate), out, strlen(out), &err), CG_OK);
    /* the same gate under a limit below the estimate: refused before any step, saying why */
    cg_pow_set_limit(p, 1.5);
    ns.n = 0;
    assert_int_equal(solve_on_clock(p, gate, 250000000, out, sizeof out, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.msg, "would take about 1.7 s (83.33 ms a step on one core), over the limit of 1.5 s"));
    assert_int_equal(ns.n, 0);
    cg_pow_free(p);
}

/* A hash search says its progress too, in candidates, at the first tick a second after the start:
 * the clock here moves a second at each reading, so the first tick after a wait is late enough.
 * (The search waits on the real clock, a quarter second at most, and ticks after each wait; its
 * worker starts late here, so that one wait at least happens: this gate's answer is its 5,680th
 * candidate, a few milliseconds.) */
static void test_hash_search_notices(void **state)
{
    (void)state;
    static const char gate[] = "Give me S: sha256(\"k3y\" + S) has 18 leading zero bits";
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    notices ns = {0};
    cg_pow *p = solver_noting(&ns);
    cg_pow_set_threads(p, 1); /* one worker: the wait for it ticks as for many */
    late_workers = true;
    assert_int_equal(solve_on_clock(p, gate, 1000000000, out, sizeof out, &err), CG_OK);
    late_workers = false;
    bool said = false;
    for (int i = 0; i < ns.n && i < 16; i++) {
        const char *c = strstr(ns.lines[i], " candidates, ");
        said |= c && strncmp(ns.lines[i], "sha256 with 18 leading bits given: ", 35) == 0 &&
                strcmp(c + strlen(c) - 2, " s") == 0;
    }
    if (!said)
        fail_msg("no progress in candidates among %d notices (first: '%s')", ns.n, ns.lines[0]);
    /* the estimate: 2^18 candidates expected for 18 bits */
    if (!strstr(ns.lines[0], "about 13 s expected (2.62e+05 candidates at 0.02 M/s on 1 thread)"))
        fail_msg("the estimate: '%s'", ns.lines[0]);
    assert_int_equal(cg_pow_check(gate, strlen(gate), out, strlen(out), &err), CG_OK);
    cg_pow_free(p);
}

/* A search expected to take a second or less says nothing before it: on a clock that moves a
 * nanosecond at each reading the calibration finds billions of candidates a second */
static void test_quick_search_says_nothing(void **state)
{
    (void)state;
    static const char gate[] = "sha256(XX+abc) == 0";
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    notices ns = {0};
    cg_pow *p = solver_noting(&ns);
    assert_int_equal(solve_on_clock(p, gate, 1, out, sizeof out, &err), CG_OK);
    for (int i = 0; i < ns.n && i < 16; i++)
        if (strstr(ns.lines[i], "expected"))
            fail_msg("an estimate was said: '%s'", ns.lines[i]);
    cg_pow_free(p);
}

static void test_bignum_check_frees_all(void **state)
{
    (void)state;
    uint64_t x[CGI_SLOTH_LIMBS] = {0x0102}, y[CGI_SLOTH_LIMBS], mine[CGI_SLOTH_LIMBS];
    live_bn = live_ctx = live_mont = 0;
    assert_true(cgi_sloth_root_bn(x, 2, y));
    assert_int_equal(live_bn, 0);
    assert_int_equal(live_ctx, 0);
    assert_int_equal(live_mont, 0);
    cgi_sloth_root(x, 2, mine, NULL, NULL);
    assert_memory_equal(y, mine, sizeof y);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sloth_estimate_and_notices),
        cmocka_unit_test(test_hash_search_notices),
        cmocka_unit_test(test_quick_search_says_nothing),
        cmocka_unit_test(test_bignum_check_frees_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
