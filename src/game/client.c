/* The game client: lines in, one optimal answer out at each prompt (see client.h). */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/client.h"
#include "cubegod/server.h"
#include "puzzle/reader.h"

#define ANSWER_TEXT_MAX 2048

typedef struct client_game {
    cg_tube *t;
    cg_dialect dialect; /* the default, when the options name none */
    const cg_tables *tables;
    const cg3_twophase *solver3; /* once the first 3x3 round asked for it */
    const cg_play_options *o;
    cg_play_result *res;
    size_t prompt_len;
    regex_t flag_re;
    cg_shape_reader shapes; /* every shape of shapes.h (opt->input) */
    cg_puzzle pending;    /* a cube that ended before the prompt */
    bool have_pending;
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
} client_game;

static double us_between(int64_t from, int64_t to) { return (double)(to - from) / 1e3; }

cg_play_options cg_play_defaults(void)
{
    cg_play_options o;
    memset(&o, 0, sizeof o);
    o.solve = cg_solve_defaults();
    o.prompt = CG_PLAY_DEFAULT_PROMPT;
    o.timeout = 10;
    o.flag_regex = CG_PLAY_DEFAULT_FLAG_REGEX;
    o.solve3 = cg3_solve_defaults();
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

static bool ends_with_prompt(const client_game *g, const char *line, size_t n)
{
    n = trimmed_len(line, n);
    return n >= g->prompt_len && memcmp(line + n - g->prompt_len, g->o->prompt, g->prompt_len) == 0;
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

/* "; 5 faces came but not the prompt ...": appended to msg (of size `size`) when faces came. */
static void prompt_hint(const client_game *g, const char *last, char *msg, size_t size)
{
    int faces = faces_unanswered(g);
    if (faces == 0)
        return;
    size_t len = strlen(msg);
    snprintf(msg + len, size - len, "; %d face%s came but not the prompt '%s'; last text "
             "received: '%s'",
             faces, faces == 1 ? "" : "s", g->o->prompt, last);
}

/* Everything that is not a prompt: boxes, round headers, verdicts, the flag. */
static cg_status text_line(client_game *g, const char *line, size_t n, cg_error *err)
{
    const char *round = strstr(line, "Round ");
    int i, total;
    if (round && cg_round_numbers(round + 6, &i, &total) == 2 && i > 0 && total >= i) {
        g->current = i;
        g->res->rounds_announced = total;
    }
    if (strstr(line, "[-]")) {
        /* The verdict is on the answer still waiting for one, if any. */
        bool awaited = g->res->rounds_answered > g->res->rounds_passed;
        g->lost = true;
        snprintf(g->res->reason, sizeof g->res->reason, "round %d: the server said: %.*s",
                 awaited ? g->last_answered : round_number(g), (int)trimmed_len(line, n), line);
        if (!awaited) /* it gave up waiting for an answer we never saw it ask for */
            prompt_hint(g, g->last_line, g->res->reason, sizeof g->res->reason);
        cg_text_printable(g->res->reason); /* the server's words, shown on a terminal */
    } else if (strstr(line, "[+]")) {
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
    note_flags(g, line);
    cg_status st = cg_shape_reader_feed(&g->shapes, line, n, err);
    while (cg_shape_reader_take(&g->shapes, &g->pending, NULL))
        g->have_pending = true;
    if (st != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", round_number(g));
    return CG_OK;
}

static const cg_dialect *dialect_of(const client_game *g)
{
    return g->o->dialect ? g->o->dialect : &g->dialect;
}

/* One-move mode: the cube the server showed after our move k must be the start cube after the
 * first k moves, sticker for sticker (colours the first view never showed are not compared).
 * Either size: the expected face of every sticker, then one comparison. */
static cg_status check_shown(client_game *g, int round, cg_error *err)
{
    const cg_puzzle *p = &g->pending;
    int n = g->start_size, per = n * n, stickers = 6 * per;
    uint8_t want[CG3_FACELETS];
    const cg_scheme *scheme;
    if (n == 3) {
        cg3_cube c = g->start3.cube;
        cg3_cube_apply_face_turns(&g->t3, &c, g->queue, g->sent);
        cg3_cube_to_facelets(&c, want);
        scheme = &g->start3.scheme;
    } else {
        cg_cube c = g->start.cube;
        cg_cube_apply_all(&c, g->queue, g->sent);
        cg_stickers st = cg_cube_to_stickers(&c);
        memcpy(want, st.s, CG_STICKERS);
        scheme = &g->start.scheme;
    }
    const char *name = dialect_of(g)->name[g->queue[g->sent - 1]];
    if (p->size != n)
        return cg_fail(err, CG_ERR_PROTOCOL,
                       "round %d, move %zu (%s): the cube shown after it is a %dx%d, the round's "
                       "was a %dx%d", round, g->sent, name, p->size, p->size, n, n);
    for (int i = 0; i < stickers; i++) {
        const char *expect = scheme->face[want[i]];
        if (p->sticker[i] == CG_UNKNOWN || strcmp(expect, "?") == 0)
            continue;
        const char *shown = p->colour[p->sticker[i]];
        if (strcmp(shown, expect) != 0)
            return cg_fail(err, CG_ERR_PROTOCOL,
                           "round %d, move %zu (%s): the cube shown after it is not the one "
                           "expected: face %c row %d column %d shows %s, expected %s%s",
                           round, g->sent, name, cg_face_letter(i / per), i % per / n + 1,
                           i % n + 1, shown, expect,
                           n == 3 && g->start3.fits > 1 ? " (the round's first view fitted "
                                                          "several cubes: the one played was "
                                                          "a guess)"
                                                        : "");
    }
    return CG_OK;
}

/* One-move mode, at a prompt within a round: check what the server showed, send the next move. */
static cg_status next_move(client_game *g, int round, cg_error *err)
{
    if (g->sent == g->queued)
        return cg_fail(err, CG_ERR_PROTOCOL,
                       "round %d: the server asks for move %zu, but the solution has %zu moves "
                       "and the cube should be solved",
                       round, g->sent + 1, g->queued);
    if (g->have_pending) {
        cg_status st = check_shown(g, round, err);
        if (st != CG_OK)
            return st;
    }
    const char *name = dialect_of(g)->name[g->queue[g->sent]];
    cg_status st = cg_tube_sendline(g->t, name, strlen(name), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending move %zu: ", round, g->sent + 1);
    g->sent++;
    g->have_pending = false;
    return CG_OK;
}

/* One-move mode, at a round's first prompt: the solution becomes a queue of single moves, and
 * the first of them (an empty line for a solved cube) is what is sent now. A 3x3's reading is
 * in g->start3 already (solve3). */
static cg_status start_moves(client_game *g, bool three, const cg_move *moves, int n, char *text,
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
    st = cg3_solve_puzzle(g->solver3, &g->pending, &ro, &g->o->solve3, &sol, &g->start3, err);
    if (st != CG_OK)
        return st;
    memcpy(moves, sol.moves, (size_t)sol.n * sizeof *moves);
    *n = sol.n;
    *fits = g->start3.fits;
    return CG_OK;
}

static cg_status answer(client_game *g, int64_t prompt_at, cg_error *err)
{
    int round = round_number(g);
    /* the prompt ends the cube being read (five faces, a net without D rows) */
    cg_status fst = cg_shape_reader_finish(&g->shapes, err);
    while (cg_shape_reader_take(&g->shapes, &g->pending, NULL))
        g->have_pending = true;
    if (fst != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", round);
    if (g->o->one_move && g->in_round)
        return next_move(g, g->last_answered, err); /* the round its first move answered */
    if (!g->have_pending)
        return cg_fail(err, CG_ERR_INPUT, "round %d: a prompt came without any Face boxes before it",
                       round);
    cg_move moves[CG3_SOLUTION_MAX];
    int n = 0;
    unsigned long fits = 1;
    bool three = g->pending.size == 3;
    cg_status st = three ? solve3(g, moves, &n, &fits, err)
                         : cg_solve_puzzle(g->tables, &g->pending, &g->o->solve, moves, &n, err);
    int64_t solved_at = cg_now_ns();
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    char text[ANSWER_TEXT_MAX];
    cg_metric metric = three ? g->o->solve3.metric : cg_tables_metric(g->tables);
    int max_moves = g->o->max_answer > 0 ? g->o->max_answer
                    : three             ? g->o->solve3.max_moves
                                        : g->o->solve.max_moves;
    if ((st = cg_dialect_answer(dialect_of(g), metric, max_moves, moves, (size_t)n, text,
                                sizeof text, err)) != CG_OK ||
        (g->o->one_move && (st = start_moves(g, three, moves, n, text, err)) != CG_OK))
        return cg_error_prefix(st, err, "round %d: ", round);
    int64_t ready_at = cg_now_ns();
    st = cg_tube_sendline(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending the answer: ", round);
    int64_t sent_at = cg_now_ns();
    g->have_pending = false;
    cg_round_stat s = {round, three ? 3 : 2, n, fits, us_between(prompt_at, solved_at),
                       us_between(prompt_at, ready_at), us_between(prompt_at, sent_at),
                       us_between(g->last_answer, sent_at)};
    g->last_answer = sent_at;
    g->last_answered = round;
    if (g->o->stats && g->res->rounds_answered < g->o->stats_cap)
        g->o->stats[g->res->rounds_answered] = s;
    g->res->rounds_answered++;
    if (g->o->on_round)
        g->o->on_round(g->o->on_round_ctx, &s, g->res->rounds_announced);
    return CG_OK;
}

/* The server closed the connection: decide won or lost, and why. */
static cg_status finish(client_game *g, cg_error *err)
{
    cg_play_result *r = g->res;
    if (g->lost)
        return CG_OK;
    bool mid_round = g->have_pending || cg_shape_reader_busy(&g->shapes);
    if (!mid_round && r->rounds_answered > r->rounds_passed) {
        snprintf(r->reason, sizeof r->reason, "round %d: the connection closed before the verdict",
                 round_number(g));
        return cg_fail(err, CG_ERR_EOF, "%s", r->reason);
    }
    if (mid_round) {
        snprintf(r->reason, sizeof r->reason, "round %d: the connection closed before the prompt",
                 round_number(g));
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

static void keep_last_line(client_game *g, const char *line, size_t n)
{
    size_t len = trimmed_len(line, n);
    if (len == 0)
        return;
    size_t max = sizeof g->last_line - 4;
    snprintf(g->last_line, sizeof g->last_line, "%.*s%s", (int)(len > max ? max : len), line,
             len > max ? "..." : "");
    cg_text_printable(g->last_line);
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
    prompt_hint(g, n ? tail : g->last_line, err->msg, sizeof err->msg);
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
        bool by_prompt;
        cg_status st = cg_tube_recvline_or_tail(g->t, g->o->prompt, g->prompt_len, g->o->timeout,
                                                &p, &n, &by_prompt, err);
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
            return finish(g, err);
        }
        if (st != CG_OK && g->lost) /* the verdict is in; a server that lingers changes nothing */
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
        st = by_prompt || ends_with_prompt(g, line, n) ? answer(g, at, err)
                                                      : text_line(g, line, n, err);
        keep_last_line(g, line, n);
        if (st != CG_OK) {
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err->msg);
            return st;
        }
    }
}

cg_status cg_play(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                  cg_play_result *res, cg_error *err)
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
    g.o = opt ? opt : &defaults;
    g.res = res;
    g.prompt_len = trimmed_len(g.o->prompt, strlen(g.o->prompt)); /* trailing blanks don't count */
    if (g.prompt_len == 0)
        return cg_fail(err, CG_ERR_INPUT, "the prompt text is empty");
    if (!(g.o->timeout > 0) && !(g.o->timeout < 0)) /* 0 or NaN: every receive would fail */
        return cg_fail(err, CG_ERR_INPUT, "timeout: %g is not a number of seconds above 0 (or "
                                          "negative for no limit)", g.o->timeout);
    if (cg_shape_reader_init(&g.shapes, g.o->input, g.o->order, err) != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "input: ");
    int rc = regcomp(&g.flag_re, g.o->flag_regex, REG_EXTENDED);
    if (rc != 0) {
        char why[128];
        regerror(rc, &g.flag_re, why, sizeof why);
        return cg_fail(err, CG_ERR_INPUT, "flag regex '%s': %s", g.o->flag_regex, why);
    }
    g.dialect = cg_dialect_default();
    g.last_answer = cg_now_ns();
    cg_status st = run(&g, err);
    regfree(&g.flag_re);
    return st;
}
