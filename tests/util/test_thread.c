/* The library's worker threads take no asynchronous signal: a Ctrl-C or SIGTERM is the
 * program's, delivered where its handler interrupts the wait in progress (a SIGTERM to play
 * during a TLS handshake was held to the handshake's deadline when a 3x3 build thread took it).
 * Faults stay deliverable, for a crash report. */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "util/thread.h"

static void *mask_of(void *arg)
{
    pthread_sigmask(SIG_BLOCK, NULL, (sigset_t *)arg);
    return NULL;
}

static void test_workers_take_no_async_signal(void **state)
{
    (void)state;
    sigset_t in_worker, before, after;
    pthread_sigmask(SIG_BLOCK, NULL, &before);
    pthread_t tid;
    assert_int_equal(cgi_thread_create(&tid, NULL, mask_of, &in_worker), 0);
    assert_int_equal(pthread_join(tid, NULL), 0);
    static const int blocked[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGCHLD, SIGPIPE};
    for (size_t i = 0; i < sizeof blocked / sizeof *blocked; i++)
        assert_true(sigismember(&in_worker, blocked[i]));
    static const int faults[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof faults / sizeof *faults; i++)
        assert_false(sigismember(&in_worker, faults[i]));
    /* the caller's own mask is as it was: SIGINT still reaches this thread */
    pthread_sigmask(SIG_BLOCK, NULL, &after);
    assert_false(sigismember(&after, SIGINT));
    assert_int_equal(sigismember(&after, SIGTERM), sigismember(&before, SIGTERM));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_workers_take_no_async_signal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
