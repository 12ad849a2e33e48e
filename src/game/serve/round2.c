/* The 2x2 game's rounds: the whole answer on one line, or a move at a time (live.c); the
 * unseen-challenge variants drawn by round_text.c. */
#include <stdio.h>
#include <string.h>

#include "game/serve/internal.h"

/* A 2x2 round drawn in the unseen-challenge variants, as special_round3 (below) draws a 3x3. */
static size_t special_round2(server_game *g, cg_rng *rng, const cg_round *r, int i, size_t len,
                             cg_cube *rel)
{
    cg_server *s = g->srv;
    cg_cube goal = s->goal_fixed ? s->goal2 : cg_cube_random(rng);
    cg_stickers gs = cg_cube_to_stickers(&goal), cs = cg_cube_to_stickers(&r->cube);
    size_t n = cgi_round_text(&s->style, i, s->opt.rounds, 2, s->opt.goal ? gs.s : NULL, cs.s,
                              1u << r->hidden, cgi_serve_prompt(s, false), g->out + len,
                              g->out_cap - len);
    if (s->opt.goal) {
        cg_cube inv = cg_cube_inverse(&goal);
        *rel = cg_cube_mul(&inv, &r->cube);
    }
    return n;
}

/* A round of the ordinary game: the whole answer on one line. Returns the moves, or -1. */
static int answer_round(server_game *g, cg_rng *rng, const cg_round *r, int i, size_t len)
{
    cg_server *s = g->srv;
    cg_cube judged = r->cube; /* with a goal: the cube relative to it, solved at the goal */
    cg_target check = s->opt.check;
    size_t more;
    if (cgi_round_special(&s->style, s->opt.goal != NULL)) {
        more = special_round2(g, rng, r, i, len, &judged);
        if (s->opt.goal)
            check = CG_TARGET_HOME;
    } else {
        more = cgi_round_format(r, i, s->opt.rounds, cgi_serve_prompt(s, false), s->opt.show,
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
    cg_answer_rules rules = {s->opt.max_moves, check, &s->dialect, s->opt.metric};
    cg_status st = cg_answer_check_rules(&judged, line, (size_t)n, &rules, &moves, &e);
    if (st != CG_OK) {
        cgi_serve_lose(g, 0, i, e.msg);
        return -1;
    }
    return moves;
}

/* A round of the 2x2 game. Returns the moves, or -1. */
int cgi_serve_round2(server_game *g, cg_rng *rng, int i, size_t len)
{
    cg_server *s = g->srv;
    cg_round r;
    cg_round_make(rng, &r);
    if (!s->opt.one_move && !s->opt.send_each)
        return answer_round(g, rng, &r, i, len);
    live_cube cube = {.s = s, .c = r.cube, .hidden = r.hidden};
    size_t more;
    if (s->opt.send_each && cgi_round_special(&s->style, s->opt.goal != NULL)) {
        more = special_round2(g, rng, &r, i, len, &cube.c); /* moves turn the relative cube */
        cube.exact = s->opt.goal != NULL;
    } else {
        more = s->opt.send_each
                   ? cgi_round_format(&r, i, s->opt.rounds, cgi_serve_prompt(s, false), s->opt.show,
                                      s->opt.colours, s->opt.order, g->out + len,
                                      g->out_cap - len)
                   : cg_round_format_prompt(&r, i, s->opt.rounds, cgi_serve_prompt(s, true),
                                            g->out + len, g->out_cap - len);
    }
    if (!cgi_serve_fit(g, &len, more, i))
        return -1;
    return cgi_serve_moves_round(g, &cube, i, len);
}
