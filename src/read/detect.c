/* The shape reader: which shape each line belongs to, strings, and writing puzzles in a shape. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/shapes_internal.h"

static const char *const SHAPE_NAMES[] = {"auto", "boxes", "faces", "net", "string", "ansi",
                                          "dict", "json", "layout"};

const char *cg_shape_name(cg_shape s)
{
    return (unsigned)s < sizeof SHAPE_NAMES / sizeof *SHAPE_NAMES ? SHAPE_NAMES[s] : "?";
}

cg_status cg_shape_parse(const char *name, cg_shape *out, cg_error *err)
{
    for (int s = 0; s < CG_SHAPE_LAYOUT; s++) /* a layout is given as one (--layout) */
        if (strcmp(name, SHAPE_NAMES[s]) == 0) {
            *out = (cg_shape)s;
            return CG_OK;
        }
    return cg_fail(err, CG_ERR_INPUT, "'%.40s' is not a shape: auto, boxes, faces, net, string, ansi, "
                   "dict or json", name);
}

cg_status cg_shape_reader_new(cg_shape_reader **out, cg_shape mode, const char *order,
                              cg_error *err)
{
    cg_shape_reader *r = malloc(sizeof *r);
    *out = NULL;
    if (!r)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for a shape reader");
    cg_status st = cg_shape_reader_init(r, mode, order, err);
    if (st != CG_OK) {
        free(r);
        return st;
    }
    *out = r;
    return CG_OK;
}

void cg_shape_reader_free(cg_shape_reader *r)
{
    free(r);
}

cg_status cg_shape_reader_init(cg_shape_reader *r, cg_shape mode, const char *order, cg_error *err)
{
    memset(r, 0, sizeof *r);
    r->order_auto = !order;
    if (!order)
        order = "UDFBLR";
    cg_status st = cg_string_order_check(order, err);
    if (st != CG_OK)
        return st;
    if (mode == CG_SHAPE_LAYOUT)
        return cg_fail(err, CG_ERR_INPUT, "shape layout: give the layout "
                       "(cg_shape_reader_layout)");
    if ((unsigned)mode > CG_SHAPE_JSON)
        return cg_fail(err, CG_ERR_INPUT, "shape %d is not one of auto, boxes, faces, net, string, "
                       "ansi, dict, json", (int)mode);
    if (mode == CG_SHAPE_JSON)
        mode = CG_SHAPE_DICT;
    r->mode = mode;
    snprintf(r->order, sizeof r->order, "%s", order);
    cg_box_reader_init(&r->box);
    return CG_OK;
}

static bool allows(const cg_shape_reader *r, cg_shape s)
{
    if (r->mode == CG_SHAPE_AUTO)
        return true;
    if (r->mode == CG_SHAPE_ANSI)
        return s == CG_SHAPE_FACES || s == CG_SHAPE_NET || s == CG_SHAPE_STRING;
    return r->mode == s;
}

/* "Face X:" exactly: the box reader's header. */
static int box_header(const char *s, size_t len)
{
    while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    while (len && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    if (len < 7 || memcmp(s, "Face ", 5) != 0)
        return -1;
    size_t i = 5;
    while (i < len && s[i] == ' ')
        i++;
    return i + 2 == len && s[i + 1] == ':' ? cg_face_from_letter(s[i]) : -1;
}

static void box_hand_over(cg_shape_reader *r, long last)
{
    cgi_push(r, &r->box.puzzle, CG_SHAPE_BOXES, false, r->box_first, last, r->box_order);
    r->box_order[0] = '\0';
}

/* Sends the line to the box reader; *consumed false when it is no part of a box. */
static cg_status box_line(cg_shape_reader *r, const char *line, size_t len, bool *consumed,
                          cg_error *err)
{
    cg_box_event ev;
    bool idle = r->box.boxes == 0 && r->box.face < 0;
    cg_status st = cg_box_reader_feed(&r->box, line, len, &ev, err);
    *consumed = ev == CG_BOX_CONSUMED;
    if (st != CG_OK) /* both callers return the error without asking what was consumed */
        return st;
    if (ev == CG_BOX_PUZZLE)
        box_hand_over(r, r->lineno - 1);
    if (*consumed && idle) {
        r->box_first = r->lineno;
        r->box_order[0] = '\0';
        r->net.pending = 0; /* U rows waiting before a box were text */
    }
    size_t given = strlen(r->box_order);
    if (*consumed && r->box.face >= 0 && r->box.line == 0 && given < 6) { /* a header: the order */
        r->box_order[given] = cg_face_letter(r->box.face);
        r->box_order[given + 1] = '\0';
    }
    if (*consumed && r->box.face < 0 && r->box.boxes == CG_FACES) {
        cg_box_reader_feed(&r->box, "", 0, &ev, NULL); /* six boxes: the cube is complete */
        box_hand_over(r, r->lineno);
    }
    return CG_OK;
}

/* Where sticker i of a string in `order` goes; a net flattened into one line shows its side
 * faces in the order across given (cg_shape_reader_across). */
static int string_at(const cg_shape_reader *r, const char *order, int n, int i)
{
    int per = n * n, at = cgi_string_index(order, n, i);
    const char *side = strchr("LFRB", cg_face_letter(at / per));
    if (strcmp(order, "net") != 0 || !r->across[0] || !side)
        return at;
    return cg_face_from_letter(r->across[side - "LFRB"]) * per + at % per;
}

/* A string: 24 or 54 stickers in the row; col0: the row's first column in the line. */
static bool string_row(cg_shape_reader *r, const cgi_row *row, int col0, cg_status *st, cg_error *err)
{
    char tok[54][CGI_TOK];
    int cols[54];
    *st = CG_OK;
    if (!cgi_sticker_row_ok(r, row))
        return false;
    for (int n = 2; n <= 3; n++) {
        int k = 6 * n * n;
        if (!cgi_row_stickers(row, k, tok, cols))
            continue;
        /* in auto mode, text that happens to have 24 words is not a cube: a cube has six colours */
        if (r->mode == CG_SHAPE_AUTO && !r->symbols && cgi_distinct(tok, k) > CG_FACES)
            return false;
        cg_puzzle p;
        cg_puzzle_clear_size(&p, n);
        for (int i = 0; i < k && *st == CG_OK; i++) {
            *st = cgi_set(&p, string_at(r, r->order, n, i), tok[i], err);
            if (*st != CG_OK)
                *st = cg_error_prefix(*st, err, "a string of %d stickers: line %ld, column %d: ", k,
                                      r->lineno, col0 + cols[i] - 1);
        }
        char order[8], note[sizeof r->info[0].note] = "";
        snprintf(order, sizeof order, "%s", r->order);
        if (*st == CG_OK && r->order_auto)
            cgi_string_auto(&p, order, note, sizeof note);
        if (*st == CG_OK) {
            cgi_push(r, &p, CG_SHAPE_STRING, row->ansi, r->lineno, r->lineno, order);
            snprintf(r->info[r->ready - 1].note, sizeof note, "%s", note);
            for (int i = 0; i < k; i++) /* in the order the string was read in */
                r->place[r->ready - 1][string_at(r, order, n, i)] =
                    (cg_shape_place){r->lineno, col0 + cols[i] - 1,
                                     row->ansi ? 0 : (int)strlen(tok[i])};
        }
        return true;
    }
    return false;
}

static bool quote_or_stop(char c)
{
    return c == '"' || c == '\'' || c == '`' || c == ',' || c == ';' || c == '.' || c == ')' ||
           c == '(' || c == '[' || c == ']' || c == ' ' || c == '\t' || c == '\r';
}

/* A string after a label on its line ("Round 1. State: UUU...", cube = "..."): the text after
 * the last ':' or '=' (quotes and trailing punctuation dropped), which must be a string of at
 * most six colours on its own. */
static bool labelled_string(cg_shape_reader *r, const char *line, size_t len, cg_status *st,
                            cg_error *err)
{
    size_t at = len;
    while (at > 0 && line[at - 1] != ':' && line[at - 1] != '=')
        at--;
    if (at <= 1)
        return false;
    size_t end = len;
    while (at < end && quote_or_stop(line[at]))
        at++;
    while (end > at && quote_or_stop(line[end - 1]))
        end--;
    if (end - at < CG_STICKERS)
        return false;
    cgi_row row;
    cgi_row_read(line + at, end - at, &r->ansi_cell, &row);
    char tok[54][CGI_TOK];
    int cols[54];
    for (int n = 2; n <= 3; n++)
        if (cgi_row_stickers(&row, 6 * n * n, tok, cols) &&
            (r->symbols || cgi_distinct(tok, 6 * n * n) <= CG_FACES))
            return string_row(r, &row, (int)at + 1, st, err);
    return false;
}

static bool string_line(cg_shape_reader *r, const cgi_row *row, const char *line, size_t len,
                        cg_status *st, cg_error *err)
{
    if (string_row(r, row, 1, st, err))
        return true;
    return labelled_string(r, line, len, st, err);
}

cg_status cg_shape_reader_across(cg_shape_reader *r, const char *across, cg_error *err)
{
    if (!across || strcmp(across, "auto") == 0) {
        r->across[0] = '\0';
        return CG_OK;
    }
    cg_status st = cgi_across_check(across, err);
    if (st == CG_OK)
        snprintf(r->across, sizeof r->across, "%s", across);
    return st;
}

/* A line that asks ("Enter your solution:"): what ends in ':' after its blanks. */
static bool asks(const char *line, size_t len)
{
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
        len--;
    return len && line[len - 1] == ':';
}

/* One face letter alone on the line after a question: the player's typed move (a transcript's
 * "Enter your solution:" then "U"), not a face's label. */
static bool typed_move(const cg_shape_reader *r, const cgi_row *row)
{
    return r->after_question && row->n == 1 && !row->colour[0] && strlen(row->tok[0]) == 1;
}

static cg_status feed_line(cg_shape_reader *r, const char *line, size_t len, cg_error *err);

cg_status cg_shape_reader_feed(cg_shape_reader *r, const char *line, size_t len, cg_error *err)
{
    cg_status st = feed_line(r, line, len, err);
    bool busy = cg_shape_reader_busy(r);
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
        i++;
    if (i < len) /* blank lines keep what the line before said */
        r->after_question = !busy && asks(line, len);
    return st;
}

static cg_status feed_line(cg_shape_reader *r, const char *line, size_t len, cg_error *err)
{
    r->lineno++;
    cg_status result = CG_OK;
    cg_error dummy;
    if (!err)
        err = &dummy;
    bool consumed = false;
    bool others = r->fc.on || r->net.on;
    if (r->mode == CG_SHAPE_LAYOUT) {
        cgi_row row;
        cgi_row_read(line, len, &r->ansi_cell, &row);
        return cgi_layout_line(r, &row, err);
    }
    if ((r->mode == CG_SHAPE_AUTO || r->mode == CG_SHAPE_DICT) && (r->dict.depth > 0 || !others) &&
        !(r->box.face >= 0 || r->box.boxes > 0)) {
        cg_status st = cgi_dict_line(r, line, len, &consumed, err);
        if (consumed || r->mode == CG_SHAPE_DICT)
            return st;
        result = st; /* labelled lists closed by this line, which the others now read */
    }
    if (allows(r, CG_SHAPE_BOXES) && !others) {
        bool in_box = r->box.face >= 0 || r->box.boxes > 0;
        if (in_box || box_header(line, len) >= 0) {
            bool open_header = r->box.face >= 0 && r->box.line == 0 && r->box.boxes == 0;
            cgi_row row;
            if (open_header && r->mode == CG_SHAPE_AUTO) {
                cgi_row_read(line, len, &r->ansi_cell, &row);
                if (!row.rule && !row.blank) { /* "Face U:" without a box: labelled faces */
                    int face = r->box.face;
                    cg_box_reader_init(&r->box);
                    r->lineno--;
                    cgi_row label = {0};
                    cgi_faces_start(r, &label, face, 0, err);
                    r->fc.first = r->fc.label_line = r->lineno;
                    r->lineno++;
                    goto faces;
                }
            }
            cg_status st = box_line(r, line, len, &consumed, err);
            if (st != CG_OK || consumed || r->mode == CG_SHAPE_BOXES)
                return st;
        }
    }
    if (r->mode == CG_SHAPE_BOXES)
        return CG_OK;
faces:;
    cgi_row row;
    cgi_row_read(line, len, &r->ansi_cell, &row);
    if (r->fc.on) {
        result = cgi_faces_line(r, &row, &consumed, err);
        if (consumed)
            return result;
    }
    if (r->net.on) {
        cg_status st = cgi_net_line(r, &row, &consumed, err);
        if (consumed || st != CG_OK)
            return st;
    }
    if (row.blank || row.rule)
        return result;
    if (allows(r, CG_SHAPE_BOXES) && !r->fc.on && box_header(line, len) >= 0) {
        r->net.pending = 0;
        cg_status st = box_line(r, line, len, &consumed, err);
        return result != CG_OK ? result : st;
    }
    int first, face = allows(r, CG_SHAPE_FACES) ? cgi_row_label(&row, &first) : -1;
    if (face >= 0 && !typed_move(r, &row)) {
        r->net.pending = 0;
        cg_status st = cgi_faces_start(r, &row, face, first, err);
        return result != CG_OK ? result : st;
    }
    if (allows(r, CG_SHAPE_STRING)) {
        cg_status st;
        if (string_line(r, &row, line, len, &st, err)) {
            r->net.pending = 0;
            return result != CG_OK ? result : st;
        }
    }
    if (allows(r, CG_SHAPE_NET)) {
        cg_status st = cgi_net_line(r, &row, &consumed, err);
        return result != CG_OK ? result : st;
    }
    return result;
}

cg_status cg_shape_reader_pause(cg_shape_reader *r, cg_error *err)
{
    if (r->box.face < 0 && r->box.boxes >= CG_FACES - 1) {
        cg_box_event ev;
        cg_box_reader_feed(&r->box, "", 0, &ev, NULL);
        box_hand_over(r, r->lineno);
    }
    cg_status st = cgi_faces_stop(r, false, err);
    cg_status st2 = cgi_net_stop(r, false, err);
    cg_status st3 = cgi_dict_stop(r, false, err);
    return st != CG_OK ? st : st2 != CG_OK ? st2 : st3;
}

cg_status cg_shape_reader_finish(cg_shape_reader *r, cg_error *err)
{
    bool have = false;
    cg_status st = cg_box_reader_finish(&r->box, &have, err);
    if (have)
        box_hand_over(r, r->lineno);
    cg_status st2 = cgi_faces_stop(r, true, st == CG_OK ? err : NULL);
    cg_status st3 = cgi_net_stop(r, true, st == CG_OK && st2 == CG_OK ? err : NULL);
    cg_status st4 = cgi_dict_stop(r, true, st == CG_OK && st2 == CG_OK && st3 == CG_OK ? err : NULL);
    cg_status st5 = cgi_layout_stop(r, true, st == CG_OK && st2 == CG_OK && st3 == CG_OK &&
                                                 st4 == CG_OK ? err : NULL);
    return st != CG_OK ? st : st2 != CG_OK ? st2 : st3 != CG_OK ? st3 : st4 != CG_OK ? st4 : st5;
}

bool cgi_take_placed(cg_shape_reader *r, cg_puzzle *p, cg_shape_info *info, cg_shape_place *at)
{
    if (r->ready == 0)
        return false;
    *p = r->out[0];
    if (info)
        *info = r->info[0];
    if (at)
        memcpy(at, r->place[0], sizeof r->place[0]);
    r->ready--;
    memmove(&r->out[0], &r->out[1], sizeof r->out[0] * (size_t)r->ready);
    memmove(&r->info[0], &r->info[1], sizeof r->info[0] * (size_t)r->ready);
    memmove(&r->place[0], &r->place[1], sizeof r->place[0] * (size_t)r->ready);
    return true;
}

bool cg_shape_reader_take(cg_shape_reader *r, cg_puzzle *p, cg_shape_info *info)
{
    return cgi_take_placed(r, p, info, NULL);
}

bool cg_shape_reader_busy(const cg_shape_reader *r)
{
    return r->box.face >= 0 || r->box.boxes > 0 || r->fc.on || r->net.on || r->dict.depth > 0 ||
           r->dict.keyed > 0 || cgi_layout_busy(r);
}

/* Stickers read one to a character: the count, for a line that is one token. */
static cg_status string_count_error(const cgi_row *row, const char *order, cg_error *err)
{
    int chars = 0;
    for (int t = 0; t < row->n; t++)
        chars += (int)strlen(row->tok[t]);
    if (row->n == 1 && !row->long_line)
        return cg_fail(err, CG_ERR_INPUT, "%d stickers, expected %d (a 2x2: faces %.6s, four each) "
                       "or 54 (a 3x3: nine each), '?' for unknown", chars, CG_STICKERS, order);
    bool unequal = false;
    for (int t = 1; t < row->n && t < CGI_ROW_MAX; t++)
        unequal |= strlen(row->tok[t]) != strlen(row->tok[0]);
    if (unequal && row->n > 1 && !row->long_line)
        return cg_fail(err, CG_ERR_INPUT, "blank at column %d: %d stickers in %d groups of unequal "
                       "length; blanks may stand between single stickers or between groups of "
                       "equal length, nowhere else; a string is 24 (a 2x2) or 54 (a 3x3)",
                       row->col[1] - 1, chars, row->n);
    return cg_fail(err, CG_ERR_INPUT, "%d tokens (%d characters%s): a string is 24 (a 2x2) or 54 (a "
                   "3x3) stickers, single characters or tokens separated by blanks (one sticker "
                   "each, or groups of equal length), faces in the order %s", row->n, chars,
                   row->long_line ? ", more than read" : "", order);
}

/* The one reader of a line of stickers (solve --line, cg_puzzle_from_line, Python's read):
 * blanks may stand between single stickers or between groups of equal length, nowhere else. */
cg_status cg_puzzle_from_string(const char *text, size_t len, const char *order, cg_puzzle *p,
                                cg_error *err)
{
    cg_puzzle_clear(p);
    bool find = !order;
    if (!order)
        order = "UDFBLR";
    cg_status st = cg_string_order_check(order, err);
    if (st != CG_OK)
        return st;
    for (size_t i = 0; i < len; i++)
        if (cg_is_control(text[i]) && text[i] != 0x1b && text[i] != '\t' && text[i] != '\r' &&
            text[i] != '\n')
            return cg_fail(err, CG_ERR_INPUT, "control byte 0x%02x at column %zu",
                           (unsigned char)text[i], i + 1);
    cgi_row row;
    int cell = 0;
    cgi_row_read(text, len, &cell, &row);
    char tok[54][CGI_TOK];
    int cols[54];
    for (int n = 2; n <= 3; n++) {
        int k = 6 * n * n;
        if (!cgi_row_stickers(&row, k, tok, cols))
            continue;
        cg_puzzle_clear_size(p, n);
        for (int i = 0; i < k; i++) {
            st = cgi_set(p, cgi_string_index(order, n, i), tok[i], err);
            if (st != CG_OK)
                return cg_error_prefix(st, err, "column %d: ", cols[i]);
        }
        char found[8];
        if (find)
            cgi_string_auto(p, found, NULL, 0);
        return CG_OK;
    }
    if (row.bad)
        return cg_fail(err, CG_ERR_INPUT, "column %d: a token longer than %d bytes", row.bad_col,
                       CGI_TOK - 1);
    if (row.n == 0)
        return cg_fail(err, CG_ERR_INPUT, "no stickers: a string is 24 (a 2x2) or 54 (a 3x3) stickers");
    return string_count_error(&row, order, err);
}

cg_status cg_puzzle_from_line(const char *text, size_t len, const char *order, cg_puzzle *p,
                              cg_error *err)
{
    cg_puzzle_clear(p);
    order = order ? order : "UDFBLR"; /* the compact form's order, fixed */
    cg_status st = cg_face_order_check(order, err);
    return st != CG_OK ? st : cg_puzzle_from_string(text, len, order, p, err);
}

cg_status cg_puzzle_from_compact(const char *text, size_t len, cg_puzzle *p, cg_error *err)
{
    return cg_puzzle_from_line(text, len, NULL, p, err);
}

/* ---- writing ---- */

cg_status cg_colours_parse(const char *name, cg_colours *out, cg_error *err)
{
    static const char *const names[] = {"letters", "words", "digits", "ansi"};
    for (int i = 0; i < 4; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (cg_colours)i;
            return CG_OK;
        }
    return cg_fail(err, CG_ERR_INPUT, "'%.40s' is not a colour set: letters, words, digits or ansi", name);
}

static const char *colour_text(const cg_puzzle *p, int i, cg_colours colours, char *buf, size_t size)
{
    static const char *const words[] = {"white", "yellow", "green", "blue", "orange", "red"};
    static const int sgr[] = {47, 43, 42, 44, 45, 41}; /* orange: magenta, the 16 colours have none */
    int c = p->sticker[i];
    const char *tok = c == CG_UNKNOWN ? "?" : p->colour[c];
    int face = tok[1] == '\0' ? cg_face_from_letter(tok[0]) : -1;
    if (face < 0 || colours == CG_COLOURS_LETTERS) {
        if (colours == CG_COLOURS_ANSI)
            snprintf(buf, size, "%s ", tok); /* a hidden sticker: as wide as a cell */
        else
            snprintf(buf, size, "%s", tok);
    } else if (colours == CG_COLOURS_WORDS) {
        snprintf(buf, size, "%s", words[face]);
    } else if (colours == CG_COLOURS_DIGITS) {
        snprintf(buf, size, "%d", face);
    } else {
        snprintf(buf, size, "\x1b[%dm  \x1b[0m", sgr[face]);
    }
    return buf;
}

#define OUT(...)                                                                                   \
    len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, __VA_ARGS__)

size_t cg_puzzle_format_shape(const cg_puzzle *p, cg_shape shape, cg_colours colours, char *buf,
                              size_t size)
{
    int n = p->size == 3 ? 3 : 2, per = n * n;
    size_t len = 0;
    char t[64];
    if (shape == CG_SHAPE_ANSI) {
        shape = CG_SHAPE_NET;
        colours = CG_COLOURS_ANSI;
    }
    bool ansi = colours == CG_COLOURS_ANSI;
    const char *sep = ansi ? "" : " ";
    if (shape == CG_SHAPE_BOXES && !ansi && colours == CG_COLOURS_LETTERS)
        return cg_puzzle_format_boxes(p, buf, size);
    if (shape == CG_SHAPE_BOXES || shape == CG_SHAPE_FACES) {
        for (int f = 0; f < CG_FACES; f++) {
            if (!cgi_puzzle_face_shown(p, f))
                continue;
            OUT("%c:\n", cg_face_letter(f));
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++)
                    OUT("%s%s", c ? sep : "", colour_text(p, f * per + r * n + c, colours, t, sizeof t));
                OUT("\n");
            }
        }
        return len;
    }
    if (shape == CG_SHAPE_DICT) { /* Python's repr: one list of stickers a face, on one line */
        OUT("{");
        for (int f = 0; f < CG_FACES; f++) {
            int face = cg_face_from_letter("URFDLB"[f]);
            OUT("%s'%c': [", f ? ", " : "", "URFDLB"[f]);
            for (int k = 0; k < per; k++)
                OUT("%s'%s'", k ? ", " : "", colour_text(p, face * per + k, colours, t, sizeof t));
            OUT("]");
        }
        OUT("}\n");
        return len;
    }
    if (shape == CG_SHAPE_JSON) { /* indented JSON, a face's rows as lists */
        static const char *const names[] = {"up", "down", "front", "back", "left", "right"};
        OUT("{\n");
        for (int f = 0; f < CG_FACES; f++) {
            OUT("  \"%s\": [", names[f]);
            for (int r = 0; r < n; r++) {
                OUT("%s[", r ? ", " : "");
                for (int c = 0; c < n; c++)
                    OUT("%s\"%s\"", c ? ", " : "", colour_text(p, f * per + r * n + c, colours, t, sizeof t));
                OUT("]");
            }
            OUT("]%s\n", f < CG_FACES - 1 ? "," : "");
        }
        OUT("}\n");
        return len;
    }
    if (shape == CG_SHAPE_STRING) {
        for (int k = 0; k < 6 * per; k++)
            OUT("%s%s", k && (colours == CG_COLOURS_WORDS) ? " " : "",
                colour_text(p, cgi_string_index("UDFBLR", n, k), colours, t, sizeof t));
        OUT("\n");
        return len;
    }
    /* the net: a cell is as wide as the widest token (two columns for ANSI) plus a blank */
    int w = ansi ? 2 : 1;
    for (int i = 0; i < 6 * per && !ansi; i++) {
        int l = (int)strlen(colour_text(p, i, colours, t, sizeof t));
        w = l > w ? l : w;
    }
    int cellw = w + (ansi ? 0 : 1);
    static const int across[4] = {CG_L, CG_F, CG_R, CG_B};
    for (int part = 0; part < 3; part++)
        for (int r = 0; r < n; r++) {
            if (part != 1) {
                OUT("%*s", n * cellw, "");
                for (int c = 0; c < n; c++) {
                    const char *s = colour_text(p, (part ? CG_D : CG_U) * per + r * n + c, colours, t, sizeof t);
                    OUT("%s%s%*s", c ? sep : "", s, ansi ? 0 : w - (int)strlen(s), "");
                }
            } else {
                for (int c = 0; c < 4 * n; c++) {
                    const char *s = colour_text(p, across[c / n] * per + r * n + c % n, colours, t, sizeof t);
                    OUT("%s%s%*s", c ? sep : "", s, ansi ? 0 : w - (int)strlen(s), "");
                }
            }
            OUT("\n");
        }
    return len;
}
