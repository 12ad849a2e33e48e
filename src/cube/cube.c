/* The corner (cubie) layer and the one conversion to and from stickers. */
#include <pthread.h>
#include <string.h>

#include "cubegod/cube.h"

/* Sticker indices of each slot, U/D sticker first, then clockwise (docs/protocol.md). */
static const uint8_t SLOT_STICKERS[CG_CORNERS][3] = {
    {3, 20, 9},   /* URF: U(1,1) R(0,0) F(0,1) */
    {2, 8, 17},   /* UFL: U(1,0) F(0,0) L(0,1) */
    {0, 16, 13},  /* ULB: U(0,0) L(0,0) B(0,1) */
    {1, 12, 21},  /* UBR: U(0,1) B(0,0) R(0,1) */
    {5, 11, 22},  /* DFR: D(0,1) F(1,1) R(1,0) */
    {4, 19, 10},  /* DLF: D(0,0) L(1,1) F(1,0) */
    {6, 15, 18},  /* DBL: D(1,0) B(1,1) L(1,0) */
    {7, 23, 14},  /* DRB: D(1,1) R(1,1) B(1,0) */
};

/* The home faces of each piece's stickers, in its slot's order. */
static const uint8_t PIECE_COLOURS[CG_CORNERS][3] = {
    {CG_U, CG_R, CG_F}, {CG_U, CG_F, CG_L}, {CG_U, CG_L, CG_B}, {CG_U, CG_B, CG_R},
    {CG_D, CG_F, CG_R}, {CG_D, CG_L, CG_F}, {CG_D, CG_B, CG_L}, {CG_D, CG_R, CG_B},
};

/* Quarter turns clockwise of each face: which slot's piece lands in each slot, and its twist.
 * Turns of U and D keep the U/D sticker on U/D, so they twist nothing. */
static const cg_cube QUARTER_TURNS[CG_FACES] = {
    [CG_U] = {{CG_UBR, CG_URF, CG_UFL, CG_ULB, CG_DFR, CG_DLF, CG_DBL, CG_DRB}, {0}},
    [CG_D] = {{CG_URF, CG_UFL, CG_ULB, CG_UBR, CG_DLF, CG_DBL, CG_DRB, CG_DFR}, {0}},
    [CG_F] = {{CG_UFL, CG_DLF, CG_ULB, CG_UBR, CG_URF, CG_DFR, CG_DBL, CG_DRB},
              {1, 2, 0, 0, 2, 1, 0, 0}},
    [CG_B] = {{CG_URF, CG_UFL, CG_UBR, CG_DRB, CG_DFR, CG_DLF, CG_ULB, CG_DBL},
              {0, 0, 1, 2, 0, 0, 2, 1}},
    [CG_L] = {{CG_URF, CG_ULB, CG_DBL, CG_UBR, CG_DFR, CG_UFL, CG_DLF, CG_DRB},
              {0, 1, 2, 0, 0, 2, 1, 0}},
    [CG_R] = {{CG_DFR, CG_UFL, CG_ULB, CG_URF, CG_DRB, CG_DLF, CG_DBL, CG_UBR},
              {2, 0, 0, 1, 1, 0, 0, 2}},
};

static const char *const MOVE_NAMES[CG_MOVES] = {
    "U", "U2", "U'", "D", "D2", "D'", "F", "F2", "F'",
    "B", "B2", "B'", "L", "L2", "L'", "R", "R2", "R'",
};

static const char *const CORNER_NAMES[CG_CORNERS] = {
    "URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB",
};

const char *cg_move_name(cg_move m) { return m < CG_MOVES ? MOVE_NAMES[m] : "?"; }

char cg_face_letter(int face) { return face >= 0 && face < CG_FACES ? "UDFBLR"[face] : '?'; }

int cg_face_from_letter(char c)
{
    switch (c) { /* a switch, not strchr: every sticker of every cube read comes here */
    case 'U': return CG_U;
    case 'D': return CG_D;
    case 'F': return CG_F;
    case 'B': return CG_B;
    case 'L': return CG_L;
    case 'R': return CG_R;
    default: return -1;
    }
}

const char *cg_corner_name(int corner)
{
    return corner >= 0 && corner < CG_CORNERS ? CORNER_NAMES[corner] : "?";
}

const uint8_t *cg_corner_stickers(int slot) { return SLOT_STICKERS[slot]; }

const uint8_t *cg_corner_colours(int piece) { return PIECE_COLOURS[piece]; }

cg_cube cg_cube_home(void)
{
    cg_cube c;
    for (int i = 0; i < CG_CORNERS; i++) {
        c.perm[i] = (uint8_t)i;
        c.twist[i] = 0;
    }
    return c;
}

cg_cube cg_cube_mul(const cg_cube *a, const cg_cube *b)
{
    cg_cube r;
    for (int i = 0; i < CG_CORNERS; i++) {
        r.perm[i] = a->perm[b->perm[i]];
        r.twist[i] = (uint8_t)((a->twist[b->perm[i]] + b->twist[i]) % 3);
    }
    return r;
}

cg_cube cg_cube_inverse(const cg_cube *a)
{
    cg_cube r;
    for (int i = 0; i < CG_CORNERS; i++) {
        r.perm[a->perm[i]] = (uint8_t)i;
        r.twist[a->perm[i]] = (uint8_t)((3 - a->twist[i]) % 3);
    }
    return r;
}

/* All 18 moves as states, made once (thread-safely: the server plays games in threads) from the
 * six quarter turns. */
static cg_cube move_table[CG_MOVES];
static pthread_once_t move_table_once = PTHREAD_ONCE_INIT;

static void build_move_table(void)
{
    for (int f = 0; f < CG_FACES; f++) {
        cg_cube c = QUARTER_TURNS[f];
        move_table[f * 3] = c;
        for (int t = 1; t < 3; t++) {
            c = cg_cube_mul(&c, &QUARTER_TURNS[f]);
            move_table[f * 3 + t] = c;
        }
    }
}

static const cg_cube *move_cubes(void)
{
    pthread_once(&move_table_once, build_move_table);
    return move_table;
}

const cg_cube *cg_move_cube(cg_move m) { return &move_cubes()[m]; }

void cg_cube_apply(cg_cube *c, cg_move m) { *c = cg_cube_mul(c, cg_move_cube(m)); }

void cg_cube_apply_all(cg_cube *c, const cg_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cg_cube_apply(c, moves[i]);
}

bool cg_cube_equal(const cg_cube *a, const cg_cube *b)
{
    return memcmp(a->perm, b->perm, sizeof a->perm) == 0 &&
           memcmp(a->twist, b->twist, sizeof a->twist) == 0;
}

bool cg_cube_is_home(const cg_cube *c)
{
    cg_cube h = cg_cube_home();
    return cg_cube_equal(c, &h);
}

bool cg_cube_is_valid(const cg_cube *c)
{
    unsigned seen = 0, twist = 0;
    for (int i = 0; i < CG_CORNERS; i++) {
        if (c->perm[i] >= CG_CORNERS || c->twist[i] > 2 || (seen & (1u << c->perm[i])))
            return false;
        seen |= 1u << c->perm[i];
        twist += c->twist[i];
    }
    return twist % 3 == 0;
}

bool cg_cube_is_solved_any(const cg_cube *c)
{
    cg_stickers st = cg_cube_to_stickers(c);
    for (int f = 0; f < CG_FACES; f++)
        for (int k = 1; k < 4; k++)
            if (st.s[f * 4 + k] != st.s[f * 4])
                return false;
    return true;
}

cg_stickers cg_cube_to_stickers(const cg_cube *c)
{
    cg_stickers st;
    for (int i = 0; i < CG_CORNERS; i++)
        for (int k = 0; k < 3; k++)
            st.s[SLOT_STICKERS[i][k]] = PIECE_COLOURS[c->perm[i]][(k + 3 - c->twist[i]) % 3];
    return st;
}

cg_status cg_cube_from_stickers(const cg_stickers *st, cg_cube *c, cg_error *err)
{
    unsigned seen = 0, twist = 0;
    for (int i = 0; i < CG_CORNERS; i++) {
        uint8_t col[3];
        int t = -1;
        for (int k = 0; k < 3; k++) {
            col[k] = st->s[SLOT_STICKERS[i][k]];
            if (col[k] == CG_U || col[k] == CG_D)
                t = t < 0 ? k : 3; /* 3: two U/D stickers on one corner */
        }
        int piece = -1;
        for (int p = 0; t >= 0 && t < 3 && p < CG_CORNERS; p++)
            if (PIECE_COLOURS[p][0] == col[t] && PIECE_COLOURS[p][1] == col[(t + 1) % 3] &&
                PIECE_COLOURS[p][2] == col[(t + 2) % 3])
                piece = p;
        if (piece < 0)
            return cg_fail(err, CG_ERR_INPUT, "corner %s shows %c %c %c, which is no corner",
                           CORNER_NAMES[i], cg_face_letter(col[0]), cg_face_letter(col[1]),
                           cg_face_letter(col[2]));
        if (seen & (1u << piece))
            return cg_fail(err, CG_ERR_INPUT, "corner %s is the %s piece a second time",
                           CORNER_NAMES[i], CORNER_NAMES[piece]);
        seen |= 1u << piece;
        c->perm[i] = (uint8_t)piece;
        c->twist[i] = (uint8_t)t;
        twist += (unsigned)t;
    }
    if (twist % 3)
        return cg_fail(err, CG_ERR_INPUT, "a corner is twisted (twists sum to %u mod 3)",
                       twist % 3);
    return CG_OK;
}

void cg_stickers_format(const cg_stickers *st, char buf[CG_STICKERS + 1])
{
    for (int i = 0; i < CG_STICKERS; i++)
        buf[i] = cg_face_letter(st->s[i]);
    buf[CG_STICKERS] = '\0';
}
