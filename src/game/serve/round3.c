/* The 3x3 game's rounds, as round2.c's. */
#include <stdio.h>
#include <string.h>

#include "game/serve/internal.h"

/* A 3x3 round drawn in the unseen-challenge variants (a goal, a layout, a side order): its text
 * at g->out + len, as cgi_round_text counts it; with a goal, *rel becomes the cube relative to
 * it, which the answer must bring home. */
static size_t special_round3(server_game *g, cg_rng *rng, const cg_round3 *r, int i, size_t len,
                             cg3_cube *rel)
{
    cg_server *s = g->srv;
    cg3_cube goal = s->goal_fixed ? s->goal3 : cg3_cube_random(rng);
    uint8_t gf[CG3_FACELETS], cf[CG3_FACELETS];
    cg3_cube_to_facelets(&goal, gf);
    cg3_cube_to_facelets(&r->cube, cf);
    size_t n = cgi_round_text(&s->style, i, s->opt.rounds, 3, s->opt.goal ? gf : NULL, cf,
                              r->hidden, cgi_serve_prompt(s, false), g->out + len, g->out_cap - len);
    if (s->opt.goal) {
        cg3_cube inv = cg3_cube_inverse(&goal);
        *rel = cg3_cube_mul(&inv, &r->cube);
    }
    return n;
}

/* A round of the 3x3 game. Returns the moves, or -1. */
int cgi_serve_round3(server_game *g, cg_rng *rng, int i, size_t len)
{
    cg_server *s = g->srv;
    cg_round3 r;
    cg_round3_make(&s->t3, rng, s->opt.hide < 0 ? 0 : s->opt.hide, s->opt.scramble, &r);
    if (s->opt.one_move || s->opt.send_each) {
        live_cube cube = {.s = s, .three = true, .c3 = r.cube, .hidden3 = r.hidden};
        size_t first;
        if (s->opt.send_each && cgi_round_special(&s->style, s->opt.goal != NULL)) {
            first = special_round3(g, rng, &r, i, len, &cube.c3); /* moves turn the relative cube */
        } else {
            first = s->opt.send_each
                ? cgi_round3_format(&r, i, s->opt.rounds, cgi_serve_prompt(s, false), s->opt.show,
                                    s->opt.colours, s->opt.order, g->out + len, g->out_cap - len)
                : cgi_round3_format(&r, i, s->opt.rounds, cgi_serve_prompt(s, true), CG_SHAPE_BOXES,
                                    CG_COLOURS_LETTERS, NULL, g->out + len, g->out_cap - len);
        }
        if (!cgi_serve_fit(g, &len, first, i))
            return -1;
        return cgi_serve_moves_round(g, &cube, i, len);
    }
    cg3_cube judged = r.cube; /* with a goal: the cube relative to it, solved at the goal */
    size_t more;
    if (cgi_round_special(&s->style, s->opt.goal != NULL)) {
        more = special_round3(g, rng, &r, i, len, &judged);
    } else {
        more = cgi_round3_format(&r, i, s->opt.rounds, cgi_serve_prompt(s, false), s->opt.show,
                                 s->opt.colours, s->opt.order, g->out + len, g->out_cap - len);
    }
    if (!cgi_serve_fit(g, &len, more, i))
        return -1;
    const char *line;
    long n = cgi_serve_exchange(g, cgi_serve_bare(g, len), i, &line);
    if (n < 0)
        return -1;
    int moves = 0;
    cg_error e;
    cg_answer_rules rules = {s->opt.max_moves, s->opt.check, &s->dialect, s->opt.metric};
    if (cg_answer3_check_rules(&s->t3, &judged, line, (size_t)n, &rules, &moves, &e) != CG_OK) {
        cgi_serve_lose(g, 0, i, e.msg);
        return -1;
    }
    return moves;
}
