/* A cube printed as a Python repr or JSON: a mapping from face names to stickers (one string, a
 * list, a list of rows), possibly inside another mapping, or a list of six faces in the reader's
 * order. The lines are gathered until the brackets close (dict_line), then parsed here. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "read/shapes_internal.h"
#include "puzzle/reader.h"

#define LEAVES_MAX 64
/* Brackets inside one cube: leaves() and mapping() both recurse, and a mapping level holds
 * about 3 KB of stack (its leaves), so a server's "{a: {a: ..." cannot run the stack out. */
#define DEPTH_MAX 16

typedef struct parser {
    const char *s;
    size_t i, n;
    int depth;
} parser;

static void skip_space(parser *p)
{
    while (p->i < p->n && (isspace((unsigned char)p->s[p->i]) || p->s[p->i] == ','))
        p->i++;
}

/* A string literal ('...' or "...", backslash escapes kept as the escaped byte) or a bare word or
 * number; false at anything else. */
static bool scalar(parser *p, char *out, size_t cap)
{
    size_t k = 0;
    char q = p->s[p->i];
    if (q == '"' || q == '\'') {
        p->i++;
        while (p->i < p->n && p->s[p->i] != q) {
            if (p->s[p->i] == '\\' && p->i + 1 < p->n)
                p->i++;
            if (k + 1 < cap)
                out[k++] = p->s[p->i];
            p->i++;
        }
        if (p->i >= p->n)
            return false;
        p->i++;
    } else {
        while (p->i < p->n && (isalnum((unsigned char)p->s[p->i]) || p->s[p->i] == '_' ||
                               p->s[p->i] == '?' || p->s[p->i] == '-')) {
            if (k + 1 < cap)
                out[k++] = p->s[p->i];
            p->i++;
        }
        if (k == 0)
            return false;
    }
    out[k] = '\0';
    return true;
}

/* A mapping's key and its ':' at p, past both (false: no key, or no ':' after it). */
static bool key_colon(parser *p, char *key, size_t cap)
{
    if (!scalar(p, key, cap))
        return false;
    skip_space(p);
    if (p->i >= p->n || p->s[p->i] != ':')
        return false;
    p->i++;
    return true;
}

/* A value's leaves (strings split at blanks), in order; false on a syntax error. Mappings
 * inside are skipped (their leaves are not stickers). */
static bool leaves(parser *p, char out[][CGI_TOK], int *n, bool keep)
{
    skip_space(p);
    if (p->i >= p->n || ++p->depth > DEPTH_MAX)
        return false;
    char c = p->s[p->i];
    bool ok = true;
    if (c == '[' || c == '(' || c == '{') {
        char close = c == '[' ? ']' : c == '(' ? ')' : '}';
        p->i++;
        for (;;) {
            skip_space(p);
            if (p->i >= p->n) {
                ok = false;
                break;
            }
            if (p->s[p->i] == close) {
                p->i++;
                break;
            }
            if (c == '{') { /* key: value, not stickers */
                char key[CGI_TOK];
                skip_space(p);
                if (!key_colon(p, key, sizeof key))
                    return false;
            }
            if (!leaves(p, out, n, keep && c != '{')) {
                ok = false;
                break;
            }
        }
    } else {
        char text[CGI_TOK];
        if (!scalar(p, text, sizeof text))
            return false;
        for (char *t = text; *t && keep;) {
            size_t k = strcspn(t, " \t");
            if (k && *n < LEAVES_MAX)
                snprintf(out[*n], CGI_TOK, "%.*s", (int)k, t);
            *n += k > 0;
            t += k;
            t += strspn(t, " \t");
        }
    }
    p->depth--;
    return ok;
}

/* The stickers of one face from its leaves: one each, or characters of equal groups. */
static bool face_stickers(char leaf[][CGI_TOK], int n, int per, char out[9][CGI_TOK])
{
    if (per > 9 || n <= 0) /* "[]": no leaf to measure */
        return false;
    if (n == per) {
        memcpy(out, leaf, sizeof leaf[0] * (size_t)per);
        return true;
    }
    size_t len = strlen(leaf[0]);
    if (n > per || len * (size_t)n != (size_t)per)
        return false;
    for (int i = 0; i < n; i++) {
        if (strlen(leaf[i]) != len)
            return false;
        for (size_t j = 0; j < len; j++) {
            int at = i * (int)len + (int)j;
            if (at >= 9)
                return false;
            out[at][0] = leaf[i][j];
            out[at][1] = '\0';
        }
    }
    return true;
}

/* A mapping of faces at p (after its '{'). Returns the faces found (0: not a cube mapping),
 * -1 on a bad face; nested mappings are searched when this one names no face. */
static int mapping(parser *p, cg_puzzle *pz, char *order, cg_error *err)
{
    int faces = 0, size = 0;
    unsigned seen = 0;
    for (;;) {
        skip_space(p);
        if (p->i >= p->n)
            return faces;
        if (p->s[p->i] == '}') {
            p->i++;
            return faces;
        }
        char key[CGI_TOK];
        if (!key_colon(p, key, sizeof key))
            return faces;
        skip_space(p);
        int f = cgi_face_named(key, strlen(key));
        if (f < 0 && faces == 0 && p->i < p->n && p->s[p->i] == '{') {
            parser q = *p;
            q.i++;
            if (++q.depth > DEPTH_MAX)
                return cg_fail(err, CG_ERR_INPUT, "brackets nested deeper than %d levels (key '%s')",
                               DEPTH_MAX, key), -1;
            int inner = mapping(&q, pz, order, err);
            if (inner != 0)
                return inner;
        }
        char leaf[LEAVES_MAX][CGI_TOK];
        int n = 0;
        if (!leaves(p, leaf, &n, true)) {
            if (p->depth > DEPTH_MAX) /* leaves stopped at the bound, not at a syntax error */
                return cg_fail(err, CG_ERR_INPUT, "brackets nested deeper than %d levels (key '%s')",
                               DEPTH_MAX, key), -1;
            return faces ? cg_fail(err, CG_ERR_INPUT, "face %s: not a list or string of stickers",
                                   key), -1 : 0;
        }
        if (f < 0)
            continue;
        if (seen & (1u << f))
            return cg_fail(err, CG_ERR_INPUT, "face %c given twice (key '%s')", cg_face_letter(f),
                           key), -1;
        int chars = 0;
        for (int i = 0; i < n && i < LEAVES_MAX; i++)
            chars += (int)strlen(leaf[i]);
        if (!size)
            size = n == 9 || chars == 9 ? 3 : n == 4 || chars == 4 ? 2 : 0;
        char st[9][CGI_TOK];
        int per = size * size;
        if (!size || n > LEAVES_MAX || !face_stickers(leaf, n, per, st))
            return cg_fail(err, CG_ERR_INPUT, "face %s has %d stickers (%d characters), not %s",
                           key, n, chars, size ? (size == 3 ? "9" : "4") : "4 or 9"), -1;
        if (!faces)
            cg_puzzle_clear_size(pz, size);
        for (int k = 0; k < per; k++)
            if (cgi_set(pz, f * per + k, st[k], err) != CG_OK)
                return cg_error_prefix(CG_ERR_INPUT, err, "face %s: ", key), -1;
        seen |= 1u << f;
        pz->faces_shown = (uint8_t)seen;
        order[faces++] = cg_face_letter(f);
    }
}

/* A list of six faces in `order` (or of all stickers, as a string in `order`). */
static int face_list(parser *p, const char *order, cg_puzzle *pz, char *given, cg_error *err)
{
    char leaf[LEAVES_MAX][CGI_TOK];
    int n = 0;
    parser q = *p;
    if (!leaves(&q, leaf, &n, true))
        return 0;
    if (n != 24 && n != 54) {
        /* a list of six face strings such as ["WWWWWWWWW", ...] */
        if (n != 6)
            return 0;
        size_t len = strlen(leaf[0]);
        if (len != 4 && len != 9)
            return 0;
        char flat[LEAVES_MAX][CGI_TOK];
        for (int i = 0; i < 6; i++) {
            if (strlen(leaf[i]) != len)
                return 0;
            for (size_t j = 0; j < len; j++)
                snprintf(flat[i * (int)len + (int)j], CGI_TOK, "%c", leaf[i][j]);
        }
        n = 6 * (int)len;
        memcpy(leaf, flat, sizeof leaf[0] * (size_t)n);
    }
    if (strcmp(order, "net") == 0)
        order = "UDFBLR";
    int size = n == 54 ? 3 : 2;
    cg_puzzle_clear_size(pz, size);
    for (int i = 0; i < n; i++)
        if (cgi_set(pz, cgi_string_index(order, size, i), leaf[i], err) != CG_OK)
            return -1;
    snprintf(given, 8, "%s", order);
    return 6;
}

int cgi_dict_parse(const char *text, size_t len, const char *order, cg_puzzle *pz, char given[8],
                   cg_error *err)
{
    parser p = {text, 0, len, 0};
    skip_space(&p);
    memset(given, 0, 8); /* the faces' letters go in one by one: the rest stays terminated */
    while (p.i < p.n && p.s[p.i] != '{' && p.s[p.i] != '[')
        p.i++;
    if (p.i >= p.n)
        return 0;
    if (p.s[p.i] == '[')
        return face_list(&p, order, pz, given, err);
    p.i++;
    return mapping(&p, pz, given, err);
}

static bool blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Where a mapping or list starts on a line: at its first '{' or '[' when only a label ending in
 * '=' or ':' stands before it; a '[' must open a list of lists or strings ("[+] ok" is text),
 * or of bare words after a face's label ("U: [W W W W]"). *face: the face the label names ("U:",
 * "front =", "Up:"), -1 for none. */
static long start_of(const char *line, size_t len, int *face)
{
    size_t i = 0;
    *face = -1;
    while (i < len && line[i] != '{' && line[i] != '[')
        i++;
    if (i == len)
        return -1;
    size_t j = i, k = 0;
    int f = -1;
    while (j > 0 && blank(line[j - 1]))
        j--;
    while (k < j && blank(line[k]))
        k++;
    if (k < j) {
        if (line[j - 1] != '=' && line[j - 1] != ':')
            return -1;
        j--;
        while (j > k && blank(line[j - 1]))
            j--;
        f = cgi_face_named(line + k, j - k);
    }
    if (line[i] == '[') {
        size_t m = i + 1;
        while (m < len && blank(line[m]))
            m++;
        if (m < len && line[m] != '[' && line[m] != '"' && line[m] != '\'' && line[m] != '(' &&
            !(isalnum((unsigned char)line[m]) && f >= 0))
            return -1;
    }
    *face = f;
    return (long)i;
}

/* Bracket depth after a line, strings skipped (they do not span lines); *closed: where the
 * bracket that brought the depth to 0 ends, or len. */
static int depth_after(int depth, const char *s, size_t len, size_t *closed)
{
    char q = 0;
    *closed = len;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (q) {
            if (c == '\\')
                i++;
            else if (c == q)
                q = 0;
        } else if (c == '"' || c == '\'') {
            q = c;
        } else if (c == '{' || c == '[' || c == '(') {
            depth++;
        } else if (c == '}' || c == ']' || c == ')') {
            if (--depth == 0 && *closed == len)
                *closed = i + 1;
        }
    }
    return depth;
}

static cg_status dict_done(cg_shape_reader *r, long last, cg_error *err)
{
    cg_puzzle p;
    char given[8];
    cg_error e;
    int faces = cgi_dict_parse(r->dict.buf, r->dict.len, r->order, &p, given, &e);
    long first = r->dict.first;
    r->dict.depth = 0;
    r->dict.len = 0;
    if (faces < 0)
        return cg_fail(err, CG_ERR_INPUT, "a Python or JSON cube (lines %ld-%ld): %s", first,
                       last, e.msg);
    if (faces >= CG_FACES - 1) {
        cgi_push(r, &p, CG_SHAPE_DICT, false, first, last, given);
        return CG_OK;
    }
    if (faces > 0 || r->mode == CG_SHAPE_DICT)
        return cg_fail(err, CG_ERR_INPUT, "a Python or JSON cube (lines %ld-%ld): %d face%s (%s), "
                       "at least five are needed, named U D F B L R (or up, front, ...)", first,
                       last, faces, faces == 1 ? "" : "s", faces ? given : "no key is a face");
    return CG_OK;
}

/* The faces given so far as labelled lists, one a line ("U: ['W', 'W', 'W', 'W']"), closed into
 * one mapping: a cube when five or six were given (their last line `last`), nothing when fewer
 * (a menu's "L: ['easy', 'hard']" is no cube). */
static cg_status keyed_done(cg_shape_reader *r, long last, cg_error *err)
{
    int keyed = r->dict.keyed;
    r->dict.keyed = 0;
    r->dict.in_key = false;
    if (keyed < CG_FACES - 1 && r->mode != CG_SHAPE_DICT) {
        r->dict.len = 0;
        return CG_OK;
    }
    r->dict.buf[r->dict.len++] = '}'; /* room kept for it when each line was taken */
    return dict_done(r, last, err);
}

cg_status cgi_dict_line(cg_shape_reader *r, const char *line, size_t len, bool *consumed,
                        cg_error *err)
{
    *consumed = false;
    size_t from = 0;
    char key[8] = ""; /* a labelled list's face, as the mapping's key */
    if (r->dict.depth == 0) {
        int face;
        long at = start_of(line, len, &face);
        if (r->dict.keyed > 0 && face < 0) { /* the labelled lists ended on the line before */
            cg_status st = keyed_done(r, r->lineno - 1, err);
            if (st != CG_OK || at < 0)
                return st;
        }
        if (at < 0)
            return CG_OK;
        from = (size_t)at;
        if (face >= 0) {
            snprintf(key, sizeof key, "%s'%c': ", r->dict.keyed ? "" : "{", "UDFBLR"[face]);
            r->dict.in_key = true;
        }
        if (r->dict.keyed == 0) {
            r->dict.first = r->lineno;
            r->dict.lines = 0;
            r->dict.len = 0;
        }
    }
    *consumed = true;
    size_t take = len - from, pre = strlen(key), closed;
    int depth = depth_after(r->dict.depth, line + from, take, &closed);
    if (r->dict.in_key && closed < take) { /* what follows a face's list is no sticker */
        take = closed;
        depth = 0;
    }
    if (r->dict.len + pre + take + 2 >= sizeof r->dict.buf || ++r->dict.lines > 500) {
        long first = r->dict.first;
        r->dict.depth = 0;
        r->dict.len = 0;
        r->dict.keyed = 0;
        r->dict.in_key = false;
        return cg_fail(err, CG_ERR_INPUT, "a Python or JSON cube (from line %ld): longer than %zu "
                       "bytes or 500 lines without its closing bracket", first,
                       sizeof r->dict.buf);
    }
    memcpy(r->dict.buf + r->dict.len, key, pre);
    r->dict.len += pre;
    memcpy(r->dict.buf + r->dict.len, line + from, take);
    r->dict.len += take;
    r->dict.buf[r->dict.len++] = '\n';
    r->dict.depth = depth > 0 ? depth : 0; /* closers past the first level: a mapping's end */
    if (r->dict.depth > 0)
        return CG_OK;
    if (!r->dict.in_key)
        return dict_done(r, r->lineno, err);
    r->dict.in_key = false;
    if (++r->dict.keyed == CG_FACES)
        return keyed_done(r, r->lineno, err);
    return CG_OK;
}

/* At a pause or the end: labelled lists gathered are closed; a mapping still open is cut off
 * (an error at the end only: at a pause the rest may come). */
cg_status cgi_dict_stop(cg_shape_reader *r, bool end, cg_error *err)
{
    if (r->dict.depth == 0 && r->dict.keyed > 0)
        return keyed_done(r, r->lineno, err);
    if (!end || r->dict.depth == 0)
        return CG_OK;
    long first = r->dict.first;
    r->dict.depth = 0;
    r->dict.len = 0;
    r->dict.keyed = 0;
    r->dict.in_key = false;
    return cg_fail(err, CG_ERR_INPUT, "a Python or JSON cube (from line %ld): cut off by the end of "
                   "input before its closing bracket", first);
}
