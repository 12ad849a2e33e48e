/* The jigsaw counter against the problem's samples, hand-counted degenerate puzzles and a slow
 * model; the parser and the whole-input reader against good and bad text. */
#include <ctype.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/jigsaw.h"
#include "testutil.h"
#include "testutil.h"

#define FACT9 362880ull

static cg_jigsaw parse_ok(const char *line)
{
    cg_jigsaw p;
    cg_error err;
    if (cg_jigsaw_parse(line, strlen(line), &p, &err) != CG_OK)
        fail_msg("'%s' did not parse: %s", line, err.msg);
    return p;
}

/* ---- the slow model ----
 * Works on the text: fills the cells in reading order, trying every unused piece in every turn,
 * and checks the facing edges by their letters. No tables, no classes, no symmetry. */

typedef struct slow {
    char piece[9][4];
    bool used[9];
    char cell[9][4]; /* top right bottom left of each filled cell */
    int placed[9];   /* the piece in each filled cell */
    int turned[9];   /* and the turn it was placed in */
    bool first;      /* stop at the first solution (placed then holds it) */
} slow;

static bool pair(char a, char b) { return a != b && toupper((unsigned char)a) == toupper((unsigned char)b); }

static uint64_t slow_fill(slow *s, int at)
{
    if (at == 9)
        return 1;
    uint64_t total = 0;
    for (int i = 0; i < 9; i++) {
        if (s->used[i])
            continue;
        for (int k = 0; k < 4; k++) {
            for (int side = 0; side < 4; side++)
                s->cell[at][side] = s->piece[i][(side + k) % 4];
            if (at % 3 && !pair(s->cell[at - 1][1], s->cell[at][3]))
                continue;
            if (at >= 3 && !pair(s->cell[at - 3][2], s->cell[at][0]))
                continue;
            s->used[i] = true;
            s->placed[at] = i;
            s->turned[at] = k;
            total += slow_fill(s, at + 1);
            s->used[i] = false;
            if (total && s->first)
                return total;
        }
    }
    return total;
}

/* line: nine pieces of four letters, single spaces between. */
static uint64_t slow_count(const char *line)
{
    slow s;
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 9; i++)
        memcpy(s.piece[i], line + 5 * i, 4);
    return slow_fill(&s, 0);
}

static uint64_t fast_count(const char *line)
{
    cg_jigsaw p = parse_ok(line);
    return cg_jigsaw_count(&p);
}

/* ---- the problem's samples ---- */

static void test_samples(void **state)
{
    (void)state;
    FILE *in = open_fixture("contest/jigsaw-sample.in");
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    long long counted = -1;
    cg_error err;
    assert_int_equal(cg_jigsaw_run(in, out, &counted, &err), CG_OK);
    fclose(out);
    fclose(in);
    /* The expected answers from the problem statement. */
    assert_string_equal(text, "40\n8\n32\n4\n12\n0\n");
    assert_int_equal(counted, 6);
    free(text);
}

/* The slow model agrees on the samples too, so it counts what the problem counts. */
static void test_slow_model_on_samples(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        uint64_t count;
    } S[] = {
        {"WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr", 40},
        {"RrGb WWGR rGgb Wbrg wgBb GgBg WbBG Wwwg WWGG", 8},
        {"RBbr Wrbr wGGG wggR WgGR WBWb WRgB wBgG WBgG", 32},
        {"wBrg rGgb WRrB WWbw wRRB RbbB WRrb wrbb WgrG", 4},
        {"WrwB WWww wRRB WGGb Wbbg WBgG WrbG Wrww RBgg", 12},
        {"WWgg RBrr Rggr RGBg Wbgr WGbg WBbr WGWB GGGg", 0},
    };
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++) {
        assert_int_equal(slow_count(S[i].line), S[i].count);
        assert_int_equal(fast_count(S[i].line), S[i].count);
    }
}

/* ---- outside the problem's promises, counted by hand ---- */

static void test_nine_identical_pieces(void **state)
{
    (void)state;
    /* RRrr in its four turns (top right bottom left): RRrr, rRRr, rrRR, RrrR. A right edge R
     * (turns 0, 1) needs a left edge r (turns 0, 1), so each row is all {0,1} or all {2,3};
     * a bottom edge r (turns 0, 3) needs a top edge R (turns 0, 3), so each column is all
     * {0,3} or all {1,2}. Row and column choice fix each cell's turn: 2^3 * 2^3 = 64 turn grids,
     * each filled by the nine copies in 9! ways. */
    assert_int_equal(fast_count("RRrr RRrr RRrr RRrr RRrr RRrr RRrr RRrr RRrr"), 64 * FACT9);
    /* The same piece written in other turns is the same piece. */
    assert_int_equal(fast_count("RRrr rRRr rrRR RrrR RRrr rRRr rrRR RrrR WWww"), 0);
    assert_int_equal(fast_count("RRrr rRRr rrRR RrrR RRrr rRRr rrRR RrrR RRrr"), 64 * FACT9);
    /* RGrg's four left edges g r G R are all different and each turn's right edge pairs only
     * with its own left edge; the same for bottom and top. So all nine share one turn: 4 * 9!. */
    assert_int_equal(fast_count("RGrg RGrg RGrg RGrg RGrg RGrg RGrg RGrg RGrg"), 4 * FACT9);
    assert_int_equal(fast_count("RGrg GrgR rgRG gRGr RGrg GrgR rgRG gRGr RGrg"), 4 * FACT9);
    /* R never faces R. */
    assert_int_equal(fast_count("RRRR RRRR RRRR RRRR RRRR RRRR RRRR RRRR RRRR"), 0);
}

static void test_symmetric_pieces(void **state)
{
    (void)state;
    /* RrRr shows only two patterns: RrRr (turns 0, 2) and rRrR (turns 1, 3). RrRr's right r
     * needs a left R, which only rRrR has, and its bottom R needs a top r: a checkerboard of the
     * two patterns, 2 ways, each cell in 2 turns, the copies in 9! ways. */
    assert_int_equal(fast_count("RrRr RrRr RrRr RrRr RrRr RrRr RrRr RrRr RrRr"), 2 * 512 * FACT9);
    /* Copies, turns of one another and symmetric pieces mixed, with counts small enough for
     * the slow model to decide. */
    const char *mixed[] = {
        "RrRr rRrR RrRr GgGg gGgG RrRr RrRr rRrR RrRr",
        "RRrr RRrr GGgg GGgg RRrr GGgg RRrr GGgg RRrr",
        "RgrG RgrG RgrG GrgR GrgR GrgR rGRg rGRg rGRg",
        "grgr rRrr Rgrg rRrr RGRR RGRR RGrG RRRR GGgg",
        "GgGg rRGG gggG ggGG GgGg rGRG GgGg GRGG GgRr",
        "RgRR rgrg RgRr rRrg gRrG gRrG gRrG rgrG rGRr",
        "GrRr GrRr GrRr gggG rGGR rGRG RRGG gggg rggR",
    };
    for (size_t i = 0; i < sizeof mixed / sizeof mixed[0]; i++) {
        uint64_t want = slow_count(mixed[i]);
        if (fast_count(mixed[i]) != want)
            fail_msg("%s: fast %llu, slow %llu", mixed[i], (unsigned long long)fast_count(mixed[i]),
                     (unsigned long long)want);
    }
}

/* ---- random puzzles against the slow model ---- */

/* Turns each piece of a formatted line by its own random amount and shuffles the pieces. */
static void scramble_text(cg_rng *r, char line[CG_JIGSAW_LINE + 1])
{
    char piece[9][4];
    for (int i = 0; i < 9; i++) {
        int k = (int)cg_rng_below(r, 4);
        for (int s = 0; s < 4; s++)
            piece[i][s] = line[5 * i + (s + k) % 4];
    }
    for (int i = 8; i > 0; i--) {
        int j = (int)cg_rng_below(r, (uint64_t)i + 1);
        char t[4];
        memcpy(t, piece[i], 4);
        memcpy(piece[i], piece[j], 4);
        memcpy(piece[j], t, 4);
    }
    for (int i = 0; i < 9; i++)
        memcpy(line + 5 * i, piece[i], 4);
}

static void check_random(int colours, bool solved, int n, uint64_t seed)
{
    cg_rng r;
    cg_rng_seed(&r, seed);
    if (slow_tools()) /* ASan or valgrind: a sample, not the full run */
        n = (n + 7) / 8;
    for (int i = 0; i < n; i++) {
        cg_jigsaw p;
        cg_jigsaw_random(&r, colours, solved, &p);
        char line[CG_JIGSAW_LINE + 1];
        cg_jigsaw_format(&p, line);
        uint64_t fast = cg_jigsaw_count(&p), slow = slow_count(line);
        if (fast != slow)
            fail_msg("%s: fast %llu, slow %llu", line, (unsigned long long)fast, (unsigned long long)slow);
        /* Turning the whole grid moves the centre piece to another turn: every count is a
         * multiple of 4, with or without the promises. */
        assert_int_equal(fast % 4, 0);
        if (solved) /* cut from a completed grid */
            assert_true(fast > 0);
        /* The order of the pieces and the turn they are written in do not matter. */
        scramble_text(&r, line);
        assert_int_equal(fast_count(line), fast);
    }
}

static void test_random_four_colours(void **state)
{
    (void)state;
    check_random(4, false, 200, 11);
    check_random(4, true, 200, 12);
}

static void test_random_few_colours(void **state)
{
    (void)state;
    /* Two and three colours: copies, turns of one another and symmetric pieces are common. */
    check_random(3, false, 50, 21);
    check_random(3, true, 50, 22);
    check_random(2, false, 12, 23);
    check_random(2, true, 12, 24);
}

/* The colours a random puzzle uses are 1 to 4 whatever is asked: fewer is one, more is four. */
static void test_random_colours_clamped(void **state)
{
    (void)state;
    static const struct { int asked, used; } CASES[] = {{-3, 1}, {0, 1}, {1, 1}, {2, 2}, {3, 3},
                                                        {4, 4}, {5, 4}, {99, 4}};
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        cg_rng r;
        cg_rng_seed(&r, 31 + i);
        unsigned seen = 0;
        for (int k = 0; k < 40; k++) {
            cg_jigsaw p;
            cg_jigsaw_random(&r, CASES[i].asked, k % 2, &p);
            for (int c = 0; c < CG_JIGSAW_PIECES; c++)
                for (int s = 0; s < CG_JIGSAW_SIDES; s++)
                    seen |= 1u << (p.piece[c][s] & 3); /* a symbol is colour + 4 * shape */
        }
        if (seen != (1u << CASES[i].used) - 1)
            fail_msg("%d colours asked: colours seen 0x%x, want the first %d", CASES[i].asked, seen,
                     CASES[i].used);
    }
}

/* A cut puzzle's pieces are listed in no telling order: the last one listed is a corner of
 * the picture (placed by the slow model's first solution; a turn of the grid keeps corners
 * corners) about 4 times in 9, as any place's piece; a shuffle that left the last piece where it
 * was cut would list a corner last every time. 300 puzzles from a fixed seed. */
static void test_random_order_hides_the_picture(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 97);
    int corners = 0, centre_kept = 0, uncut_turns = 0, puzzles = 300;
    for (int k = 0; k < puzzles; k++) {
        cg_jigsaw p;
        cg_jigsaw_random(&r, 4, true, &p);
        char line[CG_JIGSAW_LINE + 1];
        cg_jigsaw_format(&p, line);
        slow s;
        memset(&s, 0, sizeof s);
        s.first = true;
        for (int i = 0; i < 9; i++)
            memcpy(s.piece[i], line + 5 * i, 4);
        assert_true(slow_fill(&s, 0) > 0);
        static const int CORNER[4] = {0, 2, 6, 8};
        for (int c = 0; c < 4; c++)
            corners += s.placed[CORNER[c]] == 8;
        centre_kept += s.placed[4] == 4;
        bool one_turn = true; /* every piece written in the turn it was cut in */
        for (int cell = 1; cell < 9; cell++)
            one_turn &= s.turned[cell] == s.turned[0];
        uncut_turns += one_turn;
    }
    if (corners < puzzles * 4 / 9 - 40 || corners > puzzles * 4 / 9 + 40)
        fail_msg("the last piece listed was a corner in %d of %d puzzles", corners, puzzles);
    /* and a piece may stay where it was cut: the centre (the same cell in every turn of the
     * grid) is listed fifth about once in 9, not never (a shuffle that moves every piece) */
    if (centre_kept < puzzles / 9 / 2)
        fail_msg("the centre was listed in its own place in %d of %d puzzles", centre_kept, puzzles);
    /* and each piece is written turned at random: all nine in the turn they were cut in is once
     * in 4^8 */
    if (uncut_turns > 2)
        fail_msg("%d of %d puzzles had every piece in the turn it was cut in", uncut_turns, puzzles);
}

/* Puzzles that keep the promises count distinct pictures; the slow model already agrees, here
 * the count is also at least 4 for the solved kind (one picture, four turns). */
static bool keeps_promises(const char *line)
{
    for (int i = 0; i < 9; i++)
        for (int j = i; j < 9; j++)
            for (int k = i == j ? 1 : 0; k < 4; k++) {
                bool same = true;
                for (int s = 0; s < 4; s++)
                    same = same && line[5 * i + s] == line[5 * j + (s + k) % 4];
                if (same)
                    return false;
            }
    return true;
}

static void test_promised_puzzles(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 31);
    int kept = 0;
    for (int i = 0; i < 200; i++) {
        cg_jigsaw p;
        cg_jigsaw_random(&r, 4, true, &p);
        char line[CG_JIGSAW_LINE + 1];
        cg_jigsaw_format(&p, line);
        if (!keeps_promises(line))
            continue;
        kept++;
        assert_true(cg_jigsaw_count(&p) >= 4);
    }
    assert_true(kept > 100);
    assert_false(keeps_promises("RRrr RRrr GGgg GGgg RRrr GGgg RRrr GGgg RRrr"));
    assert_false(keeps_promises("WgWr WrWg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr"));
    assert_false(keeps_promises("gWgW wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr"));
    assert_true(keeps_promises("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr"));
}

/* ---- parsing ---- */

static void expect_parse_error(const char *line, const char *want)
{
    cg_jigsaw p;
    cg_error err;
    assert_int_equal(cg_jigsaw_parse(line, strlen(line), &p, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, want))
        fail_msg("'%s': message '%s' lacks '%s'", line, err.msg, want);
}

static void test_parse(void **state)
{
    (void)state;
    cg_jigsaw p = parse_ok("\t WwRR  wwrg\tRRGb rGBG RGrb RrRg RGrg rgBB Wrgr  ");
    assert_int_equal(p.piece[0][CG_JIGSAW_TOP], cg_jigsaw_symbol('W'));
    assert_int_equal(p.piece[0][CG_JIGSAW_RIGHT], cg_jigsaw_symbol('w'));
    assert_int_equal(p.piece[8][CG_JIGSAW_LEFT], cg_jigsaw_symbol('r'));
    /* R G B W r g b w, and a match is a difference of 4. */
    const char *sym = "RGBWrgbw";
    for (int i = 0; i < 8; i++) {
        assert_int_equal(cg_jigsaw_symbol(sym[i]), i);
        assert_int_equal(cg_jigsaw_symbol_char(i), sym[i]);
    }
    assert_int_equal(cg_jigsaw_symbol('x'), -1);
    assert_int_equal(cg_jigsaw_symbol('\0'), -1);

    expect_parse_error("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrg", "piece 9 'Wrg' at column 41 has 3 symbols");
    expect_parse_error("WwRR wwrgR RRGb rGBG RGrb RrRg RGrg rgBB Wrgr", "piece 2 'wwrgR' at column 6 has 5 symbols");
    expect_parse_error("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB", "8 pieces; a puzzle has 9");
    expect_parse_error("", "0 pieces");
    expect_parse_error("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr WWWW", "a 10th piece 'WWWW' at column 46");
    expect_parse_error("WwRR wwrg RRGb rGxG RGrb RrRg RGrg rgBB Wrgr", "'x' at column 18 is not a symbol");
    expect_parse_error("WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrg\x01", "byte 0x01 at column 44");
    expect_parse_error("WwRR,wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr", "',' at column 5");
    /* A NUL inside the line is a bad byte, not the end of the line. */
    cg_error err;
    assert_int_equal(cg_jigsaw_parse("WwRR\0wwrg", 9, &p, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "byte 0x00 at column 5"));
}

static void test_format_round_trip(void **state)
{
    (void)state;
    cg_rng r;
    cg_rng_seed(&r, 41);
    for (int i = 0; i < 100; i++) {
        cg_jigsaw p;
        cg_jigsaw_random(&r, 4, i % 2, &p);
        char line[CG_JIGSAW_LINE + 1];
        cg_jigsaw_format(&p, line);
        assert_int_equal(strlen(line), CG_JIGSAW_LINE);
        cg_jigsaw q = parse_ok(line);
        assert_memory_equal(&p, &q, sizeof p);
    }
}

/* ---- the whole input ---- */

typedef struct run_result {
    cg_status status;
    long long counted;
    char out[4096];
    cg_error err;
} run_result;

static run_result run_text(const char *text, size_t len)
{
    run_result res;
    memset(&res, 0, sizeof res);
    FILE *in = fmemopen((void *)text, len, "r");
    char *buf = NULL;
    size_t buflen = 0;
    FILE *out = open_memstream(&buf, &buflen);
    assert_non_null(in);
    assert_non_null(out);
    res.status = cg_jigsaw_run(in, out, &res.counted, &res.err);
    fclose(in);
    fclose(out);
    snprintf(res.out, sizeof res.out, "%s", buf);
    free(buf);
    return res;
}

static run_result run_str(const char *text) { return run_text(text, strlen(text)); }

#define P1 "WwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr"
#define P2 "RrGb WWGR rGgb Wbrg wgBb GgBg WbBG Wwwg WWGG"

static void expect_run_error(const char *text, cg_status status, const char *out, long long counted,
                             const char *want)
{
    run_result r = run_str(text);
    assert_int_equal(r.status, status);
    assert_string_equal(r.out, out);
    assert_int_equal(r.counted, counted);
    if (!strstr(r.err.msg, want))
        fail_msg("message '%s' lacks '%s'", r.err.msg, want);
}

static void test_run_good(void **state)
{
    (void)state;
    run_result r = run_str("2\r\n" P1 "\r\n" P2 "\r\n");
    assert_int_equal(r.status, CG_OK);
    assert_string_equal(r.out, "40\n8\n");
    /* No newline at the end, blanks around N, blank lines after the puzzles. */
    r = run_str(" 1 \n" P1 "\n\n  \n");
    assert_int_equal(r.status, CG_OK);
    assert_string_equal(r.out, "40\n");
    r = run_str("1\n" P2);
    assert_int_equal(r.status, CG_OK);
    assert_string_equal(r.out, "8\n");
    r = run_str("0\n");
    assert_int_equal(r.status, CG_OK);
    assert_string_equal(r.out, "");
    assert_int_equal(r.counted, 0);
}

static void test_run_bad(void **state)
{
    (void)state;
    expect_run_error("", CG_ERR_INPUT, "", 0, "line 1: the input is empty");
    expect_run_error("\n1\n" P1 "\n", CG_ERR_INPUT, "", 0, "line 1: empty");
    expect_run_error("six\n", CG_ERR_INPUT, "", 0, "line 1: 'six' is not a number of puzzles");
    expect_run_error("-1\n", CG_ERR_INPUT, "", 0, "line 1: '-1' is not a number");
    expect_run_error("2 3\n", CG_ERR_INPUT, "", 0, "line 1: '2 3' is not a number");
    expect_run_error("1234567890123456789\n", CG_ERR_INPUT, "", 0, "too large");
    /* The counts before the bad line are written, nothing after it. */
    expect_run_error("3\n" P1 "\n" P2 "\nWwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB\n", CG_ERR_INPUT,
                     "40\n8\n", 2, "line 4: 8 pieces");
    expect_run_error("3\n" P1 "\nWwRR wwrg RRGb rGBG RGrb RrRg RGrg rgBB WrgX\n" P2 "\n",
                     CG_ERR_INPUT, "40\n", 1, "line 3: 'X' at column 44 is not a symbol");
    expect_run_error("2\nWwR wwrg RRGb rGBG RGrb RrRg RGrg rgBB Wrgr\n" P2 "\n", CG_ERR_INPUT, "",
                     0, "line 2: piece 1 'WwR' at column 1 has 3 symbols");
    expect_run_error("3\n" P1 "\n" P2 "\n", CG_ERR_INPUT, "40\n8\n", 2,
                     "line 4: the input ends after 2 of the 3 puzzles");
    expect_run_error("1\n" P1 "\n\n" P2 "\n", CG_ERR_INPUT, "40\n", 1, "line 4: more text after the 1 puzzles");
    expect_run_error("2\n" P1 "\n\n" P2 "\n", CG_ERR_INPUT, "40\n", 1, "line 3: 0 pieces");
}

/* A line too long after the puzzles is an error too, not the end of the input. */
static void test_run_long_line_after(void **state)
{
    (void)state;
    size_t n = CG_JIGSAW_LINE_MAX + 1;
    char *text = malloc(n + 64);
    assert_non_null(text);
    size_t head = (size_t)snprintf(text, 64, "1\n%s\n", P1);
    memset(text + head, 'x', n);
    memcpy(text + head + n, "\n", 2);
    run_result r = run_text(text, head + n + 1);
    assert_int_equal(r.status, CG_ERR_LIMIT);
    assert_string_equal(r.out, "40\n");
    if (!strstr(r.err.msg, "line 3: longer than"))
        fail_msg("message '%s'", r.err.msg);
    free(text);
}

/* A read that fails is an error, not the end of the input: the counts before it are written. */
static void test_run_read_fails(void **state)
{
    (void)state;
    static const char *const TEXTS[] = {"", "2\n", "2\n" P1 "\n", "1\n" P1 "\n"};
    static const char *const OUT[] = {"", "", "40\n", "40\n"};
    static const char *const WANT[] = {"line 1: reading failed", "line 2: reading failed",
                                       "line 3: reading failed", "line 3: reading failed"};
    for (size_t i = 0; i < sizeof TEXTS / sizeof *TEXTS; i++) {
        FILE *in = failing_stream(TEXTS[i]);
        if (!in)
            skip();
        char *buf = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&buf, &len);
        assert_non_null(out);
        cg_error err;
        assert_int_equal(cg_jigsaw_run(in, out, NULL, &err), CG_ERR_SYSTEM);
        fclose(out);
        assert_string_equal(buf, OUT[i]);
        if (!strstr(err.msg, WANT[i]) || !strstr(err.msg, strerror(EIO)))
            fail_msg("'%s': message '%s'", TEXTS[i], err.msg);
        free(buf);
        fclose(in);
    }
}

/* A count that cannot be written is an error, whether the last flush or an earlier write failed:
 * an unbuffered stream on /dev/full fails each write, and its final flush has nothing left. */
static void test_run_write_fails(void **state)
{
    (void)state;
    static const char text[] = "2\n" P1 "\n" P2 "\n";
    for (int buffered = 0; buffered < 2; buffered++) {
        FILE *in = fmemopen((void *)text, sizeof text - 1, "r");
        FILE *out = fopen("/dev/full", "w");
        if (!out)
            skip();
        assert_non_null(in);
        if (!buffered)
            assert_int_equal(setvbuf(out, NULL, _IONBF, 0), 0);
        cg_error err;
        assert_int_equal(cg_jigsaw_run(in, out, NULL, &err), CG_ERR_SYSTEM);
        if (!strstr(err.msg, "writing the counts failed"))
            fail_msg("%s: message '%s'", buffered ? "buffered" : "unbuffered", err.msg);
        fclose(in);
        fclose(out);
    }
}

static void test_run_long_line(void **state)
{
    (void)state;
    size_t n = CG_JIGSAW_LINE_MAX + 10;
    char *text = malloc(n + 8);
    memcpy(text, "1\n", 2);
    memset(text + 2, 'R', n);
    run_result r = run_text(text, n + 2);
    assert_int_equal(r.status, CG_ERR_LIMIT);
    assert_non_null(strstr(r.err.msg, "line 2: longer than"));
    /* Exactly at the limit is a line like any other: here a too-long piece. */
    r = run_text(text, CG_JIGSAW_LINE_MAX + 2);
    assert_int_equal(r.status, CG_ERR_INPUT);
    assert_non_null(strstr(r.err.msg, "line 2: piece 1 'RRRRRRRRRRRRRRRR...' at column 1 has 1024 symbols"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_samples),
        cmocka_unit_test(test_slow_model_on_samples),
        cmocka_unit_test(test_nine_identical_pieces),
        cmocka_unit_test(test_symmetric_pieces),
        cmocka_unit_test(test_random_four_colours),
        cmocka_unit_test(test_random_few_colours),
        cmocka_unit_test(test_random_colours_clamped),
        cmocka_unit_test(test_promised_puzzles),
        cmocka_unit_test(test_random_order_hides_the_picture),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_run_good),
        cmocka_unit_test(test_run_bad),
        cmocka_unit_test(test_run_long_line),
        cmocka_unit_test(test_run_write_fails),
        cmocka_unit_test(test_run_read_fails),
        cmocka_unit_test(test_run_long_line_after),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
