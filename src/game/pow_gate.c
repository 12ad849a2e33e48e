/* play --pow auto: a line that holds a proof of work is answered at once, before its prompt
 * (which may end without a newline) arrives; the server reads the answer when it asks. */
#include "game/pow_gate.h"

#include <stdio.h>
#include <string.h>

#include "cubegod/pow.h"
#include "pow/context.h"

#define DEFAULT_LIMIT 60.0 /* seconds: past that, the game's patience is likely gone */

/* Cheap first look, as every line of a game passes here: a gate has a '(' (a hash call), "s."
 * (the sloth), the word hashcash, or a hash's name ("the sha256 of 'k9' + S ..."). */
static bool may_hold_gate(const char *line, size_t n)
{
    return memchr(line, '(', n) || memmem(line, n, "s.", 2) || memmem(line, n, "ashcash", 7) ||
           memmem(line, n, "sha", 3) || memmem(line, n, "SHA", 3) || memmem(line, n, "md5", 3) ||
           memmem(line, n, "MD5", 3);
}

/* Keeps the line in seen (the most recent lines, the oldest dropped when full). */
static void remember(cgi_pow_seen *seen, const char *line, size_t n)
{
    size_t cap = sizeof seen->text;
    if (n + 1 > cap)
        line += n - (cap - 1), n = cap - 1;
    if (seen->n + n + 1 > cap) {
        size_t drop = seen->n + n + 1 - cap;
        memmove(seen->text, seen->text + drop, seen->n - drop);
        seen->n -= drop;
    }
    memcpy(seen->text + seen->n, line, n);
    seen->n += n;
    seen->text[seen->n++] = '\n';
}

cg_status cgi_play_gate(cg_tube *t, const cg_play_options *opt, cgi_pow_seen *seen,
                        const char *line, size_t n, bool *gate, cg_error *err)
{
    *gate = false;
    if (opt->pow_off)
        return CG_OK;
    if (!may_hold_gate(line, n)) {
        remember(seen, line, n);
        return CG_OK;
    }
    cg_error near;
    int found = cgi_pow_scan_in(line, n, seen->text, seen->n, &near);
    if (found != 1) { /* a gate is a gate only when it parses: the rest is the game's text */
        remember(seen, line, n);
        if (near.code != CG_OK && opt->pow_notice) {
            char text[CG_ERROR_MSG_MAX + 32];
            snprintf(text, sizeof text, "read as text: %s", near.msg);
            opt->pow_notice(opt->pow_notice_ctx, text);
        }
        return CG_OK;
    }
    cg_pow *p;
    cg_status st = cg_pow_new(&p, err);
    if (st != CG_OK)
        return st;
    cg_pow_set_limit(p, opt->pow_limit > 0 ? opt->pow_limit : DEFAULT_LIMIT);
    cg_pow_set_notice(p, opt->pow_notice, opt->pow_notice_ctx);
    cg_pow_set_stop(p, cg_tube_stop_flag_get()); /* Ctrl-C stops the search, as it stops a wait */
    char answer[CG_POW_ANSWER_MAX];
    st = cgi_pow_solve_in(p, line, n, seen->text, seen->n, answer, sizeof answer, err);
    seen->n = 0; /* the lines before this gate are not the next one's */
    if (st == CG_OK && opt->pow_notice) {
        char text[320];
        snprintf(text, sizeof text, "%s: answered in %.3f s", cg_pow_last_kind(p),
                 cg_pow_last_seconds(p));
        opt->pow_notice(opt->pow_notice_ctx, text);
    }
    cg_pow_free(p);
    if (st == CG_OK)
        st = cg_tube_sendline(t, answer, strlen(answer), err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "proof of work: ");
    *gate = true;
    return CG_OK;
}

#define SERVE_TIMEOUT 120.0

bool cgi_serve_gate(cg_tube *t, const char *kind, long difficulty, char *outcome, size_t cap)
{
    char text[1024], verdict[CG_ERROR_MSG_MAX + 32];
    cg_error e;
    const uint8_t *line;
    size_t n;
    cg_status st = cg_pow_challenge(kind, difficulty, text, sizeof text, &e);
    if (st == CG_OK)
        st = cg_tube_send(t, text, strlen(text), &e);
    if (st != CG_OK) {
        snprintf(outcome, cap, "dropped at the proof of work: %s", e.msg);
        return false;
    }
    st = cg_tube_recvline(t, SERVE_TIMEOUT, &line, &n, &e);
    if (st == CG_OK)
        st = cg_pow_check(text, strlen(text), (const char *)line, n, &e);
    if (st == CG_OK) {
        st = cg_tube_send(t, "Correct\n", 8, &e);
        if (st != CG_OK)
            snprintf(outcome, cap, "dropped at the proof of work: %s", e.msg);
        return st == CG_OK;
    }
    snprintf(verdict, sizeof verdict, "\n[-] Proof-of-work fail: %s\n",
             st == CG_ERR_TIMEOUT ? "no answer in time" : e.msg);
    cg_tube_send(t, verdict, strlen(verdict), NULL);
    snprintf(outcome, cap, "lost at the proof of work: %s", e.msg);
    return false;
}
