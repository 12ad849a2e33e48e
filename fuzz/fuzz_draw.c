/* Pictures (draw.h) of whatever the shape reader makes of arbitrary text: the first byte picks
 * the format. Each writer keeps snprintf's contract (the same length with any buffer, nothing
 * past it), and the ANSI picture reads back as the same cube: the same stickers hidden, and two
 * stickers alike exactly where the cube read has them alike. A picture of a cube that no real
 * cube matches may be refused when read back: a net's reader tries the orders of its side faces
 * and says none gives a possible cube. */
#include "fuzz.h"

#include "cubegod/draw.h"
#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"
#include "puzzle/reader.h"

/* The first cube of text, fed a line at a time; false when there is none. */
static bool first_cube(const char *text, size_t len, cg_puzzle *p)
{
    static cg_shape_reader r;
    cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, NULL);
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        cg_shape_reader_feed(&r, text + i, end - i, NULL);
        if (cg_shape_reader_take(&r, p, NULL))
            return true;
        i = end + 1;
    }
    cg_shape_reader_finish(&r, NULL);
    return cg_shape_reader_take(&r, p, NULL);
}

/* No cube shows these stickers (so a reader may refuse its picture). */
static bool impossible(const cg_puzzle *p)
{
    if (p->size == 3) {
        cg_reading3 r3;
        cg_reconstruct3_options o = {.pick = true};
        return cg_reconstruct3(p, &o, &r3, NULL) == CG_ERR_INPUT;
    }
    cg_reading r2;
    return cg_reconstruct(p, NULL, &r2, NULL) == CG_ERR_INPUT;
}

static void same_partition(const cg_puzzle *a, const cg_puzzle *b)
{
    FUZZ_CHECK(a->size == b->size);
    int n = cg_puzzle_stickers(a);
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK((a->sticker[i] == CG_UNKNOWN) == (b->sticker[i] == CG_UNKNOWN));
        for (int j = 0; j < i && a->sticker[i] != CG_UNKNOWN; j++)
            if (a->sticker[j] != CG_UNKNOWN)
                FUZZ_CHECK((a->sticker[i] == a->sticker[j]) == (b->sticker[i] == b->sticker[j]));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    cg_draw_format f = (cg_draw_format)(data[0] % 3);
    const char *text = (const char *)data + 1;
    cg_puzzle p;
    if (!first_cube(text, size - 1, &p))
        return 0;
    size_t need = 0, again = 0;
    FUZZ_CHECK(cg_puzzle_draw(&p, f, NULL, 0, &need, NULL) == CG_OK && need > 0);
    char *pic = malloc(need + 2);
    if (!pic)
        abort();
    pic[need + 1] = 'x';
    FUZZ_CHECK(cg_puzzle_draw(&p, f, pic, need + 1, &again, NULL) == CG_OK && again == need);
    FUZZ_CHECK(pic[need + 1] == 'x');
    if (f == CG_DRAW_ANSI) {
        FUZZ_CHECK(pic[need] == '\0');
        cg_puzzle q;
        if (first_cube(pic, need, &q))
            same_partition(&p, &q);
        else
            FUZZ_CHECK(impossible(&p));
    }
    free(pic);
    return 0;
}
