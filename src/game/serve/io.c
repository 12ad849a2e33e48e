/* One game's output and answers (serve/internal.h): the round's text buffered, sent with the
 * verdict, the answer line read before the alarm. Below every variant. */
#include <stdio.h>
#include <string.h>

#include "game/serve/internal.h"

/* Appends formatted text to the game's output buffer (sized for the longest round). */
size_t cgi_serve_add(server_game *g, size_t len, const char *fmt, const char *text)
{
    int n = snprintf(g->out + len, g->out_cap - len, fmt, text);
    len += (size_t)n;
    return len < g->out_cap ? len : g->out_cap - 1;
}

/* Counts an append of `more` bytes (as snprintf counts them) at *len: a round text that did not
 * fit the buffer ends the game here, so nothing past the buffer is ever sent. */
bool cgi_serve_fit(server_game *g, size_t *len, size_t more, int round)
{
    if (more >= g->out_cap - *len) {
        snprintf(g->outcome, sizeof g->outcome, "round %d: its text (%zu bytes) does not fit the "
                 "buffer (%zu)", round, *len + more, g->out_cap);
        return false;
    }
    *len += more;
    return true;
}

/* Sends the output and the failure verdict, then records why the game ended. */
void cgi_serve_lose(server_game *g, size_t len, int round, const char *reason)
{
    len = cgi_serve_add(g, len, "[-] %s\n", reason);
    cg_tube_send(g->t, g->out, len, NULL);
    snprintf(g->outcome, sizeof g->outcome, "lost in round %d: %s", round, reason);
}

static const char *read_failure(cg_status st, const cg_error *e)
{
    switch (st) {
    case CG_ERR_TIMEOUT: return "Time's up!";
    case CG_ERR_LIMIT: return "Answer too long: no newline within 4096 bytes";
    case CG_ERR_EOF: return "Connection closed before an answer";
    default: return e->msg;
    }
}

/* Sends g->out[0..len) and reads the answer line before the alarm. Returns the line's length
 * (the line itself in *line, valid until the next receive), or -1 when the game ended (outcome
 * recorded, verdict sent when there was one to send). */
long cgi_serve_exchange(server_game *g, size_t len, int round, const char **line)
{
    cg_server *s = g->srv;
    cg_error e;
    cg_status st = cg_tube_send(g->t, g->out, len, &e);
    if (st == CG_OK) {
        const uint8_t *got;
        size_t n;
        st = cg_tube_recvline(g->t, s->opt.alarm, &got, &n, &e);
        if (st == CG_OK) {
            *line = (const char *)got;
            return (long)n;
        }
        if (!atomic_load(&s->stopping)) {
            cgi_serve_lose(g, 0, round, read_failure(st, &e));
            return -1;
        }
    }
    if (atomic_load(&s->stopping))
        snprintf(g->outcome, sizeof g->outcome, "stopped in round %d", round);
    else
        snprintf(g->outcome, sizeof g->outcome, "dropped in round %d: %s", round, e.msg);
    return -1;
}

/* The prompt line of a round, and the round's text ending as the options say: without its line
 * break for a bare prompt. */
const char *cgi_serve_prompt(const cg_server *s, bool moves_one_by_one)
{
    return s->opt.prompt ? s->opt.prompt : moves_one_by_one ? CG_ONE_MOVE_PROMPT
                                                            : "Enter your solution:";
}

size_t cgi_serve_bare(const server_game *g, size_t len)
{
    len = len < g->out_cap ? len : g->out_cap - 1;
    return g->srv->opt.bare_prompt && len && g->out[len - 1] == '\n' ? len - 1 : len;
}
