/* The compact 24-character form (`cubegod solve --line`), then reconstruction and solve. */
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
    FUZZ_CHECK(p.ncolours <= CG_STICKERS);
    fuzz_solve_check(&p, NULL);
    return 0;
}
