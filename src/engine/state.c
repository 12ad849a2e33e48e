/* What the game knows, asked by every part of the engine: the round, the phase, what waits,
 * notes to the caller and the hints of a lost game's messages (game.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "cubegod/turn.h"

static int faces_unanswered(const cgi_game *g);

/* What the reader looks for, in the words of the shape asked for (messages). */
const char *cgi_shape_wanted(const cg_play_options *o)
{
    if (o->layout)
        return "any drawing in the layout";
    switch (o->input) {
    case CG_SHAPE_BOXES: return "any Face boxes";
    case CG_SHAPE_FACES: return "any labelled faces";
    case CG_SHAPE_NET: return "any net";
    case CG_SHAPE_STRING: return "any string of 24 or 54 stickers";
    case CG_SHAPE_ANSI: return "any cube in ANSI colours";
    case CG_SHAPE_DICT: case CG_SHAPE_JSON: return "any Python or JSON cube";
    default: return "any cube (boxes, faces, a net, a string, ANSI colours, a Python or JSON cube)";
    }
}

/* The next cube the shape reader has ready; its note (a string read in another face order)
 * said once a game. */
bool cgi_take_cube(cgi_game *g, cg_puzzle *p)
{
    cg_shape_info info;
    if (!cg_shape_reader_take(&g->shapes, p, &info))
        return false;
    if (info.note[0] && !g->read_noted)
        cgi_note(g, "%s", info.note);
    g->read_noted |= info.note[0] != '\0';
    return true;
}

void cgi_note(const cgi_game *g, const char *fmt, ...)
{
    if (!g->o->on_note)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof buf) /* a reply rule's note quotes two texts of 256 bytes: cut, it says so */
        memcpy(buf + sizeof buf - 4, "...", 4);
    cg_text_printable(buf);
    g->o->on_note(g->o->on_note_ctx, buf);
}

/* One classified item for the caller's on_event. */
void cgi_event(const cgi_game *g, cg_event kind, const char *line, size_t n)
{
    if (g->o->on_event)
        g->o->on_event(g->o->on_event_ctx, kind, line, n);
}

/* The round being played: the one announced last, or the one after the last answered (an
 * answer whose cube came again, asked again, answered no round of its own). */
int cgi_round_number(const cgi_game *g)
{
    int next = g->res->rounds_answered - g->retried + 1;
    return g->current > next ? g->current : next;
}

/* Removes trailing blanks and '\r' so that "prompt \r" still matches. */
size_t cgi_trimmed_len(const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    return n;
}

/* An answer was sent and no verdict came yet. */
bool cgi_awaiting(const cgi_game *g)
{
    return g->res->rounds_answered > g->res->rounds_passed + g->failed + g->retried;
}

cg_phase cgi_phase_of(const cgi_game *g)
{
    return cgi_awaiting(g) ? CG_PHASE_ANSWERED : g->have_pending ? CG_PHASE_CUBE : CG_PHASE_START;
}

/* What the prompt is, for messages. */
void cgi_prompt_desc(const cgi_game *g, char *out, size_t size)
{
    if (g->auto_prompt)
        snprintf(out, size, "auto: '%s', or after a cube a line ending in ':', '?' or '>'",
                 CG_PLAY_AUTO_PROMPT);
    else
        snprintf(out, size, "'%s'", g->prompt);
}

bool cgi_turn_text(const cgi_game *g, char *turn, size_t size)
{
    if (cg_turn_hint(g->text, g->text_len, false, turn, size) == 0)
        return false;
    g->res->turn_text = true;
    return true;
}

/* "; 5 faces came but not the prompt ...; last text received: ..." appended to msg (of size
 * `size`): every prompt failure says what arrived last. */
void cgi_prompt_hint(const cgi_game *g, const char *last, char *msg, size_t size)
{
    int faces = faces_unanswered(g);
    char what[160];
    cgi_prompt_desc(g, what, sizeof what);
    size_t asked = cgi_trimmed_len(last, strlen(last));
    /* quoted after the receive's own words (a tube's name, the wait): it fits the message
       (CG_ERROR_MSG_MAX) with "answers that", which play's option hint follows */
    size_t quoted = cgi_cut_words(last, asked, 48);
    const char *cut = quoted < asked ? CGI_CUT : "";
    char turn[200];
    if (faces == 0 && !g->ever_cube && cgi_turn_text(g, turn, sizeof turn))
        cgi_append(msg, size, "; no cube read, but %s: cubegod turn applies them to the "
                   "drawing or takes them back", turn);
    else if (faces == 0 && !g->ever_cube && cg_line_asks(last, asked))
        cgi_append(msg, size, "; no cube was read, and the server asks '%.*s%s': a reply rule "
                 "answers that", (int)quoted, last, cut);
    else if (faces == 0)
        cgi_append(msg, size, "; the prompt (%s) never came; last text received: '%s'",
                 what, last);
    else
        cgi_append(msg, size, "; %d face%s came but not the prompt %s%s%s; last text "
                 "received: '%s'",
                 faces, faces == 1 ? "" : "s", g->auto_prompt ? "(" : "", what,
                 g->auto_prompt ? ")" : "", last);
}

void cgi_keep_text(cgi_game *g, const char *line, size_t n)
{
    if (n + 1 > sizeof g->text)
        return;
    if (g->text_len + n + 1 > sizeof g->text) { /* drop whole lines from the start */
        size_t drop = g->text_len + n + 1 - sizeof g->text;
        const char *nl = memchr(g->text + drop, '\n', g->text_len - drop);
        drop = nl ? (size_t)(nl - g->text) + 1 : g->text_len;
        memmove(g->text, g->text + drop, g->text_len - drop);
        g->text_len -= drop;
    }
    memcpy(g->text + g->text_len, line, n);
    g->text_len += n;
    g->text[g->text_len++] = '\n';
}

/* Faces of the round in progress that came without the prompt after them. */
static int faces_unanswered(const cgi_game *g)
{
    int faces = g->shapes.box.boxes + (g->shapes.fc.on ? g->shapes.fc.faces : 0);
    if (g->have_pending)
        for (int f = 0; f < 6; f++)
            faces += (g->pending.faces_shown >> f) & 1;
    return faces;
}

const cg_dialect *cgi_dialect_of(const cgi_game *g)
{
    return g->o->dialect ? g->o->dialect : &g->dialect;
}

/* Seconds of silence after a partial line for it to count (quiet). */
double cgi_quiet_of(const cgi_game *g)
{
    return g->o->quiet == 0 ? 0.2 : g->o->quiet < 0 ? 0 : g->o->quiet;
}

/* A cube waits for its answer: shown, or, in one-move mode, the round's moves go on. */
bool cgi_cube_waits(const cgi_game *g)
{
    return g->have_pending || (g->one_move && g->in_round);
}

/* A prompt may come: a cube waits, or the server showed some moves of the answer applied. */
bool cgi_prompt_may_come(const cgi_game *g)
{
    return cgi_cube_waits(g) || (g->moves_may_show && cgi_awaiting(g) && g->moves_shown > 0);
}

/* No cube waits and no answer awaits its verdict: where a gate stands. */
bool cgi_between_cubes(const cgi_game *g)
{
    return !cgi_cube_waits(g) && !cgi_awaiting(g) && !cg_shape_reader_busy(&g->shapes);
}

/* The game is over: a no came, a flag, or every announced round passed; what comes next is
 * the flag, the close, or the caller's part. */
bool cgi_game_over(const cgi_game *g)
{
    const cg_play_result *r = g->res;
    return g->lost || r->flags[0] ||
           (r->rounds_announced > 0 && r->rounds_passed >= r->rounds_announced &&
            !cgi_awaiting(g));
}

double cgi_us_between(int64_t from, int64_t to) { return (double)(to - from) / 1e3; }
