/* The unfolded cross: U's rows over F, the rows across L F R B, D's rows under F; or the
 * vertical cross: rows across L F R, B's rows under D's (turned half a turn, as folding shows). */
#include <stdio.h>
#include <string.h>

#include "read/shapes_internal.h"

static const int ACROSS[4] = {CG_L, CG_F, CG_R, CG_B};

/* Hands the net over in its side faces' order (cg_shape_reader_across); an order that gives no
 * cube drops it with the reason. */
static cg_status net_hand_over(cg_shape_reader *r, cg_error *err)
{
    int n = r->net.size, per = n * n;
    cg_puzzle *p = &r->net.p;
    p->faces_shown = 0;
    for (int f = 0; f < CG_FACES; f++) {
        bool any = false;
        for (int k = 0; k < per; k++)
            any |= p->sticker[f * per + k] != CG_UNKNOWN;
        if (any)
            p->faces_shown |= (uint8_t)(1u << f);
    }
    r->net.on = false;
    r->net.pending = 0;
    /* where each sticker went: a puzzle whose sticker i is i, relabelled as p is */
    cg_puzzle was, moved;
    cg_puzzle_clear_size(&was, n);
    for (int i = 0; i < 6 * per; i++)
        was.sticker[i] = (int8_t)i;
    char across[8] = "LFRB", note[sizeof r->info[0].note] = "";
    cg_status st = CG_OK;
    if (r->net.cross) {
        int turned; /* the quarter turns B was read turned (set by cgi_cross_auto) */
        snprintf(across, sizeof across, "LFR");
        st = cgi_cross_auto(p, note, sizeof note, &turned, r->symbols ? NULL : err);
        if (st != CG_OK && r->symbols) {
            cg_puzzle q = *p;
            cgi_turn_b(&q, turned = 2, p); /* other symbols fold as a cross does */
            st = CG_OK;
        }
        cgi_turn_b(&was, turned, &moved);
        was = moved;
    } else if (r->across[0] && strcmp(r->across, "LFRB") != 0) {
        cg_puzzle q = *p;
        cgi_across_relabel(&q, r->across, p);
        snprintf(across, sizeof across, "%s", r->across);
    } else if (!r->across[0]) {
        st = cgi_across_auto(p, across, r->symbols ? NULL : err);
        if (st != CG_OK && r->symbols) { /* other symbols: the usual order */
            snprintf(across, sizeof across, "LFRB");
            st = CG_OK;
        }
    }
    if (!r->net.cross && strcmp(across, "LFRB") != 0) {
        cgi_across_relabel(&was, across, &moved);
        was = moved;
    }
    if (st != CG_OK)
        return cg_error_prefix(st, err, "a %s of %dx%d faces (lines %ld-%ld): ",
                               r->net.cross ? "cross with B under D" : "net", n, n, r->net.first,
                               r->net.last);
    cgi_push(r, p, CG_SHAPE_NET, r->net.ansi, r->net.first, r->net.last,
             r->net.cross ? "cross" : "net");
    for (int i = 0; i < 6 * per; i++)
        r->place[r->ready - 1][i] = r->net.at[was.sticker[i]];
    snprintf(r->info[r->ready - 1].across, sizeof r->info[0].across, "%s", across);
    snprintf(r->info[r->ready - 1].note, sizeof note, "%s", note);
    return CG_OK;
}

static cg_status set_row(cg_shape_reader *r, int face, int row, char tok[][CGI_TOK], const int *cols,
                         int k, int faces_across, long line, bool ansi, cg_error *err)
{
    int n = r->net.size;
    for (int i = 0; i < k; i++) {
        int f = faces_across ? ACROSS[i / n] : face, at = f * n * n + row * n + i % n;
        r->net.at[at] = (cg_shape_place){line, cols[i], ansi ? 0 : (int)strlen(tok[i])};
        cg_status st = cgi_set(&r->net.p, at, tok[i], err);
        if (st != CG_OK) {
            r->net.on = false;
            r->net.pending = 0;
            return cg_error_prefix(st, err, "a net of %dx%d faces: line %ld, column %d: ", n, n, line,
                                   cols[i]);
        }
    }
    return CG_OK;
}

static bool plausible_across(const cg_shape_reader *r, char tok[][CGI_TOK], int k)
{
    return r->symbols || cgi_distinct(tok, k) <= CG_FACES;
}

/* Starts the confirmed net at its first row across, L F R B (or L F R: a cross), under the n
 * U rows pending (a net is found by its U rows: a hidden U is drawn as '?' stickers). */
static cg_status confirm(cg_shape_reader *r, int faces, char tok[][CGI_TOK], const int *cols,
                         const cgi_row *row, cg_error *err)
{
    int n = r->net.size;
    r->net.on = true;
    r->net.cross = faces == 3;
    r->net.ansi = row->ansi;
    r->net.col0 = row->col[0];
    r->net.flat = false; /* a U row not indented (any symbols only): nor need D's be */
    for (int i = 0; i < r->net.pending; i++)
        r->net.flat |= r->net.up[i].col0 <= row->col[0];
    r->net.first = r->net.up[0].line;
    r->net.last = r->lineno;
    cg_puzzle_clear_size(&r->net.p, n);
    memset(r->net.at, 0, sizeof r->net.at);
    for (int i = 0; i < r->net.pending; i++) {
        cg_shape_netrow *u = &r->net.up[i];
        int ucols[CG_SHAPE_NET_TOKENS];
        char utok[CG_SHAPE_NET_TOKENS][CGI_TOK];
        for (int j = 0; j < n; j++) {
            ucols[j] = u->col[j];
            memcpy(utok[j], u->tok[j], sizeof u->tok[j]);
        }
        r->net.ansi |= u->ansi;
        cg_status st = set_row(r, CG_U, i, utok, ucols, n, 0, u->line, u->ansi, err);
        if (st != CG_OK)
            return st;
    }
    r->net.pending = 0;
    r->net.row = n + 1;
    return set_row(r, 0, 0, tok, cols, faces * n, 1, r->lineno, row->ansi, err);
}

static void keep_up(cg_shape_reader *r, const cgi_row *row, char tok[][CGI_TOK], const int *cols, int n)
{
    cg_shape_netrow *u = &r->net.up[r->net.pending++];
    r->net.size = n;
    u->n = n;
    u->col0 = cols[0];
    u->line = r->lineno;
    u->ansi = row->ansi;
    for (int j = 0; j < n; j++) {
        u->col[j] = cols[j];
        memcpy(u->tok[j], tok[j], CG_TOKEN_MAX + 1);
    }
}

/* What a row holds, for a message: its tokens, or the characters of its one token. */
static int count_of(const cgi_row *row)
{
    int k = 0;
    for (size_t i = 0, l = strlen(row->tok[0]); row->n == 1 && i < l; k++)
        i += cgi_grapheme(row->tok[0] + i, l - i);
    return row->n == 1 ? k : row->n;
}

/* U rows are kept in the reader: a token too long for a puzzle makes the row plain text. */
static bool short_tokens(char tok[][CGI_TOK], int k)
{
    for (int i = 0; i < k; i++)
        if (strlen(tok[i]) > CG_TOKEN_MAX)
            return false;
    return true;
}

cg_status cgi_net_line(cg_shape_reader *r, const cgi_row *row, bool *consumed, cg_error *err)
{
    char tok[CGI_ROW_MAX][CGI_TOK];
    int cols[CGI_ROW_MAX];
    *consumed = false;
    bool ok = cgi_sticker_row_ok(r, row);
    if (r->net.on) {
        int n = r->net.size;
        if (row->blank || row->rule) {
            *consumed = true;
            return CG_OK;
        }
        int across = r->net.cross ? 3 : 4, rows = r->net.cross ? 4 * n : 3 * n;
        if (r->net.row < 2 * n) {
            if (ok && cgi_row_stickers(row, across * n, tok, cols)) {
                *consumed = true;
                r->net.ansi |= row->ansi;
                r->net.last = r->lineno;
                return set_row(r, 0, r->net.row++ - n, tok, cols, across * n, 1, r->lineno, row->ansi, err);
            }
            r->net.on = false;
            return cg_fail(err, CG_ERR_INPUT, "a net of %dx%d faces (from line %ld): row %d (line %ld) "
                           "has %d sticker%s where %d (%s) were expected%s", n, n, r->net.first,
                           r->net.row + 1, r->lineno, count_of(row),
                           count_of(row) == 1 ? "" : "s", across * n, r->net.cross ? "L F R" : "L F R B",
                           row->n == 3 * n && !r->net.cross
                               ? " (a hidden face is shown as '?' stickers)" : "");
        }
        if (ok && cgi_row_stickers(row, n, tok, cols) && (cols[0] > r->net.col0 || r->net.flat)) {
            *consumed = true;
            r->net.ansi |= row->ansi;
            r->net.last = r->lineno;
            int k = r->net.row++ - 2 * n; /* D's rows, then (a cross) B's as drawn */
            cg_status st = set_row(r, k < n ? CG_D : CG_B, k % n, tok, cols, n, 0, r->lineno, row->ansi, err);
            if (st == CG_OK && r->net.row == rows)
                st = net_hand_over(r, err);
            return st;
        }
        if ((r->net.row == 2 * n || (r->net.cross && r->net.row == 3 * n)) &&
            (row->n == 0 || row->col[0] <= r->net.col0)) {
            /* the line is not indented under F: no D rows (or no B rows), that face is hidden */
            return net_hand_over(r, err);
        }
        r->net.on = false;
        return cg_fail(err, CG_ERR_INPUT, "a net of %dx%d faces (from line %ld): row %d (line %ld) has "
                       "%d sticker%s where %d (%s) were expected", n, n, r->net.first,
                       r->net.row + 1, r->lineno, count_of(row),
                       count_of(row) == 1 ? "" : "s", n,
                       r->net.row < 3 * n ? "D, under F" : "B, under D");
    }
    if (!ok)
        return CG_OK;
    /* U rows wait for the first row across L F R B (indented less than they are); when the line
     * does not continue them, the oldest is dropped as text and the rest tried again. */
    while (r->net.pending > 0) {
        int n = r->net.size;
        if (r->net.pending < n && cgi_row_stickers(row, n, tok, cols) && short_tokens(tok, n)) {
            keep_up(r, row, tok, cols, n);
            *consumed = true;
            return CG_OK;
        }
        if (r->net.pending == n && cgi_row_stickers(row, 4 * n, tok, cols) &&
            plausible_across(r, tok, 4 * n) && (r->net.up[0].col0 > cols[0] || r->symbols)) {
            *consumed = true;
            return confirm(r, 4, tok, cols, row, err);
        }
        /* a cross: three faces across, U standing over the middle one */
        if (r->net.pending == n && cgi_row_stickers(row, 3 * n, tok, cols) &&
            plausible_across(r, tok, 3 * n) && r->net.up[0].col0 > cols[0] &&
            r->net.up[0].col0 < cols[3 * n - 1]) {
            *consumed = true;
            return confirm(r, 3, tok, cols, row, err);
        }
        int got = count_of(row);
        if (r->net.pending == n && !r->miss[0] && got > 2 * n && got < 8 * n)
            snprintf(r->miss, sizeof r->miss, "a net of %dx%d faces (from line %ld): line %ld has %d "
                     "stickers where %d (a row across the side faces) were expected", n, n,
                     r->net.up[0].line, r->lineno, got, 4 * n);
        memmove(&r->net.up[0], &r->net.up[1], sizeof r->net.up[0] * (size_t)(r->net.pending - 1));
        r->net.pending--;
    }
    for (int n = 3; n >= 2; n--)
        if (cgi_row_stickers(row, n, tok, cols) && short_tokens(tok, n)) {
            keep_up(r, row, tok, cols, n);
            *consumed = true;
            return CG_OK;
        }
    return CG_OK;
}

cg_status cgi_net_stop(cg_shape_reader *r, bool end, cg_error *err)
{
    if (!r->net.on) {
        if (end)
            r->net.pending = 0;
        return CG_OK;
    }
    int n = r->net.size;
    if (r->net.row == 2 * n || (r->net.cross && r->net.row == 3 * n))
        return net_hand_over(r, err);
    if (!end)
        return CG_OK;
    r->net.on = false;
    return cg_fail(err, CG_ERR_INPUT, "a net of %dx%d faces (from line %ld): cut off by the end of "
                   "input after row %d of %d", n, n, r->net.first,
                   r->net.row, 3 * n + (r->net.cross ? n : 0));
}
