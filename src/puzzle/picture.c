/* Pictures of a cube's net: ANSI text, SVG, PNG (draw.h). */
#include "cubegod/draw.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/shapes.h"
#include "puzzle/colours.h"
#include "puzzle/deflate.h"
#include "puzzle/reader.h"

typedef struct rgb {
    uint8_t r, g, b;
} rgb;

/* The home colours of faces U D F B L R. */
static const rgb FACE_RGB[CG_FACES] = {
    {255, 255, 255}, {255, 213, 0}, {0, 155, 72}, {0, 70, 173}, {255, 88, 0}, {183, 18, 52}};
/* For tokens that name no colour and no face, or whose colour is taken. */
static const rgb SPARE_RGB[] = {{200, 0, 200}, {0, 200, 200}, {255, 150, 200}, {120, 70, 20},
                                {120, 0, 200}, {160, 230, 0}, {0, 0, 0},       {130, 130, 130}};
static const rgb HIDDEN_RGB = {200, 200, 200};
static const rgb BACKGROUND_RGB = {250, 250, 250};

#define CELL 24 /* pixels a sticker, border included (SVG and PNG) */
#define PAD 8

typedef struct palette {
    int n;
    rgb colour[CG_PUZZLE_STICKERS_MAX];
} palette;

/* ---- colours named by tokens ---- */

/* The colour an ANSI token of shapes.h stands for (colours.c reads it). */
static bool ansi_colour(const char *t, rgb *out)
{
    uint8_t c[3];
    if (!cgi_token_rgb(t, c))
        return false;
    *out = (rgb){c[0], c[1], c[2]};
    return true;
}

static int named_face(const char *t)
{
    static const char *const words[CG_FACES] = {"white", "yellow", "green", "blue", "orange", "red"};
    static const char letters[] = "WYGBOR", faces[] = "UDFBLR", digits[] = "012345";
    for (int f = 0; f < CG_FACES; f++)
        if (cgi_same_word(t, words[f]))
            return f;
    if (t[0] && !t[1]) {
        char c = (char)(t[0] & ~0x20);
        for (int f = 0; f < CG_FACES; f++)
            if (c == letters[f] || c == faces[f] || t[0] == digits[f])
                return f;
    }
    return -1;
}

static bool named_colour(const char *t, rgb *out)
{
    int f = named_face(t);
    if (f >= 0) {
        *out = FACE_RGB[f];
        return true;
    }
    return ansi_colour(t, out);
}


static bool rgb_eq(rgb a, rgb b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static bool taken(const palette *pl, const bool *set, rgb c)
{
    for (int i = 0; i < pl->n; i++)
        if (set[i] && rgb_eq(pl->colour[i], c))
            return true;
    return false;
}

/* The face whose home colour token c is, by the centres (3x3) or by reconstruction (2x2). */
static int home_face(const cg_puzzle *p, int c)
{
    if (p->size == 3) {
        for (int f = 0; f < CG_FACES; f++)
            if (p->sticker[f * 9 + 4] == c)
                return f;
        return -1;
    }
    cg_reading rd;
    if (cg_reconstruct(p, NULL, &rd, NULL) != CG_OK)
        return -1;
    for (int f = 0; f < CG_FACES; f++)
        if (strcmp(rd.scheme.face[f], p->colour[c]) == 0)
            return f;
    return -1;
}

/* One colour per token: named, else its face's, else a spare one; never two alike. */
static void make_palette(const cg_puzzle *p, palette *pl)
{
    bool set[CG_PUZZLE_STICKERS_MAX] = {false};
    pl->n = p->ncolours < 0 ? 0 : p->ncolours > CG_PUZZLE_STICKERS_MAX ? CG_PUZZLE_STICKERS_MAX
                                                                        : p->ncolours;
    for (int c = 0; c < pl->n; c++) {
        rgb v;
        if (named_colour(p->colour[c], &v) && !taken(pl, set, v)) {
            pl->colour[c] = v;
            set[c] = true;
        }
    }
    for (int c = 0; c < pl->n; c++) {
        int f = set[c] ? -1 : home_face(p, c);
        if (f >= 0 && !taken(pl, set, FACE_RGB[f])) {
            pl->colour[c] = FACE_RGB[f];
            set[c] = true;
        }
    }
    for (int c = 0; c < pl->n; c++) {
        for (size_t k = 0; !set[c]; k++) {
            /* past the spares: greys that differ by one step, still distinct */
            rgb v = k < sizeof SPARE_RGB / sizeof *SPARE_RGB
                        ? SPARE_RGB[k]
                        : (rgb){(uint8_t)(40 + k), (uint8_t)(40 + k), (uint8_t)(40 + k)};
            if (!taken(pl, set, v)) {
                pl->colour[c] = v;
                set[c] = true;
            }
        }
    }
}

/* ---- layout: where each face sits in the net, in cells ---- */

static void face_origin(int f, int n, int *x, int *y)
{
    static const int col[CG_FACES] = {1, 1, 1, 3, 0, 2}, row[CG_FACES] = {0, 2, 1, 1, 1, 1};
    *x = col[f] * n;
    *y = row[f] * n;
}

/* The sticker at net cell (x, y), or -1 where the net has none. */
static int sticker_at(int n, int x, int y)
{
    for (int f = 0; f < CG_FACES; f++) {
        int fx, fy;
        face_origin(f, n, &fx, &fy);
        if (x >= fx && x < fx + n && y >= fy && y < fy + n)
            return f * n * n + (y - fy) * n + (x - fx);
    }
    return -1;
}

/* ---- output into the caller's buffer ---- */

typedef struct out {
    char *buf;
    size_t size, len;
    uint32_t crc;
} out;

static void put(out *o, const void *data, size_t n)
{
    const unsigned char *d = data;
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len < o->size)
            o->buf[o->len] = (char)d[i];
}

static void putf(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(out *o, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(o, tmp, n < 0 ? 0 : (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* NUL-terminates a text when it fits (not counted in the length). */
static void finish_text(out *o)
{
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

/* ---- ANSI ---- */

/* A sticker is two columns of U+2587 (the lower seven eighths block) in its colour and a blank
 * column after it: the terminal's own background shows between stickers, a column across and an
 * eighth of a row down, so a face of one colour still reads as n x n stickers. */
static void draw_ansi(const cg_puzzle *p, const palette *pl, out *o)
{
    int n = p->size;
    for (int y = 0; y < 3 * n; y++) {
        int last = y >= n && y < 2 * n ? 4 * n : 2 * n; /* no blanks after the net's end */
        for (int x = 0; x < last; x++) {
            int s = sticker_at(n, x, y);
            int c = s < 0 ? CG_UNKNOWN : p->sticker[s];
            const char *gap = x + 1 < last ? " " : "";
            if (s < 0)
                putf(o, "  %s", gap);
            else if (c == CG_UNKNOWN || c >= pl->n)
                putf(o, "?%s", *gap ? "  " : "");
            else
                putf(o, "\x1b[38;2;%d;%d;%dm\xe2\x96\x87\xe2\x96\x87\x1b[0m%s", pl->colour[c].r, pl->colour[c].g,
                     pl->colour[c].b, gap);
        }
        putf(o, "\n");
    }
}

/* ---- SVG ---- */

static void svg_escape(out *o, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            putf(o, "&lt;");
        else if (*s == '>')
            putf(o, "&gt;");
        else if (*s == '&')
            putf(o, "&amp;");
        else if (*s == '"')
            putf(o, "&quot;");
        else if (!cg_is_control(*s))
            put(o, s, 1);
    }
}

/* Each face's letter sits in a strip of LABEL pixels above the face, on the background: it never
 * covers a sticker (nor a hidden one's '?') and reads the same whatever the stickers' colours. */
#define LABEL 13

static void draw_svg(const cg_puzzle *p, const palette *pl, out *o)
{
    int n = p->size, w = 4 * n * CELL + 2 * PAD, h = 3 * n * CELL + 3 * LABEL + 2 * PAD;
    putf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"cube cube%d\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n", n, w, h, w, h);
    putf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\"/>\n", w, h, BACKGROUND_RGB.r,
         BACKGROUND_RGB.g, BACKGROUND_RGB.b);
    for (int f = 0; f < CG_FACES; f++) {
        int fx, fy;
        face_origin(f, n, &fx, &fy);
        int left = PAD + fx * CELL, top = PAD + fy * CELL + (fy / n + 1) * LABEL;
        for (int k = 0; k < n * n; k++) {
            int c = p->sticker[f * n * n + k];
            bool hidden = c == CG_UNKNOWN || c >= pl->n;
            rgb v = hidden ? HIDDEN_RGB : pl->colour[c];
            int x = left + k % n * CELL, y = top + k / n * CELL;
            putf(o, "<rect class=\"%s\" data-face=\"%c\" x=\"%d\" y=\"%d\" width=\"%d\" "
                    "height=\"%d\" fill=\"#%02x%02x%02x\" stroke=\"#000\"><title>",
                 hidden ? "sticker hidden" : "sticker", cg_face_letter(f), x, y, CELL, CELL, v.r,
                 v.g, v.b);
            svg_escape(o, hidden ? "hidden" : p->colour[c]);
            putf(o, "</title></rect>\n");
            if (hidden)
                putf(o, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" "
                        "font-family=\"sans-serif\" fill=\"#555\">?</text>\n",
                     x + CELL / 2, y + CELL * 3 / 4, CELL * 2 / 3);
        }
        putf(o, "<text class=\"face-label\" x=\"%d\" y=\"%d\" font-size=\"11\" "
                "font-weight=\"bold\" text-anchor=\"middle\" font-family=\"sans-serif\" "
                "fill=\"#222\">%c</text>\n",
             left + n * CELL / 2, top - 3, cg_face_letter(f));
    }
    putf(o, "</svg>\n");
}

/* ---- PNG: RGB rows in one zlib stream (puzzle/deflate.c), CRC32 over each chunk ---- */

static uint32_t crc_update(uint32_t crc, const unsigned char *d, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= d[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    return crc;
}

/* Chunk bytes: written and added to the chunk's CRC. */
static void put_crc(out *o, const void *d, size_t n)
{
    put(o, d, n);
    o->crc = crc_update(o->crc, d, n);
}

static void be32(unsigned char *b, uint32_t v)
{
    b[0] = (unsigned char)(v >> 24);
    b[1] = (unsigned char)(v >> 16);
    b[2] = (unsigned char)(v >> 8);
    b[3] = (unsigned char)v;
}

static void chunk_start(out *o, const char *type, uint32_t length)
{
    unsigned char b[4];
    be32(b, length);
    put(o, b, 4);
    o->crc = 0xffffffffu;
    put_crc(o, type, 4);
}

static void chunk_end(out *o)
{
    unsigned char b[4];
    be32(b, o->crc ^ 0xffffffffu);
    put(o, b, 4);
}

static rgb pixel(const cg_puzzle *p, const palette *pl, int x, int y)
{
    int n = p->size;
    if (x < PAD || y < PAD || x >= PAD + 4 * n * CELL || y >= PAD + 3 * n * CELL)
        return BACKGROUND_RGB;
    int cx = (x - PAD) / CELL, cy = (y - PAD) / CELL, ix = (x - PAD) % CELL, iy = (y - PAD) % CELL;
    int s = sticker_at(n, cx, cy);
    if (s < 0)
        return BACKGROUND_RGB;
    if (ix == 0 || iy == 0 || ix == CELL - 1 || iy == CELL - 1)
        return (rgb){0, 0, 0};
    int c = p->sticker[s];
    if (c == CG_UNKNOWN || c >= pl->n) /* grey with a checker, so it reads as "not shown" */
        return ((ix / 4 + iy / 4) & 1) ? HIDDEN_RGB : (rgb){160, 160, 160};
    return pl->colour[c];
}

typedef struct png_image {
    const cg_puzzle *p;
    const palette *pl;
    int w;
    out *o;
} png_image;

/* A scanline: filter byte 0 (none), then RGB. */
static void png_row(void *ctx, int y, unsigned char *buf)
{
    const png_image *im = ctx;
    buf[0] = 0;
    for (int x = 0; x < im->w; x++) {
        rgb v = pixel(im->p, im->pl, x, y);
        buf[1 + 3 * x] = v.r;
        buf[2 + 3 * x] = v.g;
        buf[3 + 3 * x] = v.b;
    }
}

static void png_emit(void *ctx, const unsigned char *bytes, size_t n)
{
    put_crc(((png_image *)ctx)->o, bytes, n);
}

/* The IDAT's zlib stream, written twice: counted first, as the chunk's length comes before it. */
static void png_idat(png_image *im, int h)
{
    out count = {0};
    out *o = im->o;
    im->o = &count;
    cgi_zlib_rows(h, 1 + 3 * im->w, 3, png_row, png_emit, im);
    im->o = o;
    chunk_start(o, "IDAT", (uint32_t)count.len);
    cgi_zlib_rows(h, 1 + 3 * im->w, 3, png_row, png_emit, im);
    chunk_end(o);
}

static void draw_png(const cg_puzzle *p, const palette *pl, out *o)
{
    int n = p->size;
    uint32_t w = (uint32_t)(4 * n * CELL + 2 * PAD), h = (uint32_t)(3 * n * CELL + 2 * PAD);
    put(o, "\x89PNG\r\n\x1a\n", 8);
    unsigned char ihdr[13];
    be32(ihdr, w);
    be32(ihdr + 4, h);
    memcpy(ihdr + 8, "\x08\x02\x00\x00\x00", 5); /* 8 bits, RGB, deflate, no filter, no interlace */
    chunk_start(o, "IHDR", 13);
    put_crc(o, ihdr, 13);
    chunk_end(o);
    png_image im = {p, pl, (int)w, o};
    png_idat(&im, (int)h);
    chunk_start(o, "IEND", 0);
    chunk_end(o);
}

/* ---- the calls ---- */

static const char *const FORMAT_NAMES[] = {"ansi", "svg", "png"};

const char *cg_draw_format_name(cg_draw_format f)
{
    return (unsigned)f < 3 ? FORMAT_NAMES[f] : "?";
}

cg_status cg_draw_format_parse(const char *name, cg_draw_format *out, cg_error *err)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, FORMAT_NAMES[i]) == 0) {
            *out = (cg_draw_format)i;
            return CG_OK;
        }
    return cg_fail(err, CG_ERR_INPUT, "'%.40s' is not a picture format: ansi, svg or png", name);
}

cg_status cg_puzzle_draw(const cg_puzzle *p, cg_draw_format f, char *buf, size_t size,
                         size_t *needed, cg_error *err)
{
    *needed = 0;
    if (p->size != 2 && p->size != 3)
        return cg_fail(err, CG_ERR_INPUT, "a puzzle of size %d: only a 2x2 or a 3x3 is drawn",
                       p->size);
    if ((unsigned)f > CG_DRAW_PNG)
        return cg_fail(err, CG_ERR_INPUT, "picture format %d: ansi, svg or png", (int)f);
    palette pl;
    make_palette(p, &pl);
    out o = {.buf = buf, .size = buf ? size : 0};
    if (f == CG_DRAW_ANSI)
        draw_ansi(p, &pl, &o);
    else if (f == CG_DRAW_SVG)
        draw_svg(p, &pl, &o);
    else
        draw_png(p, &pl, &o);
    if (f != CG_DRAW_PNG)
        finish_text(&o);
    *needed = o.len;
    return CG_OK;
}

/* The first cube of a text, in any shape. */
static cg_status first_cube(const char *text, size_t len, const char *order, cg_puzzle *p,
                            cg_error *err)
{
    cg_shape_reader *r = malloc(sizeof *r); /* large: not on a binding's thread stack */
    if (!r)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    cg_status st = cg_shape_reader_init(r, CG_SHAPE_AUTO, order, err), last = CG_OK;
    cg_error last_err = {.code = CG_OK};
    bool found = false;
    long line = 0;
    for (size_t i = 0; st == CG_OK && !found && i < len; line++) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t end = nl ? (size_t)(nl - text) : len;
        if (cg_shape_reader_feed(r, text + i, end - i, &last_err) != CG_OK)
            last = CG_ERR_INPUT;
        found = cg_shape_reader_take(r, p, NULL);
        i = end + 1;
    }
    if (st == CG_OK && !found) {
        if (cg_shape_reader_finish(r, &last_err) != CG_OK)
            last = CG_ERR_INPUT;
        found = cg_shape_reader_take(r, p, NULL);
    }
    free(r);
    if (st != CG_OK || found)
        return st;
    if (last != CG_OK) {
        if (err)
            *err = last_err;
        return last;
    }
    return cg_fail(err, CG_ERR_INPUT, "no cube in %ld line%s: boxes, labelled faces, a net, a "
                   "string or ANSI colours were expected", line, line == 1 ? "" : "s");
}

cg_status cg_draw_text(const char *text, size_t len, const char *order, const char *format,
                       char *buf, size_t size, size_t *needed, cg_error *err)
{
    cg_draw_format f = CG_DRAW_ANSI;
    cg_puzzle p;
    *needed = 0;
    cg_status st = cg_draw_format_parse(format ? format : "", &f, err);
    if (st == CG_OK)
        st = first_cube(text ? text : "", text ? len : 0, order, &p, err);
    return st == CG_OK ? cg_puzzle_draw(&p, f, buf, size, needed, err) : st;
}
