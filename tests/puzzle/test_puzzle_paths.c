// link-wrap: malloc calloc realloc
/* Puzzle paths no other test takes:
 *   - allocations failing one at a time (malloc, calloc and realloc through the linker's --wrap)
 *     in cg_turn_text with last-line (the copy of the text after the drawing), cg_turn_perm,
 *     cg_draw_text (its reader) and the ambiguity check of a dialect's names (the example's
 *     readings): each CG_ERR_NOMEM saying what the memory was for;
 *   - names that read back two ways only through a word left over from another word's end
 *     ("abc" = "a" "b" "c");
 *   - a 55th colour set on a puzzle (a sticker set again with new tokens);
 *   - a 2x2 drawn in tokens that name no colour: each gets its home face's colour, found by
 *     reconstruction;
 *   - views that fit no cube only after a search: a 2x2 whose corners fit no placement, 3x3s
 *     whose edges, or corners, fit none;
 *   - cg_puzzle_toward with a cube that fits none, in the 2x2's goal colours and on a 3x3. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/draw.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"
#include "cubegod/state.h"
#include "cubegod/turn.h"

static int fail_nth; /* when > 0: the allocation it counts down to fails, the others do not */

static bool failing(void) { return fail_nth > 0 && --fail_nth == 0; }

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size) { return failing() ? NULL : __real_malloc(size); }
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return failing() ? NULL : __real_calloc(n, size); }
void *__real_realloc(void *p, size_t size);
void *__wrap_realloc(void *p, size_t size) { return failing() ? NULL : __real_realloc(p, size); }

/* A 2x2 net and, on the line after it, its moves. */
static const char NET[] = "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\nR U\n";

/* cg_turn_text reading its moves from the last line: with each allocation failing in turn,
 * each failure is CG_ERR_NOMEM (the moves' check among them, not "no line reads as moves"), the
 * copy of the 5 bytes after the drawing is among them and says so; then the turn is done */
static void test_turn_text_last_line_without_memory(void **state)
{
    (void)state;
    char out[256];
    size_t needed;
    cg_error err;
    bool copy_refused = false;
    cg_status st = CG_ERR_NOMEM;
    int n;
    for (n = 1; n <= 30 && st != CG_OK; n++) {
        fail_nth = n;
        st = cg_turn_text(NET, NULL, "last-line", out, sizeof out, &needed, &err);
        fail_nth = 0;
        if (st != CG_OK && st != CG_ERR_NOMEM) /* memory is never said to be bad input */
            fail_msg("allocation %d: status %d, %s", n, st, err.msg);
        if (st == CG_ERR_NOMEM && strcmp(err.msg, "no memory for a line of 5 bytes") == 0)
            copy_refused = true;
    }
    assert_int_equal(st, CG_OK);
    assert_true(copy_refused);
    /* R then U, as without the failures */
    char want[256];
    size_t wn;
    assert_int_equal(cg_turn_text(NET, "R U", NULL, want, sizeof want, &wn, &err), CG_OK);
    assert_string_equal(out, want);
    assert_int_equal(needed, wn);
}

/* cg_turn_perm without memory for its moves: how many bytes it was to read */
static void test_turn_perm_without_memory(void **state)
{
    (void)state;
    uint8_t src[CG_TURN_STICKERS_MAX];
    cg_error err;
    fail_nth = 1;
    cg_status st = cg_turn_perm(2, "R U2 F'", NULL, 0, src, &err);
    fail_nth = 0;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "no memory to read 7 bytes of moves");
    assert_int_equal(cg_turn_perm(2, "R U2 F'", NULL, 0, src, &err), CG_OK);
}

/* cg_draw_text without memory for its reader: CG_ERR_NOMEM, nothing drawn */
static void test_draw_text_without_memory(void **state)
{
    (void)state;
    static const char text[] = "W W W W Y Y Y Y G G G G B B B B O O O O R R R R";
    char buf[8192] = "left";
    size_t needed = 99;
    cg_error err;
    fail_nth = 1;
    cg_status st = cg_draw_text(text, strlen(text), NULL, "svg", buf, sizeof buf, &needed, &err);
    fail_nth = 0;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "out of memory");
    assert_int_equal(needed, 0);
    assert_int_equal(cg_draw_text(text, strlen(text), NULL, "svg", buf, sizeof buf, &needed, &err),
                     CG_OK);
    assert_non_null(strstr(buf, "<svg"));
}

/* A dialect whose names, with no separator, read back two ways: the check's table failing, then
 * the example's readings failing, then (with memory) the names refused with the example */
static void test_dialect_check_without_memory(void **state)
{
    (void)state;
    cg_move_map map;
    cg_error err;
    static const char names[] = "U=a,D=ab,F=b,B=c,L=x,R=y";
    assert_int_equal(cg_move_map_parse(names, strlen(names), &map, &err), CG_OK);
    cg_dialect d;
    for (int n = 1; n <= 2; n++) {
        fail_nth = n;
        cg_status st = cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err);
        fail_nth = 0;
        assert_int_equal(st, CG_ERR_NOMEM);
        assert_string_equal(err.msg, "no memory to check the move names");
    }
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the move names do not read back one way with no separator: 'ab' "
                                 "is both D and U F; choose a separator");
}

/* "abc" less "a" leaves "bc", which starts with the word "b" and leaves "c", itself a word:
 * "abc" is D and also U F B */
static void test_names_ambiguous_through_a_remainder(void **state)
{
    (void)state;
    cg_move_map map;
    cg_error err;
    static const char names[] = "U=a,D=abc,F=b,B=c,L=x,R=y";
    assert_int_equal(cg_move_map_parse(names, strlen(names), &map, &err), CG_OK);
    cg_dialect d;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the move names do not read back one way with no separator: "
                                 "'abc' is both D and U F B; choose a separator");
    /* without "c" the remainder leads nowhere: the names are fine */
    static const char fine[] = "U=a,D=abc,F=b,B=z,L=x,R=y";
    assert_int_equal(cg_move_map_parse(fine, strlen(fine), &map, &err), CG_OK);
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_QUARTER_CW, &map, "none", &err), CG_OK);
}

/* Colours are kept when a sticker is set again: the 55th distinct token is refused */
static void test_too_many_colours(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_error err;
    cg_puzzle_clear(&p);
    char tok[16]; /* "c" and any int: room for the compiler's worst case */
    for (int i = 0; i < CG_PUZZLE_STICKERS_MAX; i++) {
        snprintf(tok, sizeof tok, "c%d", i);
        assert_int_equal(cg_puzzle_set(&p, i % 24, tok, strlen(tok), &err), CG_OK);
    }
    assert_int_equal(p.ncolours, CG_PUZZLE_STICKERS_MAX);
    assert_int_equal(cg_puzzle_set(&p, 0, "c54", 3, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "more than 54 colours");
    assert_int_equal(p.ncolours, CG_PUZZLE_STICKERS_MAX);
    assert_string_equal(p.colour[p.sticker[0]], "c48"); /* the last one set there */
    /* a colour already known is still taken */
    assert_int_equal(cg_puzzle_set(&p, 0, "c7", 2, &err), CG_OK);
    assert_string_equal(p.colour[p.sticker[0]], "c7");
}

/* A 2x2 in tokens that name no colour, turned R: each token drawn in the colour of the face
 * reconstruction gives it (U white, D yellow, ...), wherever it stands */
static void test_2x2_tokens_coloured_by_home_face(void **state)
{
    (void)state;
    static const char *const tok[CG_FACES] = {"ka", "kb", "kc", "kd", "ke", "kf"};
    static const char *const rgb[CG_FACES] = {"ffffff", "ffd500", "009b48",
                                              "0046ad", "ff5800", "b71234"};
    cg_cube c = cg_cube_home();
    cg_cube_apply(&c, cg_move_make(CG_R, 1));
    cg_stickers st = cg_cube_to_stickers(&c);
    cg_puzzle p;
    cg_error err;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++)
        assert_int_equal(cg_puzzle_set(&p, i, tok[st.s[i]], 2, &err), CG_OK);
    p.faces_shown = 63;
    static char svg[65536];
    size_t needed;
    assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_SVG, svg, sizeof svg, &needed, &err), CG_OK);
    cg_reading rd; /* the home face of each token */
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_OK);
    for (int f = 0; f < CG_FACES; f++) {
        char want[96];
        snprintf(want, sizeof want, "fill=\"#%s\" stroke=\"#000\"><title>%s</title>", rgb[f],
                 rd.scheme.face[f]);
        if (!strstr(svg, want))
            fail_msg("no '%s' in the drawing", want);
    }
}

static void puzzle_of(const char *s, cg_puzzle *p)
{
    cg_error err;
    if (cg_puzzle_from_string(s, strlen(s), "UDFBLR", p, &err) != CG_OK)
        fail_msg("%s: %s", s, err.msg);
}

/* Views whose pieces each have candidates, but no placement of all of them fits */
static void test_views_no_placement_fits(void **state)
{
    (void)state;
    cg_puzzle p;
    cg_error err;
    cg_reading rd;
    puzzle_of("OGWRY?O??BRW???G?R??YW?O", &p);
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no cube shows these stickers: a corner would be used twice or "
                                 "twisted in place");
    cg_reading3 r3;
    puzzle_of("GOWYWBYRGRYYWYGO??BW?GG?B?GOYR?BBYRWWGOWOOGOWYOBYRRRRB", &p);
    assert_int_equal(cg_reconstruct3(&p, NULL, &r3, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no edges fit: an edge would be used twice or flipped in place");
    puzzle_of("Y?OYW?BG??WWRYOYBBR??GG?WORWBG?BY?YBOGWROROWBYYGRRBG?R", &p);
    assert_int_equal(cg_reconstruct3(&p, NULL, &r3, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no corners fit: a corner would be used twice or twisted in place");
}

/* Toward a goal that reads, from a cube that does not: the message says which one failed */
static void test_toward_from_an_impossible_cube(void **state)
{
    (void)state;
    cg_puzzle goal, cube, rel;
    cg_error err;
    puzzle_of("WWWWYYYYGGGGBBBBOOOORRRR", &goal);
    puzzle_of("OGWRY?O??BRW???G?R??YW?O", &cube);
    assert_int_equal(cg_puzzle_toward(&goal, &cube, NULL, 0, &rel, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the cube, in the goal's colours: corner URF shows R Y B, which "
                                 "is no corner of the cube");
    puzzle_of("WWWWWWWWWYYYYYYYYYGGGGGGGGGBBBBBBBBBOOOOOOOOORRRRRRRRR", &goal);
    puzzle_of("GOWYWBYRGRYYWYGO??BW?GG?B?GOYR?BBYRWWGOWOOGOWYOBYRRRRB", &cube);
    assert_int_equal(cg_puzzle_toward(&goal, &cube, NULL, 0, &rel, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "the cube: no edges fit: an edge would be used twice or flipped "
                                 "in place");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turn_text_last_line_without_memory),
        cmocka_unit_test(test_turn_perm_without_memory),
        cmocka_unit_test(test_draw_text_without_memory),
        cmocka_unit_test(test_dialect_check_without_memory),
        cmocka_unit_test(test_names_ambiguous_through_a_remainder),
        cmocka_unit_test(test_too_many_colours),
        cmocka_unit_test(test_2x2_tokens_coloured_by_home_face),
        cmocka_unit_test(test_views_no_placement_fits),
        cmocka_unit_test(test_toward_from_an_impossible_cube),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
