/* The address reader (cg_address_parse): the input split at newlines into up to 8 words. On
 * success the host is non-empty and printable and the port is a decimal 1..65535 with no
 * leading zero; on failure the message is one printable line. */
#include "fuzz.h"

#include "cubegod/tube.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    const char *words[8];
    int n = 0;
    char *p = text;
    while (n < 8) {
        words[n++] = p;
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    cg_address a;
    cg_error err;
    cg_status st = cg_address_parse(words, n, &a, &err);
    if (st == CG_OK) {
        size_t hl = strnlen(a.host, sizeof a.host);
        FUZZ_CHECK(hl > 0 && hl < sizeof a.host);
        for (size_t i = 0; i < hl; i++)
            FUZZ_CHECK(!cg_is_control(a.host[i]) && a.host[i] != ' ');
        FUZZ_CHECK(a.port[0] >= '1' && a.port[0] <= '9');
        long port = strtol(a.port, NULL, 10);
        FUZZ_CHECK(port >= 1 && port <= 65535);
    } else {
        FUZZ_CHECK(st == CG_ERR_INPUT);
        fuzz_check_message(&err);
    }
    free(text);
    return 0;
}
