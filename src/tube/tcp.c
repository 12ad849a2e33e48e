/* TCP: connecting with a timeout over every address of a name, listening. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tube/internal.h"

/* "1.2.3.4" or "::1" for messages. */
static void addr_text(const struct addrinfo *ai, char *out, size_t size)
{
    if (getnameinfo(ai->ai_addr, ai->ai_addrlen, out, (socklen_t)size, NULL, 0,
                    NI_NUMERICHOST) != 0)
        snprintf(out, size, "?");
}

/* One address: non-blocking connect, then wait for it until the deadline. */
static cg_status connect_one(const struct addrinfo *ai, int64_t deadline, int *fd, cg_error *err)
{
    int s = cgi_socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol, true);
    if (s < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "socket: %s", strerror(errno));
    cgi_tcp_tune(s, true); /* before connect: our first write must not wait for anything */
    cg_status st = CG_OK;
    if (connect(s, ai->ai_addr, ai->ai_addrlen) < 0) {
        if (errno != EINPROGRESS)
            st = cg_fail(err, CG_ERR_SYSTEM, "%s", strerror(errno));
        else if (!(st = cgi_fd_wait(s, POLLOUT, deadline, err))) {
            int e = 0;
            socklen_t len = sizeof e;
            if (getsockopt(s, SOL_SOCKET, SO_ERROR, &e, &len) < 0)
                e = errno;
            if (e)
                st = cg_fail(err, CG_ERR_SYSTEM, "%s", strerror(e));
        }
    }
    if (st) {
        close(s);
        return st;
    }
    *fd = s;
    return CG_OK;
}

cg_status cgi_tcp_connect_fd(const char *host, const char *port, int64_t deadline, int *fd,
                            cg_error *err)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res;
    int r = getaddrinfo(host, port, &hints, &res);
    if (r != 0)
        return cg_fail(err, CG_ERR_SYSTEM, "cannot resolve %s port %s: %s", host, port,
                       r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
    cg_status st = CG_ERR_SYSTEM;
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        if (!(st = connect_one(ai, deadline, fd, err)))
            break;
        char a[64];
        addr_text(ai, a, sizeof a);
        cg_error_prefix(st, err, "connect to %s port %s (%s): ", host, port, a);
        if (st == CG_ERR_TIMEOUT)
            break; /* the deadline is shared: no time left for the other addresses */
    }
    freeaddrinfo(res);
    return st;
}

cg_status cg_tube_connect(const char *host, const char *port, const cg_tube_options *o,
                          cg_tube **out, cg_error *err)
{
    *out = NULL;
    cg_tube_options opt = cgi_tube_opts(o);
    cg_log log = cgi_tube_opts_log(o);
    int64_t deadline = cg_deadline(opt.connect_timeout);
    int fd;
    cg_status st = cgi_tcp_connect_fd(host, port, deadline, &fd, err);
    if (!st && opt.tls) {
        st = cgi_tls_connect(fd, host, port, &opt, deadline, out, err);
    } else if (!st) {
        char name[300], said[300];
        bool v6 = strchr(host, ':') != NULL;
        snprintf(name, sizeof name, v6 ? "tcp [%s]:%s" : "tcp %s:%s", host, port);
        snprintf(said, sizeof said, "connection to %s port %s", host, port);
        st = cgi_fd_tube(fd, fd, name, said, o, out, err);
    }
    if (st)
        cg_log_msg(&log, CG_LOG_INFO, '-', "Opening connection to %s on port %s: Failed", host,
                   port);
    else
        cg_log_msg(&log, CG_LOG_INFO, '+', "Opening connection to %s on port %s: Done", host,
                   port);
    return st;
}

cg_status cg_tcp_listen(const char *host, const char *port, int backlog, int *fd,
                        int *bound_port, cg_error *err)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE},
                    *res;
    int r = getaddrinfo(host, port, &hints, &res);
    if (r != 0)
        return cg_fail(err, CG_ERR_SYSTEM, "cannot resolve %s port %s: %s", host ? host : "*",
                       port, r == EAI_SYSTEM ? strerror(errno) : gai_strerror(r));
    cg_status st = cg_fail(err, CG_ERR_SYSTEM, "no address for %s", host ? host : "*");
    for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
        int s = cgi_socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol, false);
        int one = 1;
        if (s >= 0 && setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) == 0 &&
            bind(s, ai->ai_addr, ai->ai_addrlen) == 0 && listen(s, backlog) == 0) {
            *fd = s;
            st = CG_OK;
            break;
        }
        char a[64];
        addr_text(ai, a, sizeof a);
        st = cg_fail(err, CG_ERR_SYSTEM, "listen on %s port %s: %s", a, port, strerror(errno));
        if (s >= 0)
            close(s);
    }
    freeaddrinfo(res);
    if (st || !bound_port)
        return st;
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    getsockname(*fd, (struct sockaddr *)&ss, &len);
    *bound_port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                 : ((struct sockaddr_in *)&ss)->sin_port);
    return CG_OK;
}

/* "1.2.3.4:5678" or "[::1]:5678"; the address length is the one accept gave (BSDs refuse
 * sizeof the storage). */
static void peer_text(const struct sockaddr_storage *ss, socklen_t len, char *out, size_t size)
{
    char host[64], port[16];
    if (getnameinfo((const struct sockaddr *)ss, len, host, sizeof host, port, sizeof port,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        snprintf(out, size, "?:?");
        return;
    }
    snprintf(out, size, ss->ss_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, port);
}

/* What to do after accept failed with e: see cg_tcp_accept in tube.h. */
static cg_status accept_failure(int e)
{
    switch (e) {
    case EAGAIN:
#if EWOULDBLOCK != EAGAIN
    case EWOULDBLOCK:
#endif
    case EINTR:
        return CG_ERR_TIMEOUT;
    case ECONNABORTED: case EPROTO: case EPERM: case ENETDOWN: case ENETUNREACH:
    case EHOSTUNREACH: case ENOPROTOOPT: case EOPNOTSUPP: case ETIMEDOUT:
#ifdef EHOSTDOWN
    case EHOSTDOWN:
#endif
#ifdef ENONET
    case ENONET:
#endif
        return CG_ERR_EOF;
    case EBADF: case EINVAL: case ENOTSOCK: case EFAULT:
        return CG_ERR_SYSTEM;
    default: /* EMFILE, ENFILE, ENOBUFS, ENOMEM, and whatever else may pass */
        return CG_ERR_LIMIT;
    }
}

cg_status cg_tcp_accept(int listen_fd, int *fd, char *peer, size_t peer_size, cg_error *err)
{
    *fd = -1;
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    int s = cgi_accept_nb(listen_fd, (struct sockaddr *)&ss, &len);
    if (s < 0) {
        int e = errno;
        return cg_fail(err, accept_failure(e), "accept: %s", strerror(e));
    }
    int one = 1;
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (peer && peer_size)
        peer_text(&ss, len, peer, peer_size);
    *fd = s;
    return CG_OK;
}
