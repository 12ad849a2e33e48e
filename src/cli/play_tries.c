/* play --tries (play_tries.h): why a game was lost in round 1, the next hypothesis for it, the
 * summary and the profile of the options that won. */
#include "cli/play_tries.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cubegod/notation.h"

enum { OPTS_MAX = 8, TRIES_MAX = 16, VALUE_MAX = 160 };

/* An option in force by a hypothesis: profile name and value ("" for a flag's). */
typedef struct tried_option {
    char name[16];
    char value[VALUE_MAX];
} tried_option;

/* Why a game was lost, as far as the tries are concerned. */
typedef enum loss {
    LOSS_OTHER,      /* no alternative known */
    LOSS_REFUSED,    /* the server refused how the answer was written */
    LOSS_NOT_SOLVED, /* an answer went and round 1 was not passed */
    LOSS_NO_PROMPT,  /* cubes came, the server waited, no prompt was recognised */
    LOSS_GATE,       /* text came, the server waited, no cube came */
} loss;

struct cli_tries {
    int max, played;
    /* what the player gave (never changed) */
    bool prompt, notation, target, order, across, replies, layout, input;
    /* the hypotheses used up */
    int notation_next, order_next, across_next;
    bool tried_prompt, tried_gate, tried_menu, tried_first;
    tried_option opts[OPTS_MAX]; /* in force now */
    int nopts;
    char said[TRIES_MAX][VALUE_MAX + 96]; /* each game: "lost (why)" or "won" and its options */
    /* what the changed play options point at */
    cg_dialect dialect;
    char prompt_text[VALUE_MAX], order_text[8], across_text[8];
};

/* play's options whose hypotheses the tries leave alone when the player gave them */
static const char *const PROMPT[] = {"--prompt", NULL};
static const char *const NOTATION[] = {"--notation", "--move-map", "--separator", NULL};
static const char *const TARGET[] = {"--target", NULL};
static const char *const ORDER[] = {"--order", NULL};
static const char *const ACROSS[] = {"--across", NULL};
static const char *const REPLIES[] = {"--reply", "--replies", "--send-first", NULL};
static const char *const LAYOUT[] = {"--layout", NULL};
static const char *const INPUT[] = {"--input", NULL};

static bool given(int argc, char **argv, const char *const *names)
{
    for (int i = 1; i < argc; i++)
        for (const char *const *n = names; *n; n++)
            if (strcmp(argv[i], *n) == 0)
                return true;
    return false;
}

cli_tries *cli_tries_new(int max, int argc, char **argv)
{
    cli_tries *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->max = max;
    t->prompt = given(argc, argv, PROMPT);
    t->notation = given(argc, argv, NOTATION);
    t->target = given(argc, argv, TARGET);
    t->order = given(argc, argv, ORDER);
    t->across = given(argc, argv, ACROSS);
    t->replies = given(argc, argv, REPLIES);
    t->layout = given(argc, argv, LAYOUT);
    t->input = given(argc, argv, INPUT);
    return t;
}

void cli_tries_free(cli_tries *t) { free(t); }

bool cli_refused_as_written(const char *reason)
{
    static const char *const words[] = {"nvalid", "not a move", "nknown move", "llegal",
                                        "format", "unknown token", "bad move"};
    if (!strstr(reason, "the server said"))
        return false;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strstr(reason, words[i]))
            return true;
    return false;
}

static loss loss_of(const cg_play_result *r, cg_status st, const cli_play_hints *h)
{
    if (r->won || r->rounds_passed > 0)
        return LOSS_OTHER; /* lost later than round 1: the dialogue worked */
    if (r->rounds_answered > 0)
        return cli_refused_as_written(r->reason) ? LOSS_REFUSED : LOSS_NOT_SOLVED;
    char last[8];
    cli_play_hints_last(h, last, sizeof last);
    if (st != CG_ERR_TIMEOUT || !last[0])
        return LOSS_OTHER; /* a closed connection, a cube that cannot be read: no guess fits */
    return cli_play_hints_cubes(h, CG_SHAPE_AUTO) > 0 ? LOSS_NO_PROMPT : LOSS_GATE;
}

/* Sets option name to value (replacing a former hypothesis of the same name). */
static void put_option(cli_tries *t, const char *name, const char *value)
{
    int i = 0;
    while (i < t->nopts && strcmp(t->opts[i].name, name) != 0)
        i++;
    if (i == OPTS_MAX)
        return;
    if (i == t->nopts)
        t->nopts++;
    snprintf(t->opts[i].name, sizeof t->opts[i].name, "%s", name);
    snprintf(t->opts[i].value, sizeof t->opts[i].value, "%s", value);
}

/* The options in force, as the command line writes them: "--prompt '%' --target any". */
static void options_text(const cli_tries *t, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < t->nopts && len < cap; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s--%s%s%s%s", i ? " " : "",
                                t->opts[i].name, t->opts[i].value[0] ? " '" : "",
                                t->opts[i].value, t->opts[i].value[0] ? "'" : "");
}

/* The last text the server sent before it waited, cut at a '=' (a reply rule's separator). */
static void waited_text(const cli_play_hints *h, char *out, size_t cap)
{
    cli_play_hints_last(h, out, cap);
    size_t n = strcspn(out, "=");
    while (n && (out[n - 1] == ' ' || out[n - 1] == '\t'))
        n--;
    out[n] = '\0';
}

static bool next_notation(cli_tries *t, cg_play_options *o)
{
    static const cg_notation order[] = {CG_NOTATION_DIGITS, CG_NOTATION_QUARTER,
                                        CG_NOTATION_QUARTER_CW};
    if (t->notation || t->notation_next >= (int)(sizeof order / sizeof *order))
        return false;
    cg_notation nt = order[t->notation_next++];
    if (cg_dialect_make(&t->dialect, nt, NULL, NULL, NULL) != CG_OK)
        return false;
    o->dialect = &t->dialect;
    o->auto_notation = false;
    put_option(t, "notation", cg_notation_name(nt));
    return true;
}

/* Another target, face order or side order, in that order, each only where it applies. (No
 * orientation: a 2x2 of face letters is solved home and one of the six usual colours brought
 * to the usual picture, white up and green front, which every orientation check accepts.) */
static bool next_reading(cli_tries *t, const cli_play_hints *h, cg_play_options *o)
{
    static const char *const orders[] = {"URFDLB", "ULFRBD", "UFRBLD", "UDLRFB", "FRBLUD", "net"};
    static const char *const acrosses[] = {"BLFR", "FRBL", "RBLF"};
    if (!t->target && !t->tried_first && !o->one_move && !o->goal &&
        cli_play_hints_cubes_per_answer(h) >= 2) {
        t->tried_first = true;
        o->goal_first = true;
        put_option(t, "target", "first");
        return true;
    }
    if (!t->order && !t->input && t->order_next < (int)(sizeof orders / sizeof *orders) &&
        cli_play_hints_cubes(h, CG_SHAPE_STRING) > 0) {
        snprintf(t->order_text, sizeof t->order_text, "%s", orders[t->order_next++]);
        o->order = t->order_text;
        put_option(t, "order", t->order_text);
        return true;
    }
    if (!t->across && !t->layout && t->across_next < (int)(sizeof acrosses / sizeof *acrosses) &&
        cli_play_hints_cubes(h, CG_SHAPE_NET) > 0) {
        snprintf(t->across_text, sizeof t->across_text, "%s", acrosses[t->across_next++]);
        o->across = t->across_text;
        put_option(t, "across", t->across_text);
        return true;
    }
    return false;
}

/* An empty line at the text the server waits after (a gate), then '1' at a menu's question. */
static bool next_gate(cli_tries *t, const cli_play_hints *h, cg_play_options *o,
                      cg_replies **replies)
{
    char text[VALUE_MAX - 16], rule[VALUE_MAX];
    if (t->replies)
        return false;
    if (!t->tried_gate) {
        t->tried_gate = true;
        waited_text(h, text, sizeof text);
        snprintf(rule, sizeof rule, "start:%s=", text);
    } else if (!t->tried_menu && cli_play_hints_menu(h, text, sizeof text)) {
        t->tried_menu = true;
        text[strcspn(text, "=")] = '\0';
        snprintf(rule, sizeof rule, "any:%s=1", text);
    } else {
        return false;
    }
    if (!text[0] || (!*replies && cg_replies_new(replies, NULL) != CG_OK))
        return false;
    if (cg_replies_add(*replies, rule, NULL) != CG_OK)
        return false;
    o->replies = *replies;
    put_option(t, "reply", rule);
    return true;
}

static bool next_prompt(cli_tries *t, const cli_play_hints *h, cg_play_options *o)
{
    if (t->prompt || t->tried_prompt)
        return false;
    t->tried_prompt = true;
    waited_text(h, t->prompt_text, sizeof t->prompt_text);
    if (!t->prompt_text[0])
        return false;
    o->prompt = t->prompt_text;
    put_option(t, "prompt", t->prompt_text);
    return true;
}

static const char *loss_words(loss l)
{
    switch (l) {
    case LOSS_REFUSED: return "the answer refused as written";
    case LOSS_NOT_SOLVED: return "round 1 not passed";
    case LOSS_NO_PROMPT: return "the prompt never recognised";
    case LOSS_GATE: return "no cube came";
    default: return "no other way to try";
    }
}

static void say_game(cli_tries *t, const char *outcome)
{
    char opts[VALUE_MAX];
    options_text(t, opts, sizeof opts);
    if (t->played <= TRIES_MAX)
        snprintf(t->said[t->played - 1], sizeof t->said[0], "%s%s%s", outcome,
                 opts[0] ? " with " : "", opts);
}

bool cli_tries_next(cli_tries *t, const cg_play_result *r, cg_status st,
                    const cli_play_hints *h, cg_play_options *o, cg_replies **replies, bool quiet)
{
    if (!t)
        return false;
    t->played++;
    loss l = loss_of(r, st, h);
    char outcome[96];
    snprintf(outcome, sizeof outcome, "lost (%s)", loss_words(l));
    say_game(t, outcome);
    if (t->played >= t->max || l == LOSS_OTHER)
        return false;
    bool next = l == LOSS_REFUSED     ? next_notation(t, o)
                : l == LOSS_NOT_SOLVED ? next_reading(t, h, o)
                : l == LOSS_NO_PROMPT  ? next_prompt(t, h, o)
                                       : next_gate(t, h, o, replies);
    if (next && !quiet) {
        char opts[VALUE_MAX];
        options_text(t, opts, sizeof opts);
        cli_err("play", "try %d of %d: lost in round 1 (%s); trying again with %s",
                t->played, t->max, loss_words(l), opts);
    }
    return next;
}

int cli_tries_finish(cli_tries *t, bool won, const char *save, bool quiet)
{
    if (!t)
        return 0;
    if (won) {
        t->played++;
        say_game(t, "won");
    }
    if (t->played > 1 && !quiet) {
        char line[TRIES_MAX * (VALUE_MAX + 100)];
        size_t len = 0;
        for (int i = 0; i < t->played && i < TRIES_MAX; i++)
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%d: %s", i ? "; " : "",
                                    i + 1, t->said[i]);
        cli_err("play", "%d games: %s", t->played, line);
    }
    if (!save)
        return 0;
    if (!won) {
        cli_err("play", "--save-profile %s: not written: no game was won", save);
        return 1;
    }
    FILE *f = fopen(save, "w");
    if (!f) {
        cli_err("play", "--save-profile %s: %s", save, strerror(errno));
        return 1;
    }
    fprintf(f, "# Written by cubegod play --save-profile: the options that won (game %d of "
               "%d)%s\n[play]\n", t->played, t->max, t->nopts ? "" : "; none was needed");
    for (int i = 0; i < t->nopts; i++)
        fprintf(f, "%s = \"%s\"\n", t->opts[i].name, t->opts[i].value);
    if (fclose(f) != 0) {
        cli_err("play", "--save-profile %s: %s", save, strerror(errno));
        return 1;
    }
    return 0;
}
