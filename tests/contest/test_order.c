/* order: known values, the document's state notation, and random sequences against the slow
 * model of slow3.h (whose order is found by applying the sequence until the cube is home). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "contest/slow3.h"
#include "cubegod/order.h"
#include "contest/order_parser.h"

/* Each call builds its own tables (microseconds): no state shared between tests. */
static const cg3_tables *tables(cg3_tables *t)
{
    cg3_tables_init(t);
    return t;
}

static uint64_t order_of(const char *alg)
{
    cg3_tables t;
    cg3_cube c;
    cg_error err;
    if (cg_order_parse(tables(&t), alg, &c, NULL, &err) != CG_OK)
        fail_msg("'%s': %s", alg, err.msg);
    return cg_order_of(&c);
}

/* The values the issue lists, from the seed document and its problem. */
static void test_known_values(void **state)
{
    (void)state;
    static const struct { const char *alg; uint64_t order; } known[] = {
        {"", 1}, {"F", 4}, {"FF", 2}, {"FFFF", 1}, {"U'L'", 105}, {"LLUU", 6}, {"L'L'U'", 30},
        {"RUUD'BD'", 1260}, {"R U2 D' B D'", 1260}, {"U'L'U'LU'L'U'U'L", 4}, {"R'LFRL'U'", 5},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (order_of(known[i].alg) != known[i].order)
            fail_msg("'%s': %llu, expected %llu", known[i].alg, (unsigned long long)order_of(known[i].alg),
                     (unsigned long long)known[i].order);
}

/* Powers whose order follows from arithmetic: order(X^k) = order(X) / gcd(order(X), k). */
static void test_powers(void **state)
{
    (void)state;
    enum { K = 1000 };
    char *alg = malloc(K * 10 + 1);
    assert_non_null(alg);
    alg[0] = '\0';
    for (int k = 0; k < K; k++)
        strcat(alg, "RU");
    assert_int_equal(order_of(alg), 105 / 5); /* RU has order 105; gcd(105, 1000) = 5 */
    alg[0] = '\0';
    for (int k = 0; k < K; k++)
        strcat(alg, "R U R' U' ");
    assert_int_equal(order_of(alg), 6 / 2); /* the sexy move has order 6 */
    free(alg);
    assert_int_equal(order_of("x"), 4);
    assert_int_equal(order_of("x y"), 3); /* a turn about a corner's diagonal */
    assert_int_equal(order_of("M2 U M2 U2 M2 U M2"), 2);
    assert_int_equal(order_of("R L'"), 4);
    assert_int_equal(order_of("R L' x'"), 4); /* M'... moves centres */
    assert_int_equal(order_of("Rw R'"), order_of("M'"));
}

static void test_state_after_R(void **state)
{
    cg3_tables t;
    (void)state;
    cg3_cube c;
    char buf[CG_ORDER_TEXT_MAX];
    assert_int_equal(cg_order_parse(tables(&t), "R", &c, NULL, NULL), CG_OK);
    cg_order_state(&c, false, buf, sizeof buf);
    assert_string_equal(buf, "{{5,2},{1,1},{3,0},{4,0},{6,1},{2,2},{7,0},{8,0},{9,0},{13,1},{11,0},"
                             "{12,0},{18,1},{10,1},{15,0},{16,0},{17,0},{14,1},{19,0},{20,0}}");
}

/* With centres moved, six pairs follow for the centre positions R F L B U D, numbered 21..26 in
 * that order: a rotation puts at each position the centre that turns into it. */
static void test_state_centres(void **state)
{
    cg3_tables t;
    (void)state;
    static const struct { const char *alg, *tail; } CASES[] = {
        {"x", ",{21,0},{26,0},{23,0},{25,0},{22,0},{24,0}}"}, /* F<-D U<-F B<-U D<-B */
        {"y", ",{24,0},{21,0},{22,0},{23,0},{25,0},{26,0}}"}, /* F<-R L<-F B<-L R<-B */
        {"z", ",{25,0},{22,0},{26,0},{24,0},{23,0},{21,0}}"}, /* R<-U D<-R L<-D U<-L */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        cg3_cube c;
        bool centres = false;
        char buf[CG_ORDER_TEXT_MAX];
        assert_int_equal(cg_order_parse(tables(&t), CASES[i].alg, &c, &centres, NULL), CG_OK);
        assert_true(centres);
        size_t n = cg_order_state(&c, true, buf, sizeof buf), m = strlen(CASES[i].tail);
        assert_int_equal(n, strlen(buf));
        if (n < m || strcmp(buf + n - m, CASES[i].tail) != 0)
            fail_msg("%s: %s ends wrong, want ...%s", CASES[i].alg, buf, CASES[i].tail);
    }
}

/* A text longer than its buffer is cut there and terminated, nothing written past it, and the
 * length returned is the whole text's (snprintf's contract). */
static void test_texts_cut_to_the_buffer(void **state)
{
    cg3_tables t;
    (void)state;
    cg3_cube c;
    char whole[CG_ORDER_TEXT_MAX], cut[64];
    assert_int_equal(cg_order_parse(tables(&t), "R U F x", &c, NULL, NULL), CG_OK);
    for (int kind = 0; kind < 2; kind++) {
        size_t n = kind ? cg_order_explain(&c, whole, sizeof whole) : cg_order_state(&c, true, whole, sizeof whole);
        assert_int_equal(n, strlen(whole));
        for (size_t size = 1; size < 40; size += 7) {
            memset(cut, 'X', sizeof cut);
            size_t m = kind ? cg_order_explain(&c, cut, size) : cg_order_state(&c, true, cut, size);
            assert_int_equal(m, n);
            assert_int_equal(strlen(cut), size - 1);
            assert_memory_equal(cut, whole, size - 1);
            for (size_t i = size; i < sizeof cut; i++)
                if (cut[i] != 'X')
                    fail_msg("%s into %zu bytes wrote byte %zu", kind ? "explain" : "state", size, i);
        }
        memset(cut, 'X', sizeof cut);
        assert_int_equal(kind ? cg_order_explain(&c, cut, 0) : cg_order_state(&c, true, cut, 0), n);
        assert_int_equal(cut[0], 'X');
    }
}

/* ---- the document's own rule, as an oracle for --state ---- */

/* The cycle table of seed 004: for each face, the corner and the edge cycle (cubie numbers);
 * a quarter turn moves the cubie at cycle[i] to cycle[i + 1], then adds -1 +1 -1 +1 (mod 3) to
 * the corners of the cycle for F B L R, and 1 (mod 2) to its edges for R L U D. */
static const struct { char face; int corner[4], edge[4]; } DOC[6] = {
    {'R', {1, 2, 6, 5}, {10, 14, 18, 13}}, {'F', {4, 1, 5, 8}, {9, 13, 17, 16}},
    {'L', {3, 4, 8, 7}, {12, 16, 20, 15}}, {'B', {2, 3, 7, 6}, {11, 15, 19, 14}},
    {'U', {1, 4, 3, 2}, {9, 12, 11, 10}},  {'D', {5, 6, 7, 8}, {17, 18, 19, 20}},
};

typedef struct doc_state {
    int cubie[21], ori[21]; /* by position 1..20 */
} doc_state;

static void doc_cycle(doc_state *s, const int cy[4], int mod, const int add[4])
{
    int cubie = s->cubie[cy[3]], ori = s->ori[cy[3]];
    for (int i = 3; i > 0; i--) {
        s->cubie[cy[i]] = s->cubie[cy[i - 1]];
        s->ori[cy[i]] = s->ori[cy[i - 1]];
    }
    s->cubie[cy[0]] = cubie;
    s->ori[cy[0]] = ori;
    for (int i = 0; i < 4; i++)
        s->ori[cy[i]] = ((s->ori[cy[i]] + add[i]) % mod + mod) % mod;
}

static void doc_turn(doc_state *s, char face)
{
    static const int twist[4] = {-1, 1, -1, 1}, none[4] = {0}, flip[4] = {1, 1, 1, 1};
    for (int f = 0; f < 6; f++)
        if (DOC[f].face == face) {
            doc_cycle(s, DOC[f].corner, 3, strchr("FBLR", face) ? twist : none);
            doc_cycle(s, DOC[f].edge, 2, strchr("RLUD", face) ? flip : none);
        }
}

static void test_state_matches_document_rule(void **state)
{
    cg3_tables t;
    (void)state;
    uint64_t seed = 7;
    tables(&t);
    for (int round = 0; round < 500; round++) {
        doc_state s;
        for (int i = 1; i <= 20; i++) {
            s.cubie[i] = i;
            s.ori[i] = 0;
        }
        char alg[64], expect[CG_ORDER_TEXT_MAX], got[CG_ORDER_TEXT_MAX];
        int n = (int)(s3_rand(&seed) % 40), len = 0;
        for (int k = 0; k < n && len < 60; k++) {
            char face = "RFLBUD"[s3_rand(&seed) % 6];
            alg[len++] = face;
            doc_turn(&s, face);
        }
        alg[len] = '\0';
        size_t m = 0;
        for (int i = 1; i <= 20; i++)
            m += (size_t)snprintf(expect + m, sizeof expect - m, "%s{%d,%d}", i == 1 ? "{" : ",",
                                  s.cubie[i], s.ori[i]);
        snprintf(expect + m, sizeof expect - m, "}");
        cg3_cube c;
        assert_int_equal(cg_order_parse(&t, alg, &c, NULL, NULL), CG_OK);
        cg_order_state(&c, false, got, sizeof got);
        if (strcmp(got, expect) != 0)
            fail_msg("'%s':\n got %s\nwant %s", alg, got, expect);
    }
}

/* ---- random sequences against the slow model ---- */

static const char *const BASE[] = {"U", "D", "F", "B", "L", "R", "M", "E", "S", "x", "y", "z",
                                   "Uw", "Dw", "Fw", "Bw", "Lw", "Rw"};

/* Appends one move of base b turned t (1..3) quarter turns, in one of its spellings. */
static size_t spell(char *out, int b, int t, uint64_t *seed)
{
    static const char *const mods[3][3] = {{"", "1", "3'"}, {"2", "2'", "6"}, {"'", "3", "1'"}};
    static const char *const gaps[] = {"", " ", "  ", "\t"};
    size_t n = 0;
    if (b >= 12 && s3_rand(seed) % 2)
        n += (size_t)sprintf(out, "%c", "udfblr"[b - 12]);
    else
        n += (size_t)sprintf(out, "%s", BASE[b]);
    n += (size_t)sprintf(out + n, "%s%s", mods[t - 1][s3_rand(seed) % 3], gaps[s3_rand(seed) % 4]);
    return n;
}

static void test_random_against_slow_model(void **state)
{
    cg3_tables t;
    (void)state;
    uint64_t seed = 2024;
    tables(&t);
    for (int round = 0; round < 2000; round++) {
        char alg[512];
        size_t len = 0;
        int n = (int)(s3_rand(&seed) % 25);
        bool face_only = round % 2, centres = false;
        s3_perm slow = s3_identity();
        for (int k = 0; k < n; k++) {
            int b = (int)(s3_rand(&seed) % (face_only ? 6 : 18)), t = 1 + (int)(s3_rand(&seed) % 3);
            s3_perm m = s3_move(BASE[b], t);
            slow = s3_mul(&slow, &m);
            centres |= b >= 6;
            len += spell(alg + len, b, t, &seed);
        }
        alg[len] = '\0';
        cg3_cube c;
        bool got_centres;
        cg_error err;
        if (cg_order_parse(&t, alg, &c, &got_centres, &err) != CG_OK)
            fail_msg("'%s': %s", alg, err.msg);
        long want = s3_order(&slow, 1000000);
        assert_true(want > 0);
        if ((long)cg_order_of(&c) != want)
            fail_msg("'%s': order %llu, the slow model says %ld", alg,
                     (unsigned long long)cg_order_of(&c), want);
        assert_int_equal(got_centres, centres);
    }
}

/* Feeding one character at a time gives what feeding the whole text gives. */
static void test_streaming(void **state)
{
    cg3_tables t;
    (void)state;
    const char *alg = "Rw2' U D' x M2 E S' r' l2 y3 z F2' B";
    cg3_cube whole, part;
    assert_int_equal(cg_order_parse(tables(&t), alg, &whole, NULL, NULL), CG_OK);
    cg_order_parser p;
    cg_order_begin(&p, &t);
    for (const char *s = alg; *s; s++)
        assert_int_equal(cg_order_feed(&p, s, 1, NULL), CG_OK);
    assert_int_equal(cg_order_end(&p, NULL), CG_OK);
    part = p.cube;
    assert_memory_equal(&whole, &part, sizeof whole);
    assert_int_equal(p.moves, 13);
}

/* ---- grouping and pasted characters ---- */

/* Two texts give the same piece state. */
static void expect_same(const char *a, const char *b)
{
    cg3_tables t;
    cg3_cube x, y;
    cg_error err;
    if (cg_order_parse(tables(&t), a, &x, NULL, &err) != CG_OK)
        fail_msg("'%s': %s", a, err.msg);
    if (cg_order_parse(tables(&t), b, &y, NULL, &err) != CG_OK)
        fail_msg("'%s': %s", b, err.msg);
    if (memcmp(&x, &y, sizeof x) != 0)
        fail_msg("'%s' and '%s' give different states", a, b);
}

static void test_grouping(void **state)
{
    (void)state;
    expect_same("(R U R' U')2", "R U R' U' R U R' U'");
    expect_same("(R U)12", "R U R U R U R U R U R U R U R U R U R U R U R U");
    expect_same("(R U)2'", "U' R' U' R'");
    expect_same("(R U)'", "U' R'");
    expect_same("[R, U]", "R U R' U'");
    expect_same("[F: R U R' U']", "F R U R' U' F'");
    expect_same("[F: (R U R' U')2]", "F R U R' U' R U R' U' F'");
    expect_same("[[R, U], D]", "R U R' U' D U R U' R' D'");
    expect_same("[R U: [D, F2]]2", "R U D F2 D' F2 U' R' R U D F2 D' F2 U' R'");
    expect_same("((R)2)3", "R2 R2 R2");
    expect_same("[x: R]", "x R x'");
    /* A count as large as allowed costs a few dozen products, not a billion. */
    expect_same("(R U)1000000000", "(R U)1000000000' (R U)1000000000 (R U)1000000000");
}

static void test_pasted_characters(void **state)
{
    (void)state;
    expect_same("R\xE2\x80\x99 U2\xE2\x80\x99 F", "R' U2' F");
    expect_same("(R U)2\xE2\x80\x99", "(R U)2'");
    expect_same("\xEF\xBB\xBFR U", "R U");
    /* The apostrophe cut between chunks, one byte at a time. */
    cg3_tables t;
    cg3_cube whole;
    const char *alg = "[R\xE2\x80\x99, U]";
    assert_int_equal(cg_order_parse(tables(&t), alg, &whole, NULL, NULL), CG_OK);
    cg_order_parser p;
    cg_order_begin(&p, &t);
    for (const char *s = alg; *s; s++)
        assert_int_equal(cg_order_feed(&p, s, 1, NULL), CG_OK);
    assert_int_equal(cg_order_end(&p, NULL), CG_OK);
    assert_memory_equal(&whole, &p.cube, sizeof whole);
}

/* ---- errors ---- */

static void expect_error(const char *alg, const char *message)
{
    cg3_tables t;
    cg3_cube c;
    cg_error err;
    assert_int_equal(cg_order_parse(tables(&t), alg, &c, NULL, &err), CG_ERR_INPUT);
    if (strcmp(err.msg, message) != 0)
        fail_msg("'%s': got '%s', want '%s'", alg, err.msg, message);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("RUQ", "position 3: 'Q' is not a move");
    expect_error("R U2 X", "position 6: 'X' is not a move");
    expect_error("R)", "position 2: ')' closes nothing");
    expect_error("(R U", "the '(' at position 1 is never closed");
    expect_error("[R U]", "position 5: the '[' opened at position 1 has no ',' (commutator) or "
                 "':' (conjugate)");
    expect_error("[R, U, F]", "position 6: a second separator in the '[' opened at position 1");
    expect_error("(R]", "position 3: ']' closes the '(' opened at position 1");
    expect_error("R, U", "position 2: ',' is outside [A, B] and [A: B]");
    expect_error("(R)0", "position 4: a repeat count starts at 1, not 0");
    expect_error("(R)10000000000", "position 14: repeat count larger than 1000000000");
    expect_error("R \xE2\x80\x98", "position 3: byte 0xe2 is not a move");
    expect_error("R \xE2\x80", "position 3: byte 0xe2 is not a move");
    expect_error("R\xEF\xBB\xBF", "position 2: byte 0xef is not a move");
    expect_error("R''", "position 3: ''' is not a move");
    expect_error("R2w", "position 3: 'w' is not a move");
    expect_error("rw", "position 2: 'w' is not a move");
    expect_error("xw", "position 2: 'w' is not a move");
    expect_error("R0", "position 2: '0' is not a move");
    expect_error("R 2", "position 3: '2' is not a move");
    expect_error("R,U", "position 2: ',' is outside [A, B] and [A: B]");
    expect_error("R\x01", "position 2: byte 0x01 is not a move");
    /* the printable ends, shown as themselves; DEL as a byte */
    expect_error("R!", "position 2: '!' is not a move");
    expect_error("R~", "position 2: '~' is not a move");
    /* a typographic apostrophe is read as ' and named at its first byte */
    expect_error("R\xE2\x80\x99\xE2\x80\x99", "position 5: ''' is not a move");
    expect_error("R\xE2\x80\x99Q", "position 5: 'Q' is not a move");
    /* groups nest 32 deep, not 33 */
    char deep[128];
    memset(deep, '(', 32);
    strcpy(deep + 32, "R");
    memset(deep + 33, ')', 32);
    deep[65] = '\0';
    cg3_cube c;
    cg3_tables t0;
    assert_int_equal(cg_order_parse(tables(&t0), deep, &c, NULL, NULL), CG_OK);
    memset(deep, '[', 33);
    deep[33] = '\0';
    expect_error(deep, "position 33: brackets nested deeper than 32");
    /* a bad byte stops the feed at once: a stream's reader stops reading there */
    cg3_tables t;
    cg_order_parser p;
    cg_error err;
    cg_order_begin(&p, tables(&t));
    assert_int_equal(cg_order_feed(&p, "R \xE2\x80\x98 U", 7, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "position 3: byte 0xe2 is not a move");
    cg_order_begin(&p, &t);
    assert_int_equal(cg_order_feed(&p, "R Q U", 5, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "position 3: 'Q' is not a move");
    expect_error("R\x7f", "position 2: byte 0x7f is not a move");
}

/* ---- explanations ---- */

static void explain(const char *alg, char *buf)
{
    cg3_tables t;
    cg3_cube c;
    assert_int_equal(cg_order_parse(tables(&t), alg, &c, NULL, NULL), CG_OK);
    cg_order_explain(&c, buf, CG_ORDER_TEXT_MAX);
}

static void test_explain(void **state)
{
    (void)state;
    char buf[CG_ORDER_TEXT_MAX];
    explain("", buf);
    assert_string_equal(buf, "order 1");
    /* R takes URF to UBR, UBR to DRB, ... and UR to BR, BR to DR, ... */
    explain("R", buf);
    assert_string_equal(buf, "corners (URF UBR DRB DFR) edges (UR BR DR FR) order 4");
    explain("x", buf);
    assert_non_null(strstr(buf, "centres (U B D F)"));
    /* The superflip: every edge flipped in place, nothing else. */
    explain("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2", buf);
    assert_string_equal(buf, "edges (UF)+ (UR)+ (UB)+ (UL)+ (FR)+ (BR)+ (BL)+ (FL)+ (DF)+ (DR)+ "
                             "(DB)+ (DL)+ order 2");
}

/* (R' D' R D)2 twists the URF corner in place: the slow model says where its U sticker ends
 * (on R: a third clockwise, "+"; on F: "-"), and the inverse twists the other way. */
static void test_explain_twist_direction(void **state)
{
    (void)state;
    const char *alg = "R' D' R D R' D' R D", *inverse = "D' R' D R D' R' D R";
    s3_perm slow = s3_identity();
    const char *s = alg;
    for (; *s; s++) {
        if (*s == ' ' || *s == '\'')
            continue;
        char name[2] = {*s, '\0'};
        s3_perm m = s3_move(name, s[1] == '\'' ? 3 : 1);
        slow = s3_mul(&slow, &m);
    }
    int u_sticker = 2 * 3 + 2, r_sticker = 5 * 9 + 0, f_sticker = 2 * 9 + 2; /* U(2,2) R(0,0) F(0,2) */
    const char *mark = NULL;
    if (slow.src[r_sticker] == u_sticker)
        mark = "(URF)+";
    else if (slow.src[f_sticker] == u_sticker)
        mark = "(URF)-";
    assert_non_null(mark);
    char buf[CG_ORDER_TEXT_MAX], inv[CG_ORDER_TEXT_MAX];
    explain(alg, buf);
    explain(inverse, inv);
    if (!strstr(buf, mark))
        fail_msg("'%s' explains as '%s', expected %s", alg, buf, mark);
    const char *other = mark[5] == '+' ? "(URF)-" : "(URF)+";
    if (!strstr(inv, other))
        fail_msg("'%s' explains as '%s', expected %s", inverse, inv, other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_powers),
        cmocka_unit_test(test_state_after_R),
        cmocka_unit_test(test_state_centres),
        cmocka_unit_test(test_texts_cut_to_the_buffer),
        cmocka_unit_test(test_state_matches_document_rule),
        cmocka_unit_test(test_random_against_slow_model),
        cmocka_unit_test(test_streaming),
        cmocka_unit_test(test_grouping),
        cmocka_unit_test(test_pasted_characters),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_explain),
        cmocka_unit_test(test_explain_twist_direction),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
