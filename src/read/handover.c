/* What the shape readers (faces.c, net.c, across.c, dict.c, drawing_shapes.c) share with the
 * line dispatcher (detect.c): setting a sticker from a token, where a string's k-th sticker
 * goes, whether a row may give stickers, handing a finished puzzle over, face names, Kociemba
 * places. Below all of them, so none calls another back. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "read/shapes_internal.h"

cg_status cgi_set(cg_puzzle *p, int i, const char *tok, cg_error *err)
{
    if (strcmp(tok, "?") == 0)
        return CG_OK;
    return cg_puzzle_set(p, i, tok, strlen(tok), err);
}

bool cgi_sticker_row_ok(const cg_shape_reader *r, const cgi_row *row)
{
    if (r->mode != CG_SHAPE_ANSI || row->ansi)
        return true;
    for (int t = 0; t < row->n; t++)
        if (strcmp(row->tok[t], "?") != 0)
            return false;
    return row->n > 0;
}

void cgi_push(cg_shape_reader *r, const cg_puzzle *p, cg_shape shape, bool ansi, long first, long last,
              const char *order)
{
    int cap = (int)(sizeof r->out / sizeof r->out[0]);
    if (r->ready == cap) { /* the caller takes after every call; never more than two a line */
        memmove(&r->out[0], &r->out[1], sizeof r->out[0] * (size_t)(cap - 1));
        memmove(&r->info[0], &r->info[1], sizeof r->info[0] * (size_t)(cap - 1));
        memmove(&r->place[0], &r->place[1], sizeof r->place[0] * (size_t)(cap - 1));
        r->ready--;
    }
    memset(r->place[r->ready], 0, sizeof r->place[0]);
    r->out[r->ready] = *p;
    cg_shape_info *in = &r->info[r->ready];
    memset(in, 0, sizeof *in);
    in->shape = shape;
    in->ansi = ansi;
    in->size = p->size;
    in->first_line = first;
    in->last_line = last < first ? first : last;
    snprintf(in->order, sizeof in->order, "%s", order);
    r->ready++;
}

int cgi_string_index(const char *order, int n, int k)
{
    int per = n * n;
    if (strcmp(order, "net") == 0) {
        if (k < per)
            return CG_U * per + k;
        if (k >= 5 * per)
            return CG_D * per + (k - 5 * per);
        static const int across[4] = {CG_L, CG_F, CG_R, CG_B};
        int m = k - per, row = m / (4 * n), c = m % (4 * n);
        return across[c / n] * per + row * n + c % n;
    }
    return cg_face_from_letter(order[k / per]) * per + k % per;
}

cg_status cg_string_order_check(const char *order, cg_error *err)
{
    if (strcmp(order, "net") == 0)
        return CG_OK;
    return cg_face_order_check(order, err);
}

/* The face a word names: a letter (U D F B L R), a name (up down front back left right) or top
 * and bottom, in any case; -1 for anything else. Labelled faces, dict keys and turn's drawings
 * read face names so. */
int cgi_face_named(const char *s, size_t len)
{
    static const char *const names[][3] = {
        {"u", "up", "top"},   {"d", "down", "bottom"}, {"f", "front", ""},
        {"b", "back", ""},    {"l", "left", ""},       {"r", "right", ""},
    };
    char low[8];
    if (len == 0 || len >= sizeof low)
        return -1;
    for (size_t i = 0; i < len; i++)
        low[i] = (char)tolower((unsigned char)s[i]);
    low[len] = '\0';
    for (int f = 0; f < CG_FACES; f++)
        for (int k = 0; k < 3; k++)
            if (names[f][k][0] && strcmp(low, names[f][k]) == 0)
                return f;
    return -1;
}
