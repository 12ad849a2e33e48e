/* The contest simulator: a streaming reader of data sets over the cube3 facelet model. */
#include "cubegod/sim3.h"
#include "contest/sim3_reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A line as its items: the first MAX_ITEMS kept (each up to KEEP characters), all counted. */
enum { MAX_ITEMS = 13, KEEP = 11 };
typedef struct items {
    uint64_t count;
    size_t len[MAX_ITEMS];
    char text[MAX_ITEMS][KEEP + 1];
} items;

static bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static void keep_char(items *it, int c, bool starts)
{
    if (starts)
        it->count++;
    uint64_t i = it->count - 1;
    if (i >= MAX_ITEMS)
        return;
    if (it->len[i] < KEEP)
        it->text[i][it->len[i]] = (char)c;
    it->len[i]++;
}

/* A UTF-8 no-break space (C2 A0) counts as a space: the problem's own web page indents with it. */
static bool no_break_space(FILE *in, int c)
{
    if (c != 0xc2)
        return false;
    int next = getc_unlocked(in);
    if (next == 0xa0)
        return true;
    if (next != EOF)
        ungetc(next, in);
    return false;
}

/* Reads one line; false at the end of the input (or on a read error) with nothing read. */
static bool read_items(cg_sim3_reader *r, items *it)
{
    memset(it, 0, sizeof *it);
    int c;
    bool any = false, in_item = false;
    while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
        any = true;
        if (is_blank(c) || no_break_space(r->in, c)) {
            in_item = false;
            continue;
        }
        keep_char(it, c, !in_item);
        in_item = true;
    }
    if (!any && c == EOF)
        return false;
    r->line++;
    return true;
}

static bool item_is(const items *it, int i, const char *word)
{
    return (uint64_t)i < it->count && it->len[i] == strlen(word) && strcmp(it->text[i], word) == 0;
}

static bool line_is(const items *it, const char *word) { return it->count == 1 && item_is(it, 0, word); }

/* The line as read, for messages: items joined by one space, long ones cut with "...". */
static void quote(const items *it, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (uint64_t i = 0; i < it->count && i < MAX_ITEMS && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s", i ? " " : "", it->text[i],
                              it->len[i] > KEEP ? "..." : "");
    if (it->count > MAX_ITEMS && n < size)
        snprintf(buf + n, size - n, " ...");
}

static cg_status read_fail(cg_sim3_reader *r, cg_error *err)
{
    if (ferror(r->in))
        return cg_fail(err, CG_ERR_SYSTEM, "after line %llu: reading failed: %s",
                       (unsigned long long)r->line, strerror(errno));
    return CG_OK;
}

/* Reads the next line that is not blank; CG_ERR_EOF (no message) at the end of the input. */
static cg_status next_line(cg_sim3_reader *r, items *it, cg_error *err)
{
    do {
        if (!read_items(r, it)) {
            cg_status st = read_fail(r, err);
            return st != CG_OK ? st : CG_ERR_EOF;
        }
    } while (it->count == 0);
    return CG_OK;
}

/* ---- the net ---- */

static const char *const NET_PART[3] = {"the top face", "left, front, right and back", "the bottom face"};

/* Where the colours of net line k (0..8) go: one face row, or a row of each of L F R B; returns
 * how many. */
static int net_line_facelets(int k, uint8_t *out)
{
    static const int strip[4] = {4, 2, 5, 3}; /* L F R B as cube3.h faces */
    int row = k % 3, n = 0;
    if (k >= 3 && k < 6) {
        for (int s = 0; s < 4; s++)
            for (int c = 0; c < 3; c++)
                out[n++] = (uint8_t)(strip[s] * 9 + row * 3 + c);
        return n;
    }
    int face = k < 3 ? 0 : 1; /* U or D */
    for (int c = 0; c < 3; c++)
        out[n++] = (uint8_t)(face * 9 + row * 3 + c);
    return n;
}

static cg_status read_net_line(cg_sim3_reader *r, int k, uint8_t f[CG3_FACELETS], cg_error *err)
{
    items it;
    char shown[96];
    if (!read_items(r, &it)) {
        cg_status st = read_fail(r, err);
        return st != CG_OK ? st
                           : cg_fail(err, CG_ERR_INPUT, "line %llu: the input ends inside a net",
                                     (unsigned long long)r->line + 1);
    }
    uint8_t where[12];
    int n = net_line_facelets(k, where);
    quote(&it, shown, sizeof shown);
    if (it.count != (uint64_t)n)
        return cg_fail(err, CG_ERR_INPUT, "line %llu: expected %d colours (%s), found %llu: '%s'",
                       (unsigned long long)r->line, n, NET_PART[k / 3],
                       (unsigned long long)it.count, shown);
    for (int i = 0; i < n; i++) {
        if (it.len[i] != 1)
            return cg_fail(err, CG_ERR_INPUT,
                           "line %llu: '%s%s' is not one colour (colours are single characters "
                           "separated by spaces)",
                           (unsigned long long)r->line, it.text[i], it.len[i] > KEEP ? "..." : "");
        f[where[i]] = (uint8_t)it.text[i][0];
    }
    return CG_OK;
}

static cg_status check_colours(const uint8_t f[CG3_FACELETS], uint64_t first, cg_error *err)
{
    int count[256] = {0};
    for (int i = 0; i < CG3_FACELETS; i++)
        count[f[i]]++;
    for (int i = 0; i < CG3_FACELETS; i++)
        if (count[f[i]] != 9)
            return cg_fail(err, CG_ERR_INPUT,
                           "line %llu: the net (lines %llu-%llu) must show six colours nine times "
                           "each, but '%c' appears %d times",
                           (unsigned long long)first, (unsigned long long)first,
                           (unsigned long long)first + 8, f[i],
                           count[f[i]]);
    return CG_OK;
}

/* ---- operations ---- */

cg_status cg_sim3_new(cg_sim3_reader **out, FILE *in, cg_error *err)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for a simulator reader");
    cg_sim3_init(*out, in);
    return CG_OK;
}

void cg_sim3_free(cg_sim3_reader *r)
{
    free(r);
}

uint64_t cg_sim3_line(const cg_sim3_reader *r)
{
    return r->line;
}

void cg_sim3_init(cg_sim3_reader *r, FILE *in)
{
    cg3_tables t;
    cg3_tables_init(&t);
    memset(r, 0, sizeof *r);
    r->in = in;
    for (int face = 0; face < 6; face++) {
        r->turn[face][0] = t.perm[cg3_move_make(face, 1)];
        r->turn[face][1] = t.perm[cg3_move_make(face, 3)];
    }
}

/* The operation on a line, as a permutation, or NULL. */
static const cg3_perm *operation(const cg_sim3_reader *r, const items *it)
{
    static const char *const face_word[6] = {"top", "bottom", "front", "back", "left", "right"};
    if (it->count != 2)
        return NULL;
    int dir = item_is(it, 1, "right") ? 0 : item_is(it, 1, "left") ? 1 : -1;
    for (int face = 0; dir >= 0 && face < 6; face++)
        if (item_is(it, 0, face_word[face]))
            return &r->turn[face][dir];
    return NULL;
}

static cg_status read_operations(cg_sim3_reader *r, cg_sim3_result *res, cg_error *err)
{
    items it;
    char shown[96];
    for (;;) {
        cg_status st = next_line(r, &it, err);
        if (st == CG_ERR_EOF)
            return cg_fail(err, CG_ERR_INPUT, "line %llu: the input ends before the END of the data set of line %llu",
                           (unsigned long long)r->line + 1, (unsigned long long)res->start_line);
        if (st != CG_OK)
            return st;
        if (line_is(&it, "END"))
            return CG_OK;
        if (line_is(&it, "START") || line_is(&it, "ENDOFINPUT"))
            return cg_fail(err, CG_ERR_INPUT, "line %llu: %s before the END of the data set of line %llu",
                           (unsigned long long)r->line, it.text[0], (unsigned long long)res->start_line);
        const cg3_perm *op = operation(r, &it);
        if (!op) {
            quote(&it, shown, sizeof shown);
            return cg_fail(err, CG_ERR_INPUT,
                           "line %llu: unknown operation '%s' (expected FACE DIRECTION: front, back, "
                           "left, right, top or bottom, then left or right)",
                           (unsigned long long)r->line, shown);
        }
        cg3_perm_apply(op, res->facelets);
        res->operations++;
    }
}

static cg_status read_set(cg_sim3_reader *r, cg_sim3_result *res, cg_error *err)
{
    memset(res, 0, sizeof *res);
    res->start_line = r->line;
    for (int k = 0; k < 9; k++) {
        cg_status st = read_net_line(r, k, res->facelets, err);
        if (st != CG_OK)
            return st;
    }
    cg_status st = check_colours(res->facelets, res->start_line + 1, err);
    if (st == CG_OK)
        st = read_operations(r, res, err);
    res->solved = cg3_facelets_solved(res->facelets);
    return st;
}

/* After ENDOFINPUT only blank lines may follow: nothing the user gave is skipped unseen. */
static cg_status read_tail(cg_sim3_reader *r, cg_error *err)
{
    items it;
    char shown[96];
    cg_status st = next_line(r, &it, err);
    if (st == CG_ERR_EOF)
        return CG_OK;
    if (st != CG_OK)
        return st;
    quote(&it, shown, sizeof shown);
    return cg_fail(err, CG_ERR_INPUT, "line %llu: '%s' after ENDOFINPUT", (unsigned long long)r->line,
                   shown);
}

cg_status cg_sim3_next(cg_sim3_reader *r, cg_sim3_result *res, bool *done, cg_error *err)
{
    items it;
    char shown[96];
    *done = r->finished;
    if (r->finished)
        return CG_OK;
    cg_status st = next_line(r, &it, err);
    if (st == CG_ERR_EOF)
        return cg_fail(err, CG_ERR_INPUT, "line %llu: the input ends without ENDOFINPUT",
                       (unsigned long long)r->line + 1);
    if (st != CG_OK)
        return st;
    if (line_is(&it, "ENDOFINPUT")) {
        r->finished = *done = true;
        return read_tail(r, err);
    }
    if (line_is(&it, "START"))
        return read_set(r, res, err);
    quote(&it, shown, sizeof shown);
    return cg_fail(err, CG_ERR_INPUT, "line %llu: expected START or ENDOFINPUT, found '%s'",
                   (unsigned long long)r->line, shown);
}
