/* The 3x3 model's whole-cube calls: random cubes are real and uniform enough to cover every
 * orientation and both parities, the validity check names each impossibility, inverses invert. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"

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
    assert_non_null(strstr(err.msg, "twisted in place"));

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_cubes_are_real),
        cmocka_unit_test(test_check_names_each_impossibility),
        cmocka_unit_test(test_inverse_and_face_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
