/* Edges of src/puzzle the mutation run found untested (a program of its own, so the cached kills
 * of the older programs stay valid):
 *   - a dialect with a separator reads blanks before the last move ("R, U" is R and U);
 *   - an expansion writes no more than it is given room for (R' is R R R in quarter-cw notation);
 *   - a 2x2 in the six common colours, white among them, has the common scheme; one that names
 *     white twice has not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"

static void separator_with_blanks(void **state)
{
    (void)state;
    cg_dialect d;
    cg_error err;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, NULL, ",", &err), CG_OK);
    static const char *const texts[] = {"R, U", "R,U  ", " R , U ", "R,U\n"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        cg_move m[8];
        size_t n;
        if (cg_dialect_parse(&d, texts[i], strlen(texts[i]), m, 8, &n, &err) != CG_OK)
            fail_msg("'%s': %s", texts[i], err.msg);
        assert_int_equal(n, 2);
        assert_int_equal(m[1], cg_move_make(CG_U, 1));
    }
    /* a separator at the end, blanks before it: refused, at its column */
    cg_move m[8];
    size_t n;
    assert_int_equal(cg_dialect_parse(&d, "R,U ,", 5, m, 8, &n, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the answer ends with a separator (column 5)");
}

static void expansion_within_room(void **state)
{
    (void)state;
    cg_dialect d;
    cg_error err;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, NULL, NULL, &err), CG_OK);
    cg_move prime[1];
    size_t n;
    assert_int_equal(cg_moves_parse("R'", prime, 1, &n, NULL), CG_OK);
    struct {
        cg_move out[2];
        cg_move guard[2];
    } room;
    memset(&room, 0x7f, sizeof room);
    assert_int_equal(cg_dialect_expand(&d, prime, 1, room.out, 2), 3); /* the whole need */
    assert_int_equal(room.out[1], cg_move_make(CG_R, 1));
    assert_int_equal(room.guard[0], (cg_move)0x7f);
}

static void common_colours_with_white(void **state)
{
    (void)state;
    static const char colour_of[CG_FACES + 1] = "WYGBOR"; /* by face: U D F B L R */
    cg_cube home = cg_cube_home();
    cg_stickers st = cg_cube_to_stickers(&home);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++) {
        char c = colour_of[st.s[i]];
        assert_int_equal(cg_puzzle_set(&p, i, &c, 1, NULL), CG_OK);
    }
    p.faces_shown = 0x3f;
    cg_scheme s;
    assert_true(cg_puzzle_common_scheme(&p, &s));
    /* white written two ways ("W" the first colour, then "white") is one colour twice: not the
     * common scheme, whatever the other five */
    static const char *const two_whites[CG_FACES] = {"W", "Y", "G", "B", "white", "R"};
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++) {
        const char *c = two_whites[st.s[i]];
        assert_int_equal(cg_puzzle_set(&p, i, c, strlen(c), NULL), CG_OK);
    }
    p.faces_shown = 0x3f;
    assert_int_equal(p.ncolours, CG_FACES);
    assert_false(cg_puzzle_common_scheme(&p, &s));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(separator_with_blanks),
        cmocka_unit_test(expansion_within_room),
        cmocka_unit_test(common_colours_with_white),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
