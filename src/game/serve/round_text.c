/* serve's round texts for the unseen-challenge variants (round_text.h). Every append is bounded: the
 * length needed is counted on, and nothing is written past size. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/answer.h"
#include "game/serve/round_text.h"

/* Appends like snprintf at buf + len, never past size; returns the new length needed. */
static size_t put(char *buf, size_t size, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, fmt, ap);
    va_end(ap);
    return k < 0 ? len : len + (size_t)k;
}

bool cgi_round_special(const cgi_round_style *d, bool goal)
{
    return goal || d->layout || (d->across && strcmp(d->across, "LFRB") != 0) ||
           d->show == CG_SHAPE_DICT || d->show == CG_SHAPE_JSON;
}

static void puzzle_of(const uint8_t *faces, int n, unsigned hidden, cg_puzzle *p)
{
    cg_puzzle_clear_size(p, n);
    for (int i = 0; i < 6 * n * n; i++) {
        if ((hidden >> (i / (n * n))) & 1)
            continue;
        char letter = cg_face_letter(faces[i]);
        cg_puzzle_set(p, i, &letter, 1, NULL);
    }
    p->faces_shown = (uint8_t)(0x3f & ~hidden);
}

/* The sticker's text in the colours (what cg_puzzle_format_shape writes for one sticker). */
static const char *sticker_text(const cg_puzzle *p, int i, cg_colours colours, char *t, size_t cap)
{
    static const char *const words[] = {"white", "yellow", "green", "blue", "orange", "red"};
    static const int sgr[] = {47, 43, 42, 44, 45, 41};
    int c = p->sticker[i];
    int face = c == CG_UNKNOWN ? -1 : cg_face_from_letter(p->colour[c][0]);
    if (face < 0)
        snprintf(t, cap, "?");
    else if (colours == CG_COLOURS_WORDS)
        snprintf(t, cap, "%s", words[face]);
    else if (colours == CG_COLOURS_DIGITS)
        snprintf(t, cap, "%d", face);
    else if (colours == CG_COLOURS_ANSI)
        snprintf(t, cap, "\x1b[%dm  \x1b[0m", sgr[face]);
    else
        snprintf(t, cap, "%c", cg_face_letter(face));
    return t;
}

/* The template with each facelet name (U1 .. B9 in Kociemba's numbering) replaced. */
static size_t draw_layout(const cgi_round_style *d, const cg_puzzle *p, char *buf, size_t size,
                          size_t len)
{
    int n = p->size, per = n * n;
    const char *s = d->layout;
    char t[32];
    for (size_t i = 0; s[i];) {
        bool name = strchr("URFDLB", s[i]) && s[i] && s[i + 1] >= '1' && s[i + 1] <= '0' + per;
        if (name) {
            int idx = cg_face_from_letter(s[i]) * per + (s[i + 1] - '1');
            len = put(buf, size, len, "%s", sticker_text(p, idx, d->colours, t, sizeof t));
            i += 2;
        } else {
            len = put(buf, size, len, "%c", s[i]);
            i++;
        }
    }
    if (!*s || s[strlen(s) - 1] != '\n')
        len = put(buf, size, len, "\n");
    return len;
}

static size_t draw(const cgi_round_style *d, const uint8_t *faces, int n, unsigned hidden, char *buf,
                   size_t size, size_t len)
{
    cg_puzzle p, q;
    puzzle_of(faces, n, hidden, &p);
    if (d->layout)
        return draw_layout(d, &p, buf, size, len);
    cg_shape shape = d->show == CG_SHAPE_AUTO ? CG_SHAPE_BOXES : d->show;
    if (d->across && strcmp(d->across, "LFRB") != 0 && (shape == CG_SHAPE_NET ||
                                                         shape == CG_SHAPE_ANSI)) {
        /* slot k of the row across shows face across[k] */
        static const int lfrb[4] = {CG_L, CG_F, CG_R, CG_B};
        int per = n * n;
        q = p;
        for (int k = 0; k < 4; k++)
            memcpy(&q.sticker[lfrb[k] * per], &p.sticker[cg_face_from_letter(d->across[k]) * per],
                   (size_t)per);
        p = q;
    }
    if (shape == CG_SHAPE_BOXES && d->colours == CG_COLOURS_LETTERS)
        return len + cg_puzzle_format_boxes(&p, len < size ? buf + len : NULL,
                                            len < size ? size - len : 0);
    cgi_puzzle_in_order(&p, shape == CG_SHAPE_STRING ? d->order : NULL, &q);
    return len + cg_puzzle_format_shape(&q, shape, d->colours, len < size ? buf + len : NULL,
                                        len < size ? size - len : 0);
}

size_t cgi_round_text(const cgi_round_style *d, int index, int rounds, int n, const uint8_t *goal,
                      const uint8_t *cube, unsigned hidden, const char *prompt, char *buf,
                      size_t size)
{
    size_t len = put(buf, size, 0, "=== Round %d/%d ===\n", index, rounds);
    if (goal) {
        len = put(buf, size, len, "Goal:\n");
        len = draw(d, goal, n, hidden, buf, size, len);
        len = put(buf, size, len, "Now:\n");
    } else {
        len = put(buf, size, len, "Here is the cube:\n");
    }
    len = draw(d, cube, n, hidden, buf, size, len);
    return put(buf, size, len, "%s\n", prompt);
}

size_t cgi_round_text_max(const cgi_round_style *d, int n, bool goal, size_t prompt_len)
{
    /* the longest sticker is an ANSI cell (13 bytes) or a word (6), each at most 15 bytes
     * with its separators; a layout's names are 2 bytes each, its text at most its length */
    size_t per_cube = d->layout ? 8 * strlen(d->layout) + 2 : (size_t)(6 * n * n) * 20 + 512;
    return 64 + (goal ? 2 * per_cube + 16 : per_cube) + prompt_len + 2;
}
