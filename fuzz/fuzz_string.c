/* One string (solve --line): any bytes, ANSI escapes included, in the four orders; a puzzle
 * read is reconstructed (2x2: solved). */
#include "fuzz.h"

#include "cubegod/shapes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const orders[] = {"UDFBLR", "URFDLB", "net", NULL};
    if (size < 1)
        return 0;
    cg_puzzle p;
    cg_error err;
    if (cg_puzzle_from_string((const char *)data + 1, size - 1, orders[data[0] % 4], &p, &err) != CG_OK) {
        fuzz_check_message(&err);
        return 0;
    }
    FUZZ_CHECK(p.ncolours <= cg_puzzle_stickers(&p));
    if (p.size == 3)
        fuzz_read3_check(&p);
    else
        fuzz_solve_check(&p, NULL);
    return 0;
}
