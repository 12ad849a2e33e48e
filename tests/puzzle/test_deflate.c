/* puzzle/deflate.h: the zlib stream's frame (header, Adler-32), its size on flat pictures, the
 * refused arguments. Whether the streams decode to their rows is checked by Python's zlib:
 * `test_deflate --streams DIR` writes each case's rows (NAME.raw) and stream (NAME.z) for
 * e2e_deflate.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "puzzle/deflate.h"

/* ---- the cases: rows made by a rule, kept whole for the checks ---- */

typedef struct rows {
    int n, stride, unit;
    unsigned char *data; /* n * stride bytes */
} rows;

typedef struct sink {
    const rows *r;
    unsigned char *z;
    size_t len, cap;
} sink;

static void give_row(void *ctx, int y, unsigned char *buf)
{
    const sink *s = ctx;
    memcpy(buf, s->r->data + (size_t)y * (size_t)s->r->stride, (size_t)s->r->stride);
}

static void take(void *ctx, const unsigned char *bytes, size_t n)
{
    sink *s = ctx;
    if (s->len + n > s->cap) {
        s->cap = 2 * (s->len + n);
        s->z = realloc(s->z, s->cap);
        assert_non_null(s->z);
    }
    memcpy(s->z + s->len, bytes, n);
    s->len += n;
}

static sink compress(const rows *r)
{
    sink s = {r, NULL, 0, 0};
    assert_true(cgi_zlib_rows(r->n, r->stride, r->unit, give_row, take, &s));
    return s;
}

static uint32_t next(uint32_t *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    return *seed >> 16;
}

/* kind 0: random bytes (every literal); 1: runs of each length 1..300 of random pixels; 2: rows
 * copying the row above for a random stretch, then changing; 3: one flat colour (a background). */
static rows make(int kind, int n, int stride, int unit, uint32_t seed)
{
    rows r = {n, stride, unit, malloc((size_t)n * (size_t)stride + 1)};
    assert_non_null(r.data);
    unsigned char *d = r.data;
    size_t total = (size_t)n * (size_t)stride;
    int run = 1;
    for (size_t i = 0; i < total; i++) {
        switch (kind) {
        case 0:
            d[i] = (unsigned char)next(&seed);
            break;
        case 1:
            if (i < (size_t)unit || i % (size_t)stride < (size_t)unit) {
                d[i] = (unsigned char)next(&seed);
            } else if (run > 0) {
                d[i] = d[i - (size_t)unit];
                run--;
            } else {
                d[i] = (unsigned char)next(&seed);
                run = (int)(i % 300) + 1;
            }
            break;
        case 2:
            if (i >= (size_t)stride && next(&seed) % 97 != 0)
                d[i] = d[i - (size_t)stride];
            else
                d[i] = (unsigned char)(next(&seed) % 5);
            break;
        default:
            d[i] = 250;
        }
    }
    return r;
}

/* ---- unit tests ---- */

static void frame(void **state)
{
    (void)state;
    rows r = make(0, 7, 61, 3, 1);
    sink s = compress(&r);
    assert_true(s.len > 6);
    assert_int_equal(s.z[0], 0x78); /* deflate, 32K window */
    assert_int_equal((s.z[0] << 8 | s.z[1]) % 31, 0);
    assert_int_equal(s.z[2] & 7, 3); /* the last block, fixed codes */
    uint32_t a = 1, b = 0;
    for (int i = 0; i < r.n * r.stride; i++) {
        a = (a + r.data[i]) % 65521;
        b = (b + a) % 65521;
    }
    const unsigned char *t = s.z + s.len - 4;
    assert_int_equal((uint32_t)t[0] << 24 | (uint32_t)t[1] << 16 | (uint32_t)t[2] << 8 | t[3], b << 16 | a);
    sink again = compress(&r); /* same rows, same bytes */
    assert_int_equal(again.len, s.len);
    assert_memory_equal(again.z, s.z, s.len);
    free(again.z);
    free(s.z);
    free(r.data);
}

/* A flat picture's rows (a 3x3 net's 913-byte rows) shrink more than fiftyfold; random bytes
 * grow by at most the ninth bit of the upper literals. */
static void sizes(void **state)
{
    (void)state;
    rows flat = make(3, 232, 913, 3, 0);
    sink s = compress(&flat);
    assert_true(s.len * 50 < (size_t)(232 * 913));
    free(s.z);
    free(flat.data);
    rows noise = make(0, 4, 1000, 3, 2);
    s = compress(&noise);
    assert_true(s.len <= 4000 * 9 / 8 + 16);
    free(s.z);
    free(noise.data);
}

static int emitted;
static void count(void *ctx, const unsigned char *bytes, size_t n)
{
    (void)ctx;
    (void)bytes;
    emitted += (int)n;
}
static void no_row(void *ctx, int y, unsigned char *buf)
{
    (void)ctx;
    (void)y;
    (void)buf;
    fail_msg("a row was asked for");
}

static void refused(void **state)
{
    (void)state;
    emitted = 0;
    assert_false(cgi_zlib_rows(1, 0, 1, no_row, count, NULL));
    assert_false(cgi_zlib_rows(1, CGI_ZLIB_ROW_MAX + 1, 3, no_row, count, NULL));
    assert_false(cgi_zlib_rows(1, 10, 0, no_row, count, NULL));
    assert_false(cgi_zlib_rows(1, 10, 11, no_row, count, NULL));
    assert_int_equal(emitted, 0);
    assert_true(cgi_zlib_rows(0, 10, 3, no_row, count, NULL)); /* no rows: an empty stream */
    assert_int_equal(emitted, 2 + 2 + 4);                      /* header, block and end, Adler */
}

/* ---- --streams DIR ---- */

static void save(const char *dir, const char *name, const char *ext, const void *d, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(d, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
}

/* Writes a case's rows and stream; frees the rows. */
static void save_case(const char *dir, const char *name, rows r)
{
    sink s = compress(&r);
    save(dir, name, "raw", r.data, (size_t)r.n * (size_t)r.stride);
    save(dir, name, "z", s.z, s.len);
    free(s.z);
    free(r.data);
}

static int streams(const char *dir)
{
    static const struct {
        const char *name;
        int kind, n, stride, unit;
    } cases[] = {
        {"random", 0, 40, 700, 3},       {"runs-unit3", 1, 30, 913, 3},  {"runs-unit1", 1, 20, 700, 1},
        {"runs-unit4", 1, 20, 1001, 4},  {"above", 2, 200, 301, 3},       {"above-wide", 2, 9, 4096, 3},
        {"flat", 3, 232, 913, 3},        {"one-byte-rows", 2, 500, 1, 1}, {"no-rows", 3, 0, 9, 3},
        {"runs-long-row", 1, 3, 4096, 3},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        save_case(dir, cases[k].name, make(cases[k].kind, cases[k].n, cases[k].stride, cases[k].unit,
                                           (uint32_t)k + 7));
    /* rows copying the row above at both ends of every distance code's range (1 .. 4096) */
    static const int ends[] = {1,   2,   3,    4,    5,    6,    7,    8,    9,    12,   13,  16,
                               17,  24,  25,   32,   33,   48,   49,   64,   65,   96,   97,  128,
                               129, 192, 193,  256,  257,  384,  385,  512,  513,  768,  769, 1024,
                               1025, 1536, 1537, 2048, 2049, 3072, 3073, 4096};
    for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
        char name[32];
        snprintf(name, sizeof name, "above-%d", ends[k]);
        int n = 3 + 6000 / ends[k];
        save_case(dir, name, make(2, n, ends[k], ends[k] < 3 ? ends[k] : 3, (uint32_t)k + 100));
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--streams") == 0)
        return streams(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frame),
        cmocka_unit_test(sizes),
        cmocka_unit_test(refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
