/* Puzzles as text: the server's face boxes, the compact form, colour schemes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "puzzle/reader.h"

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Trims white space (and so a trailing '\r') from both ends of [*s, *s + *len). */
static void trim(const char **s, size_t *len)
{
    while (*len && is_space(**s)) {
        (*s)++;
        (*len)--;
    }
    while (*len && is_space((*s)[*len - 1]))
        (*len)--;
}

void cg_puzzle_clear_size(cg_puzzle *p, int size)
{
    memset(p, 0, sizeof *p);
    memset(p->sticker, CG_UNKNOWN, sizeof p->sticker);
    p->size = size == 3 ? 3 : 2;
}

void cg_puzzle_clear(cg_puzzle *p) { cg_puzzle_clear_size(p, 2); }

int cg_puzzle_stickers(const cg_puzzle *p) { return p->size == 3 ? 54 : CG_STICKERS; }

cg_status cg_puzzle_set(cg_puzzle *p, int sticker, const char *token, size_t len, cg_error *err)
{
    int nst = cg_puzzle_stickers(p);
    if (sticker < 0 || sticker >= nst)
        return cg_fail(err, CG_ERR_INPUT, "sticker %d is not from 0 to %d", sticker, nst - 1);
    if (len == 0 || len > CG_TOKEN_MAX)
        return cg_fail(err, CG_ERR_INPUT, "colour '%.*s' is %s (1 to %d bytes)",
                       len > 40 ? 40 : (int)len, token, len ? "too long" : "empty", CG_TOKEN_MAX);
    /* Control bytes (a NUL above all) would make a token that prints as something else and
     * never compares equal to itself as a C string. */
    for (size_t i = 0; i < len; i++)
        if (cg_is_control(token[i]))
            return cg_fail(err, CG_ERR_INPUT, "colour token has the control byte 0x%02x",
                           (unsigned char)token[i]);
    /* colour[c] is CG_TOKEN_MAX + 1 bytes and len <= CG_TOKEN_MAX: comparing len bytes and then
     * the terminator is in bounds and spares a strlen per colour per sticker */
    int c = 0;
    while (c < p->ncolours && !(p->colour[c][0] == token[0] && p->colour[c][len] == '\0' &&
                                memcmp(p->colour[c], token, len) == 0))
        c++;
    if (c == p->ncolours) {
        if (c == CG_PUZZLE_STICKERS_MAX) /* cannot happen, one colour a sticker at most */
            return cg_fail(err, CG_ERR_INPUT, "more than %d colours", CG_PUZZLE_STICKERS_MAX);
        memcpy(p->colour[c], token, len);
        p->colour[c][len] = '\0';
        p->ncolours++;
    }
    p->sticker[sticker] = (int8_t)c;
    return CG_OK;
}

int cg_puzzle_faces_known(const cg_puzzle *p)
{
    int n = 0, per = p->size == 3 ? 9 : 4;
    for (int f = 0; f < CG_FACES; f++) {
        int known = 0;
        for (int k = 0; k < per; k++)
            known += p->sticker[f * per + k] != CG_UNKNOWN;
        n += known == per;
    }
    return n;
}

cg_status cg_face_order_check(const char *order, cg_error *err)
{
    size_t n = strlen(order);
    unsigned seen = 0;
    for (size_t i = 0; i < n && i < 6; i++) {
        int f = cg_face_from_letter(order[i]);
        if (f < 0)
            return cg_fail(err, CG_ERR_INPUT, "face order '%.20s': '%c' at position %zu is not a "
                           "face letter (U D F B L R)", order, cg_is_control(order[i]) ? '?' : order[i],
                           i + 1);
        if (seen & (1u << f))
            return cg_fail(err, CG_ERR_INPUT, "face order '%.20s' gives %c twice", order, order[i]);
        seen |= 1u << f;
    }
    if (n != 6)
        return cg_fail(err, CG_ERR_INPUT, "face order '%.20s' has %zu letters, not the six faces "
                       "U D F B L R each once", order, n);
    return CG_OK;
}

static const char *sticker_text(const cg_puzzle *p, int i)
{
    return p->sticker[i] == CG_UNKNOWN ? "?" : p->colour[p->sticker[i]];
}

size_t cg_puzzle_format_boxes(const cg_puzzle *p, char *buf, size_t size)
{
    int n = p->size == 3 ? 3 : 2, per = n * n;
    size_t len = 0;
#define OUT(...)                                                                                   \
    len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, __VA_ARGS__)
    for (int f = 0; f < CG_FACES; f++) {
        if (!cgi_puzzle_face_shown(p, f))
            continue;
        /* Columns widen for long tokens; single letters give the server's "+-----+" (2x2) and
         * "+-------+" (3x3). */
        int w[3] = {0, 0, 0}, ndash = n - 1 + 2;
        for (int c = 0; c < n; c++) {
            for (int r = 0; r < n; r++) {
                int l = (int)strlen(sticker_text(p, f * per + r * n + c));
                w[c] = l > w[c] ? l : w[c];
            }
            ndash += w[c];
        }
        char dashes[3 * CG_TOKEN_MAX + 5];
        memset(dashes, '-', (size_t)ndash);
        dashes[ndash] = '\0';
        OUT("Face %c:\n+%s+\n", cg_face_letter(f), dashes);
        for (int r = 0; r < n; r++) {
            OUT("|");
            for (int c = 0; c < n; c++)
                OUT(" %-*s", w[c], sticker_text(p, f * per + r * n + c));
            OUT(" |\n");
        }
        OUT("+%s+\n", dashes);
    }
#undef OUT
    return len;
}

/* ---- the box reader ---- */

cg_status cg_box_reader_new(cg_box_reader **out, cg_error *err)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for a box reader");
    cg_box_reader_init(*out);
    return CG_OK;
}

void cg_box_reader_free(cg_box_reader *r)
{
    free(r);
}

const cg_puzzle *cg_box_reader_puzzle(const cg_box_reader *r)
{
    return &r->puzzle;
}

void cg_box_reader_init(cg_box_reader *r)
{
    cg_puzzle_clear(&r->puzzle);
    r->face = -1;
    r->line = 0;
    r->boxes = 0;
    r->size = 0;
}

/* "Face X:" with X a face letter; returns the face or -1. */
static int face_header(const char *s, size_t len)
{
    if (len < 7 || memcmp(s, "Face ", 5) != 0)
        return -1;
    size_t i = 5;
    while (i < len && s[i] == ' ')
        i++;
    if (i + 2 != len || s[i + 1] != ':')
        return -1;
    return cg_face_from_letter(s[i]);
}

static bool is_border(const char *s, size_t len)
{
    if (len < 3 || s[0] != '+' || s[len - 1] != '+')
        return false;
    for (size_t i = 1; i + 1 < len; i++)
        if (s[i] != '-')
            return false;
    return true;
}

/* "| a b |": two tokens between bars. Returns false when the line has another shape; a bad
 * token is reported through *st. */
static bool box_row(cg_box_reader *r, const char *s, size_t len, cg_status *st, cg_error *err)
{
    *st = CG_OK;
    if (len < 2 || s[0] != '|' || s[len - 1] != '|')
        return false;
    const char *tok[3];
    size_t tlen[3];
    int n = 0;
    for (size_t i = 1; i + 1 < len;) {
        while (i + 1 < len && is_space(s[i]))
            i++;
        if (i + 1 >= len)
            break;
        if (n == 3)
            return false;
        tok[n] = s + i;
        while (i + 1 < len && !is_space(s[i]))
            i++;
        tlen[n] = (size_t)(s + i - tok[n]);
        n++;
    }
    if (n < 2)
        return false;
    if (r->size && n != r->size) {
        if (r->line != 1 || !r->boxes)
            return false;
        *st = cg_fail(err, CG_ERR_INPUT, "line 2 is a row of a %dx%d but the run's first box is "
                      "a %dx%d: one run of boxes is one cube", n, n, r->size, r->size);
        return true;
    }
    if (!r->size) { /* the run's first row tells its size */
        r->size = n;
        r->puzzle.size = (uint8_t)n;
    }
    int base = r->face * n * n + (r->line - 1) * n;
    for (int k = 0; k < n && *st == CG_OK; k++)
        *st = cg_puzzle_set(&r->puzzle, base + k, tok[k], tlen[k], err);
    return true;
}

/* Drops the run and reports which line of which box was wrong. */
static cg_status box_shape_error(cg_box_reader *r, const char *s, size_t len, cg_error *err)
{
    int face = r->face, line = r->line, size = r->size;
    const char *want;
    if (line == 0 || (size && line == size + 1))
        want = "a border '+-----+'";
    else if (size == 0)
        want = "a row '| a b |' or '| a b c |'";
    else if (size == 2)
        want = line == 1 ? "a row '| a b |'" : "a row '| c d |'";
    else
        want = "a row '| a b c |'";
    cg_box_reader_init(r);
    return cg_fail(err, CG_ERR_INPUT, "Face %c: line %d of the box should be %s, not '%.*s'",
                   cg_face_letter(face), line + 1, want, len > 40 ? 40 : (int)len, s);
}

cg_status cg_box_reader_feed(cg_box_reader *r, const char *line, size_t len, cg_box_event *ev,
                             cg_error *err)
{
    trim(&line, &len);
    *ev = CG_BOX_CONSUMED;
    if (r->face >= 0) {
        cg_status st = CG_OK;
        bool border = r->line == 0 || (r->size && r->line == r->size + 1);
        if (border ? !is_border(line, len) : !box_row(r, line, len, &st, err))
            return box_shape_error(r, line, len, err);
        if (st != CG_OK) {
            int face = r->face;
            cg_box_reader_init(r);
            return cg_error_prefix(st, err, "Face %c: ", cg_face_letter(face));
        }
        if (++r->line == r->size + 2) {
            r->puzzle.faces_shown |= (uint8_t)(1u << r->face);
            r->boxes++;
            r->face = -1;
        }
        return CG_OK;
    }
    int face = face_header(line, len);
    if (face >= 0) {
        if (r->boxes == 0) {
            cg_puzzle_clear(&r->puzzle);
            r->size = 0;
        }
        else if ((r->puzzle.faces_shown >> face) & 1) {
            cg_box_reader_init(r);
            return cg_fail(err, CG_ERR_INPUT, "face %c is given twice", cg_face_letter(face));
        }
        r->face = face;
        r->line = 0;
        return CG_OK;
    }
    if (r->boxes > 0) {
        r->boxes = 0;
        r->size = 0;
        *ev = CG_BOX_PUZZLE;
        return CG_OK;
    }
    *ev = CG_BOX_IGNORED;
    return CG_OK;
}

cg_status cg_box_reader_finish(cg_box_reader *r, bool *have_puzzle, cg_error *err)
{
    *have_puzzle = false;
    if (r->face >= 0) {
        int face = r->face;
        cg_box_reader_init(r);
        return cg_fail(err, CG_ERR_INPUT, "Face %c: the box is cut off by the end of input",
                       cg_face_letter(face));
    }
    *have_puzzle = r->boxes > 0;
    r->boxes = 0;
    r->size = 0;
    return CG_OK;
}

/* ---- colour schemes ---- */

cg_scheme cg_scheme_letters(void)
{
    cg_scheme s;
    memset(&s, 0, sizeof s);
    for (int f = 0; f < CG_FACES; f++)
        s.face[f][0] = cg_face_letter(f);
    return s;
}

cg_status cg_scheme_parse(const char *text, cg_scheme *s, cg_error *err)
{
    memset(s, 0, sizeof *s);
    const char *p = text;
    for (int item = 1;; item++) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int face = len >= 3 && p[1] == '=' ? cg_face_from_letter(p[0]) : -1;
        if (face < 0)
            return cg_fail(err, CG_ERR_INPUT, "scheme item %d '%.*s' is not FACE=COLOUR "
                           "(FACE one of U D F B L R)", item, len > 40 ? 40 : (int)len, p);
        size_t tlen = len - 2;
        if (s->face[face][0])
            return cg_fail(err, CG_ERR_INPUT, "scheme gives face %c twice", cg_face_letter(face));
        if (tlen > CG_TOKEN_MAX)
            return cg_fail(err, CG_ERR_INPUT, "scheme colour for %c is longer than %d bytes",
                           cg_face_letter(face), CG_TOKEN_MAX);
        /* The same rule as for the tokens of a puzzle (cg_puzzle_set). */
        for (size_t i = 0; i < tlen; i++)
            if (is_space(p[2 + i]) || cg_is_control(p[2 + i]))
                return cg_fail(err, CG_ERR_INPUT, "scheme colour for %c contains a blank or "
                               "a control byte", cg_face_letter(face));
        memcpy(s->face[face], p + 2, tlen);
        for (int g = 0; g < CG_FACES; g++)
            if (g != face && strcmp(s->face[g], s->face[face]) == 0)
                return cg_fail(err, CG_ERR_INPUT, "scheme gives colour '%s' to %c and %c",
                               s->face[face], cg_face_letter(g), cg_face_letter(face));
        if (!end)
            break;
        p = end + 1;
    }
    for (int f = 0; f < CG_FACES; f++)
        if (!s->face[f][0])
            return cg_fail(err, CG_ERR_INPUT, "scheme gives no colour for face %c",
                           cg_face_letter(f));
    return CG_OK;
}

bool cgi_puzzle_face_shown(const cg_puzzle *p, int f)
{
    if (p->faces_shown)
        return (p->faces_shown >> f) & 1;
    int per = p->size == 3 ? 9 : 4;
    for (int k = 0; k < per; k++)
        if (p->sticker[f * per + k] == CG_UNKNOWN)
            return false;
    return true;
}
