/* The challenge server: a listener, and one thread per game.
 *
 * Why threads and not an event loop: a game is a short sequential dialogue (send, read a line
 * before a deadline, check, repeat), which reads best as straight-line code; TLS handshakes and
 * records then need no state machine of their own; and a slow client can only ever block its own
 * thread. Every wait is a poll() on the connection and the server's stop eventfd with the time
 * left, so deadlines are exact and a stop ends every game at once. A few hundred mostly idle
 * threads with 256 KiB stacks cost little. */
#include "cubegod/server.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <openssl/err.h>
#include <openssl/ssl.h>

#include "game/netio.h"

#define THREAD_STACK (256 * 1024)
#define IO_TIMEOUT 10.0 /* seconds for a TLS handshake or for the client to take our output */

struct cg_server {
    cg_server_options opt;
    int listen_fd;
    int stop_fd; /* eventfd: readable once cg_server_stop was called */
    int port;
    uint64_t seed;
    SSL_CTX *tls;
    size_t banner_len;
    char banner[256];

    pthread_mutex_t lock; /* guards the counters below */
    pthread_cond_t idle;  /* signalled when a game ends */
    long active, started, finished, won;
    time_t accept_noted; /* last time an accept failure was logged (accepting thread only) */
};

typedef struct game {
    cg_server *srv;
    long number;
    cg_net net;
    char peer[80];
    int passed;
    char outcome[CG_ERROR_MSG_MAX + 64];
    size_t out_cap;
    char *out; /* one round's output */
    char in[CG_SERVER_LINE_MAX];
} game;

cg_server_options cg_server_defaults(void)
{
    return (cg_server_options){
        .host = "127.0.0.1",
        .port = 0,
        .rounds = 100,
        .alarm = 1.0,
        .max_moves = CG_MAX_SOLUTION,
        .flag = "flag{cubegod_local_practice}",
        .check = CG_TARGET_ANY,
        .max_clients = 512,
        .log = stderr,
    };
}

static cg_status check_options(const cg_server_options *o, cg_error *err)
{
    if (o->rounds < 1 || o->rounds > 1000000)
        return cg_fail(err, CG_ERR_INPUT, "rounds: %d is not from 1 to 1000000", o->rounds);
    if (!(o->alarm > 0) || o->alarm > 86400)
        return cg_fail(err, CG_ERR_INPUT, "alarm: %g is not a number of seconds in (0, 86400]",
                       o->alarm);
    if (o->max_moves < 0 || o->max_moves > CG_SERVER_MAX_MOVES)
        return cg_fail(err, CG_ERR_INPUT, "max moves: %d is not from 0 to %d", o->max_moves,
                       CG_SERVER_MAX_MOVES);
    if (o->port < 0 || o->port > 65535)
        return cg_fail(err, CG_ERR_INPUT, "port: %d is not from 0 to 65535", o->port);
    if (o->max_clients < 1 || o->max_clients > 100000)
        return cg_fail(err, CG_ERR_INPUT, "max clients: %d is not from 1 to 100000",
                       o->max_clients);
    if (o->check != CG_TARGET_ANY && o->check != CG_TARGET_HOME)
        return cg_fail(err, CG_ERR_INPUT, "check: must be any or home");
    if (!o->tls_cert != !o->tls_key)
        return cg_fail(err, CG_ERR_INPUT, "TLS needs both a certificate and a key");
    if (!o->flag || strchr(o->flag, '\n') || strlen(o->flag) > 4096)
        return cg_fail(err, CG_ERR_INPUT, "flag: one line of at most 4096 bytes");
    if (o->games < 0)
        return cg_fail(err, CG_ERR_INPUT, "games: %ld is negative", o->games);
    return CG_OK;
}

static cg_status listen_on(cg_server *s, cg_error *err)
{
    char port[16];
    snprintf(port, sizeof port, "%d", s->opt.port);
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE};
    struct addrinfo *res;
    int rc = getaddrinfo(s->opt.host, port, &hints, &res);
    if (rc != 0)
        return cg_fail(err, CG_ERR_SYSTEM, "cannot resolve %s: %s", s->opt.host, gai_strerror(rc));
    int saved = 0;
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                        a->ai_protocol);
        if (fd < 0) {
            saved = errno;
            continue;
        }
        int one = 1;
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (bind(fd, a->ai_addr, a->ai_addrlen) == 0 && listen(fd, 1024) == 0) {
            struct sockaddr_storage ss;
            socklen_t sl = sizeof ss;
            getsockname(fd, (struct sockaddr *)&ss, &sl);
            s->port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                     : ((struct sockaddr_in *)&ss)->sin_port);
            s->listen_fd = fd;
            freeaddrinfo(res);
            return CG_OK;
        }
        saved = errno;
        close(fd);
    }
    freeaddrinfo(res);
    return cg_fail(err, CG_ERR_SYSTEM, "cannot listen on %s port %d: %s", s->opt.host,
                   s->opt.port, strerror(saved));
}

static cg_status tls_setup(cg_server *s, cg_error *err)
{
    s->tls = SSL_CTX_new(TLS_server_method());
    if (!s->tls)
        return cg_fail(err, CG_ERR_NOMEM, "cannot create a TLS context");
    SSL_CTX_set_min_proto_version(s->tls, TLS1_2_VERSION);
    const char *what = NULL;
    if (SSL_CTX_use_certificate_chain_file(s->tls, s->opt.tls_cert) != 1)
        what = s->opt.tls_cert;
    else if (SSL_CTX_use_PrivateKey_file(s->tls, s->opt.tls_key, SSL_FILETYPE_PEM) != 1)
        what = s->opt.tls_key;
    else if (SSL_CTX_check_private_key(s->tls) != 1)
        what = "the key does not match the certificate";
    if (!what)
        return CG_OK;
    char detail[160];
    ERR_error_string_n(ERR_get_error(), detail, sizeof detail);
    ERR_clear_error();
    return cg_fail(err, CG_ERR_TLS, "TLS: %s: %s", what, detail);
}

cg_status cg_server_open(const cg_server_options *opt, cg_server **out, cg_error *err)
{
    *out = NULL;
    cg_status st = check_options(opt, err);
    if (st != CG_OK)
        return st;
    cg_server *s = calloc(1, sizeof *s);
    if (!s)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    s->opt = *opt;
    s->listen_fd = -1;
    s->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->idle, NULL);
    if (s->stop_fd < 0) {
        st = cg_fail(err, CG_ERR_SYSTEM, "eventfd: %s", strerror(errno));
        goto fail;
    }
    s->seed = opt->seed;
    if (!opt->seeded && getrandom(&s->seed, sizeof s->seed, 0) != sizeof s->seed)
        s->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    s->banner_len = (size_t)snprintf(
        s->banner, sizeof s->banner,
        "Welcome to the cube god trial!\n"
        "Solve %d rounds, each in %g second(s) and at most %d moves, to get the flag!\n",
        opt->rounds, opt->alarm, opt->max_moves);
    if (opt->tls_cert && (st = tls_setup(s, err)) != CG_OK)
        goto fail;
    if ((st = listen_on(s, err)) != CG_OK)
        goto fail;
    *out = s;
    return CG_OK;
fail:
    cg_server_close(s);
    return st;
}

int cg_server_port(const cg_server *s) { return s->port; }

void cg_server_stop(cg_server *s)
{
    uint64_t one = 1;
    ssize_t r = write(s->stop_fd, &one, sizeof one);
    (void)r;
}

void cg_server_counts(cg_server *s, long *finished, long *won)
{
    pthread_mutex_lock(&s->lock);
    *finished = s->finished;
    *won = s->won;
    pthread_mutex_unlock(&s->lock);
}

void cg_server_close(cg_server *s)
{
    if (!s)
        return;
    if (s->listen_fd >= 0)
        close(s->listen_fd);
    if (s->stop_fd >= 0)
        close(s->stop_fd);
    SSL_CTX_free(s->tls);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->idle);
    free(s);
}

/* ---- one game ---- */

/* Appends formatted text to the game's output buffer (sized for the longest round). */
static size_t out_add(game *g, size_t len, const char *fmt, const char *text)
{
    int n = snprintf(g->out + len, g->out_cap - len, fmt, text);
    len += (size_t)n;
    return len < g->out_cap ? len : g->out_cap - 1;
}

/* Sends the output and the failure verdict, then records why the game ended. */
static void lose(game *g, size_t len, int round, const char *reason)
{
    len = out_add(g, len, "[-] %s\n", reason);
    cg_net_send(&g->net, g->out, len, cg_net_deadline(IO_TIMEOUT), NULL);
    snprintf(g->outcome, sizeof g->outcome, "lost in round %d: %s", round, reason);
}

static const char *read_failure(cg_status st, const cg_error *e)
{
    switch (st) {
    case CG_ERR_TIMEOUT: return "Time's up!";
    case CG_ERR_LIMIT: return "Answer too long: no newline within 4096 bytes";
    case CG_ERR_EOF: return "Connection closed before an answer";
    default: return e->msg;
    }
}

/* Plays one game; fills g->outcome and g->passed. */
static void play(game *g)
{
    cg_server *s = g->srv;
    cg_rng rng;
    cg_rng_seed(&rng, cg_game_seed(s->seed, (uint64_t)g->number));
    size_t len = out_add(g, 0, "%s", s->banner);
    for (int i = 1; i <= s->opt.rounds; i++) {
        cg_round r;
        cg_round_make(&rng, &r);
        len += cg_round_format(&r, i, s->opt.rounds, g->out + len, g->out_cap - len);
        cg_error e;
        cg_status st = cg_net_send(&g->net, g->out, len, cg_net_deadline(IO_TIMEOUT), &e);
        if (st != CG_OK) {
            snprintf(g->outcome, sizeof g->outcome, "dropped in round %d: %s", i, e.msg);
            return;
        }
        size_t n;
        st = cg_net_read_line(&g->net, cg_net_deadline(s->opt.alarm), &n, &e);
        if (st == CG_ERR_SYSTEM && g->net.stopped) {
            snprintf(g->outcome, sizeof g->outcome, "stopped in round %d", i);
            return;
        }
        if (st != CG_OK) {
            lose(g, 0, i, read_failure(st, &e));
            return;
        }
        int moves = 0;
        st = cg_answer_check(&r.cube, g->net.buf, n, s->opt.max_moves, s->opt.check, &moves, &e);
        cg_net_consume(&g->net, n + 1);
        if (st != CG_OK) {
            lose(g, 0, i, e.msg);
            return;
        }
        g->passed = i;
        char verdict[64];
        snprintf(verdict, sizeof verdict, "%d", moves);
        len = out_add(g, 0, "[+] Correct! (%s moves)\n\n", verdict);
    }
    len = out_add(g, len, "Congratulations! Here is your flag: %s\n", s->opt.flag);
    cg_net_send(&g->net, g->out, len, cg_net_deadline(IO_TIMEOUT), NULL);
    snprintf(g->outcome, sizeof g->outcome, "won");
}

static void log_game(game *g)
{
    cg_server *s = g->srv;
    if (!s->opt.log)
        return;
    char line[512];
    snprintf(line, sizeof line, "serve: game %ld %s: %d/%d rounds, %s\n", g->number, g->peer,
             g->passed, s->opt.rounds, g->outcome);
    fputs(line, s->opt.log);
    fflush(s->opt.log);
}

static void *game_thread(void *arg)
{
    game *g = arg;
    cg_server *s = g->srv;
    sigset_t pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, NULL);

    cg_error e;
    if (cg_net_handshake(&g->net, s->tls, cg_net_deadline(IO_TIMEOUT), &e) == CG_OK)
        play(g);
    else
        snprintf(g->outcome, sizeof g->outcome, "dropped: %s", e.msg);
    log_game(g);
    /* Counted before the close, whose shutdown is what tells the client the game is over. */
    pthread_mutex_lock(&s->lock);
    s->finished++;
    s->won += strcmp(g->outcome, "won") == 0;
    pthread_mutex_unlock(&s->lock);
    cg_net_close(&g->net);
    free(g->out);
    free(g);

    pthread_mutex_lock(&s->lock);
    s->active--;
    pthread_cond_broadcast(&s->idle);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* ---- accepting ---- */

static void peer_name(const struct sockaddr_storage *ss, char *buf, size_t size)
{
    char host[64] = "?", port[16] = "?";
    getnameinfo((const struct sockaddr *)ss, sizeof *ss, host, sizeof host, port, sizeof port,
                NI_NUMERICHOST | NI_NUMERICSERV);
    snprintf(buf, size, ss->ss_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, port);
}

static void refuse(cg_server *s, int fd, const char *peer)
{
    static const char busy[] = "[-] Server busy, try again later\n";
    if (!s->tls) {
        ssize_t r = send(fd, busy, sizeof busy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        (void)r;
    }
    close(fd);
    if (s->opt.log) {
        fprintf(s->opt.log, "serve: %s refused: %d games running\n", peer, s->opt.max_clients);
        fflush(s->opt.log);
    }
}

static bool start_game(cg_server *s, int fd, const char *peer)
{
    game *g = calloc(1, sizeof *g);
    size_t cap = 2048 + strlen(s->opt.flag) + s->banner_len;
    char *out = malloc(cap);
    if (!g || !out) {
        free(g);
        free(out);
        return false;
    }
    g->srv = s;
    g->out = out;
    g->out_cap = cap;
    snprintf(g->peer, sizeof g->peer, "%s", peer);
    cg_net_init(&g->net, fd, s->stop_fd, g->in, sizeof g->in);

    pthread_mutex_lock(&s->lock);
    g->number = ++s->started;
    s->active++;
    pthread_mutex_unlock(&s->lock);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t tid;
    int rc = pthread_create(&tid, &attr, game_thread, g);
    pthread_attr_destroy(&attr);
    if (rc == 0)
        return true;
    pthread_mutex_lock(&s->lock);
    s->active--;
    s->started--;
    pthread_mutex_unlock(&s->lock);
    free(out);
    free(g);
    return false;
}

/* Out of descriptors or memory: the pending connection stays queued and the listener stays
 * readable, so without a pause the loop would spin. Waits 0.1 s (or for a stop) and says why,
 * at most once a second. */
static void accept_pause(cg_server *s, int e)
{
    time_t now = time(NULL);
    if (s->opt.log && now != s->accept_noted) {
        pthread_mutex_lock(&s->lock);
        long active = s->active;
        pthread_mutex_unlock(&s->lock);
        fprintf(s->opt.log, "serve: cannot accept: %s; %ld games running, retrying\n",
                strerror(e), active);
        fflush(s->opt.log);
        s->accept_noted = now;
    }
    struct pollfd p = {.fd = s->stop_fd, .events = POLLIN};
    poll(&p, 1, 100);
}

static bool accept_one(cg_server *s)
{
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int fd = accept4(s->listen_fd, (struct sockaddr *)&ss, &sl, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0 && (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)) {
        accept_pause(s, errno);
        return true;
    }
    if (fd < 0)
        return errno == EAGAIN || errno == EINTR || errno == ECONNABORTED || errno == EPROTO;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char peer[80];
    peer_name(&ss, peer, sizeof peer);
    pthread_mutex_lock(&s->lock);
    bool full = s->active >= s->opt.max_clients;
    pthread_mutex_unlock(&s->lock);
    if (full || !start_game(s, fd, peer))
        refuse(s, fd, peer);
    return true;
}

static bool all_accepted(cg_server *s)
{
    pthread_mutex_lock(&s->lock);
    bool done = s->opt.games > 0 && s->started >= s->opt.games;
    pthread_mutex_unlock(&s->lock);
    return done;
}

cg_status cg_server_run(cg_server *s)
{
    cg_status st = CG_OK;
    while (!all_accepted(s)) {
        struct pollfd p[2] = {{.fd = s->listen_fd, .events = POLLIN},
                              {.fd = s->stop_fd, .events = POLLIN}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            st = CG_ERR_SYSTEM;
            break;
        }
        if (p[1].revents)
            break;
        if (p[0].revents && !accept_one(s)) {
            st = CG_ERR_SYSTEM;
            break;
        }
    }
    if (st != CG_OK)
        cg_server_stop(s);
    pthread_mutex_lock(&s->lock);
    while (s->active > 0)
        pthread_cond_wait(&s->idle, &s->lock);
    pthread_mutex_unlock(&s->lock);
    return st;
}
