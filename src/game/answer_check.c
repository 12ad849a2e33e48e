/* A cube answer checked before it leaves: the solvers write moves, the dialect writes them as
 * text, and this reads that text back with the server's answer reader (challenge.c,
 * challenge3.c: the judge of `serve`, which shares nothing with the solvers) and applies it to
 * the cube as read. A wrong answer is never sent: the game ends naming it. */
#include "game/answer_check.h"

#include <string.h>

cg_status cgi_answer_verified(const cg_puzzle *p, const cg_solve_options *so,
                              const cg_reading3 *rd3, const cg3_tables *t3, const cg_dialect *d,
                              cg_metric metric, const char *text, cg_error *err)
{
    /* the length is the dialect's and the caller's to judge; here only where the moves lead */
    cg_answer_rules rules = {CG_SERVER_LINE_MAX, CG_TARGET_ANY, d, metric};
    cg_error e;
    int moves = 0;
    cg_status st;
    if (p->size == 3) {
        st = cg_answer3_check_rules(t3, &rd3->cube, text, strlen(text), &rules, &moves, &e);
    } else {
        cg_reading rd;
        st = cg_reconstruct(p, so->scheme, &rd, &e);
        if (st == CG_OK) {
            cg_target target = so->target;
            if (target == CG_TARGET_AUTO) /* as cg_solve_puzzle resolves it */
                target = rd.scheme_known ? CG_TARGET_HOME : CG_TARGET_ANY;
            rules.check = target;
            st = cg_answer_check_rules(&rd.cube, text, strlen(text), &rules, &moves, &e);
        }
    }
    if (st == CG_OK)
        return CG_OK;
    return cg_fail(err, CG_ERR_PROTOCOL, "the answer '%.80s' was checked before sending and does "
                   "not solve the cube as read (%s); nothing was sent", text, e.msg);
}
