/* A 2x2 read back with each face hidden in turn, not only D (the known server's), in colours
 * whose faces are deduced: the corners' candidates then differ in count in every order, so the
 * search's fewest-first order must be a true reordering of the eight corners; each view gives
 * back the cube it was drawn from (every sticker's colour, the hidden ones too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cubegod/cube.h"
#include "cubegod/puzzle.h"

static const char COLOUR[] = "WYGBOR"; /* U D F B L R */

static void every_face_hidden(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 59);
    for (int k = 0; k < 6; k++) {
        cg_cube c = cg_cube_random(&rng);
        cg_stickers st = cg_cube_to_stickers(&c);
        for (int hidden = 0; hidden < CG_FACES; hidden++) {
            cg_puzzle p;
            cg_puzzle_clear_size(&p, 2);
            for (int i = 0; i < CG_STICKERS; i++)
                if (i / 4 != hidden) {
                    char tok = COLOUR[st.s[i]];
                    assert_int_equal(cg_puzzle_set(&p, i, &tok, 1, NULL), CG_OK);
                }
            p.faces_shown = (uint8_t)(0x3F & ~(1u << hidden));
            cg_reading rd;
            cg_error err = {0};
            if (cg_reconstruct(&p, NULL, &rd, &err) != CG_OK)
                fail_msg("cube %d, face %c hidden: %s", k, cg_face_letter(hidden), err.msg);
            /* the cube in the deduced scheme's frame: each sticker's face names its colour */
            cg_stickers back = cg_cube_to_stickers(&rd.cube);
            for (int i = 0; i < CG_STICKERS; i++) {
                const char *tok = rd.scheme.face[back.s[i]];
                if (tok[0] != COLOUR[st.s[i]] || tok[1])
                    fail_msg("cube %d, face %c hidden: sticker %d reads back as '%s', not %c", k,
                             cg_face_letter(hidden), i, tok, COLOUR[st.s[i]]);
            }
        }
    }
}

/* Every face shown, but two stickers of one corner unknown: that corner shows one sticker and
 * has several candidates, the others one, so the fewest-first order moves it last whatever its
 * slot; the cube drawn from always fits, so the answer is it or an ambiguity, never "no cube". */
static void one_corner_nearly_hidden(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 60);
    cg_scheme letters = cg_scheme_letters();
    int unique = 0;
    for (int k = 0; k < 3; k++) {
        cg_cube c = cg_cube_random(&rng);
        cg_stickers st = cg_cube_to_stickers(&c);
        for (int slot = 0; slot < CG_CORNERS; slot++)
            for (int keep = 0; keep < 3; keep++) {
                const uint8_t *mine = cg_corner_stickers(slot);
                cg_puzzle p;
                cg_puzzle_clear_size(&p, 2);
                for (int i = 0; i < CG_STICKERS; i++)
                    if (!((i == mine[0] || i == mine[1] || i == mine[2]) && i != mine[keep])) {
                        char tok = cg_face_letter(st.s[i]);
                        assert_int_equal(cg_puzzle_set(&p, i, &tok, 1, NULL), CG_OK);
                    }
                cg_reading rd;
                cg_error err = {0};
                cg_status got = cg_reconstruct(&p, &letters, &rd, &err);
                if (got == CG_OK && !cg_cube_equal(&rd.cube, &c))
                    fail_msg("cube %d, corner %d showing sticker %d: another cube read back", k,
                             slot, keep);
                if (got != CG_OK && got != CG_ERR_AMBIGUOUS)
                    fail_msg("cube %d, corner %d showing sticker %d: %s", k, slot, keep, err.msg);
                unique += got == CG_OK;
            }
    }
    assert_true(unique > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(every_face_hidden),
                                       cmocka_unit_test(one_corner_nearly_hidden)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
