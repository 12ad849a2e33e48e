/* Facelet strings and their algebra (state.h): each call parses its strings into the piece
 * model of its size (cube.h, cube3.h), works there and writes the string back. */
#include <stdio.h>
#include <string.h>

#include "cubegod/state.h"

static const char KOCIEMBA[] = "URFDLB";
#define MOVES_MAX 4096

/* One state in either model. */
typedef struct state {
    int size;
    cg_cube c2;
    cg3_cube c3;
} state;

/* Sticker index (face * per + k, faces U D F B L R) of position i of a facelet string. */
static int index_of(int per, int i)
{
    return cg_face_from_letter(KOCIEMBA[i / per]) * per + i % per;
}

static cg_status parse(const char *text, const char *what, state *s, cg_error *err)
{
    uint8_t v[CG3_FACELETS];
    int n = 0;
    if (!text)
        return cg_fail(err, CG_ERR_INPUT, "%s: no state given", what);
    for (const char *c = text; *c; c++) {
        if (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\n')
            continue;
        int f = cg_face_from_letter(*c);
        if (f < 0)
            return cg_fail(err, CG_ERR_INPUT, "%s: '%c' at column %d is not a face letter "
                           "(U R F D L B)", what, cg_is_control(*c) ? '?' : *c, (int)(c - text) + 1);
        if (n == CG3_FACELETS) {
            n++;
            break;
        }
        v[n++] = (uint8_t)f;
    }
    if (n != CG_STICKERS && n != CG3_FACELETS)
        return cg_fail(err, CG_ERR_INPUT, "%s: %s%d face letters; a state is 24 (a 2x2) or 54 "
                       "(a 3x3), faces in the order U R F D L B", what,
                       n > CG3_FACELETS ? "more than " : "", n > CG3_FACELETS ? CG3_FACELETS : n);
    s->size = n == CG3_FACELETS ? 3 : 2;
    int per = s->size * s->size;
    cg_status st;
    if (s->size == 2) {
        cg_stickers sk;
        for (int i = 0; i < n; i++)
            sk.s[index_of(per, i)] = v[i];
        st = cg_cube_from_stickers(&sk, &s->c2, err);
    } else {
        uint8_t f[CG3_FACELETS];
        for (int i = 0; i < n; i++)
            f[index_of(per, i)] = v[i];
        st = cg3_cube_from_facelets(f, &s->c3, err);
    }
    return st == CG_OK ? CG_OK : cg_error_prefix(st, err, "%s is no cube: ", what);
}

static cg_status write(const state *s, char *out, size_t cap, cg_error *err)
{
    int per = s->size * s->size, n = 6 * per;
    if (!out || cap < (size_t)n + 1)
        return cg_fail(err, CG_ERR_LIMIT, "a %dx%d state needs %d bytes, the buffer has %zu",
                       s->size, s->size, n + 1, out ? cap : 0);
    uint8_t v[CG3_FACELETS];
    if (s->size == 2) {
        cg_stickers sk = cg_cube_to_stickers(&s->c2);
        memcpy(v, sk.s, CG_STICKERS);
    } else {
        cg3_cube_to_facelets(&s->c3, v);
    }
    for (int i = 0; i < n; i++)
        out[i] = cg_face_letter(v[index_of(per, i)]);
    out[n] = '\0';
    return CG_OK;
}

static void mul(state *a, const state *b)
{
    if (a->size == 2)
        a->c2 = cg_cube_mul(&a->c2, &b->c2);
    else
        a->c3 = cg3_cube_mul(&a->c3, &b->c3);
}

static void invert(state *a)
{
    if (a->size == 2)
        a->c2 = cg_cube_inverse(&a->c2);
    else
        a->c3 = cg3_cube_inverse(&a->c3);
}

static cg_status parse_two(const char *a, const char *b, state *sa, state *sb, cg_error *err)
{
    cg_status st = parse(a, "the first state", sa, err);
    if (st == CG_OK)
        st = parse(b, "the second state", sb, err);
    if (st == CG_OK && sa->size != sb->size)
        return cg_fail(err, CG_ERR_INPUT, "a %dx%d and a %dx%d state do not compose", sa->size,
                       sa->size, sb->size, sb->size);
    return st;
}

cg_status cg_state_solved(int size, char *out, size_t cap, cg_error *err)
{
    if (size != 2 && size != 3)
        return cg_fail(err, CG_ERR_INPUT, "size %d: a cube is 2 (2x2) or 3 (3x3)", size);
    state s = {.size = size, .c2 = cg_cube_home(), .c3 = cg3_cube_home()};
    return write(&s, out, cap, err);
}

cg_status cg_state_check(const char *text, int *size, cg_error *err)
{
    state s;
    cg_status st = parse(text, "the state", &s, err);
    if (st == CG_OK && size)
        *size = s.size;
    return st;
}

cg_status cg_state_apply(const char *text, const char *moves, char *out, size_t cap, cg_error *err)
{
    state s;
    cg_status st = parse(text, "the state", &s, err);
    if (st != CG_OK)
        return st;
    cg_move m[MOVES_MAX];
    size_t n;
    if ((st = cg_moves_parse(moves ? moves : "", m, MOVES_MAX, &n, err)) != CG_OK)
        return cg_error_prefix(st, err, "the moves: ");
    if (s.size == 2) {
        cg_cube_apply_all(&s.c2, m, n);
    } else {
        cg3_tables t;
        cg3_tables_init(&t);
        cg3_cube_apply_face_turns(&t, &s.c3, m, n);
    }
    return write(&s, out, cap, err);
}

cg_status cg_state_compose(const char *a, const char *b, char *out, size_t cap, cg_error *err)
{
    state sa, sb;
    cg_status st = parse_two(a, b, &sa, &sb, err);
    if (st != CG_OK)
        return st;
    mul(&sa, &sb);
    return write(&sa, out, cap, err);
}

cg_status cg_state_invert(const char *a, char *out, size_t cap, cg_error *err)
{
    state s;
    cg_status st = parse(a, "the state", &s, err);
    if (st != CG_OK)
        return st;
    invert(&s);
    return write(&s, out, cap, err);
}

cg_status cg_state_relative(const char *goal, const char *current, char *out, size_t cap,
                            cg_error *err)
{
    state g, c;
    cg_status st = parse(goal, "the goal", &g, err);
    if (st == CG_OK)
        st = parse(current, "the current state", &c, err);
    if (st != CG_OK)
        return st;
    if (g.size != c.size)
        return cg_fail(err, CG_ERR_INPUT, "the goal is a %dx%d and the cube a %dx%d", g.size,
                       g.size, c.size, c.size);
    invert(&g);
    mul(&g, &c);
    return write(&g, out, cap, err);
}

int cg_state_equal(const char *a, const char *b)
{
    state sa, sb;
    if (parse_two(a, b, &sa, &sb, NULL) != CG_OK)
        return -1;
    if (sa.size == 2)
        return cg_cube_equal(&sa.c2, &sb.c2);
    return memcmp(&sa.c3, &sb.c3, sizeof sa.c3) == 0;
}

/* ---- puzzles ---- */

cg_status cg_puzzle_state(const cg_puzzle *p, const cg_scheme *scheme, int pick, char *out,
                          size_t cap, cg_error *err)
{
    state s = {.size = p->size == 3 ? 3 : 2};
    cg_status st;
    if (s.size == 3) {
        cg_reconstruct3_options o = {.pick = pick != 0};
        cg_reading3 rd;
        st = cg_reconstruct3(p, &o, &rd, err);
        s.c3 = rd.cube;
    } else {
        cg_reading rd;
        st = cg_reconstruct(p, scheme, &rd, err);
        s.c2 = rd.cube;
    }
    return st == CG_OK ? write(&s, out, cap, err) : st;
}

/* A puzzle whose tokens are the face letters of a state. */
static cg_status letters_puzzle(const char *text, cg_puzzle *p, cg_error *err)
{
    int n = (int)strlen(text), per = n == CG3_FACELETS ? 9 : 4;
    cg_puzzle_clear_size(p, per == 9 ? 3 : 2);
    for (int i = 0; i < n; i++) {
        cg_status st = cg_puzzle_set(p, index_of(per, i), &text[i], 1, err);
        if (st != CG_OK)
            return st;
    }
    return CG_OK;
}

/* Completes a scheme that lacks one face's colour (a face the goal hid) with the one colour of p
 * that the scheme does not name; whether the scheme is whole then. */
static bool fill_scheme(cg_scheme *s, const cg_puzzle *p)
{
    int missing = -1, unknown = 0;
    for (int f = 0; f < CG_FACES; f++)
        if (strcmp(s->face[f], "?") == 0) {
            missing = f;
            unknown++;
        }
    if (unknown == 0)
        return true;
    if (unknown > 1)
        return false;
    const char *extra = NULL;
    for (int c = 0; c < p->ncolours; c++) {
        bool named = false;
        for (int f = 0; f < CG_FACES; f++)
            named |= strcmp(s->face[f], p->colour[c]) == 0;
        if (!named && extra)
            return false;
        if (!named)
            extra = p->colour[c];
    }
    if (!extra)
        return false;
    snprintf(s->face[missing], sizeof s->face[missing], "%s", extra);
    return true;
}

cg_status cg_puzzle_toward(const cg_puzzle *goal, const cg_puzzle *current, const cg_scheme *scheme,
                           int pick, cg_puzzle *relative, cg_error *err)
{
    char g[CG3_FACELETS + 1], c[CG3_FACELETS + 1], r[CG3_FACELETS + 1];
    if (goal->size != current->size)
        return cg_fail(err, CG_ERR_INPUT, "the goal is a %dx%d and the cube a %dx%d", goal->size,
                       goal->size, current->size, current->size);
    cg_status st;
    if (goal->size == 3) {
        st = cg_puzzle_state(goal, NULL, pick, g, sizeof g, err);
    } else {
        /* the goal tells the colours; the cube is read in them */
        cg_reading rd;
        st = cg_reconstruct(goal, scheme, &rd, err);
        if (st == CG_OK) {
            state s = {.size = 2, .c2 = rd.cube};
            write(&s, g, sizeof g, NULL);
            bool whole = fill_scheme(&rd.scheme, current);
            st = cg_puzzle_state(current, whole ? &rd.scheme : scheme, pick, c, sizeof c, err);
            if (st != CG_OK)
                return cg_error_prefix(st, err, "the cube, in the goal's colours: ");
        }
    }
    if (st != CG_OK)
        return cg_error_prefix(st, err, "the goal: ");
    if (goal->size == 3 && (st = cg_puzzle_state(current, NULL, pick, c, sizeof c, err)) != CG_OK)
        return cg_error_prefix(st, err, "the cube: ");
    if ((st = cg_state_relative(g, c, r, sizeof r, err)) != CG_OK)
        return st;
    return letters_puzzle(r, relative, err);
}
