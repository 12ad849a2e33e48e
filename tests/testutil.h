/* Helpers shared by the unit tests. */
#ifndef CUBEGOD_TESTUTIL_H
#define CUBEGOD_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>

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
