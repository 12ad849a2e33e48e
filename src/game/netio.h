/* Internal: one server-side connection (plain TCP or TLS over a non-blocking socket) with
 * deadline-bound sends and line reads into a fixed buffer. Every wait polls the connection and the
 * server's stop eventfd together. Not a public API: the client side uses tubes (tube.h). */
#ifndef CUBEGOD_GAME_NETIO_H
#define CUBEGOD_GAME_NETIO_H

#include <stdbool.h>
#include <stddef.h>

#include <openssl/ssl.h>

#include "cubegod/error.h"

typedef struct cg_net {
    int fd;
    int stop_fd;
    SSL *ssl;     /* NULL for plain TCP */
    bool stopped; /* a wait ended because the server is stopping */
    char *buf;    /* received bytes not consumed yet */
    size_t cap, len;
} cg_net;

/* A deadline `seconds` from now on the monotonic clock. */
double cg_net_deadline(double seconds);

void cg_net_init(cg_net *n, int fd, int stop_fd, char *buf, size_t cap);
/* TLS accept when ctx is not NULL (nothing to do otherwise). CG_ERR_TLS, CG_ERR_TIMEOUT,
 * CG_ERR_EOF, CG_ERR_SYSTEM. */
cg_status cg_net_handshake(cg_net *n, SSL_CTX *ctx, double deadline, cg_error *err);
/* Sends all bytes. CG_ERR_TIMEOUT when the peer does not take them in time; CG_ERR_SYSTEM
 * (also when stopped), CG_ERR_TLS. */
cg_status cg_net_send(cg_net *n, const void *data, size_t len, double deadline, cg_error *err);
/* Waits for a complete line: on CG_OK it is buf[0, *len) and buf[*len] is its '\n'.
 * CG_ERR_LIMIT when the buffer fills without a newline, CG_ERR_TIMEOUT, CG_ERR_EOF,
 * CG_ERR_SYSTEM (also when stopped), CG_ERR_TLS. */
cg_status cg_net_read_line(cg_net *n, double deadline, size_t *len, cg_error *err);
/* Drops the first k buffered bytes. */
void cg_net_consume(cg_net *n, size_t k);
/* Ends the connection politely: TLS close_notify, our side shut, then a short drain of what the
 * peer is still sending so that the last verdict is not destroyed by a reset. */
void cg_net_close(cg_net *n);

#endif
