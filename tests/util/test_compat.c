/* The POSIX fallbacks of src/util/compat.c. On Linux the library is built with the Linux-only
 * calls, so its fallbacks run only in the portable build (the valgrind stage); here the file
 * is compiled a second time with every CG_HAVE_* taken away, under other names, with fcntl,
 * pipe and poll seen through wrappers that can fail on demand or record what they were asked:
 * each fallback is checked in the release build too, and its error paths are reached. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

/* What this system has, before it is taken away below. */
#ifdef CG_HAVE_MSG_NOSIGNAL
static const bool system_has_msg_nosignal = true;
#else
static const bool system_has_msg_nosignal = false;
#endif

/* The library's own copy (built with the system's calls). */
bool cgi_send_is_quiet(void);
int cgi_wakeup_open(int *rfd, int *wfd);
void cgi_wakeup_close(int rfd, int wfd);
void cgi_sigpipe_discard(void);
static bool library_send_is_quiet(void) { return cgi_send_is_quiet(); }
static int library_wakeup_open(int *r, int *w) { return cgi_wakeup_open(r, w); }
static void library_wakeup_close(int r, int w) { cgi_wakeup_close(r, w); }
static void cgi_sigpipe_discard_library(void) { cgi_sigpipe_discard(); }

/* fcntl: the nth call from now fails with EBADF (0: none). */
static int fcntl_fail_at;
static int wrapped_fcntl(int fd, int cmd, ...)
{
    if (fcntl_fail_at > 0 && --fcntl_fail_at == 0) {
        errno = EBADF;
        return -1;
    }
    if (cmd == F_GETFD || cmd == F_GETFL)
        return fcntl(fd, cmd);
    va_list ap;
    va_start(ap, cmd);
    int arg = va_arg(ap, int); /* F_SETFD and F_SETFL take an int */
    va_end(ap);
    return fcntl(fd, cmd, arg);
}

/* pipe: fails with EMFILE when asked; records the descriptors it made. */
static bool pipe_fails;
static int last_pipe[2] = {-1, -1};
static int wrapped_pipe(int fds[2])
{
    if (pipe_fails) {
        errno = EMFILE;
        return -1;
    }
    int r = pipe(fds);
    if (r == 0)
        memcpy(last_pipe, fds, sizeof last_pipe);
    return r;
}

/* poll: records the timeout it was given, and polls for nothing. */
static int poll_ms = -2;
static int wrapped_poll(struct pollfd *p, nfds_t n, int ms)
{
    (void)p;
    (void)n;
    poll_ms = ms;
    return 0;
}

#undef CG_HAVE_ACCEPT4
#undef CG_HAVE_PIPE2
#undef CG_HAVE_PPOLL
#undef CG_HAVE_SOCK_NONBLOCK
#undef CG_HAVE_SOCK_CLOEXEC
#undef CG_HAVE_MSG_NOSIGNAL
#undef CG_HAVE_SO_NOSIGPIPE
#undef CG_HAVE_EVENTFD
#undef CG_HAVE_GETRANDOM
#undef CG_HAVE_GETENTROPY
#undef CG_HAVE_MAP_POPULATE
#undef CG_HAVE_SIGTIMEDWAIT
#undef CG_HAVE_MKOSTEMP
#define fcntl wrapped_fcntl
#define pipe wrapped_pipe
#define poll wrapped_poll
#define cgi_send_is_quiet fb_send_is_quiet
#define cgi_socket_nosigpipe fb_socket_nosigpipe
#define cgi_mkstemp_cloexec fb_mkstemp_cloexec
#define cgi_pipe_cloexec fb_pipe_cloexec
#define cgi_socket fb_socket
#define cgi_accept_nb fb_accept_nb
#define cgi_poll_ts fb_poll_ts
#define cgi_sigpipe_discard fb_sigpipe_discard
#define cgi_random_u64 fb_random_u64
#define cgi_wakeup_open fb_wakeup_open
#define cgi_wakeup_signal fb_wakeup_signal
#define cgi_wakeup_close fb_wakeup_close
#include "util/compat.c"
#undef fcntl
#undef pipe
#undef poll

static bool is_open(int fd) { return fcntl(fd, F_GETFD) >= 0; }
static bool is_cloexec(int fd) { return (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0; }
static bool is_nonblock(int fd) { return (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0; }

static void reset(void)
{
    fcntl_fail_at = 0;
    pipe_fails = false;
    last_pipe[0] = last_pipe[1] = -1;
}

/* Where MSG_NOSIGNAL exists a send never raises SIGPIPE; without it or SO_NOSIGPIPE the
 * caller must hold the signal back. */
static void quiet_sends_follow_the_system(void **state)
{
    (void)state;
    assert_true(library_send_is_quiet() == system_has_msg_nosignal);
    assert_false(fb_send_is_quiet());
}

static void pipe_ends_are_close_on_exec_and_blocking(void **state)
{
    (void)state;
    reset();
    int fds[2] = {-1, -1};
    assert_int_equal(fb_pipe_cloexec(fds), 0);
    for (int i = 0; i < 2; i++) {
        assert_true(is_cloexec(fds[i]));
        assert_false(is_nonblock(fds[i]));
    }
    assert_int_equal(write(fds[1], "x", 1), 1);
    char c = 0;
    assert_int_equal(read(fds[0], &c, 1), 1);
    assert_int_equal(c, 'x');
    close(fds[0]);
    close(fds[1]);
}

/* A failure keeps its errno and leaves no descriptor open. */
static void pipe_failures_close_both_ends(void **state)
{
    (void)state;
    reset();
    pipe_fails = true;
    int fds[2] = {-1, -1};
    assert_int_equal(fb_pipe_cloexec(fds), -1);
    assert_int_equal(errno, EMFILE);
    for (int at = 1; at <= 4; at++) { /* each of the four fcntl calls */
        reset();
        fcntl_fail_at = at;
        assert_int_equal(fb_pipe_cloexec(fds), -1);
        assert_int_equal(errno, EBADF);
        assert_false(is_open(last_pipe[0]));
        assert_false(is_open(last_pipe[1]));
    }
}

static void temporary_file_is_close_on_exec(void **state)
{
    (void)state;
    reset();
    char tmpl[] = "/tmp/cubegod-compat-XXXXXX";
    int fd = fb_mkstemp_cloexec(tmpl);
    assert_true(fd >= 0);
    assert_true(is_cloexec(fd));
    struct stat sb;
    assert_int_equal(stat(tmpl, &sb), 0);
    close(fd);
    unlink(tmpl);
    /* a failed fcntl: no descriptor, no file */
    char tmpl2[] = "/tmp/cubegod-compat-XXXXXX";
    fcntl_fail_at = 1;
    assert_int_equal(fb_mkstemp_cloexec(tmpl2), -1);
    assert_int_equal(errno, EBADF);
    assert_int_equal(stat(tmpl2, &sb), -1);
}

/* Descriptor 0 is a descriptor like any other: with standard input closed, the fallbacks get
 * 0 and must still set its flags, and close it. */
static void descriptor_zero_is_a_descriptor(void **state)
{
    (void)state;
    reset();
    /* a connection waiting to be accepted, made while 0 is still standard input */
    int l = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sa;
    assert_int_equal(bind(l, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(l, 1), 0);
    assert_int_equal(getsockname(l, (struct sockaddr *)&sa, &len), 0);
    int c = socket(AF_INET, SOCK_STREAM, 0);
    assert_int_equal(connect(c, (struct sockaddr *)&sa, sizeof sa), 0);
    int saved = dup(0);
    assert_true(saved > 0);
    close(0);
    char tmpl[] = "/tmp/cubegod-compat-XXXXXX";
    int fd = fb_mkstemp_cloexec(tmpl);
    bool zero_cloexec = fd == 0 && is_cloexec(0);
    if (fd >= 0)
        close(fd);
    unlink(tmpl);
    int r = -1, w = -1;
    int opened = fb_wakeup_open(&r, &w);
    bool wake_zero = opened == 0 && r == 0;
    if (opened == 0)
        fb_wakeup_close(r, w);
    bool zero_closed = !is_open(0);
    /* the connection accepted on descriptor 0 */
    int a = zero_closed ? fb_accept_nb(l, NULL, NULL) : -1;
    bool accepted_zero = a == 0 && is_cloexec(0) && is_nonblock(0);
    if (a >= 0)
        close(a);
    close(c);
    close(l);
    dup2(saved, 0);
    close(saved);
    assert_true(zero_cloexec);
    assert_true(wake_zero);
    assert_true(zero_closed);
    assert_true(accepted_zero);
}

static void sockets_get_the_flags_asked_for(void **state)
{
    (void)state;
    reset();
    int a = fb_socket(AF_INET, SOCK_STREAM, 0, false);
    int b = fb_socket(AF_INET, SOCK_STREAM, 0, true);
    assert_true(a >= 0 && b >= 0);
    assert_true(is_cloexec(a));
    assert_false(is_nonblock(a));
    assert_true(is_cloexec(b));
    assert_true(is_nonblock(b));
    close(a);
    close(b);
    fcntl_fail_at = 1;
    assert_int_equal(fb_socket(AF_INET, SOCK_STREAM, 0, true), -1);
    assert_int_equal(errno, EBADF);
}

static void accepted_sockets_are_non_blocking(void **state)
{
    (void)state;
    reset();
    int l = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sa;
    assert_int_equal(bind(l, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(l, 4), 0);
    assert_int_equal(getsockname(l, (struct sockaddr *)&sa, &len), 0);
    for (int fail = 0; fail < 2; fail++) {
        int c = socket(AF_INET, SOCK_STREAM, 0);
        assert_int_equal(connect(c, (struct sockaddr *)&sa, sizeof sa), 0);
        fcntl_fail_at = fail;
        int fd = fb_accept_nb(l, NULL, NULL);
        if (fail) {
            assert_int_equal(fd, -1);
            assert_int_equal(errno, EBADF);
        } else {
            assert_true(fd >= 0);
            assert_true(is_cloexec(fd));
            assert_true(is_nonblock(fd));
            close(fd);
        }
        close(c);
    }
    close(l);
}

/* poll takes whole milliseconds: a timeout is rounded up (never a busy loop of zero waits
 * before the time is up), capped at a day (the caller loops on early returns). */
static void poll_timeouts_round_up(void **state)
{
    (void)state;
    static const struct {
        time_t sec;
        long nsec;
        int ms;
    } cases[] = {{0, 0, 0},       {0, 1, 1},           {0, 999999, 1},       {0, 1000000, 1},
                 {0, 1000001, 2}, {1, 0, 1000},        {2, 500000000, 2500}, {86399, 999999999, 86400000},
                 {86400, 1, 86400000}, {1000000, 0, 86400000}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct timespec ts = {cases[i].sec, cases[i].nsec};
        poll_ms = -2;
        assert_int_equal(fb_poll_ts(NULL, 0, &ts), 0);
        assert_int_equal(poll_ms, cases[i].ms);
    }
    poll_ms = -2;
    fb_poll_ts(NULL, 0, NULL);
    assert_int_equal(poll_ms, -1); /* no timeout: wait for ever */
}

static bool pending(int sig)
{
    sigset_t p;
    sigpending(&p);
    return sigismember(&p, sig) == 1;
}

/* A pending SIGPIPE is taken away, whatever errno the caller left; none pending: nothing. */
static void pending_sigpipe_is_discarded(void **state)
{
    (void)state;
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
    fb_sigpipe_discard(); /* none pending: returns */
    raise(SIGPIPE);
    assert_true(pending(SIGPIPE));
    fb_sigpipe_discard();
    assert_false(pending(SIGPIPE));
    /* the library's own (sigtimedwait here), after a failed call left EINTR behind */
    raise(SIGPIPE);
    errno = EINTR;
    cgi_sigpipe_discard_library();
    assert_false(pending(SIGPIPE));
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Fills the stack below the caller with set bits, so that a set the callee forgets to empty
 * holds every signal. */
static void __attribute__((noinline)) dirty_stack(void)
{
    volatile unsigned char junk[8192];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = 0xFF;
}

/* Only SIGPIPE is taken: another signal pending beside it (SIGUSR1, a lower number, which a
 * wait on a set holding both would take first) is left for its owner. */
static void only_sigpipe_is_taken(void **state)
{
    (void)state;
    sigset_t both, old;
    sigemptyset(&both);
    sigaddset(&both, SIGPIPE);
    sigaddset(&both, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &both, &old);
    for (int which = 0; which < 2; which++) {
        raise(SIGUSR1);
        raise(SIGPIPE);
        dirty_stack();
        if (which == 0)
            fb_sigpipe_discard();
        else
            cgi_sigpipe_discard_library();
        assert_false(pending(SIGPIPE));
        assert_true(pending(SIGUSR1));
        int sig = 0;
        sigset_t usr1;
        sigemptyset(&usr1);
        sigaddset(&usr1, SIGUSR1);
        assert_int_equal(sigwait(&usr1, &sig), 0);
        assert_int_equal(sig, SIGUSR1);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static void random_words_come(void **state)
{
    (void)state;
    uint64_t a = 0, b = 0;
    int before = open_descriptors();
    assert_true(fb_random_u64(&a));
    assert_true(fb_random_u64(&b));
    assert_int_equal(open_descriptors(), before); /* /dev/urandom closed after each */
    assert_true(a != b); /* two equal 64-bit draws: one chance in 2^64 */
}

static bool readable(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, 0) == 1 && (p.revents & POLLIN);
}

/* The wake-up channel: both ends non-blocking and close-on-exec, a signal makes the read end
 * readable, and closing closes both ends. */
static void wakeup_pipe_wakes_and_closes(void **state)
{
    (void)state;
    reset();
    int r = -1, w = -1;
    assert_int_equal(fb_wakeup_open(&r, &w), 0);
    assert_true(r == last_pipe[0] && w == last_pipe[1]);
    for (int fd = 0; fd < 2; fd++) {
        assert_true(is_cloexec(fd ? w : r));
        assert_true(is_nonblock(fd ? w : r));
    }
    assert_false(readable(r));
    fb_wakeup_signal(w);
    assert_true(readable(r));
    fb_wakeup_close(r, w);
    assert_false(is_open(r));
    assert_false(is_open(w));
    /* its failures close what they made: each of its eight fcntl calls (close-on-exec, then
       non-blocking, on each end) */
    for (int at = 1; at <= 8; at++) {
        reset();
        fcntl_fail_at = at;
        r = w = -7;
        assert_int_equal(fb_wakeup_open(&r, &w), -1);
        assert_int_equal(errno, EBADF);
        assert_false(is_open(last_pipe[0]));
        assert_false(is_open(last_pipe[1]));
    }
    reset();
    pipe_fails = true;
    assert_int_equal(fb_wakeup_open(&r, &w), -1);
    /* the library's own (an eventfd here: one descriptor for both ends) */
    reset();
    assert_int_equal(library_wakeup_open(&r, &w), 0);
    library_wakeup_close(r, w);
    assert_false(is_open(r));
    assert_false(is_open(w));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quiet_sends_follow_the_system),
        cmocka_unit_test(pipe_ends_are_close_on_exec_and_blocking),
        cmocka_unit_test(pipe_failures_close_both_ends),
        cmocka_unit_test(temporary_file_is_close_on_exec),
        cmocka_unit_test(descriptor_zero_is_a_descriptor),
        cmocka_unit_test(sockets_get_the_flags_asked_for),
        cmocka_unit_test(accepted_sockets_are_non_blocking),
        cmocka_unit_test(poll_timeouts_round_up),
        cmocka_unit_test(pending_sigpipe_is_discarded),
        cmocka_unit_test(only_sigpipe_is_taken),
        cmocka_unit_test(random_words_come),
        cmocka_unit_test(wakeup_pipe_wakes_and_closes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
