/* The cube of a one-move or send-each round, either size, and such a round (server.h,
 * one_move, send_each): a prompt per move and the cube shown after each, or one prompt and a
 * move a line until the end line or the solved cube. */
#include <stdio.h>
#include <string.h>

#include "game/serve/internal.h"

void cgi_live_apply(live_cube *l, cg_move m)
{
    if (l->three)
        cg3_cube_apply_face_turns(&l->s->t3, &l->c3, &m, 1);
    else
        cg_cube_apply(&l->c, m);
}

bool cgi_live_solved(const live_cube *l)
{
    if (l->three) { /* face turns never move centres: one colour a face is home */
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&l->c3, f);
        return cg3_facelets_solved(f);
    }
    return l->exact || l->s->opt.check == CG_TARGET_HOME ? cg_cube_is_home(&l->c)
                                                         : cg_cube_is_solved_any(&l->c);
}

static size_t live_after_move(const live_cube *l, int k, const char *name, char *buf, size_t size)
{
    return l->three ? cg_round3_format_after_move(&l->c3, l->hidden3, k, name, buf, size)
                    : cg_round_format_after_move(&l->c, l->hidden, k, name, buf, size);
}

static bool is_end(const cg_server *s, const char *line, long n)
{
    size_t k = (size_t)n;
    if (k && line[k - 1] == '\r')
        k--;
    return s->opt.end && strlen(s->opt.end) == k && memcmp(line, s->opt.end, k) == 0;
}

/* A round of one-move mode (server.h), either size: a prompt per move, the cube shown after
 * each; or of send-each mode: one prompt, then a move a line until the end line (or, without
 * one, the solved cube). g->out[0..len) already holds the round's text up to its first prompt. */
int cgi_serve_moves_round(server_game *g, live_cube *cube, int i, size_t len)
{
    cg_server *s = g->srv;
    cg_answer_rules rules = {s->opt.max_moves, s->opt.check, &s->dialect, s->opt.metric};
    int count = 0;
    len = cgi_serve_bare(g, len);
    for (int k = 1;; k++) {
        const char *line;
        long n = cgi_serve_exchange(g, len, i, &line);
        if (n < 0)
            return -1;
        if (s->opt.send_each && is_end(s, line, n)) {
            if (cgi_live_solved(cube))
                return count;
            cgi_serve_lose(g, 0, i, "Not solved!");
            return -1;
        }
        int m;
        cg_error e;
        cg_status st = cg_answer_one_move(line, (size_t)n, &rules, &m, &e);
        if (st != CG_OK || (m < 0 && !cgi_live_solved(cube))) {
            cgi_serve_lose(g, 0, i, st != CG_OK ? e.msg : "Not solved!");
            return -1;
        }
        if (m < 0)
            return count;
        cg_move mv = (cg_move)m;
        count += (int)cg_moves_count(&mv, 1, s->opt.metric);
        if (count > s->opt.max_moves) {
            char why[96];
            snprintf(why, sizeof why, "Too many moves (%d%s, at most %d allowed)", count,
                     s->opt.metric == CG_METRIC_QTM ? " quarter turns" : "", s->opt.max_moves);
            cgi_serve_lose(g, 0, i, why);
            return -1;
        }
        cgi_live_apply(cube, mv);
        if (cgi_live_solved(cube) && !(s->opt.send_each && s->opt.end))
            return count;
        len = s->opt.send_each ? 0 : cgi_serve_bare(g, live_after_move(cube, k, s->dialect.name[mv], g->out, g->out_cap));
    }
}
