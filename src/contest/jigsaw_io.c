/* The jigsaw problem's text: puzzle lines, and the whole input with its line numbers. */
#include "cubegod/jigsaw.h"

#include <errno.h>
#include <string.h>

static const char SYMBOLS[] = "RGBWrgbw";

int cg_jigsaw_symbol(char c)
{
    const char *s = c ? strchr(SYMBOLS, c) : NULL;
    return s ? (int)(s - SYMBOLS) : -1;
}

char cg_jigsaw_symbol_char(int code) { return SYMBOLS[code & 7]; }

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

/* Up to 16 bytes of user text for a message; anything unprintable becomes '?'. */
static void excerpt(const char *s, size_t len, char out[24])
{
    size_t n = len > 16 ? 16 : len;
    for (size_t i = 0; i < n; i++)
        out[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
    snprintf(out + n, 24 - n, "%s", len > n ? "..." : "");
}

/* One piece: the token of len bytes at 1-based column col, the index-th piece of its line. */
static cg_status parse_piece(const char *tok, size_t len, size_t col, int index, cg_jigsaw *out,
                             cg_error *err)
{
    char text[24];
    excerpt(tok, len, text);
    if (index == CG_JIGSAW_PIECES)
        return cg_fail(err, CG_ERR_INPUT, "a 10th piece '%s' at column %zu; a puzzle has 9",
                       text, col);
    for (size_t i = 0; i < len; i++) {
        if (cg_jigsaw_symbol(tok[i]) >= 0)
            continue;
        unsigned char c = (unsigned char)tok[i];
        if (c >= 0x20 && c < 0x7f)
            return cg_fail(err, CG_ERR_INPUT,
                           "'%c' at column %zu is not a symbol (R G B W r g b w)", c, col + i);
        return cg_fail(err, CG_ERR_INPUT,
                       "byte 0x%02x at column %zu is not a symbol (R G B W r g b w)", c, col + i);
    }
    if (len != CG_JIGSAW_SIDES)
        return cg_fail(err, CG_ERR_INPUT, "piece %d '%s' at column %zu has %zu symbols; a piece has 4",
                       index + 1, text, col, len);
    for (int s = 0; s < CG_JIGSAW_SIDES; s++)
        out->piece[index][s] = (uint8_t)cg_jigsaw_symbol(tok[s]);
    return CG_OK;
}

cg_status cg_jigsaw_parse(const char *line, size_t len, cg_jigsaw *out, cg_error *err)
{
    int pieces = 0;
    size_t i = 0;
    for (;;) {
        while (i < len && is_blank(line[i]))
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && !is_blank(line[i]))
            i++;
        cg_status st = parse_piece(line + start, i - start, start + 1, pieces, out, err);
        if (st != CG_OK)
            return st;
        pieces++;
    }
    if (pieces != CG_JIGSAW_PIECES)
        return cg_fail(err, CG_ERR_INPUT, "%d piece%s; a puzzle has 9", pieces, pieces == 1 ? "" : "s");
    return CG_OK;
}

void cg_jigsaw_format(const cg_jigsaw *p, char buf[CG_JIGSAW_LINE + 1])
{
    char *o = buf;
    for (int i = 0; i < CG_JIGSAW_PIECES; i++) {
        if (i)
            *o++ = ' ';
        for (int s = 0; s < CG_JIGSAW_SIDES; s++)
            *o++ = cg_jigsaw_symbol_char(p->piece[i][s]);
    }
    *o = '\0';
}

/* The input as numbered lines, each at most CG_JIGSAW_LINE_MAX bytes without its "\n" or
 * "\r\n". */
typedef struct reader {
    FILE *in;
    long line; /* number of the line in buf */
    size_t len;
    bool eof;  /* no line was left: buf holds nothing */
    char buf[CG_JIGSAW_LINE_MAX + 1];
} reader;

static cg_status next_line(reader *r, cg_error *err)
{
    int ch;
    r->len = 0;
    r->line++;
    while ((ch = getc(r->in)) != EOF && ch != '\n') {
        if (r->len == CG_JIGSAW_LINE_MAX)
            return cg_fail(err, CG_ERR_LIMIT, "line %ld: longer than %d characters", r->line,
                           CG_JIGSAW_LINE_MAX);
        r->buf[r->len++] = (char)ch;
    }
    if (ch == EOF && ferror(r->in))
        return cg_fail(err, CG_ERR_SYSTEM, "line %ld: reading failed: %s", r->line, strerror(errno));
    r->eof = ch == EOF && r->len == 0;
    if (r->len && r->buf[r->len - 1] == '\r')
        r->len--;
    r->buf[r->len] = '\0';
    return CG_OK;
}

static bool blank_line(const reader *r)
{
    for (size_t i = 0; i < r->len; i++)
        if (!is_blank(r->buf[i]))
            return false;
    return true;
}

/* The first line: the number of puzzles, digits only, blanks around allowed. */
static cg_status parse_total(const reader *r, long long *total, cg_error *err)
{
    size_t a = 0, b = r->len;
    while (a < b && is_blank(r->buf[a]))
        a++;
    while (b > a && is_blank(r->buf[b - 1]))
        b--;
    char text[24];
    excerpt(r->buf + a, b - a, text);
    if (r->eof)
        return cg_fail(err, CG_ERR_INPUT, "line 1: the input is empty; expected the number of puzzles");
    if (a == b)
        return cg_fail(err, CG_ERR_INPUT, "line 1: empty; expected the number of puzzles");
    if (strspn(r->buf + a, "0123456789") < b - a)
        return cg_fail(err, CG_ERR_INPUT, "line 1: '%s' is not a number of puzzles", text);
    if (b - a > 18)
        return cg_fail(err, CG_ERR_INPUT, "line 1: '%s' is too large a number of puzzles", text);
    *total = 0;
    for (size_t i = a; i < b; i++)
        *total = *total * 10 + (r->buf[i] - '0');
    return CG_OK;
}

/* Reads and counts the puzzle lines, writing each count at once. */
static cg_status count_puzzles(reader *r, long long total, FILE *out, long long *done, cg_error *err)
{
    for (*done = 0; *done < total; ++*done) {
        cg_status st = next_line(r, err);
        if (st != CG_OK)
            return st;
        if (r->eof)
            return cg_fail(err, CG_ERR_INPUT,
                           "line %ld: the input ends after %lld of the %lld puzzles line 1 announces",
                           r->line, *done, total);
        cg_jigsaw p;
        if (cg_jigsaw_parse(r->buf, r->len, &p, err) != CG_OK)
            return cg_error_prefix(CG_ERR_INPUT, err, "line %ld: ", r->line);
        fprintf(out, "%llu\n", (unsigned long long)cg_jigsaw_count(&p));
    }
    return CG_OK;
}

/* After the N puzzles only blank lines may follow: anything else would be silently ignored. */
static cg_status expect_end(reader *r, long long total, cg_error *err)
{
    for (;;) {
        cg_status st = next_line(r, err);
        if (st != CG_OK || r->eof)
            return st;
        if (!blank_line(r))
            return cg_fail(err, CG_ERR_INPUT,
                           "line %ld: more text after the %lld puzzles line 1 announces", r->line,
                           total);
    }
}

cg_status cg_jigsaw_run(FILE *in, FILE *out, long long *counted, cg_error *err)
{
    reader r = {.in = in};
    long long total = 0, done = 0;
    cg_status st = next_line(&r, err);
    if (st == CG_OK)
        st = parse_total(&r, &total, err);
    if (st == CG_OK)
        st = count_puzzles(&r, total, out, &done, err);
    if (st == CG_OK)
        st = expect_end(&r, total, err);
    if (counted)
        *counted = done;
    if (fflush(out) != 0 || ferror(out))
        return cg_fail(err, CG_ERR_SYSTEM, "writing the counts failed: %s", strerror(errno));
    return st;
}
