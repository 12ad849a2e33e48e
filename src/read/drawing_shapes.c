/* The shapes of a drawing of any symbols whose places the shape reader does not give: a net and
 * a layout template (labelled faces, boxes and strings are placed by the shape reader itself,
 * cgi_read_first). Each finds where every sticker stands; drawing.c does the rest. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "read/drawing_internal.h"
#include "read/shapes_internal.h"

static void put_row(cgi_found *f, int n, int face, int row, const cgi_span *s)
{
    for (int c = 0; c < n; c++)
        f->at[cgi_kociemba(n, face, row, c)] = s[c];
}

/* ---- net ---- */

/* The next line from *l on that is neither blank nor a rule; -1 at the end. */
static int next_content(const cgi_text *t, int l)
{
    while (l < t->nlines && (t->line[l].blank || t->line[l].rule))
        l++;
    return l < t->nlines ? l : -1;
}

/* Where sticker c of row r (after U's) of a net goes: the rows across (`faces` of them: 4, or 3
 * for a cross, L F R), D's rows, then a cross's B rows, drawn turned half a turn as it folds. */
static int net_place(const cgi_read_options *o, int n, int faces, int r, int c)
{
    static const int LFR[3] = {CG_L, CG_F, CG_R};
    if (r < n)
        return cgi_kociemba(n, faces == 4 ? o->across[c / n] : LFR[c / n], r, c % n);
    if (r < 2 * n)
        return cgi_kociemba(n, CG_D, r - n, c);
    return cgi_kociemba(n, CG_B, 3 * n - 1 - r, n - 1 - c);
}

/* Reads the net whose U rows are up[0..n) and whose first row across (`faces` faces) is at line
 * `across`. */
static bool net_at(const cgi_text *t, const cgi_read_options *o, int n, int faces, const int *up,
                   int across, cgi_found *f, char *why, size_t why_size)
{
    cgi_span s[4 * 3];
    const char *what = faces == 4 ? "net" : "cross with B under D";
    for (int r = 0; r < n; r++) {
        cgi_line_stickers(t, up[r], 0, n, s);
        put_row(f, n, CG_U, r, s);
    }
    int l = across, rows = faces == 4 ? 2 * n : 3 * n;
    for (int r = 0; r < rows; r++, l++) {
        int k = r < n ? faces * n : n;
        if (r > 0 && (l = next_content(t, l)) < 0) {
            snprintf(why, why_size, "a %s of %dx%d faces (from line %d): cut off by the end of the "
                     "text after row %d of %d", what, n, n, up[0] + 1, n + r, n + rows);
            return false;
        }
        if (!cgi_line_stickers(t, l, 0, k, s)) {
            char count[48];
            cgi_line_count(t, l, 0, count, sizeof count);
            snprintf(why, why_size, "a %s of %dx%d faces (from line %d): line %d has %s where %d "
                     "(%s) were expected", what, n, n, up[0] + 1, l + 1, count, k,
                     r < n ? "a row across the side faces" : r < 2 * n ? "a row of D" : "a row of B");
            return false;
        }
        for (int c = 0; c < k; c++)
            f->at[net_place(o, n, faces, r, c)] = s[c];
    }
    f->size = n;
    f->first = up[0];
    f->last = l - 1;
    f->shape = faces == 4 ? "net" : "cross";
    return true;
}

cg_status cgi_read_net(const cgi_text *t, const cgi_read_options *o, cgi_found *f, bool *hit,
                       char *miss, size_t miss_size, cg_error *err)
{
    (void)err;
    *hit = false;
    cgi_span s[4 * 3];
    for (int n = 3; n >= 2; n--) {
        if (o->size && o->size != n)
            continue;
        int up[3], nup = 0; /* the last rows of n stickers in a row, blank lines between allowed */
        for (int l = 0; l < t->nlines; l++) {
            const cgi_line *line = &t->line[l];
            if (line->blank || line->rule)
                continue;
            int faces = nup < n ? 0 : cgi_line_stickers(t, l, 0, 4 * n, s) ? 4
                        : cgi_line_stickers(t, l, 0, 3 * n, s) ? 3 : 0;
            if (faces) {
                char why[320];
                if (net_at(t, o, n, faces, up, l, f, why, sizeof why)) {
                    *hit = true;
                    return CG_OK;
                }
                if (!miss[0])
                    snprintf(miss, miss_size, "%s", why);
                nup = 0;
            } else if (cgi_line_stickers(t, l, 0, n, s)) {
                if (nup == n)
                    memmove(up, up + 1, sizeof up[0] * (size_t)(n - 1));
                up[nup < n ? nup++ : n - 1] = l;
            } else {
                if (nup == n && !miss[0] && line->ng > 2 * n && line->ng < 8 * n) {
                    char count[48];
                    cgi_line_count(t, l, 0, count, sizeof count);
                    snprintf(miss, miss_size, "a net of %dx%d faces (from line %d): line %d has %s "
                             "where %d (a row across the side faces) were expected", n, n,
                             up[0] + 1, l + 1, count, 4 * n);
                }
                nup = 0;
            }
        }
    }
    return CG_OK;
}

/* ---- layout template ---- */

enum { LAYOUT_ROWS = 64 };

typedef struct layout_row {
    int count;
    uint8_t place[CGI_ROW_STICKERS]; /* Kociemba index of each name, in reading order */
    int ntok;                        /* the template line's tokens */
    int names[CGI_ROW_STICKERS];     /* names each token stands for, 0 for a literal ("top:") */
    char literal[CGI_ROW_STICKERS][16]; /* a literal's text (cut: compared as far as kept) */
} layout_row;

/* The stickers of a line read token by token as the template line writes it: its words are the
 * template's tokens, a literal skipped, a token of k names k characters. */
static bool by_tokens(const cgi_text *t, int l, const layout_row *row, cgi_span *s)
{
    cgi_span w[CGI_ROW_STICKERS];
    if (row->ntok > CGI_ROW_STICKERS || cgi_line_words(t, l, w, CGI_ROW_STICKERS) != row->ntok)
        return false;
    int k = 0;
    for (int i = 0; i < row->ntok; i++) {
        if (row->names[i] == 0) { /* a literal stands where the template has it */
            size_t n = strlen(row->literal[i]);
            if (w[i].len < n || memcmp(t->text + w[i].off, row->literal[i], n) != 0)
                return false;
            continue;
        }
        if (row->names[i] == 1) {
            s[k++] = w[i];
            continue;
        }
        size_t off = w[i].off, end = w[i].off + w[i].len;
        for (int c = 0; c < row->names[i]; c++) {
            if (off >= end)
                return false;
            size_t g = cgi_grapheme(t->text + off, end - off);
            s[k++] = (cgi_span){off, (uint32_t)g};
            off += g;
        }
        if (off != end)
            return false;
    }
    return k == row->count;
}

/* Whether the text's lines from `start` on (blank lines skipped) hold the template's rows. */
static bool layout_at(const cgi_text *t, int start, const layout_row *rows, int nrows,
                      cgi_found *f, int *reached)
{
    cgi_span s[CGI_ROW_STICKERS];
    int l = start;
    for (int r = 0; r < nrows; r++, l++) {
        while (l < t->nlines && t->line[l].blank)
            l++;
        if (l == t->nlines || !(by_tokens(t, l, &rows[r], s) ||
                                cgi_line_stickers(t, l, 0, rows[r].count, s))) {
            *reached = r;
            return false;
        }
        for (int k = 0; k < rows[r].count; k++)
            f->at[rows[r].place[k]] = s[k];
    }
    f->first = start;
    f->last = l - 1;
    return true;
}

/* The template read by the shape reader's one parser (cg_layout_new), its rows of names. */
static cg_status layout_rows(const char *layout, const cgi_read_options *o, layout_row *rows,
                             int *nrows, int *n, cg_error *err)
{
    cg_layout *lay;
    *nrows = *n = 0;
    cg_status st = cg_layout_new(layout, strlen(layout), &lay, err);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "layout: ");
    *n = cg_layout_size(lay);
    *nrows = cgi_layout_lines(lay);
    if (*nrows > LAYOUT_ROWS)
        st = cg_fail(err, CG_ERR_INPUT, "layout: more than %d lines with stickers", LAYOUT_ROWS);
    else if (o->size && o->size != *n)
        st = cg_fail(err, CG_ERR_INPUT, "layout: the template is a %dx%d, the size asked is %d", *n, *n,
                     o->size);
    for (int r = 0; r < *nrows && st == CG_OK; r++) {
        rows[r].count = cgi_layout_places(lay, r, rows[r].place, CGI_ROW_STICKERS);
        const char *text[CGI_ROW_STICKERS];
        rows[r].ntok = cgi_layout_tokens(lay, r, rows[r].names, text, CGI_ROW_STICKERS);
        for (int k = 0; k < rows[r].ntok && k < CGI_ROW_STICKERS; k++)
            if (rows[r].names[k] == 0)
                snprintf(rows[r].literal[k], sizeof rows[r].literal[k], "%s", text[k]);
        if (rows[r].count > CGI_ROW_STICKERS)
            st = cg_fail(err, CG_ERR_INPUT, "layout: a line of %d names", rows[r].count);
    }
    cg_layout_free(lay);
    return st;
}

cg_status cgi_read_layout(const cgi_text *t, const cgi_read_options *o, const char *layout,
                          cgi_found *f, cg_error *err)
{
    layout_row *local = calloc(LAYOUT_ROWS, sizeof *local); /* 70 KB: not on the stack */
    if (!local)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for a layout");
    int nrows = 0, n = 0;
    cg_status st = layout_rows(layout, o, local, &nrows, &n, err);
    if (st != CG_OK) {
        free(local);
        return st;
    }
    int best = -1, best_line = 0;
    for (int start = 0; start < t->nlines; start++) {
        int reached = 0;
        if (t->line[start].blank)
            continue;
        if (layout_at(t, start, local, nrows, f, &reached)) {
            f->size = n;
            f->shape = "layout";
            free(local);
            return CG_OK;
        }
        if (reached > best) {
            best = reached;
            best_line = start;
        }
    }
    int next = local[best < 0 ? 0 : best].count;
    free(local);
    return cg_fail(err, CG_ERR_INPUT, "no part of the text has the layout's rows: the best match, "
                   "from line %d, has %d of its %d rows (the next row needs %d stickers)",
                   best_line + 1, best < 0 ? 0 : best, nrows, next);
}
