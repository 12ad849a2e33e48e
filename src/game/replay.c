/* Replaying a recorded game: turns a transcript or a terminal capture into server lines and
 * answer lines, and checks each round like the server would. */
#include "cubegod/replay.h"
#include "cubegod/shapes.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"
#include "cubegod/solver3.h"
#include "cubegod/state.h"
#include "cubegod/transcript.h"
#include "engine/engine.h"
#include "game/replay_judge.h"
#include "puzzle/reader.h"

cg_replay_options cg_replay_defaults(void)
{
    return (cg_replay_options){.check = CG_TARGET_ANY, .max_moves = CG_MAX_SOLUTION,
                               .max_moves3 = CG3_GODS_NUMBER, .prompt = "Enter your solution:"};
}

const char *cg_replay_result_name(cg_replay_result r)
{
    switch (r) {
    case CG_REPLAY_CORRECT: return "correct";
    case CG_REPLAY_INVALID: return "invalid";
    case CG_REPLAY_TOO_MANY: return "too many moves";
    case CG_REPLAY_NOT_SOLVED: return "not solved";
    case CG_REPLAY_NO_ANSWER: return "no answer";
    case CG_REPLAY_UNREADABLE: return "unreadable";
    }
    return "?";
}

/* ---- the round checker, fed server lines and answer lines ---- */

static void start_moving(struct cgi_judge *e, size_t k);

typedef struct cgi_judge {
    const cg_tables *tables;
    cg_replay_options opt;
    cg_replay_round_fn fn;
    void *ctx;
    cg_replay_summary *sum;

    cg_shape_reader shapes; /* every shape of shapes.h, recognised */
    bool have_puzzle;
    cg_puzzle puzzle;
    bool have_prev;   /* goal_first: the cube before the last one read, the round's goal */
    cg_puzzle prev;
    char box_error[CG_ERROR_MSG_MAX];
    int number, total; /* from the last round header, 0 when none */

    bool open;     /* a round is waiting for its answer or verdict */
    bool answered; /* ... and its answer was checked */
    bool have_cube;
    bool cube_unasked; /* a terminal capture: a cube read since the last prompt */
    long prompt_end;   /* where the prompt found in the line ends, or -1 */
    bool find_prompt;  /* a capture without the prompt's text: found as play finds it */
    cg_cube cube;
    bool three;     /* the open round is a 3x3: cube3 instead of cube */
    cg3_cube cube3;
    cg3_tables moves3;
    cg_replay_round cur;
    bool between; /* a round was reported and no new header came since */
    double now;   /* the time of the transcript record being read; -1 in captures */
    /* One-move games: the moves answered so far in the open round, checked at its end. */
    size_t nmoves;
    cg_move moves[CG_SERVER_MAX_MOVES + 1];
    /* Transcripts: the engine (replay_tube.c) opens rounds on the cubes it answered, toward
     * the goal already; a round with more than one line, or whose first line the server took
     * only in part, is judged move by move (moving). */
    bool driven;
    bool moving;
    bool verdict_ok; /* the verdict kept in the open round is the server's yes */
    /* The last round reported, as the summary counted it (a round asked again replaces it). */
    int last_number;
    bool last_correct, last_optimal, last_disagrees;
} engine;

static bool starts_with(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

/* Position of needle in s[0, len), or -1. */
static long find(const char *s, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; n && i + n <= len; i++)
        if (memcmp(s + i, needle, n) == 0)
            return (long)i;
    return -1;
}

static void copy_text(char *dst, size_t size, const char *s, size_t len)
{
    while (len > 0 && (s[len - 1] == '\r' || s[len - 1] == '\n'))
        len--;
    if (len >= size)
        len = size - 1;
    memcpy(dst, s, len);
    dst[len] = '\0';
    cg_text_printable(dst); /* shown on a terminal */
}

/* One-move games: the round's moves, taken together, as the server takes them move by move
 * (either size). */
/* One-move games: the open round's moves so far solve its cube. */
static bool moves_solve(const engine *e)
{
    if (e->three) {
        cg3_cube c = e->cube3;
        cg3_cube_apply_face_turns(&e->moves3, &c, e->moves, e->nmoves);
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&c, f);
        return cg3_facelets_solved(f);
    }
    cg_cube c = e->cube;
    cg_cube_apply_all(&c, e->moves, e->nmoves);
    return e->opt.check == CG_TARGET_HOME ? cg_cube_is_home(&c) : cg_cube_is_solved_any(&c);
}

static void check_moves(engine *e)
{
    cg_replay_round *r = &e->cur;
    if (!(e->opt.one_move || e->moving) || !e->answered || !e->have_cube ||
        r->result != CG_REPLAY_CORRECT)
        return;
    size_t count = cg_moves_count(e->moves, e->nmoves, e->opt.metric);
    int max = e->three ? e->opt.max_moves3 : e->opt.max_moves;
    r->moves = (int)count;
    bool solved = moves_solve(e);
    if (count > (size_t)max) {
        r->result = CG_REPLAY_TOO_MANY;
        snprintf(r->reason, sizeof r->reason, "Too many moves (%zu%s, at most %d allowed)", count,
                 e->opt.metric == CG_METRIC_QTM ? " quarter turns" : "", max);
    } else if (!solved) {
        r->result = CG_REPLAY_NOT_SOLVED;
        snprintf(r->reason, sizeof r->reason, "Not solved!");
    }
}

static void report(engine *e)
{
    if (!e->open)
        return;
    cg_replay_round *r = &e->cur;
    check_moves(e);
    if (r->result == CG_REPLAY_CORRECT && !e->answered) {
        r->result = CG_REPLAY_NO_ANSWER;
        snprintf(r->reason, sizeof r->reason, "no answer recorded");
    }
    if (r->verdict[0])
        r->disagrees = e->verdict_ok != (r->result == CG_REPLAY_CORRECT);
    cg_replay_summary *s = e->sum;
    bool correct = r->result == CG_REPLAY_CORRECT, optimal = correct && r->moves == r->optimal;
    /* the engine numbers an answer whose cube came again as that cube's round (asked again) */
    r->again = e->driven && r->number > 0 && r->number == e->last_number;
    if (r->again) {
        s->correct -= e->last_correct;
        s->optimal -= e->last_optimal;
        s->disagreements -= e->last_disagrees;
    } else {
        s->rounds++;
        s->unknown_optimum += e->three;
    }
    s->correct += correct;
    s->optimal += optimal;
    s->disagreements += r->disagrees;
    e->last_number = r->number;
    e->last_correct = correct;
    e->last_optimal = optimal;
    e->last_disagrees = r->disagrees;
    if (e->fn)
        e->fn(e->ctx, r);
    e->open = false;
    e->between = true;
    s->after[0] = '\0';
}

/* The cubes the shape readers finished: the last is the round's, the one before it its goal
 * (goal_first). */
static void take_cubes(engine *e)
{
    cg_puzzle p;
    while (cg_shape_reader_take(&e->shapes, &p, NULL)) {
        if (e->have_puzzle) {
            e->prev = e->puzzle;
            e->have_prev = true;
        }
        e->puzzle = p;
        e->have_puzzle = true;
        e->cube_unasked = true;
        e->box_error[0] = '\0';
    }
}

/* A goal: the cube shown becomes the relative cube whose home is the goal (state.h). */
static bool toward_goal(engine *e, cg_error *err)
{
    const cg_puzzle *goal = e->opt.goal_first ? (e->have_prev ? &e->prev : NULL) : e->opt.goal;
    e->have_prev = false;
    if (!goal && e->opt.goal_first) {
        cg_fail(err, CG_ERR_INPUT, "no goal came before the cube (goals shown first: each round "
                                   "shows two cubes)");
        return false;
    }
    cg_puzzle rel;
    if (goal && cg_puzzle_toward(goal, &e->puzzle, e->opt.scheme, e->opt.pick, &rel, err) != CG_OK)
        return false;
    if (goal)
        e->puzzle = rel;
    return true;
}

/* A 3x3 round: the one cube the view shows (no optimum: that would need the optimal solver). */
static void open_round3(engine *e)
{
    cg_replay_round *r = &e->cur;
    cg_reading3 reading;
    cg_error err;
    if (cg_reconstruct3(&e->puzzle, NULL, &reading, &err) != CG_OK) {
        r->result = CG_REPLAY_UNREADABLE;
        snprintf(r->reason, sizeof r->reason, "%s", err.msg);
        return;
    }
    e->cube3 = reading.cube;
    e->have_cube = true;
}

/* Rebuilds and solves the view shown before the prompt. */
static void open_round(engine *e, long line)
{
    report(e);
    cg_replay_round *r = &e->cur;
    memset(r, 0, sizeof *r);
    r->number = e->number ? e->number : e->sum->rounds + 1;
    r->total = e->total;
    r->line = line;
    r->moves = -1;
    r->optimal = -1;
    r->prompt_at = e->now;
    r->answer_at = -1;
    if (e->have_puzzle)
        r->puzzle = e->puzzle;
    e->open = true;
    e->answered = false;
    e->have_cube = false;
    e->moving = false;
    e->nmoves = 0;
    e->number = 0;

    cg_error err;
    cg_reading reading;
    if (!e->have_puzzle) {
        r->result = CG_REPLAY_UNREADABLE;
        snprintf(r->reason, sizeof r->reason, "no face boxes before the prompt%s%.200s",
                 e->box_error[0] ? ": " : "", e->box_error);
        return;
    }
    e->have_puzzle = false;
    e->three = e->puzzle.size == 3;
    if (!e->driven && !toward_goal(e, &err)) {
        r->result = CG_REPLAY_UNREADABLE;
        snprintf(r->reason, sizeof r->reason, "%s", err.msg);
        return;
    }
    if (e->three) {
        open_round3(e);
        return;
    }
    bool relative = e->opt.goal || e->opt.goal_first; /* in face letters */
    const cg_scheme *scheme = relative ? NULL : e->opt.scheme;
    if (cg_reconstruct(&e->puzzle, scheme, &reading, &err) != CG_OK) {
        r->result = CG_REPLAY_UNREADABLE;
        snprintf(r->reason, sizeof r->reason, "%s", err.msg);
        return;
    }
    e->cube = reading.cube;
    e->have_cube = true;
    cg_solve_options so = cg_solve_defaults();
    so.max_moves = CG_SOLUTION_MAX; /* God's number of the tables' metric (14 quarter turns) */
    so.target = e->opt.check == CG_TARGET_HOME ? CG_TARGET_HOME : CG_TARGET_ANY;
    so.scheme = scheme;
    cg_move best[CG_SOLUTION_MAX];
    int n = 0;
    if (cg_solve_puzzle(e->tables, &e->puzzle, &so, best, &n, &err) == CG_OK) {
        r->optimal = n;
        cg_dialect standard = cg_dialect_default();
        cg_dialect_format(e->opt.dialect ? e->opt.dialect : &standard, best, (size_t)n, r->best,
                          sizeof r->best);
    } else {
        r->result = CG_REPLAY_UNREADABLE;
        snprintf(r->reason, sizeof r->reason, "%s", err.msg);
        e->have_cube = false;
    }
}

/* One-move games: one more move of the open round (or an empty line: done). */
static void move_line(engine *e, const char *line, size_t len)
{
    cg_replay_round *r = &e->cur;
    if (e->opt.end && strlen(e->opt.end) == len && memcmp(line, e->opt.end, len) == 0)
        return; /* the line that ends the moves (play --end) */
    e->answered = true;
    size_t have = strlen(r->answer);
    if (have + 2 < sizeof r->answer) { /* the moves as typed, one space apart */
        if (have)
            r->answer[have++] = ' ';
        copy_text(r->answer + have, sizeof r->answer - have, line, len);
    }
    if (!e->have_cube || r->result != CG_REPLAY_CORRECT)
        return;
    cg_answer_rules rules = {e->opt.max_moves, e->opt.check, e->opt.dialect, e->opt.metric};
    cg_error err;
    int m;
    if (cg_answer_one_move(line, len, &rules, &m, &err) != CG_OK) {
        r->result = CG_REPLAY_INVALID;
        snprintf(r->reason, sizeof r->reason, "%s", err.msg);
    } else if (m >= 0 && e->nmoves == sizeof e->moves / sizeof *e->moves) {
        r->result = CG_REPLAY_TOO_MANY;
        snprintf(r->reason, sizeof r->reason, "more than %zu moves", e->nmoves);
    } else if (m >= 0) {
        e->moves[e->nmoves++] = (cg_move)m;
    }
}

static void answer_line(engine *e, const char *line, size_t len, long lineno)
{
    (void)lineno;
    if (e->open && e->cur.answer_at < 0)
        e->cur.answer_at = e->now;
    if (e->open && e->driven && e->answered && !e->moving)
        start_moving(e, SIZE_MAX); /* a second line: the round's moves, one a line */
    if (e->open && (e->opt.one_move || e->moving)) {
        move_line(e, line, len);
        return;
    }
    if (!e->open || e->answered)
        return; /* typed outside a round: not an answer */
    cg_replay_round *r = &e->cur;
    e->answered = true;
    copy_text(r->answer, sizeof r->answer, line, len);
    if (!e->have_cube)
        return;
    cg_error err;
    int moves = -1;
    cg_answer_rules rules = {e->three ? e->opt.max_moves3 : e->opt.max_moves, e->opt.check,
                             e->opt.dialect, e->opt.metric};
    cg_status st = e->three ? cg_answer3_check_rules(&e->moves3, &e->cube3, line, len, &rules,
                                                     &moves, &err)
                            : cg_answer_check_rules(&e->cube, line, len, &rules, &moves, &err);
    r->moves = moves;
    if (st == CG_OK)
        return;
    r->result = st == CG_ERR_LIMIT      ? CG_REPLAY_TOO_MANY
                : st == CG_ERR_PROTOCOL ? CG_REPLAY_NOT_SOLVED
                                        : CG_REPLAY_INVALID;
    snprintf(r->reason, sizeof r->reason, "%s", err.msg);
}

static bool is_verdict(const char *line, size_t len)
{
    while (len > 0 && isspace((unsigned char)*line))
        line++, len--;
    return starts_with(line, len, "[+]") || starts_with(line, len, "[-]");
}

/* The prompt's text; with none given (a terminal capture), as play finds it: after a cube,
 * a line that asks ("Your moves:", "moves?"). */
static bool is_prompt(engine *e, const char *line, size_t len)
{
    long at = find(line, len, e->opt.prompt);
    e->prompt_end = at >= 0 ? at + (long)strlen(e->opt.prompt) : -1;
    if (at >= 0)
        return true;
    if (!e->find_prompt || !e->cube_unasked || !cg_line_asks(line, len))
        return false;
    e->cube_unasked = false;
    e->prompt_end = (long)len;
    return true;
}

static void server_line(engine *e, const char *line, size_t len, long lineno)
{
    cg_error err;
    if (cg_shape_reader_feed(&e->shapes, line, len, &err) != CG_OK)
        snprintf(e->box_error, sizeof e->box_error, "line %ld: %.200s", lineno, err.msg);
    take_cubes(e);
    if (starts_with(line, len, "=== Round ")) {
        report(e);
        e->between = false;
        char head[64];
        copy_text(head, sizeof head, line + 10, len - 10);
        if (cg_round_numbers(head, &e->number, &e->total) < 1)
            e->number = e->total = 0;
        return;
    }
    if (is_prompt(e, line, len)) {
        /* One-move games: a prompt within a round that has moves asks for the next one. */
        if (!(e->opt.one_move && e->open && e->answered))
            open_round(e, lineno);
        return;
    }
    if (is_verdict(line, len) && e->open) {
        copy_text(e->cur.verdict, sizeof e->cur.verdict, line, len);
        e->verdict_ok = strstr(e->cur.verdict, "[+]") != NULL;
        report(e);
        return;
    }
    bool blank = true;
    for (size_t i = 0; i < len; i++)
        blank = blank && isspace((unsigned char)line[i]);
    if (e->between && !blank && !e->sum->after[0])
        copy_text(e->sum->after, sizeof e->sum->after, line, len);
}

/* ---- terminal captures ---- */

/* Every line is the server's, except the one right after a prompt (unless it is a verdict), and
 * text after the prompt on the prompt's own line. */
static void replay_capture(engine *e, const char *text, size_t len)
{
    bool expect = false;
    long lineno = 0;
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        const char *line = text + i;
        size_t n = end - i;
        i = end + 1;
        lineno++;
        if (expect && !is_verdict(line, n)) {
            expect = false;
            answer_line(e, line, n, lineno);
            continue;
        }
        expect = false;
        e->prompt_end = -1;
        server_line(e, line, n, lineno);
        if (e->prompt_end < 0)
            continue;
        size_t rest = (size_t)e->prompt_end;
        while (rest < n && (line[rest] == ' ' || line[rest] == '\r'))
            rest++;
        if (rest < n)
            answer_line(e, line + rest, n - rest, lineno);
        else
            expect = true;
    }
}

/* ---- rounds the engine found in a transcript (replay_judge.h) ---- */

/* The round's first line, judged whole so far, becomes its first moves: all of them, or the
 * first k the server took; the lines after it are one move each (move_line). */
static void start_moving(engine *e, size_t k)
{
    cg_replay_round *r = &e->cur;
    e->moving = true;
    e->nmoves = 0;
    if (!e->have_cube || r->result == CG_REPLAY_INVALID)
        return; /* a first line that is no moves stays what it was */
    cg_dialect standard = cg_dialect_default();
    const cg_dialect *d = e->opt.dialect ? e->opt.dialect : &standard;
    size_t n = 0;
    if (cg_dialect_parse(d, r->answer, strlen(r->answer), e->moves,
                         sizeof e->moves / sizeof *e->moves, &n, NULL) != CG_OK)
        return;
    e->nmoves = n < k ? n : k;
    r->result = CG_REPLAY_CORRECT; /* the whole line's check no longer applies */
    r->reason[0] = '\0';
    if (k < n)
        cg_dialect_format(d, e->moves, e->nmoves, r->answer, sizeof r->answer);
}

cg_status cgi_judge_new(const cg_tables *t, const cg_replay_options *opt, cg_replay_round_fn fn,
                        void *ctx, cg_replay_summary *sum, cgi_judge **out, cg_error *err)
{
    engine *e = calloc(1, sizeof *e);
    *out = NULL;
    if (!e)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    *e = (engine){.tables = t, .opt = opt ? *opt : cg_replay_defaults(), .fn = fn, .ctx = ctx,
                  .sum = sum, .now = -1};
    if (!e->opt.prompt || !e->opt.prompt[0])
        e->opt.prompt = cg_replay_defaults().prompt;
    if (e->opt.max_moves3 <= 0)
        e->opt.max_moves3 = CG3_GODS_NUMBER;
    if (e->opt.goal || e->opt.goal_first)
        e->opt.check = CG_TARGET_HOME; /* the relative cube's home is the goal */
    cg3_tables_init(&e->moves3);
    memset(sum, 0, sizeof *sum);
    if (cg_shape_reader_init(&e->shapes, e->opt.input, e->opt.order, err) != CG_OK ||
        cg_shape_reader_across(&e->shapes, e->opt.across, err) != CG_OK ||
        (e->opt.layout && cg_shape_reader_layout(&e->shapes, e->opt.layout, err) != CG_OK)) {
        free(e);
        return cg_error_prefix(CG_ERR_INPUT, err, "input: ");
    }
    *out = e;
    return CG_OK;
}

void cgi_judge_free(cgi_judge *e)
{
    if (!e)
        return;
    report(e);
    free(e);
}

void cgi_judge_cube(cgi_judge *e, const cg_puzzle *p, int number, int total, long line,
                    double at)
{
    e->driven = true;
    e->puzzle = *p;
    e->have_puzzle = true;
    e->number = number;
    e->total = total;
    e->now = at;
    open_round(e, line);
}

void cgi_judge_answer(cgi_judge *e, const char *line, size_t n, double at)
{
    e->now = at;
    answer_line(e, line, n, e->cur.line);
}

void cgi_judge_took(cgi_judge *e, size_t k)
{
    if (e->open && e->answered)
        start_moving(e, k);
}

void cgi_judge_verdict(cgi_judge *e, const char *line, size_t n, bool ok)
{
    if (!e->open)
        return;
    copy_text(e->cur.verdict, sizeof e->cur.verdict, line, n);
    e->verdict_ok = ok;
    report(e);
}

void cgi_judge_text(cgi_judge *e, const char *line, size_t n)
{
    bool blank = true;
    for (size_t i = 0; i < n; i++)
        blank = blank && isspace((unsigned char)line[i]);
    if (e->between && !blank && !e->sum->after[0])
        copy_text(e->sum->after, sizeof e->sum->after, line, n);
}

void cgi_judge_capture(cgi_judge *e, const char *text, size_t len)
{
    e->find_prompt = !e->opt.prompt_given && find(text, len, e->opt.prompt) < 0;
    replay_capture(e, text, len);
}
