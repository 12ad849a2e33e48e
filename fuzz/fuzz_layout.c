/* Layout templates (shapes.h): the input is a template and a drawing separated by the first
 * "\n%%\n" (no separator: the whole input is the template and also the drawing). A template
 * either fails with a printable message or has a size of 2 or 3; every cube the reader takes
 * from the drawing has that size and at most as many colours as stickers. */
#include "fuzz.h"

#include "cubegod/shapes.h"
#include "puzzle/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    const char *sep = NULL;
    for (size_t i = 0; i + 4 <= size && !sep; i++)
        if (memcmp(text + i, "\n%%\n", 4) == 0)
            sep = text + i;
    size_t tlen = sep ? (size_t)(sep - text) : size;
    const char *draw = sep ? sep + 4 : text;
    size_t dlen = sep ? size - tlen - 4 : size;
    cg_layout *l;
    cg_error err;
    char *tpl = fuzz_cstring(data, tlen);
    cg_status st = cg_layout_new(tpl, strlen(tpl), &l, &err);
    free(tpl);
    if (st != CG_OK) {
        fuzz_check_message(&err);
        return 0;
    }
    int n = cg_layout_size(l);
    FUZZ_CHECK(n == 2 || n == 3);
    cg_shape_reader r;
    FUZZ_CHECK(cg_shape_reader_init(&r, CG_SHAPE_AUTO, NULL, &err) == CG_OK);
    FUZZ_CHECK(cg_shape_reader_layout(&r, l, &err) == CG_OK);
    cg_puzzle p;
    for (size_t i = 0; i < dlen;) {
        size_t e = i;
        while (e < dlen && draw[e] != '\n')
            e++;
        if (cg_shape_reader_feed(&r, draw + i, e - i, &err) != CG_OK)
            fuzz_check_message(&err);
        while (cg_shape_reader_take(&r, &p, NULL))
            FUZZ_CHECK(p.size == n && p.ncolours <= cg_puzzle_stickers(&p));
        i = e + 1;
    }
    if (cg_shape_reader_finish(&r, &err) != CG_OK)
        fuzz_check_message(&err);
    while (cg_shape_reader_take(&r, &p, NULL))
        FUZZ_CHECK(p.size == n);
    cg_layout_free(l);
    return 0;
}
