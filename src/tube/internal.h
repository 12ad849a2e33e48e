/* Private helpers shared by the tube core and its transports. */
#ifndef CUBEGOD_TUBE_INTERNAL_H
#define CUBEGOD_TUBE_INTERNAL_H

#include <signal.h>
#include <stdbool.h>

#include "cubegod/tube.h"
#include "util/compat.h"

/* Options with every default filled in (o may be NULL). */
cg_tube_options cgi_tube_opts(const cg_tube_options *o);
cg_log cgi_tube_opts_log(const cg_tube_options *o);

/* The transport state of t when it was opened with ops, else NULL. */
void *cgi_tube_self(const cg_tube *t, const cg_transport *ops);

/* Debug hexdump of one chunk, "[DEBUG] Received 0x5 bytes:" and the dump. */
void cgi_log_data(const cg_log *log, int direction, const uint8_t *p, size_t n);

/* ---- descriptors (fd.c) ---- */

cg_status cgi_fd_nonblock(int fd, cg_error *err);
/* Waits until fd is ready for events or the deadline passes (CG_ERR_TIMEOUT). */
cg_status cgi_fd_wait(int fd, short events, int64_t deadline, cg_error *err);
/* Whether st is the peer's end of stream, not a wait stopped by the stop flag (both are
 * CG_ERR_EOF): what a caller may call "closed the connection". */
bool cgi_fd_closed(cg_status st);
/* One read of 1..cap bytes; TCP_QUICKACK afterwards when quickack. */
cg_status cgi_fd_read(int fd, bool quickack, uint8_t *buf, size_t cap, int64_t deadline,
                     size_t *got, cg_error *err);
/* Writes all n bytes: send(MSG_NOSIGNAL) on sockets, write with SIGPIPE held otherwise. */
cg_status cgi_fd_write(int fd, bool sock, const uint8_t *p, size_t n, int64_t deadline,
                      cg_error *err);
bool cgi_fd_is_socket(int fd);
bool cgi_fd_is_tcp(int fd);
/* TCP_NODELAY on; TCP_QUICKACK on when quickack (re-armed after each read by the caller). */
void cgi_tcp_tune(int fd, bool quickack);
void cgi_tcp_quickack(int fd);

/* SIGPIPE held back for this thread while writing to a pipe or through OpenSSL. */
typedef struct cg_sigpipe {
    sigset_t old;
    bool was_pending;
} cg_sigpipe;
void cgi_sigpipe_hold(cg_sigpipe *s);
/* epipe: the write failed with EPIPE, so a SIGPIPE of ours may be pending: swallow it. */
void cgi_sigpipe_release(cg_sigpipe *s, bool epipe);

/* cg_tube_fds that logs "[*] Closed <said>" on close when said is not NULL. */
cg_status cgi_fd_tube(int rfd, int wfd, const char *name, const char *said,
                     const cg_tube_options *o, cg_tube **out, cg_error *err);

/* ---- TCP and TLS (tcp.c, tls.c) ---- */

/* A port as an address carries it: decimal 1..65535 (address.c). Errors: CG_ERR_INPUT. */
cg_status cgi_port_check(const char *port, cg_error *err);

/* A connected, tuned (TCP_NODELAY), non-blocking TCP socket. */
cg_status cgi_tcp_connect_fd(const char *host, const char *port, int64_t deadline, int *fd,
                            cg_error *err);
/* TLS client over a connected socket (owned from now on). */
cg_status cgi_tls_connect(int fd, const char *host, const char *port, const cg_tube_options *o,
                         int64_t deadline, cg_tube **out, cg_error *err);

#endif
