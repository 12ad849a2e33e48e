/* The outcome of a game (won, lost, ended without a verdict), decided in one place, from the
 * events the game's phases admit: the verdict words each phase takes, the flags it takes, and
 * at the end the one decision (cgi_outcome_decide). The table is docs/playing.md's "How a game
 * ends". */
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/game.h"

/* ---- the verdicts each phase admits ---- */

/* The round an answer was sent in and no verdict came yet. */
static bool answer_awaits(const cgi_game *g) { return cgi_awaiting(g); }

/* A cube waits for its answer, or is being read: the server may give up on us ("[-] too
 * slow"), it cannot pass anything. */
static bool cube_in_play(const cgi_game *g)
{
    return cgi_cube_waits(g) || cg_shape_reader_busy(&g->shapes);
}

/* The words of a line as a verdict on an answer: the caller's patterns, else the usual words
 * (cg_verdict_of: "[+]", "[-]", "wrong", "correct", ...). */
static cg_verdict words_of(const cgi_game *g, const char *line, size_t n)
{
    if (g->have_fail_re && regexec(&g->fail_re, line, 0, NULL, 0) == 0)
        return CG_VERDICT_FAIL;
    if (g->have_ok_re && regexec(&g->ok_re, line, 0, NULL, 0) == 0)
        return CG_VERDICT_OK;
    bool marked = strstr(line, "[+]") || strstr(line, "[-]");
    if ((g->have_ok_re || g->have_fail_re) && !marked)
        return CG_VERDICT_NONE;
    return cg_verdict_of(line, n);
}

/* The verdict a line gives in the phase the game is in:
 *   - an answer awaits its verdict: a yes or a no (the yes stays open to a no until the next
 *     cube or prompt: "input OK" then "not solved" is a no);
 *   - a yes just given, nothing new since: only a no, which takes the yes back;
 *   - any other time (the banner, a cube waiting, between rounds): only "[-]" (the server gave
 *     up on us: "[-] Too slow."); "[+] Connected", "OK" in a welcome are no verdict. A no
 *     misread ends a game early, a yes misread would claim a win. */
cg_verdict cgi_verdict_admitted(const cgi_game *g, const char *line, size_t n)
{
    if (answer_awaits(g))
        return words_of(g, line, n);
    if (g->yes_open)
        return words_of(g, line, n) == CG_VERDICT_FAIL ? CG_VERDICT_FAIL : CG_VERDICT_NONE;
    return strstr(line, "[-]") ? CG_VERDICT_FAIL : CG_VERDICT_NONE;
}

/* A yes admitted: the round passes (taken back by a no before anything new comes). */
void cgi_verdict_yes(cgi_game *g, const char *line, size_t n)
{
    cgi_yes_stands(g); /* a yes before it, if any, was not taken back */
    g->res->rounds_passed++;
    g->yes_open = true;
    snprintf(g->yes_line, sizeof g->yes_line, "%.*s", (int)cgi_trimmed_len(line, n), line);
    g->in_round = false;
    g->res->flag_line[0] = '\0';
}

/* Something new came after a yes (a cube, a round counter, a prompt, the end): it stands, and
 * replay's judge hears it. */
void cgi_yes_stands(cgi_game *g)
{
    if (!g->yes_open)
        return;
    g->yes_open = false;
    if (g->replay)
        g->replay->verdict(g->replay->ctx, g->yes_line, strlen(g->yes_line), true);
}

/* A no admitted: the answer awaiting it (or the yes still open) failed, and the game is lost. */
void cgi_verdict_no(cgi_game *g, const char *line, size_t n)
{
    bool on_answer = answer_awaits(g) || g->yes_open;
    if (g->yes_open && !answer_awaits(g))
        g->res->rounds_passed--; /* "parsed OK" was not the verdict */
    g->yes_open = false;
    g->lost = true;
    g->failed += on_answer;
    g->in_round = false;
    snprintf(g->res->reason, sizeof g->res->reason, "round %d: the server said: %.*s",
             on_answer ? g->last_answered : cgi_round_number(g), (int)cgi_trimmed_len(line, n),
             line);
    if (!on_answer) /* it gave up waiting for an answer we never saw it ask for */
        cgi_prompt_hint(g, g->last_line, g->res->reason, sizeof g->res->reason);
    cg_text_printable(g->res->reason); /* the server's words, shown on a terminal */
}

/* ---- the flags each phase admits ---- */

/* A flag's shape with placeholders in its braces is the format, not a flag: flag{...},
 * CTF{xxx}, FLAG{<hex>}, flag{}, ctf{****}. */
bool cgi_flag_is_format(const char *text, size_t n)
{
    const char *open = memchr(text, '{', n);
    if (!open || n == 0 || text[n - 1] != '}')
        return false;
    const char *in = open + 1;
    size_t k = (size_t)(text + n - 1 - in);
    if (k == 0 || (in[0] == '<' && in[k - 1] == '>'))
        return true;
    for (size_t i = 0; i + 3 <= k; i++)
        if (memcmp(in + i, "...", 3) == 0 || memcmp(in + i, "\xe2\x80\xa6", 3) == 0)
            return true;
    for (size_t i = 0; i < k; i++)
        if (!strchr("xX*?.#_- ", in[i]) || in[i] == '\0')
            return false;
    return true;
}

/* Flags count from the first answer on (moves, or a text the caller's reply rule sent to the
 * server's question: a password, the cube's hidden words), until a no: what the banner shows in
 * a flag's shape is the format (or bait), and what follows a refusal is no prize. */
bool cgi_flag_admitted(const cgi_game *g, const char *text, size_t n)
{
    bool replied = g->replied || (g->replay && g->replay->replied(g->replay->ctx));
    return (g->res->rounds_answered > 0 || replied) && !g->lost && !cgi_flag_is_format(text, n);
}

/* ---- the decision ---- */

const char *cg_outcome_name(cg_outcome o)
{
    switch (o) {
    case CG_OUTCOME_WON: return "won";
    case CG_OUTCOME_LOST: return "lost";
    case CG_OUTCOME_NO_VERDICT: return "ended without a verdict";
    }
    return "?";
}

static cg_status won(cgi_game *g)
{
    cg_play_result *r = g->res;
    r->rounds_passed += answer_awaits(g) && r->flags[0]; /* the flag was the last verdict */
    r->won = true;
    r->outcome = CG_OUTCOME_WON;
    r->reason[0] = '\0';
    return CG_OK;
}

static cg_status lost(cgi_game *g, cg_status st, cg_error *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static cg_status lost(cgi_game *g, cg_status st, cg_error *err, const char *fmt, ...)
{
    cg_play_result *r = g->res;
    r->won = false;
    r->outcome = CG_OUTCOME_LOST;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->reason, sizeof r->reason, fmt, ap);
        va_end(ap);
    }
    if (st != CG_OK && err && fmt)
        cg_fail(err, st, "%s", r->reason);
    return st;
}

/* Every answer passed, every announced round passed, and no round began after the last. */
static bool all_passed(const cgi_game *g)
{
    const cg_play_result *r = g->res;
    return r->rounds_passed > 0 && !answer_awaits(g) && !cube_in_play(g) &&
           (r->rounds_announced == 0 || r->rounds_passed >= r->rounds_announced) &&
           g->current <= r->rounds_answered;
}

/* The one decision, when the game ends (how: the server closed, the connection is still open
 * and the game is over, or st says what failed). Returns the game's status: CG_OK when it ran
 * to a verdict, an error when it could not (the reason in res and err). */
cg_status cgi_outcome_decide(cgi_game *g, cgi_ending how, cg_status st, cg_error *err)
{
    cg_play_result *r = g->res;
    r->open = how == CGI_END_OPEN;
    cgi_yes_stands(g);
    if (g->lost) /* a no on an answer (or on a cube that waited too long) */
        return lost(g, CG_OK, err, NULL);
    if (r->flags[0]) /* a flag after an answer */
        return won(g);
    if (how == CGI_END_FAILED && answer_awaits(g) && st == CG_ERR_TIMEOUT) {
        r->outcome = CG_OUTCOME_NO_VERDICT; /* the server went quiet on the answer */
        return st;
    }
    if (how == CGI_END_FAILED && !(all_passed(g) && r->rounds_announced > 0)) {
        r->outcome = CG_OUTCOME_LOST;
        return st; /* the reason is the failure's, set where it failed */
    }
    if (all_passed(g))
        return won(g);
    if (how == CGI_END_OPEN) { /* over, yet a round past the announced ones began */
        r->outcome = CG_OUTCOME_NO_VERDICT;
        snprintf(r->reason, sizeof r->reason, "round %d began after the %d announced, and the "
                 "server waits after '%s'", g->current, r->rounds_announced, g->last_line);
        return CG_OK;
    }
    bool mid_round = g->have_pending || cg_shape_reader_busy(&g->shapes);
    if (answer_awaits(g))
        return lost(g, CG_ERR_EOF, err, "round %d: the connection closed before the verdict",
                    g->last_answered);
    if (mid_round) {
        lost(g, CG_ERR_EOF, NULL, "round %d: the connection closed before the prompt",
             cgi_round_number(g));
        cgi_prompt_hint(g, g->last_line, r->reason, sizeof r->reason);
        return cg_fail(err, CG_ERR_EOF, "%s", r->reason);
    }
    if (g->current > r->rounds_answered)
        return lost(g, CG_OK, err, "round %d began and the connection closed before its cube",
                    g->current);
    if (r->rounds_answered == 0)
        return lost(g, CG_OK, err, "the connection closed before any cube was answered");
    return lost(g, CG_OK, err, "the connection closed after %d passed round%s of the %d "
                "announced", r->rounds_passed, r->rounds_passed == 1 ? "" : "s",
                r->rounds_announced);
}
