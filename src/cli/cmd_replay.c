/* cubegod replay: re-check a recorded game offline (replay.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/answer.h"
#include "cli/cli.h"
#include "cubegod/turn.h"
#include "cli/goal.h"
#include "cli/commands.h"
#include "cli/replay_html.h"
#include "cubegod/replay.h"
#include "cubegod/server.h"
#include "cubegod/tube.h"

#define MAX_INPUT (256L << 20)

static const char USAGE[] =
    "usage: cubegod replay [--check any|home] [--max-moves N] [--prompt TEXT] [--cache FILE]\n"
    "                      [--one-move] [--notation N] [--move-map MAP] [--separator S]\n"
    "                      [--metric htm|qtm] [--input SHAPE] [--order FACES] [--end TEXT]\n"
    "                      [--target GOAL] [--scheme S] [--layout FILE] [--across ORDER] [-q]\n"
    "                      [--html PAGE] FILE\n"
    "\n"
    "Re-reads a recorded game: a transcript written by 'cubegod play --record' (any file whose\n"
    "first line is '# cubegod transcript 1') or a plain terminal capture (the server's text with\n"
    "each typed answer on its own line after the prompt). For every round it rebuilds the cube\n"
    "from the face boxes, solves it again, checks the recorded answer (valid moves, not more than\n"
    "the maximum, solves the cube) and compares its length with the optimum. FILE '-' is\n"
    "standard input.\n"
    "\n"
    "A transcript ends with play's 'judge:' note, the options its answers followed (notation,\n"
    "move map, separator, metric, limit, one move a prompt, input, order): with no option that\n"
    "judges (-q, --html and --cache do not), replay applies them, so that a game play won\n"
    "replays with every round correct.\n"
    "\n"
    "options:\n"
    "  --check any|home   solved means every face one colour (any, default) or home position\n"
    "  --max-moves N      longest accepted answer (default 11 for a 2x2, 20 for a 3x3; with\n"
    "                     --metric qtm 14 and 26 quarter turns)\n"
    "  --prompt TEXT      the server's prompt (default 'Enter your solution:'); in a transcript,\n"
    "                     without it, a round is where play answered after a cube\n"
    "  --cache FILE       the solver table's cache file (see 'cubegod tables --help')\n"
    "  --one-move         a one-move game (play --one-move, either size): each answer is one\n"
    "                     move of the round, checked together at the round's end; give\n"
    "                     --prompt too\n"
    "  --end TEXT         the line that ends a round's moves (play --end)\n"
    "  --input SHAPE      how the server showed the cube: auto (default: recognised), boxes,\n"
    "                     faces, net, string, ansi, dict or json (as 'cubegod solve --help' says)\n"
    "  --order FACES      the face order of a cube shown as a string (six letters or net;\n"
    "                     default: the common order that gives a possible cube, as solve)\n"
    "  --target GOAL      home or any (as --check; auto: --check's), or the goal each answer had\n"
    "                     to reach, as for play: a facelet string in --order (default URFDLB),\n"
    "                     a FILE with a drawing of it, or first (each round shows two cubes,\n"
    "                     the first the goal)\n"
    "  --scheme S         the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --layout FILE      the server drew its cubes as FILE lays one out (see 'solve --help')\n"
    "  --across ORDER     a net's side faces left to right, such as BLFR (default auto)\n"
    "  -q                 print only the summary and the rounds that were not correct\n"
    "  --html PAGE        also write PAGE, one self-contained HTML page of the game: each\n"
    "                     round's cube (drawn), answer, verdict and timing (transcripts)\n"
    "what the answers were written in (as for serve and play):\n"
    CLI_ANSWER_HELP
    "\n"
    "Exit status: 0 when every recorded answer was correct, 1 when one was not, 2 on bad usage\n"
    "or input (unreadable file, malformed transcript, no round found).\n";

typedef struct printer {
    bool quiet;
    replay_html *html; /* --html */
    int first_bad;
} printer;

static void print_round(void *ctx, const cg_replay_round *r)
{
    printer *p = ctx;
    replay_html_round(p->html, r);
    bool ok = r->result == CG_REPLAY_CORRECT;
    if (!ok && !p->first_bad)
        p->first_bad = r->number;
    else if (ok && r->again && p->first_bad == r->number)
        p->first_bad = 0; /* the answer asked again passed: the round counts as that one */
    if (p->quiet && ok && !r->disagrees)
        return;
    char total[16] = "";
    if (r->total)
        snprintf(total, sizeof total, "/%d", r->total);
    printf("round %d%s%s: %s", r->number, total, r->again ? " (asked again)" : "",
           ok ? "correct" : cg_replay_result_name(r->result));
    if (r->moves >= 0)
        printf(", %d move%s", r->moves, r->moves == 1 ? "" : "s");
    if (r->optimal >= 0 && ok && r->moves == r->optimal)
        printf(" (optimal)");
    else if (r->optimal >= 0)
        printf(" (optimal %d: %s)", r->optimal, r->best[0] ? r->best : "already solved");
    printf("\n  answer: %s\n", r->answer[0] || r->result != CG_REPLAY_NO_ANSWER ? r->answer
                                                                                : "(none)");
    if (!ok)
        printf("  line %ld: %s\n", r->line, r->reason);
    if (r->disagrees)
        printf("  the server disagreed: %s\n", r->verdict);
}

/* A hidden-text drawing and its moves in text (the server's part of a transcript): the hint
 * that points at `cubegod turn`, or "". */
static void turn_hint(const char *path, bool transcript, const char *text, size_t len, char *hint,
                      size_t size)
{
    char *copy = NULL; /* a transcript's server text, decoded; a capture is read as it is */
    if (transcript) {
        if (!(copy = malloc(len + 1)))
            return;
        memcpy(copy, text, len); /* cli_server_text ends what it keeps with a NUL */
        if (!cli_server_text("replay", path, copy, &len)) {
            free(copy);
            return;
        }
        text = copy;
    }
    if (cg_turn_hint(text, len, !transcript, hint, size) > 0)
        cli_turn_advice(hint, size, path);
    free(copy);
}

static int report(const char *path, const cg_replay_summary *s, const printer *p,
                  const char *prompt, const char *text, size_t len)
{
    char hint[600] = "";
    if (s->correct == 0) /* no round at all, or none right: a hidden-text cube may be why */
        turn_hint(path, s->transcript, text, len, hint, sizeof hint);
    if (s->rounds == 0 && s->transcript && s->outcome == CG_OUTCOME_WON) {
        /* won by play's replies alone: a password, a cube's hidden words */
        printf("%s: transcript, no round of moves\nthe game: won\n", path);
        return 0;
    }
    if (s->rounds == 0 && s->transcript) {
        cli_err("replay", "%s: no round found (no answer sent after a cube)%s%s", path,
                hint[0] ? "; " : "", hint);
        return 2;
    }
    if (s->rounds == 0 && hint[0]) {
        cli_err("replay", "%s: no round found; %s", path, hint);
        return 2;
    }
    if (s->rounds == 0) {
        cli_err("replay", "%s: no round found (no '%s' and no line asking after a cube)", path,
                prompt);
        return 2;
    }
    char optimal[64] = "";
    if (s->unknown_optimum < s->rounds)
        snprintf(optimal, sizeof optimal, " (%d optimal)", s->optimal);
    if (s->unknown_optimum)
        snprintf(optimal + strlen(optimal), sizeof optimal - strlen(optimal),
                 " (%d 3x3, optimum not computed)", s->unknown_optimum);
    printf("%s: %s, %d round%s, %d correct%s, %d wrong", path,
           s->transcript ? "transcript" : "terminal capture", s->rounds, s->rounds == 1 ? "" : "s",
           s->correct, optimal, s->rounds - s->correct);
    if (p->first_bad)
        printf(", first wrong: round %d", p->first_bad);
    if (s->disagreements)
        printf(", %d verdict%s differ from the server's", s->disagreements,
               s->disagreements == 1 ? "" : "s");
    printf("\n");
    if (s->after[0])
        printf("after the last round: %s\n", s->after);
    if (s->transcript) /* the server's verdicts, weighed as play weighs them */
        printf("the game: %s%s%s\n", cg_outcome_name(s->outcome), s->outcome_reason[0] ? ": " : "",
               s->outcome_reason);
    if (s->differences) /* the options given are not play's, or the file was changed */
        printf("the engine and the recording part %d time%s, first at %s\n", s->differences,
               s->differences == 1 ? "" : "s", s->difference);
    if (hint[0])
        cli_err("replay", "%s: no round was correct; %s", path, hint);
    return s->correct == s->rounds ? 0 : 1;
}

/* What the options set. */
typedef struct replay_args {
    cg_replay_options opt;
    cg_tables_options topt;
    printer p;
    bool max_given;
    bool judging;      /* an option that changes how rounds are judged was given */
    const char *path, *html;
    cli_answer ans;
    const char *goal_text, *layout_path; /* --target STATE|FILE|first, --layout */
    bool have_scheme;
    cg_scheme scheme;
} replay_args;

/* Reads argv[from, argc) into r; 0 to go on, else the exit status (help: -1 for 0). */
static int options(int argc, char **argv, int from, replay_args *r)
{
    for (int i = from; i < argc; i++) {
        const char *a = argv[i];
        long n;
        bool judging = true;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return -1;
        } else if (cli_answer_names(a)) {
            const char *v = cli_value("replay", argc, argv, &i);
            if (!v || cli_answer_option("replay", a, v, &r->ans) == 2)
                return 2;
        } else if (strcmp(a, "--one-move") == 0) {
            r->opt.one_move = true;
        } else if (strcmp(a, "--end") == 0) {
            if (!(r->opt.end = cli_value("replay", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--input") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            cg_error e;
            if (!v)
                return 2;
            if (cg_shape_parse(v, &r->opt.input, &e) != CG_OK)
                return cli_usage("replay", "--input: %s", e.msg);
        } else if (strcmp(a, "--order") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            cg_error e;
            if (!v)
                return 2;
            if (cg_string_order_check(v, &e) != CG_OK)
                return cli_usage("replay", "--order: %s", e.msg);
            r->opt.order = v;
        } else if (strcmp(a, "-q") == 0) {
            r->p.quiet = true;
            judging = false;
        } else if (strcmp(a, "--html") == 0) {
            if (!(r->html = cli_value("replay", argc, argv, &i)))
                return 2;
            judging = false;
        } else if (strcmp(a, "--check") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            int t = v ? cg_target_parse(v) : -1;
            if (t != CG_TARGET_ANY && t != CG_TARGET_HOME)
                return v ? cli_usage("replay", "--check: '%s' is not any or home", v) : 2;
            r->opt.check = (cg_target)t;
        } else if (strcmp(a, "--max-moves") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            if (!v || !cli_long("replay", a, v, 0, 64, &n))
                return 2;
            r->opt.max_moves = r->opt.max_moves3 = (int)n;
            r->max_given = true;
        } else if (strcmp(a, "--prompt") == 0) {
            if (!(r->opt.prompt = cli_value("replay", argc, argv, &i)))
                return 2;
            r->opt.prompt_given = true;
        } else if (strcmp(a, "--cache") == 0) {
            if (!(r->topt.cache_path = cli_value("replay", argc, argv, &i)))
                return 2;
            judging = false;
        } else if (strcmp(a, "--target") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            if (!v)
                return 2;
            int t = cg_target_parse(v);
            if (t == CG_TARGET_ANY || t == CG_TARGET_HOME)
                r->opt.check = (cg_target)t;
            else if (t < 0)
                r->goal_text = v;
        } else if (strcmp(a, "--scheme") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            cg_error e;
            if (!v)
                return 2;
            if (cg_scheme_parse(v, &r->scheme, &e) != CG_OK)
                return cli_usage("replay", "--scheme: %s", e.msg);
            r->have_scheme = true;
        } else if (strcmp(a, "--layout") == 0) {
            if (!(r->layout_path = cli_value("replay", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--across") == 0) {
            const char *v = cli_value("replay", argc, argv, &i);
            if (!v)
                return 2;
            r->opt.across = strcmp(v, "auto") == 0 ? NULL : v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_unknown("replay", a, USAGE);
        } else if (r->path) {
            return cli_usage("replay", "one FILE only ('%s' and '%s')", r->path, a);
        } else {
            r->path = a;
            judging = false;
        }
        r->judging = r->judging || judging;
    }
    return 0;
}

/* A transcript's "judge:" note (play writes the options its answers followed): those options,
 * applied when the command line gives none that judge. 0, or an exit status. */
static int judge_note(const char *text, size_t len, replay_args *r, char ***argv)
{
    static const char key[] = "judge: ";
    *argv = NULL;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        const char *at = end - i > 2 && text[i] == '!' ? memchr(text + i + 2, ' ', end - i - 2)
                                                      : NULL;
        if (at && (size_t)(text + end - at) > sizeof key &&
            memcmp(at + 1, key, sizeof key - 1) == 0) {
            char *words = strndup(at + sizeof key, (size_t)(text + end - at - sizeof key));
            cg_error e;
            cg_status st = words ? cg_split_command(words, argv, &e) : CG_ERR_NOMEM;
            free(words);
            if (st != CG_OK) /* an empty note splits into nothing: no options */
                return 0;
            int argc = 0;
            while ((*argv)[argc])
                argc++;
            replay_args note = *r;
            note.path = NULL;
            int rc = options(argc, *argv, 0, &note);
            if (rc == 0 && !note.path) {
                note.path = r->path;
                *r = note;
            }
            return rc;
        }
        i = end + 1;
    }
    return 0;
}

/* judge(), once the goal and the layout are read. */
static int judge_with(replay_args *r, const char *text, size_t len)
{
    r->opt.dialect = &r->ans.dialect;
    r->opt.metric = r->ans.metric;
    r->topt.metric = r->ans.metric;
    if (!r->max_given && r->ans.metric == CG_METRIC_QTM) {
        r->opt.max_moves3 = CG_SERVER3_QTM_MAX_MOVES; /* as serve --size 3 --metric qtm */
        r->opt.max_moves = CG_SOLUTION_MAX; /* no limit stated: God's number in quarter turns */
    }
    cg_tables *tables;
    cg_error err;
    cli_tables_options(&r->topt, false);
    if (cg_tables_open(&tables, &r->topt, NULL, &err) != CG_OK) {
        cli_err("replay", "%s", err.msg);
        return 1;
    }
    cg_replay_summary sum;
    if (r->html && !(r->p.html = replay_html_new())) {
        cli_err("replay", "--html: out of memory");
        cg_tables_close(tables);
        return 2;
    }
    size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0; /* ignored */
    cg_status st = cg_replay_text(tables, &r->opt, text + bom, len - bom, print_round, &r->p,
                                  &sum, &err);
    cg_tables_close(tables);
    if (st != CG_OK) {
        if (r->p.html) /* what was replayed up to the error */
            replay_html_write(r->p.html, r->html, r->path, &sum);
        cli_err("replay", "%s: %s%s", r->path, err.msg, cli_read_hint(err.msg));
        return 2;
    }
    int rc = report(r->path, &sum, &r->p, r->opt.prompt, text + bom, len - bom);
    if (r->p.html && !replay_html_write(r->p.html, r->html, r->path, &sum))
        return 2;
    return rc;
}

/* Replays text as r says; the exit status. */
static int judge(replay_args *r, const char *text, size_t len)
{
    if (!cli_answer_ready("replay", &r->ans))
        return 2;
    cg_puzzle goal;
    r->opt.scheme = r->have_scheme ? &r->scheme : NULL;
    if (r->goal_text) {
        if (cli_goal_read("replay", r->goal_text, r->opt.order, r->opt.across, r->opt.scheme,
                          false, &goal, &r->opt.goal_first) != 0)
            return 2;
        r->opt.goal = r->opt.goal_first ? NULL : &goal;
    }
    if (r->layout_path && cli_layout_read("replay", r->layout_path, &r->opt.layout) != 0)
        return 2;
    int rc = judge_with(r, text, len);
    cg_layout_free(r->opt.layout);
    return rc;
}

int cmd_replay(int argc, char **argv)
{
    replay_args r = {.opt = cg_replay_defaults()};
    cli_answer_init(&r.ans);
    int rc = options(argc, argv, 1, &r);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!r.path)
        return cli_usage("replay", "which FILE?");
    size_t len;
    char *text = cli_slurp("replay", r.path, MAX_INPUT, &len);
    if (!text)
        return 2;
    char **note = NULL; /* the options play recorded, when the command line gives none */
    if (!r.judging && (rc = judge_note(text, len, &r, &note)) != 0)
        cli_err("replay", "%s: the transcript's judge note is not understood", r.path);
    else
        rc = judge(&r, text, len);
    cg_argv_free(note);
    free(text);
    return rc < 0 ? 2 : rc;
}
