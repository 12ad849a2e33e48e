/* From stickers seen to the one cube they show.
 *
 * Each corner slot's visible stickers, read through a colour scheme, leave a few (piece, twist)
 * candidates: exactly one when at most one of its stickers is hidden, as with five faces shown.
 * A short search then picks one candidate per slot, each piece once, twists summing to 0 mod 3,
 * and counts the ways (stopping at two): none is an error, two is ambiguity, one is the cube.
 *
 * When the scheme is unknown, one fully visible corner fixes the frame (its colours are called
 * U, R, F: any corner and any twist would do, they differ by a whole-cube rotation) and each way
 * to give the remaining colours to D, L and B is tried. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "puzzle/colours.h"

#define NO_FACE 6 /* a sticker whose colour is unknown */

typedef struct candidates {
    uint8_t n[CG_CORNERS];
    uint8_t piece[CG_CORNERS][CG_CORNERS * 3];
    uint8_t twist[CG_CORNERS][CG_CORNERS * 3];
} candidates;

/* How far an attempt got, so the most telling failure is the one reported. */
enum stage { FAIL_SLOT = 1, FAIL_SEARCH = 2, FOUND = 3 };

typedef struct attempt {
    int stage;
    int solutions;
    cg_cube cube;
    cg_error err;
} attempt;

static const char *token(const cg_puzzle *p, int sticker)
{
    int c = p->sticker[sticker];
    return c == CG_UNKNOWN ? "?" : p->colour[c];
}

/* The (piece, twist) candidates of every view of a slot's three stickers, each a face or NO_FACE:
 * 7^3 views, worked out once (reading them per slot per cube was a fifth of a 2x2's solve). */
#define VIEWS (7 * 7 * 7)
typedef struct view_candidates {
    uint8_t n;
    uint8_t piece[CG_CORNERS * 3];
    uint8_t twist[CG_CORNERS * 3];
} view_candidates;

static view_candidates view_table[VIEWS];
static pthread_once_t view_once = PTHREAD_ONCE_INIT;

static void build_views(void)
{
    for (int v = 0; v < VIEWS; v++) {
        const int seen[3] = {v / 49, v / 7 % 7, v % 7};
        view_candidates *vc = &view_table[v];
        vc->n = 0;
        for (int piece = 0; piece < CG_CORNERS; piece++) {
            const uint8_t *col = cg_corner_colours(piece);
            for (int t = 0; t < 3; t++) {
                int ok = 1;
                for (int k = 0; k < 3 && ok; k++)
                    ok = seen[k] == NO_FACE || seen[k] == col[(k + 3 - t) % 3];
                if (ok) {
                    vc->piece[vc->n] = (uint8_t)piece;
                    vc->twist[vc->n++] = (uint8_t)t;
                }
            }
        }
    }
}

static void find_candidates(const uint8_t face_of[CG_FACES + 1], int slot, const cg_puzzle *p,
                            candidates *cand)
{
    const uint8_t *st = cg_corner_stickers(slot);
    int v = 0;
    for (int k = 0; k < 3; k++)
        v = v * 7 + (p->sticker[st[k]] == CG_UNKNOWN ? NO_FACE : face_of[p->sticker[st[k]]]);
    const view_candidates *vc = &view_table[v];
    cand->n[slot] = vc->n;
    memcpy(cand->piece[slot], vc->piece, vc->n);
    memcpy(cand->twist[slot], vc->twist, vc->n);
}

typedef struct search {
    const candidates *cand;
    uint8_t order[CG_CORNERS];
    cg_cube cube;
    cg_cube first;
    int found;
} search;

static void place(search *s, int depth, unsigned used, unsigned twist)
{
    if (s->found >= 2)
        return;
    if (depth == CG_CORNERS) {
        if (twist % 3 == 0 && s->found++ == 0)
            s->first = s->cube;
        return;
    }
    int slot = s->order[depth];
    for (int i = 0; i < s->cand->n[slot]; i++) {
        int piece = s->cand->piece[slot][i];
        if (used & (1u << piece))
            continue;
        s->cube.perm[slot] = (uint8_t)piece;
        s->cube.twist[slot] = s->cand->twist[slot][i];
        place(s, depth + 1, used | (1u << piece), twist + s->cand->twist[slot][i]);
    }
}

/* Explains why the single candidates of every slot make no cube. */
static void explain_single(const cg_puzzle *p, const candidates *cand, cg_error *err)
{
    int slot_of[CG_CORNERS], twist = 0;
    memset(slot_of, -1, sizeof slot_of);
    for (int slot = 0; slot < CG_CORNERS; slot++) {
        int piece = cand->piece[slot][0];
        if (slot_of[piece] >= 0) {
            const uint8_t *a = cg_corner_stickers(slot_of[piece]), *b = cg_corner_stickers(slot);
            cg_fail(err, CG_ERR_INPUT, "corners %s (%s %s %s) and %s (%s %s %s) are the same corner",
                    cg_corner_name(slot_of[piece]), token(p, a[0]), token(p, a[1]), token(p, a[2]),
                    cg_corner_name(slot), token(p, b[0]), token(p, b[1]), token(p, b[2]));
            return;
        }
        slot_of[piece] = slot;
        twist += cand->twist[slot][0];
    }
    cg_fail(err, CG_ERR_INPUT, "a corner is twisted in place: the corners' twists sum to %d, "
            "not a multiple of 3", twist % 3);
}

/* One colour scheme: colour index -> home face. */
static void try_scheme(const cg_puzzle *p, const uint8_t face_of[CG_FACES + 1], attempt *a)
{
    candidates cand;
    search s;
    pthread_once(&view_once, build_views);
    memset(&s, 0, sizeof s);
    a->stage = FAIL_SLOT;
    a->solutions = 0;
    int single = 1;
    for (int slot = 0; slot < CG_CORNERS; slot++) {
        find_candidates(face_of, slot, p, &cand);
        if (cand.n[slot] == 0) {
            const uint8_t *st = cg_corner_stickers(slot);
            cg_fail(&a->err, CG_ERR_INPUT, "corner %s shows %s %s %s, which is no corner of the cube",
                    cg_corner_name(slot), token(p, st[0]), token(p, st[1]), token(p, st[2]));
            return;
        }
        single &= cand.n[slot] == 1;
    }
    /* Fewest candidates first keeps the search tiny. */
    for (int i = 0; i < CG_CORNERS; i++)
        s.order[i] = (uint8_t)i;
    for (int i = 1; i < CG_CORNERS; i++)
        for (int j = i; j > 0 && cand.n[s.order[j]] < cand.n[s.order[j - 1]]; j--) {
            uint8_t t = s.order[j];
            s.order[j] = s.order[j - 1];
            s.order[j - 1] = t;
        }
    s.cand = &cand;
    place(&s, 0, 0, 0);
    a->stage = FAIL_SEARCH;
    a->solutions = s.found;
    if (s.found == 0) {
        if (single)
            explain_single(p, &cand, &a->err);
        else
            cg_fail(&a->err, CG_ERR_INPUT, "no cube shows these stickers: a corner would be used "
                    "twice or twisted in place");
        return;
    }
    a->stage = FOUND;
    a->cube = s.first;
}

cg_status cgi_puzzle_check_colours(const cg_puzzle *p, cg_error *err)
{
    if (p->ncolours > CG_FACES) {
        char list[CG_ERROR_MSG_MAX] = "";
        size_t len = 0;
        for (int c = 0; c < p->ncolours && len < sizeof list; c++)
            len += (size_t)snprintf(list + len, sizeof list - len, " %s", p->colour[c]);
        return cg_fail(err, CG_ERR_INPUT, "%d colours (%s); a cube has six", p->ncolours, list + 1);
    }
    int per_face = p->size == 3 ? 9 : 4;
    int count[CG_PUZZLE_STICKERS_MAX] = {0}, nst = cg_puzzle_stickers(p);
    for (int i = 0; i < nst; i++)
        if (p->sticker[i] != CG_UNKNOWN && ++count[p->sticker[i]] == per_face + 1)
            return cg_fail(err, CG_ERR_INPUT, "colour '%s' is seen more than %s times",
                           p->colour[p->sticker[i]], per_face == 9 ? "nine" : "four");
    return CG_OK;
}

static cg_status check_counts(const cg_puzzle *p, cg_error *err)
{
    if (p->faces_shown && __builtin_popcount(p->faces_shown) < 5)
        return cg_fail(err, CG_ERR_INPUT, "only %d face%s shown; the cube needs five",
                       __builtin_popcount(p->faces_shown), __builtin_popcount(p->faces_shown) == 1 ? "" : "s");
    return cgi_puzzle_check_colours(p, err);
}

/* Colour index -> face through a scheme; every colour seen must be in it. */
static cg_status map_scheme(const cg_puzzle *p, const cg_scheme *sc, uint8_t face_of[CG_FACES + 1],
                            cg_error *err)
{
    for (int c = 0; c < p->ncolours; c++) {
        int f = 0;
        while (f < CG_FACES && strcmp(sc->face[f], p->colour[c]) != 0)
            f++;
        if (f == CG_FACES)
            return cg_fail(err, CG_ERR_INPUT, "colour '%s' is not in the colour scheme",
                           p->colour[c]);
        face_of[c] = (uint8_t)f;
    }
    return CG_OK;
}

static bool all_face_letters(const cg_puzzle *p)
{
    for (int c = 0; c < p->ncolours; c++)
        if (p->colour[c][1] != '\0' || cg_face_from_letter(p->colour[c][0]) < 0)
            return false;
    return true;
}

static cg_status finish(const cg_puzzle *p, const attempt *a, cg_reading *out, cg_error *err)
{
    (void)p;
    if (a->stage != FOUND) {
        if (err)
            *err = a->err;
        return a->err.code;
    }
    if (a->solutions > 1)
        return cg_fail(err, CG_ERR_AMBIGUOUS, "more than one cube shows these stickers; "
                       "too few are known to tell");
    out->cube = a->cube;
    return CG_OK;
}

static cg_status deduce_scheme(const cg_puzzle *p, cg_reading *out, cg_error *err)
{
    int anchor = -1;
    for (int slot = 0; slot < CG_CORNERS && anchor < 0; slot++) {
        const uint8_t *st = cg_corner_stickers(slot);
        if (p->sticker[st[0]] != CG_UNKNOWN && p->sticker[st[1]] != CG_UNKNOWN &&
            p->sticker[st[2]] != CG_UNKNOWN)
            anchor = slot;
    }
    if (anchor < 0)
        return cg_fail(err, CG_ERR_INPUT, "the colour scheme is unknown and no corner is fully "
                       "visible, so the colour scheme must be given");
    const uint8_t *st = cg_corner_stickers(anchor);
    int a0 = p->sticker[st[0]], a1 = p->sticker[st[1]], a2 = p->sticker[st[2]];
    if (a0 == a1 || a1 == a2 || a0 == a2)
        return cg_fail(err, CG_ERR_INPUT, "corner %s shows %s %s %s: a colour twice on one corner",
                       cg_corner_name(anchor), p->colour[a0], p->colour[a1], p->colour[a2]);
    int rest[3], nrest = 0;
    for (int c = 0; c < p->ncolours; c++)
        if (c != a0 && c != a1 && c != a2)
            rest[nrest++] = c;
    static const uint8_t DLB[3] = {CG_D, CG_L, CG_B};
    static const uint8_t PERMS[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    attempt best = {0}, a;
    int found = 0;
    for (int k = 0; k < 6; k++) {
        /* With fewer than three colours left, permutations that differ only in unused places
         * repeat; skip them so that a repeat is not mistaken for ambiguity. */
        int dup = 0;
        for (int j = 0; j < k && !dup; j++)
            dup = memcmp(PERMS[j], PERMS[k], (size_t)nrest) == 0;
        if (dup)
            continue;
        uint8_t face_of[CG_FACES + 1];
        face_of[a0] = CG_U;
        face_of[a1] = CG_R;
        face_of[a2] = CG_F;
        for (int i = 0; i < nrest; i++)
            face_of[rest[i]] = DLB[PERMS[k][i]];
        try_scheme(p, face_of, &a);
        if (a.stage == FOUND) {
            if (found++ == 0) {
                best = a;
                memset(&out->scheme, 0, sizeof out->scheme);
                for (int f = 0; f < CG_FACES; f++)
                    snprintf(out->scheme.face[f], sizeof out->scheme.face[f], "?");
                for (int c = 0; c < p->ncolours; c++)
                    snprintf(out->scheme.face[face_of[c]], sizeof out->scheme.face[0], "%s",
                             p->colour[c]);
            }
            best.solutions += found > 1 ? a.solutions : 0;
        } else if (found == 0 && a.stage > best.stage) {
            best = a;
        }
    }
    out->scheme_known = false;
    return finish(p, &best, out, err);
}

cg_status cg_reconstruct(const cg_puzzle *p, const cg_scheme *scheme, cg_reading *out,
                         cg_error *err)
{
    memset(out, 0, sizeof *out);
    if (p->size == 3)
        return cg_fail(err, CG_ERR_INPUT, "a 3x3 puzzle: the 2x2 reader cannot rebuild it");
    cg_status st = check_counts(p, err);
    if (st != CG_OK)
        return st;
    cg_scheme letters;
    bool by_letters = !scheme && all_face_letters(p);
    if (by_letters) {
        letters = cg_scheme_letters();
        scheme = &letters;
    }
    if (!scheme)
        return deduce_scheme(p, out, err);
    uint8_t face_of[CG_FACES + 1];
    if (by_letters) /* what map_scheme finds through the letters' scheme, without 36 strcmp */
        for (int c = 0; c < p->ncolours; c++)
            face_of[c] = (uint8_t)cg_face_from_letter(p->colour[c][0]);
    else if ((st = map_scheme(p, scheme, face_of, err)) != CG_OK)
        return st;
    attempt a;
    try_scheme(p, face_of, &a);
    out->scheme_known = true;
    out->scheme = *scheme;
    return finish(p, &a, out, err);
}

bool cg_puzzle_common_scheme(const cg_puzzle *p, cg_scheme *out)
{
    int token[CG_FACES];
    if (p->size == 3 || p->ncolours != CG_FACES)
        return false;
    for (int f = 0; f < CG_FACES; f++)
        token[f] = -1;
    for (int c = 0; c < p->ncolours; c++) {
        int k = cgi_common_colour(p->colour[c]);
        if (k < 0 || token[k] >= 0)
            return false;
        token[k] = c;
    }
    /* white up, yellow down, green front, blue back; red right, or (a mirror-coloured cube) left */
    for (int mirror = 0; mirror < 2; mirror++) {
        cg_reading rd;
        for (int f = 0; f < CG_FACES; f++) {
            int k = mirror && (f == CG_L || f == CG_R) ? (f == CG_L ? CG_R : CG_L) : f;
            snprintf(out->face[f], sizeof out->face[f], "%s", p->colour[token[k]]);
        }
        if (cg_reconstruct(p, out, &rd, NULL) == CG_OK)
            return true;
    }
    return false;
}
