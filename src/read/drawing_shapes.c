/* The one shape of a drawing of any symbols whose places the shape reader does not give yet: a
 * net (labelled faces, boxes, strings and layouts are placed by the shape reader itself,
 * cgi_read_first). It finds where every sticker stands; drawing.c does the rest. */
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
