/* Colours named by tokens, below the readers and the pictures: a word in any case, an ANSI
 * token's RGB (xterm's palettes), which of the six common colours a token shows (colours.h). */
#include <stdint.h>
#include <stdio.h>

#include "puzzle/colours.h"

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

bool cgi_same_word(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 0x20) != (*b | 0x20))
            return false;
    return *a == *b;
}

static rgb xterm16(int i)
{
    static const rgb base[16] = {{0, 0, 0},       {205, 0, 0},     {0, 205, 0},     {205, 205, 0},
                                 {0, 0, 238},     {205, 0, 205},   {0, 205, 205},   {229, 229, 229},
                                 {127, 127, 127}, {255, 0, 0},     {0, 255, 0},     {255, 255, 0},
                                 {92, 92, 255},   {255, 0, 255},   {0, 255, 255},   {255, 255, 255}};
    return base[i & 15];
}

static rgb xterm256(long i)
{
    if (i < 16)
        return xterm16((int)i);
    if (i < 232) {
        static const uint8_t level[6] = {0, 95, 135, 175, 215, 255};
        i -= 16;
        return (rgb){level[i / 36], level[i / 6 % 6], level[i % 6]};
    }
    uint8_t g = (uint8_t)(8 + 10 * (i - 232));
    return (rgb){g, g, g};
}

static bool ansi_colour(const char *t, rgb *out)
{
    long a, b, c;
    char end;
    if (sscanf(t, "ansi%ld%c", &a, &end) == 1) {
        if ((a >= 30 && a <= 37) || (a >= 40 && a <= 47))
            *out = xterm16((int)(a % 10));
        else if ((a >= 90 && a <= 97) || (a >= 100 && a <= 107))
            *out = xterm16((int)(a % 10) + 8);
        else
            return false;
        return true;
    }
    if (sscanf(t, "c5_%ld%c", &a, &end) == 1 && a >= 0 && a < 256) {
        *out = xterm256(a);
        return true;
    }
    if (sscanf(t, "rgb%ld_%ld_%ld%c", &a, &b, &c, &end) == 3 && a >= 0 && a < 256 && b >= 0 &&
        b < 256 && c >= 0 && c < 256) {
        *out = (rgb){(uint8_t)a, (uint8_t)b, (uint8_t)c};
        return true;
    }
    return false;
}

bool cgi_token_rgb(const char *t, uint8_t out[3])
{
    rgb c;
    if (!ansi_colour(t, &c))
        return false;
    out[0] = c.r;
    out[1] = c.g;
    out[2] = c.b;
    return true;
}

int cgi_common_colour(const char *tok)
{
    static const char *const words[CG_FACES] = {"white", "yellow", "green", "blue", "orange", "red"};
    static const char letters[] = "WYGBOR";
    for (int f = 0; f < CG_FACES; f++)
        if (cgi_same_word(tok, words[f]) || (tok[0] && !tok[1] && (char)(tok[0] & ~0x20) == letters[f]))
            return f;
    rgb c;
    if (!ansi_colour(tok, &c))
        return -1;
    /* each colour as cubes and terminals draw it: ours, the xterm palettes' pure and dim ones */
    static const struct {
        int face;
        rgb c;
    } REF[] = {{0, {255, 255, 255}}, {0, {229, 229, 229}}, {1, {255, 213, 0}}, {1, {255, 255, 0}},
               {1, {205, 205, 0}},   {2, {0, 155, 72}},    {2, {0, 255, 0}},   {2, {0, 205, 0}},
               {2, {0, 135, 0}},     {3, {0, 70, 173}},    {3, {0, 0, 255}},   {3, {0, 0, 238}},
               {3, {92, 92, 255}},   {4, {255, 88, 0}},    {4, {255, 135, 0}}, {4, {255, 165, 0}},
               {5, {183, 18, 52}},   {5, {255, 0, 0}},     {5, {205, 0, 0}}};
    int best = -1;
    long best_d = 80L * 80; /* nearer than this to one of them: magenta is none */
    for (size_t k = 0; k < sizeof REF / sizeof *REF; k++) {
        long dr = c.r - REF[k].c.r, dg = c.g - REF[k].c.g, db = c.b - REF[k].c.b;
        long d = dr * dr + dg * dg + db * db;
        if (d < best_d) {
            best_d = d;
            best = REF[k].face;
        }
    }
    return best;
}
