/* Answer dialects: every notation, move maps, separators; formatting and reading back. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/notation.h"

static const char *const SEPARATORS[] = {"space", "none", "comma", " - ", "::", "\t"};
#define NSEP (sizeof SEPARATORS / sizeof *SEPARATORS)

/* A map that names the moves a notation uses with the letters of ALPHA in order. */
static void letter_map(cg_notation n, cg_move_map *map)
{
    static const char ALPHA[] = "abcdefghijklmnopqr";
    char text[256] = "";
    size_t len = 0;
    int k = 0;
    for (int m = 0; m < CG_MOVES; m++)
        if (cg_notation_uses(n, (cg_move)m))
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s=%c", len ? "," : "",
                                    cg_move_name((cg_move)m), ALPHA[k++]);
    cg_error err;
    assert_int_equal(cg_move_map_parse(text, len, map, &err), CG_OK);
}

/* The sequence a notation writes for moves: expand, then compare with what parse returns. */
static void round_trip(const cg_dialect *d, const cg_move *moves, size_t n)
{
    char text[1024];
    size_t len = cg_dialect_format(d, moves, n, text, sizeof text);
    assert_true(len < sizeof text);
    assert_int_equal(strlen(text), len);
    cg_move want[256], got[256];
    size_t nw = cg_dialect_expand(d, moves, n, want, 256), ng = 0;
    cg_error err;
    cg_status st = cg_dialect_parse(d, text, len, got, 256, &ng, &err);
    if (st != CG_OK)
        fail_msg("'%s' (%s): %s", text, cg_notation_name(d->notation), err.msg);
    assert_int_equal(ng, nw);
    assert_memory_equal(got, want, nw);
    for (size_t i = 0; i < ng; i++)
        assert_true(cg_notation_uses(d->notation, got[i]));
    /* The expansion does the same to the cube as the moves. */
    cg_cube a = cg_cube_home(), b = cg_cube_home();
    cg_cube_apply_all(&a, moves, n);
    cg_cube_apply_all(&b, got, ng);
    assert_true(cg_cube_equal(&a, &b));
}

static void every_dialect(void (*fn)(const cg_dialect *d))
{
    for (int n = 0; n <= CG_NOTATION_QUARTER_CW; n++)
        for (int mapped = 0; mapped < 2; mapped++)
            for (size_t s = 0; s < NSEP; s++) {
                cg_move_map map;
                if (mapped)
                    letter_map((cg_notation)n, &map);
                cg_dialect d;
                cg_error err;
                cg_status st = cg_dialect_make(&d, (cg_notation)n, mapped ? &map : NULL,
                                               SEPARATORS[s], &err);
                if (st != CG_OK)
                    fail_msg("%s map %d sep '%s': %s", cg_notation_name((cg_notation)n), mapped,
                             SEPARATORS[s], err.msg);
                fn(&d);
            }
}

static void all_moves_once(const cg_dialect *d)
{
    for (int m = 0; m < CG_MOVES; m++) {
        cg_move one = (cg_move)m;
        round_trip(d, &one, 1);
    }
    cg_move all[CG_MOVES];
    for (int m = 0; m < CG_MOVES; m++)
        all[m] = (cg_move)m;
    round_trip(d, all, CG_MOVES);
    round_trip(d, all, 0);
}

static void random_sequences(const cg_dialect *d)
{
    cg_rng r;
    cg_rng_seed(&r, 12345 + d->notation);
    for (int k = 0; k < 200; k++) {
        cg_move seq[40];
        size_t n = (size_t)cg_rng_below(&r, 40);
        for (size_t i = 0; i < n; i++)
            seq[i] = (cg_move)cg_rng_below(&r, CG_MOVES);
        round_trip(d, seq, n);
    }
}

static void test_all_moves(void **state)
{
    (void)state;
    every_dialect(all_moves_once);
}

static void test_random(void **state)
{
    (void)state;
    every_dialect(random_sequences);
}

static cg_dialect make(cg_notation n, const char *map, const char *sep)
{
    cg_move_map mm;
    cg_error err;
    if (map)
        assert_int_equal(cg_move_map_parse(map, strlen(map), &mm, &err), CG_OK);
    cg_dialect d;
    if (cg_dialect_make(&d, n, map ? &mm : NULL, sep, &err) != CG_OK)
        fail_msg("%s", err.msg);
    return d;
}

static void expect_text_in(const cg_dialect *d, const char *moves, const char *want)
{
    cg_move m[64];
    size_t n;
    assert_int_equal(cg_moves_parse(moves, m, 64, &n, NULL), CG_OK);
    char buf[256];
    cg_dialect_format(d, m, n, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void expect_text(cg_dialect d, const char *moves, const char *want)
{
    expect_text_in(&d, moves, want);
}

static void test_written_forms(void **state)
{
    (void)state;
    cg_dialect std = make(CG_NOTATION_STANDARD, NULL, NULL);
    expect_text(std, "R R' R2", "R R' R2");
    expect_text(make(CG_NOTATION_DIGITS, NULL, NULL), "R R' R2", "R1 R3 R2");
    expect_text(make(CG_NOTATION_QUARTER, NULL, NULL), "R R' R2", "R R' R R");
    expect_text(make(CG_NOTATION_QUARTER_CW, NULL, NULL), "R R' R2", "R R R R R R");
    expect_text(make(CG_NOTATION_STANDARD, NULL, "none"), "R U' F2", "RU'F2");
    expect_text(make(CG_NOTATION_STANDARD, NULL, "comma"), "R U' F2", "R,U',F2");
    expect_text(make(CG_NOTATION_DIGITS, NULL, ", "), "R U' F2", "R1, U3, F2");
    expect_text(std, "", "");
}

static void expect_read(const cg_dialect *d, const char *text, const char *want)
{
    cg_move m[64];
    size_t n;
    cg_error err;
    if (cg_dialect_parse(d, text, strlen(text), m, 64, &n, &err) != CG_OK)
        fail_msg("'%s': %s", text, err.msg);
    char buf[256];
    cg_moves_format(m, n, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void expect_refused(const cg_dialect *d, const char *text, size_t max, cg_status code,
                           const char *part)
{
    cg_move m[64];
    size_t n;
    cg_error err;
    assert_int_equal(cg_dialect_parse(d, text, strlen(text), m, max, &n, &err), code);
    if (!strstr(err.msg, part))
        fail_msg("'%s': message '%s' lacks '%s'", text, err.msg, part);
}

static void test_reading(void **state)
{
    (void)state;
    cg_dialect none = make(CG_NOTATION_STANDARD, NULL, "none");
    expect_read(&none, "RU'F2", "R U' F2");
    expect_read(&none, "  R U'  F2 \r\n", "R U' F2"); /* blanks between moves are fine too */
    expect_read(&none, "", "");
    expect_refused(&none, "RU'X", 64, CG_ERR_INPUT, "move 3 'X' (column 4)");
    expect_refused(&none, "RU'F2", 2, CG_ERR_LIMIT, "more than 2");
    cg_dialect comma = make(CG_NOTATION_STANDARD, NULL, "comma");
    expect_read(&comma, "R, U' ,F2", "R U' F2");
    expect_refused(&comma, "R U", 64, CG_ERR_INPUT, "move 1");
    expect_refused(&comma, "R,U,", 64, CG_ERR_INPUT, "ends with a separator");
    expect_refused(&comma, "R,,U", 64, CG_ERR_INPUT, "column 3");
    expect_refused(&comma, "R,  X", 64, CG_ERR_INPUT, "move 2 'X' (column 5)"); /* found by fuzz_dialect */
    cg_dialect q = make(CG_NOTATION_QUARTER, NULL, NULL);
    expect_read(&q, "R R R'", "R R R'");
    expect_refused(&q, "R R2", 64, CG_ERR_INPUT, "move 2 'R2' (column 3) is not one of U D F B L R with nothing or '");
    cg_dialect cw = make(CG_NOTATION_QUARTER_CW, NULL, NULL);
    expect_refused(&cw, "R'", 64, CG_ERR_INPUT, "clockwise");
    cg_dialect dg = make(CG_NOTATION_DIGITS, NULL, NULL);
    expect_read(&dg, "R1 R3 R2", "R R' R2");
    expect_refused(&dg, "R", 64, CG_ERR_INPUT, "with 1, 2 or 3");
    cg_dialect std = make(CG_NOTATION_STANDARD, NULL, NULL);
    cg_move m[4];
    size_t n;
    assert_int_equal(cg_dialect_parse(&std, "R\0U", 3, m, 4, &n, NULL), CG_ERR_INPUT);
}

static void test_maps(void **state)
{
    (void)state;
    const char *file = "# the challenge's letters\n"
                       "U=w\nU'=W\nU2=ww\n\n  D = x \r\nD3=X\nD2=xx\nF1=y,F'=Y,F2=yy\n"
                       "B=z\nB'=Z\nB2=zz\nL=v\nL'=V\nL2=vv\nR=u\nR'=U\nR2=uu\n";
    cg_move_map map;
    cg_error err;
    assert_int_equal(cg_move_map_parse(file, strlen(file), &map, &err), CG_OK);
    assert_int_equal(map.named, (1u << CG_MOVES) - 1);
    assert_string_equal(map.name[cg_move_make(CG_D, 1)], "x");
    assert_string_equal(map.name[cg_move_make(CG_R, 3)], "U");
    cg_dialect d;
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, &map, NULL, &err), CG_OK);
    expect_text(d, "U R' D2", "w U xx");
    expect_read(&d, "w U xx", "U R' D2");
    expect_refused(&d, "w R", 64, CG_ERR_INPUT, "move 2 'R' (column 3) is not one of the move map's names");
    /* The same map with no separator: "ww" is U2 or U U. */
    assert_int_equal(cg_dialect_make(&d, CG_NOTATION_STANDARD, &map, "none", &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "'ww' is both"));

    struct {
        const char *text, *part;
    } bad[] = {
        {"U=a,U=b", "line 1 column 5: U is named twice"},
        {"U=a,D=a", "line 1 column 7: 'a' already names U, so it cannot name D"},
        {"U=a\nX=b", "line 2 column 1: 'X' is not a move"},
        {"U=a\nD2=b\nD", "line 3 column 1: 'D' is not MOVE=NAME"},
        {"U=", "line 1 column 3: U has an empty name"},
        {"U=a b", "line 1 column 4: the name of U has a blank"},
        {"U=0123456789abcdef", "longer than 15"},
        {"# nothing\n\n", "no MOVE=NAME entries"},
        {"U4=a", "'U4' is not a move"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(cg_move_map_parse(bad[i].text, strlen(bad[i].text), &map, &err),
                         CG_ERR_INPUT);
        if (!strstr(err.msg, bad[i].part))
            fail_msg("'%s': '%s' lacks '%s'", bad[i].text, err.msg, bad[i].part);
    }
}

static void expect_make_fails(cg_notation n, const char *map, const char *sep, const char *part)
{
    cg_move_map mm, *mp = NULL;
    cg_error err;
    if (map) {
        assert_int_equal(cg_move_map_parse(map, strlen(map), &mm, &err), CG_OK);
        mp = &mm;
    }
    cg_dialect d;
    assert_int_equal(cg_dialect_make(&d, n, mp, sep, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, part))
        fail_msg("'%s' lacks '%s'", err.msg, part);
}

static void test_dialect_checks(void **state)
{
    (void)state;
    expect_make_fails(CG_NOTATION_STANDARD, "U=a", NULL, "does not name U2");
    expect_make_fails(CG_NOTATION_QUARTER_CW,
                      "U=a,D=b,F=c,B=d,L=e,R=f,R2=g", NULL, "names R2, which notation quarter-cw never writes");
    expect_make_fails(CG_NOTATION_QUARTER_CW, "U=a,D=b,F=c,B=d,L=e,R=ab", "none",
                      "'ab' is both R and U D");
    /* Three steps before the readings meet: a|bc|d = ab|cd. */
    expect_make_fails(CG_NOTATION_QUARTER_CW, "U=a,D=bc,F=d,B=ab,L=cd,R=x", "none",
                      "'abcd' is both");
    /* The separator is part of what must read back one way. */
    expect_make_fails(CG_NOTATION_QUARTER_CW, "U=a,D=b,F=a-b,B=d,L=e,R=f", "-", "'a-b' is both");
    expect_make_fails(CG_NOTATION_STANDARD, NULL, "0123456789abcdefg", "longer than");
    expect_make_fails(CG_NOTATION_STANDARD, NULL, "a\x01", "control byte");
    /* Prefix-free names are fine with nothing between them. */
    cg_dialect d = make(CG_NOTATION_QUARTER_CW, "U=a,D=ba,F=bba,B=c,L=dd,R=dc", "none");
    expect_read(&d, "abbabadddc", "U F D L R");
    char buf[64];
    cg_dialect_describe(&d, buf, sizeof buf);
    assert_string_equal(buf, "notation quarter-cw with a move map, separator none");
}

static void test_metric_and_names(void **state)
{
    (void)state;
    cg_move m[8];
    size_t n;
    assert_int_equal(cg_moves_parse("R2 U' F F2", m, 8, &n, NULL), CG_OK);
    assert_int_equal(cg_moves_count(m, n, CG_METRIC_HTM), 4);
    assert_int_equal(cg_moves_count(m, n, CG_METRIC_QTM), 6);
    for (int i = 0; i <= CG_NOTATION_QUARTER_CW; i++)
        assert_int_equal(cg_notation_parse(cg_notation_name((cg_notation)i)), i);
    assert_int_equal(cg_notation_parse("Standard"), -1);
    assert_int_equal(cg_metric_parse("qtm"), CG_METRIC_QTM);
    assert_int_equal(cg_metric_parse("stm"), -1);
    /* The default dialect is written out for speed: it must be the one cg_dialect_make builds. */
    cg_dialect built, def = cg_dialect_default();
    assert_int_equal(cg_dialect_make(&built, CG_NOTATION_STANDARD, NULL, "space", NULL), CG_OK);
    assert_int_equal(built.notation, def.notation);
    assert_int_equal(built.mapped, def.mapped);
    assert_int_equal(built.blank_separator, def.blank_separator);
    assert_string_equal(built.separator, def.separator);
    for (int m = 0; m < CG_MOVES; m++)
        assert_string_equal(built.name[m], def.name[m]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_moves),      cmocka_unit_test(test_random),
        cmocka_unit_test(test_written_forms),  cmocka_unit_test(test_reading),
        cmocka_unit_test(test_maps),           cmocka_unit_test(test_dialect_checks),
        cmocka_unit_test(test_metric_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
