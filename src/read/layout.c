/* Layout templates (cg_layout_new): a drawing of one cube with each sticker written as its
 * facelet name, read line by line; the reader then takes the stickers of any drawing whose lines
 * have the template's tokens in the template's places. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/shapes_internal.h"
#include "puzzle/reader.h"

#define LAYOUT_LINES 54

typedef struct tpl_token {
    int names;               /* 0: a literal, else the facelet names it stands for */
    uint8_t sticker[9];      /* puzzle index of each name */
    char text[CGI_TOK];      /* a literal, as the row reader keeps it */
} tpl_token;

typedef struct tpl_line {
    int ntok;
    long line;               /* in the template */
    tpl_token tok[CGI_ROW_MAX];
} tpl_line;

struct cg_layout {
    int size, nlines;
    tpl_line lines[LAYOUT_LINES];
    /* reading progress */
    int at;
    long first;
    cg_puzzle p;
    cg_shape_place place[CG_PUZZLE_STICKERS_MAX]; /* where each sticker stood */
};

/* Facelet names in a token ("U1", "U1U2U3"): how many, the face letter and digit of each; 0 when
 * the token is anything else. */
static int names_in(const char *t, char face[9], int digit[9])
{
    size_t len = strlen(t);
    if (len == 0 || len % 2 || len > 18)
        return 0;
    for (size_t i = 0; i < len; i += 2) {
        if (!strchr("URFDLB", t[i]) || t[i] == '\0' || t[i + 1] < '1' || t[i + 1] > '9')
            return 0;
        face[i / 2] = t[i];
        digit[i / 2] = t[i + 1] - '0';
    }
    return (int)(len / 2);
}

static cg_status add_line(cg_layout *l, const cgi_row *row, long lineno, int *where, int *maxd,
                          cg_error *err)
{
    tpl_line tl = {.ntok = row->n, .line = lineno};
    int names = 0;
    for (int t = 0; t < row->n && t < CGI_ROW_MAX; t++) {
        char face[9];
        int digit[9];
        int k = names_in(row->tok[t], face, digit);
        tpl_token *tk = &tl.tok[t];
        tk->names = k;
        snprintf(tk->text, sizeof tk->text, "%s", row->tok[t]);
        for (int i = 0; i < k; i++) {
            int id = (int)(strchr("URFDLB", face[i]) - "URFDLB") * 9 + digit[i] - 1;
            if (where[id])
                return cg_fail(err, CG_ERR_INPUT, "layout line %ld: %c%d given twice (first on "
                               "line %d)", lineno, face[i], digit[i], where[id]);
            where[id] = (int)lineno;
            *maxd = digit[i] > *maxd ? digit[i] : *maxd;
            tk->sticker[i] = (uint8_t)id; /* Kociemba's numbering for now */
        }
        names += k;
    }
    if (!names)
        return CG_OK;
    if (row->long_line)
        return cg_fail(err, CG_ERR_INPUT, "layout line %ld: more than %d tokens", lineno, CGI_ROW_MAX);
    if (l->nlines == LAYOUT_LINES)
        return cg_fail(err, CG_ERR_INPUT, "layout line %ld: more than %d lines with stickers",
                       lineno, LAYOUT_LINES);
    l->lines[l->nlines++] = tl;
    return CG_OK;
}

/* Every name of the size once: the missing ones listed. */
static cg_status check_names(cg_layout *l, const int *where, int maxd, cg_error *err)
{
    l->size = maxd > 4 ? 3 : 2;
    int per = l->size * l->size, count = 0, more = 0;
    char missing[96] = "";
    for (int f = 0; f < 6; f++)
        for (int d = 1; d <= 9; d++) {
            if (!where[f * 9 + d - 1]) {
                size_t m = strlen(missing);
                if (d <= per && m + 4 < sizeof missing) /* " U1" and the terminator */
                    snprintf(missing + m, sizeof missing - m, " %c%d", "URFDLB"[f], d);
                else
                    more += d <= per;
                continue;
            }
            count++;
        }
    if (count == 0)
        return cg_fail(err, CG_ERR_INPUT, "the layout names no sticker: write each as its facelet "
                       "name, U1 ... U9 R1 ... B9 (a 2x2: U1 ... B4), in Kociemba's numbering");
    if (missing[0])
        return more ? cg_fail(err, CG_ERR_INPUT, "the layout names %d stickers, a %dx%d has %d; "
                              "missing:%s and %d more", count, l->size, l->size, 6 * per, missing, more)
                    : cg_fail(err, CG_ERR_INPUT, "the layout names %d stickers, a %dx%d has %d; "
                              "missing:%s", count, l->size, l->size, 6 * per, missing);
    /* Kociemba's name -> the puzzle's sticker index (faces U D F B L R) */
    for (int i = 0; i < l->nlines; i++)
        for (int t = 0; t < l->lines[i].ntok; t++) {
            tpl_token *tk = &l->lines[i].tok[t];
            for (int k = 0; k < tk->names; k++) {
                int id = tk->sticker[k];
                tk->sticker[k] = (uint8_t)(cg_face_from_letter("URFDLB"[id / 9]) * per + id % 9);
            }
        }
    return CG_OK;
}

cg_status cg_layout_new(const char *text, size_t len, cg_layout **out, cg_error *err)
{
    *out = NULL;
    cg_layout *l = calloc(1, sizeof *l);
    if (!l)
        return cg_fail(err, CG_ERR_NOMEM, "no memory for a layout");
    int where[54] = {0}, maxd = 0, cell = 0;
    long lineno = 0;
    cg_status st = CG_OK;
    for (size_t i = 0; i <= len && st == CG_OK;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        if (e == len && i == len)
            break;
        lineno++;
        cgi_row row;
        cgi_row_read(text + i, e - i, &cell, &row);
        st = add_line(l, &row, lineno, where, &maxd, err);
        i = e + 1;
    }
    if (st == CG_OK)
        st = check_names(l, where, maxd, err);
    if (st != CG_OK) {
        free(l);
        return st;
    }
    *out = l;
    return CG_OK;
}

void cg_layout_free(cg_layout *l) { free(l); }

int cg_layout_size(const cg_layout *l) { return l ? l->size : 0; }

/* Whether a drawing's row fits a template line: the same tokens, literals equal, a group of k
 * names one token of k characters. */
static bool fits(const tpl_line *tl, const cgi_row *row)
{
    if (row->n != tl->ntok || row->long_line)
        return false;
    for (int t = 0; t < row->n; t++) {
        const tpl_token *tk = &tl->tok[t];
        size_t len = strlen(row->tok[t]);
        if (!tk->names && strcmp(tk->text, row->tok[t]) != 0)
            return false;
        if (tk->names > 1 && (int)len != tk->names)
            return false;
        if (tk->names == 1 && len > CG_TOKEN_MAX)
            return false;
    }
    return true;
}

static cg_status take_row(cg_layout *l, const tpl_line *tl, const cgi_row *row, long lineno,
                          cg_error *err)
{
    for (int t = 0; t < row->n; t++) {
        const tpl_token *tk = &tl->tok[t];
        for (int k = 0; k < tk->names; k++) {
            char one[CGI_TOK];
            if (tk->names == 1)
                snprintf(one, sizeof one, "%s", row->tok[t]);
            else
                snprintf(one, sizeof one, "%c", row->tok[t][k]);
            l->place[tk->sticker[k]] = (cg_shape_place){lineno, row->col[t] + k,
                                                         row->colour[t] ? 0 : (int)strlen(one)};
            cg_status st = cgi_set(&l->p, tk->sticker[k], one, err);
            if (st != CG_OK)
                return st;
        }
    }
    return CG_OK;
}

cg_status cgi_layout_line(cg_shape_reader *r, const cgi_row *row, cg_error *err)
{
    cg_layout *l = (cg_layout *)r->layout;
    if (row->blank || row->rule)
        return CG_OK;
    cg_status st = CG_OK;
    if (l->at > 0 && !fits(&l->lines[l->at], row)) {
        if (l->at >= 2)
            st = cg_fail(err, CG_ERR_INPUT, "a drawing in the layout (from line %ld): line %ld has "
                         "%d token%s where layout line %ld has %d", l->first, r->lineno, row->n,
                         row->n == 1 ? "" : "s", l->lines[l->at].line, l->lines[l->at].ntok);
        l->at = 0;
    }
    if (l->at == 0) {
        if (!fits(&l->lines[0], row))
            return st;
        cg_puzzle_clear_size(&l->p, l->size);
        memset(l->place, 0, sizeof l->place);
        l->first = r->lineno;
    }
    cg_status st2 = take_row(l, &l->lines[l->at], row, r->lineno, err);
    if (st2 != CG_OK) {
        l->at = 0;
        return cg_error_prefix(st2, err, "a drawing in the layout: line %ld: ", r->lineno);
    }
    if (++l->at == l->nlines) {
        l->at = 0;
        cgi_push(r, &l->p, CG_SHAPE_LAYOUT, row->ansi, l->first, r->lineno, "layout");
        memcpy(r->place[r->ready - 1], l->place, sizeof l->place);
    }
    return st;
}

cg_status cgi_layout_stop(cg_shape_reader *r, bool end, cg_error *err)
{
    cg_layout *l = (cg_layout *)r->layout;
    if (!l || !end || l->at == 0)
        return CG_OK;
    int at = l->at;
    l->at = 0;
    return cg_fail(err, CG_ERR_INPUT, "a drawing in the layout (from line %ld): cut off by the end "
                   "of input after %d of its %d lines", l->first, at, l->nlines);
}

bool cgi_layout_busy(const cg_shape_reader *r) { return r->layout && r->layout->at > 0; }

cg_status cg_shape_reader_layout(cg_shape_reader *r, cg_layout *l, cg_error *err)
{
    if (!l)
        return cg_fail(err, CG_ERR_INPUT, "no layout given");
    l->at = 0;
    r->layout = l;
    r->mode = CG_SHAPE_LAYOUT;
    return CG_OK;
}
