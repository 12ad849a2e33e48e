/* The 3x3 model's whole-cube calls: random cubes are real and uniform enough to cover every
 * orientation and both parities, the validity check names each impossibility, inverses invert. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/turn.h"

static void test_random_cubes_are_real(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 42);
    int odd = 0, twisted[3] = {0}, flipped = 0;
    for (int i = 0; i < 2000; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg_error err;
        assert_int_equal(cg3_cube_check(&c, &err), CG_OK);
        /* Parity of the corner permutation, by counting inversions. */
        int inv = 0;
        for (int a = 0; a < CG3_CORNERS; a++)
            for (int b = a + 1; b < CG3_CORNERS; b++)
                inv += c.cp[a] > c.cp[b];
        odd += inv & 1;
        twisted[c.co[7]]++;
        flipped += c.eo[11];
    }
    /* Both parities and every twist of the last corner appear about as often as they should. */
    assert_in_range(odd, 850, 1150);
    for (int t = 0; t < 3; t++)
        assert_in_range(twisted[t], 550, 780);
    assert_in_range(flipped, 850, 1150);
}

static void test_check_names_each_impossibility(void **state)
{
    (void)state;
    cg_error err;
    cg3_cube c = cg3_cube_home();
    c.co[2] = 1;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the corner twists add up to 1 mod 3: a corner is twisted in place");
    c.co[2] = 2; /* the sum is named mod 3 */
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the corner twists add up to 2 mod 3: a corner is twisted in place");
    c.co[5] = 2;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the corner twists add up to 1 mod 3: a corner is twisted in place");

    c = cg3_cube_home();
    c.eo[5] = 1;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "flipped in place"));

    c = cg3_cube_home();
    c.ep[0] = 1;
    c.ep[1] = 0;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "parity"));

    c = cg3_cube_home();
    c.cp[3] = 0;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "corner URF appears twice and corner UFL nowhere");
    /* two pieces twice, two missing: the first of each is named */
    c = cg3_cube_home();
    c.cp[1] = 0;
    c.cp[3] = 2;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "corner URF appears twice and corner UBR nowhere");
    c = cg3_cube_home();
    c.cp[0] = 1; /* the first piece missing */
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "corner UBR appears twice and corner URF nowhere");

    c = cg3_cube_home();
    c.ep[11] = 12;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "out of range"));

    /* the other impossibilities, each with its own words */
    c = cg3_cube_home();
    c.cp[0] = 8;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "corner piece number is out of range"));

    c = cg3_cube_home();
    c.ep[3] = 0;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "appears twice and edge"));

    c = cg3_cube_home();
    c.co[0] = 3; /* the twists' sum stays a multiple of 3 */
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "has twist 3 (0..2)"));

    c = cg3_cube_home();
    c.eo[0] = 2; /* the flips' sum stays even */
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "has flip 2 (0..1)"));

    c = cg3_cube_home();
    c.xp[0] = 1;
    c.xp[1] = 0;
    assert_int_equal(cg3_cube_check(&c, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "centre U"));
    assert_int_equal(cg3_cube_check(&c, NULL), CG_ERR_INPUT);
}

static void test_inverse_and_face_turns(void **state)
{
    (void)state;
    static cg3_tables t;
    cg3_tables_init(&t);
    cg_rng r;
    cg_rng_seed(&r, 7);
    for (int i = 0; i < 200; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg3_cube inv = cg3_cube_inverse(&c);
        cg3_cube p = cg3_cube_mul(&c, &inv), q = cg3_cube_mul(&inv, &c);
        assert_true(cg3_cube_is_home(&p));
        assert_true(cg3_cube_is_home(&q));
    }
    /* R U R' U' six times is home; once it is not, and every face turn keeps a cube real. */
    cg_move sexy[4] = {cg_move_make(CG_R, 1), cg_move_make(CG_U, 1), cg_move_make(CG_R, 3),
                       cg_move_make(CG_U, 3)};
    cg3_cube c = cg3_cube_home();
    cg3_cube_apply_face_turns(&t, &c, sexy, 4);
    assert_false(cg3_cube_is_home(&c));
    assert_int_equal(cg3_cube_check(&c, NULL), CG_OK);
    for (int k = 1; k < 6; k++)
        cg3_cube_apply_face_turns(&t, &c, sexy, 4);
    assert_true(cg3_cube_is_home(&c));
    for (int m = 0; m < CG_MOVES; m++) {
        cg3_cube d = cg3_cube_home();
        cg_move mv = (cg_move)m;
        cg3_cube_apply_face_turns(&t, &d, &mv, 1);
        assert_int_equal(cg3_cube_check(&d, NULL), CG_OK);
        assert_int_equal(cg3_move_base(cg3_move_from_face_turn(mv)), cg_move_face(mv));
        assert_int_equal(cg3_move_turns(cg3_move_from_face_turn(mv)), cg_move_turns(mv));
    }
}

/* home, then the moves (base, turns) in order */
static cg3_cube after(const cg3_tables *t, const int (*moves)[2], int n)
{
    cg3_cube c = cg3_cube_home();
    for (int i = 0; i < n; i++)
        cg3_cube_apply(t, &c, cg3_move_make(moves[i][0], moves[i][1]));
    return c;
}

static bool same_cube(const cg3_cube *a, const cg3_cube *b)
{
    cg3_cube inv = cg3_cube_inverse(b), d = cg3_cube_mul(a, &inv);
    return cg3_cube_is_home(&d);
}

/* Rotations carry whole faces (x as R, y as U, z as F: each face shows, everywhere, the colour of
 * the face that turns into it); a wide move is the rotation with the opposite face turned back,
 * a slice the rotation with both faces turned back. */
static void test_rotations_wide_moves_and_slices(void **state)
{
    (void)state;
    static cg3_tables t;
    cg3_tables_init(&t);
    enum { U, D, F, B, L, R };
    static const struct { int base, shows[6]; } ROT[] = {
        {CG3_X, {F, B, D, U, L, R}}, /* U<-F B<-U D<-B F<-D */
        {CG3_Y, {U, D, R, L, F, B}}, /* F<-R L<-F B<-L R<-B */
        {CG3_Z, {L, R, F, B, D, U}}, /* U<-L R<-U D<-R L<-D */
    };
    for (int i = 0; i < 3; i++) {
        int mv[1][2] = {{ROT[i].base, 1}};
        cg3_cube c = after(&t, mv, 1);
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&c, f);
        for (int k = 0; k < CG3_FACELETS; k++)
            if (f[k] != ROT[i].shows[k / 9])
                fail_msg("%s: facelet %d shows face %d, want %d", cg3_base_name(ROT[i].base), k, f[k],
                         ROT[i].shows[k / 9]);
    }
    static const struct { int base, turns, n, as[3][2]; } SAME[] = {
        {CG3_RW, 1, 2, {{CG3_X, 1}, {CG3_L, 1}}},  {CG3_LW, 1, 2, {{CG3_X, 3}, {CG3_R, 1}}},
        {CG3_UW, 1, 2, {{CG3_Y, 1}, {CG3_D, 1}}},  {CG3_DW, 1, 2, {{CG3_Y, 3}, {CG3_U, 1}}},
        {CG3_FW, 1, 2, {{CG3_Z, 1}, {CG3_B, 1}}},  {CG3_BW, 1, 2, {{CG3_Z, 3}, {CG3_F, 1}}},
        {CG3_M, 1, 3, {{CG3_X, 3}, {CG3_R, 1}, {CG3_L, 3}}},
        {CG3_E, 1, 3, {{CG3_Y, 3}, {CG3_U, 1}, {CG3_D, 3}}},
        {CG3_S, 1, 3, {{CG3_Z, 1}, {CG3_F, 3}, {CG3_B, 1}}},
        {CG3_RW, 2, 2, {{CG3_X, 2}, {CG3_L, 2}}},  {CG3_FW, 3, 2, {{CG3_Z, 3}, {CG3_B, 3}}},
    };
    for (size_t i = 0; i < sizeof SAME / sizeof *SAME; i++) {
        int one[1][2] = {{SAME[i].base, SAME[i].turns}};
        cg3_cube a = after(&t, one, 1), b = after(&t, SAME[i].as, SAME[i].n);
        if (!same_cube(&a, &b))
            fail_msg("%s turned %d is not what it should be", cg3_base_name(SAME[i].base), SAME[i].turns);
    }
}

/* A move's sticker permutation ignores layers beyond the cube's size, and leaves the entries
 * past 6 * size * size at 0; on a 3x3, a rotation is its three layers' turns in any order. */
static void test_turn_perms(void **state)
{
    (void)state;
    for (int axis = 0; axis < 6; axis++)
        for (int turns = 1; turns < 4; turns++) {
            uint8_t two[CG_TURN_STICKERS_MAX], three_layers[CG_TURN_STICKERS_MAX];
            memset(two, 0xEE, sizeof two);
            cg_turn_perm_of(2, cg_turn_make(axis, 3, turns), two);
            cg_turn_perm_of(2, cg_turn_make(axis, 7, turns), three_layers);
            assert_memory_equal(two, three_layers, sizeof two);
            for (int i = 24; i < CG_TURN_STICKERS_MAX; i++)
                assert_int_equal(two[i], 0);
            uint8_t seen[24] = {0};
            for (int i = 0; i < 24; i++) /* a permutation of the 24 stickers */
                assert_true(two[i] < 24 && !seen[two[i]]++);
            uint8_t whole[CG_TURN_STICKERS_MAX], src[CG_TURN_STICKERS_MAX], one[CG_TURN_STICKERS_MAX];
            cg_turn_perm_of(3, cg_turn_make(axis, 7, turns), whole);
            for (int i = 0; i < 54; i++)
                src[i] = (uint8_t)i;
            for (int l = 2; l >= 0; l--) { /* the layers one by one, the far one first */
                cg_turn_perm_of(3, cg_turn_make(axis, 1 << l, turns), one);
                uint8_t next[54];
                for (int i = 0; i < 54; i++)
                    next[i] = src[one[i]];
                memcpy(src, next, sizeof next);
            }
            assert_memory_equal(src, whole, 54);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_cubes_are_real),
        cmocka_unit_test(test_check_names_each_impossibility),
        cmocka_unit_test(test_inverse_and_face_turns),
        cmocka_unit_test(test_rotations_wide_moves_and_slices),
        cmocka_unit_test(test_turn_perms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
