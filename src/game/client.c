/* The game client: lines in, one optimal answer out at each prompt (see client.h). */
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cubegod/client.h"
#include "cubegod/server.h"
#include "game/answer_check.h"
#include "game/pow_gate.h"
#include "cubegod/state.h"
#include "engine/engine.h"
#include "puzzle/reader.h"

#define ANSWER_TEXT_MAX 2048
/* --prompt auto: how long a line that asks must be followed by silence to be the prompt (the
 * server's next lines, when there are any, come within this over any network a game runs on) */
#define AUTO_PROMPT_SETTLE 0.05
/* Replies and gates sent with no cube read in between before the game ends (max_replies 0) */
#define MAX_REPLIES 20
#define GATE_ENTER CG_REPLIES_MAX
#define GATE_POW (CG_REPLIES_MAX + 1)

typedef struct client_game {
    cg_tube *t;
    cg_dialect dialect; /* the default, when the options name none */
    const cg_tables *tables;
    const cg3_twophase *solver3; /* once the first 3x3 round asked for it */
    const cg_play_options *o;
    cg_play_result *res;
    const char *prompt;
    size_t prompt_len;
    regex_t flag_re;
    cg_shape_reader shapes; /* every shape of shapes.h (opt->input) */
    cg_puzzle pending;    /* a cube that ended before the prompt */
    bool have_pending;
    cg_puzzle goal;       /* opt->goal_first: the round's first cube */
    bool have_goal;
    bool lost;            /* a "[-]" verdict came */
    int current;          /* round number the server announced last, or 0 */
    int last_answered;    /* round number of the last answer sent */
    int64_t last_answer;  /* when the previous answer left (start of the game at first) */
    bool received;        /* anything at all came from the server */
    char last_line[96];   /* the last non-blank line received, for messages */
    /* One-move mode: the solution being sent one move a prompt, and the cube it started from
     * (start for a 2x2, start3 for a 3x3, with the 3x3's moves once needed). */
    bool in_round;
    size_t queued, sent;
    cg_move queue[3 * CG3_SOLUTION_MAX]; /* quarter-cw triples R', the 3x3's are the longest */
    int start_size;
    cg_reading start;
    cg_reading3 start3;
    bool have_t3;
    cg3_tables t3;
    /* The dialogue: what the server's text said, and where the game stands. */
    cg_solve_options solve;    /* the caller's, with the limits the text stated */
    cg3_solve_options solve3;
    const cg_tables *tables_q; /* the 2x2 in quarter turns, once asked for */
    bool qtm;                  /* moves counted in quarter turns */
    int limit;                 /* stated in the server's text, 0: none */
    char limit_phrase[80];
    bool notation_read;
    bool auto_prompt;
    int failed;                /* rounds a failing verdict ended */
    bool have_ok_re, have_fail_re;
    regex_t ok_re, fail_re;
    int fired[CG_REPLIES_MAX];
    int since[CG_REPLIES_MAX + 2]; /* fired since the last cube read: each rule, then the gates */
    cg_puzzle shown;           /* a cube at the goal, shown and not asked */
    bool have_shown;
    bool read_noted;           /* the reader's note (a string's order found) was said */
    /* The engine (src/engine/engine.h): the prompt learned in round 1, the server's legend,
     * one move a prompt (the option or the server's words), the replies sent since a cube. */
    cgi_prompt learned;
    cgi_legend legend;
    bool legend_used;
    bool one_move;
    bool ever_cube;            /* a cube was read at some point */
    int cubes;                 /* cubes read */
    int64_t partial_since;     /* when the partial line now buffered was first seen, or 0 */
    double settle_us;          /* the wait after the line that was taken for the prompt */
    /* The cubes a server that applies an answer a move at a time shows between the moves
     * (--send-each, or keys read one at a time from the answer's line) */
    bool each_open;
    size_t each_seen;
    char diverged[CG_ERROR_MSG_MAX]; /* a cube shown between them that none of them makes */
    int64_t progress_at;       /* the last cube read, answer or gate answered (text_budget) */
    const cgi_replay_hooks *replay; /* replay: play's recorded answers instead of the solvers */
} client_game;

/* What the reader looks for, in the words of the shape asked for (messages). */
static const char *shape_wanted(const cg_play_options *o)
{
    if (o->layout)
        return "any drawing in the layout";
    switch (o->input) {
    case CG_SHAPE_BOXES: return "any Face boxes";
    case CG_SHAPE_FACES: return "any labelled faces";
    case CG_SHAPE_NET: return "any net";
    case CG_SHAPE_STRING: return "any string of 24 or 54 stickers";
    case CG_SHAPE_ANSI: return "any cube in ANSI colours";
    case CG_SHAPE_DICT: case CG_SHAPE_JSON: return "any Python or JSON cube";
    default: return "any cube (boxes, faces, a net, a string, ANSI colours, a Python or JSON cube)";
    }
}

static void note(const client_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The next cube the shape reader has ready; its note (a string read in another face order)
 * said once a game. */
static bool take_cube(client_game *g, cg_puzzle *p)
{
    cg_shape_info info;
    if (!cg_shape_reader_take(&g->shapes, p, &info))
        return false;
    if (info.note[0] && !g->read_noted)
        note(g, "%s", info.note);
    g->read_noted |= info.note[0] != '\0';
    return true;
}

/* The cube to solve: the round's, or toward the goal (state.h). */
static cg_status toward_goal(client_game *g, cg_puzzle *p, cg_error *err)
{
    const cg_puzzle *goal = g->o->goal_first ? (g->have_goal ? &g->goal : NULL) : g->o->goal;
    if (g->o->goal_first && !goal)
        return cg_fail(err, CG_ERR_INPUT, "no goal came before the prompt (the round's first "
                                          "cube is the goal when goal_first is set)");
    *p = g->pending;
    if (!goal)
        return CG_OK;
    g->have_goal = false;
    return cg_puzzle_toward(goal, &g->pending, g->o->solve.scheme, g->o->pick, p, err);
}

static void note(const client_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(const client_game *g, const char *fmt, ...)
{
    if (!g->o->on_note)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    cg_text_printable(buf);
    g->o->on_note(g->o->on_note_ctx, buf);
}

static double us_between(int64_t from, int64_t to) { return (double)(to - from) / 1e3; }

/* One classified item for the caller's on_event. */
static void event(const client_game *g, cg_event kind, const char *line, size_t n)
{
    if (g->o->on_event)
        g->o->on_event(g->o->on_event_ctx, kind, line, n);
}

const char *cg_event_name(cg_event e)
{
    switch (e) {
    case CG_EVENT_GATE: return "gate";
    case CG_EVENT_REPLY: return "reply";
    case CG_EVENT_PROMPT: return "prompt";
    case CG_EVENT_CUBE: return "cube";
    case CG_EVENT_VERDICT: return "verdict";
    case CG_EVENT_ENTER: return "enter";
    case CG_EVENT_TEXT: return "text";
    }
    return "?";
}

cg_play_options cg_play_defaults(void)
{
    cg_play_options o;
    memset(&o, 0, sizeof o);
    o.solve = cg_solve_defaults();
    o.prompt = CG_PLAY_DEFAULT_PROMPT;
    o.timeout = 10;
    o.flag_regex = CG_PLAY_DEFAULT_FLAG_REGEX;
    o.solve3 = cg3_solve_defaults();
    o.auto_limit = o.auto_metric = o.auto_notation = true;
    return o;
}

/* The round being played: the one announced last, or the one after the last answered. */
static int round_number(const client_game *g)
{
    int next = g->res->rounds_answered + 1;
    return g->current > next ? g->current : next;
}

/* Removes trailing blanks and '\r' so that "prompt \r" still matches. */
static size_t trimmed_len(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    return n;
}

static bool has_text(const char *line, size_t n, const char *what, size_t k)
{
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (memcmp(line + i, what, k) == 0)
            return true;
    return false;
}

/* The prompt given (or auto's fixed text) anywhere in the line. */
static bool names_prompt(const client_game *g, const char *line, size_t n)
{
    if (g->auto_prompt)
        return has_text(line, n, CG_PLAY_AUTO_PROMPT, strlen(CG_PLAY_AUTO_PROMPT));
    return has_text(line, n, g->prompt, g->prompt_len);
}

/* An answer was sent and no verdict came yet. */
static bool awaiting(const client_game *g)
{
    return g->res->rounds_answered > g->res->rounds_passed + g->failed;
}

static cg_phase phase_of(const client_game *g)
{
    return awaiting(g) ? CG_PHASE_ANSWERED : g->have_pending ? CG_PHASE_CUBE : CG_PHASE_START;
}

/* Bytes, not text: a NUL or a control byte other than tab, CR and ESC (colours). */
static bool binary_line(const char *line, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t' && c != '\r' && c != 0x1b) || c == 0x7f)
            return true;
    }
    return false;
}

static void note_flags(client_game *g, const char *line)
{
    if (g->res->flags_cut)
        return; /* full: the last flag kept already ends in "..." */
    regmatch_t m;
    const char *p = line;
    int flags = 0;
    while (*p && regexec(&g->flag_re, p, 1, &m, flags) == 0 && m.rm_eo > m.rm_so) {
        /* What does not fit is cut and marked "...", never dropped unseen: room stays for " ...". */
        size_t have = strlen(g->res->flags), len = (size_t)(m.rm_eo - m.rm_so);
        size_t sep = have ? 1 : 0, cap = sizeof g->res->flags - 5;
        size_t room = have + sep < cap ? cap - have - sep : 0;
        bool cut = len > room;
        snprintf(g->res->flags + have, sizeof g->res->flags - have, "%s%.*s%s", sep ? " " : "",
                 (int)(cut ? room : len), p + m.rm_so, cut ? "..." : "");
        if (cut) {
            g->res->flags_cut = true;
            break;
        }
        p += m.rm_eo;
        flags = REG_NOTBOL;
    }
    cg_text_printable(g->res->flags);
}

/* Faces of the round in progress that came without the prompt after them. */
static int faces_unanswered(const client_game *g)
{
    int faces = g->shapes.box.boxes + (g->shapes.fc.on ? g->shapes.fc.faces : 0);
    if (g->have_pending)
        for (int f = 0; f < 6; f++)
            faces += (g->pending.faces_shown >> f) & 1;
    return faces;
}

/* What the prompt is, for messages. */
static void prompt_desc(const client_game *g, char *out, size_t size)
{
    if (g->auto_prompt)
        snprintf(out, size, "auto: '%s', or after a cube a line ending in ':', '?' or '>'",
                 CG_PLAY_AUTO_PROMPT);
    else
        snprintf(out, size, "'%s'", g->prompt);
}

/* "; 5 faces came but not the prompt ...; last text received: ..." appended to msg (of size
 * `size`): every prompt failure says what arrived last. */
static void prompt_hint(const client_game *g, const char *last, char *msg, size_t size)
{
    int faces = faces_unanswered(g);
    size_t len = strlen(msg);
    char what[160];
    prompt_desc(g, what, sizeof what);
    size_t asked = trimmed_len(last, strlen(last));
    if (faces == 0 && !g->ever_cube && cg_line_asks(last, asked))
        snprintf(msg + len, size - len, "; no cube was read (one shown may need another input shape or a "
                 "layout), and the server asks '%.*s': a reply rule '%.*s=ANSWER' answers that",
                 (int)asked, last, (int)asked, last);
    else if (faces == 0)
        snprintf(msg + len, size - len, "; the prompt (%s) never came; last text received: '%s'",
                 what, last);
    else
        snprintf(msg + len, size - len, "; %d face%s came but not the prompt %s%s%s; last text "
                 "received: '%s'",
                 faces, faces == 1 ? "" : "s", g->auto_prompt ? "(" : "", what,
                 g->auto_prompt ? ")" : "", last);
}

static bool each_shown(client_game *g, const cg_puzzle *p);
static void diverged(client_game *g, const cg_puzzle *p);

/* A cube the reader finished: at the goal it is shown, not asked (no round, no answer); a new
 * cube after an answer with no verdict in between passes that round. */
static void cube_came(client_game *g, const cg_puzzle *p)
{
    g->progress_at = cg_now_ns();
    if (g->o->goal_first && !g->have_goal) { /* the round's first cube is its goal */
        g->goal = *p;
        g->have_goal = true;
        return;
    }
    g->ever_cube = true;
    g->cubes++;
    memset(g->since, 0, sizeof g->since);
    if (g->each_open && awaiting(g) && each_shown(g, p))
        return; /* a cube between the moves of one answer: the same round */
    if (g->each_open && awaiting(g) && g->each_seen > 0 && g->each_seen < g->queued) {
        diverged(g, p); /* it was showing this answer's moves, and this is none of them */
        return;
    }
    bool moving = (g->one_move && g->in_round);
    /* against a goal of the caller's, a solved cube is a cube like any other */
    bool targeted = g->o->goal || g->o->goal_first;
    if (!moving && !targeted && cgi_puzzle_at_goal(p)) {
        g->shown = *p;
        g->have_shown = true;
        note(g, "a cube at the goal: shown, not asked");
        return;
    }
    if (!moving && awaiting(g)) {
        g->res->rounds_passed++;
        note(g, "round %d passed: a new cube came after its answer, with no verdict",
             g->last_answered);
    }
    g->pending = *p;
    g->have_pending = true;
}

/* The verdict a line gives: "[+]"/"[-]" anywhere, other words only on an answer that awaits
 * one (the caller's patterns, or the usual words). */
static cg_verdict verdict(const client_game *g, const char *line, size_t n)
{
    if (strstr(line, "[-]"))
        return CG_VERDICT_FAIL;
    if (strstr(line, "[+]"))
        return CG_VERDICT_OK;
    if (!awaiting(g))
        return CG_VERDICT_NONE;
    if (g->have_fail_re && regexec(&g->fail_re, line, 0, NULL, 0) == 0)
        return CG_VERDICT_FAIL;
    if (g->have_ok_re && regexec(&g->ok_re, line, 0, NULL, 0) == 0)
        return CG_VERDICT_OK;
    if (g->have_ok_re || g->have_fail_re)
        return CG_VERDICT_NONE;
    return cg_verdict_of(line, n);
}

/* Before the first answer: the limit, the metric and the notation the server's text states. */
static void read_rules(client_game *g, const char *line, size_t n)
{
    if (g->res->rounds_answered > 0)
        return;
    char phrase[80];
    int limit;
    if (g->o->auto_limit && g->limit == 0 && g->o->max_answer <= 0 &&
        (limit = cg_limit_read(line, n, phrase, sizeof phrase)) > 0) {
        g->limit = limit;
        snprintf(g->limit_phrase, sizeof g->limit_phrase, "%s", phrase);
        note(g, "limit %d, from the server's text: \"%s\"", limit, phrase);
    }
    if (g->o->auto_metric && !g->qtm && cg_metric_hint_qtm(line, n)) {
        g->qtm = true;
        note(g, "moves counted in quarter turns, from the server's text: \"%.80s\"", line);
    }
    int nt;
    if (!g->o->dialect && g->o->auto_notation && !g->notation_read &&
        (nt = cg_notation_hint(line, n)) >= 0 &&
        cg_dialect_make(&g->dialect, (cg_notation)nt, NULL, NULL, NULL) == CG_OK) {
        g->notation_read = true;
        if ((nt == CG_NOTATION_QUARTER || nt == CG_NOTATION_QUARTER_CW) && g->o->auto_metric)
            g->qtm = true;
        note(g, "notation %s, from the server's text: \"%.80s\"", cg_notation_name((cg_notation)nt),
             line);
    }
    if (!g->o->dialect && g->o->auto_notation)
        cgi_legend_read(&g->legend, line, n);
    if (!g->one_move && !g->o->send_each && cgi_text_one_move(line, n)) {
        g->one_move = true;
        note(g, "one move a prompt, from the server's text: \"%.80s\"", line);
    }
}

/* At the first answer: a complete controls legend in the banner is how moves are written. */
static void use_legend(client_game *g)
{
    cg_dialect d;
    if (g->legend_used || !g->legend.entries || g->o->dialect || !cgi_legend_dialect(&g->legend, &d))
        return;
    g->legend_used = true;
    g->dialect = d;
    char what[160];
    cg_dialect_describe(&d, what, sizeof what);
    note(g, "moves written as the server's legend names them (%s): \"%s\"", what,
         g->legend.line);
}

/* Everything that is not a prompt: cubes, round headers, verdicts, the flag, the rules. */
static cg_status text_line(client_game *g, const char *line, size_t n, cg_error *err)
{
    const char *round = strstr(line, "Round ");
    int i, total;
    if (round && cg_round_numbers(round + 6, &i, &total) == 2 && i > 0 && total >= i) {
        g->current = i;
        g->res->rounds_announced = total;
    }
    read_rules(g, line, n);
    cg_verdict v = verdict(g, line, n);
    if (v == CG_VERDICT_FAIL) {
        /* The verdict is on the answer still waiting for one, if any. */
        bool awaited = awaiting(g);
        g->lost = true;
        g->failed += awaited;
        g->in_round = false;
        snprintf(g->res->reason, sizeof g->res->reason, "round %d: the server said: %.*s",
                 awaited ? g->last_answered : round_number(g), (int)trimmed_len(line, n), line);
        if (!awaited) /* it gave up waiting for an answer we never saw it ask for */
            prompt_hint(g, g->last_line, g->res->reason, sizeof g->res->reason);
        cg_text_printable(g->res->reason); /* the server's words, shown on a terminal */
    } else if (v == CG_VERDICT_OK) {
        g->res->rounds_passed++;
        g->in_round = false;
        g->res->flag_line[0] = '\0';
    } else if (g->res->rounds_passed > 0 && trimmed_len(line, n) > 0 &&
               !cg_shape_reader_busy(&g->shapes) && strncmp(line, "Face ", 5) != 0) {
        size_t len = trimmed_len(line, n), max = sizeof g->res->flag_line - 4;
        snprintf(g->res->flag_line, sizeof g->res->flag_line, "%.*s%s", (int)(len > max ? max : len),
                 line, len > max ? "..." : ""); /* a cut line says so */
        cg_text_printable(g->res->flag_line);
    }
    if (!binary_line(line, n)) /* random bytes hold "a{...}" often enough to end a game won */
        note_flags(g, line);
    cg_status st = cg_shape_reader_feed(&g->shapes, line, n, err);
    cg_puzzle p;
    while (take_cube(g, &p))
        cube_came(g, &p);
    if (st != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", round_number(g));
    return CG_OK;
}

static const cg_dialect *dialect_of(const client_game *g)
{
    return g->o->dialect ? g->o->dialect : &g->dialect;
}

/* The cube p against the round's start after its first k moves, sticker for sticker (colours
 * the first view never showed are not compared), either size: true when they differ, and where
 * in why. */
static bool differs(const client_game *g, const cg_puzzle *p, size_t k, char *why, size_t size)
{
    int n = g->start_size, per = n * n, stickers = 6 * per;
    uint8_t want[CG3_FACELETS];
    const cg_scheme *scheme;
    if (n == 3) {
        cg3_cube c = g->start3.cube;
        cg3_cube_apply_face_turns(&g->t3, &c, g->queue, k);
        cg3_cube_to_facelets(&c, want);
        scheme = &g->start3.scheme;
    } else {
        cg_cube c = g->start.cube;
        cg_cube_apply_all(&c, g->queue, k);
        cg_stickers st = cg_cube_to_stickers(&c);
        memcpy(want, st.s, CG_STICKERS);
        scheme = &g->start.scheme;
    }
    if (p->size != n) {
        snprintf(why, size, "the cube shown after it is a %dx%d, the round's was a %dx%d",
                 p->size, p->size, n, n);
        return true;
    }
    for (int i = 0; i < stickers; i++) {
        const char *expect = scheme->face[want[i]];
        if (p->sticker[i] == CG_UNKNOWN || strcmp(expect, "?") == 0)
            continue;
        const char *shown = p->colour[p->sticker[i]];
        if (strcmp(shown, expect) != 0) {
            snprintf(why, size, "the cube shown after it is not the one expected: face %c row "
                     "%d column %d shows %s, expected %s%s", cg_face_letter(i / per),
                     i % per / n + 1, i % n + 1, shown, expect,
                     n == 3 && g->start3.fits > 1 ? " (the round's first view fitted several "
                                                    "cubes: the one played was a guess)" : "");
            return true;
        }
    }
    return false;
}

/* One-move mode: the cube the server showed after our move k must be the start cube after the
 * first k moves. */
static cg_status check_shown(client_game *g, int round, cg_error *err)
{
    char why[256];
    if (!differs(g, &g->pending, g->sent, why, sizeof why))
        return CG_OK;
    return cg_fail(err, CG_ERR_PROTOCOL, "round %d, move %zu (%s): %s", round, g->sent,
                   dialect_of(g)->name[g->queue[g->sent - 1]], why);
}

/* After a whole answer: a cube shown while the server applies its moves one at a time is the
 * start after some of them (it may skip showing some): part of the round when it is. */
/* The server showed the answer's first moves applied, then a cube that is the start after none
 * of them: it applied the next one differently. Said, and the game ends (run()). */
static void diverged(client_game *g, const cg_puzzle *p)
{
    char why[256];
    size_t k = g->each_seen + 1;
    differs(g, p, k, why, sizeof why);
    snprintf(g->diverged, sizeof g->diverged, "round %d, move %zu (%s): %.200s", g->last_answered, k,
             dialect_of(g)->name[g->queue[k - 1]], why);
}

static bool each_shown(client_game *g, const cg_puzzle *p)
{
    char why[256];
    for (size_t k = g->each_seen + 1; k <= g->queued; k++)
        if (!differs(g, p, k, why, sizeof why)) {
            g->each_seen = k;
            return true;
        }
    return false;
}

static cg_status move_or_wait(client_game *g, int round, cg_error *err);
static cg_status recorded_more(client_game *g, int round, cg_error *err);

/* One-move mode, at a prompt within a round: check what the server showed, send the next move. */
static cg_status next_move(client_game *g, int round, cg_error *err)
{
    if (g->have_pending && g->sent > 0) {
        cg_status st = check_shown(g, round, err);
        if (st != CG_OK && !g->replay)
            return st;
        if (st != CG_OK) /* the recording holds what play sent: the judge weighs the moves */
            g->replay->differs(g->replay->ctx, err->msg);
    }
    if (g->replay && g->sent == g->queued)
        return recorded_more(g, round, err);
    return move_or_wait(g, round, err);
}

/* next_move() once the cube shown is checked: the solution's next move, or, used up, the
 * verdict a loop server gives after one more prompt. */
static cg_status move_or_wait(client_game *g, int round, cg_error *err)
{
    if (g->sent == g->queued && g->have_pending) {
        /* a loop server that checks for solved only after it asked again: the verdict comes */
        note(g, "round %d: the solution is used up and the cube shown is at the goal: waiting "
             "for the verdict", round);
        g->have_pending = false;
        return CG_OK;
    }
    if (g->sent == g->queued)
        return cg_fail(err, CG_ERR_PROTOCOL,
                       "round %d: the server asks for move %zu, but the solution has %zu moves "
                       "and the cube should be solved",
                       round, g->sent + 1, g->queued);
    const char *name = dialect_of(g)->name[g->queue[g->sent]];
    cg_status st = cg_tube_sendline(g->t, name, strlen(name), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending move %zu: ", round, g->sent + 1);
    g->sent++;
    g->have_pending = false;
    return CG_OK;
}

/* The round's start and its solution as a queue of single moves, for the cubes the server shows
 * between them (one-move, send-each). A 3x3's reading is in g->start3 already (solve3). */
static cg_status queue_moves(client_game *g, bool three, const cg_move *moves, int n,
                             cg_error *err)
{
    g->start_size = three ? 3 : 2;
    if (three && !g->have_t3) {
        cg3_tables_init(&g->t3);
        g->have_t3 = true;
    }
    cg_status st = three ? CG_OK : cg_reconstruct(&g->pending, g->o->solve.scheme, &g->start, err);
    if (st != CG_OK)
        return st;
    g->queued = cg_dialect_expand(dialect_of(g), moves, (size_t)n, g->queue,
                                  sizeof g->queue / sizeof *g->queue);
    return CG_OK;
}

/* One-move mode, at a round's first prompt: the first move of the queue (an empty line for a
 * solved cube) is what is sent now. */
static cg_status start_moves(client_game *g, bool three, const cg_move *moves, int n, char *text,
                             cg_error *err)
{
    cg_status st = queue_moves(g, three, moves, n, err);
    if (st != CG_OK)
        return st;
    g->sent = g->queued ? 1 : 0;
    g->in_round = g->queued > 0;
    snprintf(text, ANSWER_TEXT_MAX, "%s", g->queued ? dialect_of(g)->name[g->queue[0]] : "");
    return CG_OK;
}

/* A 3x3 round: the solver (loaded when first needed), then the reading and the solve. */
static cg_status solve3(client_game *g, cg_move *moves, int *n, unsigned long *fits,
                        cg_error *err)
{
    if (!g->o->solver3)
        return cg_fail(err, CG_ERR_INPUT, "a 3x3 came and no 3x3 solver was given");
    cg_status st = CG_OK;
    if (!g->solver3 && (st = g->o->solver3(g->o->solver3_ctx, &g->solver3, err)) != CG_OK)
        return st;
    cg_reconstruct3_options ro = {.pick = g->o->pick};
    cg3_solution sol;
    st = cg3_solve_puzzle(g->solver3, &g->pending, &ro, &g->solve3, &sol, &g->start3, err);
    if (st != CG_OK)
        return st;
    memcpy(moves, sol.moves, (size_t)sol.n * sizeof *moves);
    *n = sol.n;
    *fits = g->start3.fits;
    return CG_OK;
}

/* The 2x2 tables in the metric in force: the quarter-turn ones once the text asked for them. */
static cg_status tables_now(client_game *g, const cg_tables **out, cg_error *err)
{
    *out = g->tables;
    if (!g->qtm || cg_tables_metric(g->tables) == CG_METRIC_QTM)
        return CG_OK;
    if (!g->tables_q && g->o->tables_qtm &&
        g->o->tables_qtm(g->o->tables_qtm_ctx, &g->tables_q, err) != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "the quarter-turn tables: ");
    if (g->tables_q)
        *out = g->tables_q;
    return CG_OK;
}

/* The limits of this round: the answer's length as written (*limit) and the solvers'. God's
 * number in the metric in force, or less where the text or the caller says so. */
static int round_limit(client_game *g, bool three, cg_metric metric)
{
    int gods = three ? (metric == CG_METRIC_QTM ? CG3_GODS_NUMBER_QTM : CG3_GODS_NUMBER)
                     : (metric == CG_METRIC_QTM ? CG_SOLUTION_MAX : CG_MAX_SOLUTION);
    if (g->o->max_answer > 0)
        return g->o->max_answer;
    int solver = three ? g->o->solve3.max_moves : g->o->solve.max_moves;
    bool caller = three ? solver != CG3_GODS_NUMBER : solver != CG_MAX_SOLUTION;
    if (g->limit > 0)
        return g->limit;
    return caller ? solver : gods;
}

static void pause_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && ts.tv_sec + ts.tv_nsec > 0)
        ;
}

/* Many moves at one prompt: a line each, then the end line. */
static cg_status send_each(client_game *g, const cg_move *moves, int n, cg_error *err)
{
    cg_move queue[3 * CG3_SOLUTION_MAX];
    size_t k = cg_dialect_expand(dialect_of(g), moves, (size_t)n, queue, sizeof queue / sizeof *queue);
    for (size_t i = 0; i < k; i++) {
        if (i && g->o->pace_ms > 0)
            pause_ms(g->o->pace_ms);
        const char *name = dialect_of(g)->name[queue[i]];
        cg_status st = cg_tube_sendline(g->t, name, strlen(name), err);
        if (st != CG_OK)
            return cg_error_prefix(st, err, "sending move %zu: ", i + 1);
    }
    if (g->o->end) {
        if (k && g->o->pace_ms > 0)
            pause_ms(g->o->pace_ms);
        return cg_tube_sendline(g->t, g->o->end, strlen(g->o->end), err);
    }
    return CG_OK;
}

/* The answer as written, read back and applied to the cube as read before anything is sent
 * (answer_check.c). */
static cg_status checked(client_game *g, bool three, const cg_solve_options *so, cg_metric metric,
                         const char *text, cg_error *err)
{
    if (three && !g->have_t3) {
        cg3_tables_init(&g->t3);
        g->have_t3 = true;
    }
    return cgi_answer_verified(&g->pending, so, &g->start3, &g->t3, dialect_of(g), metric, text,
                               err);
}

/* Seconds of silence after a partial line for it to count (quiet). */
static double quiet_of(const client_game *g)
{
    return g->o->quiet == 0 ? 0.2 : g->o->quiet < 0 ? 0 : g->o->quiet;
}

/* A prompt again after a whole answer whose first moves only the server showed applied: when it
 * then waits, it took a move of the line and wants the next one. One move a prompt from here. */
static cg_status took_some(client_game *g, cg_error *err)
{
    if (!g->each_open || g->each_seen == 0 || g->each_seen >= g->queued || g->one_move ||
        !cg_tube_idle(g->t, quiet_of(g)))
        return CG_OK;
    note(g, "round %d: the server applied %zu move%s of the answer and asks again: one move a "
         "prompt from now on", g->last_answered, g->each_seen, g->each_seen == 1 ? "" : "s");
    g->one_move = true;
    g->in_round = true;
    g->sent = g->each_seen;
    g->each_open = false;
    if (g->replay) { /* the rest of play's line was not taken: its next lines are the moves */
        g->replay->took(g->replay->ctx, g->each_seen);
        g->queued = g->sent;
    }
    return next_move(g, g->last_answered, err);
}

static cg_status replayed(client_game *g, int round, bool three, cg_error *err);

static cg_status answer(client_game *g, int64_t prompt_at, cg_error *err)
{
    int round = round_number(g);
    /* the prompt ends the cube being read (five faces, a net without D rows) */
    cg_status fst = cg_shape_reader_finish(&g->shapes, err);
    cg_puzzle p;
    while (take_cube(g, &p))
        cube_came(g, &p);
    if (fst != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", round);
    if (g->one_move && g->in_round)
        return next_move(g, g->last_answered, err); /* the round its first move answered */
    use_legend(g);
    if (!g->have_pending && g->have_shown) { /* asked about a cube at the goal after all */
        g->pending = g->shown;
        g->have_pending = true;
    }
    if (!g->have_pending && g->auto_prompt && awaiting(g))
        return took_some(g, err); /* answered already, unless the server took part of it */
    if (!g->have_pending)
        return cg_fail(err, CG_ERR_INPUT, "round %d: a prompt came without %s before it", round,
                       shape_wanted(g->o));
    cg_move moves[CG3_SOLUTION_MAX];
    int n = 0;
    unsigned long fits = 1;
    bool three = g->pending.size == 3;
    const cg_tables *tables = g->tables;
    cg_status st = toward_goal(g, &g->pending, err);
    if (g->replay)
        return st == CG_OK ? replayed(g, round, three, err) : cg_error_prefix(st, err, "round %d: ", round);
    if (st == CG_OK && !three)
        st = tables_now(g, &tables, err);
    cg_metric metric = three ? (g->qtm ? CG_METRIC_QTM : CG_METRIC_HTM) : cg_tables_metric(tables);
    if (three)
        g->solve3.metric = metric;
    int max_moves = round_limit(g, three, metric);
    if (three && g->o->max_answer <= 0 && g->o->solve3.max_moves == CG3_GODS_NUMBER)
        g->solve3.max_moves = metric == CG_METRIC_QTM ? CG3_GODS_NUMBER_QTM : CG3_GODS_NUMBER;
    if (three && g->limit > 0 && g->o->max_answer <= 0 && g->limit < g->solve3.max_moves)
        g->solve3.max_moves = g->limit; /* solved within what the server takes */
    if (!three && g->o->max_answer <= 0 && g->o->solve.max_moves == CG_MAX_SOLUTION)
        g->solve.max_moves = CG_SOLUTION_MAX; /* optimal anyway; the answer's length is checked */
    /* Nothing stated and quarter turns: a two-phase search within 26 quarter turns (God's
     * number) can take seconds, one in half turns takes milliseconds; with no limit to keep,
     * the 3x3 is solved in half turns and sent as quarter turns. */
    bool loose = three && metric == CG_METRIC_QTM && g->limit == 0 && g->o->max_answer <= 0 &&
                 g->o->solve3.max_moves == CG3_GODS_NUMBER;
    if (loose) {
        g->solve3.metric = CG_METRIC_HTM;
        g->solve3.max_moves = CG3_GODS_NUMBER;
        max_moves = 2 * CG3_GODS_NUMBER;
    }
    cg_solve_options so = g->solve;
    if (g->o->goal || g->o->goal_first)
        so.target = CG_TARGET_HOME; /* the relative cube, in face letters */
    char orient[160] = ""; /* a 2x2 of the common colours solved in any orientation */
    if (st == CG_OK)
        st = three ? solve3(g, moves, &n, &fits, err)
                   : cg_solve_puzzle_note(tables, &g->pending, &so, moves, &n, orient,
                                          sizeof orient, err);
    if (st == CG_OK && orient[0])
        note(g, "round %d: %s", round, orient);
    int64_t solved_at = cg_now_ns();
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    char text[ANSWER_TEXT_MAX];
    g->res->limit = max_moves;
    g->res->qtm = metric == CG_METRIC_QTM;
    if ((st = cg_dialect_answer(dialect_of(g), metric, max_moves, moves, (size_t)n, text,
                                sizeof text, err)) != CG_OK ||
        (st = checked(g, three, &so, metric, text, err)) != CG_OK ||
        (g->one_move && (st = start_moves(g, three, moves, n, text, err)) != CG_OK)) {
        if (st == CG_ERR_TOO_LONG && g->limit > 0 && g->o->max_answer <= 0) {
            size_t len = strlen(err->msg);
            snprintf(err->msg + len, sizeof err->msg - len, " (the limit of the server's text: "
                     "\"%s\")", g->limit_phrase);
        }
        return cg_error_prefix(st, err, "round %d: ", round);
    }
    bool each = g->o->send_each && !g->one_move;
    int64_t ready_at = cg_now_ns();
    st = each ? send_each(g, moves, n, err) : cg_tube_sendline(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending the answer: ", round);
    int64_t sent_at = cg_now_ns();
    /* a server that applies the answer a move at a time may show the cube between them */
    g->each_open = !g->one_move && !g->o->goal && !g->o->goal_first &&
                   queue_moves(g, three, moves, n, NULL) == CG_OK;
    g->each_seen = 0;
    g->have_pending = false;
    g->have_shown = false;
    cg_round_stat s = {round, three ? 3 : 2, (int)cg_moves_count(moves, (size_t)n, metric), fits,
                       us_between(prompt_at, solved_at), us_between(prompt_at, ready_at),
                       us_between(prompt_at, sent_at), us_between(g->last_answer, sent_at),
                       metric == CG_METRIC_QTM, g->settle_us};
    g->settle_us = 0;
    g->last_answer = g->progress_at = sent_at;
    g->last_answered = round;
    if (g->o->stats && g->res->rounds_answered < g->o->stats_cap)
        g->o->stats[g->res->rounds_answered] = s;
    g->res->rounds_answered++;
    if (g->o->on_round)
        g->o->on_round(g->o->on_round_ctx, &s, g->res->rounds_announced);
    return CG_OK;
}

/* Replay: the moves of the lines play recorded (its end line and lines that are no moves
 * left out), appended to the queue; the server's side is judged by replay, not here. */
static void recorded_moves(client_game *g, const char *text)
{
    size_t cap = sizeof g->queue / sizeof *g->queue;
    for (const char *line = text; *line && g->queued < cap;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line), k = 0;
        bool end = g->o->end && strlen(g->o->end) == len && memcmp(line, g->o->end, len) == 0;
        if (!end && cg_dialect_parse(dialect_of(g), line, len, g->queue + g->queued,
                                     cap - g->queued, &k, NULL) == CG_OK)
            g->queued += k;
        line += len + (nl != NULL);
    }
}

/* Replay, at a round's prompt: the answer play recorded here, sent as play sent it, becomes the
 * round's queue (the cubes shown between its moves, one move a prompt); nothing recorded here:
 * play did not answer, the cube still waits. */
static cg_status replayed(client_game *g, int round, bool three, cg_error *err)
{
    char text[ANSWER_TEXT_MAX];
    if (!g->replay->answer(g->replay->ctx, &g->pending, round, g->res->rounds_announced, text,
                           sizeof text))
        return CG_OK;
    cg_reconstruct3_options ro = {.pick = true}; /* a guess, as play's own was one */
    bool readable = three ? cg_reconstruct3(&g->pending, &ro, &g->start3, NULL) == CG_OK
                          : cg_reconstruct(&g->pending, g->o->solve.scheme, &g->start, NULL) == CG_OK;
    g->start_size = three ? 3 : 2;
    if (three && !g->have_t3) {
        cg3_tables_init(&g->t3);
        g->have_t3 = true;
    }
    g->queued = 0;
    if (readable)
        recorded_moves(g, text);
    cg_status st = cg_tube_send(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    g->sent = g->queued;
    /* a line that is no move (cut or changed in the transcript) still opens the round's moves;
     * an empty answer to a cube at the goal ends it */
    g->in_round = g->one_move && (g->queued > 0 || !cgi_puzzle_at_goal(&g->pending));
    g->each_open = !g->one_move && !g->o->goal && !g->o->goal_first && readable;
    g->each_seen = 0;
    g->have_pending = g->have_shown = false;
    g->last_answer = g->progress_at = cg_now_ns();
    g->last_answered = round;
    g->res->rounds_answered++;
    return CG_OK;
}

/* Replay, one move a prompt with the recorded moves used up: the next lines play sent in the
 * round, or, none, what play did without them (move_or_wait). */
static cg_status recorded_more(client_game *g, int round, cg_error *err)
{
    char text[ANSWER_TEXT_MAX];
    if (!g->replay->more(g->replay->ctx, text, sizeof text))
        return move_or_wait(g, round, err);
    recorded_moves(g, text);
    cg_status st = cg_tube_send(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending move %zu: ", round, g->sent + 1);
    g->sent = g->queued;
    g->have_pending = false;
    return CG_OK;
}

/* The server closed the connection: decide won or lost, and why. */
static cg_status finish(client_game *g, cg_error *err)
{
    cg_play_result *r = g->res;
    if (g->lost)
        return CG_OK;
    bool mid_round = g->have_pending || cg_shape_reader_busy(&g->shapes);
    if (!mid_round && awaiting(g) && !r->flags[0]) {
        snprintf(r->reason, sizeof r->reason, "round %d: the connection closed before the verdict",
                 g->last_answered);
        return cg_fail(err, CG_ERR_EOF, "%s", r->reason);
    }
    if (mid_round && !r->flags[0]) {
        snprintf(r->reason, sizeof r->reason, "round %d: the connection closed before the prompt",
                 round_number(g));
        prompt_hint(g, g->last_line, r->reason, sizeof r->reason);
        return cg_fail(err, CG_ERR_EOF, "%s", r->reason);
    }
    r->won = r->rounds_passed > 0 &&
             (r->rounds_announced == 0 || r->rounds_passed >= r->rounds_announced);
    if (!r->won)
        snprintf(r->reason, sizeof r->reason, "the connection closed after %d passed round%s%s",
                 r->rounds_passed, r->rounds_passed == 1 ? "" : "s",
                 r->rounds_announced ? " of the announced ones" : "");
    return CG_OK;
}

/* The game is over for a caller that takes the connection over afterwards. */
static bool over(const client_game *g)
{
    const cg_play_result *r = g->res;
    return g->lost || r->flags[0] ||
           (r->rounds_announced > 0 && r->rounds_passed >= r->rounds_announced);
}

/* A line worth quoting in a message: words, or a prompt of punctuation ("$ ", ">>> "); not a
 * row of a drawn cube ("    B O R", "+-----+"), which says nothing to the player. */
static bool worth_quoting(const char *line, size_t n)
{
    if (cg_line_has_words(line, n))
        return true;
    bool mark = false;
    for (size_t i = 0; i < n; i++) {
        if (isalnum((unsigned char)line[i]))
            return false;
        mark |= line[i] && strchr(":?>$#", line[i]);
    }
    return mark;
}

static void keep_last_line(client_game *g, const char *line, size_t n)
{
    size_t len = trimmed_len(line, n);
    if (len == 0 || !worth_quoting(line, len))
        return;
    size_t max = sizeof g->last_line - 4;
    snprintf(g->last_line, sizeof g->last_line, "%.*s%s", (int)(len > max ? max : len), line,
             len > max ? "..." : "");
    cg_text_printable(g->last_line);
    max = sizeof g->res->last_line - 4;
    snprintf(g->res->last_line, sizeof g->res->last_line, "%.*s%s", (int)(len > max ? max : len),
             line, len > max ? "..." : "");
    cg_text_printable(g->res->last_line);
}

/* A timeout, explained: nothing ever came (TLS?), or the faces came and the prompt did not. */
static void explain_timeout(client_game *g, cg_error *err)
{
    if (!err)
        return;
    const uint8_t *rest;
    size_t n;
    cg_tube_peek(g->t, &rest, &n);
    if (!g->received && n == 0 && strncmp(cg_tube_name(g->t), "tcp ", 4) == 0) {
        size_t len = strlen(err->msg);
        snprintf(err->msg + len, sizeof err->msg - len, "; nothing at all was received: the server "
                 "may speak TLS");
        return;
    }
    char tail[96];
    snprintf(tail, sizeof tail, "%.*s", (int)(n > 80 ? 80 : n), (const char *)rest);
    cg_text_printable(tail);
    if (awaiting(g) && !g->have_pending && !cg_shape_reader_busy(&g->shapes)) {
        size_t len = strlen(err->msg);
        snprintf(err->msg + len, sizeof err->msg - len, "; no verdict and no new cube came after "
                 "the answer; last text received: '%s'", n ? tail : g->last_line);
        return;
    }
    prompt_hint(g, n ? tail : g->last_line, err->msg, sizeof err->msg);
}

/* A reply or a gate sent once more with no cube read since (slot: the rule, or a gate's own):
 * past the bound the game ends, naming it and the text that kept coming. */
static cg_status repeated(client_game *g, int slot, const char *what, const char *line,
                          size_t n, cg_error *err)
{
    int max = g->o->max_replies > 0 ? g->o->max_replies : MAX_REPLIES;
    if (++g->since[slot] <= max)
        return CG_OK;
    size_t len = trimmed_len(line, n);
    return cg_fail(err, CG_ERR_PROTOCOL, "%s fired %d times with no cube read in between; the "
                   "server kept sending '%.*s' (the max-replies option sets the bound)", what,
                   max,
                   (int)(len > 80 ? 80 : len), line);
}

static cg_status reply(client_game *g, int i, const char *line, size_t n, cg_error *err)
{
    const char *send = cg_replies_send(g->o->replies, i);
    g->fired[i]++;
    char what[CG_REPLY_TEXT_MAX + 16];
    snprintf(what, sizeof what, "reply rule '%s'", cg_replies_rule(g->o->replies, i));
    if (repeated(g, i, what, line, n, err) != CG_OK)
        return CG_ERR_PROTOCOL;
    note(g, "reply rule '%s' (%s) matched '%.*s': sent '%s'", cg_replies_rule(g->o->replies, i),
         cg_phase_name(phase_of(g)), (int)trimmed_len(line, n > 80 ? 80 : n), line, send);
    cg_status st = cg_tube_sendline(g->t, send, strlen(send), err);
    return st == CG_OK ? st : cg_error_prefix(st, err, "reply rule '%s': ",
                                              cg_replies_rule(g->o->replies, i));
}

/* Opening lines (rules with an empty text): sent before anything is received. */
static cg_status openings(client_game *g, cg_error *err)
{
    for (int i = 0; i < cg_replies_count(g->o->replies); i++)
        if (cg_replies_opening(g->o->replies, i) && reply(g, i, "", 0, err) != CG_OK)
            return CG_ERR_SYSTEM;
    return CG_OK;
}

/* A cube waits for its answer: shown, or, in one-move mode, the round's moves go on. */
static bool cube_waits(const client_game *g)
{
    return g->have_pending || (g->one_move && g->in_round);
}

/* A prompt may come: a cube waits, or the server showed some moves of the answer applied. */
static bool prompt_may_come(const client_game *g)
{
    return cube_waits(g) || (g->each_open && awaiting(g) && g->each_seen > 0);
}

/* No cube waits and no answer awaits its verdict: where a gate stands. */
static bool between_cubes(const client_game *g)
{
    return !cube_waits(g) && !awaiting(g) && !cg_shape_reader_busy(&g->shapes);
}

/* The learned prompt: answered at once, no settle (a cube still being read ends there). */
static bool learned_prompt(const client_game *g, const char *line, size_t n)
{
    return g->auto_prompt && (prompt_may_come(g) || cg_shape_reader_busy(&g->shapes)) &&
           cgi_prompt_is(&g->learned, line, n);
}

/* A cube whose end only silence shows (a reader still open): what is complete, taken. */
static bool take_paused(client_game *g)
{
    if (!g->have_pending && cg_shape_reader_busy(&g->shapes) &&
        cg_shape_reader_pause(&g->shapes, NULL) == CG_OK) {
        cg_puzzle p;
        while (take_cube(g, &p))
            cube_came(g, &p);
    }
    return cube_waits(g);
}

/* A partial line the game is waiting for: the prompt (given, learned, or once a cube waits a
 * partial line that asks, or any text after which the server goes quiet), a reply rule's
 * text, or, between cubes, a quiet request to press Enter. */
static bool waiting_for(void *ctx, const char *text, size_t n, bool quiet)
{
    client_game *g = ctx;
    if (!g->partial_since)
        g->partial_since = cg_now_ns();
    if (names_prompt(g, text, n) || cg_replies_match(g->o->replies, 0, phase_of(g), text, n) >= 0 ||
        learned_prompt(g, text, n))
        return true;
    if (!g->auto_prompt)
        return false;
    if (quiet && (take_paused(g) || prompt_may_come(g)))
        return trimmed_len(text, n) > 0; /* words or punctuation: "$ ", ">>> " */
    if (prompt_may_come(g))
        return cg_line_asks(text, n);
    return quiet && between_cubes(g) && cgi_gate_asks_enter(text, n);
}

/* auto: with a cube waiting, the text after which the server goes quiet is the prompt: a
 * partial line (waiting_for took it), or a whole line followed by silence (AUTO_PROMPT_SETTLE
 * after one that asks, the quiet time after other words); the wait is the round's settle. */
static bool server_waits_after(client_game *g, const char *line, size_t n, bool partial)
{
    if (trimmed_len(line, n) == 0)
        return false;
    if (partial) {
        g->settle_us = us_between(g->partial_since, cg_now_ns());
        return prompt_may_come(g);
    }
    bool reading = !g->have_pending && cg_shape_reader_busy(&g->shapes);
    if (!prompt_may_come(g) && !(reading && cg_line_has_words(line, n)))
        return false;
    int64_t from = cg_now_ns();
    if (!cg_tube_idle(g->t, cg_line_asks(line, n) ? AUTO_PROMPT_SETTLE : quiet_of(g)))
        return false;
    g->settle_us = us_between(from, cg_now_ns());
    return take_paused(g) || prompt_may_come(g);
}

/* Between cubes, the server waits after asking for Enter: an empty line. */
static cg_status enter_gate(client_game *g, const char *line, size_t n, cg_error *err)
{
    cg_status st = repeated(g, GATE_ENTER, "the Enter gate", line, n, err);
    if (st != CG_OK)
        return st;
    note(g, "the server waits after '%.*s': sent an empty line", (int)trimmed_len(line,
         n > 80 ? 80 : n), line);
    st = cg_tube_sendline(g->t, "", 0, err);
    return st == CG_OK ? st : cg_error_prefix(st, err, "the Enter gate: ");
}

/* One line, or a partial one, classified in the order engine.h writes down: the prompt (given
 * or learned), text (cubes, verdicts, rules), a reply, then what the server's silence says. */
static cg_status one_line(client_game *g, const char *line, size_t n, bool partial, int64_t at,
                          cg_error *err)
{
    bool prompt = names_prompt(g, line, n) || learned_prompt(g, line, n);
    if (!prompt) {
        int cubes = g->cubes, passed = g->res->rounds_passed, failed = g->failed + g->lost;
        cg_status st = text_line(g, line, n, err);
        if (st != CG_OK)
            return st;
        bool yes = g->res->rounds_passed != passed && g->cubes == cubes; /* not a new cube's */
        bool said = yes || g->failed + g->lost != failed;
        if (said && g->replay)
            g->replay->verdict(g->replay->ctx, line, n, yes);
        event(g, said ? CG_EVENT_VERDICT : g->cubes != cubes ? CG_EVENT_CUBE : CG_EVENT_TEXT,
              line, n);
    }
    int i = cg_replies_match(g->o->replies, 0, phase_of(g), line, n);
    if (i >= 0) {
        event(g, CG_EVENT_REPLY, line, n);
        return reply(g, i, line, n, err);
    }
    if (!prompt && g->auto_prompt) {
        bool gate = between_cubes(g) && cgi_gate_asks_enter(line, n);
        prompt = !gate && server_waits_after(g, line, n, partial);
        if (gate && (partial || cg_tube_idle(g->t, quiet_of(g)))) {
            g->partial_since = 0;
            event(g, CG_EVENT_ENTER, line, n);
            return enter_gate(g, line, n, err);
        }
        if (prompt && !g->learned.len)
            cgi_prompt_learn(&g->learned, line, n);
        if (prompt && !partial)
            at = cg_now_ns(); /* the round's own time starts after the settle */
    }
    g->partial_since = 0;
    if (prompt)
        event(g, CG_EVENT_PROMPT, line, n);
    return prompt ? answer(g, at, err) : CG_OK;
}

/* A server that keeps talking and never shows a cube (an endless menu, a flood of text, a menu
 * that asks again after each reply) would hold the game forever, each line coming within the
 * timeout: TEXT_BUDGET timeouts after the last cube read, answer sent or gate answered, the
 * game ends. */
#define TEXT_BUDGET 10
static cg_status text_budget(client_game *g, int64_t at, const char *line, size_t n, cg_error *err)
{
    double waited = (double)(at - g->progress_at) / 1e9;
    if (g->o->timeout < 0 || waited <= TEXT_BUDGET * g->o->timeout) /* < 0: no time limit */
        return CG_OK;
    return cg_fail(err, CG_ERR_PROTOCOL, "round %d: %.0f s of text without a cube (%d times the "
                   "timeout of %g s; the server keeps talking and never shows one); last line: "
                   "'%.*s'", round_number(g), waited, TEXT_BUDGET, g->o->timeout,
                   (int)trimmed_len(line, n > 60 ? 60 : n), line);
}

static cg_status run(client_game *g, cg_error *err)
{
    for (;;) {
        if (g->o->handover && over(g)) {
            /* What the server says right after the end (the flag) still counts; then it pauses
             * and the connection goes to the caller. */
            const uint8_t *p;
            size_t n;
            double linger = g->o->linger > 0 ? g->o->linger : 0.25;
            cg_status st = cg_tube_recvline(g->t, linger, &p, &n, NULL);
            if (st == CG_OK) {
                keep_last_line(g, (const char *)p, n);
                if (text_line(g, (const char *)p, n, err) != CG_OK)
                    return CG_ERR_INPUT;
                continue;
            }
            if (st != CG_ERR_EOF) {
                cg_play_result *r = g->res;
                r->won = !g->lost && r->rounds_passed > 0 &&
                         (r->rounds_announced == 0 || r->rounds_passed >= r->rounds_announced);
                r->open = true;
                return CG_OK;
            }
        }
        const uint8_t *p;
        size_t n;
        bool partial;
        cg_status st = cg_tube_recvline_or_partial(g->t, g->o->timeout, quiet_of(g), waiting_for, g, &p,
                                                   &n, &partial, err);
        int64_t at = cg_now_ns();
        if (st == CG_ERR_EOF) {
            /* A last line without a newline (a flag printed with end="") still counts. */
            const uint8_t *rest;
            size_t rest_n;
            cg_tube_peek(g->t, &rest, &rest_n);
            char last[CG_FLAG_MAX];
            snprintf(last, sizeof last, "%.*s", (int)rest_n, (const char *)rest);
            if (rest_n && text_line(g, last, strlen(last), err) != CG_OK)
                return CG_ERR_INPUT;
            if (rest_n)
                keep_last_line(g, last, strlen(last));
            return finish(g, err);
        }
        if (st != CG_OK && (g->lost || g->res->flags[0])) /* the verdict (or the flag) is in */
            return CG_OK;
        if (st != CG_OK) {
            if (st == CG_ERR_TIMEOUT)
                explain_timeout(g, err);
            st = cg_error_prefix(st, err, "round %d: ", round_number(g));
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err ? err->msg : "receive failed");
            return st;
        }
        const char *line = (const char *)p;
        g->received = true;
        bool gate; /* a proof of work, answered: not part of the game's text */
        st = text_budget(g, at, line, n, err);
        if (st == CG_OK)
            st = cgi_play_gate(g->t, g->o, line, n, &gate, err);
        if (st == CG_OK && gate) {
            g->progress_at = cg_now_ns();
            event(g, CG_EVENT_GATE, line, n);
            st = repeated(g, GATE_POW, "the proof-of-work gate", line, n, err);
        }
        if (st == CG_OK && !gate)
            st = one_line(g, line, n, partial, at, err);
        if (st == CG_OK && g->diverged[0] && g->replay)
            g->replay->differs(g->replay->ctx, g->diverged);
        else if (st == CG_OK && g->diverged[0])
            st = cg_fail(err, CG_ERR_PROTOCOL, "%s", g->diverged);
        g->diverged[0] = g->replay ? '\0' : g->diverged[0];
        keep_last_line(g, line, n);
        if (st != CG_OK) {
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err->msg);
            return st;
        }
    }
}

/* What the game waits for now, in words. */
static void waiting_desc(const client_game *g)
{
    char *out = g->res->waiting, what[160];
    size_t size = sizeof g->res->waiting;
    prompt_desc(g, what, sizeof what);
    if (g->have_pending || cg_shape_reader_busy(&g->shapes))
        snprintf(out, size, "the prompt (%s) after the cube of round %d", what, round_number(g));
    else if (awaiting(g))
        snprintf(out, size, "the verdict on round %d, or a new cube", g->last_answered);
    else if (!g->received)
        snprintf(out, size, "the server's first words");
    else
        snprintf(out, size, "the cube of round %d", round_number(g));
}

/* A lost game names every reply rule that never matched, in its reason and message. */
static void name_unmatched(client_game *g, cg_status st, cg_error *err)
{
    for (int i = 0; i < cg_replies_count(g->o->replies); i++) {
        if (g->fired[i] || cg_replies_opening(g->o->replies, i))
            continue;
        char add[CG_REPLY_TEXT_MAX + 48];
        snprintf(add, sizeof add, "; reply rule '%s' never matched", cg_replies_rule(g->o->replies, i));
        size_t len = strlen(g->res->reason);
        snprintf(g->res->reason + len, sizeof g->res->reason - len, "%s", add);
        if (st != CG_OK) {
            len = strlen(err->msg);
            snprintf(err->msg + len, sizeof err->msg - len, "%s", add);
        }
    }
}

static cg_status compile(regex_t *re, bool *have, const char *pattern, const char *what,
                         cg_error *err)
{
    if (!pattern)
        return CG_OK;
    int rc = regcomp(re, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB);
    if (rc != 0) {
        char why[128];
        regerror(rc, re, why, sizeof why);
        return cg_fail(err, CG_ERR_INPUT, "%s '%s': %s", what, pattern, why);
    }
    *have = true;
    return CG_OK;
}

static cg_status play_game(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                           const cgi_replay_hooks *replay, cg_play_result *res, cg_error *err);

cg_status cg_play(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                  cg_play_result *res, cg_error *err)
{
    return play_game(t, tables, opt, NULL, res, err);
}

cg_status cgi_play_replay(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                          const cgi_replay_hooks *replay, cg_play_result *res, cg_error *err)
{
    return play_game(t, tables, opt, replay, res, err);
}

static cg_status play_game(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                           const cgi_replay_hooks *replay, cg_play_result *res, cg_error *err)
{
    cg_play_options defaults = cg_play_defaults();
    client_game g;
    memset(&g, 0, sizeof g);
    cg_error local; /* the reasons in res need a message even when the caller passes no err */
    if (!err)
        err = &local;
    memset(res, 0, sizeof *res);
    g.t = t;
    g.tables = tables;
    g.replay = replay;
    g.o = opt ? opt : &defaults;
    g.res = res;
    const char *prompt = g.o->prompt ? g.o->prompt : CG_PLAY_DEFAULT_PROMPT;
    g.auto_prompt = strcmp(prompt, "auto") == 0;
    g.prompt = prompt;
    g.prompt_len = trimmed_len(prompt, strlen(prompt)); /* trailing blanks don't count */
    if (g.prompt_len == 0)
        return cg_fail(err, CG_ERR_INPUT, "the prompt text is empty");
    if (g.o->pace_ms < 0 || g.o->pace_ms > 10000)
        return cg_fail(err, CG_ERR_INPUT, "pace: %d is not from 0 to 10000 ms", g.o->pace_ms);
    if (!(g.o->timeout > 0) && !(g.o->timeout < 0)) /* 0 or NaN: every receive would fail */
        return cg_fail(err, CG_ERR_INPUT, "timeout: %g is not a number of seconds above 0 (or "
                                          "negative for no limit)", g.o->timeout);
    if (cg_shape_reader_init(&g.shapes, g.o->input, g.o->order, err) != CG_OK ||
        cg_shape_reader_across(&g.shapes, g.o->across, err) != CG_OK ||
        (g.o->layout && cg_shape_reader_layout(&g.shapes, g.o->layout, err) != CG_OK))
        return cg_error_prefix(CG_ERR_INPUT, err, "input: ");
    if (g.o->one_move && (g.o->goal || g.o->goal_first))
        return cg_fail(err, CG_ERR_INPUT, "a goal other than solved does not go with one-move "
                                          "mode");
    int rc = regcomp(&g.flag_re, g.o->flag_regex, REG_EXTENDED);
    if (rc != 0) {
        char why[128];
        regerror(rc, &g.flag_re, why, sizeof why);
        return cg_fail(err, CG_ERR_INPUT, "flag regex '%s': %s", g.o->flag_regex, why);
    }
    g.dialect = cg_dialect_default();
    g.one_move = g.o->one_move;
    g.solve = g.o->solve;
    g.solve3 = g.o->solve3;
    g.qtm = cg_tables_metric(tables) == CG_METRIC_QTM || g.o->solve3.metric == CG_METRIC_QTM;
    g.last_answer = g.progress_at = cg_now_ns();
    cg_status st = compile(&g.ok_re, &g.have_ok_re, g.o->verdict_ok, "verdict-ok", err);
    if (st == CG_OK)
        st = compile(&g.fail_re, &g.have_fail_re, g.o->verdict_fail, "verdict-fail", err);
    if (st == CG_OK)
        st = openings(&g, err);
    if (st == CG_OK)
        st = run(&g, err);
    if (replay && g.have_pending && !g.in_round) /* a cube play never answered */
        replay->left(replay->ctx, &g.pending, round_number(&g), res->rounds_announced);
    if (res->flags[0]) { /* the flag is the win, whatever the verdicts looked like */
        res->rounds_passed += awaiting(&g); /* the last answer's verdict was the flag */
        res->won = true;
        res->reason[0] = '\0';
        st = CG_OK;
    }
    waiting_desc(&g);
    res->one_move = g.one_move;
    res->dialect = *dialect_of(&g);
    if (!res->won)
        name_unmatched(&g, st, err);
    if (!res->won && res->last_line[0]) /* a lost game's last line is the server's last */
        snprintf(res->flag_line, sizeof res->flag_line, "%s", res->last_line);
    regfree(&g.flag_re);
    if (g.have_ok_re)
        regfree(&g.ok_re);
    if (g.have_fail_re)
        regfree(&g.fail_re);
    return st;
}
