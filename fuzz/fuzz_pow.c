/* The proof-of-work readers (pow.h): any bytes give a gate, nothing, or CG_ERR_INPUT with a
 * one-line message, never a crash; a gate read is within its bounds; the server's check of an
 * answer (the input's last line) against the rest is a verdict, never a crash, and the
 * solver's own check of an answer (cgi_answer_holds) agrees with it. Sloths of a high
 * difficulty are not checked (squaring back takes their whole difficulty). */
#include "fuzz.h"

#include "cubegod/pow.h"
#include "../src/pow/context.h"
#include "../src/pow/internal.h" /* the gate read, to check its bounds */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    cg_error err;
    int r = cg_pow_scan(text, size, &err);
    FUZZ_CHECK(r == 0 || r == 1 || r == CG_ERR_INPUT);
    if (r < 0)
        fuzz_check_message(&err);
    /* play's reading: the last line a gate, the lines before it where its names get values */
    const uint8_t *last = size ? memrchr(data, '\n', size) : NULL;
    size_t at = last ? (size_t)(last - data) + 1 : 0;
    int in = cgi_pow_scan_in(text + at, size - at, text, at, &err);
    FUZZ_CHECK(in == 0 || in == 1 || in == CG_ERR_INPUT);
    if (in < 0)
        fuzz_check_message(&err);
    cgi_gate g;
    bool found;
    cgi_gate_read(text, size, &g, &found, &err);
    FUZZ_CHECK(r >= 0 && found == (r == 1));
    if (r != 1)
        return 0;
    FUZZ_CHECK(g.known_len < CGI_KNOWN_MAX);
    if (g.kind == CGI_GATE_SLOTH) {
        FUZZ_CHECK(g.difficulty >= 1 && (g.x[CGI_SLOTH_LIMBS - 1] >> 63) == 0);
        if (g.difficulty > 64)
            return 0;
    } else {
        FUZZ_CHECK(g.target_bits >= 0 && g.target_from >= 0 &&
                   g.target_from + g.target_bits <= 8 * cgi_hash_size(g.hash));
        FUZZ_CHECK(g.kind != CGI_GATE_PREFIX || (g.unknown_len >= 1 && g.unknown_len <= CGI_UNKNOWN_MAX));
        FUZZ_CHECK(g.kind != CGI_GATE_HASHCASH || (g.bits >= 1 && g.bits <= 64));
    }
    const uint8_t *nl = size ? memchr(data, '\n', size) : NULL;
    const char *answer = nl ? (const char *)nl + 1 : "";
    size_t alen = nl ? size - (size_t)(nl + 1 - data) : 0;
    cg_status st = cg_pow_check(text, size, answer, alen, &err);
    FUZZ_CHECK(st == CG_OK || st == CG_ERR_PROTOCOL);
    if (st != CG_OK)
        fuzz_check_message(&err);
    /* the solver's own check (EVP, bit by bit) agrees with the server's (the search's hash) on
     * a hash gate's answer of letters and digits, as the solver writes them */
    char *own = fuzz_cstring((const uint8_t *)answer, alen);
    bool plain = alen > 0 && strspn(own, cgi_alnum) == alen;
    cg_status mine = cgi_answer_holds(&g, own, &err);
    FUZZ_CHECK(mine == CG_OK || mine == CG_ERR_PROTOCOL);
    if (mine != CG_OK)
        fuzz_check_message(&err);
    if (plain && (g.kind == CGI_GATE_PREFIX || g.kind == CGI_GATE_ZEROS))
        FUZZ_CHECK((mine == CG_OK) == (st == CG_OK));
    free(own);
    return 0;
}
