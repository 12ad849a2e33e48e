/* play --tries (play_tries.h): why a game was lost in round 1, the next hypothesis for it, the
 * summary and the profile of the options that won. */
#include "cli/play_tries.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cubegod/notation.h"

enum { OPTS_MAX = 8, VALUE_MAX = 160, WORDS_MAX = 96 };
/* The options in force as one text: every one whole ("--NAME 'VALUE'"), so that a rule shown
 * can be pasted into a shell. */
enum { OPTS_TEXT_MAX = OPTS_MAX * (16 + VALUE_MAX + 6) };

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
    LOSS_NOT_READ,   /* a cube came that could not be read */
    LOSS_MODE,       /* a mode chosen in a menu of modes led to no flag */
} loss;

struct cli_tries {
    int max, played;
    /* what the player gave (never changed) */
    bool prompt, notation, target, order, across, replies, layout, input, scheme;
    /* the hypotheses used up */
    int notation_next, order_next, across_next, orient_next;
    bool tried_example;
    bool tried_prompt, tried_gate, tried_menu, tried_first;
    tried_option opts[OPTS_MAX]; /* in force now */
    int nopts;
    char said[CLI_TRIES_MAX][OPTS_TEXT_MAX + WORDS_MAX + 64]; /* each game: "lost (why: 'words')"
                                                                or "won", and its options */
    char words[WORDS_MAX]; /* the server's words that chose the next hypothesis */
    /* a menu of modes the engine answered: its question, its keys, the next to try (1-based) */
    char mode_ask[96], mode_keys[64];
    int mode_next;
    /* what the changed play options point at */
    cg_dialect dialect;
    cg_scheme scheme_now;
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
static const char *const SCHEME[] = {"--scheme", NULL};

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
    t->scheme = given(argc, argv, SCHEME);
    return t;
}

void cli_tries_free(cli_tries *t) { free(t); }

bool cli_refused_as_written(const char *reason)
{
    static const char *const words[] = {"nvalid", "not a move", "nknown move", "llegal",
                                        "format", "unknown token", "bad move", "understand",
                                        "nrecogni", "syntax", "parse", "written"};
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
    if (r->turn_text)
        return LOSS_OTHER; /* a hidden-text drawing: `cubegod turn`'s, no option of play's fits */
    if (st == CG_ERR_INPUT && cli_play_hints_cubes(h, CG_SHAPE_AUTO) > 0)
        return LOSS_NOT_READ;
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

/* Removes option name, when a hypothesis in force sets it. */
static void drop_option(cli_tries *t, const char *name)
{
    for (int i = 0; i < t->nopts; i++)
        if (strcmp(t->opts[i].name, name) == 0) {
            memmove(&t->opts[i], &t->opts[i + 1], (size_t)(t->nopts - i - 1) * sizeof t->opts[0]);
            t->nopts--;
            return;
        }
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

/* Another face order of a string, or side order of a net (a cube not read, or read another
 * way): each only where the text shows that shape. */
static bool next_reader(cli_tries *t, const cli_play_hints *h, cg_play_options *o)
{
    static const char *const orders[] = {"URFDLB", "ULFRBD", "UFRBLD", "UDLRFB", "FRBLUD", "net"};
    static const char *const acrosses[] = {"BLFR", "FRBL", "RBLF"};
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

/* A counter-clockwise turn as the server's words show it: "as in F-" gives '-', "Fi" 'i'; a
 * face letter alone at a word's start, the mark, then no letter or digit. 0: none shown. */
static char ccw_mark(const char *text)
{
    for (const char *p = text; p[0] && p[1]; p++)
        if (strchr("UDFBLR", p[0]) && (p == text || !isalnum((unsigned char)p[-1])) &&
            (p[1] == '-' || p[1] == 'i') && !isalnum((unsigned char)p[2]) && p[2] != '\'')
            return p[1];
    return '\0';
}

/* Standard notation with the counter-clockwise turn written FACE + mark ("U'" as "U-"). */
static bool marked_notation(cli_tries *t, cg_play_options *o, char mark)
{
    char map[VALUE_MAX];
    size_t len = 0;
    for (const char *f = "UDFBLR"; *f; f++)
        len += (size_t)snprintf(map + len, sizeof map - len, "%s%c=%c,%c2=%c2,%c'=%c%c",
                                len ? "," : "", *f, *f, *f, *f, *f, *f, mark);
    cg_move_map mm;
    if (cg_move_map_parse(map, strlen(map), &mm, NULL) != CG_OK ||
        cg_dialect_make(&t->dialect, CG_NOTATION_STANDARD, &mm, NULL, NULL) != CG_OK)
        return false;
    o->dialect = &t->dialect;
    o->auto_notation = false;
    drop_option(t, "notation"); /* a notation tried before: this one replaces it */
    put_option(t, "move-map", map);
    return true;
}

/* The notation the refusal shows first ("an anticlockwise turn takes a minus, as in F-"),
 * then digits, quarter turns, clockwise quarter turns, a prime written 'i', then '-'. */
static bool next_notation(cli_tries *t, const cg_play_result *r, cg_play_options *o)
{
    static const cg_notation order[] = {CG_NOTATION_DIGITS, CG_NOTATION_QUARTER,
                                        CG_NOTATION_QUARTER_CW};
    static const char marks[] = {'i', '-'};
    if (t->notation)
        return false;
    char shown = ccw_mark(r->reason);
    if (!t->tried_example && shown) {
        t->tried_example = true;
        return marked_notation(t, o, shown);
    }
    int n = (int)(sizeof order / sizeof *order);
    while (t->notation_next < n + (int)sizeof marks) {
        int k = t->notation_next++;
        if (k >= n) {
            if (marks[k - n] != shown)
                return marked_notation(t, o, marks[k - n]);
            continue;
        }
        if (cg_dialect_make(&t->dialect, order[k], NULL, NULL, NULL) != CG_OK)
            return false;
        o->dialect = &t->dialect;
        o->auto_notation = false;
        drop_option(t, "move-map");
        put_option(t, "notation", cg_notation_name(order[k]));
        return true;
    }
    return false;
}

/* The orientations a 2x2 in the six usual colours is held in, as (home face up, home face in
 * front), most common first after white up, green front (game 1's, the engine's own): yellow
 * up (the solving orientation) with green then blue in front, white up with blue, red,
 * orange, yellow up with red, orange; then the other 16, green, blue, red, orange up. */
static const char ORIENT_FIRST[][2] = {{'D', 'F'}, {'D', 'B'}, {'U', 'B'}, {'U', 'R'},
                                       {'U', 'L'}, {'D', 'R'}, {'D', 'L'}};
enum { ORIENTATIONS = 23 }; /* the 24 but game 1's */

static void face_vector(char f, int v[3])
{
    static const char faces[] = "UDFBLR";
    static const int vec[6][3] = {{0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {-1, 0, 0}, {1, 0, 0}};
    const int *w = vec[strchr(faces, f) - faces];
    v[0] = w[0], v[1] = w[1], v[2] = w[2];
}

static char vector_face(const int v[3])
{
    return v[1] > 0 ? 'U' : v[1] < 0 ? 'D' : v[2] > 0 ? 'F' : v[2] < 0 ? 'B' : v[0] < 0 ? 'L' : 'R';
}

/* The k-th orientation (0 to 22): the home faces seen up and in front. */
static void orientation(int k, char *up, char *front)
{
    if (k < (int)(sizeof ORIENT_FIRST / sizeof *ORIENT_FIRST)) {
        *up = ORIENT_FIRST[k][0], *front = ORIENT_FIRST[k][1];
        return;
    }
    k -= (int)(sizeof ORIENT_FIRST / sizeof *ORIENT_FIRST);
    static const char ups[] = "FBRL";
    static const char fronts[4][5] = {"UDLR", "UDLR", "UDFB", "UDFB"};
    *up = ups[k / 4], *front = fronts[k / 4][k % 4];
}

/* The text's first cube is a 2x2 in the six usual colours that fits a cube: *home the scheme
 * of white up, green in front, in the server's tokens. */
static bool usual_colours(const cli_play_hints *h, cg_scheme *home)
{
    cg_puzzle p;
    return cli_play_hints_first_cube(h, &p) && p.size == 2 && cg_puzzle_common_scheme(&p, home);
}

/* The next orientation of a 2x2 in the six usual colours: the scheme that puts the home
 * faces' colours up and in front (--scheme U=...,...). */
static bool next_orientation(cli_tries *t, const cli_play_hints *h, cg_play_options *o)
{
    cg_scheme home;
    if (t->scheme || t->target || t->orient_next >= ORIENTATIONS || !usual_colours(h, &home))
        return false;
    char up, front;
    orientation(t->orient_next++, &up, &front);
    int u[3], f[3], r[3];
    face_vector(up, u);
    face_vector(front, f);
    r[0] = u[1] * f[2] - u[2] * f[1], r[1] = u[2] * f[0] - u[0] * f[2], r[2] = u[0] * f[1] - u[1] * f[0];
    char right = vector_face(r);
    int nu[3] = {-u[0], -u[1], -u[2]}, nf[3] = {-f[0], -f[1], -f[2]}, nr[3] = {-r[0], -r[1], -r[2]};
    const char seen[6] = {up, vector_face(nu), front, vector_face(nf), vector_face(nr), right};
    static const char faces[] = "UDFBLR"; /* cg_scheme's order, CG_U to CG_R */
    char text[VALUE_MAX];
    size_t len = 0;
    for (int k = 0; k < 6; k++) {
        const char *token = home.face[cg_face_from_letter(seen[k])];
        snprintf(t->scheme_now.face[cg_face_from_letter(faces[k])], sizeof t->scheme_now.face[0],
                 "%s", token);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%c=%s", k ? "," : "", faces[k],
                                token);
    }
    o->solve.scheme = &t->scheme_now;
    put_option(t, "scheme", text);
    return true;
}

/* Another target, orientation, face order or side order, in that order, each only where it
 * applies: --target first when two cubes came before one answer; the orientations of a 2x2
 * in the six usual colours; a string's face orders, a net's side orders, unless the cube was
 * one of the usual colours that fits (read right: an ordinary L F R B net is not read
 * otherwise). */
static bool next_reading(cli_tries *t, const cli_play_hints *h, cg_play_options *o)
{
    if (!t->target && !t->tried_first && !o->one_move && !o->goal &&
        cli_play_hints_cubes_per_answer(h) >= 2) {
        t->tried_first = true;
        o->goal_first = true;
        put_option(t, "target", "first");
        return true;
    }
    cg_scheme home; /* a cube of the usual colours that fits was read right: no other order */
    return next_orientation(t, h, o) || (!usual_colours(h, &home) && next_reader(t, h, o));
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

/* The next entry of a menu of modes the engine answered (its first choice the one whose words
 * promise the flag, else the first): a reply rule at the menu's question, replacing the
 * former one. */
static bool next_mode(cli_tries *t, const cg_play_result *r, cg_play_options *o,
                      cg_replies **replies)
{
    if (t->replies)
        return false;
    if (!t->mode_keys[0]) { /* the first game: what the engine chose */
        snprintf(t->mode_ask, sizeof t->mode_ask, "%s", r->mode_ask);
        t->mode_ask[strcspn(t->mode_ask, "=")] = '\0';
        snprintf(t->mode_keys, sizeof t->mode_keys, "%s", r->mode_keys);
        t->mode_next = r->mode_chosen + 1;
    }
    /* the mode_next-th key of "1 2 3" */
    const char *key = t->mode_keys;
    for (int k = 1; k < t->mode_next && *key; k++) {
        key += strcspn(key, " ");
        key += *key == ' ';
    }
    size_t klen = strcspn(key, " ");
    if (!klen || !t->mode_ask[0])
        return false;
    t->mode_next++;
    char rule[VALUE_MAX];
    snprintf(rule, sizeof rule, "start:%s=%.*s", t->mode_ask, (int)klen, key);
    cg_replies_free(*replies); /* only the tries' own rules: the player gave none */
    *replies = NULL;
    if (cg_replies_new(replies, NULL) != CG_OK || cg_replies_add(*replies, rule, NULL) != CG_OK)
        return false;
    o->replies = *replies;
    put_option(t, "reply", rule);
    return true;
}

static const char *loss_words(loss l)
{
    switch (l) {
    case LOSS_REFUSED: return "the answer refused as written";
    case LOSS_NOT_SOLVED: return "round 1 not passed";
    case LOSS_NO_PROMPT: return "the prompt never recognised";
    case LOSS_GATE: return "no cube came";
    case LOSS_NOT_READ: return "the cube not read";
    case LOSS_MODE: return "no flag in the mode chosen";
    default: return "no other way to try";
    }
}

/* The server's words behind a loss: its verdict ("the server said: ..."), else its last line;
 * cut at a blank, marked with "...". */
static void loss_text(const cg_play_result *r, const cli_play_hints *h, char *out, size_t cap)
{
    const char *said = strstr(r->reason, "the server said: ");
    char last[WORDS_MAX];
    if (said) {
        snprintf(last, sizeof last, "%s", said + strlen("the server said: "));
        char *hint = strstr(last, "; the prompt"); /* what client.c appends after the words */
        if (hint || (hint = strstr(last, "; reply rule")))
            *hint = '\0';
    } else {
        cli_play_hints_last(h, last, sizeof last);
    }
    size_t n = strlen(last), max = cap > 8 ? cap - 4 : 0;
    if (n > max) {
        n = max;
        while (n > max / 2 && last[n] != ' ')
            n--;
        snprintf(out, cap, "%.*s...", (int)n, last);
    } else {
        snprintf(out, cap, "%s", last);
    }
}

static void say_game(cli_tries *t, const char *outcome)
{
    char opts[OPTS_TEXT_MAX];
    options_text(t, opts, sizeof opts);
    if (t->played <= CLI_TRIES_MAX)
        snprintf(t->said[t->played - 1], sizeof t->said[0], "%s%s%s", outcome,
                 opts[0] ? " with " : "", opts);
}

/* A menu of modes was answered (by the engine, or by the tries' rule) and the game lost with
 * no round refused: the mode is what to change. */
static bool mode_lost(const cli_tries *t, const cg_play_result *r)
{
    return !t->replies && (r->mode_keys[0] || t->mode_keys[0]) &&
           (r->rounds_answered == 0 || r->rounds_passed > 0);
}

bool cli_tries_next(cli_tries *t, const cg_play_result *r, cg_status st,
                    const cli_play_hints *h, cg_play_options *o, cg_replies **replies, bool quiet)
{
    if (!t)
        return false;
    t->played++;
    loss l = mode_lost(t, r) ? LOSS_MODE : loss_of(r, st, h);
    char words[WORDS_MAX], outcome[WORDS_MAX + 64];
    loss_text(r, h, words, sizeof words);
    bool again = strcmp(words, t->words) == 0; /* said for the game before: not repeated */
    snprintf(outcome, sizeof outcome, "lost (%s%s%s%s)", loss_words(l),
             words[0] && !again ? ": '" : "", again ? "" : words, words[0] && !again ? "'" : "");
    snprintf(t->words, sizeof t->words, "%s", words);
    say_game(t, outcome);
    if (t->played >= t->max || l == LOSS_OTHER)
        return false;
    bool next = l == LOSS_MODE         ? next_mode(t, r, o, replies)
                : l == LOSS_REFUSED    ? next_notation(t, r, o)
                : l == LOSS_NOT_SOLVED ? next_reading(t, h, o)
                : l == LOSS_NOT_READ   ? next_reader(t, h, o)
                : l == LOSS_NO_PROMPT  ? next_prompt(t, h, o)
                                       : next_gate(t, h, o, replies);
    if (next && !quiet) {
        char opts[OPTS_TEXT_MAX];
        options_text(t, opts, sizeof opts);
        cli_err("play", "try %d of %d: lost (%s%s%s%s); trying again with %s", t->played,
                t->max, loss_words(l), words[0] ? ": '" : "", words, words[0] ? "'" : "", opts);
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
    if (t->played > 1 && t->played <= 3 && !quiet) { /* a few: one line */
        char line[3 * sizeof t->said[0] + 16];
        size_t len = 0;
        for (int i = 0; i < t->played; i++)
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%d: %s", i ? "; " : "",
                                    i + 1, t->said[i]);
        cli_err("play", "%d games: %s", t->played, line);
    } else if (t->played > 3 && !quiet) { /* an orientation search: a line a game */
        cli_err("play", "%d games:", t->played);
        for (int i = 0; i < t->played && i < CLI_TRIES_MAX; i++)
            cli_err("play", "  %d: %s", i + 1, t->said[i]);
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
