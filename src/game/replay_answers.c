/* Replay's answers: at each prompt, the lines play recorded there, sent as play sent them
 * (cgi_answers in engine/game.h). The server's side is judged by replay (replay_tube.c), not
 * here: these only send, keep the round's queue of moves, and tell the judge what they saw. */
#include <stdio.h>
#include <string.h>

#include "cubegod/clock.h"
#include "cubegod/cube3.h"
#include "cubegod/puzzle.h"
#include "cubegod/solver3.h"
#include "engine/engine.h"
#include "engine/game.h"

static void recorded_moves(cgi_game *g, const char *text);

/* At a round's prompt: the answer play recorded here becomes the round's queue (the cubes shown
 * between its moves, one move a prompt); nothing recorded here: play did not answer, the cube
 * still waits. */
static cg_status recorded_round(cgi_game *g, int round, bool three, int64_t prompt_at,
                                cg_error *err)
{
    (void)prompt_at; /* replay keeps no round's timing */
    char text[CGI_ANSWER_TEXT_MAX];
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
    g->moves_may_show = !g->one_move && !g->o->goal && !g->o->goal_first && readable;
    g->moves_shown = 0;
    g->have_pending = g->have_cube_at_goal = false;
    g->last_answer = g->progress_at = cg_now_ns();
    g->last_answered = round;
    g->res->rounds_answered++;
    return CG_OK;
}

/* One move a prompt with the recorded moves used up: the next lines play sent in the round;
 * none (*sent false): the engine does what play did without them. */
static cg_status recorded_more(cgi_game *g, int round, bool *sent, cg_error *err)
{
    char text[CGI_ANSWER_TEXT_MAX];
    *sent = g->replay->more(g->replay->ctx, text, sizeof text);
    if (!*sent)
        return CG_OK;
    recorded_moves(g, text);
    cg_status st = cg_tube_send(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "round %d: sending move %zu: ", round, g->sent + 1);
    g->sent = g->queued;
    g->have_pending = false;
    return CG_OK;
}

/* The recording holds what play sent: a cube off its moves' course is the judge's to weigh. */
static cg_status recorded_off_course(cgi_game *g, const char *why, cg_error *err)
{
    (void)err;
    g->replay->differs(g->replay->ctx, why);
    return CG_OK;
}

/* The rest of play's line was not taken: its next recorded lines are the moves. */
static void recorded_took(cgi_game *g, size_t k)
{
    g->replay->took(g->replay->ctx, k);
    g->queued = g->sent;
}

/* A menu's entry: the one play chose. The engine replaying knows from the start what play learnt
 * on the way (the notation of the judge's note): it may choose otherwise, and then the game
 * would walk elsewhere than the recording. */
static void recorded_menu(cgi_game *g)
{
    char text[CGI_ANSWER_TEXT_MAX];
    if (!g->replay->choice(g->replay->ctx, text, sizeof text))
        return;
    size_t n = strcspn(text, "\r\n");
    if (n < sizeof g->menu.send)
        snprintf(g->menu.send, sizeof g->menu.send, "%.*s", (int)n, text);
}

const cgi_answers cgi_recorded_answers = {recorded_round, recorded_more, recorded_off_course,
                                          recorded_took, recorded_menu};

/* The moves of the lines play recorded (its end line and lines that are no moves left out),
 * appended to the queue. */
static void recorded_moves(cgi_game *g, const char *text)
{
    size_t cap = sizeof g->queue / sizeof *g->queue;
    for (const char *line = text; *line && g->queued < cap;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line), k = 0;
        bool end = g->o->end && strlen(g->o->end) == len && memcmp(line, g->o->end, len) == 0;
        if (!end && cg_dialect_parse(cgi_dialect_of(g), line, len, g->queue + g->queued,
                                     cap - g->queued, &k, NULL) == CG_OK)
            g->queued += k;
        line += len + (nl != NULL);
    }
}
