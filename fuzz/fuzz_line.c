/* `solve --line --order FACES`: the first six bytes are the face order (often not a valid one),
 * the rest one compact line of either size; what is read must be what the line says, face by
 * face, and then rebuilds or fails cleanly. */
#include "fuzz.h"

#include "cubegod/puzzle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 6)
        return 0;
    char order[7];
    memcpy(order, data, 6);
    order[6] = '\0';
    const char *line = (const char *)data + 6;
    size_t len = size - 6;
    cg_puzzle p;
    cg_error err;
    if (cg_puzzle_from_line(line, len, order, &p, &err) != CG_OK) {
        fuzz_check_message(&err);
        return 0;
    }
    FUZZ_CHECK(cg_face_order_check(order, NULL) == CG_OK);
    /* A line of one word of letters, digits and '?' (punctuation such as '|' or '-' draws rules
     * and separators in the shapes): its k-th group of stickers is face order[k]'s, one
     * character a sticker. (Lines of blank-separated tokens, UTF-8 stickers and ANSI colours
     * have the same reader, whose sizes and cubes the checks below and fuzz_shapes cover.) */
    size_t a = 0, b = len;
    while (a < b && strchr(" \t\r\n", line[a]))
        a++;
    while (b > a && strchr(" \t\r\n", line[b - 1]))
        b--;
    bool word = true;
    for (size_t i = a; i < b; i++)
        word &= (line[i] >= '0' && line[i] <= '9') || (line[i] >= 'A' && line[i] <= 'Z') ||
                (line[i] >= 'a' && line[i] <= 'z') || line[i] == '?';
    int per = p.size == 3 ? 9 : 4;
    if (word) {
        FUZZ_CHECK(b - a == (size_t)(6 * per));
        for (int k = 0; k < 6; k++) {
            int face = cg_face_from_letter(order[k]);
            for (int j = 0; j < per; j++) {
                char c = line[a + (size_t)(k * per + j)];
                int s = p.sticker[face * per + j];
                FUZZ_CHECK((c == '?') == (s == CG_UNKNOWN));
                if (s != CG_UNKNOWN)
                    FUZZ_CHECK(p.colour[s][0] == c && p.colour[s][1] == '\0');
            }
        }
    }
    if (p.size == 3)
        fuzz_read3_check(&p);
    else
        fuzz_solve_check(&p, NULL);
    return 0;
}
