/* sim3 and the cube3 facelet model, checked against the slow model of slow3.h. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "contest/slow3.h"
#include "cubegod/cube3.h"
#include "cubegod/sim3.h"
#include "testutil.h"
#include "contest/sim3_reader.h"

static const char SAMPLES[] =
    "START\n"
    "      O O O\n"
    "      O O O\n"
    "      O G W\n"
    "W W W Y B G R B B G G G\n"
    "B Y W Y B G R G G W W R\n"
    "B Y Y B O O B W W Y Y R\n"
    "      R Y Y\n"
    "      B R R\n"
    "      G R R\n"
    "front right\n"
    "top right\n"
    "left left\n"
    "bottom right\n"
    "END\n"
    "START\n"
    "      Y B B\n"
    "      O G B\n"
    "      G R B\n"
    "W W B R Y Y R G G O O O\n"
    "R O O G B R G R O Y W W\n"
    "Y G Y O R G W B G O Y W\n"
    "      B B R\n"
    "      W Y Y\n"
    "      R W W\n"
    "back left\n"
    "top right\n"
    "left right\n"
    "right right\n"
    "front left\n"
    "bottom right\n"
    "right left\n"
    "END\n"
    "ENDOFINPUT\n";

/* Runs the reader over text: the answers as "YN..." in got, the status of the last call. */
static cg_status run(const char *text, char *got, size_t size, cg_sim3_result *last, cg_error *err)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(in);
    cg_sim3_reader r;
    cg_sim3_init(&r, in);
    size_t n = 0;
    cg_status st;
    for (;;) {
        cg_sim3_result res;
        bool done;
        st = cg_sim3_next(&r, &res, &done, err);
        if (st != CG_OK || done)
            break;
        assert_true(n + 1 < size);
        got[n++] = res.solved ? 'Y' : 'N';
        if (last)
            *last = res;
    }
    got[n] = '\0';
    fclose(in);
    return st;
}

static void test_samples(void **state)
{
    (void)state;
    char got[8];
    cg_error err;
    assert_int_equal(run(SAMPLES, got, sizeof got, NULL, &err), CG_OK);
    assert_string_equal(got, "YN");
}

/* Every move of the library equals the slow model's turn of points in space. */
static void test_moves_match_slow_model(void **state)
{
    (void)state;
    cg3_tables t;
    cg3_tables_init(&t);
    for (int base = 0; base < CG3_BASES; base++)
        for (int turns = 0; turns < 4; turns++) {
            s3_perm slow = s3_move(cg3_base_name(base), turns);
            const cg3_perm *fast = &t.perm[cg3_move_make(base, turns)];
            if (memcmp(slow.src, fast->src, S3_N) != 0)
                fail_msg("move %s turned %d times differs from the slow model", cg3_base_name(base), turns);
        }
}

static const char *const FACE_WORD[6] = {"top", "bottom", "front", "back", "left", "right"};
static const char *const FACE_MOVE[6] = {"U", "D", "F", "B", "L", "R"};

/* Writes one data set of net f and ops (face * 2 + (1 for "left")), with random leading spaces
 * and line ends (LF or CRLF). */
static size_t write_set(char *out, const uint8_t f[S3_N], const int *ops, int nops, uint64_t *seed)
{
    static const int strip[4] = {4, 2, 5, 3};
    size_t n = 0;
#define EOL() (s3_rand(seed) % 2 ? "\r\n" : "\n")
#define PAD() ((int)(s3_rand(seed) % 9))
    n += (size_t)sprintf(out + n, "START%s", EOL());
    for (int k = 0; k < 9; k++) {
        int face = k < 3 ? 0 : 1, row = k % 3;
        n += (size_t)sprintf(out + n, "%*s", PAD(), "");
        if (k >= 3 && k < 6) {
            for (int s = 0; s < 12; s++)
                n += (size_t)sprintf(out + n, "%s%c", s ? " " : "", f[strip[s / 3] * 9 + row * 3 + s % 3]);
        } else {
            if (k >= 6)
                row = (k - 6) % 3;
            const uint8_t *g = f + face * 9 + row * 3;
            n += (size_t)sprintf(out + n, "%c %c %c", g[0], g[1], g[2]);
        }
        n += (size_t)sprintf(out + n, "%s", EOL());
    }
    for (int i = 0; i < nops; i++)
        n += (size_t)sprintf(out + n, "%*s%s %s%s", PAD(), "", FACE_WORD[ops[i] / 2],
                             ops[i] % 2 ? "left" : "right", EOL());
    n += (size_t)sprintf(out + n, "END%s", EOL());
#undef EOL
#undef PAD
    return n;
}

static s3_perm op_perm(int op) { return s3_move(FACE_MOVE[op / 2], op % 2 ? 3 : 1); }

/* Random nets and operations: the final colours of every data set equal the slow model's. Half of
 * the nets are scrambles that the operations undo, so both answers occur. */
static void test_random_against_slow_model(void **state)
{
    (void)state;
    uint64_t seed = 42;
    enum { SETS = 300, MAXOPS = 40 };
    char *text = malloc(SETS * 2000 + 64);
    assert_non_null(text);
    uint8_t expect[SETS][S3_N];
    int yes = 0;
    size_t n = 0;
    for (int k = 0; k < SETS; k++) {
        uint8_t f[S3_N];
        int ops[MAXOPS], nops = (int)(s3_rand(&seed) % MAXOPS);
        for (int i = 0; i < S3_N; i++)
            f[i] = (uint8_t)"WYROGB"[i / 9];
        for (int i = 0; i < nops; i++)
            ops[i] = (int)(s3_rand(&seed) % 12);
        if (k % 2) { /* a shuffled net */
            for (int i = S3_N - 1; i > 0; i--) {
                int j = (int)(s3_rand(&seed) % (uint64_t)(i + 1));
                uint8_t x = f[i];
                f[i] = f[j];
                f[j] = x;
            }
        } else { /* a solved cube scrambled by the inverse of the operations */
            for (int i = nops - 1; i >= 0; i--) {
                s3_perm inv = op_perm(ops[i] ^ 1);
                uint8_t old[S3_N];
                memcpy(old, f, S3_N);
                for (int j = 0; j < S3_N; j++)
                    f[j] = old[inv.src[j]];
            }
        }
        n += write_set(text + n, f, ops, nops, &seed);
        memcpy(expect[k], f, S3_N);
        for (int i = 0; i < nops; i++) {
            s3_perm m = op_perm(ops[i]);
            uint8_t old[S3_N];
            memcpy(old, expect[k], S3_N);
            for (int j = 0; j < S3_N; j++)
                expect[k][j] = old[m.src[j]];
        }
    }
    strcpy(text + n, "ENDOFINPUT\n");

    FILE *in = fmemopen(text, strlen(text), "r");
    assert_non_null(in);
    cg_sim3_reader r;
    cg_sim3_init(&r, in);
    for (int k = 0; k < SETS; k++) {
        cg_sim3_result res;
        bool done;
        cg_error err;
        if (cg_sim3_next(&r, &res, &done, &err) != CG_OK)
            fail_msg("data set %d: %s", k, err.msg);
        assert_false(done);
        assert_memory_equal(res.facelets, expect[k], S3_N);
        bool solved = true;
        for (int j = 0; j < S3_N; j++)
            solved = solved && expect[k][j] == expect[k][j / 9 * 9];
        assert_int_equal(res.solved, solved);
        yes += solved;
    }
    cg_sim3_result res;
    bool done;
    assert_int_equal(cg_sim3_next(&r, &res, &done, NULL), CG_OK);
    assert_true(done);
    assert_true(yes >= SETS / 2);
    fclose(in);
    free(text);
}

#define NET_OK "      O O O\n      O O O\n      O G W\nW W W Y B G R B B G G G\nB Y W Y B G R G G W W R\nB Y Y B O O B W W Y Y R\n      R Y Y\n      B R R\n      G R R\n"

/* A read that fails is an error wherever it comes, after ENDOFINPUT too: nothing is taken for the
 * end of the input that was not. */
static void test_read_error(void **state)
{
    (void)state;
    static const char *const TEXTS[] = {"ENDOFINPUT\n", "", "START\n      O O O\n",
                                        "START\n" NET_OK "front right\n"};
    static const char *const WANT[] = {"after line 1: reading failed", "after line 0: reading failed",
                                       "after line 2: reading failed", "after line 11: reading failed"};
    for (size_t i = 0; i < sizeof TEXTS / sizeof *TEXTS; i++) {
        FILE *in = failing_stream(TEXTS[i]);
        if (!in)
            skip();
        cg_sim3_reader r;
        cg_sim3_init(&r, in);
        cg_sim3_result res;
        bool done;
        cg_error err;
        assert_int_equal(cg_sim3_next(&r, &res, &done, &err), CG_ERR_SYSTEM);
        if (strncmp(err.msg, WANT[i], strlen(WANT[i])) != 0 || !strstr(err.msg, strerror(EIO)))
            fail_msg("'%s': message '%s'", TEXTS[i], err.msg);
        fclose(in);
    }
}

/* ---- bad input ---- */

/* The first data set of SAMPLES, then `tail`: the first answer must come, then an error whose
 * message starts with "line N:". */
static void expect_error_after_one(const char *tail, int line)
{
    char text[2048], got[8], prefix[32];
    const char *second = strstr(SAMPLES, "START\n      Y");
    snprintf(text, sizeof text, "%.*s%s", (int)(second - SAMPLES), SAMPLES, tail);
    cg_error err;
    assert_int_equal(run(text, got, sizeof got, NULL, &err), CG_ERR_INPUT);
    assert_string_equal(got, "Y");
    snprintf(prefix, sizeof prefix, "line %d:", line);
    if (strncmp(err.msg, prefix, strlen(prefix)) != 0)
        fail_msg("expected '%s...', got '%s'", prefix, err.msg);
}


static void test_unknown_operation(void **state)
{
    (void)state;
    expect_error_after_one("START\n" NET_OK "front right\nfront up\nEND\nENDOFINPUT\n", 27);
    expect_error_after_one("START\n" NET_OK "front\nEND\nENDOFINPUT\n", 26);
    expect_error_after_one("START\n" NET_OK "front right left\nEND\nENDOFINPUT\n", 26);
    expect_error_after_one("START\n" NET_OK "Front right\nEND\nENDOFINPUT\n", 26);
}

static void test_short_net_line(void **state)
{
    (void)state;
    expect_error_after_one("START\n      O O\n", 17);
    expect_error_after_one("START\n      O O O\n      O O O\n      O G W\nW W W Y B G R B B G G\n", 20);
    expect_error_after_one("START\n      O O O\n      O OO\n", 18);
    expect_error_after_one("START\n      O O O\n\n", 18);
}

/* The whole message for TEXT, which must fail. */
static void expect_message(const char *text, const char *want)
{
    char got[8];
    cg_error err;
    assert_int_equal(run(text, got, sizeof got, NULL, &err), CG_ERR_INPUT);
    if (strcmp(err.msg, want) != 0)
        fail_msg("got  '%s'\nwant '%s'", err.msg, want);
}

/* A message quotes the line as read: items joined by one space, an item past 11 characters cut
 * with "...", " ..." for items past the 13th, the whole quote at most 95 characters. */
static void test_messages_quote_the_line(void **state)
{
    (void)state;
    expect_message("ENDOFINPUT\n \t stray\t  text  here\n", "line 2: 'stray text here' after ENDOFINPUT");
    expect_message("\nhello\n", "line 2: expected START or ENDOFINPUT, found 'hello'");
    expect_message("ENDOFINPUT\nabcdefghijklmnop xyz\n", "line 2: 'abcdefghijk... xyz' after ENDOFINPUT");
    expect_message("ENDOFINPUT\nabcdefghijk\n", "line 2: 'abcdefghijk' after ENDOFINPUT");
    expect_message("ENDOFINPUT\na b c d e f g h i j k l m\n", "line 2: 'a b c d e f g h i j k l m' after ENDOFINPUT");
    expect_message("ENDOFINPUT\na b c d e f g h i j k l m n o\n",
                   "line 2: 'a b c d e f g h i j k l m ...' after ENDOFINPUT");
    /* fourteen long items, whose quote (13 * 14 + 12 characters and " ...") is cut to its first
     * 95 wherever it is quoted */
    char line[256], quote[512], text[1024], want[CG_ERROR_MSG_MAX];
    size_t n = 0, q = 0;
    for (int i = 0; i < 14; i++) {
        n += (size_t)snprintf(line + n, sizeof line - n, "%c%c%.12s ", 'a' + i, 'a' + i, "0123456789xyz");
        if (i < 13)
            q += (size_t)snprintf(quote + q, sizeof quote - q, "%s%c%c%.9s...", i ? " " : "", 'a' + i,
                                  'a' + i, "0123456789");
    }
    snprintf(text, sizeof text, "ENDOFINPUT\n%s\n", line);
    snprintf(want, sizeof want, "line 2: '%.95s' after ENDOFINPUT", quote);
    expect_message(text, want);
    snprintf(text, sizeof text, "%s\n", line);
    snprintf(want, sizeof want, "line 1: expected START or ENDOFINPUT, found '%.95s'", quote);
    expect_message(text, want);
    snprintf(text, sizeof text, "START\n%s\n", line);
    snprintf(want, sizeof want, "line 2: expected 3 colours (the top face), found 14: '%.95s'", quote);
    expect_message(text, want);
    snprintf(text, sizeof text, "START\n" NET_OK "%s\nEND\nENDOFINPUT\n", line);
    snprintf(want, sizeof want, "line 11: unknown operation '%.95s' (expected FACE DIRECTION: front, back, "
             "left, right, top or bottom, then left or right)", quote);
    expect_message(text, want);
    /* the colour count names the net's lines, the first colour off and its count */
    expect_message("START\n      O O O\n      O O O\n      O G O\nW W W Y B G R B B G G G\n"
                   "B Y W Y B G R G G W W R\nB Y Y B O O B W W Y Y R\n      R Y Y\n      B R R\n"
                   "      G R R\nEND\nENDOFINPUT\n",
                   "line 2: the net (lines 2-10) must show six colours nine times each, but 'O' "
                   "appears 10 times");
    /* a data set cut short by the next one, or by the end marker */
    expect_message("START\n" NET_OK "front right\nSTART\n",
                   "line 12: START before the END of the data set of line 1");
    expect_message("START\n" NET_OK "ENDOFINPUT\n",
                   "line 11: ENDOFINPUT before the END of the data set of line 1");
    /* each part of the net names itself and its count */
    expect_message("START\n      O O\n", "line 2: expected 3 colours (the top face), found 2: 'O O'");
    expect_message("START\n      O O O\n\n", "line 3: expected 3 colours (the top face), found 0: ''");
    expect_message("START\n      O O O\n      O O O\n      O G W\nW W W Y B G R B B G G G\n"
                   "B Y W Y B G R G G W W\n",
                   "line 6: expected 12 colours (left, front, right and back), found 11: "
                   "'B Y W Y B G R G G W W'");
    expect_message("START\n      O O O\n      O O O\n      O G W\nW W W Y B G R B B G G G\n"
                   "B Y W Y B G R G G W W R\nB Y Y B O O B W W Y Y R\n      R Y Y\n      B R R R\n",
                   "line 9: expected 3 colours (the bottom face), found 4: 'B R R R'");
    expect_message("START\n" NET_OK "front  up\nEND\nENDOFINPUT\n",
                   "line 11: unknown operation 'front up' (expected FACE DIRECTION: front, back, "
                   "left, right, top or bottom, then left or right)");
}

static void test_bad_colour_counts(void **state)
{
    (void)state;
    /* One O turned into a W: W ten times, O eight. */
    char net[] = "START\n" NET_OK "END\nENDOFINPUT\n";
    char *o = strchr(net, 'O');
    *o = 'W';
    expect_error_after_one(net, 17);
    cg_error err;
    char got[8];
    assert_int_equal(run(net, got, sizeof got, NULL, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "six colours nine times"));
    /* A seventh colour: no colour shows more than nine times, yet O shows eight. */
    char seventh[] = "START\n" NET_OK "END\nENDOFINPUT\n";
    *strchr(seventh, 'O') = 'X';
    expect_error_after_one(seventh, 17);
    assert_int_equal(run(seventh, got, sizeof got, NULL, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "six colours nine times"));
}

static void test_missing_end(void **state)
{
    (void)state;
    expect_error_after_one("START\n" NET_OK "front right\nSTART\n", 27);
    expect_error_after_one("START\n" NET_OK "front right\n", 27);
    expect_error_after_one("START\n" NET_OK "front right\nENDOFINPUT\n", 27);
    expect_error_after_one("START\n      O O O\n", 18); /* the input ends in the net */
}

static void test_missing_endofinput_and_trailing_text(void **state)
{
    (void)state;
    expect_error_after_one("", 16);
    expect_error_after_one("ENDOFINPUT\nSTART\n", 17);
    expect_error_after_one("hello\n", 16);
    /* Blank lines before, between and after are fine. */
    char text[2048], got[8];
    snprintf(text, sizeof text, "\n  \n%s\n\n", SAMPLES);
    assert_int_equal(run(text, got, sizeof got, NULL, NULL), CG_OK);
    assert_string_equal(got, "YN");
}

/* Any single characters are colours; a data set without operations answers for its net. */
static void test_any_colours_and_no_operations(void **state)
{
    (void)state;
    const char *text = "START\n"
                       " 1 1 1\n 1 1 1\n 1 1 1\n"
                       "a a a # # # x x x . . .\na a a # # # x x x . . .\na a a # # # x x x . . .\n"
                       "\t\tz z z\n z z z\n z z z\nEND\n"
                       "START\n"
                       " 1 1 1\n 1 1 1\n 1 1 1\n"
                       "a a a # # # x x x . . .\na a a # # # x x x . . .\na a a # # # x x x . . .\n"
                       " z z z\n z z z\n z z z\ntop right\nEND\n"
                       "START\n"
                       " 1 1 1\n 1 1 1\n 1 1 1\n"
                       "a a a # # # x x x . . .\na a a # # # x x x . . .\na a a # # # x x x . . .\n"
                       " z z z\n z z z\n z z z\nfront right\nEND\nENDOFINPUT";
    char got[8];
    cg_sim3_result last;
    assert_int_equal(run(text, got, sizeof got, &last, NULL), CG_OK);
    assert_string_equal(got, "YNN");
    assert_int_equal(last.operations, 1);
}

/* Every byte that is not a blank is a colour, a NUL byte too; a no-break space (C2 A0) is a
 * blank, but C2 before anything else is part of an item. */
static void test_colour_bytes(void **state)
{
    (void)state;
    char text[512];
    size_t n = (size_t)snprintf(text, sizeof text, "START\n 1 1 1\n 1 1 1\n 1 1 1\n"
                                "a a a # # # x x x . . .\na a a # # # x x x . . .\na a a # # # x x x . . .\n"
                                " z z z\n z z z\n z z z\nEND\nENDOFINPUT\n");
    for (size_t i = 0; i < n; i++)
        if (text[i] == 'z')
            text[i] = '\0';
    FILE *in = fmemopen(text, n, "r");
    assert_non_null(in);
    cg_sim3_reader r;
    cg_sim3_init(&r, in);
    cg_sim3_result res;
    bool done;
    cg_error err;
    if (cg_sim3_next(&r, &res, &done, &err) != CG_OK)
        fail_msg("a NUL colour: %s", err.msg);
    assert_true(res.solved);
    fclose(in);
    expect_message("START\n      O O abcdefghijk\n",
                   "line 2: 'abcdefghijk' is not one colour (colours are single characters separated by spaces)");
    expect_message("START\n      O O abcdefghijkl\n",
                   "line 2: 'abcdefghijk...' is not one colour (colours are single characters separated by spaces)");
    expect_message("START\n      O O \xC2\xA9\n",
                   "line 2: '\xC2\xA9' is not one colour (colours are single characters separated by spaces)");
    expect_message("START\n      O\xC2\xA0O \xC2\xA0 O P\n",
                   "line 2: expected 3 colours (the top face), found 4: 'O O O P'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_samples),
        cmocka_unit_test(test_moves_match_slow_model),
        cmocka_unit_test(test_random_against_slow_model),
        cmocka_unit_test(test_unknown_operation),
        cmocka_unit_test(test_short_net_line),
        cmocka_unit_test(test_bad_colour_counts),
        cmocka_unit_test(test_messages_quote_the_line),
        cmocka_unit_test(test_read_error),
        cmocka_unit_test(test_colour_bytes),
        cmocka_unit_test(test_missing_end),
        cmocka_unit_test(test_missing_endofinput_and_trailing_text),
        cmocka_unit_test(test_any_colours_and_no_operations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
