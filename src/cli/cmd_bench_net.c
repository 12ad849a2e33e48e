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
#include "cli/json.h"
#include "cli/stats.h"
#include "cubegod/client.h"
#include "cubegod/server.h"

static const char USAGE[] =
    "usage: cubegod bench net [--size 2|3] [--games N] [--rounds R] [--alarm S] [--seed S]\n"
    "                         [--svg FILE] [--cache FILE] [--json]\n"
    "\n"
    "Starts a cubegod server on 127.0.0.1 (in this process, on its own threads), plays N full\n"
    "games against it over real TCP sockets (default 10 games of 100 rounds, one-second alarm)\n"
    "and reports per round: the client's part (prompt received to answer sent), the solve\n"
    "alone, and the whole round (answer sent to next answer sent); median, p99, max; games won\n"
    "and wall time per game. Exit status 1 if a game was lost.\n"
    "\n"
    "  --size 3     the 3x3 game (serve --size 3: six faces, answers of at most 20 moves, the\n"
    "               two-phase solver; its tables are loaded before the first game)\n"
    "  --svg FILE   a picture of the tail: for each latency (log scale, 1 \xC2\xB5s up to the alarm,\n"
    "               which is drawn), the share of rounds slower than that (log scale)\n"
    "  --json       the figures as one JSON object\n";

typedef struct bench_args {
    long games, rounds, seed, size;
    double alarm;
    const char *svg;
    cg_tables_options tables;
    bool json;
} bench_args;

static int parse(int argc, char **argv, bench_args *a)
{
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (strcmp(o, "--json") == 0) {
            a->json = true;
            continue;
        }
        static const char *const VALUED[] = {"--games", "--rounds", "--seed", "--alarm", "--svg",
                                             "--cache", "--size"};
        bool known = false;
        for (size_t k = 0; k < sizeof VALUED / sizeof VALUED[0]; k++)
            known |= strcmp(o, VALUED[k]) == 0;
        if (!known)
            return cli_unknown("bench net", o, USAGE);
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
        else if (strcmp(o, "--size") == 0)
            ok = cli_long("bench net", o, v, 2, 3, &a->size);
        else if (strcmp(o, "--cache") == 0)
            a->tables.cache_path = v;
        else
            return cli_unknown("bench net", o, USAGE);
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
    cg_server_run(s, NULL);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "1 µs" ... "100 ms", "1 s", "10 s" for the decade 10^k microseconds. */
static void decade_label(int k, char *buf, size_t size)
{
    static const char *const unit[] = {"\xC2\xB5s", "ms", "s"};
    int u = k / 3 < 2 ? k / 3 : 2;
    snprintf(buf, size, "%g %s", pow(10, k - 3 * u), unit[u]);
}

/* The tail that matters, as a self-contained SVG: for each latency x (log scale, 1 µs up to
 * the alarm, which is drawn), the share of rounds slower than x (log scale, 100% down to one
 * round in n), for the client's part and for the whole round. Everything, labels included,
 * stays inside the canvas. */
static int write_svg(const char *path, const cg_round_stat *st, size_t n, double alarm_s)
{
    if (n == 0)
        return -1;
    double *v[2] = {malloc(n * sizeof(double)), malloc(n * sizeof(double))};
    if (!v[0] || !v[1]) {
        free(v[0]);
        free(v[1]);
        return -1;
    }
    double top = 1;
    for (size_t i = 0; i < n; i++) {
        v[0][i] = st[i].client_us;
        v[1][i] = st[i].round_us;
        top = fmax(top, fmax(v[0][i], v[1][i]));
    }
    qsort(v[0], n, sizeof(double), cmp_double);
    qsort(v[1], n, sizeof(double), cmp_double);
    double alarm_us = alarm_s * 1e6;
    int xdec = (int)ceil(log10(fmax(fmax(alarm_us, top), 10)));   /* right end: 10^xdec µs */
    int ydec = (int)ceil(log10((double)n));                        /* bottom: 10^-ydec */
    if (ydec < 1)
        ydec = 1;
    const double W = 820, H = 440, L = 90, R = 30, T = 56, B = 70;
    const double pw = W - L - R, ph = H - T - B;
#define X(us) (L + pw * (log10(fmax((us), 1)) / xdec))
#define Y(frac) (T + ph * (-log10(frac) / ydec))
    FILE *f = fopen(path, "w");
    if (!f) {
        free(v[0]);
        free(v[1]);
        return -1;
    }
    fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='%.0f' height='%.0f' "
               "font-family='sans-serif' font-size='12'>\n"
               "<rect width='100%%' height='100%%' fill='white'/>\n", W, H);
    fprintf(f, "<text x='%.0f' y='22' font-size='15'>cubegod bench net: %zu rounds, share of "
               "rounds slower than each latency</text>\n", L, n);
    /* Grid and ticks. */
    char label[32];
    for (int k = 0; k <= xdec; k++) {
        double x = L + pw * k / xdec;
        decade_label(k, label, sizeof label);
        fprintf(f, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#ddd'/>"
                   "<text x='%.1f' y='%.1f' text-anchor='middle'>%s</text>\n",
                x, T, x, T + ph + 5, x, T + ph + 20, label);
    }
    for (int k = 0; k <= ydec; k++) {
        double y = T + ph * k / ydec;
        fprintf(f, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#ddd'/>"
                   "<text x='%.1f' y='%.1f' text-anchor='end'>%g%%</text>\n",
                L - 5, y, L + pw, y, L - 8, y + 4, 100 * pow(10, -k));
    }
    fprintf(f, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='none' stroke='black'/>\n",
            L, T, pw, ph);
    fprintf(f, "<text x='%.1f' y='%.1f' text-anchor='middle'>latency (log scale)</text>\n",
            L + pw / 2, H - 18);
    fprintf(f, "<text x='18' y='%.1f' text-anchor='middle' transform='rotate(-90 18 %.1f)'>"
               "rounds slower than that (log scale)</text>\n", T + ph / 2, T + ph / 2);
    /* The alarm. */
    double ax = X(alarm_us);
    fprintf(f, "<line x1='%.1f' y1='%.1f' x2='%.1f' y2='%.1f' stroke='#d62728' stroke-width='2' "
               "stroke-dasharray='6 4'/>\n<text x='%.1f' y='%.1f' text-anchor='end' "
               "fill='#d62728'>alarm %g s</text>\n", ax, T, ax, T + ph, ax - 6, T + 16, alarm_s);
    /* The two series as steps, one point per pixel that changes. */
    static const char *const colour[2] = {"#1f77b4", "#ff7f0e"};
    static const char *const name[2] = {"client part (prompt in -> answer out)",
                                        "whole round (answer out -> next answer out)"};
    for (int s = 0; s < 2; s++) {
        fprintf(f, "<path fill='none' stroke='%s' stroke-width='2' d='M%.1f %.1f", colour[s],
                L, Y(1.0));
        double px = -1, py = -1;
        for (size_t i = 0; i < n; i++) {
            double x = X(v[s][i]), above = (double)(n - i) / (double)n;
            double y = i + 1 < n ? Y((double)(n - i - 1) / (double)n) : Y(above);
            if (fabs(x - px) < 0.5 && fabs(y - py) < 0.5 && i + 1 < n)
                continue;
            fprintf(f, " H%.1f V%.1f", x, y);
            px = x, py = y;
        }
        fprintf(f, "'/>\n");
        double max = v[s][n - 1];
        fprintf(f, "<circle cx='%.1f' cy='%.1f' r='3' fill='%s'/>\n", X(max), Y(1.0 / (double)n),
                colour[s]);
        /* The legend, top right under the alarm's label: slow rounds are rare, so the curves
         * have left that corner long before. */
        fprintf(f, "<rect x='%.1f' y='%.1f' width='12' height='12' fill='%s'/>"
                   "<text x='%.1f' y='%.1f' text-anchor='end'>%s: median %.0f \xC2\xB5s, "
                   "max %.0f \xC2\xB5s</text>\n",
                L + pw - 26, T + 30 + 20 * s, colour[s], L + pw - 32, T + 40 + 20 * s, name[s],
                v[s][n / 2], max);
    }
#undef X
#undef Y
    fprintf(f, "</svg>\n");
    free(v[0]);
    free(v[1]);
    const char *why;
    return cli_close_output(f, &why) ? 0 : -1;
}

/* The solver opened before the games (cg_play_options.solver3). */
static cg_status given_solver3(void *ctx, const cg3_twophase **out, cg_error *err)
{
    (void)err;
    *out = ctx;
    return CG_OK;
}

static void print_figures(const bench_args *a, long won, size_t used, cg_latency game,
                          cg_latency client, cg_latency ready, cg_latency solve, cg_latency bare,
                          cg_latency round)
{
    printf("games           %ld played (%s), %ld won, %zu rounds answered (%ld rounds each, alarm %g s)\n",
           a->games, a->size == 3 ? "3x3" : "2x2", won, used, a->rounds, a->alarm);
    printf("wall per game   median %.1f ms  max %.1f ms\n", game.median, game.max);
    printf("client part     median %.1f us  p99 %.1f us  max %.1f us  (prompt received -> answer sent)\n",
           client.median, client.p99, client.max);
    printf("  before send   median %.1f us  p99 %.1f us  max %.1f us  (prompt received -> answer ready)\n",
           ready.median, ready.p99, ready.max);
    printf("  of which solve median %.1f us  p99 %.1f us  max %.1f us\n", solve.median, solve.p99,
           solve.max);
    printf("bare send()     median %.1f us  p99 %.1f us  max %.1f us  (one loopback send of an answer, "
           "nothing else: this machine's floor)\n", bare.median, bare.p99, bare.max);
    printf("whole round     median %.1f us  p99 %.1f us  max %.1f us  (answer sent -> next answer sent)\n",
           round.median, round.p99, round.max);
}

int bench_net(int argc, char **argv)
{
    bench_args a = {.games = 10, .rounds = 100, .seed = 1, .alarm = 1, .size = 2};
    int rc = parse(argc, argv, &a);
    if (rc >= 0)
        return rc;
    cg_error err;
    cg_tables *tables;
    cli_tables_options(&a.tables, false);
    if (cg_tables_open(&tables, &a.tables, NULL, &err) != CG_OK) {
        cli_err("bench net", "%s", err.msg);
        return 1;
    }
    /* The 3x3 solver is opened here, not at the first round, so that no game pays for it. */
    cg3_twophase *solver3 = NULL;
    cg3_tables_options t3 = {.cache_path = NULL};
    if (a.size == 3) {
        cli_tables3_options(&t3, CLI_TWOPHASE, a.tables.cache_path, false);
        if (cg3_twophase_open(&solver3, &t3, NULL, &err) != CG_OK) {
            cli_err("bench net", "%s", err.msg);
            cg_tables_close(tables);
            return 1;
        }
    }
    cg_server_options so = cg_server_defaults();
    so.size = (int)a.size;
    if (a.size == 3)
        so.max_moves = CG3_GODS_NUMBER;
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
        cg3_twophase_close(solver3);
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
        po.solver3 = given_solver3;
        po.solver3_ctx = solver3;
        if (cg_tube_connect("127.0.0.1", port, &to, &t, &err) == CG_OK) {
            if (cg_play(t, tables, &po, &res, &err) != CG_OK)
                cli_err("bench net", "game %ld: %s", g + 1, err.msg);
            else if (!res.won)
                cli_err("bench net", "game %ld lost: %s", g + 1, res.reason);
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
        cg3_twophase_close(solver3);
        return 1;
    }
    cg_latency ready = cg_latency_of_field(stats, used, cg_round_stat, ready_us);
    cg_latency client = cg_latency_of_field(stats, used, cg_round_stat, client_us);
    cg_latency solve = cg_latency_of_field(stats, used, cg_round_stat, solve_us);
    cg_latency round = cg_latency_of_field(stats, used, cg_round_stat, round_us);
    cg_latency game = cg_latency_sorted(wall, (size_t)a.games);
    cg_latency bare = bare_send_baseline();
    if (a.json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "net");
        json_int(&j, "size", a.size);
        json_int(&j, "games", a.games);
        json_int(&j, "won", won);
        json_int(&j, "rounds_answered", (long long)used);
        json_int(&j, "rounds_per_game", a.rounds);
        json_num(&j, "alarm_s", a.alarm);
        json_latency(&j, "wall_per_game_ms", game);
        json_latency(&j, "client_part_us", client);
        json_latency(&j, "before_send_us", ready);
        json_latency(&j, "solve_us", solve);
        json_latency(&j, "bare_send_us", bare);
        json_latency(&j, "whole_round_us", round);
        json_finish(&j);
    } else {
        print_figures(&a, won, used, game, client, ready, solve, bare, round);
    }
    int status = won == a.games ? 0 : 1;
    if (a.svg && write_svg(a.svg, stats, used, a.alarm) != 0) {
        cli_err("bench net", "--svg: cannot write %s", a.svg);
        status = 1;
    }
    free(stats);
    free(wall);
    cg_tables_close(tables);
    cg3_twophase_close(solver3);
    return status;
}
