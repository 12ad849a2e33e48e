/* The compact form of 24 or 54 characters (`cubegod solve --line`), then reconstruction and
 * solve (2x2) or rebuilding (3x3). */
#include "fuzz.h"

#include "cubegod/puzzle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cg_puzzle p;
    cg_error err;
    if (cg_puzzle_from_compact((const char *)data, size, &p, &err) != CG_OK) {
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
