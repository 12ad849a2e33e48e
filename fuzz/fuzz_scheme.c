/* The --scheme parser. A scheme that parses is written out and parsed again (same scheme), and
 * the solved cube coloured by it must be read back, through it, as the home position. */
#include "fuzz.h"

#include "cubegod/puzzle.h"

static void round_trip(const cg_scheme *s)
{
    char text[CG_FACES * (CG_TOKEN_MAX + 3) + 1];
    size_t len = 0;
    for (int f = 0; f < CG_FACES; f++) {
        FUZZ_CHECK(s->face[f][0] != '\0' && strlen(s->face[f]) <= CG_TOKEN_MAX);
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%c=%s", f ? "," : "",
                                cg_face_letter(f), s->face[f]);
    }
    cg_scheme again;
    FUZZ_CHECK(cg_scheme_parse(text, &again, NULL) == CG_OK);
    FUZZ_CHECK(memcmp(s, &again, sizeof *s) == 0);
}

static void solved_cube(const cg_scheme *s)
{
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++)
        FUZZ_CHECK(cg_puzzle_set(&p, i, s->face[i / 4], strlen(s->face[i / 4]), NULL) == CG_OK);
    cg_reading r;
    FUZZ_CHECK(cg_reconstruct(&p, s, &r, NULL) == CG_OK);
    FUZZ_CHECK(r.scheme_known && cg_cube_is_home(&r.cube));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    cg_scheme s;
    cg_error err;
    if (cg_scheme_parse(text, &s, &err) != CG_OK) {
        fuzz_check_message(&err);
    } else {
        round_trip(&s);
        solved_cube(&s);
    }
    free(text);
    return 0;
}
