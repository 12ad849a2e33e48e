/* The order of a move sequence: a streaming Singmaster parser over the piece model, then the
 * cycle structure of the final state. */
#include "cubegod/order.h"
#include "contest/order_parser.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ---- */

static int base_of(char c)
{
    static const char upper[] = "UDFBLRMESxyz", lower[] = "udfblr";
    const char *hit;
    if (c == '\0')
        return -1;
    if ((hit = strchr(upper, c)))
        return (int)(hit - upper);
    if ((hit = strchr(lower, c)))
        return CG3_UW + (int)(hit - lower);
    return -1;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

cg_status cg_order_parser_new(cg_order_parser **out, const cg3_tables *t, cg_error *err)
{
    *out = malloc(sizeof **out);
    if (!*out)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory for an order parser");
    cg_order_begin(*out, t);
    return CG_OK;
}

void cg_order_parser_free(cg_order_parser *p)
{
    free(p);
}

cg3_cube cg_order_parser_state(const cg_order_parser *p, bool *centres)
{
    if (centres)
        *centres = p->centres;
    return p->cube;
}

void cg_order_begin(cg_order_parser *p, const cg3_tables *t)
{
    memset(p, 0, sizeof *p);
    p->t = t;
    p->cube = cg3_cube_home();
    p->base = -1;
}

static void commit(cg_order_parser *p)
{
    if (p->base < 0)
        return;
    cg3_cube_apply(p->t, &p->cube, cg3_move_make(p->base, p->turns));
    p->centres |= cg3_base_moves_centres(p->base);
    p->moves++;
    p->base = -1;
}

/* A modifier of the move being read: 'w' after a face letter, one digit, one prime, in that
 * order. Returns false when c is none of those here. */
static bool modify(cg_order_parser *p, char c)
{
    if (c == 'w' && p->stage == 0 && p->base <= CG3_R) {
        p->base += CG3_UW - CG3_U;
        p->stage = 1;
    } else if (c >= '1' && c <= '9' && p->stage <= 1) {
        p->turns = c - '0';
        p->stage = 2;
    } else if (c == '\'' && p->stage <= 2) {
        p->turns = -p->turns;
        p->stage = 3;
    } else {
        return false;
    }
    return true;
}

static cg_status not_a_move(uint64_t col, unsigned char c, cg_error *err)
{
    if (c >= 0x21 && c < 0x7f)
        return cg_fail(err, CG_ERR_INPUT, "position %llu: '%c' is not a move",
                       (unsigned long long)col, c);
    return cg_fail(err, CG_ERR_INPUT, "position %llu: byte 0x%02x is not a move",
                   (unsigned long long)col, c);
}

/* c^n by squaring: at most 2 log2(n) products. */
static cg3_cube power(const cg3_cube *c, uint64_t n)
{
    cg3_cube r = cg3_cube_home(), b = *c;
    for (; n; n >>= 1) {
        if (n & 1)
            r = cg3_cube_mul(&r, &b);
        b = cg3_cube_mul(&b, &b);
    }
    return r;
}

/* c^-1 = c^(order - 1): the order is small (at most 1260 without centres). */
static cg3_cube inverse(const cg3_cube *c)
{
    return power(c, cg_order_of(c) - 1);
}

/* Applies a closed group with its count and ' to the state outside it. */
static void commit_group(cg_order_parser *p)
{
    if (!p->group)
        return;
    cg3_cube g = power(&p->group_state, p->count ? p->count : 1);
    if (p->group_inverse)
        g = inverse(&g);
    p->cube = cg3_cube_mul(&p->group_frame.outer, &g);
    p->group = false;
}

/* A closed group's count digits and '; false when c is neither here. */
static bool modify_group(cg_order_parser *p, char c, cg_error *err, cg_status *st)
{
    *st = CG_OK;
    if (c >= '0' && c <= '9' && !p->group_inverse) {
        if (c == '0' && p->count == 0) {
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: a repeat count starts at 1, not 0",
                          (unsigned long long)p->col);
            return true;
        }
        p->count = p->count * 10 + (uint64_t)(c - '0');
        if (p->count > CG_ORDER_MAX_REPEAT)
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: repeat count larger than %d",
                          (unsigned long long)p->col, CG_ORDER_MAX_REPEAT);
        return true;
    }
    if (c == '\'' && !p->group_inverse) {
        p->group_inverse = true;
        return true;
    }
    return false;
}

static const char *bracket_name(char open) { return open == '(' ? "'('" : "'['"; }

/* ( [ , : ) ]: returns false when c is none of them. */
static bool bracket(cg_order_parser *p, char c, cg_error *err, cg_status *st)
{
    *st = CG_OK;
    unsigned long long col = (unsigned long long)p->col;
    cg_order_frame *top = p->depth ? &p->frame[p->depth - 1] : NULL;
    switch (c) {
    case '(':
    case '[':
        if (p->depth == CG_ORDER_DEPTH) {
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: brackets nested deeper than %d",
                          col, CG_ORDER_DEPTH);
            return true;
        }
        p->frame[p->depth++] = (cg_order_frame){.outer = p->cube, .open = c, .col = p->col};
        p->cube = cg3_cube_home();
        return true;
    case ',':
    case ':':
        if (!top || top->open != '[')
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: '%c' is outside [A, B] and [A: B]",
                          col, c);
        else if (top->sep)
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: a second separator in the '[' "
                          "opened at position %llu", col, (unsigned long long)top->col);
        else {
            top->sep = c;
            top->first = p->cube;
            p->cube = cg3_cube_home();
        }
        return true;
    case ')':
    case ']':
        if (!top) {
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: '%c' closes nothing", col, c);
            return true;
        }
        if (top->open != (c == ')' ? '(' : '[')) {
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: '%c' closes the %s opened at "
                          "position %llu", col, c, bracket_name(top->open),
                          (unsigned long long)top->col);
            return true;
        }
        if (c == ']' && !top->sep) {
            *st = cg_fail(err, CG_ERR_INPUT, "position %llu: the '[' opened at position %llu "
                          "has no ',' (commutator) or ':' (conjugate)", col,
                          (unsigned long long)top->col);
            return true;
        }
        p->group_state = p->cube;
        if (c == ']') { /* [A, B] = A B A' B'; [A: B] = A B A' */
            cg3_cube a = top->first, b = p->cube, ai = inverse(&a);
            cg3_cube g = cg3_cube_mul(&a, &b);
            g = cg3_cube_mul(&g, &ai);
            if (top->sep == ',') {
                cg3_cube bi = inverse(&b);
                g = cg3_cube_mul(&g, &bi);
            }
            p->group_state = g;
        }
        p->group_frame = *top;
        p->depth--;
        p->group = true;
        p->count = 0;
        p->group_inverse = false;
        return true;
    default:
        return false;
    }
}

/* One ASCII character (or U+2019 read as '). */
static cg_status feed_char(cg_order_parser *p, char c, cg_error *err)
{
    cg_status st;
    if (p->base >= 0 && modify(p, c))
        return CG_OK;
    commit(p);
    if (p->group && modify_group(p, c, err, &st))
        return st;
    commit_group(p);
    if (is_space(c))
        return CG_OK;
    if (bracket(p, c, err, &st))
        return st;
    int base = base_of(c);
    if (base < 0)
        return not_a_move(p->col, (unsigned char)c, err);
    p->base = base;
    p->turns = 1;
    p->stage = 0;
    return CG_OK;
}

/* The multi-byte characters read: the typographic apostrophe, and the byte-order mark at the
 * start. Returns true while c is part of one. */
static const uint8_t RIGHT_QUOTE[3] = {0xE2, 0x80, 0x99}, BOM[3] = {0xEF, 0xBB, 0xBF};

static bool utf8_step(cg_order_parser *p, unsigned char c, cg_error *err, cg_status *st)
{
    *st = CG_OK;
    if (p->nutf8 == 0) {
        if (c != RIGHT_QUOTE[0] && !(c == BOM[0] && p->col == 1))
            return false;
        p->utf8_col = p->col;
    }
    const uint8_t *want = (p->nutf8 ? p->utf8[0] : c) == BOM[0] ? BOM : RIGHT_QUOTE;
    if (c != want[p->nutf8]) {
        *st = not_a_move(p->utf8_col, p->nutf8 ? p->utf8[0] : c, err);
        return true;
    }
    p->utf8[p->nutf8++] = c;
    if (p->nutf8 == 3) {
        p->nutf8 = 0;
        if (want == RIGHT_QUOTE) {
            uint64_t col = p->col;
            p->col = p->utf8_col; /* messages point at the character's first byte */
            *st = feed_char(p, '\'', err);
            p->col = col;
        }
    }
    return true;
}

cg_status cg_order_feed(cg_order_parser *p, const char *text, size_t len, cg_error *err)
{
    for (size_t i = 0; i < len; i++) {
        p->col++;
        cg_status st;
        if (utf8_step(p, (unsigned char)text[i], err, &st)) {
            if (st)
                return st;
            continue;
        }
        if ((st = feed_char(p, text[i], err)))
            return st;
    }
    return CG_OK;
}

cg_status cg_order_end(cg_order_parser *p, cg_error *err)
{
    if (p->nutf8)
        return not_a_move(p->utf8_col, p->utf8[0], err);
    commit(p);
    commit_group(p);
    if (p->depth)
        return cg_fail(err, CG_ERR_INPUT, "the %s at position %llu is never closed",
                       bracket_name(p->frame[p->depth - 1].open),
                       (unsigned long long)p->frame[p->depth - 1].col);
    return CG_OK;
}

cg_status cg_order_parse(const cg3_tables *t, const char *text, cg3_cube *out, bool *centres,
                         cg_error *err)
{
    cg_order_parser p;
    cg_order_begin(&p, t);
    cg_status st = cg_order_feed(&p, text, strlen(text), err);
    if (st == CG_OK)
        st = cg_order_end(&p, err);
    if (st != CG_OK)
        return st;
    *out = p.cube;
    if (centres)
        *centres = p.centres;
    return CG_OK;
}

/* ---- cycles ---- */

typedef struct cycle {
    uint8_t pos[CG3_EDGES]; /* positions in the order the pieces travel */
    int len, ori;           /* ori: the orientation a piece gains over one trip */
} cycle;

/* The cycles of one kind of piece that do something (move or turn their pieces); returns their
 * count. perm[q] is the position the piece at q came from, so the pieces travel backwards. */
static int find_cycles(const uint8_t *perm, const uint8_t *ori, int n, int mod, cycle *out)
{
    uint8_t dest[CG3_EDGES];
    bool seen[CG3_EDGES] = {false};
    for (int q = 0; q < n; q++)
        dest[perm[q]] = (uint8_t)q;
    int count = 0;
    for (int start = 0; start < n; start++) {
        cycle cy = {.len = 0, .ori = 0};
        for (int q = start; !seen[q]; q = dest[q]) {
            seen[q] = true;
            cy.pos[cy.len++] = (uint8_t)q;
            cy.ori += ori ? ori[q] : 0;
        }
        cy.ori %= mod;
        if (cy.len > 1 || cy.ori)
            out[count++] = cy;
    }
    return count;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static uint64_t lcm_cycles(uint64_t n, const cycle *cy, int count, int mod)
{
    for (int i = 0; i < count; i++) {
        uint64_t len = (uint64_t)cy[i].len * (cy[i].ori ? (uint64_t)mod : 1);
        n = n / gcd(n, len) * len;
    }
    return n;
}

/* The three kinds of piece, walked the same way. */
typedef struct kind {
    const char *label;
    const uint8_t *perm, *ori;
    int n, mod;
    const char *(*name)(int);
} kind;

static void kinds_of(const cg3_cube *c, kind k[3])
{
    k[0] = (kind){"corners", c->cp, c->co, CG3_CORNERS, 3, cg3_corner_name};
    k[1] = (kind){"edges", c->ep, c->eo, CG3_EDGES, 2, cg3_edge_name};
    k[2] = (kind){"centres", c->xp, NULL, CG3_CENTRES, 1, cg3_centre_name};
}

uint64_t cg_order_of(const cg3_cube *c)
{
    kind k[3];
    kinds_of(c, k);
    uint64_t n = 1;
    cycle cy[CG3_EDGES];
    for (int i = 0; i < 3; i++)
        n = lcm_cycles(n, cy, find_cycles(k[i].perm, k[i].ori, k[i].n, k[i].mod, cy), k[i].mod);
    return n;
}

/* ---- texts ---- */

/* snprintf into a running buffer that remembers the full length. */
typedef struct text {
    char *buf;
    size_t size, len;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

static text text_start(char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    return (text){buf, size, 0};
}

size_t cg_order_explain(const cg3_cube *c, char *buf, size_t size)
{
    text t = text_start(buf, size);
    kind k[3];
    kinds_of(c, k);
    cycle cy[CG3_EDGES];
    for (int i = 0; i < 3; i++) {
        int count = find_cycles(k[i].perm, k[i].ori, k[i].n, k[i].mod, cy);
        if (count)
            put(&t, "%s", k[i].label);
        for (int j = 0; j < count; j++) {
            put(&t, " (");
            for (int m = 0; m < cy[j].len; m++)
                put(&t, "%s%s", m ? " " : "", k[i].name(cy[j].pos[m]));
            /* A flip is its own inverse, so edges only ever show "+". */
            put(&t, ")%s", cy[j].ori == 0 ? "" : cy[j].ori == 1 ? "+" : "-");
        }
        if (count)
            put(&t, " ");
    }
    put(&t, "order %llu", (unsigned long long)cg_order_of(c));
    return t.len;
}

/* The document's edge orientation is which piece sits where: the edges UR UL DR DL are marked,
 * and a piece's orientation is its mark xor its position's mark. This reproduces its example
 * rule (the four edges of R, L, U, D quarter turns change, those of F, B do not). */
static const uint8_t DOC_EDGE_MARK[CG3_EDGES] = {0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1};
/* The document's face order R F L B U D, as cube3.h centres, and back. */
static const uint8_t DOC_CENTRE_POS[CG3_CENTRES] = {5, 2, 4, 3, 0, 1};
static const uint8_t DOC_CENTRE_NUM[CG3_CENTRES] = {4, 5, 1, 3, 2, 0};

size_t cg_order_state(const cg3_cube *c, bool centres, char *buf, size_t size)
{
    text t = text_start(buf, size);
    put(&t, "{");
    for (int q = 0; q < CG3_CORNERS; q++)
        put(&t, "%s{%d,%d}", q ? "," : "", c->cp[q] + 1, c->co[q]);
    for (int q = 0; q < CG3_EDGES; q++)
        put(&t, ",{%d,%d}", c->ep[q] + 1 + CG3_CORNERS, DOC_EDGE_MARK[c->ep[q]] ^ DOC_EDGE_MARK[q]);
    for (int i = 0; centres && i < CG3_CENTRES; i++)
        put(&t, ",{%d,0}", 21 + DOC_CENTRE_NUM[c->xp[DOC_CENTRE_POS[i]]]);
    put(&t, "}");
    return t.len;
}
