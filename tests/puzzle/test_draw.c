/* draw.h: the writers' buffer contract, the colours chosen and the PNG container. The pictures
 * of every shape are checked against their cubes by tests/cli/e2e_draw.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/draw.h"
#include "cubegod/shapes.h"

static cg_puzzle line(const char *text)
{
    cg_puzzle p;
    assert_int_equal(cg_puzzle_from_string(text, strlen(text), NULL, &p, NULL), CG_OK);
    return p;
}

static const char SOLVED3[] =
    "UUUUUUUUUDDDDDDDDDFFFFFFFFFBBBBBBBBBLLLLLLLLLRRRRRRRRR";

/* Like snprintf: the length needed with any buffer, a NUL written when there is room, never a
 * byte past size. */
static void buffer_contract(void **state)
{
    (void)state;
    cg_puzzle p = line(SOLVED3);
    for (int f = CG_DRAW_ANSI; f <= CG_DRAW_SVG; f++) {
        size_t need = 0, again = 0;
        assert_int_equal(cg_puzzle_draw(&p, (cg_draw_format)f, NULL, 0, &need, NULL), CG_OK);
        assert_true(need > 100);
        char *full = malloc(need + 1);
        assert_int_equal(cg_puzzle_draw(&p, (cg_draw_format)f, full, need + 1, &again, NULL), CG_OK);
        assert_int_equal(again, need);
        assert_int_equal(strlen(full), need);
        char small[41];
        memset(small, 'x', sizeof small);
        assert_int_equal(cg_puzzle_draw(&p, (cg_draw_format)f, small, 40, &again, NULL), CG_OK);
        assert_int_equal(again, need);
        assert_int_equal(small[39], '\0');
        assert_int_equal(small[40], 'x');
        assert_memory_equal(small, full, 39);
        free(full);
    }
}

static uint32_t be32(const unsigned char *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static uint32_t crc32(const unsigned char *d, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= d[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return c ^ 0xffffffffu;
}

/* The PNG's chunks in order, each CRC right, the IHDR's size that of the net, IEND last; the
 * known CRC of "IEND" (ae426082) checks the CRC itself. */
static void png_container(void **state)
{
    (void)state;
    assert_int_equal(crc32((const unsigned char *)"IEND", 4), 0xae426082u);
    for (int size = 2; size <= 3; size++) {
        cg_puzzle p = size == 3 ? line(SOLVED3) : line("UUUUDDDDFFFFBBBBLLLLRRRR");
        size_t need;
        assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_PNG, NULL, 0, &need, NULL), CG_OK);
        unsigned char *png = malloc(need);
        assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_PNG, (char *)png, need, &need, NULL), CG_OK);
        assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
        const char *want[] = {"IHDR", "IDAT", "IEND"};
        size_t at = 8;
        for (int k = 0; k < 3; k++) {
            uint32_t len = be32(png + at);
            assert_memory_equal(png + at + 4, want[k], 4);
            assert_int_equal(be32(png + at + 8 + len), crc32(png + at + 4, len + 4));
            if (k == 0) {
                assert_int_equal(be32(png + at + 8), 4 * size * 24 + 16);
                assert_int_equal(be32(png + at + 12), 3 * size * 24 + 16);
            }
            at += 12 + len;
        }
        assert_int_equal(at, need);
        free(png);
    }
}

/* Distinct tokens get distinct colours even when two name the same one (W and white); a token
 * naming no colour takes its face's (by the 3x3's centre). */
static void colours(void **state)
{
    (void)state;
    cg_puzzle p = line(SOLVED3);
    char svg[16384];
    size_t need;
    assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#ffffff\" stroke=\"#000\"><title>U<"));
    assert_non_null(strstr(svg, "fill=\"#b71234\" stroke=\"#000\"><title>R<"));
    /* "white" and "W" both name white: the second seen gets another colour */
    cg_puzzle q;
    cg_puzzle_clear_size(&q, 3);
    static const char *tok[6] = {"W", "white", "g", "b", "o", "x"};
    for (int i = 0; i < 54; i++)
        assert_int_equal(cg_puzzle_set(&q, i, tok[i / 9], strlen(tok[i / 9]), NULL), CG_OK);
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    char fills[6][8];
    for (int t = 0; t < 6; t++) {
        char key[64];
        snprintf(key, sizeof key, "<title>%s<", tok[t]);
        const char *at = strstr(svg, key);
        assert_non_null(at);
        const char *fill = at;
        while (fill > svg && strncmp(fill, "fill=\"#", 7) != 0)
            fill--;
        memcpy(fills[t], fill + 7, 6);
        fills[t][6] = '\0';
        for (int u = 0; u < t; u++)
            assert_string_not_equal(fills[t], fills[u]);
    }
    assert_string_equal(fills[5], "b71234"); /* "x" is on R's centre: red */
    /* a two-letter token names no colour, even when its first letter does: "Rx" on U's centre
     * is painted as U (white), and "R" keeps red */
    static const char *two[6] = {"Rx", "D", "F", "B", "L", "R"};
    cg_puzzle_clear_size(&q, 3);
    for (int i = 0; i < 54; i++)
        assert_int_equal(cg_puzzle_set(&q, i, two[i / 9], strlen(two[i / 9]), NULL), CG_OK);
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#ffffff\" stroke=\"#000\"><title>Rx<"));
    assert_non_null(strstr(svg, "fill=\"#b71234\" stroke=\"#000\"><title>R<"));
    /* a colour's name wins over the face it stands on: a cube held with green up */
    static const char *held[6] = {"green", "blue", "white", "yellow", "orange", "red"};
    cg_puzzle_clear_size(&q, 3);
    for (int i = 0; i < 54; i++)
        assert_int_equal(cg_puzzle_set(&q, i, held[i / 9], strlen(held[i / 9]), NULL), CG_OK);
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#009b48\" stroke=\"#000\"><title>green<"));
    assert_non_null(strstr(svg, "fill=\"#ffffff\" stroke=\"#000\"><title>white<"));
    /* a token naming no colour on no centre takes a spare colour, not a face's: "k" first seen,
     * and D's centre token "q" still yellow */
    static const char *plain[6] = {"p", "q", "s", "t", "v", "z"};
    cg_puzzle_clear_size(&q, 3);
    for (int i = 0; i < 54; i++) {
        const char *t = i == 0 ? "k" : plain[i / 9];
        assert_int_equal(cg_puzzle_set(&q, i, t, strlen(t), NULL), CG_OK);
    }
    assert_int_equal(cg_puzzle_draw(&q, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "fill=\"#ffd500\" stroke=\"#000\"><title>q<"));
    /* a 2x2 of tokens naming no colour that cannot be rebuilt (two corners twisted alike):
     * no token is given a face's home colour, all take spare ones */
    static const char ODD[] = "ppppqqqqssssttttvvvvzzzz";
    char odd[25];
    memcpy(odd, ODD, sizeof odd);
    odd[3] = 's', odd[10] = 'p'; /* a U sticker and an F sticker swapped */
    cg_puzzle o = line(odd);
    assert_int_equal(cg_puzzle_draw(&o, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    static const char *const HOME[6] = {"ffffff", "ffd500", "009b48", "0046ad", "ff5800", "b71234"};
    for (int f = 0; f < 6; f++) {
        char fill[32];
        snprintf(fill, sizeof fill, "fill=\"#%s\"", HOME[f]);
        if (strstr(svg, fill))
            fail_msg("a cube that cannot be rebuilt painted in a face's colour #%s", HOME[f]);
    }
    /* a hidden sticker: '? ' and the gap in ANSI (after two empty cells), class hidden in SVG */
    cg_puzzle h = line("?UUUDDDDFFFFBBBBLLLLRRRR");
    assert_int_equal(cg_puzzle_draw(&h, CG_DRAW_ANSI, svg, sizeof svg, &need, NULL), CG_OK);
    assert_memory_equal(svg, "      ?  \x1b[38;2;255;255;255m", 27);
    assert_int_equal(cg_puzzle_draw(&h, CG_DRAW_SVG, svg, sizeof svg, &need, NULL), CG_OK);
    assert_non_null(strstr(svg, "class=\"sticker hidden\" data-face=\"U\""));
}

/* The terminal net: every sticker two lower seven-eighths blocks in its colour, then one blank
 * column before the next (none after a row's last); the rows stay apart by the block's missing
 * eighth. A solved face is n x n stickers, not one block. */
static void ansi_gap(void **state)
{
    (void)state;
    for (int n = 2; n <= 3; n++) {
        cg_puzzle p = line(n == 2 ? "UUUUDDDDFFFFBBBBLLLLRRRR" : SOLVED3);
        char out[8192];
        size_t need;
        assert_int_equal(cg_puzzle_draw(&p, CG_DRAW_ANSI, out, sizeof out, &need, NULL), CG_OK);
        int stickers = 0, gaps = 0, rows = 0;
        for (const char *at = out; (at = strstr(at, "\xe2\x96\x87\xe2\x96\x87\x1b[0m")); at += 10) {
            stickers++;
            gaps += at[10] == ' ' && at[11] != '\n';
        }
        for (const char *at = out; (at = strchr(at, '\n')); at++) {
            rows++;
            assert_true(at[-1] != ' ');
        }
        assert_int_equal(stickers, 6 * n * n);
        assert_int_equal(rows, 3 * n);
        assert_int_equal(gaps, 6 * n * n - 3 * n); /* every sticker but each row's last */
        assert_null(strstr(out, "m\x1b[38")); /* no two stickers touch */
    }
}

static void text_in(void **state)
{
    (void)state;
    const char *boxes = "junk\nFace U:\n+-----+\n| U U |\n| U U |\n+-----+\nFace F:\n+-----+\n"
                        "| F F |\n| F F |\n+-----+\nFace R:\n+-----+\n| R R |\n| R R |\n+-----+\n"
                        "Face B:\n+-----+\n| B B |\n| B B |\n+-----+\nFace L:\n+-----+\n| L L |\n"
                        "| L L |\n+-----+\nEnter your solution:\n";
    char out[8192];
    size_t need;
    cg_error err;
    assert_int_equal(cg_draw_text(boxes, strlen(boxes), NULL, "ansi", out, sizeof out, &need, &err),
                     CG_OK);
    const char *d = strstr(out, "\n      ?  ?\n      ?  ?\n");
    assert_non_null(d); /* D hidden, the last two rows */
    assert_int_equal(cg_draw_text("hello\n", 6, NULL, "svg", out, sizeof out, &need, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no cube in 1 line"));
    assert_int_equal(cg_draw_text(SOLVED3, 54, NULL, "jpeg", out, sizeof out, &need, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "ansi, svg or png"));
    assert_int_equal(cg_draw_text(SOLVED3, 54, "UDF", "svg", out, sizeof out, &need, &err),
                     CG_ERR_INPUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(buffer_contract),
        cmocka_unit_test(png_container),
        cmocka_unit_test(ansi_gap),
        cmocka_unit_test(colours),
        cmocka_unit_test(text_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
