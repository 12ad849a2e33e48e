/* The game client: lines in, one optimal answer out at each prompt (see client.h). */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/client.h"
#include "cubegod/server.h"

typedef struct game {
    cg_tube *t;
    const cg_tables *tables;
    const cg_play_options *o;
    cg_play_result *res;
    size_t prompt_len;
    regex_t flag_re;
    cg_box_reader boxes;
    cg_puzzle pending;    /* a run of boxes that ended before the prompt */
    bool have_pending;
    bool lost;            /* a "[-]" verdict came */
    int current;          /* round number the server announced last, or 0 */
    int last_answered;    /* round number of the last answer sent */
    int64_t last_answer;  /* when the previous answer left (start of the game at first) */
} game;

static double us_between(int64_t from, int64_t to) { return (double)(to - from) / 1e3; }

cg_play_options cg_play_defaults(void)
{
    cg_play_options o;
    memset(&o, 0, sizeof o);
    o.solve = cg_solve_defaults();
    o.prompt = CG_PLAY_DEFAULT_PROMPT;
    o.timeout = 10;
    o.flag_regex = CG_PLAY_DEFAULT_FLAG_REGEX;
    return o;
}

/* The round being played: the one announced last, or the one after the last answered. */
static int round_number(const game *g)
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

static bool ends_with_prompt(const game *g, const char *line, size_t n)
{
    n = trimmed_len(line, n);
    return n >= g->prompt_len && memcmp(line + n - g->prompt_len, g->o->prompt, g->prompt_len) == 0;
}

static void note_flags(game *g, const char *line)
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

/* Everything that is not a prompt: boxes, round headers, verdicts, the flag. */
static cg_status text_line(game *g, const char *line, size_t n, cg_error *err)
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
        cg_text_printable(g->res->reason); /* the server's words, shown on a terminal */
    } else if (strstr(line, "[+]")) {
        g->res->rounds_passed++;
        g->res->flag_line[0] = '\0';
    } else if (g->res->rounds_passed > 0 && trimmed_len(line, n) > 0 && !g->boxes.boxes &&
               g->boxes.face < 0 && strncmp(line, "Face ", 5) != 0) {
        size_t len = trimmed_len(line, n), max = sizeof g->res->flag_line - 4;
        snprintf(g->res->flag_line, sizeof g->res->flag_line, "%.*s%s", (int)(len > max ? max : len),
                 line, len > max ? "..." : ""); /* a cut line says so */
        cg_text_printable(g->res->flag_line);
    }
    note_flags(g, line);
    cg_box_event ev;
    if (cg_box_reader_feed(&g->boxes, line, n, &ev, err) != CG_OK) {
        cg_error_prefix(err, "round %d: ", round_number(g));
        return CG_ERR_INPUT;
    }
    if (ev == CG_BOX_PUZZLE) {
        g->pending = g->boxes.puzzle;
        g->have_pending = true;
    }
    return CG_OK;
}

static cg_status answer(game *g, int64_t prompt_at, cg_error *err)
{
    int round = round_number(g);
    cg_box_event ev;
    if (cg_box_reader_feed(&g->boxes, "", 0, &ev, err) != CG_OK)
        return cg_error_prefix(err, "round %d: ", round), CG_ERR_INPUT;
    if (ev == CG_BOX_PUZZLE) {
        g->pending = g->boxes.puzzle;
        g->have_pending = true;
    }
    if (!g->have_pending)
        return cg_fail(err, CG_ERR_INPUT, "round %d: a prompt came without any Face boxes before it",
                       round);
    cg_move moves[CG_MAX_SOLUTION];
    int n;
    cg_status st = cg_solve_puzzle(g->tables, &g->pending, &g->o->solve, moves, &n, err);
    int64_t solved_at = cg_now_ns();
    if (st != CG_OK)
        return cg_error_prefix(err, "round %d: ", round), st;
    char text[64];
    cg_moves_format(moves, (size_t)n, text, sizeof text);
    int64_t ready_at = cg_now_ns();
    st = cg_tube_sendline(g->t, text, strlen(text), err);
    if (st != CG_OK)
        return cg_error_prefix(err, "round %d: sending the answer: ", round), st;
    int64_t sent_at = cg_now_ns();
    g->have_pending = false;
    cg_round_stat s = {round, n, us_between(prompt_at, solved_at),
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
static cg_status finish(game *g, cg_error *err)
{
    cg_play_result *r = g->res;
    if (g->lost)
        return CG_OK;
    bool mid_round = g->have_pending || g->boxes.boxes > 0 || g->boxes.face >= 0;
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

static cg_status run(game *g, cg_error *err)
{
    for (;;) {
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
            cg_error_prefix(err, "round %d: ", round_number(g));
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err ? err->msg : "receive failed");
            return st;
        }
        const char *line = (const char *)p;
        st = by_prompt || ends_with_prompt(g, line, n) ? answer(g, at, err)
                                                      : text_line(g, line, n, err);
        if (st != CG_OK) {
            snprintf(g->res->reason, sizeof g->res->reason, "%s", err ? err->msg : "round failed");
            return st;
        }
    }
}

cg_status cg_play(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                  cg_play_result *res, cg_error *err)
{
    cg_play_options defaults = cg_play_defaults();
    game g;
    memset(&g, 0, sizeof g);
    memset(res, 0, sizeof *res);
    g.t = t;
    g.tables = tables;
    g.o = opt ? opt : &defaults;
    g.res = res;
    g.prompt_len = trimmed_len(g.o->prompt, strlen(g.o->prompt)); /* trailing blanks don't count */
    if (g.prompt_len == 0)
        return cg_fail(err, CG_ERR_INPUT, "the prompt text is empty");
    int rc = regcomp(&g.flag_re, g.o->flag_regex, REG_EXTENDED);
    if (rc != 0) {
        char why[128];
        regerror(rc, &g.flag_re, why, sizeof why);
        return cg_fail(err, CG_ERR_INPUT, "flag regex '%s': %s", g.o->flag_regex, why);
    }
    cg_box_reader_init(&g.boxes);
    g.last_answer = cg_now_ns();
    cg_status st = run(&g, err);
    regfree(&g.flag_re);
    return st;
}
