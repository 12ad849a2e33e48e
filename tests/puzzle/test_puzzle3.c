/* Reading a 3x3: box and compact readers (sizes told apart by what is read, face orders, CRLF
 * and odd spacing), the impossibilities of fixtures/puzzle3/lines.txt, and reconstruction with
 * hidden stickers checked against an independent brute force over the hidden edges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/puzzle.h"
#include "puzzle/reader.h"
#include "testutil.h"

static const char SCHEME[6][8] = {"white", "yellow", "green", "blue", "orange", "red"};

/* A puzzle showing cube c in the scheme above, with the faces of `hidden` (bit mask) unknown. */
static cg_puzzle puzzle_of(const cg3_cube *c, unsigned hidden)
{
    uint8_t f[CG3_FACELETS];
    cg3_cube_to_facelets(c, f);
    cg_puzzle p;
    cg_puzzle_clear_size(&p, 3);
    for (int i = 0; i < CG3_FACELETS; i++)
        if (!((hidden >> (i / 9)) & 1))
            assert_int_equal(cg_puzzle_set(&p, i, SCHEME[f[i]], strlen(SCHEME[f[i]]), NULL), CG_OK);
    p.faces_shown = (uint8_t)(0x3f & ~hidden);
    return p;
}

/* Feeds a whole text line by line (either line end); returns the last puzzle completed. */
static cg_status feed_all(const char *text, cg_puzzle *out, int *puzzles, cg_error *err)
{
    cg_box_reader r;
    cg_box_reader_init(&r);
    *puzzles = 0;
    const char *s = text;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        cg_box_event ev;
        cg_status st = cg_box_reader_feed(&r, s, len, &ev, err);
        if (st != CG_OK)
            return st;
        if (ev == CG_BOX_PUZZLE) {
            *out = r.puzzle;
            ++*puzzles;
        }
        s += len + (nl != NULL);
    }
    bool have;
    cg_status st = cg_box_reader_finish(&r, &have, err);
    if (st == CG_OK && have) {
        *out = r.puzzle;
        ++*puzzles;
    }
    return st;
}

static char *slurp(const char *rel)
{
    FILE *f = open_fixture(rel);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The CRLF fixture with odd spacing is the cube after R; so is the Kociemba-order line. */
static void test_fixture_boxes_and_order(void **state)
{
    (void)state;
    static cg3_tables t;
    cg3_tables_init(&t);
    cg3_cube want = cg3_cube_home();
    cg3_cube_apply(&t, &want, cg3_move_make(CG3_R, 1));

    cg_puzzle p;
    int n;
    cg_error err;
    assert_int_equal(feed_all(slurp("puzzle3/boxes-crlf.txt"), &p, &n, &err), CG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(p.size, 3);
    assert_int_equal(p.faces_shown, 0x3f);
    cg_reading3 rd;
    assert_int_equal(cg_reconstruct3(&p, NULL, &rd, &err), CG_OK);
    assert_memory_equal(&rd.cube, &want, sizeof want);
    assert_int_equal(rd.fits, 1);
    assert_string_equal(rd.scheme.face[CG_L], "O");

    char *line = slurp("puzzle3/after-R.urfdlb");
    cg_puzzle q;
    assert_int_equal(cg_puzzle_from_line(line, strlen(line), "URFDLB", &q, &err), CG_OK);
    assert_int_equal(q.size, 3);
    assert_int_equal(cg_reconstruct3(&q, NULL, &rd, &err), CG_OK);
    assert_memory_equal(&rd.cube, &want, sizeof want);
    /* Read in the default order the same line is another arrangement: R's stickers land on D. */
    assert_int_equal(cg_puzzle_from_line(line, strlen(line), NULL, &q, &err), CG_OK);
    assert_int_not_equal(cg_reconstruct3(&q, NULL, &rd, &err), CG_OK);

    /* Kociemba's solved string. */
    const char *k = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    assert_int_equal(cg_puzzle_from_line(k, strlen(k), "URFDLB", &q, &err), CG_OK);
    assert_int_equal(cg_reconstruct3(&q, NULL, &rd, &err), CG_OK);
    assert_true(cg3_cube_is_home(&rd.cube));
    /* Bad orders are named. */
    assert_int_equal(cg_puzzle_from_line(k, strlen(k), "URFDL", &q, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "5 letters"));
    assert_int_equal(cg_puzzle_from_line(k, strlen(k), "URFDLU", &q, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "gives U twice"));
    assert_int_equal(cg_puzzle_from_line(k, strlen(k), "URFDLX", &q, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "'X' at position 6"));
}

/* A 2x2 line read with --order: py222 writes faces U R F D L B. */
static void test_order_for_2x2(void **state)
{
    (void)state;
    cg_puzzle a, b;
    cg_error err;
    const char *ours = "UUUUDDDDRRFFLLBBFFLLBBRR"; /* U applied, order U D F B L R */
    char theirs[25];
    const char *order = "URFDLB";
    for (int k = 0; k < 6; k++)
        memcpy(theirs + k * 4, ours + cg_face_from_letter(order[k]) * 4, 4);
    theirs[24] = '\0';
    assert_int_equal(cg_puzzle_from_line(ours, 24, NULL, &a, &err), CG_OK);
    assert_int_equal(cg_puzzle_from_line(theirs, 24, order, &b, &err), CG_OK);
    assert_int_equal(a.size, 2);
    for (int i = 0; i < CG_STICKERS; i++)
        assert_string_equal(a.colour[a.sticker[i]], b.colour[b.sticker[i]]);
}

static void test_lines_fixture(void **state)
{
    (void)state;
    FILE *f = open_fixture("puzzle3/lines.txt");
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
        cg_reading3 rd;
        cg_error err;
        cg_status st = cg_puzzle_from_compact(line, strlen(line), &p, &err);
        if (st == CG_OK)
            st = cg_reconstruct3(&p, NULL, &rd, &err);
        if (!*want && st != CG_OK)
            fail_msg("%s: expected success, got: %s", line, err.msg);
        if (!*want)
            assert_true(cg3_cube_is_home(&rd.cube));
        if (*want && (st == CG_OK || !strstr(err.msg, want)))
            fail_msg("%s: expected an error with '%s', got: %s", line, want,
                     st == CG_OK ? "success" : err.msg);
        cases++;
    }
    fclose(f);
    assert_true(cases >= 15);
}

/* Boxes written by the formatter read back the same, in any token width; sizes do not mix. */
static void test_format_round_trip_and_mixing(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 5);
    for (int i = 0; i < 200; i++) {
        cg3_cube c = cg3_cube_random(&r);
        cg_puzzle p = puzzle_of(&c, i % 7 == 6 ? 0 : 1u << (i % 7)), q;
        char buf[4096];
        size_t len = cg_puzzle_format_boxes(&p, buf, sizeof buf);
        assert_true(len < sizeof buf);
        int n;
        cg_error err;
        assert_int_equal(feed_all(buf, &q, &n, &err), CG_OK);
        assert_int_equal(n, 1);
        assert_int_equal(q.size, 3);
        assert_int_equal(q.faces_shown, p.faces_shown);
        for (int k = 0; k < CG3_FACELETS; k++) {
            assert_int_equal(p.sticker[k] == CG_UNKNOWN, q.sticker[k] == CG_UNKNOWN);
            if (p.sticker[k] != CG_UNKNOWN)
                assert_string_equal(p.colour[p.sticker[k]], q.colour[q.sticker[k]]);
        }
    }
    cg_puzzle p;
    int n;
    cg_error err;
    assert_int_equal(feed_all("Face U:\n+-----+\n| a b |\n| c d |\n+-----+\n"
                              "Face D:\n+-------+\n| a b c |\n", &p, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face D: line 2 is a row of a 3x3 but the run's first box is a 2x2"));
    assert_int_equal(feed_all("Face U:\n+-------+\n| a b c |\n| a b c |\n| a b c |\n+-------+\n"
                              "Face D:\n+-----+\n| a b |\n", &p, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face D: line 2 is a row of a 2x2 but the run's first box is a 3x3"));
    /* Within one box, a row of the other width is a malformed box. */
    assert_int_equal(feed_all("Face U:\n+-------+\n| a b c |\n| a b |\n", &p, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face U: line 3 of the box should be a row '| a b c |'"));
    assert_int_equal(feed_all("Face U:\n+-------+\n| a b c |\n| a b c |\n| a b c |\n| a b c |\n",
                              &p, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "Face U: line 5 of the box should be a border"));
    /* A 2x2 puzzle is not for the 3x3 reader, nor the reverse. */
    cg_puzzle two;
    assert_int_equal(cg_puzzle_from_compact("UUUUDDDDFFFFBBBBLLLLRRRR", 24, &two, &err), CG_OK);
    cg_reading3 rd3;
    assert_int_equal(cg_reconstruct3(&two, NULL, &rd3, &err), CG_ERR_INPUT);
    cg3_cube home = cg3_cube_home();
    cg_puzzle three = puzzle_of(&home, 0);
    cg_reading rd2;
    assert_int_equal(cg_reconstruct(&three, NULL, &rd2, &err), CG_ERR_INPUT);
}

/* Every cube that differs from c only in the pieces and flips of the four edges around face
 * `face` and shows the same visible stickers, by brute force with the model alone. */
static unsigned long brute_fits(const cg3_cube *c, int face)
{
    int pos[4], np = 0;
    for (int e = 0; e < CG3_EDGES; e++) {
        const uint8_t *fl = cg3_edge_facelets(e);
        if (fl[0] / 9 == face || fl[1] / 9 == face)
            pos[np++] = e;
    }
    assert_int_equal(np, 4);
    uint8_t want[CG3_FACELETS];
    cg3_cube_to_facelets(c, want);
    static const uint8_t PERMS[24][4] = {
        {0,1,2,3},{0,1,3,2},{0,2,1,3},{0,2,3,1},{0,3,1,2},{0,3,2,1},{1,0,2,3},{1,0,3,2},
        {1,2,0,3},{1,2,3,0},{1,3,0,2},{1,3,2,0},{2,0,1,3},{2,0,3,1},{2,1,0,3},{2,1,3,0},
        {2,3,0,1},{2,3,1,0},{3,0,1,2},{3,0,2,1},{3,1,0,2},{3,1,2,0},{3,2,0,1},{3,2,1,0}};
    unsigned long fits = 0;
    for (int k = 0; k < 24; k++)
        for (int flips = 0; flips < 16; flips++) {
            cg3_cube d = *c;
            for (int j = 0; j < 4; j++) {
                d.ep[pos[j]] = c->ep[pos[PERMS[k][j]]];
                d.eo[pos[j]] = (uint8_t)((flips >> j) & 1);
            }
            if (cg3_cube_check(&d, NULL) != CG_OK)
                continue;
            uint8_t got[CG3_FACELETS];
            cg3_cube_to_facelets(&d, got);
            bool same = true;
            for (int i = 0; i < CG3_FACELETS && same; i++)
                same = i / 9 == face || got[i] == want[i];
            fits += same;
        }
    return fits;
}

/* Hidden faces: the count matches the brute force, the cube returned fits the view, and it is
 * the true cube whenever only one fits. */
static void test_hidden_face_matches_brute_force(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 2024);
    int ambiguous = 0;
    for (int i = 0; i < 300; i++) {
        cg3_cube c = cg3_cube_random(&r);
        for (int face = 0; face < CG_FACES; face++) {
            cg_puzzle p = puzzle_of(&c, 1u << face);
            unsigned long want = brute_fits(&c, face);
            assert_true(want >= 1);
            cg_reading3 rd;
            cg_error err;
            cg_status st = cg_reconstruct3(&p, NULL, &rd, &err);
            assert_int_equal(rd.fits, want);
            assert_false(rd.fits_at_least);
            if (want == 1) {
                assert_int_equal(st, CG_OK);
                assert_memory_equal(&rd.cube, &c, sizeof c);
                assert_string_equal(rd.scheme.face[face], SCHEME[face]);
                continue;
            }
            ambiguous++;
            assert_int_equal(st, CG_ERR_AMBIGUOUS);
            char num[32];
            snprintf(num, sizeof num, "%lu cubes fit", want);
            assert_non_null(strstr(err.msg, num));
            cg_reconstruct3_options opt = {.pick = true};
            assert_int_equal(cg_reconstruct3(&p, &opt, &rd, &err), CG_OK);
            assert_int_equal(cg3_cube_check(&rd.cube, NULL), CG_OK);
            uint8_t a[CG3_FACELETS], b[CG3_FACELETS];
            cg3_cube_to_facelets(&rd.cube, a);
            cg3_cube_to_facelets(&c, b);
            for (int k = 0; k < CG3_FACELETS; k++)
                if (k / 9 != face)
                    assert_int_equal(a[k], b[k]);
        }
    }
    assert_true(ambiguous > 0); /* the brute force does find ambiguous cubes */
}

/* Mostly hidden cubes: the count stops at the cap and says so, quickly. */
static void test_cap(void **state)
{
    (void)state;
    cg3_cube home = cg3_cube_home();
    cg_puzzle p = puzzle_of(&home, 0x3f);
    cg_reading3 rd;
    cg_error err;
    assert_int_equal(cg_reconstruct3(&p, NULL, &rd, &err), CG_ERR_AMBIGUOUS);
    assert_non_null(strstr(err.msg, "at least 1000 cubes fit"));
    assert_true(rd.fits_at_least);
    cg_reconstruct3_options opt = {.pick = true, .cap = 50};
    p = puzzle_of(&home, (1u << CG_U) | (1u << CG_F) | (1u << CG_R));
    assert_int_equal(cg_reconstruct3(&p, &opt, &rd, &err), CG_OK);
    assert_int_equal(rd.fits, 50);
    assert_true(rd.fits_at_least);
    assert_int_equal(cg3_cube_check(&rd.cube, NULL), CG_OK);
    /* Two hidden centres: the two colours left are tried on both. */
    opt.cap = 0;
    p = puzzle_of(&home, (1u << CG_U) | (1u << CG_D));
    assert_int_equal(cg_reconstruct3(&p, &opt, &rd, &err), CG_OK);
    assert_true(rd.fits > 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fixture_boxes_and_order),
        cmocka_unit_test(test_order_for_2x2),
        cmocka_unit_test(test_lines_fixture),
        cmocka_unit_test(test_format_round_trip_and_mixing),
        cmocka_unit_test(test_hidden_face_matches_brute_force),
        cmocka_unit_test(test_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
