/* A zlib stream of rows: one fixed-Huffman deflate block (RFC 1951, 3.2.6) with matches at two
 * distances only (deflate.h). A picture of stickers is flat colour: runs of one pixel and rows
 * like the one above are nearly all of it, so these two candidates compress it as well as a
 * general matcher would here, in a page of code and no dependency (musl and fuzz builds
 * included). */
#include "puzzle/deflate.h"

#include <stdint.h>
#include <string.h>

typedef struct bits {
    void (*emit)(void *ctx, const unsigned char *bytes, size_t n);
    void *ctx;
    uint32_t acc; /* pending bits, the first in bit 0 */
    int n;
} bits;

/* Puts n bits of v, least significant first (how deflate packs everything but Huffman codes). */
static void put_bits(bits *b, uint32_t v, int n)
{
    b->acc |= v << b->n;
    b->n += n;
    while (b->n >= 8) {
        unsigned char c = (unsigned char)b->acc;
        b->emit(b->ctx, &c, 1);
        b->acc >>= 8;
        b->n -= 8;
    }
}

/* A Huffman code goes most significant bit first. */
static void put_code(bits *b, uint32_t code, int n)
{
    uint32_t r = 0;
    for (int i = 0; i < n; i++)
        r |= ((code >> i) & 1u) << (n - 1 - i);
    put_bits(b, r, n);
}

/* A literal/length symbol (0..287) in the fixed code. */
static void put_symbol(bits *b, int s)
{
    if (s < 144)
        put_code(b, 0x30u + (uint32_t)s, 8);
    else if (s < 256)
        put_code(b, 0x190u + (uint32_t)(s - 144), 9);
    else if (s < 280)
        put_code(b, (uint32_t)(s - 256), 7);
    else
        put_code(b, 0xc0u + (uint32_t)(s - 280), 8);
}

static const uint16_t LEN_BASE[] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t LEN_EXTRA[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                    2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/* The distance codes up to 23 (3073..4096): a match is never further back than a row. */
#define DIST_CODES 24
_Static_assert(CGI_ZLIB_ROW_MAX <= 4096, "a row further back than distance code 23 reaches");
static const uint16_t DIST_BASE[DIST_CODES] = {1,   2,   3,   4,   5,   7,    9,    13,
                                               17,  25,  33,  49,  65,  97,   129,  193,
                                               257, 385, 513, 769, 1025, 1537, 2049, 3073};
static const uint8_t DIST_EXTRA[DIST_CODES] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4,  4,
                                               5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10};

/* A match of len (3..258) bytes, dist (1..4096) back. */
static void put_match(bits *b, int len, int dist)
{
    int i = (int)(sizeof LEN_BASE / sizeof *LEN_BASE) - 1;
    while (LEN_BASE[i] > len)
        i--;
    put_symbol(b, 257 + i);
    put_bits(b, (uint32_t)(len - LEN_BASE[i]), LEN_EXTRA[i]);
    int d = DIST_CODES - 1;
    while (DIST_BASE[d] > dist)
        d--;
    put_code(b, (uint32_t)d, 5);
    put_bits(b, (uint32_t)(dist - DIST_BASE[d]), DIST_EXTRA[d]);
}

/* How many bytes from cur[at] on equal those of ref[at] on, at most max. */
static int same(const unsigned char *cur, const unsigned char *ref, int at, int max)
{
    int n = 0;
    while (n < max && cur[at + n] == ref[at + n])
        n++;
    return n;
}

/* One row: at each byte the longer of the two candidate matches, else a literal. */
static void put_row(bits *b, const unsigned char *cur, const unsigned char *above, int stride, int unit)
{
    for (int at = 0; at < stride;) {
        int max = stride - at < 258 ? stride - at : 258, len = 0, dist = 0;
        if (above && (len = same(cur, above, at, max)) > 0)
            dist = stride;
        if (at >= unit) {
            int run = same(cur, cur - unit, at, max);
            if (run > len) {
                len = run;
                dist = unit;
            }
        }
        if (len >= 3) {
            put_match(b, len, dist);
            at += len;
        } else {
            put_symbol(b, cur[at]);
            at++;
        }
    }
}

static void put_be32(bits *b, uint32_t v)
{
    unsigned char c[4] = {(unsigned char)(v >> 24), (unsigned char)(v >> 16), (unsigned char)(v >> 8),
                          (unsigned char)v};
    b->emit(b->ctx, c, 4);
}

bool cgi_zlib_rows(int rows, int stride, int unit, void (*row)(void *ctx, int y, unsigned char *buf),
                   void (*emit)(void *ctx, const unsigned char *bytes, size_t n), void *ctx)
{
    if (stride <= 0 || stride > CGI_ZLIB_ROW_MAX || unit <= 0 || unit > stride)
        return false;
    unsigned char buf[2][CGI_ZLIB_ROW_MAX];
    bits b = {.emit = emit, .ctx = ctx};
    emit(ctx, (const unsigned char *)"\x78\x01", 2); /* deflate, 32K window, no dictionary */
    put_bits(&b, 1, 1);                               /* the last block */
    put_bits(&b, 1, 2);                               /* fixed Huffman codes */
    uint32_t a = 1, s = 0;                            /* Adler-32 of the rows */
    for (int y = 0; y < rows; y++) {
        unsigned char *cur = buf[y & 1];
        row(ctx, y, cur);
        for (int i = 0; i < stride; i++) {
            a = (a + cur[i]) % 65521;
            s = (s + a) % 65521;
        }
        put_row(&b, cur, y ? buf[(y + 1) & 1] : NULL, stride, unit);
    }
    put_symbol(&b, 256);
    put_bits(&b, 0, 7); /* to the byte */
    b.n = 0;
    put_be32(&b, (s << 16) | a);
    return true;
}
