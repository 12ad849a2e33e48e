/* A small zlib stream writer for the PNG pictures of picture.c (RFC 1950 and 1951). */
#ifndef CUBEGOD_PUZZLE_DEFLATE_H
#define CUBEGOD_PUZZLE_DEFLATE_H

#include <stdbool.h>
#include <stddef.h>

/* The widest row cgi_zlib_rows takes, in bytes. */
#define CGI_ZLIB_ROW_MAX 4096

/* Writes one zlib stream of `rows` rows of `stride` bytes each: row(ctx, y, buf) fills row y,
 * emit(ctx, bytes, n) takes the compressed bytes in order. One fixed-Huffman block whose
 * matches look only `unit` bytes back (the pixel before) and one row back (the row above): what a
 * picture of flat-coloured cells repeats, with no search tables. Same input, same bytes. False
 * (and nothing written) when stride is 0 or over CGI_ZLIB_ROW_MAX, or unit is 0 or over stride. */
bool cgi_zlib_rows(int rows, int stride, int unit, void (*row)(void *ctx, int y, unsigned char *buf),
                   void (*emit)(void *ctx, const unsigned char *bytes, size_t n), void *ctx);

#endif
