/* Answer dialects (notation.h): notations, move maps, separators, both directions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/notation.h"

static const char *const NOTATION_NAMES[] = {"standard", "digits", "quarter", "quarter-cw"};

int cg_notation_parse(const char *text)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(text, NOTATION_NAMES[i]) == 0)
            return i;
    return -1;
}

const char *cg_notation_name(cg_notation n)
{
    return (unsigned)n < 4 ? NOTATION_NAMES[n] : "?";
}

bool cg_notation_uses(cg_notation n, cg_move m)
{
    int turns = cg_move_turns(m);
    switch (n) {
    case CG_NOTATION_QUARTER: return turns != 2;
    case CG_NOTATION_QUARTER_CW: return turns == 1;
    default: return true;
    }
}

int cg_metric_parse(const char *text)
{
    if (strcmp(text, "htm") == 0)
        return CG_METRIC_HTM;
    if (strcmp(text, "qtm") == 0)
        return CG_METRIC_QTM;
    return -1;
}

const char *cg_metric_name(cg_metric m) { return m == CG_METRIC_QTM ? "qtm" : "htm"; }

size_t cg_moves_count(const cg_move *moves, size_t n, cg_metric metric)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        count += metric == CG_METRIC_QTM && cg_move_turns(moves[i]) == 2 ? 2 : 1;
    return count;
}

/* ---- move maps ---- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* A move in standard or digits notation: U U2 U' U1 U3. */
static int move_from_text(const char *s, size_t len)
{
    int face = len >= 1 ? cg_face_from_letter(s[0]) : -1;
    if (face < 0 || len > 2)
        return -1;
    if (len == 1)
        return cg_move_make(face, 1);
    if (s[1] >= '1' && s[1] <= '3')
        return cg_move_make(face, s[1] - '0');
    return s[1] == '\'' ? cg_move_make(face, 3) : -1;
}

/* One "MOVE=NAME" entry, blanks already trimmed from both ends; col is its first column. */
static cg_status map_entry(cg_move_map *map, const char *s, size_t len, int line, size_t col,
                           cg_error *err)
{
    const char *eq = memchr(s, '=', len);
    if (!eq)
        return cg_fail(err, CG_ERR_INPUT, "move map line %d column %zu: '%.*s' is not MOVE=NAME",
                       line, col, len > 20 ? 20 : (int)len, s);
    size_t mlen = (size_t)(eq - s), nstart = mlen + 1;
    while (mlen && is_blank(s[mlen - 1]))
        mlen--;
    while (nstart < len && is_blank(s[nstart]))
        nstart++;
    const char *name = s + nstart;
    size_t nlen = len - nstart;
    int m = move_from_text(s, mlen);
    if (m < 0)
        return cg_fail(err, CG_ERR_INPUT,
                       "move map line %d column %zu: '%.*s' is not a move (U D F B L R with "
                       "nothing, 2, ' or a digit 1-3 after it)",
                       line, col, mlen > 16 ? 16 : (int)mlen, s);
    size_t ncol = col + nstart;
    if (nlen == 0)
        return cg_fail(err, CG_ERR_INPUT, "move map line %d column %zu: %s has an empty name",
                       line, ncol, cg_move_name((cg_move)m));
    if (nlen > CG_MOVE_NAME_MAX)
        return cg_fail(err, CG_ERR_INPUT,
                       "move map line %d column %zu: the name of %s is longer than %d bytes",
                       line, ncol, cg_move_name((cg_move)m), CG_MOVE_NAME_MAX);
    for (size_t i = 0; i < nlen; i++)
        if (cg_is_control(name[i]) || is_blank(name[i]) || (unsigned char)name[i] >= 0x80)
            return cg_fail(err, CG_ERR_INPUT,
                           "move map line %d column %zu: the name of %s has a blank or a byte "
                           "that is not printable ASCII",
                           line, ncol + i, cg_move_name((cg_move)m));
    if (map->named & (1u << m))
        return cg_fail(err, CG_ERR_INPUT, "move map line %d column %zu: %s is named twice", line,
                       col, cg_move_name((cg_move)m));
    for (int o = 0; o < CG_MOVES; o++)
        if ((map->named & (1u << o)) && strlen(map->name[o]) == nlen &&
            memcmp(map->name[o], name, nlen) == 0)
            return cg_fail(err, CG_ERR_INPUT,
                           "move map line %d column %zu: '%s' already names %s, so it cannot "
                           "name %s too",
                           line, ncol, map->name[o], cg_move_name((cg_move)o),
                           cg_move_name((cg_move)m));
    memcpy(map->name[m], name, nlen);
    map->name[m][nlen] = '\0';
    map->named |= 1u << m;
    return CG_OK;
}

cg_status cg_move_map_parse(const char *text, size_t len, cg_move_map *map, cg_error *err)
{
    memset(map, 0, sizeof *map);
    int line = 1;
    size_t line_start = 0, i = 0;
    while (i <= len) {
        /* One entry: up to a comma, a line end or the end. */
        size_t start = i;
        while (i < len && text[i] != ',' && text[i] != '\n')
            i++;
        size_t a = start, b = i;
        while (a < b && is_blank(text[a]))
            a++;
        while (b > a && is_blank(text[b - 1]))
            b--;
        bool comment = a < b && text[a] == '#' && start == line_start;
        if (comment) /* a comment runs to the end of its line, commas included */
            while (i < len && text[i] != '\n')
                i++;
        else if (memchr(text + a, '\0', b - a))
            return cg_fail(err, CG_ERR_INPUT, "move map line %d: a NUL byte", line);
        else if (a < b) {
            cg_status st = map_entry(map, text + a, b - a, line, a - line_start + 1, err);
            if (st != CG_OK)
                return st;
        }
        if (i < len && text[i] == '\n') {
            line++;
            line_start = i + 1;
        }
        i++;
    }
    if (!map->named)
        return cg_fail(err, CG_ERR_INPUT, "move map: no MOVE=NAME entries");
    return CG_OK;
}

/* ---- dialects ---- */

/* The notation's own name of a move it uses. */
static void own_name(cg_notation n, cg_move m, char out[CG_MOVE_NAME_MAX + 1])
{
    if (n == CG_NOTATION_DIGITS)
        snprintf(out, CG_MOVE_NAME_MAX + 1, "%c%d", cg_face_letter(cg_move_face(m)),
                 cg_move_turns(m));
    else
        snprintf(out, CG_MOVE_NAME_MAX + 1, "%s", cg_move_name(m));
}

/* Written out, not built by cg_dialect_make: cg_moves_parse and cg_moves_format take it on every
 * call. test_notation checks it equals the built one. */
static const cg_dialect DEFAULT_DIALECT = {
    .notation = CG_NOTATION_STANDARD,
    .blank_separator = true,
    .separator = " ",
    .name = {"U", "U2", "U'", "D", "D2", "D'", "F", "F2", "F'",
             "B", "B2", "B'", "L", "L2", "L'", "R", "R2", "R'"},
};

cg_dialect cg_dialect_default(void) { return DEFAULT_DIALECT; }

/* The separator as read: blanks around it are skipped anyway, so only its core must match. */
static void separator_core(const cg_dialect *d, const char **s, size_t *len)
{
    const char *p = d->separator;
    size_t n = strlen(p);
    while (n && is_blank(*p))
        p++, n--;
    while (n && is_blank(p[n - 1]))
        n--;
    *s = p;
    *len = n;
}

/* ---- unique reading without a blank separator (Sardinas-Patterson, with an example) ---- */

#define WORD_MAX (CG_MOVE_NAME_MAX + CG_SEPARATOR_MAX)
#define DANGLING_MAX (CG_MOVES * WORD_MAX + 1)

typedef struct dangling {
    char rest[WORD_MAX + 1]; /* what one reading is ahead of the other */
    int parent;              /* state it came from, -1 for a first pair */
    int8_t word, first;      /* word appended to the reading behind (first pair: the longer one) */
    bool swapped;            /* the reading behind overtook the other one */
} dangling;

typedef struct ud_check {
    int nwords;
    int8_t move[CG_MOVES];
    char word[CG_MOVES][WORD_MAX + 1]; /* name + separator core */
    dangling *state;
    int nstates;
} ud_check;

static int add_state(ud_check *u, const char *rest, int parent, int word, int first, bool swapped)
{
    for (int i = 0; i < u->nstates; i++)
        if (strcmp(u->state[i].rest, rest) == 0)
            return -1;
    if (u->nstates == DANGLING_MAX)
        return -1;
    dangling *s = &u->state[u->nstates];
    memmove(s->rest, rest, strlen(rest) + 1); /* rest may lie in another state of the array */
    s->parent = parent;
    s->word = (int8_t)word;
    s->first = (int8_t)first;
    s->swapped = swapped;
    return u->nstates++;
}

/* Appends the standard names of a reading to buf. */
static void describe_reading(const ud_check *u, const int8_t *w, int n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "",
                                cg_move_name((cg_move)u->move[w[i]]));
}

/* Rebuilds the two readings that ended in state `at` plus the word `last`, and reports them. */
static cg_status ambiguous(const ud_check *u, const cg_dialect *d, int at, int last, cg_error *err)
{
    int path[DANGLING_MAX], depth = 0;
    for (int s = at; s >= 0; s = u->state[s].parent)
        path[depth++] = s;
    int8_t *x = malloc(2 * (size_t)(depth + 2)), *y = x ? x + depth + 2 : NULL;
    if (!x)
        return cg_fail(err, CG_ERR_NOMEM, "no memory to check the move names");
    const dangling *root = &u->state[path[depth - 1]];
    int nx = 1, ny = 1;
    x[0] = root->first;
    y[0] = root->word;
    for (int i = depth - 2; i >= 0; i--) {
        const dangling *s = &u->state[path[i]];
        y[ny++] = s->word;
        if (s->swapped) {
            int8_t tmp[DANGLING_MAX + 2];
            memcpy(tmp, x, (size_t)nx);
            memcpy(x, y, (size_t)ny);
            memcpy(y, tmp, (size_t)nx);
            int t = nx;
            nx = ny;
            ny = t;
        }
    }
    y[ny++] = (int8_t)last;
    char text[96] = "", rx[64], ry[64];
    size_t tl = 0;
    for (int i = 0; i < nx && tl < sizeof text; i++)
        tl += (size_t)snprintf(text + tl, sizeof text - tl, "%s%s", i ? d->separator : "",
                               d->name[u->move[x[i]]]);
    describe_reading(u, x, nx, rx, sizeof rx);
    describe_reading(u, y, ny, ry, sizeof ry);
    free(x);
    return cg_fail(err, CG_ERR_INPUT,
                   "the move names do not read back one way with %s: '%.40s' is both %s and %s; "
                   "choose a separator",
                   d->separator[0] ? "this separator" : "no separator", text, rx, ry);
}

static cg_status check_unique(const cg_dialect *d, cg_error *err)
{
    ud_check u;
    memset(&u, 0, sizeof u);
    const char *sep;
    size_t seplen;
    separator_core(d, &sep, &seplen);
    for (int m = 0; m < CG_MOVES; m++)
        if (d->name[m][0]) {
            u.move[u.nwords] = (int8_t)m;
            snprintf(u.word[u.nwords++], WORD_MAX + 1, "%s%.*s", d->name[m], (int)seplen, sep);
        }
    u.state = malloc(DANGLING_MAX * sizeof *u.state);
    if (!u.state)
        return cg_fail(err, CG_ERR_NOMEM, "no memory to check the move names");
    for (int a = 0; a < u.nwords; a++)
        for (int b = 0; b < u.nwords; b++) {
            size_t lb = strlen(u.word[b]);
            if (a != b && strlen(u.word[a]) > lb && strncmp(u.word[a], u.word[b], lb) == 0)
                add_state(&u, u.word[a] + lb, -1, b, a, false);
        }
    cg_status st = CG_OK;
    for (int i = 0; i < u.nstates && st == CG_OK; i++)
        for (int c = 0; c < u.nwords && st == CG_OK; c++) {
            const char *rest = u.state[i].rest, *w = u.word[c];
            size_t lr = strlen(rest), lw = strlen(w);
            if (lr == lw && strcmp(rest, w) == 0)
                st = ambiguous(&u, d, i, c, err);
            else if (lw < lr && strncmp(rest, w, lw) == 0)
                add_state(&u, rest + lw, i, c, 0, false);
            else if (lr < lw && strncmp(w, rest, lr) == 0)
                add_state(&u, w + lr, i, c, 0, true);
        }
    free(u.state);
    return st;
}

cg_status cg_dialect_make(cg_dialect *d, cg_notation notation, const cg_move_map *map,
                          const char *separator, cg_error *err)
{
    memset(d, 0, sizeof *d);
    if ((unsigned)notation > CG_NOTATION_QUARTER_CW)
        return cg_fail(err, CG_ERR_INPUT, "notation %d does not exist", (int)notation);
    d->notation = notation;
    d->mapped = map != NULL;
    for (int m = 0; m < CG_MOVES; m++) {
        bool uses = cg_notation_uses(notation, (cg_move)m);
        bool named = map && (map->named & (1u << m));
        if (map && uses && !named)
            return cg_fail(err, CG_ERR_INPUT,
                           "the move map does not name %s, which notation %s uses",
                           cg_move_name((cg_move)m), cg_notation_name(notation));
        if (map && !uses && named)
            return cg_fail(err, CG_ERR_INPUT,
                           "the move map names %s, which notation %s never writes (it has %s)",
                           cg_move_name((cg_move)m), cg_notation_name(notation),
                           notation == CG_NOTATION_QUARTER ? "quarter turns only"
                                                           : "clockwise quarter turns only");
        if (uses && map)
            snprintf(d->name[m], sizeof d->name[m], "%s", map->name[m]);
        else if (uses)
            own_name(notation, (cg_move)m, d->name[m]);
    }
    if (!separator || strcmp(separator, "space") == 0)
        separator = " ";
    else if (strcmp(separator, "none") == 0)
        separator = "";
    else if (strcmp(separator, "comma") == 0)
        separator = ",";
    size_t len = strlen(separator);
    if (len > CG_SEPARATOR_MAX)
        return cg_fail(err, CG_ERR_INPUT, "separator: longer than %d bytes", CG_SEPARATOR_MAX);
    for (size_t i = 0; i < len; i++)
        if (cg_is_control(separator[i]) && separator[i] != '\t')
            return cg_fail(err, CG_ERR_INPUT, "separator: byte %zu is a control byte", i + 1);
    memcpy(d->separator, separator, len + 1);
    const char *core;
    size_t corelen;
    separator_core(d, &core, &corelen);
    d->blank_separator = len > 0 && corelen == 0;
    return d->blank_separator ? CG_OK : check_unique(d, err);
}

size_t cg_dialect_expand(const cg_dialect *d, const cg_move *moves, size_t n, cg_move *out,
                         size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        cg_move m = moves[i];
        int times = 1;
        if (!cg_notation_uses(d->notation, m)) {
            times = cg_move_turns(m); /* R2 -> R R; R' -> R R R (quarter-cw only) */
            m = cg_move_make(cg_move_face(m), 1);
        }
        for (int t = 0; t < times; t++, k++)
            if (k < max)
                out[k] = m;
    }
    return k;
}

size_t cg_dialect_format(const cg_dialect *d, const cg_move *moves, size_t n, char *buf,
                         size_t size)
{
    size_t len = 0, seplen = strlen(d->separator);
    bool first = true;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        cg_move one[3];
        size_t k = cg_dialect_expand(d, &moves[i], 1, one, 3);
        for (size_t j = 0; j < k; j++) {
            /* memcpy, not snprintf: this is on every answer's path (a third of a 2x2's
             * formatting time went to printf's machinery) */
            const char *name = d->name[one[j]];
            size_t sl = first ? 0 : seplen, nl = strlen(name);
            if (len + sl + nl < size) {
                memcpy(buf + len, d->separator, sl);
                memcpy(buf + len + sl, name, nl);
                buf[len + sl + nl] = '\0';
            }
            len += sl + nl;
            first = false;
        }
    }
    return len;
}

cg_status cg_dialect_answer(const cg_dialect *d, cg_metric metric, int max_moves,
                           const cg_move *moves, size_t n, char *buf, size_t size, cg_error *err)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        cg_move one[3];
        size_t k = cg_dialect_expand(d, &moves[i], 1, one, 3);
        count += cg_moves_count(one, k, metric);
    }
    if (count > (size_t)(max_moves < 0 ? 0 : max_moves))
        return cg_fail(err, CG_ERR_TOO_LONG,
                       "the solution is %zu %s in notation %s, more than the %d allowed", count,
                       metric == CG_METRIC_QTM ? "quarter turns" : "moves",
                       cg_notation_name(d->notation), max_moves);
    if (cg_dialect_format(d, moves, n, buf, size) >= size)
        return cg_fail(err, CG_ERR_LIMIT, "the answer is longer than %zu bytes",
                       size ? size - 1 : 0);
    return CG_OK;
}

/* ---- reading ---- */

static int name_at(const cg_dialect *d, const char *s, size_t len)
{
    for (int m = 0; m < CG_MOVES; m++)
        if (d->name[m][0] && strlen(d->name[m]) == len && memcmp(d->name[m], s, len) == 0)
            return m;
    /* The typographic apostrophe U+2019 (pasted from a web page or a PDF) is a prime in the
     * notations' own names; a move map's names are taken as written. */
    if (!d->mapped && len >= 4 && len - 2 <= CG_MOVE_NAME_MAX &&
        memcmp(s + len - 3, "\xE2\x80\x99", 3) == 0) {
        char prime[CG_MOVE_NAME_MAX + 1];
        memcpy(prime, s, len - 3);
        prime[len - 3] = '\'';
        return name_at(d, prime, len - 2);
    }
    return -1;
}

/* What the moves of the dialect look like, for messages. */
static const char *expected(const cg_dialect *d)
{
    if (d->mapped)
        return "one of the move map's names";
    switch (d->notation) {
    case CG_NOTATION_DIGITS: return "one of U D F B L R with 1, 2 or 3 after it";
    case CG_NOTATION_QUARTER: return "one of U D F B L R with nothing or ' after it";
    case CG_NOTATION_QUARTER_CW: return "one of U D F B L R (clockwise quarter turns only)";
    default: return "one of U D F B L R with nothing, 2 or ' after it";
    }
}

static cg_status bad_token(const cg_dialect *d, size_t count, const char *tok, size_t len,
                           size_t column, cg_error *err)
{
    return cg_fail(err, CG_ERR_INPUT, "move %zu '%.*s' (column %zu) is not %s", count + 1,
                   len > 16 ? 16 : (int)len, tok, column, expected(d));
}

static cg_status too_many(size_t max, cg_error *err)
{
    return cg_fail(err, CG_ERR_LIMIT, "more than %zu moves", max);
}

/* Blank separator: every run of non-blank bytes is one name. */
static cg_status parse_blank(const cg_dialect *d, const char *text, size_t len, cg_move *out,
                             size_t max, size_t *n, cg_error *err)
{
    size_t i = 0;
    for (;;) {
        while (i < len && (is_blank(text[i]) || text[i] == '\n'))
            i++;
        if (i == len)
            return CG_OK;
        size_t start = i;
        while (i < len && !is_blank(text[i]) && text[i] != '\n')
            i++;
        int m = name_at(d, text + start, i - start);
        if (m < 0)
            return bad_token(d, *n, text + start, i - start, start + 1, err);
        if (*n == max)
            return too_many(max, err);
        out[(*n)++] = (cg_move)m;
    }
}

static size_t skip_blanks(const char *text, size_t len, size_t i)
{
    while (i < len && (is_blank(text[i]) || text[i] == '\n'))
        i++;
    return i;
}

/* Where a name read at token start i leaves the reader: the next token start, len for the end,
 * or (size_t)-1 when neither a separator nor the end follows. */
static size_t after_name(const char *text, size_t len, size_t i, const char *sep, size_t seplen)
{
    i = skip_blanks(text, len, i);
    if (i == len)
        return len;
    if (seplen == 0)
        return i;
    if (i + seplen < len && memcmp(text + i, sep, seplen) == 0)
        return i + seplen; /* a separator with nothing after it is not an end */
    return (size_t)-1;
}

/* Any other separator, or none: names are read where they fit. The dialect was checked to read
 * one way only, so a forward search over token starts finds the one reading; moves[] and from[]
 * keep it. Where it cannot go on, the furthest token start reached is the one reported. */
static cg_status parse_joined(const cg_dialect *d, const char *text, size_t len, cg_move *out,
                              size_t max, size_t *n, cg_error *err)
{
    const char *sep;
    size_t seplen;
    separator_core(d, &sep, &seplen);
    size_t start = skip_blanks(text, len, 0), end = len;
    if (start == len)
        return CG_OK;
    while (is_blank(text[end - 1]) || text[end - 1] == '\n')
        end--;
    if (seplen && end - start >= seplen && memcmp(text + end - seplen, sep, seplen) == 0)
        return cg_fail(err, CG_ERR_INPUT, "the answer ends with a separator (column %zu)",
                       end - seplen + 1);
    /* from[i]: the token start the move ending at token start i came from, +1 (0: not reached). */
    size_t *from = calloc(len + 1, sizeof *from);
    int8_t *move = malloc(len + 1);
    if (!from || !move) {
        free(from);
        free(move);
        return cg_fail(err, CG_ERR_NOMEM, "no memory to read %zu bytes of moves", len);
    }
    from[start] = start + 1;
    size_t furthest = start;
    for (size_t i = start; i < len && !from[len]; i++) {
        if (!from[i])
            continue;
        size_t at = skip_blanks(text, len, i);
        furthest = i;
        for (int m = 0; m < CG_MOVES; m++) {
            size_t nl = strlen(d->name[m]);
            if (!nl || at + nl > len || memcmp(text + at, d->name[m], nl) != 0)
                continue;
            size_t next = after_name(text, len, at + nl, sep, seplen);
            if (next != (size_t)-1 && !from[next]) {
                from[next] = i + 1;
                move[next] = (int8_t)m;
            }
        }
    }
    cg_status st = CG_OK;
    if (!from[len]) {
        /* Count the moves up to the failure, then name the text that does not fit. */
        size_t count = 0;
        for (size_t p = furthest; p != start; p = from[p] - 1)
            count++;
        size_t at = skip_blanks(text, len, furthest), e = at;
        while (e < len && !is_blank(text[e]) && text[e] != '\n' &&
               !(seplen && e + seplen <= len && memcmp(text + e, sep, seplen) == 0))
            e++;
        st = bad_token(d, count, text + at, e > at ? e - at : 1, at + 1, err);
    } else {
        size_t count = 0;
        for (size_t p = len; p != start; p = from[p] - 1)
            count++;
        if (count > max)
            st = too_many(max, err);
        else {
            *n = count;
            for (size_t p = len; p != start; p = from[p] - 1)
                out[--count] = (cg_move)move[p];
        }
    }
    free(from);
    free(move);
    return st;
}

cg_status cg_dialect_parse(const cg_dialect *d, const char *text, size_t len, cg_move *out,
                           size_t max, size_t *n, cg_error *err)
{
    *n = 0;
    if (memchr(text, '\0', len))
        return cg_fail(err, CG_ERR_INPUT, "a NUL byte at column %zu",
                       (size_t)((const char *)memchr(text, '\0', len) - text) + 1);
    return d->blank_separator ? parse_blank(d, text, len, out, max, n, err)
                              : parse_joined(d, text, len, out, max, n, err);
}

void cg_dialect_describe(const cg_dialect *d, char *buf, size_t size)
{
    const char *sep = d->blank_separator ? "space" : d->separator[0] ? d->separator : "none";
    snprintf(buf, size, "notation %s%s, separator %s%s%s", cg_notation_name(d->notation),
             d->mapped ? " with a move map" : "", d->blank_separator || !d->separator[0] ? "" : "'",
             sep, d->blank_separator || !d->separator[0] ? "" : "'");
}
