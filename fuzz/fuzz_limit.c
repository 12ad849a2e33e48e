/* The readers of a server's words (dialogue.h): the limit sentence reader, the verdict
 * classifier, the notation and metric hints and the prompt test, over any bytes (not
 * NUL-terminated, NULs inside). A limit is 0 or from 1 to 999, its phrase a NUL-terminated
 * piece of the line that fits its buffer. */
#include "fuzz.h"

#include "cubegod/dialogue.h"
#include "cubegod/notation.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = malloc(size ? size : 1); /* exactly the bytes: no terminator after them */
    FUZZ_CHECK(line != NULL);
    memcpy(line, data, size);
    char phrase[24];
    memset(phrase, 'x', sizeof phrase);
    int limit = cg_limit_read(line, size, phrase, sizeof phrase);
    FUZZ_CHECK(limit >= 0 && limit <= 999);
    if (limit > 0)
        FUZZ_CHECK(memchr(phrase, '\0', sizeof phrase) != NULL);
    FUZZ_CHECK(cg_limit_read(line, size, NULL, 0) == limit);
    cg_verdict v = cg_verdict_of(line, size);
    FUZZ_CHECK(v == CG_VERDICT_NONE || v == CG_VERDICT_OK || v == CG_VERDICT_FAIL);
    int n = cg_notation_hint(line, size);
    FUZZ_CHECK(n >= -1 && n <= CG_NOTATION_QUARTER_CW);
    (void)cg_metric_hint_qtm(line, size);
    if (cg_line_asks(line, size))
        FUZZ_CHECK(cg_line_has_words(line, size));
    free(line);
    return 0;
}
