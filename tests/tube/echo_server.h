/* A line echo server on 127.0.0.1 in a thread, for the tube tests (plain TCP or TLS). */
#ifndef CUBEGOD_TESTS_TUBE_ECHO_SERVER_H
#define CUBEGOD_TESTS_TUBE_ECHO_SERVER_H

#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cubegod/tube.h"

typedef struct echo_server {
    int lfd;
    char port[16];
    int conns;           /* connections to serve, one after the other */
    bool reset;          /* on the client's first byte, close with a RST instead of echoing */
    bool reset_after_line; /* once a session is up, reset the connection under it after a line */
    bool close_after_line; /* once a session is up, close it after a line */
    cg_tls_server *tls;  /* NULL: plain TCP */
    int handshakes_ok;
    pthread_t thread;
} echo_server;

static void echo_lines(cg_tube *t)
{
    const uint8_t *p;
    size_t n;
    while (cg_tube_recvline(t, 10, &p, &n, NULL) == CG_OK)
        if (cg_tube_sendline(t, p, n, NULL) != CG_OK)
            break;
}

/* The socket's close then sends a RST, not a FIN. */
static void linger_zero(int fd)
{
    struct linger lg = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
}

static void reset_now(int fd)
{
    linger_zero(fd);
    close(fd);
}

/* A RST under the tube: the socket's last descriptor closed with linger 0, /dev/null put in its
 * place, so the tube's own close (and a TLS close_notify) go nowhere. */
static void reset_under(int fd)
{
    linger_zero(fd);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
        dup2(nul, fd);
        close(nul);
    }
}

static void *echo_main(void *arg)
{
    echo_server *s = arg;
    const cg_tube_options quiet = {.log_level = CG_LOG_QUIET, .connect_timeout = 10};
    for (int i = 0; i < s->conns; i++) {
        int fd = accept(s->lfd, NULL, NULL);
        if (fd < 0)
            break;
        if (s->reset) {
            /* Only once the client has sent a byte: a reset before that could beat the
             * client's own connect() to completion, and the test is about a reset mid-stream. */
            char byte;
            ssize_t got = recv(fd, &byte, 1, 0);
            (void)got;
            reset_now(fd);
            continue;
        }
        cg_tube *t;
        cg_status st = s->tls ? cg_tube_tls_accept(s->tls, fd, "server", &quiet, &t, NULL)
                              : cg_tube_fds(fd, fd, "server", &quiet, &t, NULL);
        if (st)
            continue;
        s->handshakes_ok++;
        if (s->reset_after_line || s->close_after_line) {
            const uint8_t *p;
            size_t n;
            if (cg_tube_recvline(t, 10, &p, &n, NULL) == CG_OK && s->reset_after_line)
                reset_under(cg_tube_fileno(t));
        } else {
            echo_lines(t);
        }
        cg_tube_close(t);
    }
    return NULL;
}

/* Listens on 127.0.0.1, port 0, and starts serving `conns` connections. */
static inline int echo_start(echo_server *s, int conns)
{
    int port;
    if (cg_tcp_listen("127.0.0.1", "0", 8, &s->lfd, &port, NULL) != CG_OK)
        return -1;
    snprintf(s->port, sizeof s->port, "%d", port);
    s->conns = conns;
    return pthread_create(&s->thread, NULL, echo_main, s);
}

static inline void echo_stop(echo_server *s)
{
    pthread_join(s->thread, NULL);
    close(s->lfd);
}

#endif
