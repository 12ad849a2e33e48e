/* One line as tokens: plain words, and ANSI SGR colour cells named after their colour. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "read/shapes_internal.h"

typedef struct item {
    bool colour;
    int col, width;
    int chars; /* code points appended, as the line decodes them */
    char text[CGI_TOK];
    size_t len;
} item;

typedef struct lexer {
    cgi_row *row;
    item items[CGI_ROW_MAX + 1]; /* the 65th item emits a 65th token: emit marks the row long */
    int nitems;
    bool open_plain, open_run;
    char fg[CG_TOKEN_MAX + 1], bg[CG_TOKEN_MAX + 1];
} lexer;

static item *new_item(lexer *x)
{
    if (x->nitems == CGI_ROW_MAX + 1)
        return NULL;
    item *it = &x->items[x->nitems++];
    memset(it, 0, sizeof *it);
    return it;
}

static void close_tokens(lexer *x)
{
    x->open_plain = false;
    x->open_run = false;
}

/* Names a colour from an SGR code list starting at p[i] (38/48 extended forms). Returns the
 * number of parameters used; name "" when the code sets no colour. */
static int sgr_extended(const long *p, int n, int i, char *name, size_t size)
{
    if (i + 2 < n && p[i + 1] == 5) {
        snprintf(name, size, "c5_%ld", p[i + 2]);
        return 3;
    }
    if (i + 4 < n && p[i + 1] == 2) {
        snprintf(name, size, "rgb%ld_%ld_%ld", p[i + 2], p[i + 3], p[i + 4]);
        return 5;
    }
    name[0] = '\0';
    return n - i; /* malformed: the rest of the list means nothing */
}

static void apply_sgr(lexer *x, const long *p, int n)
{
    if (n == 0) {
        x->fg[0] = x->bg[0] = '\0';
        return;
    }
    for (int i = 0; i < n;) {
        long c = p[i];
        int used = 1;
        if (c == 0) {
            x->fg[0] = x->bg[0] = '\0';
        } else if ((c >= 30 && c <= 37) || (c >= 90 && c <= 97)) {
            snprintf(x->fg, sizeof x->fg, "ansi%ld", c);
        } else if ((c >= 40 && c <= 47) || (c >= 100 && c <= 107)) {
            snprintf(x->bg, sizeof x->bg, "ansi%ld", c);
        } else if (c == 39) {
            x->fg[0] = '\0';
        } else if (c == 49) {
            x->bg[0] = '\0';
        } else if (c == 38) {
            used = sgr_extended(p, n, i, x->fg, sizeof x->fg);
        } else if (c == 48) {
            used = sgr_extended(p, n, i, x->bg, sizeof x->bg);
        }
        i += used;
    }
}

/* Skips an escape sequence at line[i] (line[i] is ESC); applies it when it is SGR. */
static size_t escape(lexer *x, const char *line, size_t len, size_t i)
{
    if (i + 1 >= len)
        return len;
    if (line[i + 1] == ']') { /* OSC: up to BEL or ESC '\' */
        size_t j = i + 2;
        while (j < len && line[j] != '\a' && !(line[j] == 0x1b && j + 1 < len && line[j + 1] == '\\'))
            j++;
        return j < len ? (line[j] == '\a' ? j + 1 : j + 2) : len;
    }
    if (line[i + 1] != '[')
        return i + 2;
    long p[16];
    int n = 0;
    bool digits = false;
    long v = 0;
    size_t j = i + 2;
    for (; j < len; j++) {
        unsigned char c = (unsigned char)line[j];
        if (c >= '0' && c <= '9') {
            if (v < 100000)
                v = v * 10 + (c - '0');
            digits = true;
        } else if (c == ';' || c == ':') {
            if (n < 16)
                p[n++] = digits ? v : 0;
            v = 0;
            digits = false;
        } else if (c >= 0x40 && c <= 0x7e) {
            break;
        } else if (c < 0x20 || c > 0x7e) {
            return j; /* broken off: the byte is ordinary text again */
        }
    }
    if (j == len)
        return len;
    if ((digits || n > 0) && n < 16) /* "40;m": an empty last code is 0, as a terminal reads it */
        p[n++] = digits ? v : 0;
    if (line[j] == 'm') {
        x->open_run = false; /* each colour escape starts a new sticker */
        apply_sgr(x, p, n);
    }
    return j + 1;
}

size_t cgi_ansi_escape(const char *s, size_t len, size_t i, bool *colour)
{
    lexer x;
    x.fg[0] = x.bg[0] = '\0';
    size_t end = escape(&x, s, len, i);
    *colour = x.fg[0] || x.bg[0];
    return end;
}

/* Length of the UTF-8 character at s (1 for a stray byte) and its code point. */
static size_t utf8(const char *s, size_t len, unsigned *cp)
{
    unsigned char c = (unsigned char)s[0];
    size_t n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 1;
    if (n > len)
        n = 1;
    for (size_t k = 1; k < n; k++)
        if (((unsigned char)s[k] & 0xc0) != 0x80)
            n = 1;
    if (n == 1) {
        *cp = c;
        return 1;
    }
    unsigned v = c & (0x7f >> n);
    for (size_t k = 1; k < n; k++)
        v = (v << 6) | ((unsigned char)s[k] & 0x3f);
    *cp = v;
    return n;
}

static bool is_block(unsigned cp) { return (cp >= 0x2580 && cp <= 0x259f) || (cp >= 0x25a0 && cp <= 0x25ff); }
static bool is_box_drawing(unsigned cp) { return cp >= 0x2500 && cp <= 0x257f; }

static void plain_char(lexer *x, const char *s, size_t n, int col)
{
    item *it;
    if (x->open_plain && x->nitems) {
        it = &x->items[x->nitems - 1];
    } else {
        x->open_run = false;
        if (!(it = new_item(x)))
            return;
        it->col = col;
        x->open_plain = true;
    }
    if (it->len + n >= CGI_TOK) {
        if (!x->row->bad) {
            x->row->bad = true;
            x->row->bad_col = it->col;
        }
        return;
    }
    memcpy(it->text + it->len, s, n);
    it->len += n;
    it->chars++;
}

static void colour_cell(lexer *x, const char *name, int col)
{
    x->open_plain = false;
    if (x->open_run && x->nitems && strcmp(x->items[x->nitems - 1].text, name) == 0) {
        x->items[x->nitems - 1].width++;
        return;
    }
    item *it = new_item(x);
    if (!it)
        return;
    it->colour = true;
    it->col = col;
    it->width = 1;
    it->len = strlen(name);
    memcpy(it->text, name, it->len + 1);
    x->open_run = true;
}

static void emit(cgi_row *row, const char *text, int col, int chars, bool colour)
{
    if (row->n == CGI_ROW_MAX) {
        row->long_line = true;
        return;
    }
    snprintf(row->tok[row->n], CGI_TOK, "%s", text);
    row->col[row->n] = col;
    row->chars[row->n] = chars;
    row->colour[row->n] = colour;
    row->n++;
}

void cgi_row_read(const char *line, size_t len, int *cell, cgi_row *row)
{
    static lexer zero;
    lexer x = zero;
    memset(row, 0, offsetof(cgi_row, tok));
    x.row = row;
    int col = 1;
    bool rule_chars = false, other = false;
    for (size_t i = 0; i < len;) {
        if (line[i] == 0x1b) {
            i = escape(&x, line, len, i);
            continue;
        }
        unsigned cp;
        size_t n = utf8(line + i, len - i, &cp);
        bool blank = cp == ' ' || cp == '\t' || cp == '\r' || cp == '\n';
        const char *colour = is_block(cp) && x.fg[0] ? x.fg : x.bg[0] ? x.bg : NULL;
        if (colour) {
            colour_cell(&x, colour, col);
            other = true;
        } else if (blank || cp == '|' || is_box_drawing(cp)) {
            close_tokens(&x);
            rule_chars |= !blank;
        } else {
            if (cp == '+' || cp == '-' || cp == '=')
                rule_chars = true;
            else
                other = true;
            plain_char(&x, line + i, n, col);
        }
        i += n;
        col++;
    }
    /* A run of one colour several cells wide is several stickers: the cell is the narrowest run
     * on this line (or a narrower one seen before that divides it). */
    int narrow = 0, runs = 0;
    for (int k = 0; k < x.nitems; k++)
        if (x.items[k].colour) {
            runs++;
            if (!narrow || x.items[k].width < narrow)
                narrow = x.items[k].width;
        }
    int unit = narrow;
    if (*cell > 0 && narrow > *cell && narrow % *cell == 0)
        unit = *cell;
    if (runs >= 2 && (*cell == 0 || narrow < *cell))
        *cell = narrow;
    for (int k = 0; k < x.nitems; k++) {
        item *it = &x.items[k];
        if (!it->colour) {
            emit(row, it->text, it->col, it->chars, false);
            continue;
        }
        row->ansi = true;
        int many = it->width % unit == 0 ? it->width / unit : 1;
        for (int m = 0; m < many; m++)
            emit(row, it->text, it->col + m * unit, 1, true);
    }
    row->blank = x.nitems == 0 && !rule_chars;
    row->rule = rule_chars && !other;
}

size_t cgi_row_span(const char *line, size_t len, int col, int bytes, size_t *off)
{
    size_t i = 0, escapes = 0; /* where the escapes just before i start */
    bool colour;
    for (int c = 1;; c++) {
        escapes = i;
        while (i < len && line[i] == 0x1b) {
            i = cgi_ansi_escape(line, len, i, &colour);
            escapes = colour ? escapes : i; /* a reset ends the cell before */
        }
        if (c == col || i >= len)
            break;
        unsigned cp;
        i += utf8(line + i, len - i, &cp);
    }
    *off = bytes ? i : escapes;
    if (bytes) {
        size_t k = i;
        for (int left = bytes; k < len && left > 0;) {
            if (line[k] == 0x1b) {
                k = cgi_ansi_escape(line, len, k, &colour);
                continue;
            }
            k++;
            left--;
        }
        return k - i;
    }
    size_t k = i; /* a colour cell: its escape, what it colours up to the next escape, a reset */
    while (k < len && line[k] != 0x1b)
        k++;
    while (k > i && line[k - 1] == '\r')
        k--;
    if (k < len && line[k] == 0x1b) {
        size_t e = cgi_ansi_escape(line, len, k, &colour);
        k = colour ? k : e;
    }
    return k - escapes;
}

/* Code points that belong to the character before them: combining marks, variation selectors,
 * skin tones, tags, the zero-width joiner. */
static bool extends(unsigned cp)
{
    return (cp >= 0x300 && cp <= 0x36F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0x200D ||
           (cp >= 0x1F3FB && cp <= 0x1F3FF) || (cp >= 0xE0020 && cp <= 0xE007F) ||
           (cp >= 0xE0100 && cp <= 0xE01EF);
}

static bool regional(unsigned cp) { return cp >= 0x1F1E6 && cp <= 0x1F1FF; }

/* The grapheme at text (n bytes left, n > 0): its bytes, and in *cps its code points. */
static size_t grapheme(const char *text, size_t n, int *cps)
{
    unsigned cp, next;
    size_t len = utf8(text, n, &cp);
    bool joiner = false;
    int flags = regional(cp);
    *cps = 1;
    while (len < n && text[len] != ' ' && text[len] != '\t' && text[len] != '\r' &&
           text[len] != '\n') {
        size_t k = utf8(text + len, n - len, &next);
        if (!(extends(next) || joiner || (flags == 1 && regional(next))))
            break;
        flags += regional(next);
        joiner = next == 0x200D;
        len += k;
        ++*cps;
    }
    return len;
}

size_t cgi_grapheme(const char *text, size_t n)
{
    int cps;
    return grapheme(text, n, &cps);
}

bool cgi_row_stickers(const cgi_row *row, int k, char out[][CGI_TOK], int *cols)
{
    if (row->long_line || row->n == 0 || k > CGI_ROW_MAX)
        return false;
    if (row->n == k) {
        for (int i = 0; i < k; i++) {
            memcpy(out[i], row->tok[i], CGI_TOK);
            cols[i] = row->col[i];
        }
        return true;
    }
    if (row->n > k || row->ansi)
        return false;
    /* Tokens of equal length (in characters: an emoji with its modifiers is one) whose
     * characters are the k stickers. */
    int each = -1, cps;
    for (int t = 0; t < row->n; t++) {
        int chars = 0, points = 0;
        for (size_t i = 0, l = strlen(row->tok[t]); i < l; chars++, points += cps)
            i += grapheme(row->tok[t] + i, l - i, &cps);
        /* A stray byte before an escape joins the bytes after it into another character: the
         * word's columns would not be the line's. */
        if (points != row->chars[t])
            return false;
        if (each >= 0 && chars != each)
            return false;
        each = chars;
    }
    if (each * row->n != k)
        return false;
    int m = 0;
    for (int t = 0; t < row->n; t++) {
        const char *s = row->tok[t];
        size_t l = strlen(s);
        int c = row->col[t];
        for (size_t i = 0; i < l; m++, c += cps) {
            size_t n = grapheme(s + i, l - i, &cps);
            memcpy(out[m], s + i, n);
            out[m][n] = '\0';
            cols[m] = c;
            i += n;
        }
    }
    return true;
}

int cgi_distinct(char tok[][CGI_TOK], int k)
{
    int d = 0;
    for (int i = 0; i < k; i++) {
        if (strcmp(tok[i], "?") == 0)
            continue;
        int j = 0;
        while (j < i && strcmp(tok[j], tok[i]) != 0)
            j++;
        d += j == i;
    }
    return d;
}
