/* Move sequences with slices, wide moves and rotations (turn.h), read into layer move codes,
 * and their sticker permutations. */
#include <stdlib.h>
#include <string.h>

#include "cubegod/notation.h"
#include "cubegod/turn.h"

static bool is_sep(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ','; }

enum kind { FACE, WIDE, SLICE, ROTATION };

/* The move letter at s: its kind and axis; false for none. */
static bool letter(char c, int *kind, int *axis)
{
    static const char faces[] = "UDFBLR", wides[] = "udfblr";
    const char *hit;
    if (c && (hit = strchr(faces, c))) {
        *kind = FACE;
        *axis = (int)(hit - faces);
    } else if (c && (hit = strchr(wides, c))) {
        *kind = WIDE;
        *axis = (int)(hit - wides);
    } else if (c == 'M' || c == 'E' || c == 'S') {
        *kind = SLICE;
        *axis = c == 'M' ? CG_L : c == 'E' ? CG_D : CG_F;
    } else if (c && strchr("xyzXYZ", c)) {
        *kind = ROTATION;
        *axis = c == 'x' || c == 'X' ? CG_R : c == 'y' || c == 'Y' ? CG_U : CG_F;
    } else {
        return false;
    }
    return true;
}

static bool prime_at(const char *s, size_t *len)
{
    if (s[0] == '\'') {
        *len = 1;
        return true;
    }
    if (s[0] == '\xE2' && s[1] == '\x80' && s[2] == '\x99') { /* U+2019, pasted from the web */
        *len = 3;
        return true;
    }
    return false;
}

static size_t token_end(const char *text, size_t i)
{
    while (text[i] && !is_sep(text[i]))
        i++;
    return i;
}

static cg_status bad_move(const char *text, size_t start, size_t count, const char *why,
                          cg_error *err)
{
    size_t end = token_end(text, start);
    if (end == start)
        end = start + 1;
    return cg_fail(err, CG_ERR_INPUT, "move %zu '%.*s' (column %zu) %s", count + 1,
                   end - start > 16 ? 16 : (int)(end - start), text + start, start + 1, why);
}

static const char NOT_A_MOVE[] =
    "is not a move (U D F B L R, slices M E S, rotations x y z, wide Rw or r, layers 2R 3Rw; "
    "then a count and/or ')";

/* One move starting at text + *i (no separator there); advances *i. */
static cg_status read_move(int n, const char *text, size_t *i, bool token_start, size_t count,
                           cg_turn *out, cg_error *err)
{
    size_t start = *i, p = *i;
    int layer = 0, kind, axis;
    if (token_start && text[p] >= '1' && text[p] <= '9' && letter(text[p + 1], &kind, &axis) &&
        (kind == FACE || kind == WIDE))
        layer = text[p++] - '0';
    if (!letter(text[p], &kind, &axis))
        return bad_move(text, start, count, NOT_A_MOVE, err);
    p++;
    if (kind == FACE && text[p] == 'w') {
        kind = WIDE;
        p++;
    }
    int turns = 1;
    size_t plen;
    bool primed = false;
    if (prime_at(text + p, &plen)) {
        primed = true;
        p += plen;
    }
    if (text[p] >= '0' && text[p] <= '9') {
        turns = text[p++] - '0';
        if (turns == 0)
            return bad_move(text, start, count, "turns no times: a count is 1 to 9", err);
    }
    if (!primed && prime_at(text + p, &plen)) {
        primed = true;
        p += plen;
    }
    int mask;
    switch (kind) {
    case FACE:
        if (layer > n)
            return bad_move(text, start, count, n == 2 ? "names a layer a 2x2 does not have (1 or 2)"
                                                       : "names a layer a 3x3 does not have (1 to 3)",
                            err);
        mask = 1 << (layer ? layer - 1 : 0);
        break;
    case WIDE:
        if (layer > n)
            return bad_move(text, start, count, n == 2 ? "is wider than a 2x2 (at most 2 layers)"
                                                       : "is wider than a 3x3 (at most 3 layers)",
                            err);
        mask = (1 << (layer ? layer : 2)) - 1;
        break;
    case SLICE:
        if (n == 2)
            return bad_move(text, start, count, "is a slice move, and a 2x2 has no middle layer",
                            err);
        mask = 2;
        break;
    default:
        mask = (1 << n) - 1;
    }
    *out = cg_turn_make(axis, mask, primed ? -turns : turns);
    *i = p;
    return CG_OK;
}

/* A blank-separated token at text + i that a move map names: the move, or -1. */
static int mapped(const cg_move_map *map, const char *text, size_t i, size_t *end)
{
    *end = token_end(text, i);
    for (int m = 0; map && m < CG_MOVES; m++)
        if ((map->named & (1u << m)) && strlen(map->name[m]) == *end - i &&
            memcmp(map->name[m], text + i, *end - i) == 0)
            return m;
    return -1;
}

cg_status cg_turn_parse(int size, const char *text, const char *map_text, cg_turn *out,
                        size_t max, size_t *n, cg_error *err)
{
    *n = 0;
    if (size != 2 && size != 3)
        return cg_fail(err, CG_ERR_INPUT, "a cube of size %d: only 2 and 3", size);
    cg_move_map map;
    if (map_text) {
        cg_status st = cg_move_map_parse(map_text, strlen(map_text), &map, err);
        if (st != CG_OK)
            return st;
    }
    size_t i = 0;
    bool token_start = true;
    for (;;) {
        while (is_sep(text[i])) {
            i++;
            token_start = true;
        }
        if (!text[i])
            return CG_OK;
        if (*n == max)
            return cg_fail(err, CG_ERR_LIMIT, "more than %zu moves", max);
        size_t end;
        int m = token_start && map_text ? mapped(&map, text, i, &end) : -1;
        if (m >= 0) {
            out[(*n)++] = cg_turn_make(cg_move_face((cg_move)m), 1, cg_move_turns((cg_move)m));
            i = end;
            continue;
        }
        cg_status st = read_move(size, text, &i, token_start, *n, &out[*n], err);
        if (st != CG_OK)
            return st;
        (*n)++;
        token_start = false;
    }
}

/* a, then b (gathers, as cube3.h's perms). */
static void compose(uint8_t *a, const uint8_t *b, int count)
{
    uint8_t r[CG_TURN_STICKERS_MAX];
    for (int i = 0; i < count; i++)
        r[i] = a[b[i]];
    memcpy(a, r, (size_t)count);
}

cg_status cg_turn_perm(int size, const char *moves, const char *map, int flags,
                       uint8_t src[CG_TURN_STICKERS_MAX], cg_error *err)
{
    size_t len = strlen(moves), max = len < CG_TURN_MOVES_MAX ? len + 1 : CG_TURN_MOVES_MAX, n;
    cg_turn *seq = malloc(max * sizeof *seq);
    if (!seq)
        return cg_fail(err, CG_ERR_NOMEM, "no memory to read %zu bytes of moves", len);
    cg_status st = cg_turn_parse(size, moves, map, seq, max, &n, err);
    if (st == CG_OK) {
        int count = 6 * size * size;
        memset(src, 0, CG_TURN_STICKERS_MAX);
        for (int i = 0; i < count; i++)
            src[i] = (uint8_t)i;
        for (size_t k = 0; k < n; k++) {
            cg_turn t = flags & CG_TURN_UNDO ? cg_turn_inverse(seq[n - 1 - k]) : seq[k];
            uint8_t one[CG_TURN_STICKERS_MAX];
            cg_turn_perm_of(size, t, one);
            compose(src, one, count);
        }
    }
    free(seq);
    return st;
}

cg_status cg_stickers_apply(int size, const char *moves, int flags, const char *in, char *out,
                            size_t out_size, cg_error *err)
{
    if (size != 2 && size != 3)
        return cg_fail(err, CG_ERR_INPUT, "a cube of size %d: only 2 and 3", size);
    size_t count = (size_t)(6 * size * size), len = strlen(in);
    if (len != count)
        return cg_fail(err, CG_ERR_INPUT, "the facelet string has %zu characters where a %dx%d "
                       "has %zu", len, size, size, count);
    if (out_size < count + 1)
        return cg_fail(err, CG_ERR_LIMIT, "the output buffer holds %zu bytes, %zu needed",
                       out_size, count + 1);
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_status st = cg_turn_perm(size, moves, NULL, flags, src, err);
    if (st != CG_OK)
        return st;
    char tmp[CG_TURN_STICKERS_MAX];
    for (size_t i = 0; i < count; i++)
        tmp[i] = in[src[i]];
    memcpy(out, tmp, count);
    out[count] = '\0';
    return CG_OK;
}
