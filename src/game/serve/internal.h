/* Inside serve (server.h): the server and one game's state, shared by the core (server.c:
 * options, the accept loop, a game's thread) and one file a variant, each below the core and
 * above io.c: round2.c (2x2), round3.c (3x3), live.c (one-move and send-each), menu.c. The
 * round texts of the unseen-challenge variants are round_text.c's. */
#ifndef CUBEGOD_GAME_SERVE_INTERNAL_H
#define CUBEGOD_GAME_SERVE_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "cubegod/server.h"
#include "cubegod/tube.h"
#include "game/answer.h"
#include "game/serve/round_text.h"

#define THREAD_STACK (256 * 1024)
#define IO_TIMEOUT 10.0     /* seconds for a TLS handshake or for the client to take our output */
#define DRAIN_SECONDS 0.2   /* after the last verdict, reading what the client still sends */
#define DRAIN_BYTES (4u << 20)
#define ACCEPT_PAUSE_MS 100 /* out of descriptors: the pending connection stays queued */

typedef struct server_game server_game;

struct cg_server {
    cg_server_options opt;
    cg_dialect dialect; /* opt.dialect points here */
    char order[8];      /* and opt.order here, when given */
    char pow[16];       /* and opt.pow here */
    cg3_tables t3;      /* the 3x3 moves (size 3) */
    cgi_round_style style; /* how rounds are written (round_text.h) */
    bool goal_fixed;     /* opt.goal is a state: its cube */
    cg_cube goal2;
    cg3_cube goal3;
    size_t round_max;    /* the longest round text (round_text.h) */
    int listen_fd;
    int stop_fd;      /* readable once cg_server_stop was called */
    int stop_wfd;     /* its writing end (the same descriptor for an eventfd) */
    int port;
    uint64_t seed;
    cg_tls_server *tls;
    size_t banner_len;
    char banner[1024];
    atomic_bool stopping; /* games end as "stopped", not as dropped */

    pthread_mutex_t lock; /* guards the counters and the list below */
    pthread_cond_t idle;  /* signalled when a game ends */
    long active, started, finished, won;
    server_game *games;   /* running games, so that a stop can reach their sockets */
    server_game *ended;   /* games whose thread is ending, to be joined and freed */
    time_t accept_noted;  /* last time an accept failure was logged (accepting thread only) */
};

/* One game on the server side (the client's is client_game in client.c). */
struct server_game {
    cg_server *srv;
    long number;
    int fd;      /* the connection, owned by t once it exists; shut down by a stop */
    pthread_t tid; /* read only by the accepting thread, which joins it */
    cg_tube *t;
    server_game *prev, *next;
    char peer[80];
    int passed;
    char outcome[CG_ERROR_MSG_MAX + 64];
    size_t out_cap;
    char *out; /* one round's output */
};

/* The cube of a one-move round, either size: what is applied, checked and shown between moves. */
typedef struct live_cube {
    const cg_server *s;
    bool three;
    bool exact;     /* the cube relative to a goal: solved means home exactly */
    cg_cube c;      /* 2x2 */
    int hidden;
    cg3_cube c3;    /* 3x3 */
    uint8_t hidden3;
} live_cube;

/* io.c: appends formatted text to the game's output buffer (sized for the longest round). */
size_t cgi_serve_add(server_game *g, size_t len, const char *fmt, const char *text);
/* Counts an append of `more` bytes (as snprintf counts them) at *len: a round text that did not
 * fit the buffer ends the game here, so nothing past the buffer is ever sent. */
bool cgi_serve_fit(server_game *g, size_t *len, size_t more, int round);
/* Sends the output and the failure verdict, then records why the game ended. */
void cgi_serve_lose(server_game *g, size_t len, int round, const char *reason);
/* Sends g->out[0..len) and reads the answer line before the alarm: the line's length (the line
 * in *line, valid until the next receive), or -1 when the game ended (outcome recorded). */
long cgi_serve_exchange(server_game *g, size_t len, int round, const char **line);
/* The prompt line of a round. */
const char *cgi_serve_prompt(const cg_server *s, bool moves_one_by_one);
/* The round's text length, without its last line break for a bare prompt. */
size_t cgi_serve_bare(const server_game *g, size_t len);

/* live.c */
void cgi_live_apply(live_cube *l, cg_move m);
bool cgi_live_solved(const live_cube *l);
/* A one-move or send-each round; g->out[0..len) holds the round's text up to its first prompt.
 * Returns the moves, or -1 (the game ended). */
int cgi_serve_moves_round(server_game *g, live_cube *cube, int i, size_t len);

/* A round of the 2x2 game (round2.c), of the 3x3 game (round3.c): the moves, or -1. */
int cgi_serve_round2(server_game *g, cg_rng *rng, int i, size_t len);
int cgi_serve_round3(server_game *g, cg_rng *rng, int i, size_t len);
/* The menu game (menu.c): returns after the flag, or when the game was lost or left. */
void cgi_serve_menu(server_game *g, cg_rng *rng);

#endif
