/* Helpers shared by the unit tests. */
#ifndef CUBEGOD_TESTUTIL_H
#define CUBEGOD_TESTUTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* True under ASan (compile time) or when CUBEGOD_SLOW_TOOLS is set (the valgrind run sets it):
 * everything runs 10 to 50 times slower there, so slow tests use smaller sizes. */
static inline bool slow_tools(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return true;
#else
    const char *v = getenv("CUBEGOD_SLOW_TOOLS");
    return v && *v && strcmp(v, "0") != 0;
#endif
}

/* Opens $FIXTURES/rel, or fails the test run with a clear message. */
static inline FILE *open_fixture(const char *rel)
{
    const char *dir = getenv("FIXTURES");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : "fixtures", rel);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open fixture %s\n", path);
        exit(1);
    }
    return f;
}

#endif
