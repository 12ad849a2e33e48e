/* The one reader for whole texts (cg_read_text, cg_toward_text): the shape reader fed line by
 * line, each cube written out as a line of stickers, so that callers in any language (Python's
 * read()) get the cubes the command line gets. */
#include <stdio.h>
#include <string.h>

#include "cubegod/state.h"
#include "read/shapes_internal.h"
#include "puzzle/reader.h"

/* A puzzle as one line of its stickers, faces U D F B L R, blank-separated ('?' unknown). */
static size_t puzzle_line(const cg_puzzle *p, char *buf, size_t size)
{
    size_t len = 0;
    for (int i = 0; i < cg_puzzle_stickers(p); i++) {
        const char *t = p->sticker[i] == CG_UNKNOWN ? "?" : p->colour[p->sticker[i]];
        int k = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%s",
                         i ? " " : "", t);
        len += k > 0 ? (size_t)k : 0;
    }
    return len;
}

/* The end of the line that starts at i: its '\n', or len. */
static size_t line_end(const char *text, size_t len, size_t i)
{
    while (i < len && text[i] != '\n')
        i++;
    return i;
}

static cg_status reader_setup(cg_shape_reader *r, const char *input, cg_shape *shape,
                              const char *order, const char *across, cg_layout **lay,
                              const char *layout, cg_error *err)
{
    *shape = CG_SHAPE_AUTO;
    cg_status st = input ? cg_shape_parse(input, shape, err) : CG_OK;
    if (st == CG_OK)
        st = cg_shape_reader_init(r, *shape, order, err);
    if (st == CG_OK)
        st = cg_shape_reader_across(r, across, err);
    if (st == CG_OK && layout) {
        st = cg_layout_new(layout, strlen(layout), lay, err);
        if (st == CG_OK)
            st = cg_shape_reader_layout(r, *lay, err);
    }
    return st;
}

bool cg_shape_first(const char *text, size_t len, const char *order, cg_shape_info *info)
{
    cg_shape_reader *r;
    if (cg_shape_reader_new(&r, CG_SHAPE_AUTO, order, NULL) != CG_OK)
        return false;
    cg_puzzle p;
    bool found = false;
    for (size_t i = 0; i < len && !found;) {
        size_t e = line_end(text, len, i);
        /* one shape's error ends nothing: a later line may start another shape's cube */
        cg_shape_reader_feed(r, text + i, e - i, NULL);
        i = e + 1;
        if (i >= len)
            cg_shape_reader_finish(r, NULL);
        found = cg_shape_reader_take(r, &p, info);
    }
    cg_shape_reader_free(r);
    return found;
}

/* No cube: a text of one line is said why as a string (what solve --line says); a text read in
 * one shape that holds a cube in another says where and which. */
static cg_status no_cube(const char *text, size_t len, cg_shape shape, const char *order,
                         long lines, cg_error *err)
{
    cg_shape_info in;
    if (shape != CG_SHAPE_AUTO && cg_shape_first(text, len, order, &in))
        return cg_fail(err, CG_ERR_INPUT, "no cube found as %s in %ld line%s, but line%s %ld%s%.0ld "
                       "hold%s one as %s", cg_shape_name(shape), lines, lines == 1 ? "" : "s",
                       in.first_line < in.last_line ? "s" : "", in.first_line,
                       in.first_line < in.last_line ? "-" : "",
                       in.first_line < in.last_line ? in.last_line : 0,
                       in.first_line < in.last_line ? "" : "s", cg_shape_name(in.shape));
    size_t a = 0, b = len;
    while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\n' || text[a] == '\r'))
        a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n' ||
                     text[b - 1] == '\r'))
        b--;
    cg_puzzle p;
    cg_error e;
    if (b > a && !memchr(text + a, '\n', b - a) &&
        cg_puzzle_from_string(text + a, b - a, order, &p, &e) != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "no cube found: read as one string, %s", e.msg);
    return cg_fail(err, CG_ERR_INPUT, "no cube found: nothing in %ld line%s is a cube (docs/"
                   "shapes.md shows each shape)", lines, lines == 1 ? "" : "s");
}

cg_status cg_read_text(const char *text, size_t len, const char *input, const char *order,
                       const char *across, const char *layout, char *out, size_t cap,
                       int *count, cg_error *err)
{
    cg_shape_reader r;
    cg_layout *lay = NULL;
    *count = 0;
    if (cap)
        out[0] = '\0';
    cg_shape shape;
    cg_status st = reader_setup(&r, input, &shape, order, across, &lay, layout, err);
    size_t used = 0;
    long lines = 0;
    for (size_t i = 0; st == CG_OK && i < len;) {
        size_t e = line_end(text, len, i);
        lines++;
        st = cg_shape_reader_feed(&r, text + i, e - i, err);
        if (st != CG_OK)
            st = cg_error_prefix(st, err, "line %ld: ", lines);
        i = e + 1;
        if (st == CG_OK && i >= len && (st = cg_shape_reader_finish(&r, err)) != CG_OK)
            st = cg_error_prefix(st, err, "at the end of input (line %ld): ", lines);
        cg_puzzle p;
        while (cg_shape_reader_take(&r, &p, NULL)) {
            size_t need = puzzle_line(&p, NULL, 0) + 1;
            if (used + need >= cap) {
                cg_layout_free(lay);
                return cg_fail(err, CG_ERR_LIMIT, "cube %d does not fit the buffer of %zu bytes",
                               *count + 1, cap);
            }
            used += puzzle_line(&p, out + used, cap - used);
            out[used++] = '\n';
            out[used] = '\0';
            (*count)++;
        }
    }
    if (st == CG_OK && len == 0)
        st = cg_shape_reader_finish(&r, err);
    cg_layout_free(lay);
    if (st == CG_OK && *count == 0)
        st = no_cube(text, len, shape, order, lines, err);
    return st;
}

/* The first cube of a text. */
static cg_status first_cube(const char *text, const char *order, const char *what, cg_puzzle *p,
                            cg_error *err)
{
    char line[CG3_FACELETS * (CG_TOKEN_MAX + 1) * 2 + 16];
    int count;
    cg_status st = cg_read_text(text, strlen(text), NULL, order, NULL, NULL, line, sizeof line,
                                &count, err);
    if (st != CG_OK && !(st == CG_ERR_LIMIT && count > 0))
        return cg_error_prefix(st, err, "%s: ", what);
    char *nl = strchr(line, '\n');
    return cg_puzzle_from_string(line, nl ? (size_t)(nl - line) : strlen(line), "UDFBLR", p, err);
}

cg_status cg_toward_text(const char *goal, const char *current, const char *order, int pick,
                         char *out, size_t cap, cg_error *err)
{
    cg_puzzle g, c, rel;
    cg_status st = first_cube(goal, order, "the goal", &g, err);
    if (st == CG_OK)
        st = first_cube(current, order, "the cube", &c, err);
    if (st == CG_OK)
        st = cg_puzzle_toward(&g, &c, NULL, pick, &rel, err);
    return st == CG_OK ? cg_puzzle_state(&rel, NULL, pick, out, cap, err) : st;
}

bool cgi_read_first(const char *text, size_t len, const cgi_first_options *o, cg_puzzle *p,
                    cg_shape_info *info, cg_shape_place *at, cg_error *err)
{
    cg_shape_reader r;
    cg_layout *lay = NULL;
    cg_shape shape;
    bool got = false, failed = false;
    if (reader_setup(&r, NULL, &shape, o->order, o->across, &lay, o->layout, err) != CG_OK) {
        cg_layout_free(lay);
        return false;
    }
    if (o->mode != CG_SHAPE_AUTO && !o->layout)
        r.mode = o->mode;
    r.symbols = o->symbols;
    for (size_t i = 0; !got;) {
        bool end = i >= len;
        size_t e = line_end(text, len, i);
        cg_error one;
        cg_status st = end ? cg_shape_reader_finish(&r, &one)
                           : cg_shape_reader_feed(&r, text + i, e - i, &one);
        if (st != CG_OK && !failed && err) /* the first error (it names its lines) */
            *err = one;
        failed |= st != CG_OK;
        got = cgi_take_placed(&r, p, info, at);
        if (end)
            break;
        i = e + 1;
    }
    cg_layout_free(lay);
    if (!got && !failed && err) /* no cube: a near miss, or nothing said why */
        snprintf(err->msg, sizeof err->msg, "%s", r.miss);
    return got;
}
