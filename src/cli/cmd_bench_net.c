/* cubegod bench net: full games against a local server, with per-round latency figures. */
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/stats.h"
#include "cubegod/client.h"
#include "cubegod/server.h"

static const char USAGE[] =
    "usage: cubegod bench net [--games N] [--rounds R] [--alarm S] [--seed S] [--svg FILE]\n"
    "                         [--cache FILE]\n"
    "\n"
    "Starts a cubegod server on 127.0.0.1 (in this process, on its own threads), plays N full\n"
    "games against it over real TCP sockets (default 10 games of 100 rounds, one-second alarm)\n"
    "and reports per round: the client's part (prompt received to answer sent), the solve\n"
    "alone, and the whole round (answer sent to next answer sent); median, p99, max; games won\n"
    "and wall time per game. --svg writes a latency histogram. Exit status 1 if a game was lost.\n";

typedef struct bench_args {
    long games, rounds, seed;
    double alarm;
    const char *svg;
    cg_tables_options tables;
} bench_args;

static int parse(int argc, char **argv, bench_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (!(v = cli_value("bench net", argc, argv, &i)))
            return 2;
        bool ok = true;
        if (strcmp(o, "--games") == 0)
            ok = cli_long("bench net", o, v, 1, 100000, &a->games);
        else if (strcmp(o, "--rounds") == 0)
            ok = cli_long("bench net", o, v, 1, 100000, &a->rounds);
        else if (strcmp(o, "--seed") == 0)
            ok = cli_long("bench net", o, v, 0, 0x7FFFFFFFFFFFFFFF, &a->seed);
        else if (strcmp(o, "--alarm") == 0)
            ok = cli_seconds("bench net", o, v, 3600, &a->alarm);
        else if (strcmp(o, "--svg") == 0)
            a->svg = v;
        else if (strcmp(o, "--cache") == 0)
            a->tables.cache_path = v;
        else
            return cli_usage("bench net", "unknown option '%s'", o);
        if (!ok)
            return 2;
    }
    return -1;
}

/* The cost of the send syscall alone on a loopback connection whose peer waits in poll(), as
 * the server does: the floor under "client part" on this machine. */
static void *drain(void *arg)
{
    int fd = *(int *)arg;
    char buf[256];
    for (;;) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 5000) <= 0 || read(fd, buf, sizeof buf) <= 0)
            return NULL;
    }
}

static cg_latency bare_send_baseline(void)
{
    enum { N = 1000 };
    cg_latency none = {0, 0, 0, 0};
    int lfd, port, peer = -1;
    cg_tube *t;
    cg_error err;
    char ps[16];
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    if (cg_tcp_listen("127.0.0.1", "0", 1, &lfd, &port, &err) != CG_OK)
        return none;
    snprintf(ps, sizeof ps, "%d", port);
    if (cg_tube_connect("127.0.0.1", ps, &to, &t, &err) != CG_OK) {
        close(lfd);
        return none;
    }
    peer = accept(lfd, NULL, NULL);
    close(lfd);
    pthread_t th;
    bool draining = peer >= 0 && pthread_create(&th, NULL, drain, &peer) == 0;
    double v[N];
    int fd = cg_tube_fileno(t);
    for (int i = 0; draining && i < N; i++) {
        struct timespec gap = {0, 150000}; /* let the peer go back to sleep, as between rounds */
        nanosleep(&gap, NULL);
        int64_t start = cg_now_ns();
        if (send(fd, "U R F2 D' L B2 R U F\n", 21, MSG_NOSIGNAL) != 21)
            break;
        v[i] = (double)(cg_now_ns() - start) / 1e3;
    }
    cg_tube_close(t);
    if (draining)
        pthread_join(th, NULL);
    if (peer >= 0)
        close(peer);
    return draining ? cg_latency_sorted(v, N) : none;
}

static void *serve_thread(void *s)
{
    cg_server_run(s);
    return NULL;
}

/* Log-scale histogram, 1 us to 100 ms, of two series, as a small self-contained SVG. */
static int write_svg(const char *path, const cg_round_stat *st, size_t n)
{
    enum { BINS = 50 };
    const double lo = 0.0, hi = 5.0; /* log10 of microseconds */
    long h[2][BINS] = {{0}};
    long top = 1;
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
            double us = s ? st[i].round_us : st[i].client_us;
            double x = us > 1 ? log10(us) : 0;
            int b = (int)((x - lo) / (hi - lo) * BINS);
            b = b < 0 ? 0 : b >= BINS ? BINS - 1 : b;
            if (++h[s][b] > top)
                top = h[s][b];
        }
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const int W = 800, H = 360, L = 60, B = 40, T = 40;
    fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
               "font-family='sans-serif' font-size='12'>\n<rect width='100%%' height='100%%' fill='white'/>\n", W, H);
    fprintf(f, "<text x='%d' y='20' font-size='14'>cubegod bench net: %zu rounds, latency per round "
               "(log scale)</text>\n", L, n);
    static const char *const colour[2] = {"#1f77b4", "#ff7f0e"};
    static const char *const label[2] = {"client part (prompt in -> answer out)",
                                         "whole round (answer out -> next answer out)"};
    double bw = (double)(W - L - 20) / BINS;
    for (int s = 0; s < 2; s++) {
        for (int b = 0; b < BINS; b++) {
            double bh = (double)(H - T - B) * (double)h[s][b] / (double)top;
            if (h[s][b])
                fprintf(f, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='%s' "
                           "fill-opacity='0.6'/>\n", L + b * bw, H - B - bh, bw, bh, colour[s]);
        }
        fprintf(f, "<rect x='%d' y='%d' width='12' height='12' fill='%s'/><text x='%d' y='%d'>%s</text>\n",
                W - 330, T + 18 * s, colour[s], W - 312, T + 10 + 18 * s, label[s]);
    }
    static const char *const ticks[] = {"1 \xC2\xB5s", "10 \xC2\xB5s", "100 \xC2\xB5s", "1 ms", "10 ms", "100 ms"};
    for (int k = 0; k <= 5; k++) {
        double x = L + (double)k / 5.0 * (W - L - 20);
        fprintf(f, "<line x1='%.1f' y1='%d' x2='%.1f' y2='%d' stroke='#999'/>"
                   "<text x='%.1f' y='%d' text-anchor='middle'>%s</text>\n",
                x, H - B, x, H - B + 5, x, H - B + 20, ticks[k]);
    }
    fprintf(f, "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='black'/>\n", L, H - B, W - 20, H - B);
    fprintf(f, "<text x='15' y='%d' transform='rotate(-90 15 %d)'>rounds (max %ld per bin)</text>\n",
            H / 2, H / 2, top);
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

int bench_net(int argc, char **argv)
{
    bench_args a = {.games = 10, .rounds = 100, .seed = 1, .alarm = 1};
    int rc = parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    cg_error err;
    cg_tables *tables;
    if (cg_tables_open(&tables, &a.tables, NULL, &err) != CG_OK) {
        cli_err("bench net", "%s", err.msg);
        return 1;
    }
    cg_server_options so = cg_server_defaults();
    so.rounds = (int)a.rounds;
    so.alarm = a.alarm;
    so.seeded = true;
    so.seed = (uint64_t)a.seed;
    so.games = a.games;
    so.log = NULL;
    cg_server *server;
    if (cg_server_open(&so, &server, &err) != CG_OK) {
        cli_err("bench net", "%s", err.msg);
        cg_tables_close(tables);
        return 1;
    }
    pthread_t thread;
    pthread_create(&thread, NULL, serve_thread, server);
    char port[16];
    snprintf(port, sizeof port, "%d", cg_server_port(server));

    size_t cap = (size_t)(a.games * a.rounds), used = 0;
    cg_round_stat *stats = malloc(cap * sizeof *stats);
    double *wall = malloc((size_t)a.games * sizeof *wall);
    long won = 0;
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    for (long g = 0; stats && wall && g < a.games; g++) {
        int64_t start = cg_now_ns();
        cg_tube *t;
        cg_play_result res;
        memset(&res, 0, sizeof res);
        cg_play_options po = cg_play_defaults();
        po.stats = stats + used;
        po.stats_cap = (int)(cap - used);
        if (cg_tube_connect("127.0.0.1", port, &to, &t, &err) == CG_OK) {
            if (cg_play(t, tables, &po, &res, &err) != CG_OK)
                cli_err("bench net", "game %ld: %s", g + 1, err.msg);
            cg_tube_close(t);
        } else {
            cli_err("bench net", "game %ld: %s", g + 1, err.msg);
        }
        wall[g] = (double)(cg_now_ns() - start) / 1e6;
        won += res.won;
        used += (size_t)res.rounds_answered;
    }
    pthread_join(thread, NULL);
    cg_server_close(server);
    if (!stats || !wall) {
        cli_err("bench net", "no memory for statistics");
        free(stats);
        free(wall);
        cg_tables_close(tables);
        return 1;
    }
    cg_latency ready = cg_latency_of_field(stats, used, cg_round_stat, ready_us);
    cg_latency client = cg_latency_of_field(stats, used, cg_round_stat, client_us);
    cg_latency solve = cg_latency_of_field(stats, used, cg_round_stat, solve_us);
    cg_latency round = cg_latency_of_field(stats, used, cg_round_stat, round_us);
    cg_latency game = cg_latency_sorted(wall, (size_t)a.games);
    printf("games           %ld played, %ld won, %zu rounds answered (%ld rounds each, alarm %g s)\n",
           a.games, won, used, a.rounds, a.alarm);
    printf("wall per game   median %.1f ms  max %.1f ms\n", game.median, game.max);
    printf("client part     median %.1f us  p99 %.1f us  max %.1f us  (prompt received -> answer sent)\n",
           client.median, client.p99, client.max);
    printf("  before send   median %.1f us  p99 %.1f us  max %.1f us  (prompt received -> answer ready)\n",
           ready.median, ready.p99, ready.max);
    printf("  of which solve median %.1f us  p99 %.1f us  max %.1f us\n", solve.median, solve.p99,
           solve.max);
    cg_latency bare = bare_send_baseline();
    printf("bare send()     median %.1f us  p99 %.1f us  max %.1f us  (one loopback send of an answer, "
           "nothing else: this machine's floor)\n", bare.median, bare.p99, bare.max);
    printf("whole round     median %.1f us  p99 %.1f us  max %.1f us  (answer sent -> next answer sent)\n",
           round.median, round.p99, round.max);
    int status = won == a.games ? 0 : 1;
    if (a.svg && write_svg(a.svg, stats, used) != 0) {
        cli_err("bench net", "--svg: cannot write %s", a.svg);
        status = 1;
    }
    free(stats);
    free(wall);
    cg_tables_close(tables);
    return status;
}
