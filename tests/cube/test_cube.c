/* The cube model against docs/protocol.md's test vectors and the group laws. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube.h"
#include "testutil.h"

static void test_move_vectors(void **state)
{
    (void)state;
    FILE *f = open_fixture("cube/move-vectors.txt");
    char line[512];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char expected[CG_STICKERS + 1];
        memcpy(expected, line, CG_STICKERS);
        expected[CG_STICKERS] = '\0';
        cg_move moves[64];
        size_t n;
        cg_error err;
        assert_int_equal(cg_moves_parse(line + CG_STICKERS, moves, 64, &n, &err), CG_OK);
        cg_cube c = cg_cube_home();
        cg_cube_apply_all(&c, moves, n);
        cg_stickers st = cg_cube_to_stickers(&c);
        char got[CG_STICKERS + 1];
        cg_stickers_format(&st, got);
        if (strcmp(got, expected) != 0)
            fail_msg("%s: got %s, expected %s", line + CG_STICKERS, got, expected);
        /* And back: the stickers give the same corners. */
        cg_cube back;
        assert_int_equal(cg_cube_from_stickers(&st, &back, &err), CG_OK);
        assert_true(cg_cube_equal(&back, &c));
        checked++;
    }
    fclose(f);
    assert_int_equal(checked, 21);
}

static void test_group_laws(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 1);
    for (int i = 0; i < 2000; i++) {
        cg_cube a = cg_cube_random(&rng);
        assert_true(cg_cube_is_valid(&a));
        cg_cube inv = cg_cube_inverse(&a);
        cg_cube id = cg_cube_mul(&a, &inv);
        assert_true(cg_cube_is_home(&id));
        cg_move m = (cg_move)cg_rng_below(&rng, CG_MOVES);
        cg_cube b = a;
        cg_cube_apply(&b, m);
        cg_cube_apply(&b, cg_move_inverse(m));
        assert_true(cg_cube_equal(&a, &b));
        /* Sticker round trip. */
        cg_stickers st = cg_cube_to_stickers(&a);
        cg_cube back;
        assert_int_equal(cg_cube_from_stickers(&st, &back, NULL), CG_OK);
        assert_true(cg_cube_equal(&a, &back));
    }
    for (int m = 0; m < CG_MOVES; m++) {
        cg_cube c = cg_cube_home();
        for (int k = 0; k < 4; k++)
            cg_cube_apply(&c, cg_move_make(cg_move_face((cg_move)m), 1));
        assert_true(cg_cube_is_home(&c));
        assert_int_equal(cg_move_inverse(cg_move_inverse((cg_move)m)), m);
    }
}

static void test_solved_any(void **state)
{
    (void)state;
    /* U D' turns the whole cube: solved in another orientation, not home. */
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, cg_move_make(CG_U, 1));
    assert_false(cg_cube_is_solved_any(&c));
    cg_cube_apply(&c, cg_move_make(CG_D, 3));
    assert_true(cg_cube_is_solved_any(&c));
    assert_false(cg_cube_is_home(&c));
    cg_cube_apply(&c, cg_move_make(CG_R, 1));
    cg_cube_apply(&c, cg_move_make(CG_L, 3));
    assert_true(cg_cube_is_solved_any(&c));
}

/* Stickers that show no cube: one corner twisted in place, a corner shown twice, a corner with
 * two U/D colours. Each is refused and named; cg_cube_is_valid refuses the same corners. */
static void test_sticker_errors(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 3);
    for (int i = 0; i < 50; i++) {
        cg_cube c = cg_cube_random(&rng);
        int slot = (int)cg_rng_below(&rng, CG_CORNERS);
        const uint8_t *at = cg_corner_stickers(slot);
        cg_stickers st = cg_cube_to_stickers(&c);
        cg_error err;
        cg_cube back;
        /* Turned in place: its three stickers shift round by one. */
        cg_stickers twisted = st;
        twisted.s[at[0]] = st.s[at[2]];
        twisted.s[at[1]] = st.s[at[0]];
        twisted.s[at[2]] = st.s[at[1]];
        assert_int_equal(cg_cube_from_stickers(&twisted, &back, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "twisted"));
        /* ... and says by how much, mod 3: 1 or 2. */
        const char *mod = strstr(err.msg, "sum to ");
        assert_non_null(mod);
        assert_true(mod[7] == '1' || mod[7] == '2');
        assert_non_null(strstr(mod, " mod 3"));
        cg_cube bad = c;
        bad.twist[slot] = (uint8_t)((bad.twist[slot] + 1) % 3);
        assert_false(cg_cube_is_valid(&bad));
        /* A twist of 3 is no twist, even where the sum stays a multiple of 3. */
        bad = cg_cube_home();
        bad.twist[slot] = 3;
        assert_false(cg_cube_is_valid(&bad));
        /* The corner of another slot shown again in this one. */
        int other = (slot + 1) % CG_CORNERS;
        cg_stickers twice = st;
        for (int k = 0; k < 3; k++)
            twice.s[at[k]] = st.s[cg_corner_stickers(other)[k]];
        assert_int_equal(cg_cube_from_stickers(&twice, &back, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "a second time"));
        bad = c;
        bad.perm[slot] = c.perm[other];
        assert_false(cg_cube_is_valid(&bad));
        /* Two U/D stickers on one corner. */
        cg_stickers two = st;
        two.s[at[1]] = two.s[at[0]];
        assert_int_equal(cg_cube_from_stickers(&two, &back, &err), CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "which is no corner"));
        /* A corner whose first and last stickers agree: the message shows its three stickers in
           their order (two alike would hide the first one shown in the place of another). */
        cg_stickers odd = st;
        odd.s[at[2]] = st.s[at[0]];
        assert_int_equal(cg_cube_from_stickers(&odd, &back, &err), CG_ERR_INPUT);
        char shows[64];
        snprintf(shows, sizeof shows, "corner %s shows %c %c %c,", cg_corner_name(slot),
                 cg_face_letter(odd.s[at[0]]), cg_face_letter(odd.s[at[1]]), cg_face_letter(odd.s[at[2]]));
        assert_non_null(strstr(err.msg, shows));
    }
}

/* The face letters both ways; anything else is -1, as the header says. */
static void test_face_letters(void **state)
{
    (void)state;
    for (int f = 0; f < CG_FACES; f++)
        assert_int_equal(cg_face_from_letter(cg_face_letter(f)), f);
    assert_int_equal(cg_face_from_letter('u'), -1);
    assert_int_equal(cg_face_from_letter('?'), -1);
    assert_int_equal(cg_face_from_letter('\0'), -1);
    assert_int_equal(cg_face_letter(CG_FACES), '?');
    assert_string_equal(cg_move_name(CG_MOVES), "?");
    /* The generator is splitmix64: its published first outputs from seed 0. */
    cg_rng rng;
    cg_rng_seed(&rng, 0);
    assert_true(cg_rng_next(&rng) == 0xe220a8397b1dcdafull);
    assert_true(cg_rng_next(&rng) == 0x6e789e6aa1b965f4ull);
    assert_true(cg_rng_next(&rng) == 0x06c45d188009454full);
    /* The stickers as letters, ended: a buffer full of something else shows only them. */
    cg_cube home = cg_cube_home();
    cg_stickers st = cg_cube_to_stickers(&home);
    char buf[CG_STICKERS + 8];
    memset(buf, 'x', sizeof buf);
    cg_stickers_format(&st, buf);
    assert_int_equal(strlen(buf), CG_STICKERS);
    for (int i = 0; i < CG_STICKERS; i++)
        assert_int_equal(buf[i], cg_face_letter(st.s[i]));
}

static void test_parse_errors(void **state)
{
    (void)state;
    cg_move moves[11];
    size_t n;
    cg_error err;
    assert_int_equal(cg_moves_parse("  ", moves, 11, &n, &err), CG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(cg_moves_parse("R U2 X", moves, 11, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "move 3 'X' (column 6)"));
    assert_int_equal(cg_moves_parse("R3", moves, 11, &n, &err), CG_ERR_INPUT);
    assert_int_equal(cg_moves_parse("U'2", moves, 11, &n, &err), CG_ERR_INPUT);
    assert_int_equal(cg_moves_parse("u", moves, 11, &n, &err), CG_ERR_INPUT);
    assert_int_equal(cg_moves_parse("U U U U U U U U U U U U", moves, 11, &n, &err), CG_ERR_LIMIT);
    assert_int_equal(cg_moves_parse("F' R2\tB\r\n", moves, 11, &n, &err), CG_OK);
    assert_int_equal(n, 3);
    char buf[64];
    assert_int_equal(cg_moves_format(moves, n, buf, sizeof buf), strlen("F' R2 B"));
    assert_string_equal(buf, "F' R2 B");
    /* A short buffer still gets a terminated prefix and the full length. */
    assert_int_equal(cg_moves_format(moves, n, buf, 4), 7);
    assert_string_equal(buf, "F'");
    /* The typographic apostrophe pasted from a web page is a prime; its half is not. */
    assert_int_equal(cg_moves_parse("F\xE2\x80\x99 R2 B\xE2\x80\x99", moves, 11, &n, &err), CG_OK);
    assert_int_equal(n, 3);
    cg_moves_format(moves, n, buf, sizeof buf);
    assert_string_equal(buf, "F' R2 B'");
    assert_int_equal(cg_moves_parse("F\xE2\x80", moves, 11, &n, &err), CG_ERR_INPUT);
    assert_int_equal(cg_moves_parse("F2\xE2\x80\x99", moves, 11, &n, &err), CG_ERR_INPUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_vectors),
        cmocka_unit_test(test_group_laws),
        cmocka_unit_test(test_solved_any),
        cmocka_unit_test(test_sticker_errors),
        cmocka_unit_test(test_face_letters),
        cmocka_unit_test(test_parse_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
