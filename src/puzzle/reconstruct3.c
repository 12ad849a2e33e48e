/* From the stickers of a 3x3 seen to the cubes they show.
 *
 * The centres give each colour its face. Each corner and edge position's visible stickers leave
 * a few (piece, orientation) candidates; the edges are searched once, counting their fits of
 * each permutation parity, then the corners, each fitting arrangement adding the edge fits of
 * the same parity. Counting stops at a cap, and a node budget keeps a mostly hidden cube from
 * running away. With two or more centres hidden, each way to give the leftover colours to them
 * is tried. */
#include <stdio.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "puzzle/colours.h"

#define NONE 6                  /* a sticker whose colour is unknown */
#define NODE_BUDGET 20000000UL  /* search steps per reconstruction, all schemes together */

typedef struct cands {
    uint8_t n;
    uint8_t piece[24], ori[24];
} cands;

typedef struct search {
    cands corner[CG3_CORNERS], edge[CG3_EDGES];
    uint8_t corder[CG3_CORNERS], eorder[CG3_EDGES];
    uint8_t cp[CG3_CORNERS], co[CG3_CORNERS], ep[CG3_EDGES], eo[CG3_EDGES];
    unsigned long cap, nodes, budget;
    unsigned long efits[2];    /* edge arrangements of each parity (capped) */
    unsigned long cfits[2];    /* corner arrangements of each parity */
    uint8_t ep_first[2][CG3_EDGES], eo_first[2][CG3_EDGES];
    unsigned long total;       /* cubes */
    bool have;
    cg3_cube first;
    bool cut;                  /* a cap or the budget stopped a count */
} search;

static int parity(const uint8_t *a, int n)
{
    int inv = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            inv += a[i] > a[j];
    return inv & 1;
}

static bool out_of_budget(search *s)
{
    if (++s->nodes <= s->budget)
        return false;
    s->cut = true;
    return true;
}

static void place_edges(search *s, int depth, unsigned used, int flip)
{
    if ((s->efits[0] >= s->cap && s->efits[1] >= s->cap) || out_of_budget(s))
        return;
    if (depth == CG3_EDGES) {
        if (flip & 1)
            return;
        int p = parity(s->ep, CG3_EDGES);
        if (s->efits[p] >= s->cap) {
            s->cut = true;
            return;
        }
        if (s->efits[p]++ == 0) {
            memcpy(s->ep_first[p], s->ep, sizeof s->ep);
            memcpy(s->eo_first[p], s->eo, sizeof s->eo);
        }
        return;
    }
    int q = s->eorder[depth];
    for (int i = 0; i < s->edge[q].n; i++) {
        int piece = s->edge[q].piece[i];
        if (used & (1u << piece))
            continue;
        s->ep[q] = (uint8_t)piece;
        s->eo[q] = s->edge[q].ori[i];
        place_edges(s, depth + 1, used | (1u << piece), flip + s->eo[q]);
    }
}

static void place_corners(search *s, int depth, unsigned used, int twist)
{
    if (s->total >= s->cap || out_of_budget(s))
        return;
    if (depth == CG3_CORNERS) {
        if (twist % 3)
            return;
        int p = parity(s->cp, CG3_CORNERS);
        s->cfits[p]++;
        if (!s->efits[p])
            return;
        if (!s->have) {
            s->have = true;
            s->first = cg3_cube_home();
            memcpy(s->first.cp, s->cp, sizeof s->cp);
            memcpy(s->first.co, s->co, sizeof s->co);
            memcpy(s->first.ep, s->ep_first[p], sizeof s->ep);
            memcpy(s->first.eo, s->eo_first[p], sizeof s->eo);
        }
        s->total += s->efits[p];
        if (s->total >= s->cap) {
            s->total = s->cap;
            s->cut = true;
        }
        return;
    }
    int q = s->corder[depth];
    for (int i = 0; i < s->corner[q].n; i++) {
        int piece = s->corner[q].piece[i];
        if (used & (1u << piece))
            continue;
        s->cp[q] = (uint8_t)piece;
        s->co[q] = s->corner[q].ori[i];
        place_corners(s, depth + 1, used | (1u << piece), twist + s->co[q]);
    }
}

static const char *token(const cg_puzzle *p, int sticker)
{
    int c = p->sticker[sticker];
    return c == CG_UNKNOWN ? "?" : p->colour[c];
}

/* "a b c": the tokens a position shows. */
static void shown(const cg_puzzle *p, const uint8_t *fl, int k, char *buf, size_t size)
{
    size_t len = 0;
    for (int i = 0; i < k && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? " " : "", token(p, fl[i]));
}

static const uint8_t *facelets(int k, int q)
{
    return k == 3 ? cg3_corner_facelets(q) : cg3_edge_facelets(q);
}

static const char *pos_name(int k, int q) { return k == 3 ? cg3_corner_name(q) : cg3_edge_name(q); }

/* Candidates of every position of one kind; fails naming a position no piece fits. */
static cg_status find_cands(const cg_puzzle *p, const uint8_t *face_of, int k, cands *c,
                            uint8_t *order, cg_error *err)
{
    int n = k == 3 ? CG3_CORNERS : CG3_EDGES;
    for (int q = 0; q < n; q++) {
        const uint8_t *fl = facelets(k, q);
        uint8_t seen[3];
        for (int i = 0; i < k; i++)
            seen[i] = p->sticker[fl[i]] == CG_UNKNOWN ? NONE : face_of[p->sticker[fl[i]]];
        c[q].n = 0;
        for (int piece = 0; piece < n; piece++) {
            const uint8_t *home = facelets(k, piece);
            for (int o = 0; o < k; o++) {
                bool ok = true;
                for (int i = 0; i < k && ok; i++)
                    ok = seen[(o + i) % k] == NONE || seen[(o + i) % k] == home[i] / 9;
                if (ok) {
                    c[q].piece[c[q].n] = (uint8_t)piece;
                    c[q].ori[c[q].n++] = (uint8_t)o;
                }
            }
        }
        if (c[q].n == 0) {
            char buf[4 * (CG_TOKEN_MAX + 1)];
            shown(p, fl, k, buf, sizeof buf);
            return cg_fail(err, CG_ERR_INPUT, "%s %s shows %s, which no %s of the cube has",
                           k == 3 ? "corner" : "edge", pos_name(k, q), buf,
                           k == 3 ? "corner" : "edge");
        }
    }
    /* Fewest candidates first keeps the search small. */
    for (int i = 0; i < n; i++)
        order[i] = (uint8_t)i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && c[order[j]].n < c[order[j - 1]].n; j--) {
            uint8_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return CG_OK;
}

/* Why the pieces of one kind fit no cube, when every position has a single candidate: a piece
 * twice, or the orientations not adding up. Returns false when they do fit. */
static bool explain_kind(const cg_puzzle *p, int k, const cands *c, cg_error *err)
{
    int n = k == 3 ? CG3_CORNERS : CG3_EDGES, at[CG3_EDGES], sum = 0;
    const char *kind = k == 3 ? "corner" : "edge";
    for (int q = 0; q < n; q++)
        if (c[q].n != 1)
            return false;
    memset(at, -1, sizeof at);
    for (int q = 0; q < n; q++) {
        int piece = c[q].piece[0];
        if (at[piece] >= 0) {
            char a[4 * (CG_TOKEN_MAX + 1)], b[4 * (CG_TOKEN_MAX + 1)];
            shown(p, facelets(k, at[piece]), k, a, sizeof a);
            shown(p, facelets(k, q), k, b, sizeof b);
            cg_fail(err, CG_ERR_INPUT, "%ss %s (%s) and %s (%s) are the same %s", kind,
                    pos_name(k, at[piece]), a, pos_name(k, q), b, kind);
            return true;
        }
        at[piece] = q;
        sum += c[q].ori[0];
    }
    if (k == 3 && sum % 3) {
        cg_fail(err, CG_ERR_INPUT, "a corner is twisted in place: the corners' twists sum to %d, "
                "not a multiple of 3", sum % 3);
        return true;
    }
    if (k == 2 && sum % 2) {
        cg_fail(err, CG_ERR_INPUT, "an edge is flipped in place: the edges' flips sum to an odd "
                "number");
        return true;
    }
    return false;
}

typedef struct attempt {
    int stage; /* 0 nothing, 1 candidates failed, 2 search failed, 3 found */
    cg_error err;
} attempt;

/* One colour -> face map: counts the fitting cubes into s. */
static void try_map(const cg_puzzle *p, const uint8_t *face_of, search *s, attempt *a)
{
    cg_error e;
    a->stage = 1;
    if (find_cands(p, face_of, 3, s->corner, s->corder, &e) != CG_OK ||
        find_cands(p, face_of, 2, s->edge, s->eorder, &e) != CG_OK) {
        a->err = e;
        return;
    }
    a->stage = 2;
    s->efits[0] = s->efits[1] = 0;
    s->cfits[0] = s->cfits[1] = 0;
    unsigned long before = s->total;
    place_edges(s, 0, 0, 0);
    if (s->efits[0] || s->efits[1])
        place_corners(s, 0, 0, 0);
    if (s->total > before) {
        a->stage = 3;
        return;
    }
    if (explain_kind(p, 3, s->corner, &a->err) || explain_kind(p, 2, s->edge, &a->err))
        return;
    if (!s->efits[0] && !s->efits[1] && !s->cut)
        cg_fail(&a->err, CG_ERR_INPUT, "no edges fit: an edge would be used twice or flipped in "
                "place");
    else if (!s->cfits[0] && !s->cfits[1] && !s->cut)
        cg_fail(&a->err, CG_ERR_INPUT, "no corners fit: a corner would be used twice or twisted "
                "in place");
    else if (!s->cut)
        cg_fail(&a->err, CG_ERR_INPUT, "corner and edge parity disagree: two pieces are swapped "
                "(the corners can only be %s, the edges only %s)",
                s->cfits[0] ? "even" : "odd", s->efits[0] ? "even" : "odd");
    else
        cg_fail(&a->err, CG_ERR_INPUT, "too little is shown: the search for a fitting cube gave "
                "up after %lu steps", s->nodes);
}

cg_status cg_reconstruct3(const cg_puzzle *p, const cg_reconstruct3_options *opt,
                          cg_reading3 *out, cg_error *err)
{
    memset(out, 0, sizeof *out);
    if (p->size != 3)
        return cg_fail(err, CG_ERR_INPUT, "a %dx%d puzzle, not a 3x3", p->size, p->size);
    cg_status st = cgi_puzzle_check_colours(p, err);
    if (st != CG_OK)
        return st;
    unsigned long cap = opt && opt->cap ? opt->cap : CG3_FITS_CAP_DEFAULT;
    uint8_t face_of[CG_PUZZLE_STICKERS_MAX];
    memset(face_of, NONE, sizeof face_of);
    int hidden[CG_FACES], nhidden = 0;
    for (int f = 0; f < CG_FACES; f++) {
        int c = p->sticker[f * 9 + 4];
        if (c == CG_UNKNOWN) {
            hidden[nhidden++] = f;
            continue;
        }
        if (face_of[c] != NONE)
            return cg_fail(err, CG_ERR_INPUT, "the centres of %c and %c are both '%s': each face's "
                           "centre has its own colour", cg_face_letter(face_of[c]),
                           cg_face_letter(f), p->colour[c]);
        face_of[c] = (uint8_t)f;
    }
    int left[CG_FACES], nleft = 0; /* colours on no visible centre (nleft <= nhidden) */
    for (int c = 0; c < p->ncolours; c++)
        if (face_of[c] == NONE)
            left[nleft++] = c;
    /* Every injective map of the leftover colours onto the hidden centres: pick[i] is the hidden
     * face of left[i]; counted like an odometer over nhidden^nleft, skipping repeats. */
    int pick[CG_FACES] = {0};
    search local, *s = &local;
    memset(s, 0, sizeof *s);
    s->cap = cap;
    s->budget = NODE_BUDGET;
    attempt best = {0}, a;
    bool first_map = true;
    for (;;) {
        bool distinct = true;
        for (int i = 0; i < nleft && distinct; i++)
            for (int j = 0; j < i && distinct; j++)
                distinct = pick[i] != pick[j];
        if (distinct) {
            uint8_t map[CG_PUZZLE_STICKERS_MAX];
            memcpy(map, face_of, sizeof map);
            for (int i = 0; i < nleft; i++)
                map[left[i]] = (uint8_t)hidden[pick[i]];
            bool had = s->have;
            try_map(p, map, s, &a);
            if (a.stage == 3 && !had) {
                for (int f = 0; f < CG_FACES; f++)
                    snprintf(out->scheme.face[f], sizeof out->scheme.face[f], "?");
                for (int c = 0; c < p->ncolours; c++)
                    snprintf(out->scheme.face[map[c]], sizeof out->scheme.face[0], "%s",
                             p->colour[c]);
            }
            if (first_map || a.stage > best.stage)
                best = a;
            first_map = false;
            if (s->total >= s->cap || s->nodes > s->budget)
                break;
        }
        int i = 0; /* next map */
        while (i < nleft && ++pick[i] == nhidden)
            pick[i++] = 0;
        if (i == nleft)
            break;
    }
    if (!s->have) {
        if (err)
            *err = best.err;
        return best.err.code;
    }
    out->cube = s->first;
    out->fits = s->total;
    out->fits_at_least = s->cut;
    if (s->total > 1 && !(opt && opt->pick))
        return cg_fail(err, CG_ERR_AMBIGUOUS, "%s%lu cubes fit what is shown: the hidden "
                       "stickers do not tell them apart", s->cut ? "at least " : "", s->total);
    return CG_OK;
}
