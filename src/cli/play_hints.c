/* Hints after a lost game, from the server's text (play_hints.h). */
#include "cli/play_hints.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cubegod/dialogue.h"
#include "cubegod/tube.h"
#include "engine/engine.h"
#include "puzzle/reader.h"

enum { TEXT_MAX = 256 * 1024, SENDS_MAX = 64 };

struct cli_play_hints {
    size_t len;
    size_t sends[SENDS_MAX]; /* where in text each of the first answers (or replies) was sent */
    int nsends;
    char text[TEXT_MAX];     /* what the server sent, up to TEXT_MAX bytes */
};

cli_play_hints *cli_play_hints_new(void) { return calloc(1, sizeof(cli_play_hints)); }

void cli_play_hints_free(cli_play_hints *h) { free(h); }

void cli_play_hints_feed(cli_play_hints *h, int direction, const uint8_t *p, size_t n)
{
    if (!h)
        return;
    if (direction == CG_TUBE_SENT) {
        if (h->nsends < SENDS_MAX && (h->nsends == 0 || h->sends[h->nsends - 1] != h->len))
            h->sends[h->nsends++] = h->len;
        return;
    }
    size_t room = TEXT_MAX - h->len;
    memcpy(h->text + h->len, p, n < room ? n : room);
    h->len += n < room ? n : room;
}

/* Cubes the reader completes from text[from, to), line by line; the part of a line left at
 * `to` (a prompt before our write) ends the cube being read too. */
static int count_cubes(cg_shape_reader *rd, const char *text, size_t from, size_t to)
{
    int n = 0;
    cg_puzzle p;
    while (from < to) {
        const char *nl = memchr(text + from, '\n', to - from);
        size_t end = nl ? (size_t)(nl - text) : to;
        cg_shape_reader_feed(rd, text + from, end - from, NULL);
        from = nl ? end + 1 : to;
        while (cg_shape_reader_take(rd, &p, NULL))
            n++;
    }
    cg_shape_reader_pause(rd, NULL);
    while (cg_shape_reader_take(rd, &p, NULL))
        n++;
    return n;
}

/* The most cubes the server showed before one of our writes, since the one before it (the
 * first SENDS_MAX writes; what came after the last one was answered by nothing). */
static int cubes_before_one_answer(const cli_play_hints *h)
{
    cg_shape_reader rd;
    if (cg_shape_reader_init(&rd, CG_SHAPE_AUTO, NULL, NULL) != CG_OK)
        return 0;
    int most = 0;
    size_t from = 0;
    for (int s = 0; s < h->nsends; s++) {
        int n = count_cubes(&rd, h->text, from, h->sends[s]);
        most = n > most ? n : most;
        from = h->sends[s];
    }
    return most;
}

/* A line that lists numbered choices: "(1) easy (2) hard", "1) play", "[2] quit", "3. exit".
 * The first numbered item decides: words after a later one are words after it too (a search
 * for words after each item took 40 s on a line of 40000 items without any). */
static bool menu_line(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++) {
        size_t j = i + (s[i] == '(' || s[i] == '[');
        if (j >= n || !isdigit((unsigned char)s[j]) || (i > 0 && isalnum((unsigned char)s[i - 1])))
            continue;
        while (j < n && isdigit((unsigned char)s[j]))
            j++;
        if (j + 1 < n && strchr(")].", s[j]) && s[j + 1] == ' ')
            return cg_line_has_words(s + j, n - j);
    }
    return false;
}

/* The last menu line of the text and the question after it ("your choice:"), cut to its ':',
 * '?' or '>'. False when the text shows no menu. */
static bool find_menu(const cli_play_hints *h, char *menu, size_t msize, char *ask, size_t asize)
{
    const char *t = h->text;
    size_t end = h->len;
    bool found = false;
    menu[0] = ask[0] = '\0'; /* both made printable below, found or not */
    while (end > 0 && !found) {
        size_t start = end;
        while (start > 0 && t[start - 1] != '\n')
            start--;
        size_t n = end - start;
        while (n && (t[start + n - 1] == '\r' || t[start + n - 1] == ' '))
            n--;
        if (menu_line(t + start, n)) {
            snprintf(menu, msize, "%.*s", (int)(n > 80 ? 80 : n), t + start);
            found = true;
        } else if (!ask[0] && cg_line_has_words(t + start, n)) {
            const char *q = NULL; /* the first ':', '?' or '>' after a word */
            for (size_t i = 0; i < n && !q; i++)
                if (strchr(":?>", t[start + i]) && t[start + i])
                    q = t + start + i;
            if (q && cg_line_has_words(t + start, (size_t)(q - (t + start))))
                snprintf(ask, asize, "%.*s", (int)(q + 1 - (t + start)), t + start);
        }
        end = start > 0 ? start - 1 : 0;
    }
    /* as the terminal shows them: a hint's rule then matches the coloured line */
    cgi_visible_text(menu, strlen(menu), menu, msize);
    cgi_visible_text(ask, strlen(ask), ask, asize);
    return found && ask[0];
}

int cli_play_hints_cubes(const cli_play_hints *h, cg_shape shape)
{
    cg_shape_reader rd;
    if (!h || cg_shape_reader_init(&rd, shape, NULL, NULL) != CG_OK)
        return 0;
    return count_cubes(&rd, h->text, 0, h->len);
}

bool cli_play_hints_first_cube(const cli_play_hints *h, cg_puzzle *p)
{
    cg_shape_reader rd;
    if (!h || cg_shape_reader_init(&rd, CG_SHAPE_AUTO, NULL, NULL) != CG_OK)
        return false;
    size_t from = 0;
    while (from < h->len) {
        const char *nl = memchr(h->text + from, '\n', h->len - from);
        size_t end = nl ? (size_t)(nl - h->text) : h->len;
        cg_shape_reader_feed(&rd, h->text + from, end - from, NULL);
        from = nl ? end + 1 : h->len;
        if (cg_shape_reader_take(&rd, p, NULL))
            return true;
    }
    cg_shape_reader_pause(&rd, NULL);
    return cg_shape_reader_take(&rd, p, NULL);
}

int cli_play_hints_cubes_per_answer(const cli_play_hints *h)
{
    return h ? cubes_before_one_answer(h) : 0;
}

bool cli_play_hints_menu(const cli_play_hints *h, char *ask, size_t asize)
{
    char menu[96];
    return h && find_menu(h, menu, sizeof menu, ask, asize);
}

void cli_play_hints_last(const cli_play_hints *h, char *out, size_t cap)
{
    out[0] = '\0';
    size_t end = h ? h->len : 0;
    while (end > 0) {
        size_t start = end;
        while (start > 0 && h->text[start - 1] != '\n')
            start--;
        size_t a = start, b = end;
        while (a < b && strchr(" \t\r", h->text[a]))
            a++;
        while (b > a && strchr(" \t\r", h->text[b - 1]))
            b--;
        if (b > a) { /* as the terminal shows it: escapes and control bytes left out */
            cgi_visible_text(h->text + a, b - a, out, cap);
            size_t k = strlen(out), lead = strspn(out, " ");
            while (k > lead && out[k - 1] == ' ')
                k--;
            memmove(out, out + lead, k - lead);
            out[k - lead] = '\0';
            if (out[0])
                return;
        }
        end = start > 0 ? start - 1 : 0;
    }
}

void cli_play_hints_after(const cli_play_hints *h, const cg_play_result *r,
                          const cli_play_given *given)
{
    if (!h || r->won)
        return;
    char menu[96], ask[96];
    if (r->rounds_passed == 0 && r->rounds_answered > 0 && !given->goal &&
        strstr(r->reason, "the server said")) {
        int cubes = cubes_before_one_answer(h);
        if (cubes >= 2)
            cli_err("play", "hint: the server showed %d cubes before one answer (a goal above "
                    "the cube, such as 'Goal:' then 'Now:'?); if the first one is the goal to "
                    "reach, give --target first", cubes);
    }
    if (r->rounds_answered == 0 && !given->replies &&
        find_menu(h, menu, sizeof menu, ask, sizeof ask))
        cli_err("play", "hint: the server showed a menu ('%s') and asked '%s': answer it with "
                "--reply 'any:%s=N' (N: the choice to send; --replies FILE for several)",
                menu, ask, ask);
}
