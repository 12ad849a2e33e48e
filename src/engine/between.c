/* The cubes a game reads: the round's goal, a cube at the goal, the next cube to answer, and
 * the cubes a server shows between the moves of one answer (checked against the moves, the same
 * round). */
#include <stdio.h>
#include <string.h>

#include "engine/game.h"

static bool shows_answer_moves(cgi_game *g, const cg_puzzle *p);
static void diverged(cgi_game *g, const cg_puzzle *p);
static bool asked_again(const cgi_game *g, const cg_puzzle *p);

/* A cube the reader finished: at the goal it is shown, not asked (no round, no answer); a new
 * cube after an answer with no verdict in between passes that round, unless it is the cube just
 * answered again. */
void cgi_cube_came(cgi_game *g, const cg_puzzle *p)
{
    g->progress_at = cg_now_ns();
    if (g->o->goal_first && !g->have_goal) { /* the round's first cube is its goal */
        g->goal = *p;
        g->have_goal = true;
        return;
    }
    g->ever_cube = true;
    cgi_yes_stands(g); /* something new came */
    g->cubes++;
    memset(g->since, 0, sizeof g->since);
    if (g->moves_may_show && cgi_awaiting(g) && shows_answer_moves(g, p))
        return; /* a cube between the moves of one answer: the same round */
    if (g->moves_may_show && cgi_awaiting(g) && g->moves_shown > 0 && g->moves_shown < g->queued) {
        diverged(g, p); /* it was showing this answer's moves, and this is none of them */
        return;
    }
    bool moving = (g->one_move && g->in_round);
    /* against a goal of the caller's, a solved cube is a cube like any other */
    bool targeted = g->o->goal || g->o->goal_first;
    if (!moving && !targeted && cgi_puzzle_at_goal(p)) {
        g->cube_at_goal = *p;
        g->have_cube_at_goal = true;
        cgi_note(g, "a cube at the goal: shown, not asked");
        return;
    }
    if (!moving && cgi_awaiting(g) && asked_again(g, p)) {
        g->retried++;
        cgi_note(g, "round %d: its cube came again after the answer, with no verdict: asked "
                    "again, not passed", g->last_answered);
    } else if (!moving && cgi_awaiting(g)) {
        g->res->rounds_passed++;
        cgi_note(g, "round %d passed: a new cube came after its answer, with no verdict",
             g->last_answered);
    }
    g->pending = *p;
    g->have_pending = true;
}

static bool shows_answer_moves(cgi_game *g, const cg_puzzle *p)
{
    char why[256];
    for (size_t k = g->moves_shown + 1; k <= g->queued; k++)
        if (!cgi_differs(g, p, k, why, sizeof why)) {
            g->moves_shown = k;
            return true;
        }
    return false;
}

/* The cube just answered, shown again as it was before the answer: the server asks for it
 * again (a refusal in words the engine does not know), not a new round. */
static bool asked_again(const cgi_game *g, const cg_puzzle *p)
{
    char why[256];
    return g->moves_may_show && g->queued > 0 && !cgi_differs(g, p, 0, why, sizeof why);
}

/* After a whole answer: a cube shown while the server applies its moves one at a time is the
 * start after some of them (it may skip showing some): part of the round when it is. */
/* The server showed the answer's first moves applied, then a cube that is the start after none
 * of them: it applied the next one differently. Said, and the game ends (run()). */
static void diverged(cgi_game *g, const cg_puzzle *p)
{
    char why[256];
    size_t k = g->moves_shown + 1;
    cgi_differs(g, p, k, why, sizeof why);
    snprintf(g->diverged, sizeof g->diverged, "round %d, move %zu (%s): %.200s", g->last_answered, k,
             cgi_dialect_of(g)->name[g->queue[k - 1]], why);
}

/* The cube p against the round's start after its first k moves, sticker for sticker (colours
 * the first view never showed are not compared), either size: true when they differ, and where
 * in why. */
bool cgi_differs(const cgi_game *g, const cg_puzzle *p, size_t k, char *why, size_t size)
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
