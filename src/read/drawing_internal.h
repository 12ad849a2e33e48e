/* Shared by the drawing readers of `cubegod turn` (drawing.c, drawing_shapes.c, drawing_text.c):
 * a text cut into lines of characters, and stickers as byte spans of it. */
#ifndef CUBEGOD_DRAWING_INTERNAL_H
#define CUBEGOD_DRAWING_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/turn.h"

#define CGI_ROW_STICKERS 54 /* most stickers on one row (a facelet string) */

typedef struct cgi_span {
    size_t off;
    uint32_t len;
} cgi_span;

typedef struct cgi_cell { /* one character: a UTF-8 grapheme that is not blank */
    size_t off;
    uint32_t len;
    bool bar;    /* '|' or a box-drawing character */
    bool joined; /* no blank before it: the same word as the one before */
} cgi_cell;

typedef struct cgi_line {
    size_t off, len; /* the line's bytes, without its line end (CR LF or LF) */
    size_t end;      /* where the next line starts */
    int first, ng;   /* its characters: g[first .. first + ng) */
    bool blank;      /* nothing but blanks */
    bool rule;       /* only '+' '-' '=' and bars */
} cgi_line;

typedef struct cgi_text {
    const char *text;
    size_t len;
    cgi_line *line;
    int nlines;
    cgi_cell *g;
    int ng;
} cgi_text;

/* The bytes of the one character (grapheme) starting at text (n bytes left, n > 0). */
size_t cgi_grapheme(const char *text, size_t n);
/* Cuts text into lines and characters; CG_ERR_INPUT for a NUL byte, CG_ERR_NOMEM. */
cg_status cgi_text_split(cgi_text *t, const char *text, size_t len, cg_error *err);
void cgi_text_free(cgi_text *t);
/* Whether a line, from byte offset `from` of the text on, holds exactly k stickers: k words
 * (words of bars only left out), else k characters (bars left out), else k characters (bars
 * too). out gets their spans. */
bool cgi_line_stickers(const cgi_text *t, int line, size_t from, int k, cgi_span *out);
/* What a line holds from `from` on, for messages: "11 stickers", "3 words (14 characters)". */
void cgi_line_count(const cgi_text *t, int line, size_t from, char *buf, size_t size);

/* What a shape reader found: each sticker's place (Kociemba index) and the lines it took. */
typedef struct cgi_found {
    int size;
    cgi_span at[CG_TURN_STICKERS_MAX];
    int first, last; /* 0-based line numbers */
    const char *shape;
} cgi_found;

typedef struct cgi_read_options {
    int size;       /* 0: told by the rows */
    int across[4];  /* the side faces across a net (cube.h faces) */
    char order[8];  /* a string's face order, or "net" */
} cgi_read_options;

/* turn's own reader of a net (drawing_shapes.c). It returns CG_OK with *hit true when it found its
 * shape, CG_OK with *hit false when the text is not that shape (a near miss is kept in *miss,
 * when that is still empty, for the message when no shape fits), or an error. */
cg_status cgi_read_net(const cgi_text *t, const cgi_read_options *o, cgi_found *f, bool *hit,
                       char *miss, size_t miss_size, cg_error *err);


#endif
