/* A 3x3 whose pieces all exist but cannot sit as shown. One edge flipped in place: with every
 * face shown the flips' sum says so; with a face hidden (whose centre's colour is then deduced)
 * the search finds that no edges fit. One corner twisted in place: the twists' sum says so in
 * every view that shows the corner whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"

static const char SOLVED[] = "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR"; /* U D F B L R */

/* The solved 3x3 with the stickers of piece st (n of them) turned one step in place, and face
 * `hidden` (-1: none) unknown; false when that hides one of the piece's stickers. */
static bool misfit(const uint8_t *st, int n, int hidden, cg_puzzle *p)
{
    assert_int_equal(cg_puzzle_from_string(SOLVED, 54, "UDFBLR", p, NULL), CG_OK);
    int8_t first = p->sticker[st[0]];
    for (int k = 0; k + 1 < n; k++)
        p->sticker[st[k]] = p->sticker[st[k + 1]];
    p->sticker[st[n - 1]] = first;
    if (hidden < 0)
        return true;
    for (int i = hidden * 9; i < hidden * 9 + 9; i++)
        p->sticker[i] = CG_UNKNOWN;
    p->faces_shown = (uint8_t)(0x3F & ~(1u << hidden));
    for (int k = 0; k < n; k++)
        if (st[k] / 9 == hidden)
            return false;
    return true;
}

static void refused(const cg_puzzle *p, const char *want, const char *what, int hidden)
{
    cg_reading3 rd;
    cg_error err = {0};
    assert_int_equal(cg_reconstruct3(p, NULL, &rd, &err), CG_ERR_INPUT);
    if (strcmp(err.msg, want) != 0)
        fail_msg("%s, face %d hidden: '%s'", what, hidden, err.msg);
}

static void pieces_that_cannot_sit(void **state)
{
    (void)state;
    int views = 0;
    for (int hidden = -1; hidden < CG_FACES; hidden++) {
        cg_puzzle p;
        if (misfit(cg3_edge_facelets(5), 2, hidden, &p)) {
            refused(&p, hidden < 0 ? "an edge is flipped in place: the edges' flips sum to an odd number"
                                   : "no edges fit: an edge would be used twice or flipped in place",
                    "a flipped edge", hidden);
            views++;
        }
        if (misfit(cg3_corner_facelets(2), 3, hidden, &p)) {
            refused(&p, "a corner is twisted in place: the corners' twists sum to 2, not a multiple of 3",
                    "a twisted corner", hidden);
            views++;
        }
    }
    assert_int_equal(views, 9); /* every face but the piece's own two or three, and none */
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(pieces_that_cannot_sit)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
