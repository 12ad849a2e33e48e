/* Reading puzzles and rebuilding the cube: every hidden face of many random cubes, with the face
 * letters and with unknown colour words; the compact form's error cases from a fixture; the box
 * reader's handling of the server's text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/puzzle.h"
#include "puzzle/reader.h"
#include "testutil.h"

static const char *const WORDS[CG_FACES] = {"white", "yellow", "green", "blue", "orange", "red"};

/* The puzzle a server shows for c with face `hidden` hidden (-1: none), colours from names. */
static cg_puzzle show(const cg_cube *c, int hidden, const char *const names[CG_FACES])
{
    cg_stickers st = cg_cube_to_stickers(c);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++)
        if (i / 4 != hidden)
            assert_int_equal(cg_puzzle_set(&p, i, names[st.s[i]], strlen(names[st.s[i]]), NULL), CG_OK);
    p.faces_shown = (uint8_t)(0x3F & ~(hidden >= 0 ? 1u << hidden : 0u));
    return p;
}

static void test_every_hidden_face(void **state)
{
    (void)state;
    static const char *const LETTERS[CG_FACES] = {"U", "D", "F", "B", "L", "R"};
    cg_rng rng;
    cg_rng_seed(&rng, 42);
    for (int i = 0; i < 3000; i++) {
        cg_cube c = cg_cube_random(&rng);
        for (int hidden = -1; hidden < CG_FACES; hidden++) {
            cg_puzzle p = show(&c, hidden, LETTERS);
            cg_reading rd;
            cg_error err;
            if (cg_reconstruct(&p, NULL, &rd, &err) != CG_OK)
                fail_msg("cube %d, hidden %d: %s", i, hidden, err.msg);
            assert_true(rd.scheme_known);
            assert_true(cg_cube_equal(&rd.cube, &c));
        }
    }
}

/* The six common colours in their common pairs (words, letters, 256-colour ANSI; a face hidden
 * or not): the common orientation's scheme, white up, green in front, in which the cube reads
 * as itself; red on the left (a mirror-coloured cube) too; face letters, digits, serve's 16
 * ANSI colours (magenta for orange), a seventh colour word: no common scheme. */
static void test_common_scheme(void **state)
{
    (void)state;
    static const char *const LETTERS[CG_FACES] = {"W", "Y", "G", "B", "O", "R"};
    static const char *const ANSI256[CG_FACES] = {"c5_231", "c5_226", "c5_28", "c5_21", "c5_208",
                                                  "c5_196"};
    static const char *const MIRROR[CG_FACES] = {"white", "yellow", "green", "blue", "red",
                                                 "orange"};
    static const char *const FACES[CG_FACES] = {"U", "D", "F", "B", "L", "R"};
    static const char *const DIGITS[CG_FACES] = {"0", "1", "2", "3", "4", "5"};
    static const char *const ANSI16[CG_FACES] = {"ansi47", "ansi43", "ansi42", "ansi44", "ansi45",
                                                 "ansi41"};
    static const char *const SEVEN[CG_FACES] = {"white", "yellow", "green", "blue", "purple",
                                                "red"};
    const char *const *yes[] = {WORDS, LETTERS, ANSI256, MIRROR};
    const char *const *no[] = {FACES, DIGITS, ANSI16, SEVEN};
    cg_rng rng;
    cg_rng_seed(&rng, 44);
    for (int i = 0; i < 200; i++) {
        cg_cube c = cg_cube_random(&rng);
        for (int hidden = -1; hidden < CG_FACES; hidden++) {
            for (size_t k = 0; k < sizeof yes / sizeof *yes; k++) {
                cg_puzzle p = show(&c, hidden, yes[k]);
                cg_scheme sc;
                cg_reading rd;
                if (!cg_puzzle_common_scheme(&p, &sc))
                    fail_msg("cube %d, hidden %d, names %zu: no common scheme", i, hidden, k);
                for (int f = 0; f < CG_FACES; f++)
                    assert_string_equal(sc.face[f], yes[k][f]);
                assert_int_equal(cg_reconstruct(&p, &sc, &rd, NULL), CG_OK);
                assert_true(cg_cube_equal(&rd.cube, &c));
            }
            for (size_t k = 0; k < sizeof no / sizeof *no; k++) {
                cg_puzzle p = show(&c, hidden, no[k]);
                cg_scheme sc;
                assert_false(cg_puzzle_common_scheme(&p, &sc));
            }
        }
    }
}

/* With unknown colours the frame is the reconstruction's own: the cube must show exactly the same
 * stickers, hidden ones included, once its faces are named by the deduced scheme. */
static void test_unknown_colours(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 43);
    for (int i = 0; i < 3000; i++) {
        cg_cube c = cg_cube_random(&rng);
        cg_stickers truth = cg_cube_to_stickers(&c);
        for (int hidden = 0; hidden < CG_FACES; hidden++) {
            cg_puzzle p = show(&c, hidden, WORDS);
            cg_reading rd;
            cg_error err;
            if (cg_reconstruct(&p, NULL, &rd, &err) != CG_OK)
                fail_msg("cube %d, hidden %d: %s", i, hidden, err.msg);
            assert_false(rd.scheme_known);
            cg_stickers got = cg_cube_to_stickers(&rd.cube);
            for (int s = 0; s < CG_STICKERS; s++) {
                const char *name = rd.scheme.face[got.s[s]];
                /* A colour that only the hidden face shows is not named: "?". */
                if (strcmp(name, "?") != 0)
                    assert_string_equal(name, WORDS[truth.s[s]]);
                else
                    assert_int_equal(s / 4, hidden);
            }
        }
    }
}

static void test_given_scheme(void **state)
{
    (void)state;
    cg_scheme sc;
    cg_error err;
    assert_int_equal(cg_scheme_parse("U=white,D=yellow,F=green,B=blue,L=orange,R=red", &sc, &err), CG_OK);
    cg_rng rng;
    cg_rng_seed(&rng, 44);
    for (int i = 0; i < 200; i++) {
        cg_cube c = cg_cube_random(&rng);
        cg_puzzle p = show(&c, i % 6, WORDS);
        cg_reading rd;
        assert_int_equal(cg_reconstruct(&p, &sc, &rd, &err), CG_OK);
        assert_true(rd.scheme_known);
        assert_true(cg_cube_equal(&rd.cube, &c));
    }
    assert_int_equal(cg_scheme_parse("U=W,D=Y,F=G,B=B,L=O", &sc, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no colour for face R"));
    assert_int_equal(cg_scheme_parse("U=W,D=Y,F=G,B=B,L=O,R=W", &sc, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "colour 'W' to U and R"));
    assert_int_equal(cg_scheme_parse("U=W,U=Y", &sc, &err), CG_ERR_INPUT);
    assert_int_equal(cg_scheme_parse("X=W", &sc, &err), CG_ERR_INPUT);
    /* a wrong item is quoted up to its 40th byte */
    assert_int_equal(cg_scheme_parse("U=W,0123456789012345678901234567890123456789XYZ", &sc, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "item 2 '0123456789012345678901234567890123456789' is not"));
}

static void test_compact_fixture(void **state)
{
    (void)state;
    FILE *f = open_fixture("puzzle/compact-errors.txt");
    char line[256];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char *tab = strchr(line, '\t');
        assert_non_null(tab);
        *tab = '\0';
        char *want = tab + 1;
        want[strcspn(want, "\n")] = '\0';
        cg_puzzle p;
        cg_reading rd;
        cg_error err;
        cg_status st = cg_puzzle_from_compact(line, strlen(line), &p, &err);
        if (st == CG_OK)
            st = cg_reconstruct(&p, NULL, &rd, &err);
        if (!*want && st != CG_OK)
            fail_msg("%s: expected success, got: %s", line, err.msg);
        if (*want && (st == CG_OK || !strstr(err.msg, want)))
            fail_msg("%s: expected an error with '%s', got: %s", line, want,
                     st == CG_OK ? "success" : err.msg);
        cases++;
    }
    fclose(f);
    assert_true(cases >= 15);
}

/* A face counts as known only with all four stickers known. */
static void test_faces_known(void **state)
{
    (void)state;
    static const struct {
        const char *compact;
        int known;
    } cases[] = {
        {"UUUUDDDDFFFFBBBBLLLLRRRR", 6}, {"UUUUDDDDFFFFBBBBLLLL????", 5},
        {"UUUUDDDDFFFFBBBBLLLLRRR?", 5}, {"?UUUDDD?FF?FBBBBLLLL?RRR", 2},
        {"????????????????????????", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cg_puzzle p;
        cg_error err;
        assert_int_equal(cg_puzzle_from_compact(cases[i].compact, 24, &p, &err), CG_OK);
        if (cg_puzzle_faces_known(&p) != cases[i].known)
            fail_msg("%s: %d faces known, expected %d", cases[i].compact,
                     cg_puzzle_faces_known(&p), cases[i].known);
    }
}

/* Cases that need a cube built on purpose. */
static void test_impossible_cubes(void **state)
{
    (void)state;
    static const char *const LETTERS[CG_FACES] = {"U", "D", "F", "B", "L", "R"};
    cg_cube c = cg_cube_home();
    /* Slot DRB holds a second DFR piece; with F hidden no colour is seen five times. */
    c.perm[CG_DRB] = CG_DFR;
    cg_puzzle p = show(&c, CG_F, LETTERS);
    cg_reading rd;
    cg_error err;
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "corners DFR (D ? R)"));
    assert_non_null(strstr(err.msg, "DRB (D F R)"));
    assert_non_null(strstr(err.msg, "are the same corner"));
    /* One corner twisted in place. */
    c = cg_cube_home();
    c.twist[CG_DFR] = 1;
    p = show(&c, CG_B, LETTERS);
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "twisted"));
    /* The same with unknown colours: still refused, never guessed. */
    p = show(&c, CG_B, WORDS);
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
    /* Too few faces. */
    c = cg_cube_home();
    p = show(&c, CG_U, LETTERS);
    p.faces_shown &= (uint8_t)~(1u << CG_D);
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "only 4 faces shown"));
    /* Only 8 stickers known: many cubes fit. */
    assert_int_equal(cg_puzzle_from_compact("UUUU????????????????RRRR", 24, &p, &err), CG_OK);
    assert_int_equal(cg_reconstruct(&p, NULL, &rd, &err), CG_ERR_AMBIGUOUS);
    /* A colour not in the given scheme. */
    cg_scheme sc = cg_scheme_letters();
    assert_int_equal(cg_puzzle_from_compact("UUUUDDDDFFFFBBBBLLLLXXXX", 24, &p, &err), CG_OK);
    assert_int_equal(cg_reconstruct(&p, &sc, &rd, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "colour 'X' is not in the colour scheme"));
}

static cg_status feed_text(cg_box_reader *r, const char *text, int *puzzles, cg_puzzle *last,
                           cg_error *err)
{
    cg_box_reader_init(r);
    *puzzles = 0;
    while (*text) {
        size_t len = strcspn(text, "\n");
        cg_box_event ev;
        cg_status st = cg_box_reader_feed(r, text, len, &ev, err);
        if (st != CG_OK)
            return st;
        if (ev == CG_BOX_PUZZLE) {
            (*puzzles)++;
            *last = r->puzzle;
        }
        text += len + (text[len] == '\n');
    }
    bool have;
    cg_status st = cg_box_reader_finish(r, &have, err);
    if (have) {
        (*puzzles)++;
        *last = r->puzzle;
    }
    return st;
}

static void test_box_reader(void **state)
{
    (void)state;
    cg_box_reader r;
    cg_puzzle p;
    cg_error err;
    int n;
    /* CRLF, faces out of order, words, banner text and a prompt around the boxes. */
    const char *text = "Welcome!\r\n=== Round 1/100 ===\r\nFace R:\r\n+-------------+\r\n"
                       "| red   green |\r\n| blue  white |\r\n+-------------+\r\nFace U:\r\n"
                       "+-----+\r\n| a b |\r\n| c d |\r\n+-----+\r\nEnter your solution:\r\n";
    assert_int_equal(feed_text(&r, text, &n, &p, &err), CG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(p.faces_shown, (1 << CG_R) | (1 << CG_U));
    assert_string_equal(p.colour[p.sticker[CG_R * 4 + 3]], "white");
    assert_string_equal(p.colour[p.sticker[CG_U * 4 + 1]], "b");
    assert_int_equal(p.sticker[CG_D * 4], CG_UNKNOWN);
    /* Two runs are two puzzles; the last one ends at the end of input. */
    assert_int_equal(feed_text(&r, "Face U:\n+-----+\n| a b |\n| c d |\n+-----+\n\n"
                                   "Face D:\n+-----+\n| a b |\n| c d |\n+-----+\n", &n, &p, &err), CG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(p.faces_shown, 1 << CG_D);
    /* Errors name the face and the line. */
    assert_int_equal(feed_text(&r, "Face U:\n+-----+\n| a b c d |\n", &n, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face U: line 2 of the box"));
    assert_int_equal(feed_text(&r, "Face F:\n+-----+\n| a b |\n", &n, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "cut off by the end of input"));
    assert_int_equal(feed_text(&r, "Face L:\n+-----+\n| a b |\n| c d |\n+-----+\nFace L:\n", &n, &p, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "face L is given twice"));
    assert_int_equal(feed_text(&r, "Face B:\nhello\n", &n, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face B: line 1 of the box should be a border"));
    /* a wrong line is quoted up to its 40th byte */
    assert_int_equal(feed_text(&r, "Face B:\n0123456789012345678901234567890123456789XYZ\n", &n, &p,
                               &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "not '0123456789012345678901234567890123456789'"));
    /* A token longer than the limit is refused, not cut. */
    assert_int_equal(feed_text(&r, "Face U:\n+-+\n| aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b |\n", &n, &p, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "too long"));
}

/* What format_boxes prints, the box reader reads back. */
static void test_format_round_trip(void **state)
{
    (void)state;
    cg_rng rng;
    cg_rng_seed(&rng, 45);
    for (int i = 0; i < 100; i++) {
        cg_cube c = cg_cube_random(&rng);
        cg_puzzle p = show(&c, i % 6, WORDS), q;
        char text[1024];
        size_t len = cg_puzzle_format_boxes(&p, text, sizeof text);
        assert_true(len < sizeof text);
        cg_box_reader r;
        cg_error err;
        int n;
        assert_int_equal(feed_text(&r, text, &n, &q, &err), CG_OK);
        assert_int_equal(n, 1);
        assert_int_equal(q.faces_shown, p.faces_shown);
        for (int s = 0; s < CG_STICKERS; s++)
            if (p.sticker[s] == CG_UNKNOWN)
                assert_int_equal(q.sticker[s], CG_UNKNOWN);
            else
                assert_string_equal(q.colour[q.sticker[s]], p.colour[p.sticker[s]]);
    }
}

/* With no faces_shown, a face is written only when none of its stickers is unknown: a cube
 * missing all of one face and one sticker of another is written as four boxes. */
static void test_boxes_skip_faces_with_unknowns(void **state)
{
    (void)state;
    static const char *const LETTERS[CG_FACES] = {"U", "D", "F", "B", "L", "R"};
    cg_cube c = cg_cube_home();
    cg_puzzle p = show(&c, 4, LETTERS);
    p.faces_shown = 0;
    p.sticker[3 * 4] = CG_UNKNOWN; /* the face's first: a check that starts at 1 would miss it */
    char text[1024];
    size_t len = cg_puzzle_format_boxes(&p, text, sizeof text);
    assert_true(len < sizeof text);
    int tops = 0;
    for (const char *q = text; (q = strstr(q, "+-----+")) != NULL; q++)
        tops++;
    if (tops != 2 * 4) /* a box has a top and a bottom rule */
        fail_msg("expected 4 boxes, found %d rules in:\n%s", tops, text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_hidden_face), cmocka_unit_test(test_unknown_colours),
        cmocka_unit_test(test_boxes_skip_faces_with_unknowns),
        cmocka_unit_test(test_common_scheme),
        cmocka_unit_test(test_given_scheme),      cmocka_unit_test(test_compact_fixture),
        cmocka_unit_test(test_impossible_cubes),  cmocka_unit_test(test_box_reader),
        cmocka_unit_test(test_format_round_trip), cmocka_unit_test(test_faces_known),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
