/* Internal: the Linux-only calls the library uses, each with the POSIX fallback used where the
 * system lacks it (cmake/platform.cmake defines CG_HAVE_*; CUBEGOD_PORTABLE=ON defines none). */
#ifndef CUBEGOD_UTIL_COMPAT_H
#define CUBEGOD_UTIL_COMPAT_H

#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>

#ifdef CG_HAVE_MAP_POPULATE
#define CG_MAP_POPULATE MAP_POPULATE
#else
#define CG_MAP_POPULATE 0 /* pages then come in on first touch */
#endif

/* send() flags that keep SIGPIPE away where the system has one (see cgi_socket_nosigpipe). */
#if defined(CG_HAVE_MSG_NOSIGNAL)
#define CG_MSG_NOSIGNAL MSG_NOSIGNAL
#else
#define CG_MSG_NOSIGNAL 0
#endif
/* True when a send on a socket can never raise SIGPIPE by itself (MSG_NOSIGNAL or
 * SO_NOSIGPIPE); otherwise the caller holds SIGPIPE back around it. */
bool cgi_send_is_quiet(void);
/* SO_NOSIGPIPE where that is the way (BSDs, macOS); nothing elsewhere. */
void cgi_socket_nosigpipe(int fd);

/* mkstemp whose descriptor is close-on-exec (mkostemp, else mkstemp + FD_CLOEXEC). */
int cgi_mkstemp_cloexec(char *tmpl);
/* pipe with both ends close-on-exec (pipe2, else pipe + fcntl). */
int cgi_pipe_cloexec(int fds[2]);
/* socket() that is close-on-exec and, when nonblock, non-blocking. */
int cgi_socket(int domain, int type, int protocol, bool nonblock);
/* accept() whose socket is close-on-exec and non-blocking. */
int cgi_accept_nb(int fd, struct sockaddr *addr, socklen_t *len);
/* poll() with a timespec timeout (NULL: none); ppoll where there is one, else poll with the
 * time rounded up to whole milliseconds. */
int cgi_poll_ts(struct pollfd *p, nfds_t n, const struct timespec *ts);
/* Takes a pending SIGPIPE of this thread, if any, without waiting (sigtimedwait, else a
 * brief SIG_IGN of it while it is unblocked, which discards it). */
void cgi_sigpipe_discard(void);
/* 8 random bytes from the system (getrandom, getentropy), false when it has none. */
bool cgi_random_u64(uint64_t *out);
/* A descriptor that becomes readable when cgi_wakeup_signal is called: eventfd, else a
 * non-blocking self-pipe. *rfd and *wfd may be the same descriptor. */
int cgi_wakeup_open(int *rfd, int *wfd);
/* Async-signal-safe. */
void cgi_wakeup_signal(int wfd);
void cgi_wakeup_close(int rfd, int wfd);

#endif
