/* Python and JSON cubes (shapes.h, --input dict): arbitrary text read in dict mode and in auto
 * mode (the first byte picks which and the string order). Every puzzle read has a size of 2 or
 * 3 and is reconstructed (2x2: solved); errors are printable. */
#include "fuzz.h"

#include "cubegod/shapes.h"
#include "puzzle/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const orders[] = {"UDFBLR", "URFDLB", "net", NULL};
    if (size < 1)
        return 0;
    cg_shape_reader r;
    cg_error err;
    cg_shape mode = data[0] & 1 ? CG_SHAPE_DICT : CG_SHAPE_AUTO;
    FUZZ_CHECK(cg_shape_reader_init(&r, mode, orders[(data[0] >> 1) % 4], &err) == CG_OK);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    cg_puzzle p;
    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        if (cg_shape_reader_feed(&r, text + i, e - i, &err) != CG_OK)
            fuzz_check_message(&err);
        while (cg_shape_reader_take(&r, &p, NULL)) {
            FUZZ_CHECK(p.size == 2 || p.size == 3);
            if (p.size == 3)
                fuzz_read3_check(&p);
            else
                fuzz_solve_check(&p, NULL);
        }
        i = e + 1;
    }
    if (cg_shape_reader_finish(&r, &err) != CG_OK)
        fuzz_check_message(&err);
    while (cg_shape_reader_take(&r, &p, NULL))
        FUZZ_CHECK(p.size == 2 || p.size == 3);
    return 0;
}
