/* The shape readers (shapes.h): random cubes of both sizes written here by hand in each shape
 * (labelled faces, nets with several separators, strings in several orders, ANSI colours) read
 * back sticker for sticker; what ends each shape; errors with their line and column; the
 * writer of serve --show read back by the reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/shapes.h"
#include "cubegod/state.h"
#include "puzzle/reader.h"
#include "read/shapes_internal.h"

static const char *const WORDS[6] = {"white", "yellow", "green", "blue", "orange", "red"};
static const char LETTERS[] = "WYGBOR";
static const int SGR256[6] = {231, 226, 28, 21, 208, 196};
enum { U_, D_, F_, B_, L_, R_ };

/* A random cube's stickers (each the home face 0..5) of size n: a 3x3 from random moves, a
 * 2x2 from its corners. */
static void random_cube(int n, unsigned seed, uint8_t *st)
{
    static cg3_tables t;
    static bool init;
    if (!init) {
        cg3_tables_init(&t);
        init = true;
    }
    cg_rng rng;
    cg_rng_seed(&rng, seed);
    cg3_cube c = cg3_cube_home();
    for (int k = 0; k < 30; k++)
        cg3_cube_apply(&t, &c, cg3_move_make((int)cg_rng_below(&rng, 6), 1 + (int)cg_rng_below(&rng, 3)));
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(&c, f);
    if (n == 3) {
        memcpy(st, f, CG3_FACELETS);
        return;
    }
    for (int face = 0; face < 6; face++)
        for (int k = 0; k < 4; k++)
            st[face * 4 + k] = f[face * 9 + (k / 2) * 6 + (k % 2) * 2];
}

typedef struct text {
    char s[16384];
    size_t len;
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s + t->len, sizeof t->s - t->len, fmt, ap);
    va_end(ap);
    assert_true(k >= 0 && (size_t)k < sizeof t->s - t->len);
    t->len += (size_t)k;
}

/* Feeds the text line by line (CRLF or LF), then ends the input; returns the puzzles read. */
static int read_all(cg_shape mode, const char *order, const char *s, cg_puzzle *out, int cap,
                    cg_shape_info *info, cg_error *err, int *errors)
{
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, mode, order, NULL), CG_OK);
    int n = 0;
    *errors = 0;
    cg_puzzle p;
    cg_shape_info in;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (cg_shape_reader_feed(&r, s, len, err) != CG_OK)
            (*errors)++;
        while (cg_shape_reader_take(&r, &p, &in))
            if (n < cap) {
                info[n] = in;
                out[n++] = p;
            }
        s += len + (nl ? 1 : 0);
    }
    if (cg_shape_reader_finish(&r, err) != CG_OK)
        (*errors)++;
    while (cg_shape_reader_take(&r, &p, &in))
        if (n < cap) {
            info[n] = in;
            out[n++] = p;
        }
    return n;
}

/* Every sticker of p is the token names[st[i]] ('hidden' faces unknown). */
static void check_stickers(const cg_puzzle *p, int n, const uint8_t *st, const char *const *names,
                           unsigned hidden)
{
    assert_int_equal(p->size, n);
    for (int i = 0; i < 6 * n * n; i++) {
        if ((hidden >> (i / (n * n))) & 1) {
            assert_int_equal(p->sticker[i], CG_UNKNOWN);
            continue;
        }
        assert_true(p->sticker[i] != CG_UNKNOWN);
        assert_string_equal(p->colour[p->sticker[i]], names[st[i]]);
    }
}

static const char *const *letter_names(void)
{
    static char buf[6][2];
    static const char *names[6];
    for (int i = 0; i < 6; i++) {
        buf[i][0] = LETTERS[i];
        names[i] = buf[i];
    }
    return names;
}

/* A cell of the test's own ANSI writer (256-colour background, two columns). */
static void ansi_cell(text *t, int colour) { put(t, "\x1b[48;5;%dm  \x1b[0m", SGR256[colour]); }

static const char *const *ansi_names(void)
{
    static char buf[6][16];
    static const char *names[6];
    for (int i = 0; i < 6; i++) {
        snprintf(buf[i], sizeof buf[i], "c5_%d", SGR256[i]);
        names[i] = buf[i];
    }
    return names;
}

/* The net, written here: style 0 words and blanks, 1 letters without separators, 2 letters and
 * " | " between faces with CRLF, 3 ANSI cells. `hidden` faces as '?'. */
static void write_net(text *t, int n, const uint8_t *st, int style, unsigned hidden)
{
    static const int across[4] = {L_, F_, R_, B_};
    int per = n * n, w = style == 0 ? 7 : style == 3 ? 2 : style == 2 ? 2 : 1;
    const char *eol = style == 2 ? "\r\n" : "\n";
    put(t, "Here is the cube:%s", eol);
    for (int part = 0; part < 3; part++)
        for (int r = 0; r < n; r++) {
            int faces = part == 1 ? 4 : 1;
            if (part != 1)
                put(t, "%*s", n * w + (style == 2 ? 2 : 0) + 1, "");
            for (int k = 0; k < faces; k++) {
                int face = part == 0 ? U_ : part == 2 ? D_ : across[k];
                if (k && style == 2)
                    put(t, "| ");
                for (int c = 0; c < n; c++) {
                    int i = face * per + r * n + c;
                    bool h = (hidden >> face) & 1;
                    if (style == 3 && !h)
                        ansi_cell(t, st[i]);
                    else if (style == 3 || style == 1)
                        put(t, "%s", h ? (style == 3 ? "? " : "?") : (char[]){LETTERS[st[i]], 0});
                    else if (style == 0)
                        put(t, "%-6s ", h ? "?" : WORDS[st[i]]);
                    else
                        put(t, "%c ", h ? '?' : LETTERS[st[i]]);
                }
            }
            put(t, "%s", eol);
        }
    put(t, "Your answer:%s", eol);
}

static void test_nets(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++)
        for (int style = 0; style < 4; style++)
            for (unsigned seed = 1; seed <= 5; seed++) {
                uint8_t st[54];
                random_cube(n, seed * 7 + (unsigned)n, st);
                unsigned hidden = seed == 5 ? 1u << B_ : 0;
                text t = {0};
                write_net(&t, n, st, style, hidden);
                cg_puzzle p[2];
                cg_shape_info in[2];
                cg_error err;
                int errors;
                int got = read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors);
                if (errors)
                    fail_msg("n %d style %d: %s\n%s", n, style, err.msg, t.s);
                assert_int_equal(got, 1);
                assert_int_equal(in[0].shape, CG_SHAPE_NET);
                assert_int_equal(in[0].ansi, style == 3);
                assert_int_equal(in[0].first_line, 2);
                assert_int_equal(in[0].last_line, 1 + 3 * n);
                check_stickers(&p[0], n, st, style == 0 ? WORDS : style == 3 ? ansi_names() : letter_names(),
                               hidden);
                /* forced: the same net; another shape forced finds nothing */
                assert_int_equal(read_all(style == 3 ? CG_SHAPE_ANSI : CG_SHAPE_NET, NULL, t.s, p, 2, in,
                                          &err, &errors), 1);
                assert_int_equal(read_all(CG_SHAPE_FACES, NULL, t.s, p, 2, in, &err, &errors), 0);
            }
}

/* A vertical cross (U; L F R across; D; B under D), styles as write_net; B drawn turned `bturn`
 * half turns (1: how a cross folds, 0: as seen from behind, 2 and 3: a quarter turn either way), or
 * left out when hidden. */
static void write_cross(text *t, int n, const uint8_t *st, int style, bool hide_b, int bturn)
{
    static const int across[3] = {L_, F_, R_};
    int per = n * n, w = style == 0 ? 7 : style == 3 ? 2 : style == 2 ? 2 : 1;
    const char *eol = style == 2 ? "\r\n" : "\n";
    put(t, "Here is the cube:%s", eol);
    for (int part = 0; part < (hide_b ? 3 : 4); part++)
        for (int r = 0; r < n; r++) {
            int faces = part == 1 ? 3 : 1;
            if (part != 1)
                put(t, "%*s", n * w + (style == 2 ? 2 : 0) + 1, "");
            for (int k = 0; k < faces; k++) {
                int face = part == 0 ? U_ : part == 2 ? D_ : part == 3 ? B_ : across[k];
                if (k && style == 2)
                    put(t, "| ");
                for (int c = 0; c < n; c++) {
                    int i = face * per + r * n + c;
                    if (face == B_) { /* drawn turned: 1 half a turn, 2 and 3 a quarter each way */
                        int rr = bturn == 1 ? n - 1 - r : bturn == 2 ? n - 1 - c : bturn == 3 ? c : r;
                        int cc = bturn == 1 ? n - 1 - c : bturn == 2 ? r : bturn == 3 ? n - 1 - r : c;
                        i = face * per + rr * n + cc;
                    }
                    if (style == 3)
                        ansi_cell(t, st[i]);
                    else if (style == 1)
                        put(t, "%c", LETTERS[st[i]]);
                    else if (style == 0)
                        put(t, "%-6s ", WORDS[st[i]]);
                    else
                        put(t, "%c ", LETTERS[st[i]]);
                }
            }
            put(t, "%s", eol);
        }
    put(t, "Your answer:%s", eol);
}

/* Crosses with B under D read with no layout: B turned half a turn (no note), both sizes, every
 * style; B left out is a hidden face; a 3x3 whose B is drawn unturned is read in the one turn
 * that gives a cube, said in the note; a row of B too short names B. */
static void test_crosses(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++)
        for (int style = 0; style < 4; style++)
            for (unsigned seed = 1; seed <= 5; seed++) {
                uint8_t st[54];
                random_cube(n, seed * 11 + (unsigned)n, st);
                bool hide = seed == 5;
                int bturn = n == 3 && seed == 4 ? 0 : n == 3 && seed <= 2 ? seed + 1 : 1;
                text t = {0};
                write_cross(&t, n, st, style, hide, bturn);
                cg_puzzle p[2];
                cg_shape_info in[2];
                cg_error err;
                int errors;
                int got = read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors);
                if (errors)
                    fail_msg("n %d style %d: %s\n%s", n, style, err.msg, t.s);
                assert_int_equal(got, 1);
                assert_int_equal(in[0].shape, CG_SHAPE_NET);
                assert_string_equal(in[0].order, "cross");
                assert_string_equal(in[0].across, "LFR"); /* three faces across */
                assert_int_equal(in[0].first_line, 2);
                assert_int_equal(in[0].last_line, 1 + (hide ? 3 : 4) * n);
                check_stickers(&p[0], n, st, style == 0 ? WORDS : style == 3 ? ansi_names() : letter_names(),
                               hide ? 1u << B_ : 0);
                if (bturn == 1)
                    assert_string_equal(in[0].note, "");
                else if (!strstr(in[0].note, bturn ? "B read turned a quarter turn" : "B read turned as drawn"))
                    fail_msg("B drawn turned %d: note '%s'", bturn, in[0].note);
            }
    uint8_t st[54];
    random_cube(3, 5, st);
    text t = {0};
    write_cross(&t, 3, st, 1, false, 1);
    char *last = strstr(t.s, "Your answer");
    last[-2] = '\n'; /* B's last row one sticker short */
    last[-1] = '\0';
    cg_puzzle p[2];
    cg_shape_info in[2];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors), 0);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(err.msg, "where 3 (B, under D) were expected"));
    /* B drawn a quarter turn: each of its stickers placed where it was drawn */
    {
        uint8_t qs[54];
        random_cube(3, 14, qs);
        text tq = {0};
        write_cross(&tq, 3, qs, 1, false, 2);
        cg_shape_reader rq;
        assert_int_equal(cg_shape_reader_init(&rq, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
        cg_puzzle pq;
        cg_shape_place at[CG_PUZZLE_STICKERS_MAX];
        bool got = false;
        for (const char *line = tq.s, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
            assert_int_equal(cg_shape_reader_feed(&rq, line, (size_t)(nl - line), NULL), CG_OK);
            got |= cgi_take_placed(&rq, &pq, NULL, at);
        }
        assert_int_equal(cg_shape_reader_finish(&rq, NULL), CG_OK);
        got |= cgi_take_placed(&rq, &pq, NULL, at);
        assert_true(got);
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                const cg_shape_place *w = &at[B_ * 9 + (2 - c) * 3 + r]; /* write_cross's turn 2 */
                if (w->line != 11 + r || w->col != 5 + c)
                    fail_msg("B drawn at line %d column %d placed at line %ld column %d", 11 + r, 5 + c,
                             w->line, w->col);
            }
    }
    /* no turn of B gives a cube: the reason given is the half turn's (how a cross folds), the
     * reason a string of the same stickers gets */
    uint8_t bad[54];
    random_cube(3, 77, bad);
    uint8_t swap = bad[B_ * 9 + 0];
    bad[B_ * 9 + 0] = bad[B_ * 9 + 2];
    bad[B_ * 9 + 2] = swap;
    char string[55] = {0};
    for (int i = 0; i < 54; i++)
        string[i] = LETTERS[bad[i]];
    cg_puzzle sp;
    assert_int_equal(cg_puzzle_from_string(string, 54, "UDFBLR", &sp, NULL), CG_OK);
    char state3[64];
    cg_error why;
    assert_int_not_equal(cg_puzzle_state(&sp, NULL, 1, state3, sizeof state3, &why), CG_OK);
    text tc = {0};
    write_cross(&tc, 3, bad, 1, false, 1);
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, tc.s, p, 2, in, &err, &errors), 0);
    assert_int_equal(errors, 1);
    if (!strstr(err.msg, why.msg))
        fail_msg("'%s' does not give the half turn's reason '%s'", err.msg, why.msg);
    /* a B the same after a half turn, drawn a quarter turn: the two quarter turns that give a
     * cube give the same cube, one reading */
    unsigned seed = 1;
    uint8_t b[24];
    for (;; seed++) {
        random_cube(2, seed, b);
        const uint8_t *f = b + B_ * 4;
        if (f[0] == f[3] && f[1] == f[2] && f[0] != f[1])
            break;
    }
    text tb = {0};
    write_cross(&tb, 2, b, 1, false, 2);
    if (read_all(CG_SHAPE_AUTO, NULL, tb.s, p, 2, in, &err, &errors) != 1 || errors)
        fail_msg("seed %u: %s\n%s", seed, errors ? err.msg : "no cube", tb.s);
    check_stickers(&p[0], 2, b, letter_names(), 0);
}

/* Labelled faces written here in face order `order`, with several label and row styles. */
static void write_faces(text *t, int n, const uint8_t *st, const char *order, int style)
{
    static const char *const long_names[6] = {"Up", "Down", "Front", "Back", "Left", "Right"};
    for (const char *o = order; *o; o++) {
        int face = (int)(strchr("UDFBLR", *o) - "UDFBLR");
        int per = n * n;
        if (style == 0)
            put(t, "%s face:\n", long_names[face]);
        else if (style == 1)
            put(t, "%c:\n", *o);
        else if (style == 2)
            put(t, "  %s side \n", long_names[face]);
        else
            put(t, "%c: ", *o + 32);
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int col = st[face * per + r * n + c];
                if (style == 0)
                    put(t, "%s  ", WORDS[col]);
                else if (style == 2)
                    ansi_cell(t, col);
                else
                    put(t, "%c", LETTERS[col]);
            }
            if (style != 3)
                put(t, "\n");
        }
        if (style == 3)
            put(t, "\n");
        if (style == 0)
            put(t, "\n");
    }
    put(t, "Enter your solution:\n");
}

static void test_faces(void **state)
{
    (void)state;
    const char *orders[] = {"UDFBLR", "FRBLUD", "ULFRB"};
    for (int n = 2; n <= 3; n++)
        for (int style = 0; style < 4; style++)
            for (int k = 0; k < 3; k++) {
                uint8_t st[54];
                random_cube(n, (unsigned)(style * 10 + k + n), st);
                text t = {0};
                put(&t, "Round 1/5\n");
                write_faces(&t, n, st, orders[k], style);
                cg_puzzle p[2];
                cg_shape_info in[2];
                cg_error err;
                int errors;
                int got = read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors);
                if (errors)
                    fail_msg("n %d style %d: %s\n%s", n, style, err.msg, t.s);
                assert_int_equal(got, 1);
                assert_int_equal(in[0].shape, CG_SHAPE_FACES);
                assert_string_equal(in[0].order, orders[k]);
                check_stickers(&p[0], n, st, style == 0 ? WORDS : style == 2 ? ansi_names() : letter_names(),
                               k == 2 ? 1u << D_ : 0);
            }
}

/* Strings: single letters in several orders (positions computed here from the order), words
 * separated by blanks, grouped faces, the net order. */
/* A line that is no string says which bound it passed (./run.sh mutants: detect.c's messages) */
static void test_string_bounds(void **state)
{
    (void)state;
    char line[1024];
    cg_puzzle p;
    cg_error err;
    size_t n = (size_t)snprintf(line, sizeof line, "ab ");
    for (int t = 0; t < 2; t++, line[n++] = ' ')
        for (int k = 0; k < CGI_TOK + 2; k++)
            line[n++] = (char)('x' + t);
    assert_int_equal(cg_puzzle_from_string(line, n, NULL, &p, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "column 4: a token longer than 127 bytes");
    n = 0;
    for (int k = 0; k < 70; k++)
        n += (size_t)snprintf(line + n, sizeof line - n, "W ");
    assert_int_equal(cg_puzzle_from_string(line, n, NULL, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "64 tokens (64 characters, more than read)"));
    /* a long line of unequal words: too many, not unequal */
    n = (size_t)snprintf(line, sizeof line, "WW ");
    for (int k = 0; k < 70; k++)
        n += (size_t)snprintf(line + n, sizeof line - n, "W ");
    assert_int_equal(cg_puzzle_from_string(line, n, NULL, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "64 tokens (65 characters, more than read)"));
    /* groups of equal length, too few of them */
    assert_int_equal(cg_puzzle_from_string("WW WW WW", 8, NULL, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "3 tokens (6 characters): a string is 24"));
}

static void test_strings(void **state)
{
    (void)state;
    const char *orders[] = {"UDFBLR", "URFDLB", "net"};
    for (int n = 2; n <= 3; n++)
        for (int k = 0; k < 3; k++)
            for (int style = 0; style < 3; style++) {
                uint8_t st[54];
                random_cube(n, (unsigned)(100 + k * 3 + style + n), st);
                int per = n * n, idx[54], m = 0;
                if (k < 2) {
                    for (int f = 0; f < 6; f++)
                        for (int j = 0; j < per; j++)
                            idx[m++] = (int)(strchr("UDFBLR", orders[k][f]) - "UDFBLR") * per + j;
                } else {
                    for (int j = 0; j < per; j++)
                        idx[m++] = U_ * per + j;
                    for (int r = 0; r < n; r++)
                        for (int f = 0; f < 4; f++)
                            for (int c = 0; c < n; c++)
                                idx[m++] = (int[]){L_, F_, R_, B_}[f] * per + r * n + c;
                    for (int j = 0; j < per; j++)
                        idx[m++] = D_ * per + j;
                }
                text t = {0};
                put(&t, "stray text\n  ");
                for (int i = 0; i < 6 * per; i++) {
                    if (style == 0)
                        put(&t, "%c", LETTERS[st[idx[i]]]);
                    else if (style == 1)
                        put(&t, "%s ", WORDS[st[idx[i]]]);
                    else
                        put(&t, "%c%s", LETTERS[st[idx[i]]], i % per == per - 1 ? "  " : "");
                }
                put(&t, "\r\n");
                cg_puzzle p[2];
                cg_shape_info in[2];
                cg_error err;
                int errors;
                int got = read_all(CG_SHAPE_AUTO, orders[k], t.s, p, 2, in, &err, &errors);
                if (errors)
                    fail_msg("%s", err.msg);
                assert_int_equal(got, 1);
                assert_int_equal(in[0].shape, CG_SHAPE_STRING);
                assert_int_equal(in[0].first_line, 2);
                check_stickers(&p[0], n, st, style == 1 ? WORDS : letter_names(), 0);
                /* the one-line call reads the same */
                cg_puzzle q;
                const char *line = strchr(t.s, '\n') + 1;
                assert_int_equal(cg_puzzle_from_string(line, strlen(line), orders[k], &q, NULL), CG_OK);
                check_stickers(&q, n, st, style == 1 ? WORDS : letter_names(), 0);
                /* no order given: the one common order that gives a possible cube is found and
                 * named, by both readers; a note unless it is the default */
                got = read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors);
                assert_int_equal(errors, 0);
                assert_int_equal(got, 1);
                check_stickers(&p[0], n, st, style == 1 ? WORDS : letter_names(), 0);
                assert_string_equal(in[0].order, orders[k]);
                if (k == 0)
                    assert_string_equal(in[0].note, "");
                else
                    assert_non_null(strstr(in[0].note, orders[k]));
                assert_int_equal(cg_puzzle_from_string(line, strlen(line), NULL, &q, NULL), CG_OK);
                check_stickers(&q, n, st, style == 1 ? WORDS : letter_names(), 0);
            }
}

/* Strings with no order given: a solved cube (possible in every order, the same cube) stays in
 * UDFBLR with no note; an order given is kept even when another would give a cube; a string no
 * order makes a cube is read in UDFBLR, and the reconstruction's error names it. */
static void test_string_orders(void **state)
{
    (void)state;
    const char *solved = "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR";
    cg_puzzle p[2];
    cg_shape_info in[2];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, solved, p, 2, in, &err, &errors), 1);
    assert_string_equal(in[0].order, "UDFBLR");
    assert_string_equal(in[0].note, "");
    /* a Kociemba string (R U of solved, URFDLB) forced into UDFBLR: read as given, no cube */
    const char *kociemba = "UUUUUUFFFUBBRRRRRRRRRFFDFFDDDBDDBDDBFFDLLLLLLLLLUBBUBB";
    char state3[CG3_FACELETS + 1];
    assert_int_equal(read_all(CG_SHAPE_AUTO, "UDFBLR", kociemba, p, 2, in, &err, &errors), 1);
    assert_string_equal(in[0].order, "UDFBLR");
    assert_int_not_equal(cg_puzzle_state(&p[0], NULL, 1, state3, sizeof state3, NULL), CG_OK);
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, kociemba, p, 2, in, &err, &errors), 1);
    assert_string_equal(in[0].order, "URFDLB");
    assert_int_equal(cg_puzzle_state(&p[0], NULL, 1, state3, sizeof state3, NULL), CG_OK);
    assert_string_equal(state3, kociemba); /* face letters are their own faces */
    /* a corner twisted: no common order gives a cube; the default order is kept */
    const char *none = "UUUUUUUUFDDDDDDDDDFFRFFFFFFBBBBBBBBBLLLLLLLLLURRRRRRRR";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, none, p, 2, in, &err, &errors), 1);
    assert_string_equal(in[0].order, "UDFBLR");
    assert_string_equal(in[0].note, "");
}

static int read_text(cg_shape mode, const char *s, cg_error *err, int *errors, cg_puzzle *p)
{
    cg_shape_info in[3];
    cg_puzzle tmp[3];
    int got = read_all(mode, NULL, s, tmp, 3, in, err, errors);
    if (p && got)
        *p = tmp[0];
    return got;
}

static void test_errors_and_ends(void **state)
{
    (void)state;
    cg_error err;
    int errors;
    /* a short D row of a 3x3 net: the message names the row, the line, what was expected */
    const char *net = "      W W W\n      W W W\n      W W W\n"
                      "O O O G G G R R R B B B\nO O O G G G R R R B B B\nO O O G G G R R R B B B\n"
                      "      Y Y Y\n      Y Y\n      Y Y Y\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, net, &err, &errors, NULL), 0);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(err.msg, "a net of 3x3 faces (from line 1): row 8 (line 8) has 2 stickers "
                                    "where 3 (D, under F) were expected"));
    /* a short row across L F R B */
    const char *net2 = "  W W\n  W W\nO O G G R R B B\nO O G G R R B\n  Y Y\n  Y Y\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, net2, &err, &errors, NULL), 0);
    assert_non_null(strstr(err.msg, "row 4 (line 4) has 7 stickers where 8 (L F R B) were expected"));
    assert_null(strstr(err.msg, "hidden face")); /* the hint is for a row of three faces only */
    const char *net2b = "  W W\n  W W\nO O G G R R B B\nO O G G R R\n  Y Y\n  Y Y\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, net2b, &err, &errors, NULL), 0);
    assert_non_null(strstr(err.msg, "has 6 stickers where 8 (L F R B) were expected (a hidden face is "
                                    "shown as '?' stickers)"));
    /* labelled faces with a colour too long: an error naming the face, line and column, and
     * nothing handed over */
    const char *bad = "U:\nW W\nW W\nD:\nY Y\nY Y\nF:\nG G\nG G\nB:\nB B\nB B\nL:\nO O\nO O\n"
                        "R:\nR R\nR Pabcdefghijklmnopqrstuvwxyz0123456789\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, bad, &err, &errors, NULL), 0);
    assert_int_equal(errors, 1);
    if (!strstr(err.msg, "labelled faces: face R, line 18, column 3: "))
        fail_msg("message '%s'", err.msg);
    /* the end of input hands over a net without D rows, a cross without B rows (that face hidden) */
    cg_puzzle nod;
    assert_int_equal(read_text(CG_SHAPE_AUTO, "  W W\n  W W\nO O G G R R B B\nO O G G R R B B\n", &err,
                               &errors, &nod), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(nod.faces_shown, 0x3F & ~(1u << 1)); /* D hidden */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "  W W\n  W W\nO O G G R R\nO O G G R R\n  Y Y\n  Y Y\n", &err,
                               &errors, &nod), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(nod.faces_shown, 0x3F & ~(1u << 3)); /* B hidden */
    /* U drawn as '?' stickers: hidden */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "  ? ?\n  ? ?\nO O G G R R B B\nO O G G R R B B\n  Y Y\n  Y Y\n",
                               &err, &errors, &nod), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(nod.faces_shown, 0x3F & ~(1u << 0)); /* U hidden */
    /* text of two or three words before a net is not taken for U rows */
    const char *net3 = "Round 1/100\nEnter your solution:\n  W W\n  W W\nO O G G R R B B\nO O G G R R B B\n"
                       "  Y Y\n  Y Y\n";
    cg_puzzle p;
    assert_int_equal(read_text(CG_SHAPE_AUTO, net3, &err, &errors, &p), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(p.size, 2);
    /* a line of text between two labelled faces, before the fifth: the faces go on */
    cg_puzzle six = {0};
    assert_int_equal(read_text(CG_SHAPE_AUTO, "U:\nW W\nW W\nnext one:\nF:\nG G\nG G\nR:\nR R\nR R\nB:\nB B\nB B\n"
                               "L:\nO O\nO O\nD:\nY Y\nY Y\n", &err, &errors, &six), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(cg_puzzle_faces_known(&six), 6);
    /* faces of two-letter colour names: "Wh Wh" is a row of two, not a face of four letters */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "U:\nWh Wh\nWh Wh\nF:\nGr Gr\nGr Gr\nR:\nRe Re\nRe Re\n"
                               "B:\nBl Bl\nBl Bl\nL:\nOr Or\nOr Or\nD:\nYe Ye\nYe Ye\n", &err, &errors, &six), 1);
    assert_int_equal(errors, 0);
    assert_string_equal(six.colour[six.sticker[0]], "Wh");
    /* a face shown by its first sticker alone (the rest '?') is a face shown */
    cg_puzzle part = {0};
    assert_int_equal(read_text(CG_SHAPE_AUTO, "  W ?\n  ? ?\nO O G G R R B B\nO O G G R R B B\n  Y Y\n  Y Y\n", &err,
                               &errors, &part), 1);
    assert_int_equal(errors, 0);
    assert_true(part.faces_shown & (1u << CG_U));
    /* a word, four, a word: no net of one sticker a face */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "Score\nW G R B\nY\nW G R B\nO\n", &err, &errors, NULL), 0);
    assert_int_equal(errors, 0);
    assert_int_equal(read_text(CG_SHAPE_AUTO, "  W\nO G R B\n  Y\n", &err, &errors, NULL), 0);
    assert_int_equal(errors, 0);
    /* U rows not indented over F: not a net */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "W W\nW W\nO O G G R R B B\nO O G G R R B B\n", &err, &errors,
                               NULL), 0);
    assert_int_equal(errors, 0);
    /* a token too long, with its column */
    const char *longtok = "U:\nW W W\nW W abcdefghijabcdefghijabcdefghijabc\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, longtok, &err, &errors, NULL), 0);
    assert_non_null(strstr(err.msg, "labelled faces: face U, line 3, column 5: "));
    /* a face row of the wrong length */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "Up face:\nW W W\nW W\n", &err, &errors, NULL), 0);
    assert_non_null(strstr(err.msg, "labelled faces of a 3x3: face U (label on line 1): line 3 has 2 "
                                    "stickers where 3 were expected"));
    /* "Left click here" is no label; "Left:" with stickers is */
    assert_int_equal(read_text(CG_SHAPE_FACES, "Left click here\n", &err, &errors, NULL), 0);
    assert_int_equal(errors, 0);
    /* four faces then the end of input */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "U: WWWW\nD: YYYY\nF: GGGG\nB: BBBB\n", &err, &errors, NULL), 0);
    assert_non_null(strstr(err.msg, "only 4 faces before the end of input"));
    /* five faces end at the prompt, six at the sixth face: two cubes */
    const char *two = "U: WWWW\nD: YYYY\nF: GGGG\nB: BBBB\nL: OOOO\n> \nU: WWWW\nD: YYYY\nF: GGGG\n"
                      "B: BBBB\nL: OOOO\nR: RRRR\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, two, &err, &errors, NULL), 2);
    /* a list of six strings of 5 characters is no list of faces (4 or 9): no cube, no error */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "[\"WWWWW\", \"RRRRR\", \"GGGGG\", \"YYYYY\", "
                               "\"OOOOO\", \"BBBBB\"]\n", &err, &errors, NULL), 0);
    assert_int_equal(errors, 0);
    /* five faces with no blank between them end at a blank line: a sixth label after it starts
     * another drawing (too short: an error); with blanks between the faces the blank after the
     * fifth does not end them, and the sixth joins */
    const char *blank_end = "U: WWWW\nD: YYYY\nF: GGGG\nB: BBBB\nL: OOOO\n\nR: RRRR\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, blank_end, &err, &errors, NULL), 1);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(err.msg, "only 1 face"));
    const char *spaced = "U: WWWW\n\nD: YYYY\n\nF: GGGG\n\nB: BBBB\n\nL: OOOO\n\nR: RRRR\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, spaced, &err, &errors, NULL), 1);
    assert_int_equal(errors, 0);
    /* a sentence of 24 words is not a string in auto mode (more than six distinct) */
    assert_int_equal(read_text(CG_SHAPE_AUTO, "a b c d e f g h i j k l m n o p q r s t u v w x\n", &err,
                               &errors, NULL), 0);
    /* 24 stickers of one colour too many are still read: reconstruction refuses them later */
    assert_int_equal(read_text(CG_SHAPE_STRING, "a b c d e f g h i j k l m n o p q r s t u v w x\n", &err,
                               &errors, NULL), 1);
    /* boxes: the faces in the order given; "Face U:" without a box is a labelled face */
    {
        const char *boxes = "Face R:\n+-----+\n| R R |\n| R R |\n+-----+\nFace U:\n+-----+\n| U U |\n"
                            "| U U |\n+-----+\nFace F:\n+-----+\n| F F |\n| F F |\n+-----+\nFace D:\n"
                            "+-----+\n| D D |\n| D D |\n+-----+\nFace B:\n+-----+\n| B B |\n| B B |\n"
                            "+-----+\n> \nFace L:\nL L\nL L\n";
        cg_puzzle ps[3];
        cg_shape_info in[3];
        assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, boxes, ps, 3, in, &err, &errors), 1);
        assert_int_equal(in[0].shape, CG_SHAPE_BOXES);
        assert_string_equal(in[0].order, "RUFDB");
        assert_int_equal(in[0].last_line, 25);
        assert_int_equal(errors, 1); /* the lone labelled face at the end: too few faces */
        assert_non_null(strstr(err.msg, "only 1 face"));
    }
    /* bad order, bad shape name */
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, "UDFBLL", &err), CG_ERR_INPUT);
    cg_shape s;
    assert_int_equal(cg_shape_parse("blocks", &s, &err), CG_ERR_INPUT);
    assert_int_equal(cg_shape_parse("net", &s, NULL), CG_OK);
    assert_int_equal(s, CG_SHAPE_NET);
}

/* A transcript's typed answer: "Enter your solution:" then the move "U" on its own line is no
 * face label (issue 36: solve read it as face U cut off by the end of input); the same letter
 * after a line that asks nothing still starts labelled faces. */
/* Fills a stretch of the stack with junk: a reader's locals below it start as garbage, not as
 * the zeros of a fresh stack, so a string left unterminated shows. */
static void __attribute__((noinline)) dirty_stack(void)
{
    volatile char junk[32768];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = 'Z';
}

/* The order hint names another common order that gives a cube: the first of them, never the
 * order given */
static void test_order_hint(void **state)
{
    (void)state;
    uint8_t st[24];
    random_cube(2, 7, st);
    char text[25] = {0}, out[8];
    for (int i = 0; i < 24; i++)
        text[i] = LETTERS[st[i]];
    cg_puzzle p;
    assert_int_equal(cg_puzzle_from_string(text, 24, "URFDLB", &p, NULL), CG_OK); /* read wrong */
    assert_int_equal(cg_puzzle_order_hint(&p, "URFDLB", out, sizeof out), 1);
    assert_string_equal(out, "UDFBLR");
    /* solved reads as solved in every order: the first other one */
    static const char solved[] = "WWWWYYYYGGGGBBBBOOOORRRR";
    assert_int_equal(cg_puzzle_from_string(solved, 24, "UDFBLR", &p, NULL), CG_OK);
    assert_int_equal(cg_puzzle_order_hint(&p, "UDFBLR", out, sizeof out), 1);
    assert_string_equal(out, "URFDLB");
}

/* cg_read_text's buffer: a cube's line, its newline and the terminator, or CG_ERR_LIMIT */
static void test_read_text_fits(void **state)
{
    (void)state;
    /* an error names its line */
    char lined[256];
    int lines_count;
    cg_error lerr;
    static const char bad3[] = "hello\nthere\nU:\nW W\nW W W\n";
    assert_int_equal(cg_read_text(bad3, strlen(bad3), NULL, NULL, NULL, NULL, lined, sizeof lined,
                                  &lines_count, &lerr), CG_ERR_INPUT);
    if (strncmp(lerr.msg, "line 5: ", 8) != 0)
        fail_msg("%s", lerr.msg);
    static const char text[] = "WWWWYYYYGGGGBBBBOOOORRRR\n";
    char out[256];
    int count;
    cg_error err;
    assert_int_equal(cg_read_text(text, strlen(text), NULL, NULL, NULL, NULL, out, sizeof out, &count, &err),
                     CG_OK);
    size_t need = strlen(out) + 1;
    assert_int_equal(out[need - 2], '\n');
    memset(out, 'X', sizeof out);
    assert_int_equal(cg_read_text(text, strlen(text), NULL, NULL, NULL, NULL, out, need, &count, &err), CG_OK);
    assert_int_equal(count, 1);
    assert_int_equal(strlen(out), need - 1);
    assert_int_equal(out[need], 'X'); /* nothing past the buffer */
    memset(out, 'X', sizeof out);
    assert_int_equal(cg_read_text(text, strlen(text), NULL, NULL, NULL, NULL, out, need - 1, &count, &err),
                     CG_ERR_LIMIT);
    assert_int_equal(count, 0);
    assert_int_equal(out[need - 1], 'X');
    char want[64];
    snprintf(want, sizeof want, "cube 1 does not fit the buffer of %zu bytes", need - 1);
    assert_string_equal(err.msg, want);
}

/* No cube in a text: one line is said why as a string, its blanks and line ends around it
 * left out; several lines are counted. */
static void test_read_text_no_cube(void **state)
{
    (void)state;
    static const char *const ONE[] = {"UUUUX", "  UUUUX \t\r\n", "\r\n\tUUUUX\r\n\r\n"};
    char out[256];
    int count;
    cg_error err;
    for (size_t i = 0; i < sizeof ONE / sizeof *ONE; i++) {
        assert_int_equal(cg_read_text(ONE[i], strlen(ONE[i]), NULL, NULL, NULL, NULL, out, sizeof out,
                                      &count, &err), CG_ERR_INPUT);
        if (strncmp(err.msg, "no cube found: read as one string, ", 35) != 0)
            fail_msg("'%s': message '%s'", ONE[i], err.msg);
    }
    const char *two = "hello\nworld\n";
    assert_int_equal(cg_read_text(two, strlen(two), NULL, NULL, NULL, NULL, out, sizeof out, &count, &err),
                     CG_ERR_INPUT);
    assert_string_equal(err.msg, "no cube found: nothing in 2 lines is a cube (docs/shapes.md shows "
                                 "each shape)");
}

/* A list is six faces in the reader's order, or all the stickers one by one (24 or 54). */
static void test_dict_lists(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++)
        for (int form = 0; form < 2; form++) {
            char text[1024];
            size_t k = (size_t)snprintf(text, sizeof text, "[");
            for (int f = 0; f < 6; f++) {
                if (form == 1)
                    k += (size_t)snprintf(text + k, sizeof text - k, "%s\"", f ? ", " : "");
                for (int i = 0; i < n * n; i++)
                    k += (size_t)snprintf(text + k, sizeof text - k, form == 0 ? "%s'%c'" : "%.0s%c",
                                          f || i ? ", " : "", "UDFBLR"[f]);
                if (form == 1)
                    k += (size_t)snprintf(text + k, sizeof text - k, "\"");
            }
            snprintf(text + k, sizeof text - k, "]\n");
            cg_puzzle p[2];
            cg_shape_info in[2];
            cg_error err = {0};
            int errors;
            if (read_all(CG_SHAPE_DICT, NULL, text, p, 2, in, &err, &errors) != 1 || errors)
                fail_msg("%s: %s", text, err.msg);
            assert_int_equal(p[0].size, n);
            for (int i = 0; i < 6 * n * n; i++) {
                char want[2] = {"UDFBLR"[i / (n * n)], '\0'};
                assert_string_equal(p[0].colour[p[0].sticker[i]], want);
            }
        }
}

/* A dict's faces are reported in the order the text gives them, five or six. */
static void test_dict_order(void **state)
{
    (void)state;
    static const char *const TEXTS[] = {
        "{'F': 'FFFF', 'U': 'UUUU', 'R': 'RRRR', 'L': 'LLLL', 'B': 'BBBB', 'D': 'DDDD'}\n",
        "{\"down\": [\"D\", \"D\", \"D\", \"D\"], \"back\": \"BBBB\", \"up\": \"UUUU\", "
        "\"left\": \"LLLL\", \"front\": \"FFFF\"}\n"};
    static const char *const ORDER[] = {"FURLBD", "DBULF"};
    for (int i = 0; i < 2; i++) {
        cg_puzzle p[2];
        cg_shape_info in[2];
        cg_error err = {0};
        int errors;
        assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, TEXTS[i], p, 2, in, &err, &errors), 1);
        assert_int_equal(errors, 0);
        assert_int_equal(in[0].shape, CG_SHAPE_DICT);
        assert_string_equal(in[0].order, ORDER[i]);
        /* the parser itself terminates the order, whatever its buffer held, and each sticker
         * cut from a face's string, whatever its stack held */
        char given[8];
        memset(given, 'X', sizeof given);
        cg_puzzle pz;
        dirty_stack();
        assert_int_equal(cgi_dict_parse(TEXTS[i], strlen(TEXTS[i]), NULL, &pz, given, NULL),
                         (int)strlen(ORDER[i]));
        assert_string_equal(given, ORDER[i]);
        for (int k = 0; k < 24; k++)
            if (pz.sticker[k] != CG_UNKNOWN)
                assert_int_equal(strlen(pz.colour[pz.sticker[k]]), 1);
    }
}

/* The dict parser's bounds: nesting (a cube 15 mappings down is read, 16 is refused with the
 * innermost key), a string longer than a token, a face found only in a mapping inside. */
static void test_dict_bounds(void **state)
{
    (void)state;
    char buf[2048];
    cg_puzzle pz;
    char given[8];
    cg_error err;
    for (int k = 15; k <= 17; k++) {
        size_t n = (size_t)snprintf(buf, sizeof buf, "{");
        for (int i = 0; i < k; i++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "\"a\": {");
        n += (size_t)snprintf(buf + n, sizeof buf - n, "\"U\": \"WWWW\", \"D\": \"YYYY\", \"F\": \"GGGG\", "
                              "\"B\": \"BBBB\", \"L\": \"OOOO\"");
        for (int i = 0; i <= k; i++)
            buf[n++] = '}';
        err.msg[0] = '\0';
        int faces = cgi_dict_parse(buf, n, NULL, &pz, given, &err);
        if (k == 15) {
            assert_int_equal(faces, 5);
            continue;
        }
        assert_int_equal(faces, -1);
        if (!strstr(err.msg, "brackets nested deeper than 16 levels") ||
            !strstr(err.msg, k == 16 ? "(key 'U')" : "(key 'a')"))
            fail_msg("%d mappings deep: \"%s\"", k, err.msg);
    }
    /* 15 mappings down, a face that is no value: that error, not the nesting's */
    size_t n = (size_t)snprintf(buf, sizeof buf, "{");
    for (int i = 0; i < 15; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "\"a\": {");
    n += (size_t)snprintf(buf + n, sizeof buf - n, "\"U\": \"WWWW\", \"D\": ]");
    assert_int_equal(cgi_dict_parse(buf, n, NULL, &pz, given, &err), -1);
    assert_string_equal(err.msg, "face D: not a list or string of stickers");
    /* a quoted face of 200 stickers: cut at a token's 127 bytes, and refused */
    n = (size_t)snprintf(buf, sizeof buf, "{\"U\": \"");
    memset(buf + n, 'W', 200);
    n += 200;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "\", \"D\": \"YYYY\"}");
    assert_int_equal(cgi_dict_parse(buf, n, NULL, &pz, given, &err), -1);
    assert_string_equal(err.msg, "face U has 1 stickers (127 characters), not 4 or 9");
    /* a face listed as 70 stickers: refused with its count (64 are kept, the rest counted) */
    n = (size_t)snprintf(buf, sizeof buf, "{'U': [");
    for (int k = 0; k < 70; k++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s'W'", k ? ", " : "");
    n += (size_t)snprintf(buf + n, sizeof buf - n, "], 'D': 'YYYY'}");
    assert_int_equal(cgi_dict_parse(buf, n, NULL, &pz, given, &err), -1);
    if (!strstr(err.msg, "face U has 70 stickers"))
        fail_msg("'%s'", err.msg);
    /* a key of 200 letters is no face: the face after it is still read */
    n = (size_t)snprintf(buf, sizeof buf, "{\"");
    memset(buf + n, 'U', 200);
    n += 200;
    n += (size_t)snprintf(buf + n, sizeof buf - n, "\": \"WWWW\", \"D\": \"YYYY\"}");
    assert_int_equal(cgi_dict_parse(buf, n, NULL, &pz, given, &err), 1);
    assert_string_equal(given, "D");
    /* blanks before and after a face's stickers are no stickers */
    static const char blanks[] = "{\"U\": \" W W W W \", \"D\": \"YYYY\", \"F\": \"GGGG\", \"B\": \"BBBB\", \"L\": \"OOOO\"}";
    assert_int_equal(cgi_dict_parse(blanks, strlen(blanks), NULL, &pz, given, &err), 5);
    /* a blank after a list's '[': still a list of faces */
    int errs;
    assert_int_equal(read_text(CG_SHAPE_AUTO, "cube = [ \"WWWW\", \"YYYY\", \"GGGG\", \"BBBB\", \"OOOO\", \"RRRR\"]\n",
                               &err, &errs, NULL), 1);
    /* a quote left open: no string, no face */
    static const char open_quote[] = "{\"U\": \"WWWW}";
    assert_int_equal(cgi_dict_parse(open_quote, strlen(open_quote), NULL, &pz, given, &err), 0);
    /* a key with no ':' after it: no mapping of faces (a set, a syntax error) */
    static const char nocolon[] = "{\"U\" \"WWWW\", \"D\": \"YYYY\"}";
    assert_int_equal(cgi_dict_parse(nocolon, strlen(nocolon), NULL, &pz, given, &err), 0);
    /* a face only in a mapping inside: found there */
    static const char inner[] = "{\"cube\": {\"U\": \"WWWW\"}, \"x\": 1}";
    assert_int_equal(cgi_dict_parse(inner, strlen(inner), NULL, &pz, given, &err), 1);
    assert_string_equal(given, "U");
}

/* Where a Python or JSON cube starts, and how far it may run: after a label that ends in '=' or
 * ':' or nothing at all, never after another word, however short; a '[' that opens no list of
 * lists or strings ("[+] connected") is text, and the cube after it is read; a bracket inside a
 * string of a cube written over several lines counts for nothing; 500 lines in all, not 501. */
static void test_dict_starts(void **state)
{
    (void)state;
    static const char FACES[] = "{'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO', "
                                "'R': 'RRRR'}";
    static const struct {
        const char *before;
        int cubes;
    } STARTS[] = {{"", 1}, {"  ", 1}, {"cube = ", 1}, {"cube: ", 1}, {"x", 0}, {"> ", 0},
                  {"the cube ", 0}};
    char text[16384];
    cg_error err;
    int errs;
    for (size_t i = 0; i < sizeof STARTS / sizeof *STARTS; i++) {
        snprintf(text, sizeof text, "%s%s\n", STARTS[i].before, FACES);
        if (read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL) != STARTS[i].cubes || errs)
            fail_msg("'%s' before a cube: not %d cubes (%d errors)", STARTS[i].before,
                     STARTS[i].cubes, errs);
    }
    /* cubes one after the other, a mapping after a list of six faces among them: each whole */
    snprintf(text, sizeof text, "%s\n[['W', 'W', 'W', 'W'], ['Y', 'Y', 'Y', 'Y'], "
             "['G', 'G', 'G', 'G'], ['B', 'B', 'B', 'B'], ['O', 'O', 'O', 'O'], "
             "['R', 'R', 'R', 'R']]\ncube = %s\n", FACES, FACES);
    assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL), 3);
    assert_int_equal(errs, 0);
    /* a list at the start of its line is read from the line alone, whatever byte stands
     * before it in the caller's memory (a blank, '=', ':') */
    static const char *const BEFORE = " =:\t";
    for (int b = 0; BEFORE[b]; b++) {
        char mem[128];
        int len = snprintf(mem, sizeof mem, "%c['WWWW', 'YYYY', 'GGGG', 'BBBB', 'OOOO', 'RRRR']",
                           BEFORE[b]);
        cg_shape_reader r;
        assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
        assert_int_equal(cg_shape_reader_feed(&r, mem + 1, (size_t)len - 1, &err), CG_OK);
        cg_puzzle p;
        assert_true(cg_shape_reader_take(&r, &p, NULL));
    }
    /* a list opened at the end of its line, its faces on the lines after */
    static const char OPENED[] = "cube = [\n 'WWWW', 'YYYY', 'GGGG',\n 'BBBB', 'OOOO', 'RRRR'\n]\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, OPENED, &err, &errs, NULL), 1);
    assert_int_equal(errs, 0);
    /* a bracket after a label that names no face, before a word: no list ("state: [UUUU...]"
     * is a string in brackets) */
    static const char STRING[] = "state: [WWWWYYYYGGGGBBBBOOOORRRR]\n";
    cg_shape_info info[3];
    cg_puzzle got[3];
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, STRING, got, 3, info, &err, &errs), 1);
    assert_int_equal(info[0].shape, CG_SHAPE_STRING);
    snprintf(text, sizeof text, "[+] connected\n%s\n", FACES);
    assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL), 1);
    assert_int_equal(errs, 0);
    /* a progress bar's bracket left open is text too, not a list that runs on */
    snprintf(text, sizeof text, "[*] loading [=====\n%s\n", FACES);
    assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL), 1);
    assert_int_equal(errs, 0);
    /* a '}' and a '[' inside strings, on lines of their own */
    static const char QUOTED[] = "{\"note\": \"a } closes nothing\",\n \"U\": \"WWWW\", "
                                 "\"D\": \"YYYY\",\n 'hint': '[ opens nothing',\n"
                                 " \"F\": \"GGGG\", \"B\": \"BBBB\", \"L\": \"OOOO\"}\n";
    cg_puzzle p;
    assert_int_equal(read_text(CG_SHAPE_AUTO, QUOTED, &err, &errs, &p), 1);
    assert_int_equal(errs, 0);
    /* a mapping's line counts whole against the 8 KB, what follows its closing brace too
     * (only a face's list on its own line ends at its bracket) */
    {
        size_t k = (size_t)snprintf(text, sizeof text, "%s  # ", FACES);
        memset(text + k, 'x', CG_SHAPE_DICT_MAX);
        snprintf(text + k + CG_SHAPE_DICT_MAX, sizeof text - k - CG_SHAPE_DICT_MAX, "\n");
        assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL), 0);
        assert_non_null(strstr(err.msg, "longer than 8192 bytes"));
    }
    /* three cubes of 200 lines one after another: the bound is each one's */
    size_t m = 0;
    for (int c = 0; c < 3; c++) {
        m += (size_t)snprintf(text + m, sizeof text - m, "{'U': 'WWWW', 'D': 'YYYY',\n");
        for (int k = 2; k < 200; k++)
            m += (size_t)snprintf(text + m, sizeof text - m, "\n");
        m += (size_t)snprintf(text + m, sizeof text - m, "'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO'}\n");
    }
    assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL), 3);
    assert_int_equal(errs, 0);
    /* the longest cube: 500 lines, the first and the last with its faces */
    for (int lines = 500; lines <= 501; lines++) {
        size_t n = (size_t)snprintf(text, sizeof text, "{'U': 'WWWW', 'D': 'YYYY',\n");
        for (int k = 2; k < lines; k++)
            n += (size_t)snprintf(text + n, sizeof text - n, "\n");
        snprintf(text + n, sizeof text - n, "'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO'}\n");
        int got = read_text(CG_SHAPE_AUTO, text, &err, &errs, NULL);
        if (lines == 500 && (got != 1 || errs))
            fail_msg("a cube of 500 lines: %d cubes, %d errors (%s)", got, errs, err.msg);
        if (lines == 501 && (got != 0 || !strstr(err.msg, "500 lines without its closing")))
            fail_msg("a cube of 501 lines: %d cubes, '%s'", got, err.msg);
    }
}

/* Faces printed one a line as labelled lists, as print(f"{name}: {face}") writes them: read as one
 * mapping, six faces or five followed by other text, the end or a pause; fewer than five are
 * no cube and no error (a menu's "L: ['easy', 'hard']"); the stickers' lines are the cube's. */
static void test_dict_labelled_lists(void **state)
{
    (void)state;
    static const char *const FACE[6] = {"U", "F", "R", "B", "L", "D"};
    static const char *const COL[6] = {"W", "G", "R", "B", "O", "Y"};
    char text[2048];
    cg_error err;
    int errs;
    for (int faces = 4; faces <= 6; faces++)
        for (int form = 0; form < 3; form++) {
            size_t n = (size_t)snprintf(text, sizeof text, "Round 1\n");
            for (int f = 0; f < faces; f++) {
                const char *c = COL[f];
                if (form == 0)
                    n += (size_t)snprintf(text + n, sizeof text - n, "%s: ['%s', '%s', '%s', '%s']\n",
                                          FACE[f], c, c, c, c);
                else if (form == 1)
                    n += (size_t)snprintf(text + n, sizeof text - n, "%s = [['%s', '%s'],\n  ['%s', "
                                          "'%s']]\n", f == 0 ? "up" : FACE[f], c, c, c, c);
                else
                    n += (size_t)snprintf(text + n, sizeof text - n, "\t%s\t:\t[%s %s %s %s]\n",
                                          FACE[f], c, c, c, c); /* tabs around the colon */
            }
            snprintf(text + n, sizeof text - n, "%s", faces == 5 && form == 1 ? "" : "Your move:\n");
            cg_puzzle p[3];
            cg_shape_info in[3];
            err.msg[0] = '\0';
            int got = read_all(CG_SHAPE_AUTO, NULL, text, p, 3, in, &err, &errs);
            if (got != (faces >= 5) || errs)
                fail_msg("%d faces, form %d: %d cubes, %d errors (%s)\n%s", faces, form, got, errs,
                         err.msg, text);
            if (!got)
                continue;
            assert_int_equal(in[0].shape, CG_SHAPE_DICT);
            assert_int_equal(in[0].first_line, 2);
            assert_int_equal(in[0].last_line, 1 + faces * (form == 1 ? 2 : 1));
            assert_string_equal(in[0].order, faces == 6 ? "UFRBLD" : "UFRBL");
            assert_int_equal(p[0].size, 2);
        }
    /* two of them, then text: no cube, no error; a wrong face among five: that error */
    const char *menu = "L: ['easy', 'hard']\nR: ['quit']\nChoose:\n";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, menu, NULL, 0, NULL, &err, &errs), 0);
    assert_int_equal(errs, 0);
    const char *bad = "U: ['W', 'W', 'W', 'W']\nF: ['G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\n"
                      "B: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']\nok\n";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, bad, NULL, 0, NULL, &err, &errs), 0);
    assert_int_equal(errs, 1);
    assert_string_equal(err.msg, "a Python or JSON cube (lines 1-5): face F has 3 stickers (3 "
                                 "characters), not 4");
    /* the wrong face among five, then a mapping: the error is said, not lost to the mapping */
    const char *bad_then = "U: ['W', 'W', 'W', 'W']\nF: ['G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\n"
                           "B: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']\ncube = {'x': 1}\n";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, bad_then, NULL, 0, NULL, &err, &errs), 0);
    assert_int_equal(errs, 1);
    assert_non_null(strstr(err.msg, "face F has 3 stickers"));
    /* one labelled list, then text, then six: the one is gone before the six come */
    size_t n = (size_t)snprintf(text, sizeof text, "L: ['easy', 'hard']\nChoose:\n");
    for (int f = 0; f < 6; f++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s: ['%s', '%s', '%s', '%s']\n", FACE[f],
                              COL[f], COL[f], COL[f], COL[f]);
    cg_puzzle six[2];
    cg_shape_info at[2];
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, text, six, 2, at, &err, &errs), 1);
    assert_int_equal(errs, 0);
    assert_int_equal(at[0].first_line, 3);
    /* U among the later faces, not first */
    static const char LATER[] = "F: ['G', 'G', 'G', 'G']\nR: ['R', 'R', 'R', 'R']\nU: ['W', 'W', 'W', 'W']\n"
                                "B: ['B', 'B', 'B', 'B']\nL: ['O', 'O', 'O', 'O']\nD: ['Y', 'Y', 'Y', 'Y']\n";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, LATER, six, 2, at, &err, &errs), 1);
    assert_int_equal(errs, 0);
    assert_string_equal(at[0].order, "FRUBLD");
    /* what follows a face's list on its line is not part of it: a comment, a comma, a bracket,
     * closed or not */
    static const char TRAILING[] = "U: ['W', 'W', 'W', 'W']]\nfront: ['G', 'G', 'G', 'G']  # the "
                                   "front ['x']\nR: ['R', 'R', 'R', 'R'],\nB: ['B', 'B', 'B', 'B']\n"
                                   "L: [['O', 'O'],\n ['O', 'O']] (left, see [1)\nD: ['Y', 'Y', "
                                   "'Y', 'Y'] [\n";
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, TRAILING, six, 2, at, &err, &errs), 1);
    assert_int_equal(errs, 0);
    assert_string_equal(at[0].order, "UFRBLD"); /* a bracket opened after a list ends it too */
    /* five lists then a pause: the cube now; a mapping open at a pause waits for its end */
    cg_shape_reader r;
    cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL);
    for (int f = 0; f < 5; f++) {
        char one[64];
        int len = snprintf(one, sizeof one, "%s: ['%s', '%s', '%s', '%s']", FACE[f], COL[f],
                           COL[f], COL[f], COL[f]);
        assert_int_equal(cg_shape_reader_feed(&r, one, (size_t)len, &err), CG_OK);
    }
    assert_false(cg_shape_reader_take(&r, &six[0], NULL));
    assert_int_equal(cg_shape_reader_pause(&r, &err), CG_OK);
    assert_true(cg_shape_reader_take(&r, &six[0], NULL));
    static const char *const OPEN[] = {"cube = {'U': 'WWWW', 'D': 'YYYY',", "'F': 'GGGG',",
                                       "'B': 'BBBB', 'L': 'OOOO'}"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(cg_shape_reader_feed(&r, OPEN[i], strlen(OPEN[i]), &err), CG_OK);
        if (i < 2)
            assert_int_equal(cg_shape_reader_pause(&r, &err), CG_OK);
    }
    assert_true(cg_shape_reader_take(&r, &six[0], NULL));
    /* a mapping right after six lists, and right after five: a cube of its own each time */
    static const char MAPPING[] = "cube = {'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', "
                                  "'L': 'OOOO'}\n";
    for (int lists = 5; lists <= 6; lists++) {
        char both[512];
        size_t k = 0;
        for (int f = 0; f < lists; f++)
            k += (size_t)snprintf(both + k, sizeof both - k, "%s: ['%s', '%s', '%s', '%s']\n",
                                  FACE[f], COL[f], COL[f], COL[f], COL[f]);
        snprintf(both + k, sizeof both - k, "%s", MAPPING + (lists == 5 ? 7 : 0)); /* "{" first */
        assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, both, six, 2, at, &err, &errs), 2);
        assert_int_equal(errs, 0);
        assert_int_equal(at[1].first_line, lists + 1);
    }
    /* busy from the first labelled list on, not after the sixth */
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    const char *line = text + strlen("L: ['easy', 'hard']\nChoose:\n");
    for (int f = 0; f < 6; f++) {
        size_t len = (size_t)(strchr(line, '\n') - line);
        assert_int_equal(cg_shape_reader_feed(&r, line, len, &err), CG_OK);
        if (cg_shape_reader_busy(&r) != (f < 5))
            fail_msg("after %d labelled lists the reader is %sbusy", f + 1, f < 5 ? "not " : "");
        line += len + 1;
    }
    assert_true(cg_shape_reader_take(&r, &six[0], NULL));
    /* a menu's one list, then a prompt with no line end (a pause): not busy, or the menu would
     * wait for a cube that does not come */
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&r, menu, strlen("L: ['easy', 'hard']"), &err), CG_OK);
    assert_true(cg_shape_reader_busy(&r));
    assert_int_equal(cg_shape_reader_pause(&r, &err), CG_OK);
    assert_false(cg_shape_reader_busy(&r));
    /* the longest: what is gathered (each list from its bracket, a key before it, a line end
     * after it, the braces) fills the 8 KB buffer but its last byte; one blank more is refused */
    for (int extra = 0; extra <= 1; extra++) {
        size_t gathered = 1 + 1; /* '{' and '}' */
        for (int f = 0; f < 6; f++)
            gathered += strlen("'U': ") + strlen("['W', 'W', 'W', 'W']") + 1;
        size_t pad = CG_SHAPE_DICT_MAX - 1 - gathered + (size_t)extra;
        n = (size_t)snprintf(text, sizeof text, "U: [");
        char *big = malloc(pad + 2048);
        assert_non_null(big);
        memcpy(big, text, n);
        memset(big + n, ' ', pad);
        n += pad;
        n += (size_t)sprintf(big + n, "'W', 'W', 'W', 'W']\n");
        for (int f = 1; f < 6; f++)
            n += (size_t)sprintf(big + n, "%s: ['%s', '%s', '%s', '%s']\n", FACE[f], COL[f], COL[f],
                                 COL[f], COL[f]);
        err.msg[0] = '\0';
        int got = read_all(CG_SHAPE_AUTO, NULL, big, six, 2, at, &err, &errs);
        free(big);
        if (extra == 0 && (got != 1 || errs))
            fail_msg("labelled lists of %d bytes: %d cubes (%s)", CG_SHAPE_DICT_MAX - 1, got,
                     err.msg);
        if (extra == 1 && (got != 0 || !strstr(err.msg, "longer than 8192 bytes")))
            fail_msg("labelled lists a byte too long: %d cubes, '%s'", got, err.msg);
    }
    /* a sixth list too long: one error, and nothing left over for the line after it (read as
     * Python or JSON only, where a left-over would be a second error) */
    {
        size_t k = 0;
        char *six_long = malloc(CG_SHAPE_DICT_MAX + 512);
        assert_non_null(six_long);
        for (int f = 0; f < 5; f++)
            k += (size_t)sprintf(six_long + k, "%s: ['%s', '%s', '%s', '%s']\n", FACE[f], COL[f],
                                 COL[f], COL[f], COL[f]);
        k += (size_t)sprintf(six_long + k, "D: [");
        memset(six_long + k, ' ', CG_SHAPE_DICT_MAX);
        k += CG_SHAPE_DICT_MAX;
        sprintf(six_long + k, "'Y', 'Y', 'Y', 'Y']\ndone\n");
        assert_int_equal(read_all(CG_SHAPE_DICT, NULL, six_long, six, 2, at, &err, &errs), 0);
        assert_int_equal(errs, 1);
        free(six_long);
    }
    /* after lists refused as too long, a mapping is read as a mapping */
    cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL);
    char *huge = malloc(CG_SHAPE_DICT_MAX + 64);
    assert_non_null(huge);
    n = (size_t)sprintf(huge, "U: [");
    memset(huge + n, ' ', CG_SHAPE_DICT_MAX);
    n += CG_SHAPE_DICT_MAX;
    n += (size_t)sprintf(huge + n, "'W', 'W', 'W', 'W']");
    assert_int_equal(cg_shape_reader_feed(&r, huge, n, &err), CG_ERR_INPUT);
    free(huge);
    static const char AFTER[] = "{'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO'}";
    assert_int_equal(cg_shape_reader_feed(&r, AFTER, strlen(AFTER), &err), CG_OK);
    assert_true(cg_shape_reader_take(&r, &six[0], &at[0]));
    assert_int_equal(at[0].first_line, 2);
    /* a face's list cut off by the end: that error, and the reader holds nothing after it */
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    static const char *const CUT[] = {"U: ['W', 'W', 'W', 'W']", "F: [['G', 'G'],"};
    for (int i = 0; i < 2; i++)
        assert_int_equal(cg_shape_reader_feed(&r, CUT[i], strlen(CUT[i]), &err), CG_OK);
    assert_true(cg_shape_reader_busy(&r));
    assert_int_equal(cg_shape_reader_finish(&r, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "a Python or JSON cube (from line 1): cut off by the end of input "
                                 "before its closing bracket");
    assert_false(cg_shape_reader_busy(&r));
    /* ...and reads a mapping fed after that as a mapping */
    static const char NEXT[] = "{'U': 'WWWW', 'D': 'YYYY', 'F': 'GGGG', 'B': 'BBBB', 'L': 'OOOO'}";
    assert_int_equal(cg_shape_reader_feed(&r, NEXT, strlen(NEXT), &err), CG_OK);
    assert_true(cg_shape_reader_take(&r, &six[0], NULL));
}

/* A drawing of colour cells read through a layout: each sticker's place is its cell, no bytes of
 * text (len 0), as a net's cells are */
static void test_layout_colour_cells(void **state)
{
    (void)state;
    static const char LAYOUT[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 L1 L2 L3 L4 B1 B2 B3 B4\n";
    static const int FACE_OF[6] = {0, 5, 2, 1, 4, 3}; /* U R F D L B as colours W R G Y O B */
    cg_layout *l;
    assert_int_equal(cg_layout_new(LAYOUT, strlen(LAYOUT), &l, NULL), CG_OK);
    text t = {0};
    for (int f = 0; f < 6; f++)
        for (int k = 0; k < 4; k++)
            ansi_cell(&t, FACE_OF[f]);
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r, l, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&r, t.s, strlen(t.s), NULL), CG_OK);
    cg_puzzle p;
    cg_shape_place at[CG_PUZZLE_STICKERS_MAX];
    assert_true(cgi_take_placed(&r, &p, NULL, at));
    for (int i = 0; i < 24; i++) {
        assert_int_equal(at[i].line, 1);
        assert_int_equal(at[i].len, 0);
    }
    cg_layout_free(l);
}

/* A layout that names too few stickers lists the missing ones, and counts those the message has
 * no room for. */
static void test_layout_missing(void **state)
{
    (void)state;
    cg_layout *l;
    cg_error err;
    static const char one[] = "top: U9 x\n";
    assert_int_equal(cg_layout_new(one, strlen(one), &l, &err), CG_ERR_INPUT);
    assert_null(l);
    assert_string_equal(err.msg, "the layout names 1 stickers, a 3x3 has 54; missing: U1 U2 U3 U4 U5 U6 U7 "
                                 "U8 R1 R2 R3 R4 R5 R6 R7 R8 R9 F1 F2 F3 F4 F5 F6 F7 F8 F9 D1 D2 D3 D4 D5 "
                                 "and 22 more");
    static const char most[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 L1 L2 L3 L4 B1 B2\n";
    assert_int_equal(cg_layout_new(most, strlen(most), &l, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the layout names 22 stickers, a 2x2 has 24; missing: B3 B4");
}

/* A reader keeps the last two cubes when the caller takes none: a third pushes the first out,
 * and each that stays keeps its own lines. */
static void test_reader_keeps_two(void **state)
{
    (void)state;
    static const char *const LINES[] = {"UUUUDDDDFFFFBBBBLLLLRRRR", "UUUUDDDDFFFFBBBBRRRRLLLL",
                                        "UUUUDDDDBBBBFFFFLLLLRRRR"};
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (int i = 0; i < 3; i++)
        assert_int_equal(cg_shape_reader_feed(&r, LINES[i], strlen(LINES[i]), NULL), CG_OK);
    cg_puzzle p;
    cg_shape_info in;
    for (int i = 1; i < 3; i++) {
        assert_true(cg_shape_reader_take(&r, &p, &in));
        assert_int_equal(in.first_line, i + 1);
        assert_int_equal(in.last_line, i + 1);
    }
    assert_false(cg_shape_reader_take(&r, &p, &in));
}

/* cg_read_text with a layout reads through it (a line of 24 in URFDLB order, where the default
 * string order is UDFBLR); a buffer too small and a layout that names too few stickers are
 * their errors. */
static void test_read_text_layout(void **state)
{
    (void)state;
    static const char LAYOUT[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 L1 L2 L3 L4 B1 B2 B3 B4\n";
    static const char TEXT[] = "W W W W R R R R G G G G Y Y Y Y O O O O B B B B\n";
    char out[256];
    int count = 0;
    cg_error err;
    assert_int_equal(cg_read_text(TEXT, strlen(TEXT), NULL, NULL, NULL, LAYOUT, out, sizeof out,
                                  &count, &err), CG_OK);
    assert_int_equal(count, 1);
    assert_string_equal(out, "W W W W Y Y Y Y G G G G B B B B O O O O R R R R\n");
    /* a colour's name of 31 bytes fills a slot of the layout; of 32, the line is not the layout's */
    for (int name = 31; name <= 32; name++) {
        char red[40], text[512];
        memset(red, 'r', (size_t)name);
        red[name] = '\0';
        snprintf(text, sizeof text, "W W W W %s %s %s %s G G G G Y Y Y Y O O O O B B B B\n", red,
                 red, red, red);
        count = 0;
        cg_status st = cg_read_text(text, strlen(text), NULL, NULL, NULL, LAYOUT, out, sizeof out,
                                    &count, &err);
        if (name == 31 && (st != CG_OK || count != 1))
            fail_msg("a colour of 31 bytes: %s", err.msg);
        if (name == 32 && count != 0)
            fail_msg("a colour of 32 bytes read through the layout: %s", out);
    }
    /* a buffer too small for the cube: that error, the layout freed (ASan's leak check) */
    assert_int_equal(cg_read_text(TEXT, strlen(TEXT), NULL, NULL, NULL, LAYOUT, out, 20, &count,
                                  &err), CG_ERR_LIMIT);
    assert_string_equal(err.msg, "cube 1 does not fit the buffer of 20 bytes");
    static const char SHORT[] = "U1 U2 U3 U4 R1 R2 R3 R4 F1 F2 F3 F4 D1 D2 D3 D4 L1 L2 L3 L4 B1 B2\n";
    assert_int_equal(cg_read_text(TEXT, strlen(TEXT), NULL, NULL, NULL, SHORT, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the layout names 22 stickers, a 2x2 has 24; missing: B3 B4");
    /* a shape no reader knows and a face order that is none: their errors, nothing read */
    count = 0;
    assert_int_equal(cg_read_text(TEXT, strlen(TEXT), "cubes", NULL, NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "'cubes'"));
    assert_int_equal(cg_read_text(TEXT, strlen(TEXT), NULL, "UDFBLX", NULL, NULL, out, sizeof out,
                                  &count, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "UDFBLX"));
    assert_int_equal(count, 0);
}

/* A reader given a layout is busy from the layout's first line to its last, not before. */
static void test_layout_busy(void **state)
{
    (void)state;
    static const char LAYOUT[] = "top: U1 U2 U3 U4\nfront: F1 F2 F3 F4\nright: R1 R2 R3 R4\n"
                                 "back: B1 B2 B3 B4\nleft: L1 L2 L3 L4\nbottom: D1 D2 D3 D4\n";
    static const char *const LINES[] = {"top: O O B R", "front: Y G O Y", "right: Y G O B",
                                        "back: W W R R", "left: B R G B", "bottom: Y G W W"};
    cg_layout *l;
    assert_int_equal(cg_layout_new(LAYOUT, strlen(LAYOUT), &l, NULL), CG_OK);
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r, l, NULL), CG_OK);
    assert_false(cg_shape_reader_busy(&r));
    assert_int_equal(cg_shape_reader_feed(&r, "The cube today:", 15, NULL), CG_OK);
    assert_false(cg_shape_reader_busy(&r));
    /* the layout's words must be there: "pot:" is not "top:" */
    assert_int_equal(cg_shape_reader_feed(&r, "pot: O O B R", 12, NULL), CG_OK);
    assert_false(cg_shape_reader_busy(&r));
    cg_puzzle p;
    for (int i = 0; i < 6; i++) {
        assert_int_equal(cg_shape_reader_feed(&r, LINES[i], strlen(LINES[i]), NULL), CG_OK);
        assert_int_equal(cg_shape_reader_busy(&r), i < 5);
    }
    assert_true(cg_shape_reader_take(&r, &p, NULL));
    assert_int_equal(p.size, 2);
    assert_false(cg_shape_reader_busy(&r));
    cg_layout_free(l);
    /* the same drawing with its lines in another order, the layout likewise: the same cube */
    static const char SWAPPED[] = "front: F1 F2 F3 F4\ntop: U1 U2 U3 U4\nright: R1 R2 R3 R4\n"
                                  "back: B1 B2 B3 B4\nleft: L1 L2 L3 L4\nbottom: D1 D2 D3 D4\n";
    static const int ORDER[6] = {1, 0, 2, 3, 4, 5};
    assert_int_equal(cg_layout_new(SWAPPED, strlen(SWAPPED), &l, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r, l, NULL), CG_OK);
    for (int i = 0; i < 6; i++)
        assert_int_equal(cg_shape_reader_feed(&r, LINES[ORDER[i]], strlen(LINES[ORDER[i]]), NULL), CG_OK);
    cg_puzzle q;
    assert_true(cg_shape_reader_take(&r, &q, NULL));
    for (int i = 0; i < 24; i++)
        assert_string_equal(q.colour[q.sticker[i]], p.colour[p.sticker[i]]);
    /* a layout left part way through by one reader starts over with the next */
    cg_shape_reader r2;
    assert_int_equal(cg_shape_reader_init(&r2, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r2, l, NULL), CG_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(cg_shape_reader_feed(&r2, LINES[ORDER[i]], strlen(LINES[ORDER[i]]), NULL), CG_OK);
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r, l, NULL), CG_OK);
    for (int i = 0; i < 6; i++)
        assert_int_equal(cg_shape_reader_feed(&r, LINES[ORDER[i]], strlen(LINES[ORDER[i]]), NULL), CG_OK);
    assert_true(cg_shape_reader_take(&r, &q, NULL));
    /* one line that fits, then one that does not: a line that happened to look like the
     * layout's first, no drawing cut short */
    assert_int_equal(cg_shape_reader_feed(&r, LINES[ORDER[0]], strlen(LINES[ORDER[0]]), NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&r, "so long", 7, NULL), CG_OK);
    /* a drawing that stops matching after two lines is an error naming the line */
    cg_error err;
    for (int i = 0; i < 3; i++)
        assert_int_equal(cg_shape_reader_feed(&r, LINES[ORDER[i]], strlen(LINES[ORDER[i]]), NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&r, "so long", 7, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "a drawing in the layout (from line 9): line 12 has 2 tokens where "
                                 "layout line 4 has 5");
    assert_false(cg_shape_reader_busy(&r));
    cg_layout_free(l);
}

/* "Face U:" then stickers, not a box: labelled faces, whose lines are counted as fed */
static void test_face_header_faces(void **state)
{
    (void)state;
    const char *text = "Face U:\nW W\nW W\nFace F:\nG G\nG G\nFace R:\nR R\nR R\nFace B:\nB B\nB B\n"
                       "Face L:\nO O\nO O\nFace D:\nY Y\nY Y\nbye\n";
    cg_puzzle p[2];
    cg_shape_info info[2];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, text, p, 2, info, &err, &errors), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(info[0].shape, CG_SHAPE_FACES);
    assert_int_equal(info[0].first_line, 1);
    assert_int_equal(info[0].last_line, 18);
    assert_int_equal(cg_puzzle_faces_known(&p[0]), 6);
}

/* A pause (the server's prompt) ends what is complete, keeps what may go on, and reports the
 * first failure; two cubes ready at once are taken in order. */
static void test_pause_and_take(void **state)
{
    (void)state;
    static const char *const NET[] = {"  W W", "  W W", "O O G G R R B B", "O O G G R R B B", "  Y Y", "  Y Y"};
    cg_shape_reader r;
    cg_error err;
    cg_puzzle p;
    /* U rows, a pause, the rest: one net */
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (size_t k = 0; k < 6; k++) {
        assert_int_equal(cg_shape_reader_feed(&r, NET[k], strlen(NET[k]), NULL), CG_OK);
        if (k == 1)
            assert_int_equal(cg_shape_reader_pause(&r, NULL), CG_OK);
    }
    assert_int_equal(cg_shape_reader_finish(&r, NULL), CG_OK);
    assert_true(cg_shape_reader_take(&r, &p, NULL));
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
    /* a net with D hidden that makes no cube, ended by the pause: its error */
    static const char *const WHITE[] = {"  W W", "  W W", "W W W W W W W W", "W W W W W W W W"};
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (size_t k = 0; k < 4; k++)
        assert_int_equal(cg_shape_reader_feed(&r, WHITE[k], strlen(WHITE[k]), NULL), CG_OK);
    err.msg[0] = '\0';
    assert_int_equal(cg_shape_reader_pause(&r, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "a net of 2x2 faces"));
    /* a drawing in a layout cut short at the end: its message */
    static const char LAYOUT[] = "top: U1 U2 U3 U4\nfront: F1 F2 F3 F4\nright: R1 R2 R3 R4\n"
                                 "back: B1 B2 B3 B4\nleft: L1 L2 L3 L4\nbottom: D1 D2 D3 D4\n";
    cg_layout *l;
    assert_int_equal(cg_layout_new(LAYOUT, strlen(LAYOUT), &l, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_layout(&r, l, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_feed(&r, "top: O O B R", 12, NULL), CG_OK);
    err.msg[0] = '\0';
    assert_int_equal(cg_shape_reader_finish(&r, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "layout"));
    cg_layout_free(l);
    /* two strings, then two takes: first the first */
    static const char *const TWO[] = {"WWWWYYYYGGGGBBBBOOOORRRR", "WWWWYYYYGGGGBBBBRRRROOOO"};
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (int k = 0; k < 2; k++)
        assert_int_equal(cg_shape_reader_feed(&r, TWO[k], 24, NULL), CG_OK);
    cg_puzzle q;
    assert_true(cg_shape_reader_take(&r, &p, NULL));
    assert_true(cg_shape_reader_take(&r, &q, NULL));
    assert_false(cg_shape_reader_take(&r, &q, NULL));
    assert_string_equal(p.colour[p.sticker[16]], "O");
    assert_string_equal(q.colour[q.sticker[16]], "R");
    /* three before a take: the two newest kept, in order */
    static const char *const THREE[] = {"WWWWYYYYGGGGBBBBOOOORRRR", "WWWWYYYYGGGGBBBBRRRROOOO",
                                        "YYYYWWWWGGGGBBBBOOOORRRR"};
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (int k = 0; k < 3; k++)
        assert_int_equal(cg_shape_reader_feed(&r, THREE[k], 24, NULL), CG_OK);
    cg_shape_info info;
    cg_shape_place at[CG_PUZZLE_STICKERS_MAX];
    for (long line = 2; line <= 3; line++) {
        assert_true(cgi_take_placed(&r, &p, &info, at));
        assert_int_equal(info.first_line, line);
        assert_int_equal(at[0].line, line);
        assert_string_equal(p.colour[p.sticker[16]], line == 2 ? "R" : "O");
        assert_string_equal(p.colour[p.sticker[0]], line == 2 ? "W" : "Y");
    }
    assert_false(cg_shape_reader_take(&r, &p, NULL));
}

/* a labelled string of seven colours is no string, wherever the seventh stands */
static void test_labelled_string_colours(void **state)
{
    (void)state;
    cg_puzzle p[2];
    cg_shape_info info[2];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_STRING, NULL, "State: WWWWYYYYGGGGBBBBOOOORRXR\n", p, 2, info, &err,
                              &errors), 0);
    assert_int_equal(errors, 0);
    assert_int_equal(read_all(CG_SHAPE_STRING, NULL, "State: WWWWYYYYGGGGBBBBOOOORRRR\n", p, 2, info, &err,
                              &errors), 1);
}

/* five boxes, then a pause just after the sixth box's header: the sixth box still counts */
static void test_boxes_pause_in_sixth(void **state)
{
    (void)state;
    static const char FACES[] = "DFBLRU", COLOUR[] = "YGBORW";
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    for (int f = 0; f < 6; f++) {
        char line[32];
        snprintf(line, sizeof line, "Face %c:", FACES[f]);
        assert_int_equal(cg_shape_reader_feed(&r, line, strlen(line), NULL), CG_OK);
        if (f == 5)
            assert_int_equal(cg_shape_reader_pause(&r, NULL), CG_OK);
        assert_int_equal(cg_shape_reader_feed(&r, "+-----+", 7, NULL), CG_OK);
        snprintf(line, sizeof line, "| %c %c |", COLOUR[f], COLOUR[f]);
        for (int row = 0; row < 2; row++)
            assert_int_equal(cg_shape_reader_feed(&r, line, strlen(line), NULL), CG_OK);
        assert_int_equal(cg_shape_reader_feed(&r, "+-----+", 7, NULL), CG_OK);
    }
    assert_int_equal(cg_shape_reader_finish(&r, NULL), CG_OK);
    cg_puzzle p;
    assert_true(cg_shape_reader_take(&r, &p, NULL));
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
    assert_false(cg_shape_reader_take(&r, &p, NULL));
}

/* A net whose colours are names of CG_TOKEN_MAX bytes, the longest a sticker takes: read whole */
static void test_net_longest_names(void **state)
{
    (void)state;
    char name[6][CG_TOKEN_MAX + 1];
    for (int c = 0; c < 6; c++) {
        memset(name[c], 'a', CG_TOKEN_MAX);
        name[c][CG_TOKEN_MAX - 1] = LETTERS[c];
        name[c][CG_TOKEN_MAX] = '\0';
    }
    static const int ACROSS[4] = {L_, F_, R_, B_};
    text t = {0};
    for (int part = 0; part < 3; part++)
        for (int r = 0; r < 2; r++) {
            if (part == 1) {
                for (int k = 0; k < 8; k++)
                    put(&t, "%s ", name[ACROSS[k / 2]]);
            } else {
                put(&t, "%*s", 2 * (CG_TOKEN_MAX + 1), "");
                for (int k = 0; k < 2; k++)
                    put(&t, "%s ", name[part ? D_ : U_]);
            }
            put(&t, "\n");
        }
    cg_puzzle p[2];
    cg_shape_info in[2];
    cg_error err;
    int errors;
    if (read_all(CG_SHAPE_AUTO, NULL, t.s, p, 2, in, &err, &errors) != 1 || errors)
        fail_msg("%s\n%s", errors ? err.msg : "no cube", t.s);
    assert_int_equal(in[0].shape, CG_SHAPE_NET);
    assert_int_equal(cg_puzzle_faces_known(&p[0]), 6);
}

/* Where each sticker stood, net after net: a face the second net hides stood nowhere (line 0),
 * whatever the first net put there */
static void test_net_places_each_net(void **state)
{
    (void)state;
    static const char *const NETS[] = {"  W W", "  W W", "O O G G R R B B", "O O G G R R B B", "  Y Y",
                                       "  Y Y", "", "  W W", "  W W", "O O G G R R B B", "O O G G R R B B",
                                       "", "bye"};
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    cg_puzzle p;
    cg_shape_place at[2][CG_PUZZLE_STICKERS_MAX];
    int got = 0;
    for (size_t k = 0; k < sizeof NETS / sizeof *NETS; k++) {
        assert_int_equal(cg_shape_reader_feed(&r, NETS[k], strlen(NETS[k]), NULL), CG_OK);
        while (got < 2 && cgi_take_placed(&r, &p, NULL, at[got]))
            got++;
    }
    assert_int_equal(got, 2);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(at[0][D_ * 4 + i].line, 5 + i / 2);
        assert_int_equal(at[1][D_ * 4 + i].line, 0);
        assert_int_equal(at[1][D_ * 4 + i].col, 0);
    }
}

/* A net whose second U row stands at the left edge lets its D rows stand anywhere; the next net
 * does not inherit that: a line at the left edge after its rows across ends it (D hidden). */
static void test_net_ragged_then_indented(void **state)
{
    (void)state;
    static const char TEXT[] = "  W W\nW W\nO O G G R R B B\nO O G G R R B B\n  Y Y\n  Y Y\n\n"
                               "  W W\n  W W\nO O G G R R B B\nO O G G R R B B\nok go\n";
    cg_puzzle p[3];
    cg_shape_info info[3];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, TEXT, p, 3, info, &err, &errors), 2);
    assert_int_equal(errors, 0);
    assert_int_equal(cg_puzzle_faces_known(&p[0]), 6);
    assert_int_equal(cg_puzzle_faces_known(&p[1]), 5);
    assert_int_equal(info[1].last_line, 11);
}

/* five labelled faces, then five more from U again: two cubes, no error */
static void test_faces_twice(void **state)
{
    (void)state;
    const char *five = "U:\nW W\nW W\nF:\nG G\nG G\nR:\nR R\nR R\nB:\nB B\nB B\nL:\nO O\nO O\n";
    char text[512];
    snprintf(text, sizeof text, "%s%s", five, five);
    cg_puzzle p[3];
    cg_shape_info info[3];
    cg_error err;
    int errors;
    assert_int_equal(read_all(CG_SHAPE_AUTO, NULL, text, p, 3, info, &err, &errors), 2);
    assert_int_equal(errors, 0);
    assert_int_equal(info[1].first_line, 16);
}

/* "auto" after a given order of the side faces takes it back */
static void test_across_auto_again(void **state)
{
    (void)state;
    static const char *const NET[] = {"  W W", "  W W", "O O G G R R B B", "O O G G R R B B", "  Y Y", "  Y Y"};
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL), CG_OK);
    assert_int_equal(cg_shape_reader_across(&r, "RBLF", NULL), CG_OK);
    assert_int_equal(cg_shape_reader_across(&r, "auto", NULL), CG_OK);
    for (size_t k = 0; k < 6; k++)
        assert_int_equal(cg_shape_reader_feed(&r, NET[k], strlen(NET[k]), NULL), CG_OK);
    assert_int_equal(cg_shape_reader_finish(&r, NULL), CG_OK);
    cg_puzzle p;
    cg_shape_info info;
    assert_true(cg_shape_reader_take(&r, &p, &info));
    assert_string_equal(info.across, "LFRB");
}

static void test_typed_answer(void **state)
{
    (void)state;
    cg_error err;
    int errors;
    cg_puzzle p;
    const char *five = "U:\nW W\nW W\nF:\nG G\nG G\nR:\nR R\nR R\nB:\nB B\nB B\n"
                       "L:\nO O\nO O\n";
    const char *tails[] = {"Enter your solution:\nU\n[-] Not solved!\n",
                           "Enter your solution:  \n\nR\n[-] Not solved!\n\n",
                           "Your move:\nF\nOK a b\n"};
    for (int t = 0; t < 3; t++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s", five, tails[t]);
        assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errors, &p), 1);
        assert_int_equal(errors, 0);
        assert_int_equal(cg_puzzle_faces_known(&p), 5);
    }
    /* no question before it: "U" is a label, and the row after it a face cut off */
    char text[512];
    snprintf(text, sizeof text, "%sYou said\nU\n[-] Not solved!\n", five);
    assert_int_equal(read_text(CG_SHAPE_AUTO, text, &err, &errors, &p), 1);
    assert_int_equal(errors, 1);
    assert_non_null(strstr(err.msg, "face U is cut off"));
    /* the price: a question, then labelled faces whose first label is a bare letter: that face
     * is taken for a typed move, and the other five are the cube (five faces rebuild it) */
    const char *asked = "Here is the cube:\nU\nW W\nW W\nF\nG G\nG G\nR\nR R\nR R\nB\nB B\nB B\n"
                        "L\nO O\nO O\nD\nY Y\nY Y\n";
    assert_int_equal(read_text(CG_SHAPE_AUTO, asked, &err, &errors, &p), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(cg_puzzle_faces_known(&p), 5);
    assert_int_equal(p.faces_shown & (1u << CG_U), 0);
    /* the typed move answers the question: a bare letter on the line after it is a label again */
    char again[512];
    snprintf(again, sizeof again, "Your move:\nR\n%s", asked + strlen("Here is the cube:\n"));
    assert_int_equal(read_text(CG_SHAPE_AUTO, again, &err, &errors, &p), 1);
    assert_int_equal(errors, 0);
    assert_int_equal(cg_puzzle_faces_known(&p), 6);
}

/* ANSI: foreground blocks, true colour, a run of one colour several cells wide, OSC and
 * cursor escapes ignored. */
static void test_ansi(void **state)
{
    (void)state;
    cg_error err;
    int errors;
    cg_puzzle p;
    /* one escape for two same-coloured cells: the narrowest run seen so far gives the cell */
    const char *s = "\x1b]0;title\a\x1b[2J\x1b[H"
                    "U:\n\x1b[42m  \x1b[43m  \x1b[0m\n\x1b[41m    \x1b[0m\n"
                    "D:\n\x1b[38;2;1;2;3m\xe2\x96\x88\xe2\x96\x88\x1b[38;5;9m\xe2\x96\x88\x1b[0m "
                    "\x1b[94m\xe2\x96\x88\x1b[0m\n";
    assert_int_equal(read_text(CG_SHAPE_ANSI, s, &err, &errors, &p), 0); /* two faces: too few */
    if (!strstr(err.msg, "only 2 faces"))
        fail_msg("%s", err.msg);
    cg_shape_reader r;
    cg_shape_reader_init(&r, CG_SHAPE_ANSI, NULL, NULL);
    for (const char *q = s; *q;) {
        const char *nl = strchr(q, '\n');
        cg_shape_reader_feed(&r, q, (size_t)(nl - q), NULL);
        q = nl + 1;
    }
    const cg_puzzle *fp = &r.fc.p; /* the block being read */
    assert_string_equal(fp->colour[fp->sticker[0]], "ansi42");
    assert_string_equal(fp->colour[fp->sticker[1]], "ansi43");
    assert_string_equal(fp->colour[fp->sticker[2]], "ansi41");
    assert_string_equal(fp->colour[fp->sticker[3]], "ansi41");
    assert_string_equal(fp->colour[fp->sticker[4]], "rgb1_2_3");
    assert_string_equal(fp->colour[fp->sticker[5]], "rgb1_2_3");
    assert_string_equal(fp->colour[fp->sticker[6]], "c5_9");
    assert_string_equal(fp->colour[fp->sticker[7]], "ansi94");
    /* one face's first stickers as the reader takes them, from ANSI cells (the face label, then
     * its rows) */
    static const struct { const char *why, *rows, *want[9]; } CELLS[] = {
        {"codes combined with others (bold, a reset first), and an escape that ends in '~' (a "
         "key's, not a colour) between two cells",
         "\x1b[1;41m  \x1b[2~\x1b[0;42m  \x1b[0m\n\x1b[1;43m  \x1b[22;43m  \x1b[0m\n",
         {"ansi41", "ansi42", "ansi43", "ansi43"}},
        {"the ends of the four colour ranges, foreground and background",
         "\x1b[40m  \x1b[47m  \x1b[100m  \x1b[0m\n\x1b[107m  \x1b[30m\xe2\x96\x88\xe2\x96\x88\x1b[37m\xe2\x96\x88\xe2\x96\x88\x1b[0m\n"
         "\x1b[90m\xe2\x96\x88\xe2\x96\x88\x1b[97m\xe2\x96\x88\xe2\x96\x88\x1b[101m  \x1b[0m\n",
         {"ansi40", "ansi47", "ansi100", "ansi107", "ansi30", "ansi37", "ansi90", "ansi97", "ansi101"}},
        {"a title (OSC) ended by ESC \\ (ST) rather than BEL, before a row's cells",
         "\x1b]2;a \\ title\x1b\\\x1b[41m  \x1b[42m  \x1b[0m\n", {"ansi41", "ansi42"}},
        {"an empty last code is 0, a reset, as a terminal reads it: '41;m' leaves its blanks plain, "
         "a gap between two cells",
         "\x1b[42m  \x1b[41;m  \x1b[43m  \x1b[0m\n", {"ansi42", "ansi43"}},
        {"sixteen codes, the last a colour", "\x1b[42m  \x1b[22;22;22;22;22;22;22;22;22;22;22;22;22;22;22;41m  \x1b[0m\n",
         {"ansi42", "ansi41"}},
        {"codes past the sixteenth are left out: a seventeenth colour leaves the blanks plain",
         "\x1b[42m  \x1b[0;22;22;22;22;22;22;22;22;22;22;22;22;22;22;22;41m  \x1b[43m  \x1b[0m\n",
         {"ansi42", "ansi43"}},
        {"an empty first code is a reset before 41", "\x1b[42m  \x1b[;41m  \x1b[43m  \x1b[0m\n",
         {"ansi42", "ansi41", "ansi43"}},
    };
    for (size_t c = 0; c < sizeof CELLS / sizeof *CELLS; c++) {
        cg_shape_reader_init(&r, CG_SHAPE_ANSI, NULL, NULL);
        cg_error e;
        assert_int_equal(cg_shape_reader_feed(&r, "U:", 2, NULL), CG_OK);
        for (const char *q = CELLS[c].rows; *q;) {
            const char *nl = strchr(q, '\n');
            if (cg_shape_reader_feed(&r, q, (size_t)(nl - q), &e) != CG_OK)
                fail_msg("%s: %s", CELLS[c].why, e.msg);
            q = nl + 1;
        }
        for (int i = 0; i < 9 && CELLS[c].want[i]; i++)
            if (strcmp(fp->colour[fp->sticker[i]], CELLS[c].want[i]) != 0)
                fail_msg("%s: sticker %d is %s, want %s", CELLS[c].why, i, fp->colour[fp->sticker[i]],
                         CELLS[c].want[i]);
    }
    /* plain text is no ANSI cube when ANSI is forced */
    assert_int_equal(read_text(CG_SHAPE_ANSI, "U: WWWW\nD: YYYY\nF: GGGG\nB: BBBB\nL: OOOO\nR: RRRR\n", &err,
                               &errors, NULL), 0);
}

/* serve --show's writer, read back by the reader in auto mode, for every shape and colour set. */
static void test_writer_round_trip(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++)
        for (int shape = CG_SHAPE_BOXES; shape <= CG_SHAPE_ANSI; shape++)
            for (int colours = 0; colours < 4; colours++) {
                if (shape == CG_SHAPE_BOXES && colours != CG_COLOURS_LETTERS)
                    continue;
                uint8_t st[54];
                random_cube(n, (unsigned)(shape * 4 + colours + n), st);
                cg_puzzle p;
                cg_puzzle_clear_size(&p, n);
                int per = n * n;
                for (int i = 0; i < 6 * per; i++)
                    if (i / per != R_)
                        cg_puzzle_set(&p, i, (char[]){"UDFBLR"[st[i]], 0}, 1, NULL);
                /* the faces shown said, or (0) told by which faces have unknown stickers */
                p.faces_shown = colours & 1 ? 0 : 0x3f & ~(1u << R_);
                char buf[8192];
                size_t len = cg_puzzle_format_shape(&p, (cg_shape)shape, (cg_colours)colours, buf, sizeof buf);
                assert_true(len < sizeof buf);
                assert_int_equal(cg_puzzle_format_shape(&p, (cg_shape)shape, (cg_colours)colours, NULL, 0), len);
                if (shape == CG_SHAPE_FACES && strstr(buf, "R:\n"))
                    fail_msg("the hidden face R written:\n%s", buf);
                if (shape == CG_SHAPE_NET || shape == CG_SHAPE_ANSI) {
                    /* U stands over F: indented n cells, a cell two columns in colour, else the
                     * widest token and a blank */
                    static const char *const WORDS[6] = {"white", "yellow", "green", "blue", "orange", "red"};
                    size_t cell = 2;
                    if (shape == CG_SHAPE_NET && colours != CG_COLOURS_ANSI) {
                        cell = 2;
                        for (int i = 0; i < 6 * per && colours == CG_COLOURS_WORDS; i++)
                            if (i / per != R_ && strlen(WORDS[st[i]]) + 1 > cell)
                                cell = strlen(WORDS[st[i]]) + 1;
                    }
                    size_t indent = strspn(buf, " ");
                    if (indent != (size_t)n * cell)
                        fail_msg("shape %d colours %d: U indented %zu, expected %zu\n%s", shape, colours,
                                 indent, (size_t)n * cell, buf);
                }
                cg_puzzle q;
                cg_error err;
                int errors;
                if (read_text(CG_SHAPE_AUTO, buf, &err, &errors, &q) != 1 || errors)
                    fail_msg("shape %d colours %d: %s\n%s", shape, colours, errors ? err.msg : "", buf);
                for (int i = 0; i < 6 * per; i++)
                    assert_int_equal(q.sticker[i] == CG_UNKNOWN, i / per == R_);
                /* same colours on the same stickers (tokens differ with the colour set) */
                for (int i = 0; i < 6 * per; i++)
                    for (int j = 0; j < 6 * per; j++)
                        if (i / per != R_ && j / per != R_)
                            assert_int_equal(st[i] == st[j], q.sticker[i] == q.sticker[j]);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nets),
        cmocka_unit_test(test_crosses),
        cmocka_unit_test(test_faces),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_string_bounds),
        cmocka_unit_test(test_string_orders),
        cmocka_unit_test(test_errors_and_ends),
        cmocka_unit_test(test_read_text_no_cube),
        cmocka_unit_test(test_read_text_fits),
        cmocka_unit_test(test_order_hint),
        cmocka_unit_test(test_dict_lists),
        cmocka_unit_test(test_dict_order),
        cmocka_unit_test(test_dict_bounds),
        cmocka_unit_test(test_dict_starts),
        cmocka_unit_test(test_dict_labelled_lists),
        cmocka_unit_test(test_read_text_layout),
        cmocka_unit_test(test_reader_keeps_two),
        cmocka_unit_test(test_layout_busy),
        cmocka_unit_test(test_layout_missing),
        cmocka_unit_test(test_layout_colour_cells),
        cmocka_unit_test(test_typed_answer),
        cmocka_unit_test(test_across_auto_again),
        cmocka_unit_test(test_faces_twice),
        cmocka_unit_test(test_net_places_each_net),
        cmocka_unit_test(test_net_ragged_then_indented),
        cmocka_unit_test(test_net_longest_names),
        cmocka_unit_test(test_boxes_pause_in_sixth),
        cmocka_unit_test(test_face_header_faces),
        cmocka_unit_test(test_pause_and_take),
        cmocka_unit_test(test_labelled_string_colours),
        cmocka_unit_test(test_ansi),
        cmocka_unit_test(test_writer_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
