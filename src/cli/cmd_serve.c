/* cubegod serve: the challenge server (server.h). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "cli/answer.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "cubegod/server.h"

static const char USAGE[] =
    "usage: cubegod serve [--host ADDR] [--port N] [--rounds N] [--alarm SECONDS]\n"
    "                     [--max-moves N] [--flag TEXT] [--seed S] [--check any|home]\n"
    "                     [--tls-cert FILE --tls-key FILE] [--max-clients N] [--games N]\n"
    "                     [--notation N] [--move-map MAP] [--separator S] [--metric htm|qtm]\n"
    "                     [--one-move] [--size 2|3] [--hide N] [--scramble N]\n"
    "                     [--show SHAPE] [--colours SET] [--order FACES]\n"
    "                     [--pow sha256|hashcash|kctf [--pow-difficulty N]]\n"
    "                     [--goal shown|STATE] [--layout FILE] [--across ORDER]\n"
    "                     [--banner TEXT] [--prompt TEXT] [--bare-prompt] [--send-each]\n"
    "                     [--end TEXT] [--menu] [--profile FILE] [-q]\n"
    "\n"
    "Runs a faithful copy of the cube god challenge server: a banner, then ROUNDS rounds of five\n"
    "faces of a scrambled 2x2 cube, an answer of at most MAX moves within the alarm, then the\n"
    "flag. With --size 3 the same game with a 3x3: a uniformly random cube each round, all six\n"
    "faces shown (--hide N hides N random faces), answers of at most 20 moves by default (26\n"
    "quarter turns with --metric qtm). The port is printed on the first line of standard\n"
    "output; one line per finished game goes to standard error. Ctrl-C (SIGINT) or SIGTERM\n"
    "stops it.\n"
    "\n"
    "options:\n"
    "  --host ADDR        address to listen on (default 127.0.0.1)\n"
    "  --port N           port (default 0: a free one)\n"
    "  --rounds N         rounds per game (default 100)\n"
    "  --alarm SECONDS    time from the prompt to the end of the answer (default 1)\n"
    "  --max-moves N      longest accepted answer (default 11; 20 with --size 3, 26 with\n"
    "                     --size 3 --metric qtm)\n"
    "  --flag TEXT        the flag shown after the last round\n"
    "  --seed S           reproducible games: game k is drawn from S and k\n"
    "  --check any|home   solved means every face one colour (any, default) or home position\n"
    "  --tls-cert FILE    serve TLS with this PEM certificate (chain) ...\n"
    "  --tls-key FILE     ... and this PEM private key\n"
    "  --max-clients N    games at once (default 512); more are told the server is busy\n"
    "  --games N          exit after N games (default: serve until stopped)\n"
    "  --one-move         one move per prompt ('Enter your move:'), the cube shown again after\n"
    "                     each move ('Move k: NAME', then the boxes); an empty line asks for\n"
    "                     the verdict of a cube already solved; either size, shown as boxes\n"
    "  --size 2|3         the cube: 2x2 (default) or 3x3\n"
    "  --show SHAPE       how the cube is shown: boxes (default), faces ('U:' and the rows),\n"
    "                     net (the unfolded cross), string (one line, faces U D F B L R, '?'\n"
    "                     hidden), ansi (a net of ANSI colour blocks), dict (a Python dict of\n"
    "                     faces, one line) or json (indented JSON, rows); see docs/shapes.md\n"
    "  --goal G           the goal is not solved: shown (each round a random goal, drawn as\n"
    "                     'Goal:' above 'Now:' and the cube) or a STATE (a facelet string in\n"
    "                     URFDLB order, drawn the same way); answers must reach it exactly\n"
    "  --layout FILE      draw each cube as FILE lays one out (a layout template: facelet names\n"
    "                     U1..B9, a 2x2 U1..B4, replaced by the stickers; docs/shapes.md)\n"
    "  --across ORDER     with --show net or ansi: the side faces left to right, such as BLFR\n"
    "  --colours SET      the stickers: letters (the face letters, default), words (white\n"
    "                     yellow ...), digits (0 to 5) or ansi (colour blocks); not with boxes\n"
    "  --order FACES      with --show string: the face order of the line, six face letters\n"
    "                     (URFDLB: Kociemba's facelet strings) or net (U's rows, each row\n"
    "                     across L F R B, D's rows), as play --order and solve --order read it\n"
    "  --hide N           faces hidden each round: 0 to 5 for a 3x3 (default 0); the 2x2\n"
    "                     always hides one\n"
    "  --scramble N       3x3 only: each cube is N random face turns from home (1 to 64)\n"
    "                     instead of uniformly random: easy rounds for practice\n"
    "  --pow KIND         a proof of work before each game: sha256 (sha256(XXXX+suffix) ==\n"
    "                     hex, 'Give me XXXX:'), hashcash (hashcash -mb20 RESOURCE, a stamp)\n"
    "                     or kctf (kCTF's sloth, 'Solution? '); 'Correct', or the game ends\n"
    "  --pow-difficulty N sha256: the X's, 1 to 6 (default 4); hashcash: bits, 1 to 40\n"
    "                     (default 20); kctf: 1 to 100000 (default 1337)\n"
    "  --banner TEXT      the rules line after the welcome, in words of its own (such as\n"
    "                     'Quarter turns only, at most 14 moves each'), instead of 'Solve N\n"
    "                     rounds, ... at most M moves'\n"
    "  --prompt TEXT      the prompt line, text after it allowed (default 'Enter your\n"
    "                     solution:')\n"
    "  --bare-prompt      the prompt without a line break, as Python's input() prints it\n"
    "  --send-each        after the prompt, one move a line, no prompt between them, until the\n"
    "                     --end line or, without one, until the cube is solved\n"
    "  --end TEXT         with --send-each: the line that ends the moves (such as '#')\n"
    "  --menu             a menu game around each 3x3 cube: the solved cube, a level menu\n"
    "                     (only 3 goes on), then for each round a scrambled cube with its\n"
    "                     centres moved and '(1) show the cube (2) move (3) check ...' before\n"
    "                     every action, 'your choice: ' and 'your step:' without line breaks;\n"
    "                     defaults: --size 3 --show ansi, 50 rounds, alarm 3 s, moves one\n"
    "                     character each (U D F B L R clockwise, lower case anticlockwise);\n"
    "                     a round ends the game past 64 choices or 10 alarms of time\n"
    "  -q                 no log lines\n"
    CLI_PROFILE_HELP
    "\n"
    "what answers it accepts (the same options as play's, which sends them):\n"
    CLI_ANSWER_HELP;

static const cli_option SERVE_OPTIONS[] = {
    {"host", CLI_VALUE},     {"port", CLI_VALUE},     {"rounds", CLI_VALUE},
    {"alarm", CLI_VALUE},    {"max-moves", CLI_VALUE}, {"flag", CLI_VALUE},
    {"seed", CLI_VALUE},     {"check", CLI_VALUE},    {"tls-cert", CLI_FILE},
    {"tls-key", CLI_FILE},   {"max-clients", CLI_VALUE}, {"games", CLI_VALUE},
    {"one-move", CLI_FLAG},  CLI_ANSWER_OPTIONS,      {"profile", CLI_FILE},
    {"size", CLI_VALUE},     {"hide", CLI_VALUE},     {"scramble", CLI_VALUE},
    {"show", CLI_VALUE},     {"colours", CLI_VALUE},  {"order", CLI_VALUE},
    {"pow", CLI_VALUE},      {"pow-difficulty", CLI_VALUE},
    {"goal", CLI_VALUE},     {"layout", CLI_FILE},    {"across", CLI_VALUE},
    {"banner", CLI_VALUE},   {"prompt", CLI_VALUE},   {"bare-prompt", CLI_FLAG},
    {"send-each", CLI_FLAG}, {"end", CLI_VALUE},      {"menu", CLI_FLAG},
    {NULL, CLI_FLAG},
};

/* Parses one option with a value; returns 0 to go on, 2 on a usage error. */
static int parse_value(const char *opt, const char *v, cg_server_options *o)
{
    long n;
    double d;
    if (strcmp(opt, "--host") == 0)
        o->host = v;
    else if (strcmp(opt, "--port") == 0)
        return cli_long("serve", opt, v, 0, 65535, &n) ? (o->port = (int)n, 0) : 2;
    else if (strcmp(opt, "--rounds") == 0)
        return cli_long("serve", opt, v, 1, 1000000, &n) ? (o->rounds = (int)n, 0) : 2;
    else if (strcmp(opt, "--alarm") == 0) {
        if (!cli_seconds("serve", opt, v, 86400, &d))
            return 2;
        o->alarm = d;
    } else if (strcmp(opt, "--max-moves") == 0)
        return cli_long("serve", opt, v, 0, CG_SERVER_MAX_MOVES, &n) ? (o->max_moves = (int)n, 0)
                                                                     : 2;
    else if (strcmp(opt, "--flag") == 0)
        o->flag = v;
    else if (strcmp(opt, "--seed") == 0) {
        if (!cli_long("serve", opt, v, 0, LONG_MAX, &n))
            return 2;
        o->seeded = true;
        o->seed = (uint64_t)n;
    } else if (strcmp(opt, "--check") == 0) {
        int t = cg_target_parse(v);
        if (t != CG_TARGET_ANY && t != CG_TARGET_HOME)
            return cli_usage("serve", "--check: '%s' is not any or home", v);
        o->check = (cg_target)t;
    } else if (strcmp(opt, "--tls-cert") == 0)
        o->tls_cert = v;
    else if (strcmp(opt, "--tls-key") == 0)
        o->tls_key = v;
    else if (strcmp(opt, "--max-clients") == 0)
        return cli_long("serve", opt, v, 1, 100000, &n) ? (o->max_clients = (int)n, 0) : 2;
    else if (strcmp(opt, "--size") == 0) {
        if (strcmp(v, "2") != 0 && strcmp(v, "3") != 0)
            return cli_usage("serve", "--size: '%s' is not 2 or 3", v);
        o->size = v[0] - '0';
    } else if (strcmp(opt, "--hide") == 0)
        return cli_long("serve", opt, v, 0, 5, &n) ? (o->hide = (int)n, 0) : 2;
    else if (strcmp(opt, "--scramble") == 0)
        return cli_long("serve", opt, v, 1, CG3_SCRAMBLE_MAX, &n) ? (o->scramble = (int)n, 0) : 2;
    else if (strcmp(opt, "--show") == 0) {
        cg_error err;
        if (cg_shape_parse(v, &o->show, &err) != CG_OK || o->show == CG_SHAPE_AUTO)
            return cli_usage("serve", "--show: '%s' is not boxes, faces, net, string, ansi, dict "
                                      "or json", v);
    } else if (strcmp(opt, "--goal") == 0) {
        o->goal = v;
    } else if (strcmp(opt, "--across") == 0) {
        o->across = v;
    } else if (strcmp(opt, "--layout") == 0) {
        static char text[65536];
        FILE *f = fopen(v, "rb");
        if (!f) {
            cli_err("serve", "--layout %s: %s", v, strerror(errno));
            return 2;
        }
        size_t len = fread(text, 1, sizeof text - 1, f);
        bool more = fgetc(f) != EOF;
        fclose(f);
        text[len] = '\0';
        if (more || memchr(text, '\0', len))
            return cli_usage("serve", "--layout %s: longer than %zu bytes, or not text", v,
                             sizeof text - 1);
        o->layout = text;
    } else if (strcmp(opt, "--colours") == 0) {
        cg_error err;
        if (cg_colours_parse(v, &o->colours, &err) != CG_OK)
            return cli_usage("serve", "--colours: %s", err.msg);
    } else if (strcmp(opt, "--order") == 0) {
        cg_error err;
        if (cg_string_order_check(v, &err) != CG_OK)
            return cli_usage("serve", "--order: %s", err.msg);
        o->order = v;
    } else if (strcmp(opt, "--pow") == 0) {
        if (strcmp(v, "sha256") != 0 && strcmp(v, "hashcash") != 0 && strcmp(v, "kctf") != 0)
            return cli_usage("serve", "--pow: '%s' is not sha256, hashcash or kctf", v);
        o->pow = v;
    } else if (strcmp(opt, "--pow-difficulty") == 0)
        return cli_long("serve", opt, v, 1, 100000, &n) ? (o->pow_difficulty = n, 0) : 2;
    else if (strcmp(opt, "--banner") == 0)
        o->banner = v;
    else if (strcmp(opt, "--prompt") == 0)
        o->prompt = v;
    else if (strcmp(opt, "--end") == 0)
        o->end = v;
    else if (strcmp(opt, "--games") == 0)
        return cli_long("serve", opt, v, 1, LONG_MAX, &n) ? (o->games = n, 0) : 2;
    else
        return cli_unknown("serve", opt, USAGE);
    return 0;
}

/* SIGINT and SIGTERM are blocked in every thread and taken by this one, which stops the server.
 * Its own end comes through `done`, which only this process can set: a SIGUSR1 from outside
 * (the wake-up call) is ignored, so it cannot end the thread and leave SIGINT/SIGTERM blocked. */
typedef struct signal_watch {
    cg_server *server;
    atomic_bool done;
} signal_watch;

static void *signal_thread(void *arg)
{
    signal_watch *w = arg;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGUSR1);
    for (;;) {
        int sig = 0;
        if (sigwait(&set, &sig) != 0)
            continue;
        if (sig == SIGUSR1 && atomic_load(&w->done))
            return NULL;
        if (sig != SIGUSR1)
            cg_server_stop(w->server);
    }
}

static int serve(const cg_server_options *o)
{
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, &old);

    cg_server *s;
    cg_error err;
    cg_status st = cg_server_open(o, &s, &err);
    if (st != CG_OK) {
        /* The library names no options: the one that answers its message is named here. */
        bool shape = strstr(err.msg, "other colours need another shape") != NULL;
        cli_err("serve", "%s%s", err.msg, shape ? ": give --show" : "");
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return st == CG_ERR_INPUT ? 2 : 1;
    }
    printf("%d\n", cg_server_port(s));
    fflush(stdout);
    if (o->log) {
        fprintf(o->log, "serve: listening on %s port %d%s, %d rounds of a %dx%d, alarm %g s\n",
                o->host, cg_server_port(s), o->tls_cert ? " (TLS)" : "", o->rounds,
                o->size == 3 ? 3 : 2, o->size == 3 ? 3 : 2, o->alarm);
        fflush(o->log);
    }
    signal_watch watch = {.server = s};
    pthread_t sig;
    bool have_sig = pthread_create(&sig, NULL, signal_thread, &watch) == 0;
    st = cg_server_run(s, &err);
    if (have_sig) {
        atomic_store(&watch.done, true);
        pthread_kill(sig, SIGUSR1);
        pthread_join(sig, NULL);
    }
    long finished, won;
    cg_server_counts(s, &finished, &won);
    if (o->log)
        fprintf(o->log, "serve: %ld games, %ld won\n", finished, won);
    cg_server_close(s);
    /* SIGINT and SIGTERM stay blocked until the process exits: the signal thread has gone, and
       a stop asked for as the last game ended would otherwise kill the process on its way out,
       its exit status and the threads' memory lost (a test's clean-up did, under valgrind). */
    if (st != CG_OK) {
        cli_err("serve", "accepting connections failed: %s", err.msg);
        return 1;
    }
    return 0;
}

static int serve_main(int argc, char **argv)
{
    cg_server_options o = cg_server_defaults();
    bool max_given = false;
    struct { bool rounds, alarm, show; } given = {false, false, false};
    cli_answer ans;
    cli_answer_init(&ans);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        }
        if (strcmp(a, "-q") == 0) {
            o.log = NULL;
            continue;
        }
        if (a[0] != '-')
            return cli_usage("serve", "unexpected argument '%s'", a);
        const cli_option *spec = cli_option_find(SERVE_OPTIONS, a);
        if (!spec)
            return cli_unknown("serve", a, USAGE);
        const char *v = spec->kind != CLI_FLAG ? cli_value("serve", argc, argv, &i) : NULL;
        if (spec->kind != CLI_FLAG && !v)
            return 2;
        if (strcmp(a, "--one-move") == 0 || strcmp(a, "--bare-prompt") == 0 ||
            strcmp(a, "--send-each") == 0 || strcmp(a, "--menu") == 0) {
            bool *flag = a[2] == 'o' ? &o.one_move : a[2] == 'b' ? &o.bare_prompt
                         : a[2] == 's' ? &o.send_each : &o.menu;
            *flag = true;
            continue;
        }
        given.rounds |= strcmp(a, "--rounds") == 0;
        given.alarm |= strcmp(a, "--alarm") == 0;
        given.show |= strcmp(a, "--show") == 0;
        int rc = cli_answer_option("serve", a, v, &ans);
        max_given |= strcmp(a, "--max-moves") == 0;
        if (rc == 0)
            rc = parse_value(a, v, &o);
        else if (rc == 1)
            rc = 0;
        if (rc)
            return rc;
    }
    if (!o.tls_cert != !o.tls_key)
        return cli_usage("serve", "--tls-cert and --tls-key go together");
    if (o.menu && !ans.given) { /* the published game's one-character moves */
        ans.notation = CG_NOTATION_QUARTER;
        ans.move_map = "U=U,U'=u,D=D,D'=d,F=F,F'=f,B=B,B'=b,L=L,L'=l,R=R,R'=r";
        ans.separator = "none";
        ans.given = true;
    }
    if (o.menu) {
        o.size = 3;
        o.rounds = given.rounds ? o.rounds : 50;
        o.alarm = given.alarm ? o.alarm : 3;
        o.show = given.show ? o.show : CG_SHAPE_ANSI;
        o.colours = given.show ? o.colours : CG_COLOURS_ANSI;
        if (!max_given)
            o.max_moves = CG_SERVER_MAX_MOVES;
        max_given = true;
    }
    if (o.end && !o.send_each)
        return cli_usage("serve", "--end is the line that ends the moves of --send-each");
    if (!cli_answer_ready("serve", &ans))
        return 2;
    if (o.size == 3 && !max_given) /* God's number in the metric */
        o.max_moves = ans.metric == CG_METRIC_QTM ? CG_SERVER3_QTM_MAX_MOVES : 20;
    if (o.order && o.show != CG_SHAPE_STRING)
        return cli_usage("serve", "--order is the face order of --show string");
    if (o.size != 3 && o.hide >= 0 && o.hide != 1)
        return cli_usage("serve", "--hide: the 2x2 game always hides one face");
    if (o.pow_difficulty && !o.pow)
        return cli_usage("serve", "--pow-difficulty goes with --pow KIND");
    if (o.size != 3 && o.scramble)
        return cli_usage("serve", "--scramble is for the 3x3 game (--size 3)");
    o.dialect = ans.given ? &ans.dialect : NULL;
    o.metric = ans.metric;
    return serve(&o);
}

int cmd_serve(int argc, char **argv)
{
    void *owned;
    int rc = cli_profile_expand("serve", SERVE_OPTIONS, &argc, &argv, &owned);
    if (rc >= 0)
        return rc;
    rc = serve_main(argc, argv);
    cli_profile_free(owned);
    return rc;
}
