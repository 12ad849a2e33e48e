/* The jigsaw counter and the random puzzle generator.
 *
 * Counting works on "patterns": a piece's four symbols in one turn. Pieces that are turns of one
 * another form a class, and every member of a class shows the same patterns. The backtracking
 * fills the grid with patterns (each class used as often as it has members), and each complete
 * pattern grid stands for m! * s^m placements per class of m members whose piece has s turns
 * showing the same symbols. For the problem's own puzzles every class has one asymmetric member
 * and the factor is 1; for degenerate ones it saves enumerating up to 9! * 4^9 placements.
 *
 * The centre goes first, and only in its class's first pattern: turning a whole grid turns the
 * centre's pattern, so each of a class's 4/s patterns is the centre of equally many grids. The
 * other cells follow in a spiral, so that every corner comes right after its two edge cells and
 * prunes early. Candidates are a bit mask of patterns: those still available, and with the right
 * symbol on each side that faces a filled cell. */
#include "cubegod/jigsaw.h"

#include <string.h>

#define N CG_JIGSAW_PIECES
#define MATCH(code) ((code) ^ 4)

/* Filling order: step d fills one cell, whose side `side` faces the cell of the earlier step
 * `from`. The steps as they sit in the grid:
 *      8 1 3
 *      6 0 2
 *      7 4 5 */
static const struct step {
    int n;
    struct {
        uint8_t side, from;
    } c[2];
} STEPS[N] = {
    {0, {{0, 0}, {0, 0}}},
    {1, {{CG_JIGSAW_BOTTOM, 0}, {0, 0}}},
    {1, {{CG_JIGSAW_LEFT, 0}, {0, 0}}},
    {2, {{CG_JIGSAW_LEFT, 1}, {CG_JIGSAW_BOTTOM, 2}}},
    {1, {{CG_JIGSAW_TOP, 0}, {0, 0}}},
    {2, {{CG_JIGSAW_TOP, 2}, {CG_JIGSAW_LEFT, 4}}},
    {1, {{CG_JIGSAW_RIGHT, 0}, {0, 0}}},
    {2, {{CG_JIGSAW_TOP, 6}, {CG_JIGSAW_RIGHT, 4}}},
    {2, {{CG_JIGSAW_RIGHT, 1}, {CG_JIGSAW_BOTTOM, 6}}},
};

/* Pattern p = class * 4 + turn; masks are over patterns. */
typedef struct counter {
    uint8_t edge[N * CG_JIGSAW_SIDES][CG_JIGSAW_SIDES];
    uint8_t cls[N * CG_JIGSAW_SIDES];
    uint64_t with[CG_JIGSAW_SIDES][CG_JIGSAW_SYMBOLS]; /* patterns showing a symbol on a side */
    uint64_t class_bits[N];                            /* all patterns of a class */
    uint8_t unplaced[N];                               /* members of a class not yet placed */
    uint64_t available;                                /* patterns of classes with unplaced members */
    uint8_t chosen[N];                                 /* pattern of each step so far */
} counter;

static void turn(const uint8_t in[CG_JIGSAW_SIDES], int k, uint8_t out[CG_JIGSAW_SIDES])
{
    for (int s = 0; s < CG_JIGSAW_SIDES; s++)
        out[s] = in[(s - k) & 3];
}

static unsigned key(const uint8_t p[CG_JIGSAW_SIDES])
{
    return (unsigned)p[0] << 9 | (unsigned)p[1] << 6 | (unsigned)p[2] << 3 | p[3];
}

/* The smallest key over the four turns, and how many turns show the piece's own symbols. */
static unsigned canonical(const uint8_t p[CG_JIGSAW_SIDES], int *symmetry)
{
    unsigned best = key(p), self = best;
    *symmetry = 0;
    for (int k = 0; k < CG_JIGSAW_SIDES; k++) {
        uint8_t t[CG_JIGSAW_SIDES];
        turn(p, k, t);
        unsigned v = key(t);
        best = v < best ? v : best;
        *symmetry += v == self;
    }
    return best;
}

/* Lists the 4/symmetry distinct patterns of a new class. */
static void add_class(counter *c, int cls, const uint8_t piece[CG_JIGSAW_SIDES], int symmetry)
{
    c->class_bits[cls] = 0;
    c->unplaced[cls] = 0;
    for (int t = 0; t < CG_JIGSAW_SIDES / symmetry; t++) {
        int p = cls * CG_JIGSAW_SIDES + t;
        turn(piece, t, c->edge[p]);
        c->cls[p] = (uint8_t)cls;
        c->class_bits[cls] |= 1ull << p;
        for (int s = 0; s < CG_JIGSAW_SIDES; s++)
            c->with[s][c->edge[p][s]] |= 1ull << p;
    }
}

/* Groups the pieces into classes (c zeroed) and returns the number of placements each pattern grid
 * stands for; *centre gets each class's first pattern, *weight[cls] its number of patterns. */
static uint64_t prepare(const cg_jigsaw *p, counter *c, uint64_t *centre, int weight[N])
{
    unsigned class_key[N];
    int classes = 0;
    uint64_t factor = 1;
    *centre = 0;
    for (int i = 0; i < N; i++) {
        int symmetry;
        unsigned k = canonical(p->piece[i], &symmetry);
        int cls = 0;
        while (cls < classes && class_key[cls] != k)
            cls++;
        if (cls == classes) {
            class_key[classes++] = k;
            add_class(c, cls, p->piece[i], symmetry);
            *centre |= 1ull << (cls * CG_JIGSAW_SIDES);
            weight[cls] = CG_JIGSAW_SIDES / symmetry;
        }
        c->unplaced[cls]++;
        /* This member can take any of unplaced[cls] cells left to its class, in symmetry turns. */
        factor *= (uint64_t)c->unplaced[cls] * (uint64_t)symmetry;
    }
    for (int cls = 0; cls < classes; cls++)
        c->available |= c->class_bits[cls];
    return factor;
}

static uint64_t place(counter *c, int step, uint64_t candidates);

/* Puts pattern p at this step and counts the ways to finish the grid. */
static uint64_t put(counter *c, int step, int p)
{
    int cls = c->cls[p];
    uint64_t saved = c->available;
    if (--c->unplaced[cls] == 0)
        c->available &= ~c->class_bits[cls];
    c->chosen[step] = (uint8_t)p;
    uint64_t total = place(c, step + 1, c->available);
    c->unplaced[cls]++;
    c->available = saved;
    return total;
}

static uint64_t place(counter *c, int step, uint64_t candidates)
{
    const struct step *st = &STEPS[step];
    for (int i = 0; i < st->n; i++) {
        int side = st->c[i].side;
        int facing = c->edge[c->chosen[st->c[i].from]][(side + 2) & 3];
        candidates &= c->with[side][MATCH(facing)];
    }
    if (step == N - 1)
        return (uint64_t)__builtin_popcountll(candidates);
    uint64_t total = 0;
    for (; candidates; candidates &= candidates - 1)
        total += put(c, step, __builtin_ctzll(candidates));
    return total;
}

uint64_t cg_jigsaw_count(const cg_jigsaw *p)
{
    counter c = {0}; /* prepare() only sets bits and the patterns it uses */
    uint64_t centre;
    int weight[N];
    uint64_t factor = prepare(p, &c, &centre, weight);
    uint64_t grids = 0;
    for (; centre; centre &= centre - 1) {
        int first = __builtin_ctzll(centre);
        grids += (uint64_t)weight[first / CG_JIGSAW_SIDES] * put(&c, 0, first);
    }
    return factor * grids;
}

static uint8_t random_symbol(cg_rng *r, int colours)
{
    return (uint8_t)(cg_rng_below(r, (uint64_t)colours) + 4 * cg_rng_below(r, 2));
}

void cg_jigsaw_random(cg_rng *r, int colours, bool solved, cg_jigsaw *out)
{
    colours = colours < 1 ? 1 : colours > 4 ? 4 : colours;
    for (int cell = 0; cell < N; cell++)
        for (int s = 0; s < CG_JIGSAW_SIDES; s++)
            out->piece[cell][s] = random_symbol(r, colours);
    if (!solved)
        return;
    /* Make every inner pair match, then hide the solution: turn and shuffle the pieces. */
    for (int cell = 0; cell < N; cell++) {
        if (cell % 3)
            out->piece[cell][CG_JIGSAW_LEFT] = MATCH(out->piece[cell - 1][CG_JIGSAW_RIGHT]);
        if (cell >= 3)
            out->piece[cell][CG_JIGSAW_TOP] = MATCH(out->piece[cell - 3][CG_JIGSAW_BOTTOM]);
    }
    for (int i = 0; i < N; i++) {
        uint8_t t[CG_JIGSAW_SIDES];
        turn(out->piece[i], (int)cg_rng_below(r, CG_JIGSAW_SIDES), t);
        memcpy(out->piece[i], t, CG_JIGSAW_SIDES);
    }
    for (int i = N - 1; i > 0; i--) {
        int j = (int)cg_rng_below(r, (uint64_t)i + 1);
        uint8_t t[CG_JIGSAW_SIDES];
        memcpy(t, out->piece[i], CG_JIGSAW_SIDES);
        memmove(out->piece[i], out->piece[j], CG_JIGSAW_SIDES);
        memcpy(out->piece[j], t, CG_JIGSAW_SIDES);
    }
}
