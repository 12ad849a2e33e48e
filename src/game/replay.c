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

typedef struct engine {
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
    /* Transcripts without a prompt given: a round is where play answered, the first line it
     * sent after a cube; the server's last record before it is where the prompt was. */
    bool by_answers;
    double server_now;
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
    if (!e->opt.one_move || !e->answered || !e->have_cube || r->result != CG_REPLAY_CORRECT)
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
    if (r->verdict[0]) {
        bool plus = strstr(r->verdict, "[+]") != NULL;
        r->disagrees = plus != (r->result == CG_REPLAY_CORRECT);
    }
    cg_replay_summary *s = e->sum;
    s->rounds++;
    s->correct += r->result == CG_REPLAY_CORRECT;
    s->optimal += r->result == CG_REPLAY_CORRECT && r->moves == r->optimal;
    s->unknown_optimum += e->three;
    s->disagreements += r->disagrees;
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
    r->prompt_at = e->by_answers ? e->server_now : e->now;
    r->answer_at = -1;
    if (e->have_puzzle)
        r->puzzle = e->puzzle;
    e->open = true;
    e->answered = false;
    e->have_cube = false;
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
    if (!toward_goal(e, &err)) {
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

/* The prompt (or the end) ends the cube being read, as in play. */
static void finish_cube(engine *e, long lineno)
{
    cg_error err;
    if (cg_shape_reader_finish(&e->shapes, &err) != CG_OK)
        snprintf(e->box_error, sizeof e->box_error, "line %ld: %.200s", lineno, err.msg);
    take_cubes(e);
}

/* A transcript's line sent by play, without a prompt given: a cube since the last answer makes
 * it the answer of a new round, unless it is a move of a one-move round its moves have not
 * solved yet (the cube shown between moves); other lines (replies, gates) are not answers. */
static void answered_at(engine *e, long lineno)
{
    finish_cube(e, lineno);
    bool moving = e->open && e->opt.one_move && e->answered && e->have_cube && !moves_solve(e);
    if (e->have_puzzle && moving)
        e->have_puzzle = false; /* the cube after a move: the same round */
    else if (e->have_puzzle)
        open_round(e, lineno);
}

/* The end of a transcript read by answers: a cube left waiting (not one at the goal, shown
 * and not asked) is a round with no answer, as play lost it. */
static void unanswered(engine *e, long lineno)
{
    finish_cube(e, lineno);
    if (e->have_puzzle && !cgi_puzzle_at_goal(&e->puzzle) &&
        !(e->open && e->opt.one_move && e->answered && e->have_cube && !moves_solve(e)))
        open_round(e, lineno);
}

static void answer_line(engine *e, const char *line, size_t len, long lineno)
{
    if (e->by_answers)
        answered_at(e, lineno);
    if (e->open && e->cur.answer_at < 0)
        e->cur.answer_at = e->now;
    if (e->open && e->opt.one_move) {
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
    if (!e->by_answers && find(line, len, e->opt.prompt) >= 0) {
        /* One-move games: a prompt within a round that has moves asks for the next one. */
        if (!(e->opt.one_move && e->open && e->answered))
            open_round(e, lineno);
        return;
    }
    if (is_verdict(line, len) && e->open) {
        copy_text(e->cur.verdict, sizeof e->cur.verdict, line, len);
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
        server_line(e, line, n, lineno);
        long at = find(line, n, e->opt.prompt);
        if (at < 0)
            continue;
        size_t rest = (size_t)at + strlen(e->opt.prompt);
        while (rest < n && (line[rest] == ' ' || line[rest] == '\r'))
            rest++;
        if (rest < n)
            answer_line(e, line + rest, n - rest, lineno);
        else
            expect = true;
    }
}

/* ---- transcripts ---- */

typedef struct stream {
    char *buf;
    size_t len, cap;
} stream;

static cg_status stream_add(stream *s, const char *p, size_t n, cg_error *err)
{
    if (n == 0)
        return CG_OK; /* and s->buf may still be NULL */
    if (s->len + n > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (cap < s->len + n)
            cap *= 2;
        char *b = realloc(s->buf, cap);
        if (!b)
            return cg_fail(err, CG_ERR_NOMEM, "out of memory");
        s->buf = b;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, p, n);
    s->len += n;
    return CG_OK;
}

/* The server's side: the direction of the first record that shows the prompt ('<' if none). */
static char server_direction(const char *text, size_t len, const char *prompt)
{
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        if ((text[i] == '<' || text[i] == '>') && find(text + i, end - i, prompt) >= 0)
            return text[i];
        i = end + 1;
    }
    return '<';
}

static void deliver(engine *e, bool server, const char *line, size_t n, long lineno)
{
    if (server)
        server_line(e, line, n, lineno);
    else
        answer_line(e, line, n, lineno);
}

/* Adds a record's bytes to its direction and hands on every completed line. */
static cg_status take_record(engine *e, stream *s, bool server, const cg_transcript_record *rec,
                             long lineno, cg_error *err)
{
    e->now = rec->seconds;
    if (server)
        e->server_now = rec->seconds;
    for (size_t i = 0; i < rec->len;) {
        const char *nl = memchr(rec->data + i, '\n', rec->len - i);
        size_t end = nl ? (size_t)(nl - rec->data) : rec->len;
        cg_status st = stream_add(s, rec->data + i, end - i, err);
        if (st != CG_OK)
            return st;
        i = end;
        if (nl) {
            deliver(e, server, s->len ? s->buf : "", s->len, lineno);
            s->len = 0;
            i++;
        }
    }
    return CG_OK;
}

static cg_status replay_transcript(engine *e, const char *text, size_t len, cg_error *err)
{
    char server = server_direction(text, len, e->opt.prompt);
    char *copy = malloc(len + 1);
    if (!copy)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    memcpy(copy, text, len);
    stream dirs[2] = {{0}, {0}}; /* [0] server, [1] client */
    cg_status st = CG_OK;
    long lineno = 0;
    for (size_t i = 0; i < len && st == CG_OK;) {
        char *nl = memchr(copy + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - copy) : len;
        lineno++;
        cg_transcript_record rec;
        st = cg_transcript_parse_line(copy + i, end - i, &rec, err);
        if (st != CG_OK)
            st = cg_error_prefix(st, err, "line %ld: ", lineno);
        else if (rec.kind == '<' || rec.kind == '>') {
            if (e->by_answers && rec.kind != server && dirs[0].len) {
                /* the server's partial line before an answer: the prompt it waited after */
                deliver(e, true, dirs[0].buf, dirs[0].len, lineno);
                dirs[0].len = 0;
            }
            st = take_record(e, &dirs[rec.kind != server], rec.kind == server, &rec, lineno, err);
        }
        i = end + 1;
    }
    for (int d = 0; d < 2 && st == CG_OK; d++)
        if (dirs[d].len)
            deliver(e, d == 0, dirs[d].buf, dirs[d].len, lineno);
    if (st == CG_OK && e->by_answers)
        unanswered(e, lineno);
    free(dirs[0].buf);
    free(dirs[1].buf);
    free(copy);
    return st;
}

cg_status cg_replay_text(const cg_tables *t, const cg_replay_options *opt, const char *text,
                         size_t len, cg_replay_round_fn fn, void *ctx, cg_replay_summary *sum,
                         cg_error *err)
{
    engine *e = calloc(1, sizeof *e);
    if (!e)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    *e = (engine){.tables = t, .opt = opt ? *opt : cg_replay_defaults(), .fn = fn, .ctx = ctx,
                  .sum = sum, .now = -1};
    if (!e->opt.prompt || !e->opt.prompt[0])
        e->opt.prompt = cg_replay_defaults().prompt;
    e->by_answers = !e->opt.prompt_given && cg_transcript_detect(text, len);
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
    sum->transcript = cg_transcript_detect(text, len);
    cg_status st = CG_OK;
    if (sum->transcript)
        st = replay_transcript(e, text, len, err);
    else
        replay_capture(e, text, len);
    if (st == CG_OK)
        report(e);
    free(e);
    return st;
}
