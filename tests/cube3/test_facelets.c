/* The facelet <-> piece conversion: round trips over random cubes, agreement with the facelet
 * permutations of all 18 face turns, and a named error for every impossibility. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"

static void test_round_trip_random(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 7);
    for (int i = 0; i < 5000; i++) {
        cg3_cube c = cg3_cube_random(&r), back;
        uint8_t f[CG3_FACELETS];
        cg3_cube_to_facelets(&c, f);
        /* Every face colour appears nine times. */
        int count[6] = {0};
        for (int k = 0; k < CG3_FACELETS; k++)
            count[f[k]]++;
        for (int k = 0; k < 6; k++)
            assert_int_equal(count[k], 9);
        cg_error err;
        assert_int_equal(cg3_cube_from_facelets(f, &back, &err), CG_OK);
        assert_memory_equal(&c, &back, sizeof c);
    }
}

/* The facelet view of a move sequence (labels carried by the permutations) matches the piece
 * view converted to facelets, move after move. */
static void test_agrees_with_facelet_permutations(void **state)
{
    (void)state;
    static cg3_tables t;
    cg3_tables_init(&t);
    cg_rng r;
    cg_rng_seed(&r, 11);
    for (int seq = 0; seq < 200; seq++) {
        uint8_t want[CG3_FACELETS], got[CG3_FACELETS];
        for (int k = 0; k < CG3_FACELETS; k++)
            want[k] = (uint8_t)(k / 9);
        cg3_cube c = cg3_cube_home();
        for (int step = 0; step < 30; step++) {
            cg_move m = (cg_move)(seq < 18 && step == 0 ? seq : (int)cg_rng_below(&r, CG_MOVES));
            cg3_move m3 = cg3_move_from_face_turn(m);
            cg3_perm_apply(&t.perm[m3], want);
            cg3_cube_apply(&t, &c, m3);
            cg3_cube_to_facelets(&c, got);
            assert_memory_equal(want, got, sizeof want);
            cg3_cube back;
            assert_int_equal(cg3_cube_from_facelets(want, &back, NULL), CG_OK);
            assert_memory_equal(&back, &c, sizeof c);
        }
    }
}

static void expect_error(const uint8_t f[CG3_FACELETS], const char *words)
{
    cg3_cube c;
    memset(&c, 0xAB, sizeof c);
    cg3_cube before = c;
    cg_error err;
    assert_int_equal(cg3_cube_from_facelets(f, &c, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, words))
        fail_msg("expected '%s' in: %s", words, err.msg);
    assert_memory_equal(&c, &before, sizeof c); /* untouched on failure */
}

static void test_every_impossibility(void **state)
{
    (void)state;
    cg3_cube home = cg3_cube_home();
    uint8_t f[CG3_FACELETS], h[CG3_FACELETS];
    cg3_cube_to_facelets(&home, h);

    memcpy(f, h, sizeof f); /* one corner's colours turned a third: URF */
    const uint8_t *urf = cg3_corner_facelets(0);
    f[urf[0]] = h[urf[2]], f[urf[1]] = h[urf[0]], f[urf[2]] = h[urf[1]];
    expect_error(f, "twisted in place");

    memcpy(f, h, sizeof f); /* one edge flipped: UF */
    const uint8_t *uf = cg3_edge_facelets(0);
    f[uf[0]] = h[uf[1]], f[uf[1]] = h[uf[0]];
    expect_error(f, "flipped in place");

    memcpy(f, h, sizeof f); /* two edges swapped: UF and UR */
    const uint8_t *ur = cg3_edge_facelets(1);
    f[uf[0]] = h[ur[0]], f[uf[1]] = h[ur[1]], f[ur[0]] = h[uf[0]], f[ur[1]] = h[uf[1]];
    expect_error(f, "parity");

    memcpy(f, h, sizeof f); /* the U and D centres swapped: the first moved one is named */
    f[4] = CG_D, f[13] = CG_U;
    expect_error(f, "centre U has moved");

    memcpy(f, h, sizeof f); /* a corner showing U twice */
    f[urf[1]] = CG_U;
    expect_error(f, "corner URF shows U U F, which no corner");

    memcpy(f, h, sizeof f); /* a corner in mirror order: U F R is no corner */
    f[urf[1]] = h[urf[2]], f[urf[2]] = h[urf[1]];
    expect_error(f, "which no corner");

    memcpy(f, h, sizeof f); /* an edge showing U and D */
    f[uf[1]] = CG_D;
    expect_error(f, "edge UF shows U D, which no edge");

    memcpy(f, h, sizeof f); /* the UBR corner copied onto URF: present twice */
    const uint8_t *ubr = cg3_corner_facelets(1);
    for (int i = 0; i < 3; i++)
        f[urf[i]] = h[ubr[i]];
    expect_error(f, "both hold the UBR piece");

    memcpy(f, h, sizeof f); /* UR copied onto UF */
    f[uf[0]] = h[ur[0]], f[uf[1]] = h[ur[1]];
    expect_error(f, "edges UF and UR both hold the UR piece");

    memcpy(f, h, sizeof f);
    f[10] = 6;
    expect_error(f, "facelet 10 (face D, row 1, column 2) holds 6");

    memcpy(f, h, sizeof f); /* two centres swapped */
    f[4] = CG_D, f[13] = CG_U;
    expect_error(f, "centre");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_random),
        cmocka_unit_test(test_agrees_with_facelet_permutations),
        cmocka_unit_test(test_every_impossibility),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
