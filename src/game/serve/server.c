/* The challenge server: a listener, and one thread per game.
 *
 * Why threads and not an event loop: a game is a short sequential dialogue (send, read a line
 * before a deadline, check, repeat), which reads best as straight-line code; TLS handshakes and
 * records then need no state machine of their own; and a slow client can only ever block its own
 * thread. A few hundred mostly idle threads with 256 KiB stacks cost little.
 *
 * Every game runs over a tube (tube.h), the same code the client uses: cg_tcp_accept,
 * cg_tube_fds or cg_tube_tls_accept, receives with the alarm as their timeout and sends with the
 * server's I/O timeout. A stop wakes the accepting thread, which shuts down the socket of every
 * running game: their waits end at once with an end of stream, and the stopping flag tells the
 * game it was stopped rather than left. */
#include "util/thread.h"
#include "cubegod/server.h"
#include "game/serve/internal.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cubegod/clock.h"
#include "cubegod/tube.h"
#include "cubegod/state.h"
#include "game/answer.h"
#include "game/pow_gate.h"
#include "util/compat.h"
#include "puzzle/reader.h"

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
        .size = 2,
        .hide = -1,
    };
}

/* goal, layout, across (the unseen-challenge variants). */
static cg_status check_variants(const cg_server_options *o, cg_error *err)
{
    cg_error e;
    int size = o->size == 3 ? 3 : 2, gsize = 0;
    bool any = o->goal || o->layout || o->across || o->show == CG_SHAPE_DICT ||
               o->show == CG_SHAPE_JSON;
    if (any && o->one_move)
        return cg_fail(err, CG_ERR_INPUT, "one-move mode shows boxes only: no goal, layout, "
                                          "side order, dict or json");
    if (o->colours == CG_COLOURS_ANSI && (o->show == CG_SHAPE_DICT || o->show == CG_SHAPE_JSON))
        return cg_fail(err, CG_ERR_INPUT, "colours: dict and json show letters, words or digits");
    if (o->goal && strcmp(o->goal, "shown") != 0 && cg_state_check(o->goal, &gsize, &e) != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "goal: 'shown' or a state: %s", e.msg);
    if (gsize && gsize != size)
        return cg_fail(err, CG_ERR_INPUT, "goal: a %dx%d state for a %dx%d game", gsize, gsize,
                       size, size);
    if (o->across) {
        cg_shape_reader probe;
        cg_shape_reader_init(&probe, CG_SHAPE_AUTO, NULL, NULL);
        if (cg_shape_reader_across(&probe, o->across, &e) != CG_OK || !strcmp(o->across, "auto"))
            return cg_fail(err, CG_ERR_INPUT, "across: %s", strcmp(o->across, "auto") ? e.msg
                           : "four letters, such as BLFR");
        if (o->show != CG_SHAPE_NET && o->show != CG_SHAPE_ANSI)
            return cg_fail(err, CG_ERR_INPUT, "across: the side order is for nets (show net or "
                                              "ansi)");
    }
    if (o->layout) {
        cg_layout *l;
        if (cg_layout_new(o->layout, strlen(o->layout), &l, &e) != CG_OK)
            return cg_fail(err, CG_ERR_INPUT, "layout: %s", e.msg);
        int lsize = cg_layout_size(l);
        cg_layout_free(l);
        if (lsize != size)
            return cg_fail(err, CG_ERR_INPUT, "layout: it draws a %dx%d, the game is a %dx%d",
                           lsize, lsize, size, size);
    }
    return CG_OK;
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
    if (o->metric != CG_METRIC_HTM && o->metric != CG_METRIC_QTM)
        return cg_fail(err, CG_ERR_INPUT, "metric: must be htm or qtm");
    if (o->games < 0)
        return cg_fail(err, CG_ERR_INPUT, "games: %ld is negative", o->games);
    if (o->size != 0 && o->size != 2 && o->size != 3)
        return cg_fail(err, CG_ERR_INPUT, "size: %d is not 2 or 3", o->size);
    if (o->size != 3 && (o->hide < -1 || o->hide > 1))
        return cg_fail(err, CG_ERR_INPUT, "hide: the 2x2 game always hides one face, not %d",
                       o->hide);
    if (o->size == 3 && (o->hide < -1 || o->hide > 5))
        return cg_fail(err, CG_ERR_INPUT, "hide: %d is not from 0 to 5 faces", o->hide);
    if (o->scramble < 0 || o->scramble > CG3_SCRAMBLE_MAX || (o->scramble && o->size != 3))
        return cg_fail(err, CG_ERR_INPUT, "scramble: %d is not from 0 to %d, or not a 3x3 game",
                       o->scramble, CG3_SCRAMBLE_MAX);
    if ((unsigned)o->show > CG_SHAPE_JSON || (unsigned)o->colours > CG_COLOURS_ANSI)
        return cg_fail(err, CG_ERR_INPUT, "show: shape %d or colours %d out of range", (int)o->show,
                       (int)o->colours);
    if (o->colours != CG_COLOURS_LETTERS && (o->show == CG_SHAPE_AUTO || o->show == CG_SHAPE_BOXES) &&
        !o->layout)
        return cg_fail(err, CG_ERR_INPUT, "colours: boxes show the face letters; other colours need "
                       "another shape (faces, net, string or ansi)");
    if (o->one_move && o->show != CG_SHAPE_AUTO && o->show != CG_SHAPE_BOXES)
        return cg_fail(err, CG_ERR_INPUT, "show: one-move mode shows boxes only");
    if (o->banner && (strlen(o->banner) > 400 || strchr(o->banner, '\n')))
        return cg_fail(err, CG_ERR_INPUT, "banner: one line of at most 400 bytes");
    if (o->prompt && (strlen(o->prompt) > 200 || strchr(o->prompt, '\n') || !o->prompt[0]))
        return cg_fail(err, CG_ERR_INPUT, "prompt: one line of 1 to 200 bytes");
    if (o->end && (strlen(o->end) > 64 || strchr(o->end, '\n')))
        return cg_fail(err, CG_ERR_INPUT, "end: one line of at most 64 bytes");
    if (o->end && !o->send_each)
        return cg_fail(err, CG_ERR_INPUT, "end: the line that ends the moves of send-each mode");
    if (o->send_each && o->one_move)
        return cg_fail(err, CG_ERR_INPUT, "send-each: moves one a line at one prompt, or one "
                       "move a prompt (one-move), not both");
    if (o->menu && (o->size != 3 || o->one_move || o->send_each))
        return cg_fail(err, CG_ERR_INPUT, "menu: a 3x3 game (size 3), neither one-move nor "
                       "send-each");
    cg_error oerr;
    if (o->order && cg_string_order_check(o->order, &oerr) != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "order: %s", oerr.msg);
    if (o->order && o->show != CG_SHAPE_STRING)
        return cg_fail(err, CG_ERR_INPUT, "order: a face order is for the string shape only");
    char gate[1024];
    if (o->pow && o->pow[0] && cg_pow_challenge(o->pow, o->pow_difficulty, gate, sizeof gate, err))
        return cg_error_prefix(CG_ERR_INPUT, err, "pow: ");
    return check_variants(o, err);
}

/* How rounds are drawn, the fixed goal's cube, the longest round text. The goal and the layout
 * are read (checked) before: the caller keeps their text while the server runs. */
static void set_drawing(cg_server *s)
{
    const cg_server_options *o = &s->opt;
    int n = o->size == 3 ? 3 : 2;
    s->style = (cgi_round_style){o->show, o->colours, o->order, o->across, o->layout};
    if (o->goal && strcmp(o->goal, "shown") != 0) {
        cg_puzzle p;
        cg_puzzle_from_string(o->goal, strlen(o->goal), "URFDLB", &p, NULL);
        s->goal_fixed = true;
        if (n == 3) {
            cg_reading3 rd;
            cg_reconstruct3(&p, NULL, &rd, NULL);
            s->goal3 = rd.cube;
        } else {
            cg_reading rd;
            cg_reconstruct(&p, NULL, &rd, NULL);
            s->goal2 = rd.cube;
        }
    }
    s->round_max = cgi_round_text_max(&s->style, n, o->goal != NULL, 64);
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
    s->stop_fd = s->stop_wfd = -1;
    int wake = cgi_wakeup_open(&s->stop_fd, &s->stop_wfd);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->idle, NULL);
    if (wake < 0) {
        st = cg_fail(err, CG_ERR_SYSTEM, "cannot make the stop channel: %s", strerror(errno));
        goto fail;
    }
    s->seed = opt->seed;
    if (!opt->seeded && !cgi_random_u64(&s->seed))
        s->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    s->dialect = opt->dialect ? *opt->dialect : cg_dialect_default();
    if (opt->size == 3)
        cg3_tables_init(&s->t3);
    s->opt.dialect = &s->dialect;
    if (opt->order) {
        snprintf(s->order, sizeof s->order, "%s", opt->order); /* checked: at most "UDFBLR" */
        s->opt.order = s->order;
    }
    snprintf(s->pow, sizeof s->pow, "%s", opt->pow ? opt->pow : ""); /* checked: a known kind */
    s->opt.pow = s->pow;
    set_drawing(s);
    if (opt->banner)
        s->banner_len = (size_t)snprintf(s->banner, sizeof s->banner,
                                         "Welcome to the cube god trial!\n%s\n", opt->banner);
    else if (opt->menu)
        s->banner_len = (size_t)snprintf(s->banner, sizeof s->banner,
                                         "Welcome to the magic cube!\nRestore it %d times, each "
                                         "answer within %g s, and the flag is yours.\n",
                                         opt->rounds, opt->alarm);
    else
        s->banner_len = (size_t)snprintf(
            s->banner, sizeof s->banner,
            "Welcome to the cube god trial!\n"
            "Solve %d rounds, each in %g second(s) and at most %d %s, to get the flag!\n",
            opt->rounds, opt->alarm, opt->max_moves,
            opt->metric == CG_METRIC_QTM ? "quarter turns" : "moves");
    if (opt->one_move)
        s->banner_len += (size_t)snprintf(s->banner + s->banner_len,
                                          sizeof s->banner - s->banner_len,
                                          "One move per prompt: the cube is shown after each.\n");
    if ((opt->dialect || opt->metric != CG_METRIC_HTM) && !opt->banner && !opt->menu) {
        char how[160];
        cg_dialect_describe(&s->dialect, how, sizeof how);
        s->banner_len += (size_t)snprintf(s->banner + s->banner_len,
                                          sizeof s->banner - s->banner_len,
                                          "Answers: %s; metric %s.\n", how,
                                          cg_metric_name(opt->metric));
    }
    if (opt->tls_cert && (st = cg_tls_server_new(opt->tls_cert, opt->tls_key, &s->tls, err))) {
        st = cg_error_prefix(st, err, "TLS: ");
        goto fail;
    }
    char port[16];
    snprintf(port, sizeof port, "%d", opt->port);
    if ((st = cg_tcp_listen(opt->host, port, 1024, &s->listen_fd, &s->port, err)))
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
    cgi_wakeup_signal(s->stop_wfd);
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
    cgi_wakeup_close(s->stop_fd, s->stop_wfd);
    cg_tls_server_free(s->tls);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->idle);
    free(s);
}
/* Plays one game; fills g->outcome and g->passed. */
static void play(server_game *g)
{
    cg_server *s = g->srv;
    cg_rng rng;
    cg_rng_seed(&rng, cg_game_seed(s->seed, (uint64_t)g->number));
    if (s->pow[0] && !cgi_serve_gate(g->t, s->pow, s->opt.pow_difficulty, g->outcome,
                                     sizeof g->outcome))
        return;
    if (s->opt.menu) {
        cgi_serve_menu(g, &rng);
        return;
    }
    size_t len = cgi_serve_add(g, 0, "%s", s->banner);
    for (int i = 1; i <= s->opt.rounds; i++) {
        int moves = s->opt.size == 3 ? cgi_serve_round3(g, &rng, i, len) : cgi_serve_round2(g, &rng, i, len);
        if (moves < 0)
            return;
        g->passed = i;
        char verdict[64];
        snprintf(verdict, sizeof verdict, "%d", moves);
        len = cgi_serve_add(g, 0, "[+] Correct! (%s moves)\n\n", verdict);
    }
    len = cgi_serve_add(g, len, "Congratulations! Here is your flag: %s\n", s->opt.flag);
    cg_tube_send(g->t, g->out, len, NULL);
    snprintf(g->outcome, sizeof g->outcome, "won");
}

static void log_game(server_game *g)
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

/* The tube options of every connection: quiet, the line limit as the buffer bound, the I/O
 * timeout for the handshake and for the client to take our output. */
static cg_tube_options game_tube_options(void)
{
    return (cg_tube_options){.log_level = CG_LOG_QUIET, .max_buffer = CG_SERVER_LINE_MAX,
                             .connect_timeout = IO_TIMEOUT, .send_timeout = IO_TIMEOUT,
                             .delayed_acks = true};
}

/* Ends the connection politely: our side shut (TLS close_notify first), then a short drain of
 * what the client is still sending, because closing with unread input sends a reset, which can
 * destroy our last line in flight. */
static void drain(server_game *g)
{
    cg_tube_shutdown_send(g->t, NULL);
    int64_t deadline = cg_deadline(DRAIN_SECONDS);
    size_t drained = 0;
    while (drained < DRAIN_BYTES && !atomic_load(&g->srv->stopping)) {
        int64_t left = deadline - cg_now_ns();
        const uint8_t *p;
        size_t n;
        if (left <= 0 || cg_tube_recv(g->t, 0, (double)left / 1e9, &p, &n, NULL) != CG_OK)
            break;
        drained += n;
    }
}

/* Takes g off the running list: a stop no longer reaches its socket. */
static void unlist(server_game *g)
{
    cg_server *s = g->srv;
    pthread_mutex_lock(&s->lock);
    if (g->prev)
        g->prev->next = g->next;
    else
        s->games = g->next;
    if (g->next)
        g->next->prev = g->prev;
    g->fd = -1;
    pthread_mutex_unlock(&s->lock);
}

static void *game_thread(void *arg)
{
    server_game *g = arg;
    cg_server *s = g->srv;
    cg_tube_options o = game_tube_options();
    cg_error e;
    cg_status st = s->tls ? cg_tube_tls_accept(s->tls, g->fd, "client", &o, &g->t, &e)
                          : cg_tube_fds(g->fd, g->fd, "client", &o, &g->t, &e);
    if (st == CG_OK)
        play(g);
    else if (atomic_load(&s->stopping))
        snprintf(g->outcome, sizeof g->outcome, "stopped before the first round");
    else
        snprintf(g->outcome, sizeof g->outcome, "dropped: %s", e.msg);
    log_game(g);
    /* Counted before the close, whose shutdown is what tells the client the game is over. */
    pthread_mutex_lock(&s->lock);
    s->finished++;
    s->won += strcmp(g->outcome, "won") == 0;
    pthread_mutex_unlock(&s->lock);
    if (g->t)
        drain(g);
    /* Off the list before the descriptor closes (cg_tube_tls_accept closed it on failure
     * already: only this process's own threads could have reused the number meanwhile, and the
     * accepting thread, the one that shuts sockets down, opens none while it stops). */
    unlist(g);
    cg_tube_close(g->t);
    g->t = NULL;

    /* Joined and freed by the accepting thread: a server that returns has no thread left. */
    pthread_mutex_lock(&s->lock);
    g->next = s->ended;
    s->ended = g;
    s->active--;
    pthread_cond_broadcast(&s->idle);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Joins and frees the games whose threads have ended (accepting thread only). */
static void reap_ended(cg_server *s)
{
    pthread_mutex_lock(&s->lock);
    server_game *g = s->ended;
    s->ended = NULL;
    pthread_mutex_unlock(&s->lock);
    while (g) {
        server_game *next = g->next;
        pthread_join(g->tid, NULL);
        free(g->out);
        free(g);
        g = next;
    }
}

/* ---- accepting ---- */

/* One line about accepting, at most once a second (a flood of failures must not flood the
 * log). */
static void accept_note(cg_server *s, const char *what, const cg_error *e)
{
    time_t now = time(NULL);
    if (!s->opt.log || now == s->accept_noted)
        return;
    pthread_mutex_lock(&s->lock);
    long active = s->active;
    pthread_mutex_unlock(&s->lock);
    fprintf(s->opt.log, "serve: %s: %s; %ld games running, still serving\n", what, e->msg,
            active);
    fflush(s->opt.log);
    s->accept_noted = now;
}

static void refuse(cg_server *s, int fd, const char *peer)
{
    static const char busy[] = "[-] Server busy, try again later\n";
    cg_tube_options o = game_tube_options();
    o.send_timeout = 0.05; /* a fresh connection takes 34 bytes at once, or never mind */
    cg_tube *t;
    if (s->tls)
        close(fd); /* no handshake for a connection we cannot serve */
    else if (cg_tube_fds(fd, fd, "client", &o, &t, NULL) == CG_OK) {
        cg_tube_send(t, busy, sizeof busy - 1, NULL);
        cg_tube_close(t);
    }
    if (s->opt.log) {
        fprintf(s->opt.log, "serve: %s refused: %d games running\n", peer, s->opt.max_clients);
        fflush(s->opt.log);
    }
}

static bool start_game(cg_server *s, int fd, const char *peer)
{
    server_game *g = calloc(1, sizeof *g);
    /* a verdict and the flag or the banner, then the longest round text */
    size_t cap = 4096 + strlen(s->opt.flag) + s->banner_len + s->round_max;
    char *out = malloc(cap);
    if (!g || !out) {
        free(g);
        free(out);
        return false;
    }
    g->srv = s;
    g->fd = fd;
    g->out = out;
    g->out_cap = cap;
    snprintf(g->peer, sizeof g->peer, "%s", peer);

    pthread_mutex_lock(&s->lock);
    g->number = ++s->started;
    s->active++;
    g->next = s->games;
    if (s->games)
        s->games->prev = g;
    s->games = g;
    pthread_mutex_unlock(&s->lock);

    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK);
    int rc = cgi_thread_create(&g->tid, &attr, game_thread, g);
    pthread_attr_destroy(&attr);
    if (rc == 0)
        return true;
    unlist(g);
    pthread_mutex_lock(&s->lock);
    s->active--;
    s->started--;
    pthread_mutex_unlock(&s->lock);
    free(out);
    free(g);
    return false;
}

/* Waits up to ms for a stop; true when one was asked for. */
static bool stop_within(cg_server *s, int ms)
{
    struct pollfd p = {.fd = s->stop_fd, .events = POLLIN};
    return poll(&p, 1, ms) > 0;
}

/* One accept: CG_OK to go on, CG_ERR_SYSTEM (err filled) when the listener is unusable. */
static cg_status accept_one(cg_server *s, cg_error *err)
{
    int fd;
    char peer[80];
    cg_error e;
    switch (cg_tcp_accept(s->listen_fd, &fd, peer, sizeof peer, &e)) {
    case CG_OK:
        break;
    case CG_ERR_TIMEOUT: /* nothing waiting after all */
        return CG_OK;
    case CG_ERR_EOF: /* that connection failed on the way in: the next may be fine */
        accept_note(s, "a connection failed before it was accepted", &e);
        return CG_OK;
    case CG_ERR_LIMIT:
        accept_note(s, "cannot accept", &e);
        stop_within(s, ACCEPT_PAUSE_MS);
        return CG_OK;
    default:
        return cg_fail(err, CG_ERR_SYSTEM, "%s", e.msg);
    }
    reap_ended(s);
    pthread_mutex_lock(&s->lock);
    bool full = s->active >= s->opt.max_clients;
    pthread_mutex_unlock(&s->lock);
    if (full || !start_game(s, fd, peer))
        refuse(s, fd, peer);
    return CG_OK;
}

static bool all_accepted(cg_server *s)
{
    pthread_mutex_lock(&s->lock);
    bool done = s->opt.games > 0 && s->started >= s->opt.games;
    pthread_mutex_unlock(&s->lock);
    return done;
}

/* Ends every running game: their sockets shut down, their waits end at once. */
static void stop_games(cg_server *s)
{
    atomic_store(&s->stopping, true);
    pthread_mutex_lock(&s->lock);
    for (server_game *g = s->games; g; g = g->next)
        if (g->fd >= 0)
            shutdown(g->fd, SHUT_RDWR);
    pthread_mutex_unlock(&s->lock);
}

cg_status cg_server_run(cg_server *s, cg_error *err)
{
    cg_status st = CG_OK;
    while (!all_accepted(s)) {
        struct pollfd p[2] = {{.fd = s->listen_fd, .events = POLLIN},
                              {.fd = s->stop_fd, .events = POLLIN}};
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            st = cg_fail(err, CG_ERR_SYSTEM, "poll: %s", strerror(errno));
            break;
        }
        if (p[1].revents)
            break;
        if (p[0].revents && (st = accept_one(s, err)) != CG_OK)
            break;
    }
    if (st != CG_OK || stop_within(s, 0))
        stop_games(s);
    /* Games still running finish by themselves, unless a stop comes meanwhile. */
    pthread_mutex_lock(&s->lock);
    while (s->active > 0) {
        if (atomic_load(&s->stopping)) {
            pthread_cond_wait(&s->idle, &s->lock);
            continue;
        }
        pthread_mutex_unlock(&s->lock);
        if (stop_within(s, 10))
            stop_games(s);
        pthread_mutex_lock(&s->lock);
    }
    pthread_mutex_unlock(&s->lock);
    reap_ended(s);
    return st;
}
