/* Labelled faces: "Up face:" (or "U:", "front", "Face U:", "Left side:") then the face's rows. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "read/shapes_internal.h"

static bool is_word(const char *s, size_t len)
{
    return (len == 4 && strncasecmp(s, "face", 4) == 0) || (len == 4 && strncasecmp(s, "side", 4) == 0);
}

int cgi_row_label(const cgi_row *row, int *first)
{
    /* Up to two words (a face name and "face"/"side" either side of it), the last one may carry
     * the colon, or the colon stands alone after them. */
    for (int m = 1; m <= 2 && m <= row->n; m++) {
        int face = -1;
        bool colon = false, ok = true;
        for (int t = 0; t < m && ok; t++) {
            if (row->colour[t])
                return -1;
            const char *s = row->tok[t];
            size_t len = strlen(s);
            if (t == m - 1 && len > 1 && s[len - 1] == ':') {
                len--;
                colon = true;
            }
            int f = cgi_face_named(s, len);
            if (f >= 0 && face < 0)
                face = f;
            else if (!is_word(s, len))
                ok = false;
        }
        if (!ok || face < 0)
            continue;
        int next = m;
        if (!colon && next < row->n && strcmp(row->tok[next], ":") == 0 && !row->colour[next]) {
            colon = true;
            next++;
        }
        if (next < row->n && !colon)
            continue; /* "Left click here" is not a label: stickers after it need the colon */
        *first = next;
        return face;
    }
    return -1;
}

/* The row without its first `first` tokens. */
static void row_tail(const cgi_row *row, int first, cgi_row *out)
{
    memcpy(out, row, sizeof *out);
    out->n = row->n - first;
    for (int t = 0; t < out->n; t++) {
        memcpy(out->tok[t], row->tok[first + t], CGI_TOK);
        out->col[t] = row->col[first + t];
        out->chars[t] = row->chars[first + t];
        out->colour[t] = row->colour[first + t];
    }
    out->ansi = false;
    for (int t = 0; t < out->n; t++)
        out->ansi |= out->colour[t];
}

static void fc_drop(cg_shape_reader *r) { r->fc.on = false; }

static cg_status fc_hand_over(cg_shape_reader *r)
{
    char order[8] = "";
    memcpy(order, r->fc.order, sizeof order);
    cgi_push(r, &r->fc.p, r->fc.rules ? CG_SHAPE_BOXES : CG_SHAPE_FACES, r->fc.ansi, r->fc.first,
             r->fc.last, order);
    memcpy(r->place[r->ready - 1], r->fc.at, sizeof r->fc.at);
    fc_drop(r);
    return CG_OK;
}

/* After a row was taken with status st: a bad sticker drops the faces, the sixth face hands
 * them over. Returns st. */
static cg_status fc_row_taken(cg_shape_reader *r, cg_status st)
{
    if (st != CG_OK)
        fc_drop(r);
    else if (r->fc.faces == CG_FACES)
        fc_hand_over(r);
    return st;
}

/* Stickers of the open face from a row: a row of n, or (as the face's first row) all n*n.
 * Returns false when the row is neither. */
static bool fc_row(cg_shape_reader *r, const cgi_row *row, cg_status *st, cg_error *err)
{
    char tok[CGI_ROW_MAX][CGI_TOK];
    int cols[CGI_ROW_MAX];
    *st = CG_OK;
    if (!cgi_sticker_row_ok(r, row))
        return false;
    int sizes[2] = {r->fc.size ? r->fc.size : 3, r->fc.size ? r->fc.size : 2};
    /* tokens as they are first ("ab cd" is a row of two), split into characters second */
    for (int pass = 0; pass < 4; pass++) {
        int n = sizes[pass % 2], k = 0;
        bool exact = pass < 2;
        if (r->fc.row == 0 && (!exact || row->n == n * n) && cgi_row_stickers(row, n * n, tok, cols))
            k = n * n;
        else if ((!exact || row->n == n) && cgi_row_stickers(row, n, tok, cols))
            k = n;
        if (!k)
            continue;
        if (!r->fc.size) {
            r->fc.size = n;
            r->fc.p.size = (uint8_t)n;
        }
        int base = r->fc.face * n * n + r->fc.row * n;
        for (int i = 0; i < k && *st == CG_OK; i++) {
            r->fc.at[base + i] = (cg_shape_place){r->lineno, cols[i],
                                                  row->ansi ? 0 : (int)strlen(tok[i])};
            *st = cgi_set(&r->fc.p, base + i, tok[i], err);
            if (*st != CG_OK)
                *st = cg_error_prefix(*st, err, "labelled faces: face %c, line %ld, column %d: ",
                                      cg_face_letter(r->fc.face), r->lineno, cols[i]);
        }
        r->fc.ansi |= row->ansi;
        r->fc.last = r->lineno;
        r->fc.row += k / n;
        if (r->fc.row == n) {
            r->fc.done |= 1u << r->fc.face;
            r->fc.p.faces_shown = (uint8_t)r->fc.done;
            r->fc.faces++;
            r->fc.face = -1;
        }
        return true;
    }
    return false;
}

cg_status cgi_faces_start(cg_shape_reader *r, const cgi_row *row, int face, int first, cg_error *err)
{
    cg_status st = CG_OK;
    if (r->fc.on && r->fc.face < 0 && ((r->fc.done >> face) & 1)) {
        if (r->fc.faces >= CG_FACES - 1) {
            fc_hand_over(r);
        } else {
            st = cg_fail(err, CG_ERR_INPUT, "labelled faces (from line %ld): face %c is given twice "
                         "(line %ld) before the cube had five faces", r->fc.first,
                         cg_face_letter(face), r->lineno);
            fc_drop(r);
        }
    }
    if (!r->fc.on) {
        memset(&r->fc, 0, sizeof r->fc);
        r->fc.on = true;
        r->fc.first = r->lineno;
        cg_puzzle_clear(&r->fc.p);
    }
    r->fc.face = face;
    r->fc.row = 0;
    r->fc.label_line = r->lineno;
    size_t l = strlen(r->fc.order);
    if (l < 6) {
        r->fc.order[l] = cg_face_letter(face);
        r->fc.order[l + 1] = '\0';
    }
    if (first < row->n) {
        cgi_row tail;
        row_tail(row, first, &tail);
        cg_status rs;
        if (!fc_row(r, &tail, &rs, err)) {
            fc_drop(r);
            bool list = tail.tok[0][0] == '['; /* "U: ['W', 'W', ...]": the dict shape's */
            return cg_fail(err, CG_ERR_INPUT, "labelled faces: line %ld: face %c's label is followed "
                           "by %d sticker%s (column %d): expected a row (2 or 3) or the whole face "
                           "(4 or 9)%s", r->lineno, cg_face_letter(face), tail.n,
                           tail.n == 1 ? "" : "s", tail.col[0],
                           list ? "; a list in brackets is read by the dict shape" : "");
        }
        if (fc_row_taken(r, rs) != CG_OK)
            return rs;
    }
    return st;
}

cg_status cgi_faces_line(cg_shape_reader *r, const cgi_row *row, bool *consumed, cg_error *err)
{
    *consumed = false;
    if (!r->fc.on)
        return CG_OK;
    if (row->rule) {
        r->fc.rules = true;
        *consumed = true;
        return CG_OK;
    }
    if (r->fc.face >= 0) {
        cg_status st;
        if (fc_row(r, row, &st, err)) {
            *consumed = true;
            return fc_row_taken(r, st);
        }
        int face = r->fc.face, n = r->fc.size;
        long label = r->fc.label_line;
        int got = row->n;
        fc_drop(r);
        if (n)
            return cg_fail(err, CG_ERR_INPUT, "labelled faces of a %dx%d: face %c (label on line %ld): "
                           "line %ld has %d sticker%s where %d were expected", n, n,
                           cg_face_letter(face), label, r->lineno, got, got == 1 ? "" : "s", n);
        return cg_fail(err, CG_ERR_INPUT, "labelled faces: face %c (label on line %ld): line %ld has "
                       "%d sticker%s where a row of 2 or 3 (or a whole face of 4 or 9) was expected",
                       cg_face_letter(face), label, r->lineno, got, got == 1 ? "" : "s");
    }
    int first, face = cgi_row_label(row, &first);
    if (face >= 0) {
        *consumed = true;
        return cgi_faces_start(r, row, face, first, err);
    }
    /* Five faces and a line that is none: the cube is complete. A blank line ends it too, unless
     * blank lines already stood between this block's faces (then only a sixth label continues). */
    if (r->fc.faces >= CG_FACES - 1 && !(row->blank && r->fc.blank_sep))
        return fc_hand_over(r);
    if (row->blank && r->fc.faces < CG_FACES - 1)
        r->fc.blank_sep = true;
    *consumed = true; /* text between faces */
    return CG_OK;
}

cg_status cgi_faces_stop(cg_shape_reader *r, bool end, cg_error *err)
{
    if (!r->fc.on)
        return CG_OK;
    if (r->fc.face < 0 && r->fc.faces >= CG_FACES - 1)
        return fc_hand_over(r);
    if (!end)
        return CG_OK;
    int faces = r->fc.faces, face = r->fc.face;
    long first = r->fc.first;
    fc_drop(r);
    if (face >= 0)
        return cg_fail(err, CG_ERR_INPUT, "labelled faces (from line %ld): face %c is cut off by the "
                       "end of input", first, cg_face_letter(face));
    return cg_fail(err, CG_ERR_INPUT, "labelled faces (from line %ld): only %d face%s before the end "
                   "of input; a cube needs five or six", first, faces, faces == 1 ? "" : "s");
}
