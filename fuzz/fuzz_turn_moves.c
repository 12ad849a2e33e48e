/* The move reader of `cubegod turn` (turn.h: face turns, slices, wide moves, layers, rotations,
 * counts, primes, a move map): byte 0 picks the size and whether a map is used, the rest is the
 * text. A sequence read must be undone by its inverse, every code must name a real layer set,
 * and a refusal must be an input error (or the limit) with a one-line message. */
#include "fuzz.h"

#include "cubegod/turn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    int n = 2 + (data[0] & 1);
    const char *map = data[0] & 2 ? "U=a,U'=b,U2=ab,R=r1" : NULL;
    char *text = fuzz_cstring(data + 1, size - 1);
    cg_turn codes[64];
    size_t count;
    cg_error err;
    cg_status st = cg_turn_parse(n, text, map, codes, 64, &count, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_LIMIT);
        fuzz_check_message(&err);
        FUZZ_CHECK(st == CG_ERR_LIMIT || strstr(err.msg, "column") != NULL);
    } else {
        for (size_t i = 0; i < count; i++) {
            FUZZ_CHECK(cg_turn_axis(codes[i]) < CG_FACES);
            FUZZ_CHECK(cg_turn_layers(codes[i]) != 0 && cg_turn_layers(codes[i]) < (1 << n));
        }
    }
    uint8_t fwd[CG_TURN_STICKERS_MAX], back[CG_TURN_STICKERS_MAX];
    cg_status a = cg_turn_perm(n, text, map, 0, fwd, NULL);
    cg_status b = cg_turn_perm(n, text, map, CG_TURN_UNDO, back, NULL);
    FUZZ_CHECK(a == b);
    FUZZ_CHECK(a == CG_OK || st != CG_OK);
    if (a == CG_OK) {
        bool seen[CG_TURN_STICKERS_MAX] = {false};
        for (int i = 0; i < 6 * n * n; i++) {
            FUZZ_CHECK(fwd[i] < 6 * n * n && !seen[fwd[i]]);
            seen[fwd[i]] = true;
            FUZZ_CHECK(fwd[back[i]] == i);
        }
    }
    free(text);
    return 0;
}
