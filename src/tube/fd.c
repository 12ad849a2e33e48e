/* Descriptors: non-blocking reads and writes with deadlines, and the plain fd transport behind
 * cg_tube_fds and cg_tube_file. */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "tube/internal.h"

cg_status cgi_fd_nonblock(int fd, cg_error *err)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "fcntl: %s", strerror(errno));
    return CG_OK;
}

static const volatile sig_atomic_t *stop_flag;

void cg_tube_stop_flag(const volatile sig_atomic_t *flag)
{
    stop_flag = flag;
}

const volatile sig_atomic_t *cg_tube_stop_flag_get(void)
{
    return stop_flag;
}

bool cgi_fd_closed(cg_status st) { return st == CG_ERR_EOF && !(stop_flag && *stop_flag); }

/* With a stop flag installed, no single poll waits longer than this: a signal that came just
 * before the poll started (after the flag was looked at) interrupts nothing, and was seen only
 * at the deadline (a SIGTERM right after connect held play for the TLS handshake's 10 s). */
#define STOP_SLICE_NS 100000000LL

cg_status cgi_fd_wait(int fd, short events, int64_t deadline, cg_error *err)
{
    for (;;) {
        if (stop_flag && *stop_flag)
            return cg_fail(err, CG_ERR_EOF, "stopped by a signal");
        struct timespec ts, *tp = NULL;
        int64_t left = -1;
        bool sliced = false;
        if (deadline >= 0) {
            left = deadline - cg_now_ns();
            if (left < 0)
                left = 0;
        }
        if (stop_flag && (left < 0 || left > STOP_SLICE_NS)) {
            left = STOP_SLICE_NS;
            sliced = true;
        }
        if (left >= 0) {
            ts.tv_sec = (time_t)(left / 1000000000);
            ts.tv_nsec = (long)(left % 1000000000);
            tp = &ts;
        }
        struct pollfd pfd = {.fd = fd, .events = events};
        int r = cgi_poll_ts(&pfd, 1, tp);
        if (r > 0)
            return CG_OK; /* ready, or an error/hangup the next call will report */
        if (r == 0 && sliced)
            continue; /* a slice, not the deadline */
        if (r == 0)
            return cg_fail(err, CG_ERR_TIMEOUT, "timeout");
        if (errno != EINTR)
            return cg_fail(err, CG_ERR_SYSTEM, "poll: %s", strerror(errno));
    }
}

void cgi_tcp_quickack(int fd)
{
#ifdef CG_HAVE_TCP_QUICKACK
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_QUICKACK, &one, sizeof one);
#else
    (void)fd; /* delayed ACKs stay; TCP_NODELAY still sends each write at once */
#endif
}

void cgi_tcp_tune(int fd, bool quickack)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (quickack)
        cgi_tcp_quickack(fd);
}

bool cgi_fd_is_socket(int fd)
{
    int type;
    socklen_t len = sizeof type;
    return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0;
}

bool cgi_fd_is_tcp(int fd)
{
#ifdef CG_HAVE_SO_PROTOCOL
    int proto;
    socklen_t len = sizeof proto;
    return getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &len) == 0 && proto == IPPROTO_TCP;
#else
    /* A stream socket of an IP family is TCP. */
    int type;
    socklen_t len = sizeof type;
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_STREAM &&
           getsockname(fd, (struct sockaddr *)&ss, &sl) == 0 &&
           (ss.ss_family == AF_INET || ss.ss_family == AF_INET6);
#endif
}

cg_status cgi_fd_read(int fd, bool quickack, uint8_t *buf, size_t cap, int64_t deadline,
                     size_t *got, cg_error *err)
{
    *got = 0;
    for (;;) {
        ssize_t r = read(fd, buf, cap);
        if (r > 0) {
            if (quickack) /* Linux turns delayed ACKs back on after reads: keep them off */
                cgi_tcp_quickack(fd);
            *got = (size_t)r;
            return CG_OK;
        }
        if (r == 0)
            return cg_fail(err, CG_ERR_EOF, "end of stream");
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return cg_fail(err, CG_ERR_SYSTEM, "read: %s", strerror(errno));
        cg_status st = cgi_fd_wait(fd, POLLIN, deadline, err);
        if (st)
            return st;
    }
}

void cgi_sigpipe_hold(cg_sigpipe *s)
{
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    sigpending(&pending);
    s->was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &s->old);
}

void cgi_sigpipe_release(cg_sigpipe *s, bool epipe)
{
    if (epipe && !s->was_pending)
        cgi_sigpipe_discard();
    pthread_sigmask(SIG_SETMASK, &s->old, NULL);
}

static ssize_t write_some(int fd, bool sock, const uint8_t *p, size_t n)
{
    if (sock && cgi_send_is_quiet())
        return send(fd, p, n, CG_MSG_NOSIGNAL);
    cg_sigpipe sp;
    cgi_sigpipe_hold(&sp);
    ssize_t r = write(fd, p, n);
    int e = errno;
    cgi_sigpipe_release(&sp, r < 0 && e == EPIPE);
    errno = e;
    return r;
}

cg_status cgi_fd_write(int fd, bool sock, const uint8_t *p, size_t n, int64_t deadline,
                      cg_error *err)
{
    while (n) {
        ssize_t r = write_some(fd, sock, p, n);
        if (r >= 0) {
            p += r;
            n -= (size_t)r;
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            return cg_fail(err, CG_ERR_SYSTEM, "write: %s", strerror(errno));
        cg_status st = cgi_fd_wait(fd, POLLOUT, deadline, err);
        if (st)
            return st;
    }
    return CG_OK;
}

/* ---- the plain fd transport ---- */

typedef struct fd_tr {
    int rfd, wfd;
    bool tcp;   /* rfd is a TCP socket that wants quick ACKs after reads */
    bool wsock; /* wfd is a socket: send(MSG_NOSIGNAL) */
    char *said; /* logged as "Closed <said>" on close, or NULL */
} fd_tr;

static cg_status fd_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                         cg_error *err)
{
    fd_tr *f = self;
    return cgi_fd_read(f->rfd, f->tcp, buf, cap, deadline, got, err);
}

static cg_status fd_send(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err)
{
    fd_tr *f = self;
    if (f->wfd < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "the tube is read-only");
    return cgi_fd_write(f->wfd, f->wsock, p, n, deadline, err);
}

static cg_status fd_shutdown(void *self, cg_error *err)
{
    fd_tr *f = self;
    if (f->wfd < 0)
        return CG_OK;
    if (f->wsock) {
        if (shutdown(f->wfd, SHUT_WR) < 0)
            return cg_fail(err, CG_ERR_SYSTEM, "%s", strerror(errno));
        return CG_OK;
    }
    if (f->wfd != f->rfd)
        close(f->wfd);
    f->wfd = -1;
    return CG_OK;
}

static int fd_fileno(void *self)
{
    return ((fd_tr *)self)->rfd;
}

static void close_pair(int rfd, int wfd)
{
    if (wfd >= 0 && wfd != rfd)
        close(wfd);
    if (rfd >= 0)
        close(rfd);
}

static void fd_close(void *self, const cg_log *log)
{
    fd_tr *f = self;
    close_pair(f->rfd, f->wfd);
    if (f->said)
        cg_log_msg(log, CG_LOG_INFO, '*', "Closed %s", f->said);
    free(f->said);
    free(f);
}

static const cg_transport fd_ops = {
    .recv = fd_recv,
    .send = fd_send,
    .shutdown_send = fd_shutdown,
    .fileno = fd_fileno,
    .close = fd_close,
};

cg_status cgi_fd_tube(int rfd, int wfd, const char *name, const char *said,
                     const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    *out = NULL;
    cg_status st = cgi_fd_nonblock(rfd, err);
    if (!st && wfd >= 0 && wfd != rfd)
        st = cgi_fd_nonblock(wfd, err);
    fd_tr *f = st ? NULL : malloc(sizeof *f);
    if (!f) {
        close_pair(rfd, wfd);
        return st ? st : cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    bool quick = !(o && o->delayed_acks);
    *f = (fd_tr){.rfd = rfd, .wfd = wfd, .tcp = quick && cgi_fd_is_tcp(rfd)};
    if (said && !(f->said = strdup(said))) {
        fd_close(f, NULL);
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    }
    f->wsock = wfd >= 0 && cgi_fd_is_socket(wfd);
    if (cgi_fd_is_tcp(rfd))
        cgi_tcp_tune(rfd, quick);
    if (wfd >= 0 && wfd != rfd && cgi_fd_is_tcp(wfd))
        cgi_tcp_tune(wfd, quick);
    char def[32];
    snprintf(def, sizeof def, "fd %d", rfd);
    return cg_tube_new(&fd_ops, f, name ? name : def, o, out, err);
}

cg_status cg_tube_fds(int rfd, int wfd, const char *name, const cg_tube_options *o,
                      cg_tube **out, cg_error *err)
{
    return cgi_fd_tube(rfd, wfd, name, NULL, o, out, err);
}

cg_status cg_tube_file(const char *path, const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    *out = NULL;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
    char name[512];
    snprintf(name, sizeof name, "file %s", path);
    return cg_tube_fds(fd, -1, name, o, out, err);
}
