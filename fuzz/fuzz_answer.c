/* The server's check of an answer line, the only parser that sees a client's bytes.
 * Input: byte 0 picks the move limit (-8..247: out-of-range values must be clamped), byte 1 the
 * check (any or home) and the scramble (a seeded random cube, or home for even values so that
 * correct answers are reachable); the rest is the line. */
#include "fuzz.h"

#include "cubegod/server.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    int max_moves = (int)data[0] - 8;
    cg_target check = data[1] & 1 ? CG_TARGET_HOME : CG_TARGET_ANY;
    cg_cube cube = cg_cube_home();
    if (data[1] & 2) {
        cg_rng rng;
        cg_rng_seed(&rng, data[1]);
        cube = cg_cube_random(&rng);
    }
    /* Exactly the bytes the server hands over: no terminator after them. */
    size_t len = size - 2;
    char *line = malloc(len ? len : 1);
    FUZZ_CHECK(line != NULL);
    memcpy(line, data + 2, len);
    int n = -1;
    cg_error err;
    cg_status st = cg_answer_check(&cube, line, len, max_moves, check, &n, &err);
    if (st == CG_OK) {
        FUZZ_CHECK(n >= 0 && n <= CG_SERVER_MAX_MOVES && n <= (max_moves < 0 ? 0 : max_moves));
    } else {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_LIMIT || st == CG_ERR_PROTOCOL);
        fuzz_check_message(&err);
        /* The reason goes back to the client: printable text only. */
        for (const char *p = err.msg; *p; p++)
            FUZZ_CHECK(*p >= 0x20 && *p < 0x7f);
    }
    free(line);
    return 0;
}
