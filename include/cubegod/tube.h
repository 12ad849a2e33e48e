/* cubegod: tubes, a small pwntools-style I/O library.
 *
 * A cg_tube is one byte stream with a receive buffer. Transports only move bytes: TCP (IPv4 and
 * IPv6), TLS over TCP (OpenSSL), a local process over pipes, a file, a memory source, a pair of
 * file descriptors, a caller's callbacks. Every receive operation lives in the tube, so all
 * transports behave alike.
 *
 * Timeouts. Every receive takes `timeout` in seconds, counted from the call: CG_TUBE_FOREVER (any
 * negative value) waits without limit, 0 only takes what is already there. The three ways a
 * receive can fail are distinct:
 *   CG_ERR_TIMEOUT  the deadline passed; nothing is consumed, what arrived stays buffered;
 *   CG_ERR_EOF      the peer closed the stream before the request was met; what arrived stays
 *                   buffered (cg_tube_peek, cg_tube_recvall);
 *   CG_ERR_SYSTEM / CG_ERR_TLS   the transport failed (message names the tube and the reason).
 * CG_ERR_LIMIT: the request cannot be met without holding more than `max_buffer` unconsumed bytes
 * (a peer that never sends the delimiter): memory stays bounded.
 *
 * Received data is returned as a view: a pointer into the tube's buffer and a length. A view
 * stays valid until the next receive, peek or close on the same tube (sends do not disturb it);
 * copy it to keep it. Consumption moves a start offset (no memmove per call); the buffer is
 * compacted only when it must grow, and a delimiter search never rescans bytes it already saw.
 *
 * Sends write every byte before returning, as one write call whenever the transport takes it
 * whole (sendline builds line + "\n" in one buffer). TCP tubes set TCP_NODELAY, and TCP_QUICKACK
 * after every read (Linux re-arms delayed ACKs) so a peer that writes a round in small pieces
 * does not stall on Nagle + delayed ACK. SIGPIPE is never raised: a closed peer is CG_ERR_SYSTEM
 * ("Broken pipe") from the send.
 *
 * Logging, like pwntools' context.log_level, but quiet unless asked: CG_LOG_QUIET (default,
 * zero) says nothing, CG_LOG_INFO says "[+] Opening connection to HOST on port PORT: Done" and
 * "[*] Closed connection ...", CG_LOG_DEBUG adds a hexdump of every byte in each direction.
 * The lines go to the caller's cg_log_fn when it sets one, else to the options' FILE (NULL:
 * stderr): a program linking the library prints nothing unless it sets a level (the command
 * line does). Optionally a hook sees every byte sent and received, as it crosses the transport
 * (for transcripts).
 *
 * A tube is used by one thread at a time. Passing NULL options means all defaults. */
#ifndef CUBEGOD_TUBE_H
#define CUBEGOD_TUBE_H

#include "cubegod/export.h"

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/clock.h"
#include "cubegod/error.h"

#define CG_TUBE_FOREVER (-1.0)
#define CG_TUBE_DEFAULT_MAX ((size_t)1 << 20)  /* default max_buffer: 1 MiB */
#define CG_TUBE_DEFAULT_TIMEOUT 10.0           /* default connect/handshake and send timeouts */

/* ---- logging ---- */

typedef enum cg_log_level {
    CG_LOG_QUIET = 0,  /* nothing (the default) */
    CG_LOG_INFO = 1,   /* connections opened and closed, processes started and stopped */
    CG_LOG_DEBUG = 2,  /* also a hexdump of every byte in each direction */
} cg_log_level;

/* Receives the log: text is one line "[+] ...\n", or a "[DEBUG] ..." line followed by its
 * hexdump lines, each ending in '\n'; at says which level it belongs to. Called from the
 * thread using the tube. */
typedef void (*cg_log_fn)(void *ctx, cg_log_level at, const char *text);

typedef struct cg_log {
    cg_log_level level;
    FILE *out;     /* NULL: stderr (when fn is NULL) */
    cg_log_fn fn;  /* NULL: write to out */
    void *fn_ctx;
} cg_log;

/* Writes one line "[c] message\n" (c is '*', '+', '-', '!'; "DEBUG" when at is CG_LOG_DEBUG)
 * when log->level >= at, to log->fn or else log->out. log may be NULL: nothing is written. */
CG_API void cg_log_msg(const cg_log *log, cg_log_level at, char c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Hexdump of n bytes: lines "    0000  68 65 6c 6c 6f 0a ...   |hello.|", 16 bytes each. */
CG_API void cg_hexdump(FILE *out, const void *p, size_t n);

/* ---- options ---- */

enum { CG_TUBE_RECEIVED = 0, CG_TUBE_SENT = 1 }; /* `direction` of the data hook */

/* Sees every chunk of bytes as it crosses the transport: received ones right after the read,
 * sent ones right after the write. Timestamps are the hook's business. */
typedef void (*cg_tube_data_fn)(void *ctx, int direction, const uint8_t *p, size_t n);

/* Zero-initialised (or NULL) means every default. */
typedef struct cg_tube_options {
    cg_log_level log_level;  /* default CG_LOG_QUIET */
    FILE *log;               /* log lines and hexdumps when log_fn is NULL; NULL: stderr */
    cg_log_fn log_fn;        /* receives them instead; NULL: none */
    void *log_ctx;
    cg_tube_data_fn on_data; /* NULL: none */
    void *on_data_ctx;
    size_t max_buffer;       /* most unconsumed bytes held; 0: CG_TUBE_DEFAULT_MAX */
    double connect_timeout;  /* connect + TLS handshake, seconds; 0: 10 s; < 0: forever */
    double send_timeout;     /* a send waiting for the peer to read; 0: 10 s; < 0: forever */
    bool delayed_acks;       /* TCP: keep delayed ACKs (no TCP_QUICKACK after reads), for a
                                side that answers every read at once, so that its answer carries
                                the ACK (the server); default: quick ACKs */
    /* cg_tube_connect only: */
    bool tls;                /* TLS over TCP */
    bool insecure;           /* TLS: skip certificate and host name verification */
    const char *sni;         /* TLS: name sent (SNI) and verified; NULL: host, or no SNI when
                                host is an IP literal (then the IP is verified) */
    const char *ca_file;     /* TLS: trust these PEM certificates instead of the system's */
    /* cg_tube_process only: */
    const char *path;        /* where a program named without a '/' is searched: directories
                                separated by ':', as in PATH (the library reads no environment:
                                cubegod play passes its PATH); NULL or "": /bin:/usr/bin */
} cg_tube_options;

typedef struct cg_tube cg_tube;

/* A flag a signal handler sets (NULL: none, the default): a wait of any tube (connect, TLS or
 * proxy handshake, receive, send) ends with CG_ERR_EOF ("stopped by a signal") once *flag is
 * nonzero: at once when the signal interrupts it, else within 0.1 s (while a flag is set up,
 * no wait sleeps longer than that in one go: a signal that came just before a wait began
 * interrupts nothing), so a program stops at any stage. A wait that begins with *flag set ends
 * at once. Process-wide. */
CG_API void cg_tube_stop_flag(const volatile sig_atomic_t *flag);
/* The flag given to cg_tube_stop_flag, or NULL: for work between two waits (a proof of work) to
 * stop on the same signal. */
CG_API const volatile sig_atomic_t *cg_tube_stop_flag_get(void);

/* ---- opening tubes ---- (each returns CG_OK and *out, or an error and *out = NULL) */

/* TCP (or TLS with o->tls) to host:port, every address getaddrinfo gives (IPv4 and IPv6) in
 * turn within o->connect_timeout. Errors: CG_ERR_SYSTEM (resolution, refused, unreachable...),
 * CG_ERR_TIMEOUT, CG_ERR_TLS (handshake; a verification failure names OpenSSL's reason, e.g.
 * "certificate verify failed: self-signed certificate"; o->insecure skips verification).
 *
 * End of a TLS stream: SSL_OP_IGNORE_UNEXPECTED_EOF is set on both sides, so a peer that closes
 * the TCP connection without a TLS close_notify gives CG_ERR_EOF, as a plain TCP close does, not
 * CG_ERR_TLS. Many servers (socat, Python scripts, CTF frontends) close that way, and the game
 * client already judges an ending by what came before it (no verdict, no flag: lost). The cost:
 * an EOF does not prove that the stream is complete (an attacker on the path can cut it short);
 * callers that need completeness must check it in their own protocol. */
CG_API cg_status cg_tube_connect(const char *host, const char *port, const cg_tube_options *o,
                          cg_tube **out, cg_error *err);

/* A local process: argv[0] searched in o->path, no shell, stdin and stdout are pipes, stderr is
 * inherited. The child leads a process group of its own (a terminal's Ctrl-C reaches the
 * caller, not it). Close reaps the child and ends its group (see cg_tube_close). Errors: CG_ERR_SYSTEM (pipe, spawn:
 * "No such file or directory" when argv[0] is not found). */
CG_API cg_status cg_tube_process(char *const argv[], const cg_tube_options *o, cg_tube **out,
                          cg_error *err);
/* The same from one command string split by cg_split_command ("python3 app.py"). Also
 * CG_ERR_INPUT for an unbalanced quote or an empty command. */
CG_API cg_status cg_tube_process_cmd(const char *cmd, const cg_tube_options *o, cg_tube **out,
                              cg_error *err);
/* Splits a command the way a shell splits simple words: blanks separate, '...' is literal,
 * "..." keeps blanks and takes \" \\ \$ \` escapes, \x outside quotes is x. No expansion of
 * any kind. *argv is a NULL-terminated array, freed with cg_argv_free. Errors: CG_ERR_INPUT
 * ("unterminated \" quote at position 7", empty command), CG_ERR_NOMEM. */
CG_API cg_status cg_split_command(const char *cmd, char ***argv, cg_error *err);
CG_API void cg_argv_free(char **argv);

/* Memory source (replay, tests): the n bytes are copied; each transport read returns at most
 * `chunk` bytes (0: all; 1 dribbles a byte at a time); then EOF. Sent bytes are kept and can be
 * read back with cg_tube_memory_sent. */
CG_API cg_status cg_tube_memory(const void *data, size_t n, size_t chunk, const cg_tube_options *o,
                         cg_tube **out, cg_error *err);
/* What was sent to a memory tube so far (view valid until the next send or close). CG_ERR_INPUT
 * if t is not a memory tube. */
CG_API cg_status cg_tube_memory_sent(const cg_tube *t, const uint8_t **p, size_t *n, cg_error *err);

/* A file read from start to end (then EOF); sends fail with CG_ERR_SYSTEM. */
CG_API cg_status cg_tube_file(const char *path, const cg_tube_options *o, cg_tube **out, cg_error *err);

/* Existing descriptors, owned by the tube from now on (closed by cg_tube_close, also on
 * failure): reads from rfd, writes to wfd (-1: sends fail), both may be the same (a socketpair
 * end, a pipe pair). Sockets get TCP_NODELAY/TCP_QUICKACK where they apply. `name` is used in
 * messages (NULL: "fd N"). Both descriptors are switched to non-blocking mode. */
CG_API cg_status cg_tube_fds(int rfd, int wfd, const char *name, const cg_tube_options *o,
                      cg_tube **out, cg_error *err);

/* ---- servers (cubegod serve, tests) ---- */

/* A listening TCP socket on host:port (port "0" picks a free one), SO_REUSEADDR, CLOEXEC.
 * *bound_port (may be NULL) receives the actual port. Errors: CG_ERR_SYSTEM. */
CG_API cg_status cg_tcp_listen(const char *host, const char *port, int backlog, int *fd,
                        int *bound_port, cg_error *err);

/* Takes one pending connection from a listening socket: the new socket is non-blocking,
 * close-on-exec, TCP_NODELAY. peer (may be NULL) receives "1.2.3.4:5678" or "[::1]:5678".
 * The errors say what the caller should do next:
 *   CG_ERR_TIMEOUT  nothing is waiting (or a signal came): wait for readability again;
 *   CG_ERR_EOF      this one connection failed before it was accepted (aborted, or a network
 *                   error Linux passes on: ENETDOWN, EHOSTUNREACH, EPERM, ...): try the next;
 *   CG_ERR_LIMIT    out of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM) or an error
 *                   not known to be final: pause, then try again;
 *   CG_ERR_SYSTEM   the listener itself is unusable (EBADF, EINVAL, ENOTSOCK, EFAULT).
 * Every message carries errno's text. */
CG_API cg_status cg_tcp_accept(int listen_fd, int *fd, char *peer, size_t peer_size,
                               cg_error *err);

/* Certificate and key for TLS servers, loaded once, shared by any number of threads. */
typedef struct cg_tls_server cg_tls_server;
/* Loads a PEM certificate chain and its private key; freed with cg_tls_server_free (NULL is
 * fine). CG_ERR_TLS (a file unreadable or not PEM, a key that does not match the certificate:
 * the message says which, with OpenSSL's reason), CG_ERR_NOMEM. */
CG_API cg_status cg_tls_server_new(const char *cert_file, const char *key_file, cg_tls_server **out,
                            cg_error *err);
CG_API void cg_tls_server_free(cg_tls_server *s);
/* Server side of TLS on an accepted socket (owned by the tube from now on; closed on failure);
 * the handshake must finish within o->connect_timeout. Errors: CG_ERR_TLS, CG_ERR_TIMEOUT,
 * CG_ERR_EOF (the client left during the handshake). */
CG_API cg_status cg_tube_tls_accept(cg_tls_server *s, int fd, const char *name,
                             const cg_tube_options *o, cg_tube **out, cg_error *err);

/* ---- receiving ---- (views: see the top of this file) */

/* Some bytes: what is buffered, else what one transport read gives; at most max (0: no limit).
 * *n >= 1 on CG_OK. */
CG_API cg_status cg_tube_recv(cg_tube *t, size_t max, double timeout, const uint8_t **p, size_t *n,
                       cg_error *err);
/* Exactly n bytes. CG_ERR_LIMIT when n > max_buffer. */
CG_API cg_status cg_tube_recvn(cg_tube *t, size_t n, double timeout, const uint8_t **p, cg_error *err);
/* Up to and including the first occurrence of delim (dlen >= 1 bytes). */
CG_API cg_status cg_tube_recvuntil(cg_tube *t, const void *delim, size_t dlen, double timeout,
                            const uint8_t **p, size_t *n, cg_error *err);
/* One line, without its "\n". A "\r" before the "\n" is kept (CRLF is the caller's business).
 * The view is followed by a NUL byte (the line itself may contain NULs). */
CG_API cg_status cg_tube_recvline(cg_tube *t, double timeout, const uint8_t **line, size_t *n,
                           cg_error *err);
/* One line as cg_tube_recvline, or, while no newline has come, everything buffered as soon as it
 * ends with `tail` (tlen >= 1 bytes), trailing spaces and tabs of both ignored: a prompt printed
 * without a newline, as Python's input("...: ") does (its trailing blank may then come with the
 * next receive). Only the end of what has arrived is checked: a prompt followed by more text on
 * the same line is no prompt. *by_tail tells which ended the receive; the view is followed by a
 * NUL byte. */
CG_API cg_status cg_tube_recvline_or_tail(cg_tube *t, const void *tail, size_t tlen, double timeout,
                                   const uint8_t **p, size_t *n, bool *by_tail, cg_error *err);
/* Says whether a partial line (no newline yet, n >= 1 bytes, not NUL-terminated) is one the
 * caller is waiting for (a prompt printed without a newline); quiet: the peer has sent nothing
 * for the receive's `quiet` seconds since the last data. */
typedef bool (*cg_partial_fn)(void *ctx, const char *text, size_t n, bool quiet);
/* One line as cg_tube_recvline, or, while no newline has come, everything buffered as a partial
 * line (*partial set) as soon as `waiting` (may be NULL) accepts it: after each read, and once
 * more whenever the peer then stays silent for `quiet` seconds (0: never). The view is followed
 * by a NUL byte. */
CG_API cg_status cg_tube_recvline_or_partial(cg_tube *t, double timeout, double quiet,
                                             cg_partial_fn waiting, void *ctx, const uint8_t **p,
                                             size_t *n, bool *partial, cg_error *err);
/* Everything until EOF (CG_OK, possibly 0 bytes). CG_ERR_TIMEOUT if the peer is still open at
 * the deadline, CG_ERR_LIMIT past max_buffer. The view is followed by a NUL byte. */
CG_API cg_status cg_tube_recvall(cg_tube *t, double timeout, const uint8_t **p, size_t *n,
                          cg_error *err);
/* The bytes buffered now, without reading or consuming. Never fails. */
CG_API void cg_tube_peek(cg_tube *t, const uint8_t **p, size_t *n);

/* ---- sending ---- */

/* All n bytes, within o->send_timeout. CG_ERR_SYSTEM (the peer closed: "Broken pipe"; a
 * transport failure), CG_ERR_TIMEOUT (the peer stopped reading), CG_ERR_TLS. */
CG_API cg_status cg_tube_send(cg_tube *t, const void *p, size_t n, cg_error *err);
/* p + "\n" in one write. */
CG_API cg_status cg_tube_sendline(cg_tube *t, const void *p, size_t n, cg_error *err);
/* recvuntil(delim) then sendline(line); the received view (may be NULL) is as recvuntil's. */
CG_API cg_status cg_tube_sendlineafter(cg_tube *t, const void *delim, size_t dlen, const void *line,
                                size_t n, double timeout, const uint8_t **got, size_t *got_n,
                                cg_error *err);
/* No more sends: shutdown(SHUT_WR) for sockets, TLS close_notify, closes a process's stdin.
 * Receiving still works. */
CG_API cg_status cg_tube_shutdown_send(cg_tube *t, cg_error *err);

/* ---- the rest ---- */

/* "tcp example.org:1337", "tls ...", "process 'python3 app.py' (pid 42)", "memory", ... */
CG_API const char *cg_tube_name(const cg_tube *t);
/* Descriptor to poll for readability (-1 for memory tubes). Poll it only when
 * cg_tube_buffered(t) is 0: bytes may wait in the tube or inside TLS without the descriptor
 * being readable. */
CG_API int cg_tube_fileno(const cg_tube *t);
/* Bytes a receive can have without waiting: the tube's buffer plus what the transport already
 * decoded (TLS). */
CG_API size_t cg_tube_buffered(const cg_tube *t);
/* True when nothing is buffered and nothing becomes readable within `seconds`: the peer has gone
 * quiet (it waits for us). Reads nothing, so views from earlier receives stay valid. A memory
 * tube, or one at EOF, is idle once its buffer is empty. */
CG_API bool cg_tube_idle(const cg_tube *t, double seconds);
/* Process tubes: waits up to timeout for the child to exit; *wstatus as from waitpid. Errors:
 * CG_ERR_TIMEOUT, CG_ERR_INPUT (not a process tube), CG_ERR_SYSTEM. */
CG_API cg_status cg_tube_wait(cg_tube *t, double timeout, int *wstatus, cg_error *err);
/* Closes the transport and frees everything (NULL is fine). A process still running gets EOF on
 * stdin, then SIGTERM after 0.5 s and SIGKILL after 1 s more, each sent to its whole process
 * group; it is always reaped. What it left in its group once it is gone (a shell's children)
 * gets SIGTERM, then SIGKILL after 1 s. */
CG_API void cg_tube_close(cg_tube *t);

/* ---- custom transports ---- */

/* A transport moves bytes and nothing else. Deadlines are CLOCK_MONOTONIC nanoseconds, -1 for
 * none. */
typedef struct cg_transport {
    /* Reads 1..cap bytes into buf (*got), or returns CG_ERR_EOF / CG_ERR_TIMEOUT / an error. */
    cg_status (*recv)(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                      cg_error *err);
    /* Writes all n bytes (as few writes as possible) or fails. NULL: read-only. */
    cg_status (*send)(void *self, const uint8_t *p, size_t n, int64_t deadline, cg_error *err);
    cg_status (*shutdown_send)(void *self, cg_error *err); /* NULL: nothing to do */
    int (*fileno)(void *self);                              /* NULL: -1 */
    void (*close)(void *self, const cg_log *log);           /* frees self */
    /* Bytes the transport holds already decoded (TLS records), which no poll on its descriptor
     * announces. NULL: none. */
    size_t (*pending)(void *self);
    /* Whether bytes can be read within `seconds` (cg_tube_idle), for a transport with no
     * descriptor to poll. NULL: poll fileno (none: idle at once). */
    bool (*readable)(void *self, double seconds);
} cg_transport;

/* A tube over a custom transport; self is owned by the tube (closed by ops->close, also when
 * this fails). `name` is copied. */
CG_API cg_status cg_tube_new(const cg_transport *ops, void *self, const char *name,
                      const cg_tube_options *o, cg_tube **out, cg_error *err);
/* The clock and deadlines of transports are cg_now_ns / cg_deadline (cubegod/clock.h). */

/* ---- a tube over caller callbacks ---- */

/* For a binding that moves the bytes itself (Python's cubegod.play over a pwntools tube or a
 * socket): plain return values, so a foreign-function callback needs no cubegod types. */
typedef struct cg_tube_callbacks {
    /* Reads 1..cap bytes into buf within timeout seconds (< 0: no limit): returns how many,
     * 0 when the peer closed, -1 when nothing came in time, -2 when it failed. */
    long (*recv)(void *ctx, uint8_t *buf, size_t cap, double timeout);
    /* Writes all n bytes: 0, or -2 when it failed. NULL: sends fail. */
    long (*send)(void *ctx, const uint8_t *p, size_t n);
    /* 1 when bytes can be read within timeout seconds (what the caller's own buffer holds
     * counts), else 0; nothing is taken. NULL: never (the tube is idle once its buffer is
     * empty, as a memory tube). */
    int (*readable)(void *ctx, double timeout);
    void *ctx;
} cg_tube_callbacks;

/* A tube whose transport is cb (copied; ctx must outlive the tube). Sends get no deadline: the
 * caller's object keeps its own. Errors: CG_ERR_INPUT (no recv callback), CG_ERR_NOMEM; later
 * receives fail with CG_ERR_SYSTEM when a callback returns -2 (the binding keeps its reason). */
CG_API cg_status cg_tube_from_callbacks(const cg_tube_callbacks *cb, const char *name,
                                        const cg_tube_options *o, cg_tube **out, cg_error *err);

/* ---- addresses and proxies ---- */

/* Where to connect, as a player writes it. */
typedef struct cg_address {
    char host[256]; /* without brackets for IPv6 */
    char port[6];   /* decimal 1..65535 */
} cg_address;

/* Reads an address from n words (command-line arguments): HOST PORT, HOST:PORT, [V6]:PORT,
 * [V6] PORT, or a pasted netcat command "nc [-v] HOST PORT" (also as one word with blanks).
 * Nothing is resolved. Errors: CG_ERR_INPUT with a message that says what to write instead:
 * "port 99999 is out of range: ports go from 1 to 65535", "'1337 10.0.0.1': host and port look
 * swapped; give HOST PORT", "'::1:80': an IPv6 address with a port is written [V6]:PORT". */
CG_API cg_status cg_address_parse(const char *const *words, int n, cg_address *a, cg_error *err);

/* cg_tube_connect through a proxy: proxy is "socks5://HOST:PORT" (SOCKS5 without
 * authentication; the proxy resolves host), "socks5h://..." (the same) or "http://HOST:PORT"
 * (HTTP CONNECT); NULL or "" connects directly. With o->tls the TLS session runs through the
 * tunnel to host (SNI and verification for host, not for the proxy). Within
 * o->connect_timeout. Errors: CG_ERR_INPUT (a proxy URL that is not one of those; a host over 255
 * bytes or a port not from 1 to 65535, refused before the proxy is asked), CG_ERR_SYSTEM
 * (the proxy cannot be reached), CG_ERR_PROTOCOL (the proxy refused: its reason, e.g. "SOCKS5
 * proxy 127.0.0.1:1080: connection refused by the destination", "HTTP proxy ...: HTTP/1.1 403
 * Forbidden"), CG_ERR_EOF, CG_ERR_TIMEOUT, CG_ERR_TLS as for cg_tube_connect. */
CG_API cg_status cg_tube_connect_proxy(const char *proxy, const char *host, const char *port,
                                       const cg_tube_options *o, cg_tube **out, cg_error *err);

#endif
