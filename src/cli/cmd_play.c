/* cubegod play: the challenge over TCP, TLS or a local process. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/answer.h"
#include "cli/cli.h"
#include "cli/goal.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cli/options.h"
#include "cli/picture.h"
#include "cli/play_hints.h"
#include "cli/play_tries.h"
#include "cli/stats.h"
#include "cli/term.h"
#include "cubegod/client.h"
#include "cubegod/server.h"
#include "cubegod/transcript.h"
#include "puzzle/reader.h"

static const char USAGE[] =
    "usage: cubegod play [--tls] [--insecure] [--sni NAME] [--proxy URL] [--timeout S]\n"
    "                    [--record FILE] [--target GOAL] [--scheme S] [--max-moves N]\n"
    "                    [--prompt TEXT] [--flag-regex RE] [--cache FILE] [--interactive]\n"
    "                    [--notation N] [--move-map MAP] [--separator S] [--metric htm|qtm]\n"
    "                    [--one-move] [--ambiguous pick|fail] [--time-limit MS] [--threads N]\n"
    "                    [--input SHAPE] [--order FACES] [--profile FILE] [--pow auto|off]\n"
    "                    [--pow-limit S] [--across ORDER] [--layout FILE]\n"
    "                    [--reply RULE]... [--replies FILE] [--send-first TEXT]\n"
    "                    [--verdict-ok RE] [--verdict-fail RE] [--send-each] [--end TEXT]\n"
    "                    [--pace MS] [--max-replies N] [--json] [--size 2|3]\n"
    "                    [--color auto|always|never] [--tries N] [--save-profile FILE]\n"
    "                    [-q] [-v] [-vv] HOST PORT | HOST:PORT\n"
    "                    | [V6]:PORT | nc HOST PORT\n"
    "                    | tcp://HOST:PORT | tls://HOST:PORT\n"
    "       cubegod play [options] --exec 'CMD ARGS'\n"
    "\n"
    "Plays the cube god challenge: reads each round's Face boxes, answers at the prompt (a 2x2\n"
    "with an optimal solution, a 3x3 with the two-phase solver's), and prints the flag. Progress goes to standard error, one line per\n"
    "round (on a terminal, one status line redrawn in place and a short summary at the end); the\n"
    "summary (rounds, flag, latency) to standard output. Exit status 0 only when the\n"
    "game was won; 1 when it was lost (a [-] verdict, a closed connection, a timeout, a round\n"
    "that cannot be solved), with the round and the reason; 2 on bad usage. Stopped by SIGINT\n"
    "or SIGTERM (Ctrl-C, timeout), it stops and reaps an --exec child, closes the --record\n"
    "transcript with a note, prints the summary so far and exits with 128 + the signal number.\n"
    "\n"
    "The address may be written HOST PORT, HOST:PORT, [V6]:PORT, tcp://HOST:PORT, tls://HOST:PORT\n"
    "(TLS, as --tls), or pasted as 'nc HOST PORT'.\n"
    "\n"
    "Rules are read from the server's own text before the first answer: a move limit it states\n"
    "('at most 14 moves', 'no more than 20', ...), 'quarter turns' (moves counted so), an example\n"
    "answer ('e.g. R1 R3 F2': the notation). A cube already at the goal is shown, not asked. A\n"
    "verdict counts only for an answer awaiting one; a flag after an answer wins the game (a\n"
    "flag's shape in the banner, or flag{...}, CTF{xxx}, is its format); a close before the\n"
    "verdict or before the last announced round is a loss (docs/playing.md, 'How a game ends').\n"
    "\n"
    "  --exec CMD        run a local copy of the challenge over pipes (split like a shell splits\n"
    "                    words, no shell runs: write 'sh -c \"...\"' to have one), in a process\n"
    "                    group of its own that play ends whole (SIGTERM, then SIGKILL)\n"
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
    "  --tries N         games at most (1 to 64; default 32 over TCP and TLS, a whole search\n"
    "                    of the 24 orientations; 1 with --exec): a lost game is played again\n"
    "                    over a new connection with the next guess, chosen by what the server\n"
    "                    answered: a refused answer, another notation (the one the refusal\n"
    "                    shows first); an answer not passed, --target first, then for a 2x2 of\n"
    "                    the usual colours each orientation (--scheme), --order, --across; a\n"
    "                    cube not read, --order, --across; no prompt, --prompt the text waited\n"
    "                    after; no cube, --reply an empty line there; a menu of modes with no\n"
    "                    flag, the next mode; options given are never changed; each try and a\n"
    "                    summary name the guess and the server's words that chose it\n"
    "  --save-profile FILE  after a won game, write the options the tries added (none, when\n"
    "                    the first game won) as a profile for --profile\n"
    "  --timeout S       seconds to wait for each piece of data (default 10)\n"
    "  --record FILE     write everything that crossed the wire to FILE as it goes (a transcript\n"
    "                    for 'cubegod replay')\n"
    "  --target GOAL     home | any | auto (default auto: home when colours are face letters;\n"
    "                    a 2x2 in the six common colours: white up, green front when it fits);\n"
    "                    or a state to reach instead of solved (a facelet string in --order;\n"
    "                    none: read as the cubes' strings are, refused when two common orders\n"
    "                    fit), a FILE with a drawing of it, or first: each round shows two\n"
    "                    cubes and the first is the goal (not with --one-move)\n"
    "  --scheme S        the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --max-moves N     refuse to send a solution longer than N, counted as the answer is\n"
    "                    written (R2 is two moves in quarter notation) and in the metric; a\n"
    "                    3x3 is solved within it (at most 31), in quarter turns with --metric qtm;\n"
    "                    auto (default): the limit the server's text states, else God's number\n"
    "                    (2x2: 11, 14 in quarter turns; 3x3: 20, 26 in quarter turns)\n"
    "  --time-limit MS   3x3: spend up to MS milliseconds looking for shorter solutions\n"
    "                    (default 0: the first one within --max-moves, well under 1 ms)\n"
    "  --threads N       3x3: search each cube on N threads, 1 (default) to 6 (a server that\n"
    "                    allows 18 moves or fewer, on a machine with cores to spare)\n"
    "  --ambiguous A     3x3 with hidden faces that several cubes fit: fail (default) the\n"
    "                    round, or pick one of them and say so on the round's line\n"
    "  --prompt TEXT     the prompt that asks for an answer, anywhere in a line or in a line the\n"
    "                    server leaves unfinished; auto (default): 'Enter your solution:', or\n"
    "                    after a cube whatever the server printed last before it waits (a\n"
    "                    line or a partial one, words or punctuation), learned in round 1 and\n"
    "                    answered at once afterwards\n"
    "  --reply RULE      [PHASE:][re:]TEXT=SEND: when TEXT (a regular expression after re:)\n"
    "                    arrives in phase start (no cube waiting), cube (a cube not answered)\n"
    "                    or answered (no verdict yet), send SEND; repeatable, checked before the\n"
    "                    prompt; start:=SEND is sent before anything arrives\n"
    "  --replies FILE    reply rules, one a line ('#' comments)\n"
    "  --send-first TEXT send TEXT before anything arrives (as --reply start:=TEXT)\n"
    "  --verdict-ok RE   a line that passes the answered round (default: [+], ok, correct,\n"
    "                    solved, congratulations, ...)\n"
    "  --verdict-fail RE a line that fails it (default: [-], wrong, incorrect, not solved, ...)\n"
    "  --send-each       after the prompt send the moves one a line, without waiting\n"
    "  --end TEXT        with --send-each: a last line after the moves (such as '#')\n"
    "  --pace MS         with --send-each: wait MS milliseconds between writes\n"
    "  --max-replies N   end the game when one reply rule (or the Enter or proof-of-work\n"
    "                    gate) fires N times with no cube read in between (default 20)\n"
    "  --json            one JSON object per round and a summary object on standard output\n"
    "  --flag-regex RE   what a flag looks like (POSIX extended; default [A-Za-z0-9_]+\\{[^}]*\\})\n"
    "  --cache FILE      the 2x2 solver table's cache file; the 3x3 tables are read from\n"
    "                    twophase.tbl in FILE's folder (by default both in the cache folder)\n"
    "  --size 2|3        the tables to have ready before connecting: 2 (default), the 2x2\n"
    "                    table (built in 1 s the first time); the first 3x3 cube then loads\n"
    "                    or builds the 3x3 tables in the background (12 s of CPU) and\n"
    "                    a quick solver answers until they are ready (its tables take a\n"
    "                    fraction of a second, its answers at most 20 moves); 3: the 3x3\n"
    "                    tables too, with a progress bar, for limits under 20 from round 1;\n"
    "                    not given: as 2, and while it connects play builds the quick\n"
    "                    solver's tables in a thread of their own when no 3x3 tables are\n"
    "                    cached, so a first 3x3 round finds them ready\n"
    "  --one-move        answer one move per prompt, 2x2 or 3x3; when the server shows the\n"
    "                    cube between moves, check it is the cube the moves made (a mismatch\n"
    "                    names the round and the move); give the server's prompt with --prompt\n"
    "                    (serve in this mode asks 'Enter your move:')\n"
    "  --input SHAPE     how the server shows the cube: auto (default: recognised), boxes,\n"
    "                    faces, net, string, ansi, dict or json (as 'cubegod solve --help' says)\n"
    "  --order FACES     the face order of a cube shown as a string (six letters or net;\n"
    "                    default: the common order that gives a possible cube, as solve)\n"
    "  --pow auto|off    auto (default): answer a proof of work (sha256/md5/sha1 XXXX,\n"
    "                    leading zeros, hashcash, kCTF/redpwn) whenever one comes, on every\n"
    "                    core, and go on; one expected to take over 60 s is refused with the\n"
    "                    estimate ('cubegod pow --help'); off: leave such lines alone\n"
    "  --pow-limit S     refuse a proof of work expected to take over S seconds\n"
    "                    (default 60; the estimate is this machine's measured rate)\n"

    "  --across ORDER    a net's side faces left to right, such as BLFR (default auto)\n"
    "  --layout FILE     the server draws its cubes as FILE lays one out (see 'solve --help')\n"
    CLI_ANSWER_HELP
    CLI_PROFILE_HELP
    "  --color WHEN      auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb),\n"
    "                    always or never: [+] green, [-] red, [*] blue\n"
    "  -q                no progress: only the summary and errors\n"
    "  -v                one line a round (also on a terminal, above the status line), what\n"
    "                    the client read or did besides cubes (limits, notations, replies sent)\n"
    "                    and each line the engine classified (prompt: '...', verdict: '...',\n"
    "                    gate, reply, enter, cube)\n"
    "  -vv               also the bytes: a hexdump of every byte both ways, and each cube read\n"
    "                    drawn as a net (see 'cubegod draw')\n";

static const cli_option PLAY_OPTIONS[] = {
    {"exec", CLI_VALUE},      {"tls", CLI_FLAG},        {"insecure", CLI_FLAG},
    {"sni", CLI_VALUE},       {"timeout", CLI_VALUE},   {"record", CLI_VALUE},
    {"target", CLI_VALUE},    {"scheme", CLI_VALUE},    {"max-moves", CLI_VALUE},
    {"prompt", CLI_VALUE},    {"flag-regex", CLI_VALUE}, {"cache", CLI_FILE},
    {"one-move", CLI_FLAG},   {"proxy", CLI_VALUE},     {"interactive", CLI_FLAG},
    CLI_ANSWER_OPTIONS,       {"profile", CLI_FILE},    {"ambiguous", CLI_VALUE},
    {"time-limit", CLI_VALUE}, {"input", CLI_VALUE},    {"order", CLI_VALUE},
    {"pow", CLI_VALUE},       {"pow-limit", CLI_VALUE}, {"across", CLI_VALUE},    {"layout", CLI_FILE},
    {"reply", CLI_VALUE},     {"replies", CLI_FILE},    {"send-first", CLI_VALUE},
    {"verdict-ok", CLI_VALUE}, {"verdict-fail", CLI_VALUE}, {"send-each", CLI_FLAG},
    {"end", CLI_VALUE},       {"pace", CLI_VALUE},      {"json", CLI_FLAG},
    {"size", CLI_VALUE},      {"color", CLI_VALUE},     {"max-replies", CLI_VALUE},
    {"tries", CLI_VALUE},     {"save-profile", CLI_VALUE}, {"threads", CLI_VALUE},
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
    cg3_twophase *solver3; /* loaded before connecting (--size 3), or in the background from
                              the first 3x3 round on (made before connecting, not started) */
    bool solver3_started;  /* solver3 loads or builds its tables (said once) */
    cg_tables *tables_q;   /* the 2x2 in quarter turns, when the server's text asks for them */
    cg_scheme scheme;
    const char *goal_text, *layout; /* --target STATE|FILE|first, --layout */
    const char *scheme_text;        /* --scheme, as given */
    cg_puzzle goal;
    cg_replies *replies;
    bool quiet, verbose, json;
    int debug;             /* -vv: the bytes */
    term_color color;      /* --color */
    int64_t start;         /* when the game started (the status line's clock) */
    int size;              /* --size: 2 or 3, 0 for the default (2) */
    int tries;             /* --tries: games at most (0: the default) */
    const char *save_profile;
} play_args;

/* --target STATE|FILE|first, --across and --layout, once every option is known. */
static int play_goal(play_args *a)
{
    cg_error err;
    cg_shape_reader probe;
    cg_shape_reader_init(&probe, CG_SHAPE_AUTO, NULL, NULL);
    if (cg_shape_reader_across(&probe, a->play.across, &err) != CG_OK)
        return cli_usage("play", "--across: %s", err.msg);
    if (a->layout && cli_layout_read("play", a->layout, &a->play.layout) != 0)
        return 2;
    if (a->goal_text) {
        if (cli_goal_read("play", a->goal_text, a->play.order, a->play.across,
                          a->play.solve.scheme, a->play.pick, &a->goal, &a->play.goal_first) != 0)
            return 2;
        if (!a->play.goal_first)
            a->play.goal = &a->goal;
        if (a->play.one_move)
            return cli_usage("play", "--target %s does not go with --one-move", a->goal_text);
    }
    return 0;
}


/* --reply, --replies, --send-first: one rule or a file of them into a->replies. */
static int add_rules(play_args *a, const char *o, const char *v)
{
    cg_error e;
    if (!a->replies && cg_replies_new(&a->replies, &e) != CG_OK)
        return cli_usage("play", "%s", e.msg);
    if (strcmp(o, "--replies") == 0) {
        size_t len;
        char *text = cli_slurp("play", v, 64 * 1024, &len);
        if (!text)
            return 2;
        cg_status st = cg_replies_add_text(a->replies, text, len, &e);
        free(text);
        return st == CG_OK ? 0 : cli_usage("play", "--replies %s: %s", v, e.msg);
    }
    char rule[CG_REPLY_TEXT_MAX + 16];
    snprintf(rule, sizeof rule, "%s%s", strcmp(o, "--send-first") == 0 ? "start:=" : "", v);
    if (cg_replies_add(a->replies, rule, &e) != CG_OK)
        return cli_usage("play", "%s: %s", o, e.msg);
    return 0;
}

/* tcp://HOST:PORT and tls://HOST:PORT (a trailing '/' allowed): the address without the scheme,
 * TLS for tls://. */
static const char *strip_scheme(const char *w, play_args *a, char *buf, size_t size)
{
    bool tls = strncmp(w, "tls://", 6) == 0;
    if (!tls && strncmp(w, "tcp://", 6) != 0)
        return w;
    a->tube.tls |= tls;
    snprintf(buf, size, "%s", w + 6);
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '/')
        buf[n - 1] = '\0';
    return buf;
}

static int parse_args(int argc, char **argv, play_args *a)
{
    const char *pos[8];
    int npos = 0;
    bool max_given = false, metric_given = false;
    char addr0[300];
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
            pos[npos] = npos == 0 ? strip_scheme(o, a, addr0, sizeof addr0) : o;
            npos++;
        } else if (strcmp(o, "--interactive") == 0) {
            a->interactive = true;
        } else if (strcmp(o, "-q") == 0) {
            a->quiet = true;
            a->tube.log_level = CG_LOG_QUIET;
        } else if (strcmp(o, "-v") == 0 || strcmp(o, "-vv") == 0) {
            a->debug += a->verbose || o[2] == 'v'; /* -vv, or -v twice */
            a->verbose = true;
            if (a->debug)
                a->tube.log_level = CG_LOG_DEBUG;
        } else if (strcmp(o, "--color") == 0) {
            if (!(v = cli_value("play", argc, argv, &i)))
                return 2;
            if (!term_color_parse(v, &a->color))
                return cli_usage("play", "--color %s: give auto, always or never", v);
        } else if (strcmp(o, "--json") == 0) {
            a->json = true;
        } else if (strcmp(o, "--send-each") == 0) {
            a->play.send_each = true;
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
            metric_given |= strcmp(o, "--metric") == 0;
        } else if (strcmp(o, "--reply") == 0 || strcmp(o, "--replies") == 0 ||
                   strcmp(o, "--send-first") == 0) {
            if (add_rules(a, o, v) != 0)
                return 2;
        } else if (strcmp(o, "--verdict-ok") == 0) {
            a->play.verdict_ok = v;
        } else if (strcmp(o, "--verdict-fail") == 0) {
            a->play.verdict_fail = v;
        } else if (strcmp(o, "--end") == 0) {
            a->play.end = v;
        } else if (strcmp(o, "--pace") == 0) {
            if (!cli_long("play", o, v, 0, 10000, &n))
                return 2;
            a->play.pace_ms = (int)n;
        } else if (strcmp(o, "--max-replies") == 0) {
            if (!cli_long("play", o, v, 1, 100000, &n))
                return 2;
            a->play.max_replies = (int)n;
        } else if (strcmp(o, "--tries") == 0) {
            if (!cli_long("play", o, v, 1, CLI_TRIES_MAX, &n))
                return 2;
            a->tries = (int)n;
        } else if (strcmp(o, "--save-profile") == 0) {
            a->save_profile = v;
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
        } else if (strcmp(o, "--pow") == 0) {
            if (strcmp(v, "auto") != 0 && strcmp(v, "off") != 0)
                return cli_usage("play", "--pow: '%s' is not auto or off", v);
            a->play.pow_off = strcmp(v, "off") == 0;
        } else if (strcmp(o, "--pow-limit") == 0) {
            if (!cli_seconds("play", o, v, 1e9, &a->play.pow_limit))
                return 2;
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
            if (cg_target_parse(v) >= 0)
                a->play.solve.target = (cg_target)cg_target_parse(v);
            else
                a->goal_text = v;
        } else if (strcmp(o, "--across") == 0) {
            a->play.across = strcmp(v, "auto") == 0 ? NULL : v;
        } else if (strcmp(o, "--layout") == 0) {
            a->layout = v;
        } else if (strcmp(o, "--scheme") == 0) {
            if (cg_scheme_parse(v, &a->scheme, &err) != CG_OK)
                return cli_usage("play", "--scheme: %s", err.msg);
            a->scheme_text = v;
            a->play.solve.scheme = &a->scheme;
        } else if (strcmp(o, "--max-moves") == 0 && strcmp(v, "auto") == 0) {
            max_given = false;
            a->play.max_answer = 0;
            a->play.solve.max_moves = CG_MAX_SOLUTION;
            a->play.solve3.max_moves = CG3_GODS_NUMBER;
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
        } else if (strcmp(o, "--threads") == 0) {
            if (!cli_long("play", o, v, 1, CG3_THREADS_MAX, &n))
                return 2;
            a->play.solve3.threads = (int)n;
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
    /* the count follows what is written: quarter notations count quarter turns */
    if (!metric_given && (a->answer.notation == CG_NOTATION_QUARTER ||
                          a->answer.notation == CG_NOTATION_QUARTER_CW))
        a->answer.metric = CG_METRIC_QTM;
    if (!cli_answer_ready("play", &a->answer))
        return 2;
    if (play_goal(a) != 0)
        return 2;
    a->play.dialect = a->answer.given ? &a->answer.dialect : NULL;
    a->play.auto_notation = !a->answer.given;
    a->play.auto_metric = !metric_given;
    a->play.auto_limit = !max_given;
    a->play.replies = a->replies;
    if ((a->play.end || a->play.pace_ms) && !a->play.send_each)
        return cli_usage("play", "--end and --pace go with --send-each");
    if (a->play.send_each && a->play.one_move)
        return cli_usage("play", "--send-each sends every move at one prompt; --one-move waits "
                                 "for a prompt before each: give one of them");
    a->tables.metric = a->answer.metric;
    a->play.solve3.metric = a->answer.metric;
    /* serve's 3x3 limit under qtm is the same God's number the client keeps by default */
    _Static_assert(CG3_GODS_NUMBER_QTM == CG_SERVER3_QTM_MAX_MOVES, "26 on both sides");
    if (a->exec && npos)
        return cli_usage("play", "give either HOST PORT or --exec, not both");
    if (!a->exec && npos == 0)
        return cli_usage("play", "needs HOST PORT, or --exec 'CMD ARGS'");
    if (a->exec && a->tube.tls)
        return cli_usage("play", "--tls goes with HOST PORT, not --exec");
    if (a->exec && a->proxy)
        return cli_usage("play", "--proxy goes with HOST PORT, not --exec");
    if (!a->tries) /* a new connection costs little; a local process may count its runs */
        a->tries = a->exec ? 1 : CLI_TRIES_DEFAULT;
    cg_error err;
    if (!a->exec && cg_address_parse(pos, npos, &a->addr, &err) != CG_OK)
        return cli_usage("play", "%s", err.msg);
    return -1;
}

typedef struct taps {
    cg_transcript *tr;         /* --record */
    cli_picture_tap *pictures; /* -vv: each cube read, drawn */
    cli_play_hints *hints;     /* the server's text, for hints after a lost game */
} taps;

static void on_data(void *ctx, int direction, const uint8_t *p, size_t n)
{
    taps *t = ctx;
    if (t->tr)
        cg_transcript_write(t->tr, direction == CG_TUBE_SENT ? CG_DIR_OUT : CG_DIR_IN, p, n, NULL);
    if (direction != CG_TUBE_SENT)
        cli_picture_tap_feed(t->pictures, p, n);
    cli_play_hints_feed(t->hints, direction, p, n);
}

/* Appends " OPT 'VALUE'" to buf (size cap), VALUE quoted for cg_split_command. */
static void add_option(char *buf, size_t cap, const char *opt, const char *value)
{
    size_t len = strlen(buf);
    len += (size_t)snprintf(buf + len, len < cap ? cap - len : 0, " %s", opt);
    if (!value || len >= cap)
        return;
    len += (size_t)snprintf(buf + len, cap - len, " \"");
    for (const char *c = value; *c && len + 3 < cap; c++) {
        if (strchr("\"\\$`", *c))
            buf[len++] = '\\';
        buf[len++] = *c;
    }
    snprintf(buf + len, len < cap ? cap - len : 0, "\"");
}

/* --record: how the answers were judged (replay.h's "judge:" note), in replay's options, so
 * that `cubegod replay FILE` judges the game as it was played. */
static void note_judge(cg_transcript *tr, const play_args *a, const cg_play_result *res)
{
    char buf[1024] = "", map[CG_MOVES * (CG_MOVE_NAME_MAX + 6)] = "";
    const cg_dialect *d = &res->dialect;
    /* one move a prompt said by the server, or seen (the first move of a line taken), the
     * engine finds again in replay, and a send-each answer is the lines play sent at one
     * prompt: only the option is noted */
    if (a->play.one_move)
        add_option(buf, sizeof buf, "--one-move", NULL);
    if (a->play.prompt && strcmp(a->play.prompt, "auto") != 0) /* replay's engine waits for it */
        add_option(buf, sizeof buf, "--prompt", a->play.prompt);
    if (a->play.send_each && a->play.end)
        add_option(buf, sizeof buf, "--end", a->play.end);
    add_option(buf, sizeof buf, "--notation", cg_notation_name(d->notation));
    for (int m = 0; d->mapped && m < CG_MOVES; m++) {
        if (!d->name[m][0])
            continue;
        size_t len = strlen(map);
        snprintf(map + len, sizeof map - len, "%s%s=%s", len ? "," : "", cg_move_name((cg_move)m),
                 d->name[m]);
    }
    if (map[0])
        add_option(buf, sizeof buf, "--move-map", map);
    if (!d->blank_separator)
        add_option(buf, sizeof buf, "--separator", !d->separator[0] ? "none"
                                                   : strcmp(d->separator, ",") == 0 ? "comma"
                                                                                    : d->separator);
    if (res->qtm)
        add_option(buf, sizeof buf, "--metric", "qtm");
    if (res->limit > 0 && res->limit <= 64) {
        char limit[16];
        snprintf(limit, sizeof limit, "%d", res->limit);
        add_option(buf, sizeof buf, "--max-moves", limit);
    }
    if (a->play.input != CG_SHAPE_AUTO)
        add_option(buf, sizeof buf, "--input", cg_shape_name(a->play.input));
    if (a->play.order)
        add_option(buf, sizeof buf, "--order", a->play.order);
    if (a->play.across)
        add_option(buf, sizeof buf, "--across", a->play.across);
    if (a->goal_text)
        add_option(buf, sizeof buf, "--target", a->goal_text);
    if (a->layout)
        add_option(buf, sizeof buf, "--layout", a->layout);
    if (a->scheme_text)
        add_option(buf, sizeof buf, "--scheme", a->scheme_text);
    cg_transcript_note(tr, CG_DIR_NOTE, NULL, "judge:%s", buf);
}

static void progress(void *ctx, const cg_round_stat *s, int announced)
{
    play_args *a = ctx;
    if (a->json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_int(&j, "round", s->round);
        if (announced)
            json_int(&j, "rounds", announced);
        json_int(&j, "size", s->size);
        json_int(&j, "moves", s->moves);
        json_str(&j, "metric", s->qtm ? "qtm" : "htm");
        json_int(&j, "fits", (long long)s->fits);
        json_num(&j, "solve_us", s->solve_us);
        json_num(&j, "client_us", s->client_us);
        json_num(&j, "round_us", s->round_us);
        json_num(&j, "settle_us", s->settle_us);
        json_finish(&j);
    }
    if (a->quiet)
        return;
    char total[16] = "", guess[96] = "", settle[64] = "";
    if (s->settle_us >= 500) /* the prompt was found by waiting: not solve time */
        snprintf(settle, sizeof settle, "  (prompt known after %.1f ms of quiet)",
                 s->settle_us / 1e3);
    if (announced)
        snprintf(total, sizeof total, "/%d", announced);
    if (s->fits > 1)
        snprintf(guess, sizeof guess, "  (a guess: %lu cubes fit the faces shown, answered one)",
                 s->fits);
    if (a->verbose || !term_live())
        term_say(stderr, '*', "round %d%s  %s%2d %s  solve %.0f \xC2\xB5s  round %.0f \xC2\xB5s%s%s",
                 s->round, total, s->size == 3 ? "3x3 " : "", s->moves,
                 s->qtm ? "quarter turns" : "moves", s->solve_us, s->round_us, settle, guess);
    char bar[64] = "";
    if (announced > 0 && s->round <= announced) {
        int width = 20, done = (int)((long long)s->round * width / announced);
        snprintf(bar, sizeof bar, " [%.*s%.*s]", done, "####################", width - done,
                 "....................");
    }
    term_status("round %d%s%s  %s%d %s  solve %.0f \xC2\xB5s  %.1f s%s", s->round, total, bar,
                s->size == 3 ? "3x3 " : "", s->moves, s->qtm ? "quarter turns" : "moves",
                s->solve_us, cg_seconds_between(a->start, cg_now_ns()), s->fits > 1 ? "  (a guess)" : "");
}

/* -v: what the client read from the server's text and what it answered besides cubes. */
static void on_note(void *ctx, const char *note)
{
    (void)ctx;
    term_say(stderr, '*', "%s%s", note, cli_read_hint(note));
}

/* -v: each line the engine classified as more than text (a gate, a reply's text, the prompt, the
 * line that completed a cube, a verdict, an Enter request), as it read it. */
static void on_event(void *ctx, cg_event kind, const char *line, size_t n)
{
    (void)ctx;
    if (kind == CG_EVENT_TEXT)
        return;
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    char text[128];
    snprintf(text, sizeof text, "%.*s%s", (int)(n > 100 ? 100 : n), line, n > 100 ? "..." : "");
    cg_text_printable(text);
    term_say(stderr, '*', "%s: '%s'", cg_event_name(kind), text);
}

/* The signal that stops play (SIGINT, SIGTERM), 0 until one comes (on_stop). */
static volatile sig_atomic_t stop_signal;

/* Whether the background build's progress is shown: not during the game (no bar across its
 * lines: the notices say it), but once play waits for the build after it (finish_tables3). */
static int build_shown;

static void background_progress(void *ctx, const char *phase, double fraction)
{
    if (__atomic_load_n(&build_shown, __ATOMIC_ACQUIRE))
        cli_print_progress(ctx, phase, fraction);
}

/* The 2x2 in quarter turns, opened when the server's text says moves count so. */
static cg_status open_tables_qtm(void *ctx, const cg_tables **out, cg_error *err)
{
    play_args *a = ctx;
    cg_tables_options o;
    memset(&o, 0, sizeof o);
    o.metric = CG_METRIC_QTM;
    cli_tables_options(&o, a->quiet); /* the quarter-turn table's own cache file */
    o.stop = &stop_signal;
    cg_status st = cg_tables_open(&a->tables_q, &o, NULL, err);
    *out = a->tables_q;
    return st;
}

/* A proof of work's estimate, progress and time (play --pow auto). */
static void pow_notice(void *ctx, const char *text)
{
    (void)ctx;
    term_say(stderr, '*', "proof of work: %s", text);
}

/* The 3x3 tables' options; in the background, their progress shown only after the game. */
static void tables3_options(play_args *a, bool background)
{
    cli_tables3_options(&a->tables3, CLI_TWOPHASE, a->tables.cache_path, a->quiet);
    a->tables3.stop = &stop_signal;
    if (background && a->tables3.progress)
        a->tables3.progress = background_progress;
}

/* The 3x3 solver: opened before connecting with --size 3 (prepare_tables); otherwise started
 * at the first 3x3 round, in the background (a quick solver answers until the tables are
 * ready), so that a 2x2 game never loads them and no round waits for their build. */
static cg_status open_solver3(void *ctx, const cg3_twophase **out, cg_error *err)
{
    play_args *a = ctx;
    cg_status st = CG_OK;
    if (!a->solver3 && a->size == 3) {
        st = cg3_twophase_open(&a->solver3, &a->tables3, NULL, err);
        a->solver3_started = true;
    } else if (!a->solver3_started) {
        if (a->solver3) {
            cg3_twophase_start(a->solver3); /* made before connecting (early_solver3) */
        } else {
            st = cg3_twophase_open_background(&a->solver3, &a->tables3, err);
        }
        a->solver3_started = st == CG_OK;
        if (st == CG_OK && !a->quiet)
            term_say(stderr, '*', "3x3: the tables load in the background; a quick solver "
                                  "answers until they are ready");
    }
    *out = a->solver3;
    return st;
}

/* The default size, where a 3x3 may come: the 3x3 solver is made before connecting but not
 * started (nothing loaded, built or said in a 2x2 game). Its thread builds only the quick
 * solver's tables (0.1 to 0.2 s of CPU), and only when the cache file already says the big
 * tables will need a build: so the first 3x3 round finds them ready instead of building them
 * after its prompt (issue 42). A failure here is tried again at the first 3x3 round. */
static void early_solver3(play_args *a)
{
    cg_error err;
    if (cg3_twophase_open_later(&a->solver3, &a->tables3, &err) != CG_OK)
        a->solver3 = NULL;
}

/* The tables the game needs before connecting: the 2x2 table (the client's own), and the 3x3
 * tables with --size 3 (issue 26); the 2x2 table is built in a second, the 3x3 ones take longer
 * than a round's alarm, so by default they come in the background (open_solver3). */
static cg_status prepare_tables(play_args *a, cg_tables **tables, cg_error *err)
{
    cli_tables_options(&a->tables, a->quiet);
    a->tables.stop = &stop_signal;
    tables3_options(a, a->size != 3); /* --size 3 builds before connecting; others after */
    if (a->size == 0)
        early_solver3(a); /* its quick tables while the 2x2 table loads and play connects (a
                             Ctrl-C does not wait for them: cg3_twophase_close) */
    cg_status st = cg_tables_open(tables, &a->tables, NULL, err);
    const cg3_twophase *s3;
    if (st == CG_OK && a->size == 3)
        st = open_solver3(a, &s3, err);
    return st;
}

/* SIGINT and SIGTERM: the handler only notes the signal and puts /dev/null in place of the
 * descriptor the game reads from (dup2 is async-signal-safe), so the read in progress ends with
 * end of file at once, whatever the transport; the game then unwinds normally and the command
 * closes the transcript, prints the summary and stops the child. A table build reads
 * stop_signal too (the options' stop) and ends within a fraction of a second. */
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

/* The descriptor the game reads from, once there is one. */
static void watch_fd(int fd)
{
    if (devnull_fd < 0)
        devnull_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    watched_fd = fd;
}

/* Installed before the transcript opens and the connection starts: a stop during the connect,
 * a proxy or TLS handshake ends that wait at once (cg_tube_stop_flag). */
static void watch_signals(void)
{
    cg_tube_stop_flag(&stop_signal);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C stops at once */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* After the game: 3x3 tables still being built are finished and saved for the next game, unless
 * a signal says stop (then closing the solver stops the build). */
static void finish_tables3(play_args *a)
{
    if (!a->solver3 || !cg3_twophase_pending(a->solver3) || stop_signal)
        return;
    if (!a->quiet)
        term_say(stderr, '*', "finishing the 3x3 tables for the next game (Ctrl-C skips)");
    cli_progress_show_next(); /* a log shows how far it is at once, then every 5 s */
    __atomic_store_n(&build_shown, 1, __ATOMIC_RELEASE);
    struct timespec nap = {0, 50 * 1000 * 1000};
    while (cg3_twophase_pending(a->solver3) && !stop_signal)
        nanosleep(&nap, NULL);
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
    cg_tube_stop_flag(NULL);
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

static void json_summary(const cg_play_result *r, bool connected)
{
    json j;
    json_start(&j, stdout);
    json_object(&j, NULL);
    json_bool(&j, "won", r->won && !stop_signal);
    json_str(&j, "outcome", cg_outcome_name(stop_signal && !r->won ? CG_OUTCOME_NO_VERDICT
                                                                   : r->outcome));
    json_int(&j, "rounds_passed", r->rounds_passed);
    json_int(&j, "rounds_answered", r->rounds_answered);
    if (r->rounds_announced)
        json_int(&j, "rounds", r->rounds_announced);
    if (stop_signal)
        json_str(&j, "stopped_by", signal_name(stop_signal));
    if (!r->won && r->reason[0])
        json_str(&j, "reason", r->reason);
    if (r->limit)
        json_int(&j, "limit", r->limit);
    json_str(&j, "metric", r->qtm ? "qtm" : "htm");
    if (r->flags[0])
        json_str(&j, "flag", r->flags);
    if (r->last_line[0])
        json_str(&j, "last_line", r->last_line);
    json_bool(&j, "connected", connected);
    json_finish(&j);
}

/* On a terminal, the status line gives way to one line for the whole game: how long it took,
 * the answers' lengths and the solve times. */
static void live_summary(const play_args *a, const cg_round_stat *stats, int n)
{
    if (!term_live() || a->quiet || a->json)
        return;
    term_status_end();
    if (n <= 0)
        return;
    int max = 0, size3 = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        max = stats[i].moves > max ? stats[i].moves : max;
        sum += stats[i].moves;
        size3 += stats[i].size == 3;
    }
    char sizes[48];
    if (size3 == 0 || size3 == n)
        snprintf(sizes, sizeof sizes, "%s", size3 ? "3x3" : "2x2");
    else
        snprintf(sizes, sizeof sizes, "%d 2x2, %d 3x3", n - size3, size3);
    cg_latency solve = cg_latency_of_field(stats, (size_t)n, cg_round_stat, solve_us);
    double secs = cg_seconds_between(a->start, cg_now_ns());
    term_say(stderr, '*', "%d round%s in %.2f s (%s): %.1f %s on average (max %d), solve median "
             "%.0f \xC2\xB5s (max %.0f \xC2\xB5s)", n, n == 1 ? "" : "s", secs, sizes, sum / n,
             stats[0].qtm ? "quarter turns" : "moves", max, solve.median, solve.max);
}

static void summary(const cg_play_result *r, const cg_round_stat *stats, int n, bool json,
                    bool connected)
{
    if (json) {
        json_summary(r, connected);
        return;
    }
    if (stop_signal && !connected)
        term_say(stdout, '-', "stopped by %s: 0 rounds passed, while connecting",
                 signal_name(stop_signal));
    else if (stop_signal)
        term_say(stdout, '-', "stopped by %s: %d round%s passed, while waiting for %s; last text "
                 "received: '%s'",
                 signal_name(stop_signal), r->rounds_passed, r->rounds_passed == 1 ? "" : "s",
                 r->waiting[0] ? r->waiting : "the server", r->last_line);
    else if (r->won && r->rounds_answered == 0) /* a reply rule's text answered the server */
        term_say(stdout, '+', "won: the flag came after a reply, no round of moves");
    else if (r->won)
        term_say(stdout, '+', "won: %d/%d rounds passed", r->rounds_passed,
                 r->rounds_announced ? r->rounds_announced : r->rounds_passed);
    else
        term_say(stdout, '-', "%s: %d round%s passed; %s", cg_outcome_name(r->outcome),
                 r->rounds_passed, r->rounds_passed == 1 ? "" : "s", r->reason);
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
    {") never came", "; if the server asks differently, give --prompt TEXT"},
    {"before the prompt", "; if the server asks differently, give --prompt TEXT"},
    {"answers that", " (--reply 'TEXT=ANSWER', TEXT the question's words; a cube shown but "
                     "not read may need another shape or a layout: --input SHAPE, --layout FILE)"},
};

static void play_error(const cg_error *err)
{
    const char *hint = cli_read_hint(err->msg);
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
    term_write(text);
}

enum { MAX_STATS = 100000 };

/* One game: connects (or starts --exec), plays, prints its summary and hints; *t is the
 * connection (NULL when none was made), closed by the caller. */
static cg_status play_game(play_args *a, cg_tables *tables, cg_transcript *tr, taps *tap,
                           cg_round_stat *stats, cg_play_result *out, cg_tube **tp,
                           cg_error *err_out)
{
    cg_error err;
    cg_tube *t = NULL;
    cg_status st = !stats        ? cg_fail(&err, CG_ERR_NOMEM, "no memory for statistics")
                   : stop_signal ? cg_fail(&err, CG_ERR_EOF, "stopped by a signal")
                   : a->exec     ? cg_tube_process_cmd(a->exec, &a->tube, &t, &err)
                                 : cg_tube_connect_proxy(a->proxy, a->addr.host, a->addr.port,
                                                         &a->tube, &t, &err);
    cg_play_result res;
    memset(&res, 0, sizeof res);
    if (st == CG_OK) {
        if (tr)
            cg_transcript_note(tr, CG_DIR_NOTE, NULL, "connected: %s", cg_tube_name(t));
        a->play.stats = stats;
        a->play.stats_cap = MAX_STATS;
        a->play.on_round = a->quiet && !a->json ? NULL : progress;
        a->play.on_round_ctx = a;
        a->play.on_note = a->verbose && !a->quiet ? on_note : NULL;
        a->play.on_event = a->verbose && !a->quiet ? on_event : NULL;
        a->play.pow_notice = a->quiet ? NULL : pow_notice;
        a->play.handover = a->interactive;
        a->play.solver3 = open_solver3;
        a->play.solver3_ctx = a;
        a->play.tables_qtm = open_tables_qtm;
        a->play.tables_qtm_ctx = a;
        watch_fd(cg_tube_fileno(t));
        a->start = cg_now_ns();
        if (!a->quiet && !a->json)
            term_status("%s: waiting for the first cube", cg_tube_name(t));
        st = cg_play(t, tables, &a->play, &res, &err);
        live_summary(a, stats, res.rounds_answered < MAX_STATS ? res.rounds_answered : MAX_STATS);
        summary(&res, stats, res.rounds_answered < MAX_STATS ? res.rounds_answered : MAX_STATS,
                a->json, true);
        if (!res.won && !stop_signal && cli_refused_as_written(res.reason))
            cli_err("play", "hint: the server refused how the answer was written: say how it "
                            "wants moves with --notation standard|digits|quarter|quarter-cw, "
                            "--move-map MOVE=NAME,... and --separator S");
        if (st != CG_OK && !stop_signal)
            play_error(&err);
        cli_play_given given = {.goal = a->goal_text != NULL, .replies = a->replies != NULL};
        if (!stop_signal)
            cli_play_hints_after(tap->hints, &res, &given);
        if (st == CG_OK && res.open && !stop_signal &&
            !interactive(t, a->play.timeout, a->quiet, tr) && !stop_signal)
            st = CG_ERR_SYSTEM;
    } else if (stop_signal) {
        summary(&res, stats, 0, a->json, false);
    } else {
        play_error(&err);
    }
    if (tr && t)
        note_judge(tr, a, &res);
    *out = res;
    *tp = t;
    *err_out = err;
    return st;
}

static int play_main(play_args *a, int argc, char **argv)
{
    a->play = cg_play_defaults();
    a->tube.log_level = CG_LOG_INFO; /* -q and -v change it */
    a->tube.log_fn = log_to_stderr;
    a->tube.path = getenv("PATH"); /* --exec's program, found as a shell would */
    int rc = parse_args(argc, argv, a);
    if (rc >= 0)
        return rc;
    term_setup(a->color);
    a->tube.connect_timeout = a->play.timeout;
    watch_signals(); /* before the transcript and the connection: a stop is kept at any stage */

    cg_error err;
    cg_tables *tables = NULL;
    if (prepare_tables(a, &tables, &err) != CG_OK) {
        cli_err("play", "%s", err.msg);
        cg_tables_close(tables);
        unwatch_signals();
        return stop_signal ? 128 + stop_signal : 1;
    }
    cg_transcript *tr = NULL;
    if (a->record && cg_transcript_open(a->record, &tr, &err) != CG_OK) {
        cli_err("play", "--record: %s", err.msg);
        cg_tables_close(tables);
        unwatch_signals();
        return 2;
    }
    taps tap = {tr, a->debug ? cli_picture_tap_new() : NULL, cli_play_hints_new()};
    if (tap.tr || tap.pictures || tap.hints) {
        a->tube.on_data = on_data;
        a->tube.on_data_ctx = &tap;
    }
    cg_round_stat *stats = malloc(MAX_STATS * sizeof *stats);
    cg_tube *t = NULL;
    cg_play_result res;
    cg_status st;
    cli_tries *tries = cli_tries_new(a->tries, argc, argv);
    for (;;) {
        st = play_game(a, tables, tr, &tap, stats, &res, &t, &err);
        if (st == CG_OK && res.won)
            break;
        if (stop_signal ||
            !cli_tries_next(tries, &res, st, tap.hints, &a->play, &a->replies, a->quiet))
            break;
        if (tr)
            cg_transcript_note(tr, CG_DIR_NOTE, NULL, "lost in round 1: trying again");
        cg_tube_close(t);
        t = NULL;
        cli_play_hints_free(tap.hints); /* the next game's text only */
        tap.hints = cli_play_hints_new();
    }
    if (res.turn_text && !res.won) { /* a hidden-text drawing: the command that turns it */
        char advice[1200] = "the drawing's moves";
        cli_turn_advice(advice, sizeof advice, a->record);
        cli_err("play", "%s%s", advice, a->record ? "" : " (FILE: the server's text, saved by hand "
                "or by play --record FILE)");
    }
    int saved = cli_tries_finish(tries, st == CG_OK && res.won, a->save_profile, a->quiet);
    cli_tries_free(tries);
    if (tr && stop_signal)
        cg_transcript_note(tr, CG_DIR_NOTE, NULL, "stopped by %s after %d passed round%s%s",
                           signal_name(stop_signal), res.rounds_passed,
                           res.rounds_passed == 1 ? "" : "s", t ? "" : ", while connecting");
    else if (tr)
        cg_transcript_note(tr, CG_DIR_NOTE, NULL, "%s", res.won ? "won" : "lost");
    watch_fd(-1);      /* its number is free once closed: a signal must not dup2 onto it */
    cg_tube_close(t);  /* stops and reaps an --exec child */
    int stopped = stop_signal; /* a Ctrl-C that only skips finish_tables3 keeps the game's status */
    finish_tables3(a); /* the connection closed first: the server is not kept waiting */
    unwatch_signals(); /* before the descriptor's number can be reused */
    if (tr)
        cg_transcript_close(tr, NULL);
    cli_picture_tap_free(tap.pictures);
    cli_play_hints_free(tap.hints);
    free(stats);
    cg_tables_close(tables);
    if (stopped)
        return 128 + stopped;
    return st == CG_OK && res.won && saved == 0 ? 0 : 1;
}

int cmd_play(int argc, char **argv)
{
    void *owned;
    int rc = cli_profile_expand("play", PLAY_OPTIONS, &argc, &argv, &owned);
    if (rc >= 0)
        return rc;
    play_args a;
    memset(&a, 0, sizeof a);
    rc = play_main(&a, argc, argv);
    cg_replies_free(a.replies);
    cg_tables_close(a.tables_q);
    cg3_twophase_close(a.solver3);
    cg_layout_free(a.play.layout);
    cli_profile_free(owned);
    return rc;
}
