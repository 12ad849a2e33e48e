/* The --exec command splitter (no shell). Words that come out are quoted again with '...' and
 * split again: the same words. */
#include "fuzz.h"

#include "cubegod/tube.h"

static void round_trip(char **argv)
{
    size_t cap = 16;
    for (char **w = argv; *w; w++)
        cap += 4 * strlen(*w) + 3;
    char *cmd = malloc(cap), *o = cmd;
    FUZZ_CHECK(cmd != NULL);
    for (char **w = argv; *w; w++) {
        *o++ = '\'';
        for (const char *c = *w; *c; c++) {
            if (*c == '\'') { /* close, an escaped quote, reopen */
                memcpy(o, "'\\''", 4);
                o += 4;
            } else {
                *o++ = *c;
            }
        }
        *o++ = '\'';
        *o++ = ' ';
    }
    *o = '\0';
    char **again;
    FUZZ_CHECK(cg_split_command(cmd, &again, NULL) == CG_OK);
    size_t i = 0;
    for (; argv[i]; i++)
        FUZZ_CHECK(again[i] && strcmp(argv[i], again[i]) == 0);
    FUZZ_CHECK(again[i] == NULL);
    cg_argv_free(again);
    free(cmd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *cmd = fuzz_cstring(data, size);
    char **argv;
    cg_error err;
    if (cg_split_command(cmd, &argv, &err) != CG_OK) {
        fuzz_check_message(&err);
    } else {
        size_t n = 0;
        for (char **w = argv; *w; w++, n++)
            FUZZ_CHECK(strlen(*w) <= strlen(cmd));
        FUZZ_CHECK(n >= 1 && n <= strlen(cmd) / 2 + 1);
        round_trip(argv);
        cg_argv_free(argv);
    }
    free(cmd);
    return 0;
}
