/* Helpers shared by the unit tests. */
#ifndef CUBEGOD_TESTUTIL_H
#define CUBEGOD_TESTUTIL_H

#include <dirent.h>
#include <errno.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How much of the heaviest checks a build can afford. The release build runs them whole; the
 * ASan+UBSan build (5 to 10 times slower, more on table builds) and the gcov build
 * (CUBEGOD_COVERAGE: its atomic counters make a search 4 to 7 times slower) shrink them to
 * seeded samples and keep one table build of each kind; valgrind (30 to 50 times slower:
 * CUBEGOD_SLOW_TOOLS, set by the test wrapper) shrinks them further and builds no big table.
 * `./run.sh test` runs them whole on the release build (its stage release-full). */
typedef enum { SCALE_FULL, SCALE_SANITIZED, SCALE_VALGRIND } test_scale;

/* The gcov build (the clone's run of ./run.sh test): its samples are ASan's, but a test that
 * alone reaches some code (a table build's threads) may keep that part there. */
static inline bool under_coverage(void)
{
    const char *cov = getenv("CUBEGOD_COVERAGE");
    return cov && *cov && strcmp(cov, "0") != 0 && !getenv("CUBEGOD_SLOW_TOOLS");
}

static inline test_scale test_scale_now(void)
{
    const char *v = getenv("CUBEGOD_SLOW_TOOLS");
    if (v && *v && strcmp(v, "0") != 0)
        return SCALE_VALGRIND;
    if (under_coverage())
        return SCALE_SANITIZED;
#if defined(__SANITIZE_ADDRESS__)
    return SCALE_SANITIZED;
#else
    return SCALE_FULL;
#endif
}

/* True under ASan or valgrind: slow tests use smaller sizes. */
static inline bool slow_tools(void) { return test_scale_now() != SCALE_FULL; }

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

/* $FIXTURES/rel whole into text (size bytes, NUL-terminated); its length. A file that does not
 * fit fails the test run. */
static inline size_t read_fixture(const char *rel, char *text, size_t size)
{
    FILE *f = open_fixture(rel);
    size_t n = fread(text, 1, size, f);
    fclose(f);
    if (n >= size) {
        fprintf(stderr, "fixture %s is over %zu bytes\n", rel, size - 1);
        exit(1);
    }
    text[n] = '\0';
    return n;
}

/* The entries of directory path, "." and ".." left out; a directory that cannot be read fails
 * the test run with a clear message. */
static inline int dir_entries(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "cannot read the directory %s\n", path);
        exit(1);
    }
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* How many descriptors this process has open (Linux: /proc/self/fd), less the one reading it. */
static inline int open_descriptors(void) { return dir_entries("/proc/self/fd") - 1; }

/* The heap in use, small blocks and mapped ones (glibc's count), or SIZE_MAX where it cannot be
 * told: another C library, or AddressSanitizer's or valgrind's allocator (which see leaks
 * themselves). A call that frees what it allocated leaves it as it was, once glibc's per-size
 * caches are full: blocks freed into them still count, and calloc does not take from them, so
 * take the count after ten rounds of the call and compare it after ten more (HEAP_ROUNDS). */
#define HEAP_ROUNDS 20
#define HEAP_SETTLED 9 /* the round after which the count is taken */
static inline size_t heap_in_use(void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    if (test_scale_now() != SCALE_VALGRIND) {
        struct mallinfo2 mi = mallinfo2();
        return mi.uordblks + mi.hblkhd;
    }
#endif
    return SIZE_MAX;
}

#if defined(__GLIBC__)
/* A stream that gives text, then fails every read with EIO (glibc's fopencookie); NULL where
 * that cannot be made. fclose frees it. */
typedef struct failing_stream_state {
    const char *text;
    size_t at;
} failing_stream_state;

static inline ssize_t failing_stream_read(void *cookie, char *buf, size_t size)
{
    failing_stream_state *f = cookie;
    size_t left = strlen(f->text) - f->at;
    if (left == 0) {
        errno = EIO;
        return -1;
    }
    size_t n = left < size ? left : size;
    memcpy(buf, f->text + f->at, n);
    f->at += n;
    return (ssize_t)n;
}

static inline int failing_stream_close(void *cookie)
{
    free(cookie);
    return 0;
}

static inline FILE *failing_stream(const char *text)
{
    failing_stream_state *f = malloc(sizeof *f);
    if (!f)
        return NULL;
    *f = (failing_stream_state){text, 0};
    FILE *in = fopencookie(f, "r", (cookie_io_functions_t){.read = failing_stream_read,
                                                           .close = failing_stream_close});
    if (!in)
        free(f);
    return in;
}
#else
static inline FILE *failing_stream(const char *text)
{
    (void)text;
    return NULL;
}
#endif

#endif
