/* cubegod play: the challenge over TCP, TLS or a local process. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/stats.h"
#include "cubegod/client.h"
#include "cubegod/transcript.h"

static const char USAGE[] =
    "usage: cubegod play [options] HOST PORT\n"
    "       cubegod play [options] --exec 'CMD ARGS'\n"
    "\n"
    "Plays the cube god challenge: reads each round's Face boxes, answers with an optimal\n"
    "solution at the prompt, and prints the flag. Progress goes to standard error, one line per\n"
    "round; the summary (rounds, flag, latency) to standard output. Exit status 0 only when the\n"
    "game was won; 1 when it was lost (a [-] verdict, a closed connection, a timeout, a round\n"
    "that cannot be solved), with the round and the reason; 2 on bad usage.\n"
    "\n"
    "  --exec CMD        run a local copy of the challenge over pipes (split like a shell splits\n"
    "                    words, no shell runs: write 'sh -c \"...\"' to have one)\n"
    "  --tls             TLS over TCP, verified against the system's certificate authorities\n"
    "  --insecure        TLS without certificate verification\n"
    "  --sni NAME        TLS server name to send and verify (default: HOST)\n"
    "  --timeout S       seconds to wait for each piece of data (default 10)\n"
    "  --record FILE     write everything that crossed the wire to FILE as it goes (a transcript\n"
    "                    for 'cubegod replay')\n"
    "  --target T        home | any | auto (default auto: home when colours are face letters)\n"
    "  --scheme S        the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --max-moves N     refuse to send a solution longer than N (default 11)\n"
    "  --prompt TEXT     the prompt that asks for an answer (default 'Enter your solution:')\n"
    "  --flag-regex RE   what a flag looks like (POSIX extended; default [A-Za-z0-9_]+\\{[^}]*\\})\n"
    "  --cache FILE      the solver table's cache file\n"
    "  -q                no progress lines     -v  debug: hexdump of every byte both ways\n";

typedef struct play_args {
    const char *host, *port, *exec, *record;
    cg_play_options play;
    cg_tube_options tube;
    cg_tables_options tables;
    cg_scheme scheme;
    bool quiet;
} play_args;

static int parse_args(int argc, char **argv, play_args *a)
{
    const char *pos[2];
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        long n;
        cg_error err;
        if (cli_is_help(o)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (o[0] != '-' || o[1] == '\0') {
            if (npos == 2)
                return cli_usage("play", "unexpected argument '%s'", o);
            pos[npos++] = o;
        } else if (strcmp(o, "--tls") == 0) {
            a->tube.tls = true;
        } else if (strcmp(o, "--insecure") == 0) {
            a->tube.insecure = true;
        } else if (strcmp(o, "-q") == 0) {
            a->quiet = true;
            a->tube.log_level = CG_LOG_QUIET;
        } else if (strcmp(o, "-v") == 0) {
            a->tube.log_level = CG_LOG_DEBUG;
        } else if (!(v = cli_value("play", argc, argv, &i))) {
            return 2;
        } else if (strcmp(o, "--exec") == 0) {
            a->exec = v;
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
            if (!cli_long("play", o, v, 0, CG_MAX_SOLUTION, &n))
                return 2;
            a->play.solve.max_moves = (int)n;
        } else if (strcmp(o, "--prompt") == 0) {
            if (!*v)
                return cli_usage("play", "--prompt: the prompt text is empty");
            a->play.prompt = v;
        } else if (strcmp(o, "--flag-regex") == 0) {
            a->play.flag_regex = v;
        } else if (strcmp(o, "--cache") == 0) {
            a->tables.cache_path = v;
        } else {
            return cli_usage("play", "unknown option '%s'", o);
        }
    }
    if (a->exec && npos)
        return cli_usage("play", "give either HOST PORT or --exec, not both");
    if (!a->exec && npos != 2)
        return cli_usage("play", "needs HOST PORT, or --exec 'CMD ARGS'");
    if (a->exec && a->tube.tls)
        return cli_usage("play", "--tls goes with HOST PORT, not --exec");
    a->host = npos ? pos[0] : NULL;
    a->port = npos ? pos[1] : NULL;
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
    char total[16] = "";
    if (announced)
        snprintf(total, sizeof total, "/%d", announced);
    fprintf(stderr, "[*] round %d%s  %2d moves  solve %.0f \xC2\xB5s  round %.0f \xC2\xB5s\n",
            s->round, total, s->moves, s->solve_us, s->round_us);
}

static void summary(const cg_play_result *r, const cg_round_stat *stats, int n)
{
    if (r->won)
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
}

int cmd_play(int argc, char **argv)
{
    play_args a;
    memset(&a, 0, sizeof a);
    a.play = cg_play_defaults();
    int rc = parse_args(argc, argv, &a);
    if (rc >= 0)
        return rc;
    a.tube.connect_timeout = a.play.timeout;

    cg_error err;
    cg_tables *tables;
    if (cg_tables_open(&tables, &a.tables, NULL, &err) != CG_OK) {
        cli_err("play", "%s", err.msg);
        return 1;
    }
    cg_transcript *tr = NULL;
    if (a.record && cg_transcript_open(a.record, &tr, &err) != CG_OK) {
        cli_err("play", "--record: %s", err.msg);
        cg_tables_close(tables);
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
                            : cg_tube_connect(a.host, a.port, &a.tube, &t, &err);
    cg_play_result res;
    memset(&res, 0, sizeof res);
    if (st == CG_OK) {
        if (tr)
            cg_transcript_note(tr, CG_DIR_NOTE, NULL, "connected: %s", cg_tube_name(t));
        a.play.stats = stats;
        a.play.stats_cap = MAX_STATS;
        a.play.on_round = a.quiet ? NULL : progress;
        st = cg_play(t, tables, &a.play, &res, &err);
        summary(&res, stats, res.rounds_answered < MAX_STATS ? res.rounds_answered : MAX_STATS);
    }
    if (st != CG_OK)
        cli_err("play", "%s", err.msg);
    if (tr) {
        cg_transcript_note(tr, CG_DIR_NOTE, NULL, "%s", res.won ? "won" : "lost");
        cg_transcript_close(tr, NULL);
    }
    cg_tube_close(t);
    free(stats);
    cg_tables_close(tables);
    return st == CG_OK && res.won ? 0 : 1;
}
