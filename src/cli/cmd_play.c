/* cubegod play: the challenge over TCP, TLS or a local process. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/answer.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cli/stats.h"
#include "cubegod/client.h"
#include "cubegod/server.h"
#include "cubegod/transcript.h"

static const char USAGE[] =
    "usage: cubegod play [--tls] [--insecure] [--sni NAME] [--proxy URL] [--timeout S]\n"
    "                    [--record FILE] [--target T] [--scheme S] [--max-moves N]\n"
    "                    [--prompt TEXT] [--flag-regex RE] [--cache FILE] [--interactive]\n"
    "                    [--notation N] [--move-map MAP] [--separator S] [--metric htm|qtm]\n"
    "                    [--one-move] [--ambiguous pick|fail] [--time-limit MS]\n"
    "                    [--input SHAPE] [--order FACES] [--profile FILE] [--size 2|3]\n"
    "                    [-q] [-v] HOST PORT | HOST:PORT | [V6]:PORT | nc HOST PORT\n"
    "       cubegod play [options] --exec 'CMD ARGS'\n"
    "\n"
    "Plays the cube god challenge: reads each round's Face boxes, answers at the prompt (a 2x2\n"
    "with an optimal solution, a 3x3 with the two-phase solver's), and prints the flag. Progress goes to standard error, one line per\n"
    "round; the summary (rounds, flag, latency) to standard output. Exit status 0 only when the\n"
    "game was won; 1 when it was lost (a [-] verdict, a closed connection, a timeout, a round\n"
    "that cannot be solved), with the round and the reason; 2 on bad usage. Stopped by SIGINT\n"
    "or SIGTERM (Ctrl-C, timeout), it stops and reaps an --exec child, closes the --record\n"
    "transcript with a note, prints the summary so far and exits with 128 + the signal number.\n"
    "\n"
    "The address may be written HOST PORT, HOST:PORT, [V6]:PORT, or pasted as 'nc HOST PORT'.\n"
    "\n"
    "  --exec CMD        run a local copy of the challenge over pipes (split like a shell splits\n"
    "                    words, no shell runs: write 'sh -c \"...\"' to have one)\n"
    "  --tls             TLS over TCP, verified against the system's certificate authorities\n"
    "  --insecure        TLS without certificate verification\n"
    "  --sni NAME        TLS server name to send and verify (default: HOST)\n"
    "  --proxy URL       connect through socks5://HOST:PORT (no authentication; the proxy\n"
    "                    resolves names) or http://HOST:PORT (HTTP CONNECT); --tls runs through\n"
    "                    the tunnel to the server\n"
    "  --interactive     after the game (last round passed, flag seen, or lost) hand the\n"
    "                    connection to the terminal, like pwntools' interactive(): standard\n"
    "                    input goes to the server, the server's output to standard output,\n"
    "                    until the server closes (or, once standard input ended, stays silent\n"
    "                    for --timeout seconds)\n"
    "  --timeout S       seconds to wait for each piece of data (default 10)\n"
    "  --record FILE     write everything that crossed the wire to FILE as it goes (a transcript\n"
    "                    for 'cubegod replay')\n"
    "  --target T        home | any | auto (default auto: home when colours are face letters)\n"
    "  --scheme S        the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --max-moves N     refuse to send a solution longer than N (default 11 for a 2x2, 20\n"
    "                    for a 3x3, 26 for a 3x3 with --metric qtm), counted as the answer is\n"
    "                    written (R2 is two moves in quarter notation) and in the metric; a\n"
    "                    3x3 is solved within it (at most 31), in quarter turns with --metric qtm\n"
    "  --time-limit MS   3x3: spend up to MS milliseconds looking for shorter solutions\n"
    "                    (default 0: the first one within --max-moves, well under 1 ms)\n"
    "  --ambiguous A     3x3 with hidden faces that several cubes fit: fail (default) the\n"
    "                    round, or pick one of them and say so on the round's line\n"
    "  --prompt TEXT     the prompt that asks for an answer (default 'Enter your solution:')\n"
    "  --flag-regex RE   what a flag looks like (POSIX extended; default [A-Za-z0-9_]+\\{[^}]*\\})\n"
    "  --cache FILE      the 2x2 solver table's cache file; the 3x3 tables are read from\n"
    "                    twophase.tbl in FILE's folder (by default both in the cache folder)\n"
    "  --size 2|3        the tables to have ready before connecting (default both: the 2x2\n"
    "                    table, built in 1.3 s the first time, and the 3x3 two-phase tables,\n"
    "                    built in about 30 s, with a progress bar); --size 2 leaves the 3x3\n"
    "                    tables to the first 3x3 round, if one comes\n"
    "  --one-move        answer one move per prompt, 2x2 or 3x3; when the server shows the\n"
    "                    cube between moves, check it is the cube the moves made (a mismatch\n"
    "                    names the round and the move); give the server's prompt with --prompt\n"
    "                    (serve in this mode asks 'Enter your move:')\n"
    "  --input SHAPE     how the server shows the cube: auto (default: recognised), boxes,\n"
    "                    faces, net, string or ansi (as 'cubegod solve --help' says)\n"
    "  --order FACES     the face order of a cube shown as a string (default UDFBLR, or net)\n"
    CLI_ANSWER_HELP
    CLI_PROFILE_HELP
    "  -q                no progress lines     -v  debug: hexdump of every byte both ways\n";

static const cli_option PLAY_OPTIONS[] = {
    {"exec", CLI_VALUE},      {"tls", CLI_FLAG},        {"insecure", CLI_FLAG},
    {"sni", CLI_VALUE},       {"timeout", CLI_VALUE},   {"record", CLI_VALUE},
    {"target", CLI_VALUE},    {"scheme", CLI_VALUE},    {"max-moves", CLI_VALUE},
    {"prompt", CLI_VALUE},    {"flag-regex", CLI_VALUE}, {"cache", CLI_FILE},
    {"one-move", CLI_FLAG},   {"proxy", CLI_VALUE},     {"interactive", CLI_FLAG},
    CLI_ANSWER_OPTIONS,       {"profile", CLI_FILE},    {"ambiguous", CLI_VALUE},
    {"time-limit", CLI_VALUE}, {"input", CLI_VALUE},    {"order", CLI_VALUE},
    {"size", CLI_VALUE},
    {NULL, CLI_FLAG},
};

typedef struct play_args {
    const char *exec, *record, *proxy;
    cg_address addr;
    bool interactive;
    cli_answer answer;
    cg_play_options play;
    cg_tube_options tube;
    cg_tables_options tables;
    cg3_tables_options tables3;
    cg3_twophase *solver3; /* loaded before connecting, or by the first 3x3 round (--size 2) */
    cg_scheme scheme;
    bool quiet;
    int size;              /* --size: 2 or 3, 0 for both */
} play_args;

static int parse_args(int argc, char **argv, play_args *a)
{
    const char *pos[8];
    int npos = 0;
    bool max_given = false;
    cli_answer_init(&a->answer);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v = NULL;
        const cli_option *spec;
        long n;
        int rc;
        cg_error err;
        if (cli_is_help(o)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (o[0] != '-' || o[1] == '\0') {
            if (npos == 8)
                return cli_usage("play", "unexpected argument '%s'", o);
            pos[npos++] = o;
        } else if (strcmp(o, "--interactive") == 0) {
            a->interactive = true;
        } else if (strcmp(o, "-q") == 0) {
            a->quiet = true;
            a->tube.log_level = CG_LOG_QUIET;
        } else if (strcmp(o, "-v") == 0) {
            a->tube.log_level = CG_LOG_DEBUG;
        } else if (strcmp(o, "--size") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            if (strcmp(v, "2") != 0 && strcmp(v, "3") != 0)
                return cli_usage("play", "--size %s: the size is 2 or 3", v);
            a->size = v[0] - '0';
        } else if (!(spec = cli_option_find(PLAY_OPTIONS, o))) {
            return cli_unknown("play", o, USAGE);
        } else if (spec->kind != CLI_FLAG && !(v = cli_value("play", argc, argv, &i))) {
            return 2;
        } else if ((rc = cli_answer_option("play", o, v, &a->answer)) != 0) {
            if (rc == 2)
                return 2;
        } else if (strcmp(o, "--tls") == 0) {
            a->tube.tls = true;
        } else if (strcmp(o, "--insecure") == 0) {
            a->tube.insecure = true;
        } else if (strcmp(o, "--one-move") == 0) {
            a->play.one_move = true;
        } else if (strcmp(o, "--input") == 0) {
            cg_error e;
            if (cg_shape_parse(v, &a->play.input, &e) != CG_OK)
                return cli_usage("play", "--input: %s", e.msg);
        } else if (strcmp(o, "--order") == 0) {
            cg_error e;
            if (cg_string_order_check(v, &e) != CG_OK)
                return cli_usage("play", "--order: %s", e.msg);
            a->play.order = v;
        } else if (strcmp(o, "--exec") == 0) {
            a->exec = v;
        } else if (strcmp(o, "--proxy") == 0) {
            a->proxy = v;
        } else if (strcmp(o, "--sni") == 0) {
            a->tube.sni = v;
        } else if (strcmp(o, "--timeout") == 0) {
            if (!cli_seconds("play", o, v, 86400, &a->play.timeout))
                return 2;
        } else if (strcmp(o, "--record") == 0) {
            a->record = v;
        } else if (strcmp(o, "--target") == 0) {
            int t;
            if (!cli_target("play", v, &t))
                return 2;
            a->play.solve.target = (cg_target)t;
        } else if (strcmp(o, "--scheme") == 0) {
            if (cg_scheme_parse(v, &a->scheme, &err) != CG_OK)
                return cli_usage("play", "--scheme: %s", err.msg);
            a->play.solve.scheme = &a->scheme;
        } else if (strcmp(o, "--max-moves") == 0) {
            if (!cli_long("play", o, v, 0, CG_SERVER_MAX_MOVES, &n))
                return 2;
            a->play.solve.max_moves = (int)n;
            a->play.solve3.max_moves = (int)(n < CG3_SOLUTION_MAX ? n : CG3_SOLUTION_MAX);
            a->play.max_answer = (int)n; /* the limit on what is sent, as written */
            max_given = true;
        } else if (strcmp(o, "--time-limit") == 0) {
            if (!cli_long("play", o, v, 0, 60000, &n))
                return 2;
            a->play.solve3.time_limit_ms = (double)n;
        } else if (strcmp(o, "--ambiguous") == 0) {
            if (strcmp(v, "pick") != 0 && strcmp(v, "fail") != 0)
                return cli_usage("play", "--ambiguous: '%s' is not pick or fail", v);
            a->play.pick = strcmp(v, "pick") == 0;
        } else if (strcmp(o, "--prompt") == 0) {
            if (!*v)
                return cli_usage("play", "--prompt: the prompt text is empty");
            a->play.prompt = v;
        } else if (strcmp(o, "--flag-regex") == 0) {
            a->play.flag_regex = v;
        } else if (strcmp(o, "--cache") == 0) {
            a->tables.cache_path = v;
        } else {
            return cli_unknown("play", o, USAGE);
        }
    }
    if (!cli_answer_ready("play", &a->answer))
        return 2;
    a->play.dialect = &a->answer.dialect;
    a->tables.metric = a->answer.metric;
    a->play.solve3.metric = a->answer.metric;
    /* serve's 3x3 limit under qtm is the same God's number: its games are winnable as given */
    _Static_assert(CG3_GODS_NUMBER_QTM == CG_SERVER3_QTM_MAX_MOVES, "26 on both sides");
    if (a->answer.metric == CG_METRIC_QTM && !max_given)
        a->play.solve3.max_moves = CG3_GODS_NUMBER_QTM;
    if (a->exec && npos)
        return cli_usage("play", "give either HOST PORT or --exec, not both");
    if (!a->exec && npos == 0)
        return cli_usage("play", "needs HOST PORT, or --exec 'CMD ARGS'");
    if (a->exec && a->tube.tls)
        return cli_usage("play", "--tls goes with HOST PORT, not --exec");
    if (a->exec && a->proxy)
        return cli_usage("play", "--proxy goes with HOST PORT, not --exec");
    cg_error err;
    if (!a->exec && cg_address_parse(pos, npos, &a->addr, &err) != CG_OK)
        return cli_usage("play", "%s", err.msg);
    return -1;
}

static void on_data(void *ctx, int direction, const uint8_t *p, size_t n)
{
    cg_transcript *tr = ctx;
    cg_transcript_write(tr, direction == CG_TUBE_SENT ? CG_DIR_OUT : CG_DIR_IN, p, n, NULL);
}

static void progress(void *ctx, const cg_round_stat *s, int announced)
{
    (void)ctx;
    char total[16] = "", guess[96] = "";
    if (announced)
        snprintf(total, sizeof total, "/%d", announced);
    if (s->fits > 1)
        snprintf(guess, sizeof guess, "  (a guess: %lu cubes fit the faces shown, answered one)",
                 s->fits);
    fprintf(stderr, "[*] round %d%s  %s%2d moves  solve %.0f \xC2\xB5s  round %.0f \xC2\xB5s%s\n",
            s->round, total, s->size == 3 ? "3x3 " : "", s->moves, s->solve_us, s->round_us,
            guess);
}

/* The 3x3 solver: opened before connecting (prepare_tables), or with --size 2 when the first
 * 3x3 round comes. */
static cg_status open_solver3(void *ctx, const cg3_twophase **out, cg_error *err)
{
    play_args *a = ctx;
    cg_status st = CG_OK;
    if (!a->solver3) {
        cli_tables3_options(&a->tables3, CLI_TWOPHASE, a->tables.cache_path, a->quiet);
        st = cg3_twophase_open(&a->solver3, &a->tables3, NULL, err);
    }
    *out = a->solver3;
    return st;
}

/* Every table the game may need, loaded or built before the connection starts, so that no
 * round waits for a build (issue 26): the 2x2 table (the client's own), and the 3x3 tables
 * unless --size 2. */
static cg_status prepare_tables(play_args *a, cg_tables **tables, cg_error *err)
{
    cli_tables_options(&a->tables, a->quiet);
    cg_status st = cg_tables_open(tables, &a->tables, NULL, err);
    const cg3_twophase *s3;
    if (st == CG_OK && a->size != 2)
        st = open_solver3(a, &s3, err);
    return st;
}

/* SIGINT and SIGTERM: the handler only notes the signal and puts /dev/null in place of the
 * descriptor the game reads from (dup2 is async-signal-safe), so the read in progress ends with
 * end of file at once, whatever the transport; the game then unwinds normally and the command
 * closes the transcript, prints the summary and stops the child. */
static volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t watched_fd = -1;
static int devnull_fd = -1;

static void on_stop(int sig)
{
    int e = errno;
    if (!stop_signal)
        stop_signal = sig;
    if (watched_fd >= 0 && devnull_fd >= 0)
        dup2(devnull_fd, watched_fd);
    errno = e;
}

static void watch_signals(int fd)
{
    devnull_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    watched_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C stops at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void unwatch_signals(void)
{
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(SIG_BLOCK, &set, &old);
    watched_fd = -1;
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (devnull_fd >= 0)
        close(devnull_fd);
    devnull_fd = -1;
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

static void summary(const cg_play_result *r, const cg_round_stat *stats, int n)
{
    if (stop_signal)
        printf("[-] stopped by %s: %d round%s passed\n", signal_name(stop_signal),
               r->rounds_passed, r->rounds_passed == 1 ? "" : "s");
    else if (r->won)
        printf("[+] won: %d/%d rounds passed\n", r->rounds_passed,
               r->rounds_announced ? r->rounds_announced : r->rounds_passed);
    else
        printf("[-] lost: %d round%s passed; %s\n", r->rounds_passed,
               r->rounds_passed == 1 ? "" : "s", r->reason);
    if (r->flag_line[0])
        printf("last line: %s\n", r->flag_line);
    if (r->flags[0])
        printf("flag: %s\n", r->flags);
    if (n > 0) {
        cg_latency client = cg_latency_of_field(stats, (size_t)n, cg_round_stat, client_us);
        cg_latency round = cg_latency_of_field(stats, (size_t)n, cg_round_stat, round_us);
        printf("client part (prompt in -> answer out): median %.1f \xC2\xB5s  p99 %.1f \xC2\xB5s  max %.1f \xC2\xB5s\n",
               client.median, client.p99, client.max);
        printf("round (answer out -> next answer out): median %.1f \xC2\xB5s  p99 %.1f \xC2\xB5s  max %.1f \xC2\xB5s\n",
               round.median, round.p99, round.max);
    }
    fflush(stdout);
}

/* Writes all of p to standard output. */
static void out_all(const uint8_t *p, size_t n)
{
    fwrite(p, 1, n, stdout);
    fflush(stdout);
}

/* pwntools' interactive(): the tube's output to standard output, standard input to the tube,
 * until the server closes; after standard input ends, until the server closes or stays silent
 * for `quiet` seconds. Returns false when the connection failed. */
static bool interactive(cg_tube *t, double quiet, bool silent, cg_transcript *tr)
{
    const uint8_t *p;
    size_t n;
    cg_error err;
    bool in_open = true;
    if (!silent)
        fprintf(stderr, "[*] Switching to interactive mode\n");
    for (;;) {
        cg_status st;
        while ((st = cg_tube_recv(t, 0, 0, &p, &n, &err)) == CG_OK)
            out_all(p, n);
        if (st == CG_ERR_EOF) {
            if (!silent)
                fprintf(stderr, "[*] Got EOF while reading in interactive\n");
            return true;
        }
        if (st != CG_ERR_TIMEOUT) {
            cli_err("play", "interactive: %s", err.msg);
            return false;
        }
        struct pollfd fds[2] = {{.fd = cg_tube_fileno(t), .events = POLLIN},
                                {.fd = STDIN_FILENO, .events = POLLIN}};
        int r = poll(fds, in_open ? 2 : 1, in_open ? -1 : (int)(quiet * 1000));
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0) {
            if (tr)
                cg_transcript_note(tr, CG_DIR_NOTE, NULL, "interactive: the server stayed "
                                   "silent for %g s after standard input ended", quiet);
            return true;
        }
        if (in_open && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
            uint8_t buf[4096];
            ssize_t got = read(STDIN_FILENO, buf, sizeof buf);
            if (got > 0 && cg_tube_send(t, buf, (size_t)got, &err) != CG_OK) {
                cli_err("play", "interactive: %s", err.msg);
                return false;
            }
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) {
                in_open = false;
                cg_tube_shutdown_send(t, NULL);
            }
        }
    }
}

/* The library's message, and the option that answers it: the library names no options. */
static const struct {
    const char *seen, *hint;
} PLAY_HINTS[] = {
    {"certificate verify failed", " (--insecure skips verification)"},
    {"it does not speak TLS", "; drop --tls"},
    {"the server may speak TLS", "; add --tls"},
    {"but not the prompt", "; if the server asks differently, give --prompt TEXT"},
};

static void play_error(const cg_error *err)
{
    const char *hint = "";
    for (size_t i = 0; i < sizeof PLAY_HINTS / sizeof PLAY_HINTS[0]; i++)
        if (strstr(err->msg, PLAY_HINTS[i].seen))
            hint = PLAY_HINTS[i].hint;
    cli_err("play", "%s%s", err->msg, hint);
}

/* The tube's log, which the library keeps quiet unless asked: pwntools' lines on stderr. */
static void log_to_stderr(void *ctx, cg_log_level at, const char *text)
{
    (void)ctx;
    (void)at;
    fputs(text, stderr);
}

static int play_main(int argc, char **argv)
{
    play_args a;
    memset(&a, 0, sizeof a);
    a.play = cg_play_defaults();
    a.tube.log_level = CG_LOG_INFO; /* -q and -v change it */
    a.tube.log_fn = log_to_stderr;
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    a.tube.connect_timeout = a.play.timeout;

    cg_error err;
    cg_tables *tables = NULL;
    if (prepare_tables(&a, &tables, &err) != CG_OK) {
        cli_err("play", "%s", err.msg);
        cg_tables_close(tables);
        cg3_twophase_close(a.solver3);
        return 1;
    }
    cg_transcript *tr = NULL;
    if (a.record && cg_transcript_open(a.record, &tr, &err) != CG_OK) {
        cli_err("play", "--record: %s", err.msg);
        cg_tables_close(tables);
        cg3_twophase_close(a.solver3);
        return 2;
    }
    if (tr) {
        a.tube.on_data = on_data;
        a.tube.on_data_ctx = tr;
    }
    enum { MAX_STATS = 100000 };
    cg_round_stat *stats = malloc(MAX_STATS * sizeof *stats);
    cg_tube *t = NULL;
    cg_status st = !stats ? cg_fail(&err, CG_ERR_NOMEM, "no memory for statistics")
                   : a.exec ? cg_tube_process_cmd(a.exec, &a.tube, &t, &err)
                            : cg_tube_connect_proxy(a.proxy, a.addr.host, a.addr.port, &a.tube,
                                                    &t, &err);
    cg_play_result res;
    memset(&res, 0, sizeof res);
    if (st == CG_OK) {
        if (tr)
            cg_transcript_note(tr, CG_DIR_NOTE, NULL, "connected: %s", cg_tube_name(t));
        a.play.stats = stats;
        a.play.stats_cap = MAX_STATS;
        a.play.on_round = a.quiet ? NULL : progress;
        a.play.handover = a.interactive;
        a.play.solver3 = open_solver3;
        a.play.solver3_ctx = &a;
        watch_signals(cg_tube_fileno(t));
        st = cg_play(t, tables, &a.play, &res, &err);
        summary(&res, stats, res.rounds_answered < MAX_STATS ? res.rounds_answered : MAX_STATS);
        if (st != CG_OK && !stop_signal)
            play_error(&err);
        if (st == CG_OK && res.open && !stop_signal && !interactive(t, a.play.timeout, a.quiet, tr) &&
            !stop_signal)
            st = CG_ERR_SYSTEM;
    } else {
        play_error(&err);
    }
    if (tr && stop_signal)
        cg_transcript_note(tr, CG_DIR_NOTE, NULL, "stopped by %s after %d passed round%s",
                           signal_name(stop_signal), res.rounds_passed,
                           res.rounds_passed == 1 ? "" : "s");
    else if (tr)
        cg_transcript_note(tr, CG_DIR_NOTE, NULL, "%s", res.won ? "won" : "lost");
    unwatch_signals(); /* before the descriptor's number can be reused */
    cg_tube_close(t);  /* stops and reaps an --exec child */
    if (tr)
        cg_transcript_close(tr, NULL);
    free(stats);
    cg_tables_close(tables);
    cg3_twophase_close(a.solver3);
    if (stop_signal)
        return 128 + stop_signal;
    return st == CG_OK && res.won ? 0 : 1;
}

int cmd_play(int argc, char **argv)
{
    void *owned;
    int rc = cli_profile_expand("play", PLAY_OPTIONS, &argc, &argv, &owned);
    if (rc >= 0)
        return rc;
    rc = play_main(argc, argv);
    cli_profile_free(owned);
    return rc;
}
