/* The classification: what each line the server sends is, in the one order engine.h writes
 * down, and what the engine's silence tests say (the prompt is where the server waits). */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/server.h"
#include "engine/game.h"

/* --prompt auto: how long a line that asks must be followed by silence to be the prompt (the
 * server's next lines, when there are any, come within this over any network a game runs on) */
#define AUTO_PROMPT_SETTLE 0.05

static bool learned_prompt(const cgi_game *g, const char *line, size_t n);
static bool server_waits_after(cgi_game *g, const char *line, size_t n, bool partial);
static bool take_paused(cgi_game *g);
static void read_rules(cgi_game *g, const char *line, size_t n);
static void note_flags(cgi_game *g, const char *line);
static bool binary_line(const char *line, size_t n);
static bool has_text(const char *line, size_t n, const char *what, size_t k);
static bool menu_asks(const cgi_game *g, const char *line, size_t n, bool near_menu);
static int menu_choice(cgi_game *g, const char *line, size_t n, bool partial);

cg_status cgi_classify(cgi_game *g, const char *line, size_t n, bool partial, cg_event *kind,
                       int *rule, bool *settled, cg_error *err)
{
    *kind = CG_EVENT_TEXT;
    *settled = false;
    /* 1. the prompt given, or the one learned, while a cube waits or is being read */
    bool prompt = cgi_names_prompt(g, line, n) || learned_prompt(g, line, n);
    if (!prompt) { /* 2. text: round header, rules, verdict, flags, cubes */
        int cubes = g->cubes;
        cg_status st = cgi_text_line(g, line, n, err);
        if (st != CG_OK)
            return st;
        bool said = g->verdict_now != CG_VERDICT_NONE;
        if (said && g->replay && g->verdict_now == CG_VERDICT_FAIL) /* a yes: once it stands */
            g->replay->verdict(g->replay->ctx, line, n, false);
        *kind = said ? CG_EVENT_VERDICT : g->cubes != cubes ? CG_EVENT_CUBE : CG_EVENT_TEXT;
        cgi_event(g, *kind, line, n);
    }
    /* 3. a reply rule of the caller's, in the game's phase */
    if ((*rule = cg_replies_match(g->o->replies, 0, cgi_phase_of(g), line, n)) >= 0) {
        *kind = CG_EVENT_REPLY;
        cgi_event(g, CG_EVENT_REPLY, line, n);
        return CG_OK;
    }
    /* 4. what the server's silence after the line says: a menu's question (the entry the
     * game needs now; a request to press Enter after a list is the gate's), an Enter gate,
     * or the prompt */
    if (!prompt && !cgi_gate_asks_enter(line, n) && menu_choice(g, line, n, partial) >= 0) {
        g->partial_since = 0;
        *kind = CG_EVENT_REPLY;
        *rule = CGI_MENU_RULE;
        cgi_event(g, CG_EVENT_REPLY, line, n);
        return CG_OK;
    }
    if (!prompt && g->auto_prompt) {
        bool gate = cgi_between_cubes(g) && cgi_gate_asks_enter(line, n);
        prompt = !gate && server_waits_after(g, line, n, partial);
        if (prompt && !g->learned.len && cgi_asks_for_other(line, n)) {
            prompt = false; /* it waits, for something other than moves */
            /* as the terminal shows it: a reply rule written from it matches (replies.c) */
            cgi_visible_text(line, n > 120 ? 120 : n, g->asked_other, sizeof g->asked_other);
            g->asked_other[cgi_trimmed_len(g->asked_other, strlen(g->asked_other))] = '\0';
        }
        if (gate && (partial || cg_tube_idle(g->t, cgi_quiet_of(g)))) {
            g->partial_since = 0;
            *kind = CG_EVENT_ENTER;
            cgi_event(g, CG_EVENT_ENTER, line, n);
            return CG_OK;
        }
        if (prompt && !g->learned.len)
            cgi_prompt_learn(&g->learned, line, n);
        *settled = prompt && !partial;
    }
    g->partial_since = 0;
    if (prompt) {
        *kind = CG_EVENT_PROMPT;
        cgi_event(g, CG_EVENT_PROMPT, line, n);
    }
    return CG_OK;
}

/* Everything that is not a prompt: cubes, round headers, verdicts, the flag, the rules. */
cg_status cgi_text_line(cgi_game *g, const char *line, size_t n, cg_error *err)
{
    cgi_keep_text(g, line, n);
    int i, total, got = cg_round_read(line, n, &i, &total);
    if (got >= 1 && i > 0 && (got == 1 || total >= i)) {
        g->current = i;
        cgi_yes_stands(g); /* the next round */
        if (got == 2)
            g->res->rounds_announced = total;
    }
    read_rules(g, line, n);
    cgi_menu_read(&g->menu, line, n);
    cg_verdict v = g->verdict_now = cgi_verdict_admitted(g, line, n);
    if (v == CG_VERDICT_FAIL)
        cgi_verdict_no(g, line, n);
    else if (v == CG_VERDICT_OK)
        cgi_verdict_yes(g, line, n);
    else if (g->res->rounds_passed > 0 && cgi_trimmed_len(line, n) > 0 &&
               !cg_shape_reader_busy(&g->shapes) && strncmp(line, "Face ", 5) != 0) {
        size_t len = cgi_trimmed_len(line, n), max = sizeof g->res->flag_line - 4;
        snprintf(g->res->flag_line, sizeof g->res->flag_line, "%.*s%s", (int)(len > max ? max : len),
                 line, len > max ? "..." : ""); /* a cut line says so */
        cg_text_printable(g->res->flag_line);
    }
    if (!binary_line(line, n)) /* random bytes hold "a{...}" often enough to end a game won */
        note_flags(g, line);
    cg_status st = cg_shape_reader_feed(&g->shapes, line, n, err);
    if (cg_shape_reader_busy(&g->shapes))
        cgi_yes_stands(g); /* the next cube is being drawn */
    cg_puzzle p;
    while (cgi_take_cube(g, &p))
        cgi_cube_came(g, &p);
    if (st != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "round %d: ", cgi_round_number(g));
    return CG_OK;
}

/* A partial line the game is waiting for: the prompt (given, learned, or once a cube waits a
 * partial line that asks, or any text after which the server goes quiet), a reply rule's
 * text, or, between cubes, a quiet request to press Enter. */
bool cgi_waiting_for(void *ctx, const char *text, size_t n, bool quiet)
{
    cgi_game *g = ctx;
    if (!g->partial_since)
        g->partial_since = cg_now_ns();
    if (cgi_names_prompt(g, text, n) || cg_replies_match(g->o->replies, 0, cgi_phase_of(g), text, n) >= 0 ||
        learned_prompt(g, text, n))
        return true;
    if (menu_asks(g, text, n, g->menu.last_was_menu) && (quiet || cg_line_asks(text, n)) &&
        !cgi_gate_asks_enter(text, n))
        return true;
    if (cgi_game_over(g) && !g->lost && cg_line_asks(text, n))
        return true; /* the rounds are done: a question of the server's own */
    if (!g->auto_prompt)
        return false;
    if (quiet && (take_paused(g) || cgi_prompt_may_come(g)))
        return cgi_trimmed_len(text, n) > 0; /* words or punctuation: "$ ", ">>> " */
    if (cgi_prompt_may_come(g))
        return cg_line_asks(text, n);
    return quiet && cgi_between_cubes(g) && cgi_gate_asks_enter(text, n);
}

/* The prompt given (or auto's fixed text) anywhere in the line. */
bool cgi_names_prompt(const cgi_game *g, const char *line, size_t n)
{
    if (g->auto_prompt)
        return has_text(line, n, CG_PLAY_AUTO_PROMPT, strlen(CG_PLAY_AUTO_PROMPT));
    return has_text(line, n, g->prompt, g->prompt_len);
}

/* The learned prompt: answered at once, no settle (a cube still being read ends there). */
static bool learned_prompt(const cgi_game *g, const char *line, size_t n)
{
    return g->auto_prompt && (cgi_prompt_may_come(g) || cg_shape_reader_busy(&g->shapes)) &&
           cgi_prompt_is(&g->learned, line, n);
}

/* auto: with a cube waiting, the text after which the server goes quiet is the prompt: a
 * partial line (waiting_for took it), or a whole line followed by silence (AUTO_PROMPT_SETTLE
 * after one that asks, the quiet time after other words); the wait is the round's settle. */
static bool server_waits_after(cgi_game *g, const char *line, size_t n, bool partial)
{
    if (cgi_trimmed_len(line, n) == 0)
        return false;
    if (partial) {
        g->settle_us = cgi_us_between(g->partial_since, cg_now_ns());
        return cgi_prompt_may_come(g);
    }
    bool reading = !g->have_pending && cg_shape_reader_busy(&g->shapes);
    if (!cgi_prompt_may_come(g) && !(reading && cg_line_has_words(line, n)))
        return false;
    int64_t from = cg_now_ns();
    if (!cg_tube_idle(g->t, cg_line_asks(line, n) ? AUTO_PROMPT_SETTLE : cgi_quiet_of(g)))
        return false;
    g->settle_us = cgi_us_between(from, cg_now_ns());
    return take_paused(g) || cgi_prompt_may_come(g);
}

/* A cube whose end only silence shows (a reader still open): what is complete, taken. */
static bool take_paused(cgi_game *g)
{
    if (!g->have_pending && cg_shape_reader_busy(&g->shapes) &&
        cg_shape_reader_pause(&g->shapes, NULL) == CG_OK) {
        cg_puzzle p;
        while (cgi_take_cube(g, &p))
            cgi_cube_came(g, &p);
    }
    return cgi_cube_waits(g);
}

/* At the first answer: a complete controls legend in the banner is how moves are written. */
void cgi_use_legend(cgi_game *g)
{
    cg_dialect d;
    if (g->legend_used || !g->legend.entries || g->o->dialect || !cgi_legend_dialect(&g->legend, &d))
        return;
    g->legend_used = true;
    g->dialect = d;
    char what[160];
    cg_dialect_describe(&d, what, sizeof what);
    cgi_note(g, "moves written as the server's legend names them (%s): \"%s\"", what,
         g->legend.line);
    bool quarters = d.notation == CG_NOTATION_QUARTER || d.notation == CG_NOTATION_QUARTER_CW;
    if (quarters && g->o->auto_metric && !g->qtm) { /* the server takes no half turn */
        g->qtm = true;
        cgi_note(g, "moves counted in quarter turns: the legend names no half turn");
    }
}

/* Before the first answer: the limit, the metric and the notation the server's text states. */
static void read_rules(cgi_game *g, const char *line, size_t n)
{
    if (g->res->rounds_answered > 0)
        return;
    char phrase[80];
    int limit;
    if (g->o->auto_limit && g->limit == 0 && g->o->max_answer <= 0 &&
        (limit = cg_limit_read(line, n, phrase, sizeof phrase)) > 0) {
        g->limit = limit;
        snprintf(g->limit_phrase, sizeof g->limit_phrase, "%s", phrase);
        cgi_note(g, "limit %d, from the server's text: \"%s\"", limit, phrase);
    }
    if (g->o->auto_metric && !g->qtm && cg_metric_hint_qtm(line, n)) {
        g->qtm = true;
        cgi_note(g, "moves counted in quarter turns, from the server's text: \"%.80s\"", line);
    }
    int nt;
    if (!g->o->dialect && g->o->auto_notation && !g->notation_read &&
        (nt = cg_notation_hint(line, n)) >= 0 &&
        cg_dialect_make(&g->dialect, (cg_notation)nt, NULL, NULL, NULL) == CG_OK) {
        g->notation_read = true;
        if ((nt == CG_NOTATION_QUARTER || nt == CG_NOTATION_QUARTER_CW) && g->o->auto_metric)
            g->qtm = true;
        cgi_note(g, "notation %s, from the server's text: \"%.80s\"", cg_notation_name((cg_notation)nt),
             line);
    }
    if (!g->o->dialect && g->o->auto_notation)
        cgi_legend_read(&g->legend, line, n);
    if (!g->o->dialect && g->o->auto_notation && !g->notation_read &&
        cgi_case_legend(line, n, &g->dialect)) {
        g->notation_read = true;
        g->qtm = g->qtm || g->o->auto_metric;
        cgi_note(g, "moves written as the server's words say (one letter a quarter turn, its "
                    "case the way): \"%.80s\"", line);
    }
    if (!g->one_move && !g->o->send_each && cgi_text_one_move(line, n)) {
        g->one_move = true;
        cgi_note(g, "one move a prompt, from the server's text: \"%.80s\"", line);
    }
}

static void note_flags(cgi_game *g, const char *line)
{
    if (g->res->flags_cut)
        return; /* full: the last flag kept already ends in "..." */
    regmatch_t m;
    const char *p = line;
    int flags = 0;
    while (*p && regexec(&g->flag_re, p, 1, &m, flags) == 0 && m.rm_eo > m.rm_so) {
        if (!cgi_flag_admitted(g, p + m.rm_so, (size_t)(m.rm_eo - m.rm_so))) {
            p += m.rm_eo; /* the banner's flag, or a format: not a flag */
            flags = REG_NOTBOL;
            continue;
        }
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

/* Bytes, not text: a NUL or a control byte other than tab, CR and ESC (colours). */
static bool binary_line(const char *line, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t' && c != '\r' && c != 0x1b) || c == 0x7f)
            return true;
    }
    return false;
}

static bool has_text(const char *line, size_t n, const char *what, size_t k)
{
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (memcmp(line + i, what, k) == 0)
            return true;
    return false;
}

/* The text of a menu's question: the one the server waited after at the first choice, or,
 * while entries are fresh (shown since the last choice), a line that asks, or any text where
 * near_menu (a menu line, or the line right after one: "> " under the entries). */
static bool menu_asks(const cgi_game *g, const char *line, size_t n, bool near_menu)
{
    const cgi_menu *m = &g->menu;
    if (m->n == 0 || cgi_trimmed_len(line, n) == 0)
        return false;
    size_t a = 0, len = cgi_trimmed_len(line, n);
    while (a < len && (line[a] == ' ' || line[a] == '\t'))
        a++;
    if (m->ask[0] && strlen(m->ask) == len - a && memcmp(m->ask, line + a, len - a) == 0)
        return true;
    return m->fresh && (cg_line_asks(line, n) || near_menu);
}

/* The entry the game needs now: the information entry once while the notation is unknown;
 * with a cube waiting the one that moves; after the answer the one that checks; else, in a
 * menu of modes the one whose words promise the flag (or the first), in a menu of actions the
 * one that shows the cube (or, with none, the one that moves). -1: none fits. */
static int menu_entry(cgi_game *g)
{
    cgi_menu *m = &g->menu;
    bool notation_known = g->o->dialect || !g->o->auto_notation || g->notation_read ||
                          g->legend_used;
    int e;
    if (!m->info_read && !notation_known && (e = cgi_menu_find(m, CGI_MENU_INFO)) >= 0) {
        m->info_read = true;
        return e;
    }
    switch (cgi_phase_of(g)) {
    case CG_PHASE_CUBE: return cgi_menu_find(m, CGI_MENU_MOVE);
    case CG_PHASE_ANSWERED: return cgi_menu_find(m, CGI_MENU_CHECK);
    default:
        if (cgi_menu_of_modes(m))
            return cgi_menu_find(m, CGI_MENU_NONE);
        e = cgi_menu_find(m, CGI_MENU_SHOW);
        return e >= 0 ? e : cgi_menu_find(m, CGI_MENU_MOVE);
    }
}

/* A menu's question the server waits after (a partial line, or a whole one and silence): the
 * entry chosen (g->menu.send), or -1. */
static int menu_choice(cgi_game *g, const char *line, size_t n, bool partial)
{
    cgi_menu *m = &g->menu;
    if (!menu_asks(g, line, n, m->last_was_menu || m->follows_menu)) /* line read: its menu too */
        return -1;
    if (!partial && !cg_tube_idle(g->t, cg_line_asks(line, n) ? AUTO_PROMPT_SETTLE : cgi_quiet_of(g)))
        return -1;
    int e = menu_entry(g);
    if (e < 0)
        return -1;
    if (!m->ask[0]) {
        size_t a = 0, len = cgi_trimmed_len(line, n);
        while (a < len && (line[a] == ' ' || line[a] == '\t'))
            a++;
        snprintf(m->ask, sizeof m->ask, "%.*s", (int)(len - a), line + a);
    }
    if (cgi_phase_of(g) == CG_PHASE_START && cgi_menu_may_be_modes(m)) {
        cg_play_result *r = g->res;
        cgi_visible_text(m->ask, strlen(m->ask), r->mode_ask, sizeof r->mode_ask);
        cg_text_printable(r->mode_ask);
        size_t len = 0;
        r->mode_keys[0] = '\0';
        r->mode_chosen = 0;
        for (int k = 0, modes = 0; k < m->n && len + 5 < sizeof r->mode_keys; k++) {
            if (cgi_menu_act_of(m->entry[k].words) == CGI_MENU_EXIT)
                continue; /* never a mode to try */
            len += (size_t)snprintf(r->mode_keys + len, sizeof r->mode_keys - len, "%s%s",
                                    modes++ ? " " : "", m->entry[k].key);
            if (k == e)
                r->mode_chosen = modes;
        }
    }
    snprintf(m->send, sizeof m->send, "%s", m->entry[e].key);
    snprintf(m->why, sizeof m->why, "%s", m->entry[e].words);
    m->fresh = false;
    return e;
}
