/* The move-sequence parser. A sequence that parses is formatted and parsed again: same moves.
 * The first byte picks the limit (0..63) so that CG_ERR_LIMIT is reached too. */
#include "fuzz.h"

#include "cubegod/cube.h"

#define MAX 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t max = data[0] % MAX;
    char *text = fuzz_cstring(data + 1, size - 1);
    cg_move moves[MAX], again[MAX];
    size_t n = 99, m = 99;
    cg_error err;
    cg_status st = cg_moves_parse(text, moves, max, &n, &err);
    FUZZ_CHECK(n <= max);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_LIMIT);
        fuzz_check_message(&err);
        free(text);
        return 0;
    }
    char buf[MAX * 3 + 1];
    size_t len = cg_moves_format(moves, n, buf, sizeof buf);
    FUZZ_CHECK(len < sizeof buf && strlen(buf) == len);
    FUZZ_CHECK(cg_moves_parse(buf, again, max, &m, NULL) == CG_OK && m == n);
    FUZZ_CHECK(memcmp(moves, again, n) == 0);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(moves[i] < CG_MOVES);
    /* A buffer too small still gets a NUL-terminated prefix and the full length. */
    char small[5];
    FUZZ_CHECK(cg_moves_format(moves, n, small, sizeof small) == len);
    FUZZ_CHECK(strlen(small) < sizeof small);
    free(text);
    return 0;
}
