/* Drawings of any symbols (turn.h): read once, turned sticker by sticker, written back in their
 * own layout. The text is kept whole; a sticker is a byte span of it, and a turn only changes
 * which span each place shows. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/state.h"
#include "cubegod/turn.h"
#include "read/shapes_internal.h"
#include "util/words.h"

typedef struct span { /* a sticker's bytes in the text */
    size_t off;
    uint32_t len;
} span;

typedef struct line_at { /* a line's bytes, without its line end; where the next one starts */
    size_t off, len, end;
} line_at;

struct cg_drawing {
    char *text;
    size_t len;
    int size;
    const char *shape;
    int first, last; /* the drawing's lines, 0-based */
    span at[CG_TURN_STICKERS_MAX]; /* each place's bytes (Kociemba's numbering) */
    int count;
    uint8_t now[CG_TURN_STICKERS_MAX];  /* place i shows the symbol first read at place now[i] */
    uint8_t order[CG_TURN_STICKERS_MAX]; /* places in reading order (by their bytes' offset) */
    int placed;                          /* places in the text: order[0 .. placed) */
    bool single;                         /* every sticker is one character */
    size_t first_off, end_off;           /* the drawing's lines: [first_off, end_off) */
    /* A cube the shape reader reads whose stickers have no place in the text to turn (a dict,
     * a labelled string, five faces, a drawing turn's places read otherwise): its stickers as
     * tokens, rebuilt where hidden, written again in the shape it was read in. */
    bool whole;
    cg_shape whole_shape;
    char tok[CG_TURN_STICKERS_MAX][CG_TOKEN_MAX + 1];
};

/* The symbol first read at place i: its bytes in the text, or the token solve's reading gave. */
static const char *symbol(const cg_drawing *d, int i, size_t *len)
{
    if (d->tok[i][0]) {
        *len = strlen(d->tok[i]);
        return d->tok[i];
    }
    *len = d->at[i].len;
    return d->text + d->at[i].off;
}

/* ---- options ---- */

typedef struct read_options {
    int size;      /* 0: any */
    int across[4]; /* the side faces across a net (cube.h faces) */
    char order[8]; /* a string's face order, or "net" */
} read_options;

typedef struct all_options {
    read_options read;
    bool order_given, across_given;
    bool undo, line, last_line;
    char map[512];
} all_options;

static cg_status option_word(all_options *o, const char *w, size_t len, bool extra, cg_error *err)
{
    char v[600];
    if (len >= sizeof v)
        return cg_fail(err, CG_ERR_INPUT, "options: a word longer than %zu bytes", sizeof v - 1);
    memcpy(v, w, len);
    v[len] = '\0';
    if (strcmp(v, "size=2") == 0 || strcmp(v, "size=3") == 0)
        o->read.size = v[5] - '0';
    else if (strncmp(v, "across=", 7) == 0) {
        const char *a = v + 7;
        unsigned seen = 0;
        for (int i = 0; i < 4; i++) {
            int f = cg_face_from_letter((char)toupper((unsigned char)a[i]));
            if (f != CG_L && f != CG_F && f != CG_R && f != CG_B)
                break;
            seen |= 1u << f;
            o->read.across[i] = f;
        }
        if (strlen(a) != 4 || seen != (1u << CG_L | 1u << CG_F | 1u << CG_R | 1u << CG_B))
            return cg_fail(err, CG_ERR_INPUT, "across: '%.20s' is not the four side faces L F R B "
                           "in some order", a);
        o->across_given = true;
    } else if (strncmp(v, "order=", 6) == 0) {
        const char *a = v + 6;
        unsigned seen = 0;
        for (int i = 0; a[i] && i < 6; i++)
            if (cg_face_from_letter(a[i]) >= 0)
                seen |= 1u << cg_face_from_letter(a[i]);
        if (strcmp(a, "net") != 0 && (strlen(a) != 6 || seen != 63))
            return cg_fail(err, CG_ERR_INPUT, "order: '%.20s' is not six face letters (each of "
                           "U D F B L R once) or net", a);
        memcpy(o->read.order, a, strlen(a) + 1); /* checked above: "net" or six letters */
        o->order_given = true;
    } else if (extra && strcmp(v, "undo") == 0)
        o->undo = true;
    else if (extra && strcmp(v, "line") == 0)
        o->line = true;
    else if (extra && strcmp(v, "last-line") == 0)
        o->last_line = true;
    else if (extra && strncmp(v, "map=", 4) == 0 && len - 4 < sizeof o->map)
        memcpy(o->map, v + 4, len - 3);
    else
        return cg_fail(err, CG_ERR_INPUT, "options: '%.30s' is not one of size=2|3, across=ORDER, "
                       "order=FACES%s", v, extra ? ", undo, line, last-line, map=MAP" : "");
    return CG_OK;
}

static cg_status parse_options(const char *text, bool extra, all_options *o, cg_error *err)
{
    memset(o, 0, sizeof *o);
    const int across[4] = {CG_L, CG_F, CG_R, CG_B};
    memcpy(o->read.across, across, sizeof across);
    snprintf(o->read.order, sizeof o->read.order, "URFDLB");
    for (size_t i = 0; text && text[i];) {
        if (isspace((unsigned char)text[i])) {
            i++;
            continue;
        }
        size_t j = i;
        while (text[j] && !isspace((unsigned char)text[j]))
            j++;
        cg_status st = option_word(o, text + i, j - i, extra, err);
        if (st != CG_OK)
            return st;
        i = j;
    }
    return CG_OK;
}

/* ---- reading ---- */

/* No cube: solve's reader's reason (why: "" for none). */
static cg_status no_drawing(int nlines, const cg_error *why, cg_error *err)
{
    if (why->msg[0])
        return cg_fail(err, CG_ERR_INPUT, "no cube drawing found: %s", why->msg);
    return cg_fail(err, CG_ERR_INPUT, "no cube drawing found in %d line%s: no net (rows of n, then "
                   "4n, then n stickers), no labelled faces, no line of 54 or 24 stickers, no dict",
                   nlines, nlines == 1 ? "" : "s");
}

/* The text's lines (CR LF or LF; a last line without one), *n of them; NULL: no memory. */
static line_at *lines_of(const char *text, size_t len, int *n)
{
    size_t count = 1;
    for (size_t i = 0; i < len; i++)
        count += text[i] == '\n';
    line_at *l = malloc(count * sizeof *l);
    *n = 0;
    for (size_t i = 0; l && (i < len || *n == 0);) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        size_t k = e;
        while (k > i && text[k - 1] == '\r')
            k--;
        l[(*n)++] = (line_at){i, k - i, e < len ? e + 1 : e};
        i = e + 1;
    }
    return l;
}

/* solve's reading of the text: its first cube, what was recognised, where each sticker stood
 * (labelled faces, boxes and strings say), or why there is none. */
typedef struct solve_reading {
    bool cube;
    cg_puzzle p;
    cg_shape_info info;
    cg_shape_place at[CG_TURN_STICKERS_MAX];
    cg_error err;
} solve_reading;

static bool possible(const cg_puzzle *p)
{
    char state[CG3_FACELETS + 1];
    return cg_puzzle_state(p, NULL, 1, state, sizeof state, NULL) == CG_OK;
}

/* The cube solve reads in the text, with the options turn was given, any symbols allowed;
 * turn's default string order, Kociemba's, kept when it gives a possible cube (or when no
 * common order does), else the common order solve finds. Boxes are read again as labelled
 * faces, which say where each sticker stood. */
static void cube_of_solve(const char *text, size_t len, const all_options *o, const char *layout,
                          solve_reading *s)
{
    char across[5] = "";
    for (int i = 0; i < 4 && o->across_given; i++)
        across[i] = cg_face_letter(o->read.across[i]);
    cgi_first_options fo = {CG_SHAPE_AUTO, o->read.order, o->across_given ? across : NULL, layout,
                            true};
    s->cube = cgi_read_first(text, len, &fo, &s->p, &s->info, s->at, &s->err);
    if (s->cube && !o->order_given && !layout &&
        !(s->info.shape == CG_SHAPE_STRING && possible(&s->p))) {
        solve_reading found = {.err.msg = ""};
        fo.order = NULL;
        found.cube = cgi_read_first(text, len, &fo, &found.p, &found.info, found.at, NULL);
        if (found.cube && possible(&found.p))
            *s = found;
    }
    if (s->cube && s->info.shape == CG_SHAPE_BOXES && !s->at[0].line) {
        fo.mode = CG_SHAPE_FACES;
        s->cube = cgi_read_first(text, len, &fo, &s->p, &s->info, s->at, &s->err);
    }
    if (s->cube && o->read.size && o->read.size != s->p.size) {
        s->cube = false;
        snprintf(s->err.msg, sizeof s->err.msg, "the cube found is a %dx%d, the size asked %dx%d",
                 s->p.size, s->p.size, o->read.size, o->read.size);
    }
}

/* The token at sticker i (Kociemba's numbering) of a puzzle, "?" when hidden. */
static const char *token_at(const cg_puzzle *p, int k)
{
    int n = p->size, per = n * n;
    static const int FACE[CG_FACES] = {CG_U, CG_R, CG_F, CG_D, CG_L, CG_B};
    int s = p->sticker[FACE[k / per] * per + k % per];
    return s == CG_UNKNOWN ? "?" : p->colour[s];
}

/* Byte offset of line `line` (0-based) of the text, len at the end. */
static size_t line_start(const char *text, size_t len, long line)
{
    size_t i = 0;
    for (long l = 0; l < line && i < len; i++)
        l += text[i] == '\n';
    return i;
}

/* Stickers solve's reading shows or rebuilds, as tokens (each face letter of the rebuilt state
 * is the token a shown sticker of that letter has): all of them for a whole cube, else only the
 * hidden ones rebuilt (the places that show '?'). Nothing when the view fits several cubes. */
static void take_tokens(cg_drawing *d, const cg_puzzle *p, bool all)
{
    int count = 6 * p->size * p->size;
    char state[CG3_FACELETS + 1], of[CG_FACES][CG_TOKEN_MAX + 1] = {""};
    bool rebuilt = cg_puzzle_state(p, NULL, 0, state, sizeof state, NULL) == CG_OK;
    for (int k = 0; k < count && rebuilt; k++)
        if (strcmp(token_at(p, k), "?") != 0)
            snprintf(of[cg_face_from_letter(state[k])], sizeof *of, "%s", token_at(p, k));
    for (int k = 0; k < count; k++) {
        const char *t = token_at(p, k);
        bool hidden = strcmp(t, "?") == 0;
        if (hidden && rebuilt && of[cg_face_from_letter(state[k])][0])
            t = of[cg_face_from_letter(state[k])];
        if (all || (hidden && strcmp(t, "?") != 0))
            snprintf(d->tok[k], sizeof d->tok[k], "%s", t);
    }
}

/* The whole cube as solve read it, written again in its shape. */
static void take_whole(cg_drawing *d, const cg_puzzle *p, const cg_shape_info *info)
{
    int n = p->size, count = 6 * n * n;
    take_tokens(d, p, true);
    d->whole = true;
    d->whole_shape = info->shape == CG_SHAPE_LAYOUT ? CG_SHAPE_NET : info->shape;
    d->size = n;
    d->first = (int)info->first_line - 1;
    d->last = (int)info->last_line - 1;
    d->shape = cg_shape_name(info->shape); /* a dict or a list: shapes that give no places */
    d->count = count;
    for (int k = 0; k < count; k++)
        d->now[k] = d->order[k] = (uint8_t)k; /* Kociemba's order */
    d->placed = count;
    d->end_off = line_start(d->text, d->len, d->last + 1); /* written whole: no first_off */
}

/* Whether the places, in text order, stand apart inside the drawing's lines: what writing in
 * place needs. The readers' columns give nothing else; a place that broke it would make the
 * text between two stickers a negative length. */
static bool places_apart(const cg_drawing *d)
{
    size_t at = d->first_off;
    for (int k = 0; k < d->placed; k++) {
        const span *p = &d->at[d->order[k]];
        if (p->off < at)
            return false;
        at = p->off + p->len;
    }
    return at <= d->end_off;
}

/* Whether a line is a rule (only '+' '-' '=' '|' and blanks): a box's bottom. */
static bool rule_line(const char *text, const line_at *l)
{
    cgi_row row;
    int cell = 0;
    cgi_row_read(text + l->off, l->len, &cell, &row);
    return row.rule;
}

/* The places solve's reading gives: each sticker's bytes, from its line and column. A hidden
 * sticker has no place; false when there are none at all (a dict, a list of faces). */
static bool take_places(cg_drawing *d, const line_at *lines, int nlines, const solve_reading *s)
{
    static const int FACE[CG_FACES] = {CG_U, CG_R, CG_F, CG_D, CG_L, CG_B};
    int n = s->p.size, per = n * n;
    bool any = false;
    for (int i = 0; i < 6 * per; i++)
        any |= s->at[i].line > 0;
    if (!any)
        return false;
    d->count = 6 * per;
    d->placed = 0;
    for (int k = 0; k < d->count; k++) {
        const cg_shape_place *at = &s->at[FACE[k / per] * per + k % per];
        d->now[k] = (uint8_t)k;
        if (at->line < 1 || at->line > nlines) {
            snprintf(d->tok[k], sizeof d->tok[k], "?"); /* hidden: rebuilt below, if it can be */
            continue;
        }
        const line_at *l = &lines[at->line - 1];
        size_t off, len = cgi_row_span(d->text + l->off, l->len, at->col, at->len, &off);
        d->at[k] = (span){l->off + off, (uint32_t)len};
        d->order[d->placed++] = (uint8_t)k;
    }
    for (int i = 1; i < d->placed; i++) /* insertion sort by offset: 54 at most */
        for (int j = i; j > 0 && d->at[d->order[j]].off < d->at[d->order[j - 1]].off; j--) {
            uint8_t x = d->order[j];
            d->order[j] = d->order[j - 1];
            d->order[j - 1] = x;
        }
    d->size = n;
    d->first = (int)s->info.first_line - 1;
    d->last = (int)s->info.last_line - 1;
    if (d->last + 1 < nlines && rule_line(d->text, &lines[d->last + 1])) /* a box's bottom */
        d->last++;
    d->shape = s->info.shape == CG_SHAPE_NET && strcmp(s->info.order, "cross") == 0
                   ? "cross" : cg_shape_name(s->info.shape);
    d->first_off = lines[d->first].off;
    d->end_off = lines[d->last].end;
    return true;
}

static cg_status read_drawing(const char *text, size_t len, all_options *all,
                              const char *layout, cg_drawing **out, cg_error *err)
{
    *out = NULL;
    solve_reading *s = calloc(1, sizeof *s); /* its error empty: no reader writes one on success */
    cg_drawing *d = calloc(1, sizeof *d);
    char *copy = malloc(len + 1);
    int nlines = 0;
    line_at *lines = copy ? lines_of(text, len, &nlines) : NULL;
    if (!s || !d || !copy || !lines) {
        free(s);
        free(d);
        free(copy);
        free(lines);
        return cg_fail(err, CG_ERR_NOMEM, "no memory for a drawing of %zu bytes", len);
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    d->text = copy;
    d->len = len;
    cube_of_solve(text, len, all, layout, s);
    cg_status st = CG_OK;
    bool placed = s->cube && take_places(d, lines, nlines, s);
    if (placed && places_apart(d))
        take_tokens(d, &s->p, false); /* hidden stickers as solve rebuilds them */
    else if (s->cube && !layout)
        take_whole(d, &s->p, &s->info); /* no places: written again in its shape */
    else if (layout) /* the template and its reading are solve's reader's */
        st = cg_fail(err, CG_ERR_INPUT, "layout: %s", s->err.msg[0] ? s->err.msg
                     : placed ? "two stickers' places in the text overlap"
                     : s->cube ? "the template's size is not the size asked"
                               : "no part of the text has the template's rows in its order");
    else
        st = no_drawing(nlines, &s->err, err);
    free(s);
    free(lines);
    d->single = true; /* every symbol one character: the line joins them with nothing */
    for (int i = 0; st == CG_OK && i < d->count; i++) {
        size_t n;
        const char *sym = symbol(d, i, &n);
        d->single &= n > 0 && cgi_grapheme(sym, n) == n;
    }
    if (st != CG_OK) {
        cg_drawing_free(d);
        return st;
    }
    *out = d;
    return CG_OK;
}

cg_status cg_drawing_read(const char *text, size_t len, const char *options, const char *layout,
                          cg_drawing **out, cg_error *err)
{
    all_options o;
    *out = NULL;
    cg_status st = parse_options(options, false, &o, err);
    return st != CG_OK ? st : read_drawing(text, len, &o, layout, out, err);
}

void cg_drawing_free(cg_drawing *d)
{
    if (!d)
        return;
    free(d->text);
    free(d);
}

int cg_drawing_size(const cg_drawing *d) { return d->size; }
const char *cg_drawing_shape(const cg_drawing *d) { return d->shape; }
int cg_drawing_first_line(const cg_drawing *d) { return d->first + 1; }
int cg_drawing_last_line(const cg_drawing *d) { return d->last + 1; }
size_t cg_drawing_end(const cg_drawing *d) { return d->end_off; }

cg_status cg_drawing_turn(cg_drawing *d, const char *moves, const char *map, int flags,
                          cg_error *err)
{
    uint8_t src[CG_TURN_STICKERS_MAX], now[CG_TURN_STICKERS_MAX];
    cg_status st = cg_turn_perm(d->size, moves, map, flags, src, err);
    if (st != CG_OK)
        return st;
    for (int i = 0; i < d->count; i++)
        now[i] = d->now[src[i]];
    memcpy(d->now, now, sizeof now);
    return CG_OK;
}

/* ---- writing ---- */


static void emit(char *buf, size_t size, size_t *pos, const char *s, size_t n)
{
    if (*pos < size) {
        size_t room = size - 1 - *pos;
        memcpy(buf + *pos, s, n < room ? n : room);
    }
    *pos += n;
}

static size_t terminate(char *buf, size_t size, size_t pos)
{
    if (size)
        buf[pos < size ? pos : size - 1] = '\0';
    return pos;
}

/* The whole cube as it now stands, in the shape it was read in (faces U D F B L R). */
static size_t write_whole(const cg_drawing *d, char *buf, size_t size)
{
    static const int FACE[CG_FACES] = {CG_U, CG_R, CG_F, CG_D, CG_L, CG_B};
    cg_puzzle q;
    int n = d->size, per = n * n;
    cg_puzzle_clear_size(&q, n);
    for (int k = 0; k < d->count; k++) {
        const char *t = d->tok[d->now[k]];
        if (strcmp(t, "?") != 0)
            cg_puzzle_set(&q, FACE[k / per] * per + k % per, t, strlen(t), NULL);
    }
    return cg_puzzle_format_shape(&q, d->whole_shape, CG_COLOURS_LETTERS, buf, size);
}

size_t cg_drawing_write(const cg_drawing *d, char *buf, size_t size)
{
    if (d->whole)
        return write_whole(d, buf, size);
    size_t pos = 0, at = d->first_off;
    for (int k = 0; k < d->placed; k++) {
        const span *place = &d->at[d->order[k]];
        size_t n;
        const char *shown = symbol(d, d->now[d->order[k]], &n);
        emit(buf, size, &pos, d->text + at, place->off - at);
        emit(buf, size, &pos, shown, n);
        at = place->off + place->len;
    }
    emit(buf, size, &pos, d->text + at, d->end_off - at);
    return terminate(buf, size, pos);
}

size_t cg_drawing_line(const cg_drawing *d, char *buf, size_t size)
{
    size_t pos = 0;
    for (int k = 0; k < d->placed; k++) {
        size_t n;
        const char *shown = symbol(d, d->now[d->order[k]], &n);
        if (k && !d->single)
            emit(buf, size, &pos, " ", 1);
        emit(buf, size, &pos, shown, n);
    }
    return terminate(buf, size, pos);
}

bool cg_drawing_solved(const cg_drawing *d)
{
    int per = d->count / 6;
    for (int i = 0; i < d->count; i++) {
        size_t la, lb;
        const char *a = symbol(d, d->now[i], &la), *b = symbol(d, d->now[i - i % per], &lb);
        if (la != lb || memcmp(a, b, la) != 0)
            return false;
    }
    return true;
}

/* The line at *at (advanced past it) without blanks around it and without a "Label:" before
 * its first colon followed by a blank ("Scramble: R U F"): [*from, *to). */
static void line_after_label(const cg_drawing *d, size_t *at, size_t *from, size_t *to)
{
    size_t i = *at, end = i;
    while (end < d->len && d->text[end] != '\n')
        end++;
    *at = end < d->len ? end + 1 : end;
    while (i < end && isspace((unsigned char)d->text[i]))
        i++;
    while (end > i && isspace((unsigned char)d->text[end - 1]))
        end--;
    for (size_t c = i; c < end; c++)
        if (d->text[c] == ':' && (c + 1 == end || d->text[c + 1] == ' ' || d->text[c + 1] == '\t')) {
            i = c + 1;
            break;
        }
    while (i < end && isspace((unsigned char)d->text[i]))
        i++;
    *from = i;
    *to = end;
}

size_t cg_drawing_next_line(const cg_drawing *d, char *buf, size_t size)
{
    size_t at = d->end_off, i = 0, end = 0, pos = 0;
    while (at < d->len && i == end)
        line_after_label(d, &at, &i, &end);
    emit(buf, size, &pos, d->text + i, end - i);
    return terminate(buf, size, pos);
}

/* The last line after the drawing that reads as moves: its offset, length and (1-based) number
 * in *at, *n, *number. */
static cg_status find_moves(const cg_drawing *d, const char *map, size_t *at_out, size_t *n_out,
                            int *number, cg_error *err)
{
    char *copy = malloc(d->len - d->end_off + 1);
    if (!copy)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for a line of %zu bytes", d->len - d->end_off);
    size_t at = d->end_off;
    bool found = false;
    int line = d->last + 1, last = 0; /* 1-based: the drawing's last line, the last one tried */
    cg_error why = {0};
    uint8_t src[CG_TURN_STICKERS_MAX];
    while (at < d->len) {
        size_t i, end;
        line++;
        line_after_label(d, &at, &i, &end);
        if (i == end)
            continue;
        memcpy(copy, d->text + i, end - i);
        copy[end - i] = '\0';
        cg_error e;
        cg_status st = cg_turn_perm(d->size, copy, map, 0, src, &e);
        if (st == CG_ERR_NOMEM) { /* memory, not a line that is no moves */
            free(copy);
            return cg_fail(err, st, "%s", e.msg);
        }
        if (st == CG_OK) {
            found = true;
            *at_out = i;
            *n_out = end - i;
            *number = line;
        } else if (!found || line > last) {
            why = e;
        }
        last = line;
    }
    free(copy);
    if (!found && last == 0)
        return cg_fail(err, CG_ERR_INPUT, "no line after the drawing (which ends at line %d)",
                       d->last + 1);
    if (!found)
        return cg_fail(err, CG_ERR_INPUT, "no line after the drawing (which ends at line %d) "
                       "reads as moves; the last one (line %d): %s", d->last + 1, last, why.msg);
    return CG_OK;
}

cg_status cg_drawing_moves(const cg_drawing *d, const char *map, char *buf, size_t size,
                           cg_error *err)
{
    size_t at = 0, n = 0;
    int line;
    cg_status st = find_moves(d, map, &at, &n, &line, err);
    if (st != CG_OK)
        return st;
    if (n >= size)
        return cg_fail(err, CG_ERR_LIMIT, "the line of moves needs %zu bytes, the buffer holds %zu",
                       n + 1, size);
    memcpy(buf, d->text + at, n);
    buf[n] = '\0';
    return CG_OK;
}

size_t cg_turn_hint(const char *text, size_t len, bool numbered, char *out, size_t size)
{
    cg_drawing *d = NULL;
    size_t at = 0, n = 0, k = 0;
    int line;
    if (size)
        out[0] = '\0';
    if (cg_drawing_read(text, len, NULL, NULL, &d, NULL) != CG_OK)
        return 0;
    if (find_moves(d, NULL, &at, &n, &line, NULL) == CG_OK) {
        int shown = (int)cgi_cut_words(d->text + at, n, numbered ? 24 : 16); /* whole moves */
        char where[96] = "a drawing, then moves";
        if (numbered)
            snprintf(where, sizeof where, "lines %d-%d hold a drawing and line %d reads as moves",
                     d->first + 1, d->last + 1, line);
        int w = snprintf(out, size, "%s ('%.*s%s')", where, shown, d->text + at,
                         (size_t)shown < n ? CGI_CUT : "");
        k = w < 0 ? 0 : (size_t)w;
    }
    cg_drawing_free(d);
    return k;
}

/* ---- all at once ---- */

cg_status cg_turn_text(const char *text, const char *moves, const char *options, char *out,
                       size_t size, size_t *needed, cg_error *err)
{
    all_options o;
    cg_drawing *d = NULL;
    char *line = NULL;
    cg_status st = parse_options(options, true, &o, err);
    if (st == CG_OK)
        st = read_drawing(text, strlen(text), &o, NULL, &d, err);
    if (st == CG_OK && o.last_line) {
        size_t n = d->len - d->end_off + 1;
        if (!(line = malloc(n)))
            st = cg_fail(err, CG_ERR_NOMEM, "no memory for a line of %zu bytes", n);
        else
            st = cg_drawing_moves(d, o.map[0] ? o.map : NULL, line, n, err);
        moves = line;
    }
    if (st == CG_OK)
        st = cg_drawing_turn(d, moves ? moves : "", o.map[0] ? o.map : NULL,
                             o.undo ? CG_TURN_UNDO : 0, err);
    if (st == CG_OK) {
        size_t n = o.line ? cg_drawing_line(d, out, size) : cg_drawing_write(d, out, size);
        if (needed)
            *needed = n;
        if (n >= size)
            st = cg_fail(err, CG_ERR_LIMIT, "the result needs %zu bytes, the buffer holds %zu",
                         n + 1, size);
    }
    free(line);
    cg_drawing_free(d);
    return st;
}
