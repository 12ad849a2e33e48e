/* serve's round text for the unseen-challenge variants (game/serve/round_text.c): for every variant
 * (size x shape x colours x goal x side order x layout) the largest text stays under the bound
 * the server sizes its buffer by, a buffer too small is never written past, and the text read
 * back by the shape reader (with the layout or side order) gives the cubes drawn. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/shapes.h"
#include "game/serve/round_text.h"
#include "puzzle/reader.h"

static const char *LAYOUT3 =
    "      U1U2U3\n      U4U5U6\n      U7U8U9\nL1L2L3 F1F2F3 R1R2R3\nL4L5L6 F4F5F6 R4R5R6\n"
    "L7L8L9 F7F8F9 R7R8R9\n      D1D2D3\n      D4D5D6\n      D7D8D9\n      B9B8B7\n"
    "      B6B5B4\n      B3B2B1\n";
static const char *LAYOUT2 = "top: U1 U2 U3 U4\nfront: F1 F2 F3 F4\nright: R1 R2 R3 R4\n"
                             "back: B1 B2 B3 B4\nleft: L1 L2 L3 L4\nbottom: D1 D2 D3 D4\n";

static void random_faces(cg_rng *r, int n, uint8_t *f)
{
    if (n == 3) {
        cg3_cube c = cg3_cube_random(r);
        cg3_cube_to_facelets(&c, f);
    } else {
        cg_cube c = cg_cube_random(r);
        cg_stickers s = cg_cube_to_stickers(&c);
        memcpy(f, s.s, CG_STICKERS);
    }
}

/* Reads the text back: the last cube (the goal first when there are two) as face letters. */
static int read_back(const cgi_round_style *d, const char *text, cg_puzzle *out)
{
    cg_shape_reader r;
    assert_int_equal(cg_shape_reader_init(&r, CG_SHAPE_AUTO, d->order, NULL), CG_OK);
    cg_shape_reader_across(&r, d->across, NULL);
    cg_layout *l = NULL;
    if (d->layout) {
        assert_int_equal(cg_layout_new(d->layout, strlen(d->layout), &l, NULL), CG_OK);
        cg_shape_reader_layout(&r, l, NULL);
    }
    int count = 0;
    cg_error err;
    for (const char *s = text; *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (cg_shape_reader_feed(&r, s, len, &err) != CG_OK)
            fail_msg("reading back: %s\n%s", err.msg, text);
        while (cg_shape_reader_take(&r, &out[count < 2 ? count : 1], NULL))
            count++;
        s += len + (nl != NULL);
    }
    assert_int_equal(cg_shape_reader_finish(&r, NULL), CG_OK);
    while (cg_shape_reader_take(&r, &out[count < 2 ? count : 1], NULL))
        count++;
    cg_layout_free(l);
    return count;
}

/* Whether puzzle p shows the faces f (a letter colour per sticker, hidden faces not compared). */
static void same(const cg_puzzle *p, const uint8_t *f, int n, unsigned hidden, cg_colours c)
{
    static const char *const words[] = {"white", "yellow", "green", "blue", "orange", "red"};
    assert_int_equal(p->size, n);
    for (int i = 0; i < 6 * n * n; i++) {
        if ((hidden >> (i / (n * n))) & 1)
            continue;
        assert_int_not_equal(p->sticker[i], CG_UNKNOWN);
        const char *got = p->colour[p->sticker[i]];
        char want[16];
        if (c == CG_COLOURS_WORDS)
            snprintf(want, sizeof want, "%s", words[f[i]]);
        else if (c == CG_COLOURS_DIGITS)
            snprintf(want, sizeof want, "%d", f[i]);
        else
            snprintf(want, sizeof want, "%c", cg_face_letter(f[i]));
        assert_string_equal(got, want);
    }
}

static void test_every_variant(void **state)
{
    (void)state;
    static const cg_shape shapes[] = {CG_SHAPE_BOXES, CG_SHAPE_FACES, CG_SHAPE_NET,
                                      CG_SHAPE_STRING, CG_SHAPE_ANSI, CG_SHAPE_DICT, CG_SHAPE_JSON};
    static char buf[65536];
    cg_rng r;
    cg_rng_seed(&r, 2425);
    int checked = 0;
    size_t largest = 0;
    for (int n = 2; n <= 3; n++)
        for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
            for (int c = 0; c <= CG_COLOURS_ANSI; c++)
                for (int goal = 0; goal <= 1; goal++)
                    for (int v = 0; v < 3; v++) { /* plain, side order, layout */
                        cgi_round_style d = {shapes[s], (cg_colours)c, NULL, NULL, NULL};
                        bool net = shapes[s] == CG_SHAPE_NET || shapes[s] == CG_SHAPE_ANSI;
                        if (v == 1 && !net)
                            continue;
                        if (v == 2 && s > 0)
                            continue; /* a layout replaces the shape */
                        if (v == 1)
                            d.across = "BLFR";
                        if (v == 2)
                            d.layout = n == 3 ? LAYOUT3 : LAYOUT2;
                        uint8_t g[54], f[54];
                        random_faces(&r, n, g);
                        random_faces(&r, n, f);
                        unsigned hidden = n == 2 ? 1u << CG_D : 0;
                        const char *prompt = "Enter your solution:";
                        size_t need = cgi_round_text(&d, 999, 1000, n, goal ? g : NULL, f, hidden,
                                                     prompt, NULL, 0);
                        size_t max = cgi_round_text_max(&d, n, goal, strlen(prompt));
                        assert_true(need < max);
                        largest = need > largest ? need : largest;
                        /* too small a buffer: nothing past it */
                        memset(buf, 'X', sizeof buf);
                        cgi_round_text(&d, 999, 1000, n, goal ? g : NULL, f, hidden, prompt, buf,
                                       need / 2);
                        assert_int_equal(buf[need / 2], 'X');
                        assert_int_equal(buf[need / 2 - 1], '\0');
                        size_t got = cgi_round_text(&d, 999, 1000, n, goal ? g : NULL, f, hidden,
                                                    prompt, buf, need + 1);
                        assert_int_equal(got, need);
                        assert_int_equal(strlen(buf), need);
                        if (c == CG_COLOURS_ANSI || shapes[s] == CG_SHAPE_ANSI ||
                            (v == 2 && c == CG_COLOURS_WORDS && n == 3))
                            continue; /* ANSI cells are named by colour; grouped names need
                                         single characters */
                        cg_puzzle p[2];
                        int k = read_back(&d, buf, p);
                        assert_int_equal(k, goal ? 2 : 1);
                        if (goal)
                            same(&p[0], g, n, hidden, (cg_colours)c);
                        same(&p[k - 1], f, n, hidden, (cg_colours)c);
                        checked++;
                    }
    print_message("%d variants read back; the largest round text is %zu bytes\n", checked,
                  largest);
    assert_true(checked > 60);
}

/* A layout in ANSI colours: each facelet the template names gets its sticker's colour, six
 * distinct colours for six faces (read from the text, in the template's order of names; the
 * shape reader does not read ANSI cells through a layout). */
static void test_layout_ansi_colours(void **state)
{
    (void)state;
    static char buf[16384];
    cg_rng r;
    cg_rng_seed(&r, 77);
    for (int n = 2; n <= 3; n++) {
        cgi_round_style d = {CG_SHAPE_BOXES, CG_COLOURS_ANSI, NULL, NULL, n == 3 ? LAYOUT3 : LAYOUT2};
        uint8_t f[54];
        random_faces(&r, n, f);
        unsigned hidden = n == 2 ? 1u << CG_D : 0;
        size_t need = cgi_round_text(&d, 1, 3, n, NULL, f, hidden, "Go:", buf, sizeof buf);
        assert_true(need < sizeof buf);
        int idx[54], code[54], names = 0, codes = 0;
        for (const char *t = d.layout; *t; t++) /* facelet names: a face letter and a digit */
            if (strchr("URFDLB", *t) && t[1] >= '1' && t[1] <= '0' + n * n)
                idx[names++] = cg_face_from_letter(*t) * n * n + (t[1] - '1');
        const char *t = buf;
        for (int k = 0; k < names; k++) {
            if ((hidden >> (idx[k] / (n * n))) & 1)
                continue;
            t = strstr(t, "\x1b[");
            assert_non_null(t);
            int sgr = 0, len = 0;
            assert_int_equal(sscanf(t, "\x1b[%dm%n", &sgr, &len), 1);
            assert_true(len > 0);
            code[codes] = sgr;
            idx[codes++] = idx[k];
            t = strstr(t + len, "\x1b[0m");
            assert_non_null(t);
            t += 4;
        }
        assert_int_equal(codes, 6 * n * n - (n == 2 ? n * n : 0));
        for (int a = 0; a < codes; a++)
            for (int b = 0; b < a; b++)
                if ((f[idx[a]] == f[idx[b]]) != (code[a] == code[b]))
                    fail_msg("%dx%d: facelets %d and %d (colours %d, %d) drawn as SGR %d and %d", n,
                             n, idx[a], idx[b], f[idx[a]], f[idx[b]], code[a], code[b]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_every_variant),
                                       cmocka_unit_test(test_layout_ansi_colours)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
