/* The client's view of a round: the "Face X:" box reader (2x2 and 3x3 boxes), reconstruction
 * and solve (2x2) or rebuilding (3x3), over arbitrary server text split into lines. Each puzzle
 * read is also printed back as boxes and read again, which must give the same stickers. */
#include "fuzz.h"

#include "cubegod/puzzle.h"

static void same_tokens(const cg_puzzle *a, const cg_puzzle *b)
{
    FUZZ_CHECK(a->size == b->size);
    for (int i = 0; i < cg_puzzle_stickers(a); i++) {
        FUZZ_CHECK((a->sticker[i] == CG_UNKNOWN) == (b->sticker[i] == CG_UNKNOWN));
        if (a->sticker[i] != CG_UNKNOWN)
            FUZZ_CHECK(strcmp(a->colour[a->sticker[i]], b->colour[b->sticker[i]]) == 0);
    }
}

/* Prints p as boxes and reads it back. */
static void round_trip(const cg_puzzle *p)
{
    size_t need = cg_puzzle_format_boxes(p, NULL, 0);
    char *text = malloc(need + 1);
    FUZZ_CHECK(text && cg_puzzle_format_boxes(p, text, need + 1) == need);
    cg_box_reader *r;
    FUZZ_CHECK(cg_box_reader_new(&r, NULL) == CG_OK);
    cg_box_event ev;
    bool have = false;
    for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1)
        FUZZ_CHECK(cg_box_reader_feed(r, line, (size_t)(nl - line), &ev, NULL) == CG_OK);
    FUZZ_CHECK(cg_box_reader_finish(r, &have, NULL) == CG_OK && have);
    FUZZ_CHECK(cg_box_reader_puzzle(r)->faces_shown == p->faces_shown);
    same_tokens(p, cg_box_reader_puzzle(r));
    cg_box_reader_free(r);
    free(text);
}

static void got_puzzle(const cg_puzzle *p)
{
    FUZZ_CHECK(p->size == 2 || p->size == 3);
    FUZZ_CHECK(p->ncolours >= 0 && p->ncolours <= cg_puzzle_stickers(p));
    round_trip(p);
    if (p->size == 3)
        fuzz_read3_check(p);
    else
        fuzz_solve_check(p, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cg_box_reader *r;
    FUZZ_CHECK(cg_box_reader_new(&r, NULL) == CG_OK);
    const char *text = (const char *)data;
    cg_error err;
    for (size_t i = 0; i < size;) {
        const char *nl = memchr(text + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - text) : size;
        cg_box_event ev;
        if (cg_box_reader_feed(r, text + i, end - i, &ev, &err) != CG_OK)
            fuzz_check_message(&err);
        else if (ev == CG_BOX_PUZZLE)
            got_puzzle(cg_box_reader_puzzle(r));
        i = end + 1;
    }
    bool have;
    if (cg_box_reader_finish(r, &have, &err) != CG_OK)
        fuzz_check_message(&err);
    else if (have)
        got_puzzle(cg_box_reader_puzzle(r));
    cg_box_reader_free(r);
    return 0;
}
