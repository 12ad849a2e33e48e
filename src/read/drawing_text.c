/* A drawing's text cut into lines and characters (UTF-8 graphemes), and a row of stickers read
 * off one line (drawing_internal.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/drawing_internal.h"
#include "read/shapes_internal.h"

static bool is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

/* One code point at s (n bytes left): its length; an invalid or cut sequence is one byte. */
static size_t utf8_at(const unsigned char *s, size_t n, uint32_t *cp)
{
    size_t len = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
               : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || len > n) {
        *cp = 0xFFFD;
        return 1;
    }
    uint32_t v = len == 1 ? s[0] : s[0] & (0x7F >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return 1;
        }
        v = v << 6 | (s[i] & 0x3F);
    }
    *cp = v;
    return len;
}

/* Code points that belong to the character before them: combining marks, variation selectors,
 * skin tones, tags, the zero-width joiner. */
static bool extends(uint32_t cp)
{
    return (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0x200D ||
           (cp >= 0x1F3FB && cp <= 0x1F3FF) || (cp >= 0xE0020 && cp <= 0xE007F) ||
           (cp >= 0xE0100 && cp <= 0xE01EF);
}

static bool regional(uint32_t cp) { return cp >= 0x1F1E6 && cp <= 0x1F1FF; }

size_t cgi_grapheme(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    uint32_t cp, next;
    size_t len = utf8_at(s, n, &cp);
    bool joiner = false;
    int flags = regional(cp);
    while (len < n && !is_blank(s[len]) && s[len] != '\n') {
        size_t k = utf8_at(s + len, n - len, &next);
        if (!(extends(next) || joiner || (flags == 1 && regional(next))))
            break;
        flags += regional(next);
        joiner = next == 0x200D;
        len += k;
    }
    return len;
}

/* '|' and the box-drawing block U+2500..U+257F: lines between stickers, never stickers. */
static bool is_bar(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    return (len == 1 && s[0] == '|') || (len == 3 && u[0] == 0xE2 && (u[1] == 0x94 || u[1] == 0x95));
}

static bool is_rule(const char *s, size_t len)
{
    return is_bar(s, len) || (len == 1 && (s[0] == '+' || s[0] == '-' || s[0] == '='));
}

/* A colour cell at text[i] (an ESC): the colour escape, the characters it colours (blanks too)
 * up to the next escape or the line's end, and that escape when it is a reset; its end, or i
 * when the escape sets no colour. */
static size_t ansi_cell(const char *text, size_t len, size_t i)
{
    bool colour;
    size_t k = cgi_ansi_escape(text, len, i, &colour);
    if (!colour)
        return i;
    while (k < len && text[k] != '\n' && text[k] != 0x1b && text[k] != '\0')
        k += cgi_grapheme(text + k, len - k);
    while (k > i && text[k - 1] == '\r')
        k--;
    if (k < len && text[k] == 0x1b) {
        size_t e = cgi_ansi_escape(text, len, k, &colour);
        k = colour ? k : e;
    }
    return k;
}

cg_status cgi_text_split(cgi_text *t, const char *text, size_t len, cg_error *err)
{
    memset(t, 0, sizeof *t);
    t->text = text;
    t->len = len;
    size_t lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    t->line = calloc(lines, sizeof *t->line);
    t->g = malloc((len + 1) * sizeof *t->g);
    if (!t->line || !t->g) {
        cgi_text_free(t);
        return cg_fail(err, CG_ERR_NOMEM, "no memory for a text of %zu bytes", len);
    }
    size_t i = 0;
    while (i < len || t->nlines == 0) {
        cgi_line *l = &t->line[t->nlines++];
        l->off = i;
        l->first = t->ng;
        bool rule = true, gap = true;
        while (i < len && text[i] != '\n') {
            if (is_blank((unsigned char)text[i])) {
                i++;
                gap = true;
                continue;
            }
            if (text[i] == 0x1b) { /* a colour cell is one character, other escapes nothing */
                size_t k = ansi_cell(text, len, i);
                if (k > i) {
                    cgi_cell *g = &t->g[t->ng++];
                    *g = (cgi_cell){.off = i, .len = (uint32_t)(k - i), .joined = !gap};
                    rule = gap = false;
                    i = k;
                } else {
                    bool colour;
                    i = cgi_ansi_escape(text, len, i, &colour);
                }
                continue;
            }
            if (text[i] == '\0') {
                size_t col = i - l->off + 1;
                cgi_text_free(t);
                return cg_fail(err, CG_ERR_INPUT, "line %d: a NUL byte (column %zu)", t->nlines, col);
            }
            size_t k = cgi_grapheme(text + i, len - i);
            cgi_cell *g = &t->g[t->ng++];
            g->off = i;
            g->len = (uint32_t)k;
            g->bar = is_bar(text + i, k);
            g->joined = !gap;
            rule &= is_rule(text + i, k);
            gap = false;
            i += k;
        }
        l->len = i - l->off;
        while (l->len && text[l->off + l->len - 1] == '\r')
            l->len--;
        l->ng = t->ng - l->first;
        l->blank = l->ng == 0;
        l->rule = !l->blank && rule;
        l->end = i < len ? i + 1 : i;
        i = l->end;
        if (i == len)
            break;
    }
    return CG_OK;
}

void cgi_text_free(cgi_text *t)
{
    free(t->line);
    free(t->g);
    t->line = NULL;
    t->g = NULL;
}

/* The words of a line that are not only bars, as spans; returns their count (at most max
 * stored, all counted). */
static int words(const cgi_text *t, const cgi_line *l, size_t from, cgi_span *out, int max)
{
    int n = 0;
    for (int j = 0; j < l->ng;) {
        const cgi_cell *g = &t->g[l->first + j];
        if (g->off < from) {
            j++;
            continue;
        }
        int k = j + 1;
        bool bars = g->bar;
        while (k < l->ng && t->g[l->first + k].joined) {
            bars &= t->g[l->first + k].bar;
            k++;
        }
        if (!bars) {
            if (n < max) {
                const cgi_cell *last = &t->g[l->first + k - 1];
                out[n].off = g->off;
                out[n].len = (uint32_t)(last->off + last->len - g->off);
            }
            n++;
        }
        j = k;
    }
    return n;
}

static int chars(const cgi_text *t, const cgi_line *l, size_t from, bool with_bars, cgi_span *out,
                 int max)
{
    int n = 0;
    for (int j = 0; j < l->ng; j++) {
        const cgi_cell *g = &t->g[l->first + j];
        if (g->off < from || (g->bar && !with_bars))
            continue;
        if (n < max) {
            out[n].off = g->off;
            out[n].len = g->len;
        }
        n++;
    }
    return n;
}

bool cgi_line_stickers(const cgi_text *t, int line, size_t from, int k, cgi_span *out)
{
    const cgi_line *l = &t->line[line];
    if (l->blank || k > CGI_ROW_STICKERS)
        return false;
    /* '|' as a sticker only where it does not stand at an end, as a box's sides do */
    bool ends = t->g[l->first].bar || t->g[l->first + l->ng - 1].bar;
    return words(t, l, from, out, k) == k || chars(t, l, from, false, out, k) == k ||
           (!ends && chars(t, l, from, true, out, k) == k);
}

void cgi_line_count(const cgi_text *t, int line, size_t from, char *buf, size_t size)
{
    const cgi_line *l = &t->line[line];
    cgi_span none[1];
    int w = words(t, l, from, none, 0), c = chars(t, l, from, false, none, 0);
    if (w <= 1 || w == c)
        snprintf(buf, size, "%d sticker%s", c, c == 1 ? "" : "s");
    else
        snprintf(buf, size, "%d words (%d characters)", w, c);
}
