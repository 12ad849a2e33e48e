/* The shape reader (shapes.h) over arbitrary text split into lines: the first byte picks the
 * mode (auto, boxes, faces, net, string, ansi) and the string order, the writer pausing after
 * a line when the second byte's bit says so. Every puzzle read is reconstructed (2x2: solved)
 * and, written back by cg_puzzle_format_shape as labelled faces, read again to the same
 * stickers. */
#include "fuzz.h"

#include <strings.h>

#include "cubegod/shapes.h"

static void same_stickers(const cg_puzzle *a, const cg_puzzle *b)
{
    FUZZ_CHECK(a->size == b->size);
    for (int i = 0; i < cg_puzzle_stickers(a); i++) {
        FUZZ_CHECK((a->sticker[i] == CG_UNKNOWN) == (b->sticker[i] == CG_UNKNOWN));
        if (a->sticker[i] != CG_UNKNOWN)
            FUZZ_CHECK(strcmp(a->colour[a->sticker[i]], b->colour[b->sticker[i]]) == 0);
    }
}

static void got_puzzle(const cg_puzzle *p, const cg_shape_info *in)
{
    FUZZ_CHECK(p->size == 2 || p->size == 3);
    FUZZ_CHECK(in->size == p->size && in->first_line >= 1 && in->last_line >= in->first_line);
    FUZZ_CHECK(p->ncolours >= 0 && p->ncolours <= cg_puzzle_stickers(p));
    /* written as labelled faces (every face with a known sticker, '?' for the unknown ones)
     * and read back; a token that looks like a label or '?' itself cannot round-trip */
    bool plain = true;
    static const char *const words[] = {"up", "down", "front", "back", "left", "right", "top",
                                        "bottom", "face", "side"};
    for (int c = 0; c < p->ncolours; c++) {
        plain &= strpbrk(p->colour[c], "?:|+-=\x1b") == NULL && strlen(p->colour[c]) > 1;
        for (size_t w = 0; w < sizeof words / sizeof *words; w++)
            plain &= strcasecmp(p->colour[c], words[w]) != 0;
    }
    if (plain) {
        cg_puzzle q = *p;
        q.faces_shown = 0x3f;
        size_t need = cg_puzzle_format_shape(&q, CG_SHAPE_FACES, CG_COLOURS_LETTERS, NULL, 0);
        char *text = malloc(need + 1);
        FUZZ_CHECK(text && cg_puzzle_format_shape(&q, CG_SHAPE_FACES, CG_COLOURS_LETTERS, text,
                                                  need + 1) == need);
        cg_shape_reader *r;
        FUZZ_CHECK(cg_shape_reader_new(&r, CG_SHAPE_FACES, NULL, NULL) == CG_OK);
        for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1)
            FUZZ_CHECK(cg_shape_reader_feed(r, line, (size_t)(nl - line), NULL) == CG_OK);
        FUZZ_CHECK(cg_shape_reader_finish(r, NULL) == CG_OK);
        cg_puzzle back;
        FUZZ_CHECK(cg_shape_reader_take(r, &back, NULL));
        cg_shape_reader_free(r);
        same_stickers(p, &back);
        free(text);
    }
    if (p->size == 3)
        fuzz_read3_check(p);
    else
        fuzz_solve_check(p, NULL);
}

static void take(cg_shape_reader *r)
{
    cg_puzzle p;
    cg_shape_info in;
    while (cg_shape_reader_take(r, &p, &in))
        got_puzzle(&p, &in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const orders[] = {"UDFBLR", "URFDLB", "net", "FRBLUD"};
    if (size < 2)
        return 0;
    cg_shape mode = (cg_shape)(data[0] % 6);
    const char *order = orders[(data[0] / 6) % 4];
    bool pauses = data[1] & 1;
    cg_shape_reader *r;
    cg_error err;
    FUZZ_CHECK(cg_shape_reader_new(&r, mode, order, &err) == CG_OK);
    const char *text = (const char *)data + 2;
    size -= 2;
    for (size_t i = 0; i < size;) {
        const char *nl = memchr(text + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - text) : size;
        if (cg_shape_reader_feed(r, text + i, end - i, &err) != CG_OK)
            fuzz_check_message(&err);
        take(r);
        if (pauses && cg_shape_reader_busy(r)) {
            if (cg_shape_reader_pause(r, &err) != CG_OK)
                fuzz_check_message(&err);
            take(r);
        }
        i = end + 1;
    }
    if (cg_shape_reader_finish(r, &err) != CG_OK)
        fuzz_check_message(&err);
    take(r);
    cg_shape_reader_free(r);
    return 0;
}
