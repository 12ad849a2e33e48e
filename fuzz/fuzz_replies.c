/* The reply rule reader (dialogue.h): a file's text of rules, then each line of the input
 * matched against the rules in every phase. A rule set never holds more than CG_REPLIES_MAX
 * rules; every refusal is CG_ERR_INPUT with a message; a match names a rule that exists and
 * is no opening line. */
#include "fuzz.h"

#include "cubegod/dialogue.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    cg_replies *r;
    cg_error err;
    FUZZ_CHECK(cg_replies_new(&r, &err) == CG_OK);
    cg_status st = cg_replies_add_text(r, (const char *)data, size, &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT);
        fuzz_check_message(&err);
    }
    int n = cg_replies_count(r);
    FUZZ_CHECK(n >= 0 && n <= CG_REPLIES_MAX);
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(cg_replies_send(r, i) != NULL && cg_replies_rule(r, i) != NULL);
        FUZZ_CHECK(strlen(cg_replies_rule(r, i)) <= CG_REPLY_TEXT_MAX);
    }
    /* the input's lines as server text */
    for (size_t at = 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t end = nl ? (size_t)(nl - data) : size;
        for (int p = CG_PHASE_ANY; p <= CG_PHASE_ANSWERED; p++) {
            int i = cg_replies_match(r, 0, (cg_phase)p, (const char *)data + at, end - at);
            FUZZ_CHECK(i >= -1 && i < n);
            if (i >= 0) {
                FUZZ_CHECK(!cg_replies_opening(r, i));
                cg_phase rp = cg_replies_phase(r, i);
                FUZZ_CHECK(rp == CG_PHASE_ANY || rp == (cg_phase)p);
            }
        }
        at = end + 1;
    }
    /* one rule made of the whole input, too */
    char *one = fuzz_cstring(data, size);
    st = cg_replies_add(r, one, &err);
    FUZZ_CHECK(st == CG_OK || st == CG_ERR_INPUT);
    free(one);
    cg_replies_free(r);
    return 0;
}
