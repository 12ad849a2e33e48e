/* The game client: lines in, one optimal answer out at each prompt (see client.h). */
#include <ctype.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cubegod/client.h"
#include "cubegod/turn.h"
#include "cubegod/server.h"
#include "game/answer_check.h"
#include "game/pow_gate.h"
#include "cubegod/state.h"
#include "engine/engine.h"
#include "engine/game.h"
#include "puzzle/reader.h"

/* Replies and gates sent with no cube read in between before the game ends (max_replies 0) */
#define MAX_REPLIES 20
#define GATE_ENTER CG_REPLIES_MAX
#define GATE_POW (CG_REPLIES_MAX + 1)
#define GATE_MENU (CG_REPLIES_MAX + 2)



/* The cube to solve: the round's, or toward the goal (state.h). */
static cg_status toward_goal(cgi_game *g, cg_puzzle *p, cg_error *err)
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

/* One-move mode: the cube the server showed after our move k must be the start cube after the
 * first k moves. */
static cg_status check_shown(cgi_game *g, int round, cg_error *err)
{
    char why[256], what[2 * CG_ERROR_MSG_MAX]; /* cut between words by cg_fail, if at all */
    if (!cgi_differs(g, &g->pending, g->sent, why, sizeof why))
        return CG_OK;
    snprintf(what, sizeof what, "round %d, move %zu (%s): %s", round, g->sent,
             cgi_dialect_of(g)->name[g->queue[g->sent - 1]], why);
    return g->answers->off_course(g, what, err);
}

static cg_status move_or_wait(cgi_game *g, int round, cg_error *err);

/* One-move mode, at a prompt within a round: check what the server showed, send the next move. */
static cg_status next_move(cgi_game *g, int round, cg_error *err)
{
    cg_status st = g->have_pending && g->sent > 0 ? check_shown(g, round, err) : CG_OK;
    bool sent = false;
    if (st == CG_OK && g->sent == g->queued)
        st = g->answers->more(g, round, &sent, err);
    return st != CG_OK || sent ? st : move_or_wait(g, round, err);
}

/* next_move() once the cube shown is checked: the solution's next move, or, used up, the
 * verdict a loop server gives after one more prompt. */
static cg_status move_or_wait(cgi_game *g, int round, cg_error *err)
{
    if (g->sent == g->queued && g->have_pending) {
        /* a loop server that checks for solved only after it asked again: the verdict comes */
        cgi_note(g, "round %d: the solution is used up and the cube shown is at the goal: waiting "
             "for the verdict", round);
        g->have_pending = false;
        return CG_OK;
    }
    if (g->sent == g->queued)
        return cg_fail(err, CG_ERR_PROTOCOL,
                       "round %d: the server asks for move %zu, but the solution has %zu moves "
                       "and the cube should be solved",
                       round, g->sent + 1, g->queued);
    const char *name = cgi_dialect_of(g)->name[g->queue[g->sent]];
    cg_status st = cg_tube_sendline(g->t, name, strlen(name), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending move %zu: ", round, g->sent + 1);
    g->sent++;
    g->have_pending = false;
    return CG_OK;
}

/* The round's start and its solution as a queue of single moves, for the cubes the server shows
 * between them (one-move, send-each). A 3x3's reading is in g->start3 already (solve3). */
static cg_status queue_moves(cgi_game *g, bool three, const cg_move *moves, int n,
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
    g->queued = cg_dialect_expand(cgi_dialect_of(g), moves, (size_t)n, g->queue,
                                  sizeof g->queue / sizeof *g->queue);
    return CG_OK;
}

/* One-move mode, at a round's first prompt: the first move of the queue (an empty line for a
 * solved cube) is what is sent now. */
static cg_status start_moves(cgi_game *g, bool three, const cg_move *moves, int n, char *text,
                             cg_error *err)
{
    cg_status st = queue_moves(g, three, moves, n, err);
    if (st != CG_OK)
        return st;
    g->sent = g->queued ? 1 : 0;
    g->in_round = g->queued > 0;
    snprintf(text, CGI_ANSWER_TEXT_MAX, "%s", g->queued ? cgi_dialect_of(g)->name[g->queue[0]] : "");
    return CG_OK;
}

/* A 3x3 round: the solver (loaded when first needed), then the reading and the solve. */
static cg_status solve3(cgi_game *g, cg_move *moves, int *n, unsigned long *fits,
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
static cg_status tables_now(cgi_game *g, const cg_tables **out, cg_error *err)
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

/* The limit on this round's answer as written, counted in the metric in force: the caller's,
 * or the server's stated one; 0 when neither said one (no rule is assumed: the optimal
 * solution, written in the server's moves, goes as it is). */
static int round_limit(cgi_game *g, bool three)
{
    if (g->o->max_answer > 0)
        return g->o->max_answer;
    int solver = three ? g->o->solve3.max_moves : g->o->solve.max_moves;
    bool caller = three ? solver != CG3_GODS_NUMBER : solver != CG_MAX_SOLUTION;
    if (g->limit > 0)
        return g->limit;
    return caller ? solver : 0;
}

/* No limit: what the answer's queue holds. */
#define NO_LIMIT (3 * CG3_SOLUTION_MAX)

static void pause_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && ts.tv_sec + ts.tv_nsec > 0)
        ;
}

/* Many moves at one prompt: a line each, then the end line. */
static cg_status send_each(cgi_game *g, const cg_move *moves, int n, cg_error *err)
{
    cg_move queue[3 * CG3_SOLUTION_MAX];
    size_t k = cg_dialect_expand(cgi_dialect_of(g), moves, (size_t)n, queue, sizeof queue / sizeof *queue);
    for (size_t i = 0; i < k; i++) {
        if (i && g->o->pace_ms > 0)
            pause_ms(g->o->pace_ms);
        const char *name = cgi_dialect_of(g)->name[queue[i]];
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
static cg_status checked(cgi_game *g, bool three, const cg_solve_options *so, cg_metric metric,
                         const char *text, cg_error *err)
{
    if (three && !g->have_t3) {
        cg3_tables_init(&g->t3);
        g->have_t3 = true;
    }
    return cgi_answer_verified(&g->pending, so, &g->start3, &g->t3, cgi_dialect_of(g), metric, text,
                               err);
}

/* A prompt again after a whole answer whose first moves only the server showed applied: when it
 * then waits, it took a move of the line and wants the next one. One move a prompt from here. */
static cg_status took_part_of_answer(cgi_game *g, cg_error *err)
{
    if (!g->moves_may_show || g->moves_shown == 0 || g->moves_shown >= g->queued || g->one_move ||
        !cg_tube_idle(g->t, cgi_quiet_of(g)))
        return CG_OK;
    cgi_note(g, "round %d: the server applied %zu move%s of the answer and asks again: one move a "
         "prompt from now on", g->last_answered, g->moves_shown, g->moves_shown == 1 ? "" : "s");
    g->one_move = true;
    g->in_round = true;
    g->sent = g->moves_shown;
    g->moves_may_show = false;
    g->answers->took(g, g->moves_shown);
    return next_move(g, g->last_answered, err);
}

/* A prompt: the cube read before it is the round's, brought toward the goal and answered by
 * g->answers (the solvers, or replay's recording); within a round, one move a prompt, the next. */
static cg_status answer(cgi_game *g, int64_t prompt_at, cg_error *err)
{
    int round = cgi_round_number(g);
    /* the prompt ends the cube being read (five faces, a net without D rows) */
    cg_status fst = cg_shape_reader_finish(&g->shapes, err);
    cg_puzzle p;
    while (cgi_take_cube(g, &p))
        cgi_cube_came(g, &p);
    if (fst != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", round);
    cgi_yes_stands(g); /* asked again */
    g->text_len = 0; /* the text kept for hints is the round's */
    if (g->one_move && g->in_round)
        return next_move(g, g->last_answered, err); /* the round its first move answered */
    cgi_use_legend(g);
    if (!g->have_pending && g->have_cube_at_goal) { /* asked about a cube at the goal after all */
        g->pending = g->cube_at_goal;
        g->have_pending = true;
    }
    if (!g->have_pending && g->auto_prompt && cgi_awaiting(g))
        return took_part_of_answer(g, err); /* answered already, unless the server took part of it */
    if (!g->have_pending)
        return cg_fail(err, CG_ERR_INPUT, "round %d: a prompt came without %s before it", round,
                       cgi_shape_wanted(g->o));
    cg_status st = toward_goal(g, &g->pending, err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    return g->answers->round(g, round, g->pending.size == 3, prompt_at, err);
}

/* Play's answer to the round: solved in the server's metric within its stated limit, written in
 * its notation, checked, and sent (whole, a move a line, or its first move). */
static cg_status solved_round(cgi_game *g, int round, bool three, int64_t prompt_at,
                              cg_error *err)
{
    cg_move moves[CG3_SOLUTION_MAX];
    int n = 0;
    unsigned long fits = 1;
    const cg_tables *tables = g->tables;
    cg_status st = three ? CG_OK : tables_now(g, &tables, err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    cg_metric metric = three ? (g->qtm ? CG_METRIC_QTM : CG_METRIC_HTM) : cg_tables_metric(tables);
    if (three)
        g->solve3.metric = metric;
    int limit = round_limit(g, three), max_moves = limit > 0 ? limit : NO_LIMIT;
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
    }
    cg_solve_options so = g->solve;
    if (g->o->goal || g->o->goal_first)
        so.target = CG_TARGET_HOME; /* the relative cube, in face letters */
    char orient[160] = ""; /* a 2x2 of the common colours solved in any orientation */
    st = three ? solve3(g, moves, &n, &fits, err)
               : cg_solve_puzzle_note(tables, &g->pending, &so, moves, &n, orient,
                                      sizeof orient, err);
    if (st == CG_OK && orient[0])
        cgi_note(g, "round %d: %s", round, orient);
    int64_t solved_at = cg_now_ns();
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: ", round);
    char text[CGI_ANSWER_TEXT_MAX];
    g->res->limit = limit;
    g->res->qtm = metric == CG_METRIC_QTM;
    if ((st = cg_dialect_answer(cgi_dialect_of(g), metric, max_moves, moves, (size_t)n, text,
                                sizeof text, err)) != CG_OK ||
        (st = checked(g, three, &so, metric, text, err)) != CG_OK ||
        (g->one_move && (st = start_moves(g, three, moves, n, text, err)) != CG_OK)) {
        if (st == CG_ERR_TOO_LONG && g->limit > 0 && g->o->max_answer <= 0) {
            cgi_append(err->msg, sizeof err->msg, " (the limit of the server's text: "
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
    g->moves_may_show = !g->one_move && !g->o->goal && !g->o->goal_first &&
                   queue_moves(g, three, moves, n, NULL) == CG_OK;
    g->moves_shown = 0;
    g->have_pending = false;
    g->have_cube_at_goal = false;
    cg_round_stat s = {round, three ? 3 : 2, (int)cg_moves_count(moves, (size_t)n, metric), fits,
                       cgi_us_between(prompt_at, solved_at), cgi_us_between(prompt_at, ready_at),
                       cgi_us_between(prompt_at, sent_at), cgi_us_between(g->last_answer, sent_at),
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

/* Play's answers have no recording: nothing more to send, a cube off the moves' course ends the
 * game, and the moves the server did not take are the queue's next ones already. */
static cg_status nothing_more(cgi_game *g, int round, bool *sent, cg_error *err)
{
    (void)g, (void)round, (void)err;
    *sent = false;
    return CG_OK;
}

static cg_status off_course(cgi_game *g, const char *why, cg_error *err)
{
    (void)g;
    return cg_fail(err, CG_ERR_PROTOCOL, "%s", why);
}

static void took_noted(cgi_game *g, size_t k) { (void)g, (void)k; }

static void chosen_here(cgi_game *g) { (void)g; }

static const cgi_answers solved_answers = {solved_round, nothing_more, off_course, took_noted,
                                           chosen_here};

static bool over(const cgi_game *g) { return cgi_game_over(g); }

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

static void keep_last_line(cgi_game *g, const char *line, size_t n)
{
    size_t len = cgi_trimmed_len(line, n);
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
static void explain_timeout(cgi_game *g, cg_error *err)
{
    if (!err)
        return;
    const uint8_t *rest;
    size_t n;
    cg_tube_peek(g->t, &rest, &n);
    if (!g->received && n == 0 && strncmp(cg_tube_name(g->t), "tcp ", 4) == 0) {
        cgi_append(err->msg, sizeof err->msg, "; nothing at all was received: the server "
                 "may speak TLS");
        return;
    }
    char tail[96];
    snprintf(tail, sizeof tail, "%.*s", (int)(n > 80 ? 80 : n), (const char *)rest);
    cg_text_printable(tail);
    if (cgi_awaiting(g) && !g->have_pending && !cg_shape_reader_busy(&g->shapes)) {
        cgi_append(err->msg, sizeof err->msg, "; no verdict and no new cube came after "
                 "the answer; last text received: '%s'", n ? tail : g->last_line);
        return;
    }
    cgi_prompt_hint(g, n ? tail : g->last_line, err->msg, sizeof err->msg);
}

/* A reply or a gate sent once more with no cube read since (slot: the rule, or a gate's own):
 * past the bound the game ends, naming it and the text that kept coming. */
static cg_status repeated(cgi_game *g, int slot, const char *what, const char *line,
                          size_t n, cg_error *err)
{
    int max = g->o->max_replies > 0 ? g->o->max_replies : MAX_REPLIES;
    if (++g->since[slot] <= max)
        return CG_OK;
    size_t len = cgi_trimmed_len(line, n);
    return cg_fail(err, CG_ERR_PROTOCOL, "%s fired %d times with no cube read in between; the "
                   "server kept sending '%.*s' (the max-replies option sets the bound)", what,
                   max,
                   (int)(len > 80 ? 80 : len), line);
}

static cg_status reply(cgi_game *g, int i, const char *line, size_t n, cg_error *err)
{
    const char *send = cg_replies_send(g->o->replies, i);
    g->fired[i]++;
    g->menu.fresh = false; /* the caller's rule answered the menu shown */
    char what[CG_REPLY_TEXT_MAX + 16];
    snprintf(what, sizeof what, "reply rule '%s'", cg_replies_rule(g->o->replies, i));
    if (repeated(g, i, what, line, n, err) != CG_OK)
        return CG_ERR_PROTOCOL;
    cgi_note(g, "reply rule '%s' (%s) matched '%.*s': sent '%s'", cg_replies_rule(g->o->replies, i),
         cg_phase_name(cgi_phase_of(g)), (int)cgi_trimmed_len(line, n > 80 ? 80 : n), line, send);
    g->replied |= send[0] != '\0'; /* the caller's answer to the server's question */
    cg_status st = cg_tube_sendline(g->t, send, strlen(send), err);
    return st == CG_OK ? st : cg_error_prefix(st, err, "reply rule '%s': ",
                                              cg_replies_rule(g->o->replies, i));
}

/* A menu's question: the entry the engine chose (classify.c) is sent. */
static cg_status menu_choice(cgi_game *g, const char *line, size_t n, cg_error *err)
{
    cg_status st = repeated(g, GATE_MENU, "the menu's choice", line, n, err);
    if (st != CG_OK)
        return st;
    g->answers->menu(g);
    cgi_note(g, "the server's menu asks '%.*s': chose '%s' (%s)",
             (int)cgi_trimmed_len(line, n > 80 ? 80 : n), line, g->menu.send, g->menu.why);
    st = cg_tube_sendline(g->t, g->menu.send, strlen(g->menu.send), err);
    return st == CG_OK ? st : cg_error_prefix(st, err, "the menu's choice: ");
}

/* Opening lines (rules with an empty text): sent before anything is received. */
static cg_status openings(cgi_game *g, cg_error *err)
{
    for (int i = 0; i < cg_replies_count(g->o->replies); i++)
        if (cg_replies_opening(g->o->replies, i) && reply(g, i, "", 0, err) != CG_OK)
            return CG_ERR_SYSTEM;
    return CG_OK;
}

/* Between cubes, the server waits after asking for Enter: an empty line. */
static cg_status enter_gate(cgi_game *g, const char *line, size_t n, cg_error *err)
{
    cg_status st = repeated(g, GATE_ENTER, "the Enter gate", line, n, err);
    if (st != CG_OK)
        return st;
    cgi_note(g, "the server waits after '%.*s': sent an empty line", (int)cgi_trimmed_len(line,
         n > 80 ? 80 : n), line);
    st = cg_tube_sendline(g->t, "", 0, err);
    return st == CG_OK ? st : cg_error_prefix(st, err, "the Enter gate: ");
}

/* One line, or a partial one: classified by the engine (classify.c, in engine.h's order), then
 * acted on: an answer, a reply rule's line, an empty line for an Enter gate. */
static cg_status one_line(cgi_game *g, const char *line, size_t n, bool partial, int64_t at,
                          cg_error *err)
{
    cg_event kind;
    int rule = -1;
    bool settled = false;
    cg_status st = cgi_classify(g, line, n, partial, &kind, &rule, &settled, err);
    if (st != CG_OK)
        return st;
    if (g->asked_other[0] && !(g->replay && g->replay->replied(g->replay->ctx))) {
        size_t all = strlen(g->asked_other), k = cgi_cut_words(g->asked_other, all, 36);
        char turn[200];
        if (cgi_turn_text(g, turn, sizeof turn))
            return cg_fail(err, CG_ERR_PROTOCOL, "round %d: a cube came, then '%.*s%s' and the "
                           "server waits: it never asked for moves; it showed %s: cubegod turn "
                           "applies them to the drawing or takes them back",
                           cgi_round_number(g), (int)k, g->asked_other, k < all ? CGI_CUT : "",
                           turn);
        /* the whole sentence fits a message (CG_ERROR_MSG_MAX) with both quotes at the bound */
        return cg_fail(err, CG_ERR_PROTOCOL, "round %d: a cube came, then '%.*s%s' and the "
                       "server waits: it never asked for moves (the cube may be data for another "
                       "task: cubegod solve, turn; a reply rule '%.*s=TEXT' answers it)",
                       cgi_round_number(g), (int)k, g->asked_other, k < all ? CGI_CUT : "",
                       (int)k, g->asked_other);
    }
    switch (kind) {
    case CG_EVENT_REPLY:
        return rule == CGI_MENU_RULE ? menu_choice(g, line, n, err) : reply(g, rule, line, n, err);
    case CG_EVENT_ENTER: return enter_gate(g, line, n, err);
    case CG_EVENT_PROMPT: /* found by a settle: the round's own time starts after it */
        return answer(g, settled ? cg_now_ns() : at, err);
    default: return CG_OK;
    }
}

/* A server that keeps talking and never shows a cube (an endless menu, a flood of text, a menu
 * that asks again after each reply) would hold the game forever, each line coming within the
 * timeout: TEXT_BUDGET timeouts after the last cube read, answer sent or gate answered, the
 * game ends. */
#define TEXT_BUDGET 10
static cg_status text_budget(cgi_game *g, int64_t at, const char *line, size_t n, cg_error *err)
{
    double waited = (double)(at - g->progress_at) / 1e9;
    if (g->o->timeout < 0 || waited <= TEXT_BUDGET * g->o->timeout) /* < 0: no time limit */
        return CG_OK;
    return cg_fail(err, CG_ERR_PROTOCOL, "round %d: %.0f s of text without a cube (%d times the "
                   "timeout of %g s; the server keeps talking and never shows one); last line: "
                   "'%.*s'", cgi_round_number(g), waited, TEXT_BUDGET, g->o->timeout,
                   (int)cgi_trimmed_len(line, n > 60 ? 60 : n), line);
}

/* After the end (every round passed, or a no) the server's lines are its last words: one the
 * readers cannot take (a stray box, a cube that asks nothing) is noted and passed over, as a
 * player at nc would, for the flag may come after it. Other failures (a send) still count. */
static cg_status past_the_end(cgi_game *g, cg_status st, const cg_error *err)
{
    if ((st != CG_ERR_INPUT && st != CG_ERR_PROTOCOL) || !over(g))
        return st;
    cgi_note(g, "after the end, a line not read: %s", err ? err->msg : "?");
    return CG_OK;
}

/* A server that never pauses after the end (a line every 0.1 s) would hold a handover for
 * ever: the lingering lasts at most the receive timeout (10 s when there is none). */
static bool lingered_enough(const cgi_game *g)
{
    double most = g->o->timeout > 0 ? g->o->timeout : 10.0;
    return (double)(cg_now_ns() - g->over_at) / 1e9 >= most;
}

/* What the handover's lingering found: a line (read, linger again), the close, or the pause
 * (or talk past the lingering's bound) after which the connection goes to the caller. */
typedef enum lingered { LINGER_LINE, LINGER_CLOSE, LINGER_OPEN } lingered;

/* The handover's last lines: what the server says right after the end (the flag) still
 * counts (*next says what came). */
static cg_status linger_after(cgi_game *g, lingered *next, cg_error *err)
{
    const uint8_t *p;
    size_t n;
    double linger = g->o->linger > 0 ? g->o->linger : 0.25;
    if (!g->over_at)
        g->over_at = cg_now_ns();
    cg_status st = cg_tube_recvline(g->t, linger, &p, &n, NULL);
    *next = st == CG_ERR_EOF ? LINGER_CLOSE : st != CG_OK ? LINGER_OPEN : LINGER_LINE;
    if (st != CG_OK)
        return CG_OK;
    keep_last_line(g, (const char *)p, n);
    st = past_the_end(g, cgi_text_line(g, (const char *)p, n, err), err);
    if (st != CG_OK)
        return CG_ERR_INPUT;
    if (lingered_enough(g))
        *next = LINGER_OPEN;
    return CG_OK;
}

/* The server closed: a last line without a newline (a flag printed with end="") still counts,
 * whole (a flag after the first 511 bytes of it was lost). */
static cg_status last_words(cgi_game *g, cg_error *err)
{
    const uint8_t *rest;
    size_t rest_n;
    cg_tube_peek(g->t, &rest, &rest_n);
    if (!rest_n)
        return CG_OK;
    char *last = malloc(rest_n + 1);
    if (!last)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for the last %zu bytes", rest_n);
    memcpy(last, rest, rest_n);
    last[rest_n] = '\0';
    cg_status st = past_the_end(g, cgi_text_line(g, last, strlen(last), err), err);
    if (st == CG_OK)
        keep_last_line(g, last, strlen(last));
    free(last);
    return st != CG_OK ? CG_ERR_INPUT : CG_OK;
}

/* The receive loop, until the game ends (*how): the server closed, the game is over with the
 * connection open, or a failure (the status returned, its reason in res). */
static cg_status run(cgi_game *g, cgi_ending *how, cg_error *err)
{
    *how = CGI_END_FAILED;
    cgi_pow_seen seen = {.n = 0}; /* the lines before a gate: its sentence's names */
    for (;;) {
        lingered next = LINGER_CLOSE;
        cg_status st = g->o->handover && over(g) ? linger_after(g, &next, err) : CG_OK;
        if (st != CG_OK)
            return st;
        if (g->o->handover && over(g) && next == LINGER_OPEN) {
            *how = CGI_END_OPEN;
            return CG_OK;
        }
        if (g->o->handover && over(g) && next == LINGER_LINE)
            continue;
        const uint8_t *p;
        size_t n;
        bool partial;
        st = cg_tube_recvline_or_partial(g->t, g->o->timeout, cgi_quiet_of(g), cgi_waiting_for, g,
                                         &p, &n, &partial, err);
        int64_t at = cg_now_ns();
        if (st == CG_ERR_EOF) {
            *how = CGI_END_CLOSED;
            return last_words(g, err);
        }
        if (st != CG_OK) {
            if (st == CG_ERR_TIMEOUT)
                explain_timeout(g, err);
            st = cg_error_prefix(st, err, "round %d: ", cgi_round_number(g));
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err ? err->msg : "receive failed");
            return st;
        }
        const char *line = (const char *)p;
        g->received = true;
        bool gate; /* a proof of work, answered: not part of the game's text */
        st = text_budget(g, at, line, n, err);
        if (st == CG_OK)
            st = cgi_play_gate(g->t, g->o, &seen, line, n, &gate, err);
        if (st == CG_OK && gate) {
            g->progress_at = cg_now_ns();
            cgi_event(g, CG_EVENT_GATE, line, n);
            st = repeated(g, GATE_POW, "the proof-of-work gate", line, n, err);
        }
        if (st == CG_OK && !gate)
            st = past_the_end(g, one_line(g, line, n, partial, at, err), err);
        if (st == CG_OK && g->diverged[0])
            st = g->answers->off_course(g, g->diverged, err);
        g->diverged[0] = '\0';
        keep_last_line(g, line, n);
        if (st != CG_OK) {
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err->msg);
            return st;
        }
        if (partial && over(g) && !g->lost && cg_line_asks(line, n)) {
            *how = CGI_END_OPEN; /* the rounds are done and the server asks a question of its own */
            return CG_OK;
        }
    }
}

/* What the game waits for now, in words. */
static void waiting_desc(const cgi_game *g)
{
    char *out = g->res->waiting, what[160];
    size_t size = sizeof g->res->waiting;
    cgi_prompt_desc(g, what, sizeof what);
    if (g->have_pending || cg_shape_reader_busy(&g->shapes))
        snprintf(out, size, "the prompt (%s) after the cube of round %d", what, cgi_round_number(g));
    else if (cgi_awaiting(g))
        snprintf(out, size, "the verdict on round %d, or a new cube", g->last_answered);
    else if (!g->received)
        snprintf(out, size, "the server's first words");
    else
        snprintf(out, size, "the cube of round %d", cgi_round_number(g));
}

/* A lost game names every reply rule that never matched, in its reason and message. */
static void name_unmatched(cgi_game *g, cg_status st, cg_error *err)
{
    for (int i = 0; i < cg_replies_count(g->o->replies); i++) {
        if (g->fired[i] || cg_replies_opening(g->o->replies, i))
            continue;
        char add[CG_REPLY_TEXT_MAX + 48];
        snprintf(add, sizeof add, "; reply rule '%s' never matched", cg_replies_rule(g->o->replies, i));
        cgi_append(g->res->reason, sizeof g->res->reason, "%s", add);
        if (st != CG_OK)
            cgi_append(err->msg, sizeof err->msg, "%s", add);
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
    cgi_game g;
    memset(&g, 0, sizeof g);
    cg_error local; /* the reasons in res need a message even when the caller passes no err */
    if (!err)
        err = &local;
    memset(res, 0, sizeof *res);
    g.t = t;
    g.tables = tables;
    g.replay = replay;
    g.answers = replay ? &cgi_recorded_answers : &solved_answers;
    g.o = opt ? opt : &defaults;
    g.res = res;
    const char *prompt = g.o->prompt ? g.o->prompt : CG_PLAY_DEFAULT_PROMPT;
    g.auto_prompt = strcmp(prompt, "auto") == 0;
    g.prompt = prompt;
    g.prompt_len = cgi_trimmed_len(prompt, strlen(prompt)); /* trailing blanks don't count */
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
    cgi_ending how = CGI_END_FAILED;
    if (st == CG_OK)
        st = run(&g, &how, err);
    /* a cube play never answered, unless play's reply to the server's question after it (a
     * password, its hidden words) took the answer's place */
    if (replay && g.have_pending && !g.in_round &&
        !(g.asked_other[0] && replay->replied(replay->ctx)))
        replay->left(replay->ctx, &g.pending, cgi_round_number(&g), res->rounds_announced);
    if (st == CG_OK || how == CGI_END_FAILED)
        st = cgi_outcome_decide(&g, how, st, err);
    waiting_desc(&g);
    res->one_move = g.one_move;
    res->dialect = *cgi_dialect_of(&g);
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
