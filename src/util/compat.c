/* The Linux-only calls and their POSIX fallbacks (compat.h). */
#include "util/compat.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef CG_HAVE_EVENTFD
#include <sys/eventfd.h>
#endif
#ifdef CG_HAVE_GETRANDOM
#include <sys/random.h>
#endif

__attribute__((unused)) static int set_flags(int fd, bool cloexec, bool nonblock)
{
    if (cloexec) {
        int fl = fcntl(fd, F_GETFD);
        if (fl < 0 || fcntl(fd, F_SETFD, fl | FD_CLOEXEC) < 0)
            return -1;
    }
    if (nonblock) {
        int fl = fcntl(fd, F_GETFL);
        if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
            return -1;
    }
    return 0;
}

/* Closes fd after a failed set_flags, keeping that failure's errno. */
__attribute__((unused)) static int fail_closed(int fd)
{
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

bool cgi_send_is_quiet(void)
{
#if defined(CG_HAVE_MSG_NOSIGNAL) || defined(CG_HAVE_SO_NOSIGPIPE)
    return true;
#else
    return false;
#endif
}

void cgi_socket_nosigpipe(int fd)
{
#if defined(CG_HAVE_SO_NOSIGPIPE) && !defined(CG_HAVE_MSG_NOSIGNAL)
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#else
    (void)fd;
#endif
}

int cgi_mkstemp_cloexec(char *tmpl)
{
#ifdef CG_HAVE_MKOSTEMP
    return mkostemp(tmpl, O_CLOEXEC);
#else
    int fd = mkstemp(tmpl);
    if (fd >= 0 && set_flags(fd, true, false) < 0) {
        unlink(tmpl);
        return fail_closed(fd);
    }
    return fd;
#endif
}

int cgi_pipe_cloexec(int fds[2])
{
#ifdef CG_HAVE_PIPE2
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) < 0)
        return -1;
    if (set_flags(fds[0], true, false) < 0 || set_flags(fds[1], true, false) < 0) {
        close(fds[1]);
        return fail_closed(fds[0]);
    }
    return 0;
#endif
}

int cgi_socket(int domain, int type, int protocol, bool nonblock)
{
#if defined(CG_HAVE_SOCK_CLOEXEC) && defined(CG_HAVE_SOCK_NONBLOCK)
    int fd = socket(domain, type | SOCK_CLOEXEC | (nonblock ? SOCK_NONBLOCK : 0), protocol);
#else
    int fd = socket(domain, type, protocol);
    if (fd >= 0 && set_flags(fd, true, nonblock) < 0)
        return fail_closed(fd);
#endif
    if (fd >= 0)
        cgi_socket_nosigpipe(fd);
    return fd;
}

int cgi_accept_nb(int lfd, struct sockaddr *addr, socklen_t *len)
{
#ifdef CG_HAVE_ACCEPT4
    int fd = accept4(lfd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
#else
    int fd = accept(lfd, addr, len);
    if (fd >= 0 && set_flags(fd, true, true) < 0)
        return fail_closed(fd);
#endif
    if (fd >= 0)
        cgi_socket_nosigpipe(fd);
    return fd;
}

int cgi_poll_ts(struct pollfd *p, nfds_t n, const struct timespec *ts)
{
#ifdef CG_HAVE_PPOLL
    return ppoll(p, n, ts, NULL);
#else
    int ms = -1;
    if (ts) {
        int64_t total = (int64_t)ts->tv_sec * 1000 + (ts->tv_nsec + 999999) / 1000000;
        ms = total > 86400000 ? 86400000 : (int)total; /* the caller loops on early returns */
    }
    return poll(p, n, ms);
#endif
}

void cgi_sigpipe_discard(void)
{
    sigset_t pending;
    sigemptyset(&pending);
    if (sigpending(&pending) != 0 || !sigismember(&pending, SIGPIPE))
        return;
#ifdef CG_HAVE_SIGTIMEDWAIT
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    struct timespec zero = {0, 0};
    while (sigtimedwait(&pipe, NULL, &zero) < 0 && errno == EINTR)
        ;
#else
    /* sigwait returns at once: the signal is pending. */
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    int sig;
    sigwait(&pipe, &sig);
#endif
}

bool cgi_random_u64(uint64_t *out)
{
#if defined(CG_HAVE_GETRANDOM)
    return getrandom(out, sizeof *out, 0) == (ssize_t)sizeof *out;
#elif defined(CG_HAVE_GETENTROPY)
    return getentropy(out, sizeof *out) == 0;
#else
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool ok = read(fd, out, sizeof *out) == (ssize_t)sizeof *out;
    close(fd);
    return ok;
#endif
}

int cgi_wakeup_open(int *rfd, int *wfd)
{
#ifdef CG_HAVE_EVENTFD
    *rfd = *wfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    return *rfd < 0 ? -1 : 0;
#else
    int p[2];
    if (cgi_pipe_cloexec(p) < 0)
        return -1;
    if (set_flags(p[0], false, true) < 0 || set_flags(p[1], false, true) < 0) {
        close(p[1]);
        return fail_closed(p[0]);
    }
    *rfd = p[0];
    *wfd = p[1];
    return 0;
#endif
}

void cgi_wakeup_signal(int wfd)
{
#ifdef CG_HAVE_EVENTFD
    uint64_t one = 1;
    ssize_t r = write(wfd, &one, sizeof one);
#else
    char one = 1; /* a full pipe is readable already: a failed write loses nothing */
    ssize_t r = write(wfd, &one, 1);
#endif
    (void)r;
}

void cgi_wakeup_close(int rfd, int wfd)
{
    if (wfd >= 0 && wfd != rfd)
        close(wfd);
    if (rfd >= 0)
        close(rfd);
}
