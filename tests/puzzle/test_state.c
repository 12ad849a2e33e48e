/* The facelet-string algebra (state.h) for both sizes: group laws (identity, inverse,
 * associativity), moves and their inverses round trip, the relative state toward a goal is
 * solved by "undo the scramble, do the goal's", cg_puzzle_toward with colour drawings, and the
 * errors for what is no state. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/shapes.h"
#include "cubegod/state.h"

#define S 64

/* Random face turns as text, and the same turns undone (reversed, each inverted). */
static void random_moves(cg_rng *r, int n, char *fwd, char *back)
{
    cg_move m[64] = {0};
    for (int i = 0; i < n; i++)
        m[i] = (cg_move)cg_rng_below(r, CG_MOVES);
    cg_moves_format(m, (size_t)n, fwd, 512);
    cg_move inv[64];
    for (int i = 0; i < n; i++)
        inv[i] = cg_move_inverse(m[n - 1 - i]);
    cg_moves_format(inv, (size_t)n, back, 512);
}

static void random_state(cg_rng *r, int size, char *out)
{
    char solved[S], fwd[512], back[512];
    assert_int_equal(cg_state_solved(size, solved, sizeof solved, NULL), CG_OK);
    random_moves(r, 25, fwd, back);
    assert_int_equal(cg_state_apply(solved, fwd, out, S, NULL), CG_OK);
}

static void group_laws(int size)
{
    cg_rng r;
    cg_rng_seed(&r, 24u + (unsigned)size);
    char e[S], a[S], b[S], c[S], x[S], y[S], z[S];
    assert_int_equal(cg_state_solved(size, e, sizeof e, NULL), CG_OK);
    assert_int_equal((int)strlen(e), size == 3 ? 54 : 24);
    for (int k = 0; k < 30; k++) {
        random_state(&r, size, a);
        random_state(&r, size, b);
        random_state(&r, size, c);
        /* identity on both sides */
        assert_int_equal(cg_state_compose(a, e, x, S, NULL), CG_OK);
        assert_string_equal(x, a);
        assert_int_equal(cg_state_compose(e, a, x, S, NULL), CG_OK);
        assert_string_equal(x, a);
        /* inverses, both sides */
        assert_int_equal(cg_state_invert(a, x, S, NULL), CG_OK);
        assert_int_equal(cg_state_compose(a, x, y, S, NULL), CG_OK);
        assert_string_equal(y, e);
        assert_int_equal(cg_state_compose(x, a, y, S, NULL), CG_OK);
        assert_string_equal(y, e);
        assert_int_equal(cg_state_invert(x, y, S, NULL), CG_OK);
        assert_string_equal(y, a);
        /* (ab)c = a(bc) */
        assert_int_equal(cg_state_compose(a, b, x, S, NULL), CG_OK);
        assert_int_equal(cg_state_compose(x, c, y, S, NULL), CG_OK);
        assert_int_equal(cg_state_compose(b, c, x, S, NULL), CG_OK);
        assert_int_equal(cg_state_compose(a, x, z, S, NULL), CG_OK);
        assert_string_equal(y, z);
        assert_int_equal(cg_state_equal(y, z), 1);
        assert_int_equal(cg_state_equal(a, e), strcmp(a, e) == 0);
    }
}

static void test_group_laws2(void **st) { (void)st; group_laws(2); }
static void test_group_laws3(void **st) { (void)st; group_laws(3); }

/* Moves then their undoing come back; applying moves is composing with their state. */
static void moves_round_trip(int size)
{
    cg_rng r;
    cg_rng_seed(&r, 7u * (unsigned)size);
    char e[S], a[S], m[S], x[S], y[S], fwd[512], back[512];
    cg_state_solved(size, e, sizeof e, NULL);
    for (int k = 0; k < 30; k++) {
        random_state(&r, size, a);
        random_moves(&r, 1 + k % 20, fwd, back);
        assert_int_equal(cg_state_apply(a, fwd, x, S, NULL), CG_OK);
        assert_int_equal(cg_state_apply(x, back, y, S, NULL), CG_OK);
        assert_string_equal(y, a);
        assert_int_equal(cg_state_apply(e, fwd, m, S, NULL), CG_OK);
        assert_int_equal(cg_state_compose(a, m, y, S, NULL), CG_OK);
        assert_string_equal(y, x);
    }
    /* a quarter turn four times is nothing; R is not R' */
    assert_int_equal(cg_state_apply(e, "R R R R", x, S, NULL), CG_OK);
    assert_string_equal(x, e);
    assert_int_equal(cg_state_apply(e, "R", x, S, NULL), CG_OK);
    assert_int_equal(cg_state_apply(e, "R'", y, S, NULL), CG_OK);
    assert_int_equal(cg_state_equal(x, y), 0);
    /* out may be the input */
    strcpy(y, x);
    assert_int_equal(cg_state_invert(y, y, S, NULL), CG_OK);
    assert_int_equal(cg_state_apply(e, "R'", x, S, NULL), CG_OK);
    assert_string_equal(y, x);
}

static void test_moves2(void **st) { (void)st; moves_round_trip(2); }
static void test_moves3(void **st) { (void)st; moves_round_trip(3); }

/* current = scramble X, goal = scramble Y: "undo X, then Y" takes current to goal and solves
 * the relative state. */
static void relative(int size)
{
    cg_rng r;
    cg_rng_seed(&r, 99u + (unsigned)size);
    char e[S], g[S], c[S], rel[S], x[S], xf[512], xb[512], yf[512], yb[512], path[1100];
    cg_state_solved(size, e, sizeof e, NULL);
    for (int k = 0; k < 20; k++) {
        random_moves(&r, 15, xf, xb);
        random_moves(&r, 15, yf, yb);
        cg_state_apply(e, xf, c, S, NULL);
        cg_state_apply(e, yf, g, S, NULL);
        snprintf(path, sizeof path, "%s %s", xb, yf);
        assert_int_equal(cg_state_apply(c, path, x, S, NULL), CG_OK);
        assert_string_equal(x, g);
        assert_int_equal(cg_state_relative(g, c, rel, S, NULL), CG_OK);
        assert_int_equal(cg_state_apply(rel, path, x, S, NULL), CG_OK);
        assert_string_equal(x, e);
    }
}

static void test_relative2(void **st) { (void)st; relative(2); }
static void test_relative3(void **st) { (void)st; relative(3); }

static void expect_error(const char *a, const char *needle)
{
    char out[S];
    cg_error err;
    assert_int_equal(cg_state_invert(a, out, sizeof out, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, needle))
        fail_msg("'%s' does not say '%s'", err.msg, needle);
}

static void test_errors(void **st)
{
    (void)st;
    char out[S], e3[S], e2[S];
    cg_error err;
    cg_state_solved(3, e3, sizeof e3, NULL);
    cg_state_solved(2, e2, sizeof e2, NULL);
    expect_error("UUUU", "4 face letters");
    expect_error("UUUURRRRFFFFDDDDLLLLBBBX", "'X' at column 24");
    /* a twisted corner: swap two stickers of URF */
    char tw[S];
    strcpy(tw, e3);
    tw[8] = 'R';
    tw[9] = 'U';
    expect_error(tw, "is no cube");
    assert_int_equal(cg_state_compose(e2, e3, out, sizeof out, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "do not compose"));
    assert_int_equal(cg_state_relative(e2, e3, out, sizeof out, &err), CG_ERR_INPUT);
    assert_int_equal(cg_state_invert(e3, out, 54, &err), CG_ERR_LIMIT);
    assert_int_equal(cg_state_apply(e3, "R Q", out, sizeof out, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "the moves"));
    assert_int_equal(cg_state_solved(4, out, sizeof out, &err), CG_ERR_INPUT);
    assert_int_equal(cg_state_equal("x", e3), -1);
    int size = 0;
    assert_int_equal(cg_state_check("UUUU RRRR FFFF DDDD LLLL BBBB", &size, NULL), CG_OK);
    assert_int_equal(size, 2);
}

/* A drawing in colours toward a goal in other colours (3x3: the centres tell each), and a 2x2
 * whose colours the goal tells. */
static void test_toward(void **st)
{
    (void)st;
    char e[S], c[S], g[S], rel[S], x[S];
    cg_state_solved(3, e, sizeof e, NULL);
    cg_state_apply(e, "R U F' D2 L B'", c, S, NULL);
    cg_state_apply(e, "U2 R'", g, S, NULL);
    /* current in colours W R G Y O B for U R F D L B, in the string order URFDLB */
    char coloured[S];
    for (int i = 0; i < 54; i++)
        coloured[i] = "WRGYOB"[strchr("URFDLB", c[i]) - "URFDLB"];
    coloured[54] = '\0';
    cg_puzzle pc, pg, pr;
    assert_int_equal(cg_puzzle_from_string(coloured, 54, "URFDLB", &pc, NULL), CG_OK);
    assert_int_equal(cg_puzzle_from_string(g, 54, "URFDLB", &pg, NULL), CG_OK);
    cg_error err;
    assert_int_equal(cg_puzzle_toward(&pg, &pc, NULL, 0, &pr, &err), CG_OK);
    assert_int_equal(cg_puzzle_state(&pr, NULL, 0, rel, sizeof rel, NULL), CG_OK);
    assert_int_equal(cg_state_apply(rel, "B L' D2 F U' R' U2 R'", x, S, NULL), CG_OK);
    assert_string_equal(x, e);
    /* 2x2 in colours: goal and cube in the same colours */
    char e2[S], c2[S], g2[S], col2[S], gol2[S];
    cg_state_solved(2, e2, sizeof e2, NULL);
    cg_state_apply(e2, "R U' F2", c2, S, NULL);
    cg_state_apply(e2, "U R2", g2, S, NULL);
    for (int i = 0; i < 24; i++) {
        col2[i] = "WRGYOB"[strchr("URFDLB", c2[i]) - "URFDLB"];
        gol2[i] = "WRGYOB"[strchr("URFDLB", g2[i]) - "URFDLB"];
    }
    col2[24] = gol2[24] = '\0';
    assert_int_equal(cg_puzzle_from_string(col2, 24, "URFDLB", &pc, NULL), CG_OK);
    assert_int_equal(cg_puzzle_from_string(gol2, 24, "URFDLB", &pg, NULL), CG_OK);
    assert_int_equal(cg_puzzle_toward(&pg, &pc, NULL, 0, &pr, &err), CG_OK);
    assert_int_equal(cg_puzzle_state(&pr, NULL, 0, rel, sizeof rel, NULL), CG_OK);
    assert_int_equal(cg_state_apply(rel, "F2 U R' U R2", x, S, NULL), CG_OK);
    assert_string_equal(x, e2);
    /* the goal solved with one face hidden, each face in turn, so its colour is nowhere: the
     * cube's one colour the goal does not show is that face's (colours no scheme of the cube's
     * own tells: the goal's are the only ones) */
    for (int i = 0; i < 24; i++) {
        col2[i] = "ABCDEF"[strchr("URFDLB", c2[i]) - "URFDLB"];
        gol2[i] = "ABCDEF"[i / 4];
    }
    assert_int_equal(cg_puzzle_from_string(col2, 24, "URFDLB", &pc, NULL), CG_OK);
    for (int hide = 0; hide < 6; hide++) {
        char five[S];
        memcpy(five, gol2, sizeof five);
        memset(five + hide * 4, '?', 4);
        assert_int_equal(cg_puzzle_from_string(five, 24, "URFDLB", &pg, NULL), CG_OK);
        if (cg_puzzle_toward(&pg, &pc, NULL, 0, &pr, &err) != CG_OK)
            fail_msg("the goal without face %c: %s", "URFDLB"[hide], err.msg);
        assert_int_equal(cg_puzzle_state(&pr, NULL, 0, rel, sizeof rel, NULL), CG_OK);
        assert_int_equal(cg_state_apply(rel, "F2 U R'", x, S, NULL), CG_OK);
        assert_string_equal(x, e2);
    }
    /* sizes differ; an impossible goal */
    assert_int_equal(cg_puzzle_from_string(e, 54, "URFDLB", &pg, NULL), CG_OK);
    assert_int_equal(cg_puzzle_toward(&pg, &pc, NULL, 0, &pr, &err), CG_ERR_INPUT);
    char bad[S];
    strcpy(bad, e);
    bad[8] = 'R';
    bad[9] = 'U';
    assert_int_equal(cg_puzzle_from_string(bad, 54, "URFDLB", &pg, NULL), CG_OK);
    assert_int_equal(cg_puzzle_from_string(c, 54, "URFDLB", &pc, NULL), CG_OK);
    assert_int_equal(cg_puzzle_toward(&pg, &pc, NULL, 0, &pr, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "the goal"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_laws2), cmocka_unit_test(test_group_laws3),
        cmocka_unit_test(test_moves2),      cmocka_unit_test(test_moves3),
        cmocka_unit_test(test_relative2),   cmocka_unit_test(test_relative3),
        cmocka_unit_test(test_errors),      cmocka_unit_test(test_toward),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
