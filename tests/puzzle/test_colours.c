/* Colours named by tokens (src/puzzle/colours.c): every ANSI token's RGB at its ranges' edges,
 * xterm's 256-colour palette from its published rule, rgb tokens in range, and which of the six
 * common colours a token shows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "puzzle/colours.h"

/* xterm's 16 colours, as its resources define them (XTerm-col.ad): 0-7 dim, 8-15 bright */
static const uint8_t XTERM16[16][3] = {
    {0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0}, {0, 0, 238},     {205, 0, 205},
    {0, 205, 205},   {229, 229, 229}, {127, 127, 127}, {255, 0, 0}, {0, 255, 0},   {255, 255, 0},
    {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255}};

static void expect_rgb(const char *token, int r, int g, int b)
{
    uint8_t out[3] = {1, 2, 3};
    if (!cgi_token_rgb(token, out))
        fail_msg("%s: no colour", token);
    if (out[0] != r || out[1] != g || out[2] != b)
        fail_msg("%s: %d,%d,%d, expected %d,%d,%d", token, out[0], out[1], out[2], r, g, b);
}

static void expect_none(const char *token)
{
    uint8_t out[3];
    if (cgi_token_rgb(token, out))
        fail_msg("%s: read as a colour", token);
}

static void test_ansi_16(void **state)
{
    (void)state;
    char t[16];
    for (int k = 0; k < 8; k++) { /* foreground and background, dim and bright */
        static const int base[] = {30, 40, 90, 100};
        for (int s = 0; s < 4; s++) {
            snprintf(t, sizeof t, "ansi%d", base[s] + k);
            const uint8_t *want = XTERM16[k + (s >= 2 ? 8 : 0)];
            expect_rgb(t, want[0], want[1], want[2]);
        }
    }
    static const char *const NOT[] = {"ansi29", "ansi38", "ansi39", "ansi48", "ansi89", "ansi98",
                                      "ansi99", "ansi108", "ansi0", "ansi1", "ansi31x", "ansi",
                                      "ANSI31"};
    for (size_t i = 0; i < sizeof NOT / sizeof *NOT; i++)
        expect_none(NOT[i]);
}

static void test_xterm_256(void **state)
{
    (void)state;
    char t[16];
    for (int i = 0; i < 256; i++) {
        snprintf(t, sizeof t, "c5_%d", i);
        int r, g, b;
        if (i < 16) {
            r = XTERM16[i][0], g = XTERM16[i][1], b = XTERM16[i][2];
        } else if (i < 232) { /* the 6x6x6 cube: 0, then 95 + 40 k */
            int c = i - 16, lv[3] = {c / 36, c / 6 % 6, c % 6};
            for (int k = 0; k < 3; k++)
                lv[k] = lv[k] ? 55 + 40 * lv[k] : 0;
            r = lv[0], g = lv[1], b = lv[2];
        } else { /* the grey ramp: 8, 18, ... 238 */
            r = g = b = 8 + 10 * (i - 232);
        }
        expect_rgb(t, r, g, b);
    }
    expect_none("c5_256");
    expect_none("c5_-1");
    expect_none("c5_12x");
}

static void test_rgb_tokens(void **state)
{
    (void)state;
    expect_rgb("rgb0_0_0", 0, 0, 0);
    expect_rgb("rgb255_255_255", 255, 255, 255);
    expect_rgb("rgb1_2_3", 1, 2, 3); /* each channel in its place */
    expect_rgb("rgb12_200_7", 12, 200, 7);
    static const char *const NOT[] = {"rgb256_0_0", "rgb0_256_0", "rgb0_0_256", "rgb-1_0_0",
                                      "rgb0_-1_0", "rgb0_0_-1", "rgb1_2", "rgb1_2_3x", "rgb"};
    for (size_t i = 0; i < sizeof NOT / sizeof *NOT; i++)
        expect_none(NOT[i]);
}

static void test_common_colours(void **state)
{
    (void)state;
    enum { WHITE, YELLOW, GREEN, BLUE, ORANGE, RED, NONE = -1 };
    static const struct {
        const char *token;
        int colour;
    } CASES[] = {
        {"white", WHITE},   {"WHITE", WHITE},   {"Yellow", YELLOW}, {"green", GREEN},
        {"blue", BLUE},     {"orange", ORANGE}, {"red", RED},       {"w", WHITE},
        {"Y", YELLOW},      {"g", GREEN},       {"B", BLUE},        {"o", ORANGE},
        {"R", RED},         {"U", NONE},        {"F", NONE},        {"0", NONE},
        {"reds", NONE},     {"re", NONE},       {"", NONE},         {"whitey", NONE},
        /* ANSI: the terminal's colours; black, magenta, cyan and grey are none of the six */
        {"ansi37", WHITE},  {"ansi97", WHITE},  {"ansi47", WHITE},  {"ansi107", WHITE},
        {"ansi33", YELLOW}, {"ansi93", YELLOW}, {"ansi32", GREEN},  {"ansi92", GREEN},
        {"ansi34", BLUE},   {"ansi94", BLUE},   {"ansi104", BLUE},  {"ansi31", RED},
        {"ansi91", RED},    {"ansi41", RED},    {"ansi30", NONE},   {"ansi35", NONE},
        {"ansi36", NONE},   {"ansi90", NONE},   {"ansi95", NONE},   {"ansi96", NONE},
        {"c5_208", ORANGE}, {"c5_214", ORANGE}, {"c5_196", RED},    {"c5_226", YELLOW},
        {"c5_28", GREEN},   {"c5_21", BLUE},    {"c5_231", WHITE},  {"c5_201", NONE},
        {"rgb255_88_0", ORANGE}, {"rgb183_18_52", RED}, {"rgb0_70_173", BLUE},
        {"rgb0_155_72", GREEN},  {"rgb255_213_0", YELLOW}, {"rgb128_128_128", NONE},
        {"ansi38", NONE},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++)
        if (cgi_common_colour(CASES[i].token) != CASES[i].colour)
            fail_msg("'%s': %d, expected %d", CASES[i].token, cgi_common_colour(CASES[i].token),
                     CASES[i].colour);
}

/* The common colour's threshold: a shade nearer than 80 (Euclidean, in RGB) to a colour's
 * reference is that colour; at 80 it is none. Pure blue (0, 0, 255) is the nearest here. */
static void test_common_threshold(void **state)
{
    (void)state;
    assert_int_equal(cgi_common_colour("rgb79_0_255"), 3);  /* 79 from pure blue */
    assert_int_equal(cgi_common_colour("rgb80_0_255"), -1); /* 80: not nearer than 80 */
    assert_true(cgi_same_word("Blue", "bLUE"));
    assert_false(cgi_same_word("blue", "blues"));
    assert_false(cgi_same_word("blues", "blue"));
    assert_true(cgi_same_word("", ""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ansi_16),
        cmocka_unit_test(test_xterm_256),
        cmocka_unit_test(test_rgb_tokens),
        cmocka_unit_test(test_common_colours),
        cmocka_unit_test(test_common_threshold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
