/* The stop flag (cg_tube_stop_flag) ends a wait whether the signal came during it or just
 * before it began: a SIGTERM that landed between connect and the TLS handshake's poll held
 * play for the handshake's whole 10 s deadline (game_e2e_play_stop under load). */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/clock.h"
#include "cubegod/tube.h"

static volatile sig_atomic_t stop;

static cg_tube *silent_peer(int fds[2])
{
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t = NULL;
    assert_int_equal(cg_tube_fds(fds[0], fds[0], "pair", &o, &t, NULL), CG_OK);
    return t;
}

/* Set before the wait: it ends at once, not at its 5 s deadline. */
static void test_a_flag_set_before_the_wait(void **state)
{
    (void)state;
    int fds[2];
    cg_tube *t = silent_peer(fds);
    stop = 1;
    cg_tube_stop_flag(&stop);
    const uint8_t *p;
    size_t n;
    cg_error err;
    int64_t t0 = cg_now_ns();
    assert_int_equal(cg_tube_recvline(t, 5, &p, &n, &err), CG_ERR_EOF);
    assert_true(cg_seconds_between(t0, cg_now_ns()) < 2.5); /* generous: not the deadline */
    cg_tube_stop_flag(NULL);
    stop = 0;
    cg_tube_close(t);
    close(fds[1]);
}

/* Set during the wait by no signal at all (another thread, as a handler in another thread
 * would): seen within a slice, long before the deadline. */
static void *raise_later(void *arg)
{
    (void)arg;
    struct timespec nap = {0, 300 * 1000 * 1000};
    nanosleep(&nap, NULL);
    stop = 1;
    return NULL;
}

static void test_a_flag_set_during_the_wait(void **state)
{
    (void)state;
    int fds[2];
    cg_tube *t = silent_peer(fds);
    cg_tube_stop_flag(&stop);
    pthread_t tid;
    assert_int_equal(pthread_create(&tid, NULL, raise_later, NULL), 0);
    const uint8_t *p;
    size_t n;
    cg_error err;
    int64_t t0 = cg_now_ns();
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_ERR_EOF);
    double s = cg_seconds_between(t0, cg_now_ns());
    if (!(s >= 0.25 && s < 5)) /* generous: not the 10 s deadline */
        fail_msg("ended after %.3f s: %s", s, err.msg);
    pthread_join(tid, NULL);
    cg_tube_stop_flag(NULL);
    stop = 0;
    cg_tube_close(t);
    close(fds[1]);
    /* no flag: the deadline holds (the slices are the flag's only) */
    t = silent_peer(fds);
    t0 = cg_now_ns();
    assert_int_equal(cg_tube_recvline(t, 0.3, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_true(cg_seconds_between(t0, cg_now_ns()) >= 0.29);
    cg_tube_close(t);
    close(fds[1]);
}

/* A flag installed and never set: the deadline holds, over several slices and when it has
 * already passed as the wait begins (a wait of no time left is no slice: it would be a slice
 * again after it, for ever). */
static void test_an_unset_flag_keeps_the_deadline(void **state)
{
    (void)state;
    static const double TIMEOUTS[] = {0.25, 1e-9};
    cg_tube_stop_flag(&stop);
    for (size_t i = 0; i < sizeof TIMEOUTS / sizeof *TIMEOUTS; i++) {
        int fds[2];
        cg_tube *t = silent_peer(fds);
        const uint8_t *p;
        size_t n;
        cg_error err;
        int64_t t0 = cg_now_ns();
        assert_int_equal(cg_tube_recvline(t, TIMEOUTS[i], &p, &n, &err), CG_ERR_TIMEOUT);
        double s = cg_seconds_between(t0, cg_now_ns());
        if (!(s >= TIMEOUTS[i] * 0.99 && s < 5)) /* generous: the deadline, not a hang */
            fail_msg("a %g s deadline ended after %.3f s", TIMEOUTS[i], s);
        cg_tube_close(t);
        close(fds[1]);
    }
    cg_tube_stop_flag(NULL);
}

/* No deadline at all (a negative timeout): the wait lasts until the bytes come, with the flag
 * installed or not. */
static int late_fd;
static void *write_later(void *arg)
{
    (void)arg;
    struct timespec nap = {0, 200 * 1000 * 1000};
    nanosleep(&nap, NULL);
    assert_int_equal(write(late_fd, "late\n", 5), 5);
    return NULL;
}

static void test_no_deadline_waits(void **state)
{
    (void)state;
    for (int flag = 0; flag < 2; flag++) {
        int fds[2];
        cg_tube *t = silent_peer(fds);
        cg_tube_stop_flag(flag ? &stop : NULL);
        late_fd = fds[1];
        pthread_t tid;
        assert_int_equal(pthread_create(&tid, NULL, write_later, NULL), 0);
        const uint8_t *p;
        size_t n;
        cg_error err;
        assert_int_equal(cg_tube_recvline(t, -1, &p, &n, &err), CG_OK);
        assert_int_equal(n, 4); /* the line without its newline */
        assert_memory_equal(p, "late", 4);
        pthread_join(tid, NULL);
        cg_tube_stop_flag(NULL);
        cg_tube_close(t);
        close(fds[1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_flag_set_before_the_wait),
        cmocka_unit_test(test_a_flag_set_during_the_wait),
        cmocka_unit_test(test_an_unset_flag_keeps_the_deadline),
        cmocka_unit_test(test_no_deadline_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
