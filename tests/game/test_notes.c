/* What play says it learnt from the server's words (its notes: -v's log, cg_play_options'
 * on_note), each said once: a legend of quarter turns and the metric it implies, a stated
 * limit, a notation told in words, a cube asked again; and the metric answers were counted
 * in. A banner before fixtures/faults/round.txt's round, over a memory
 * tube. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/notation.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"
#include "testutil.h"

typedef struct notes {
    int n;
    char text[16][512];
} notes;

static void keep_note(void *ctx, const char *note)
{
    notes *s = ctx;
    if (s->n < 16)
        snprintf(s->text[s->n++], sizeof s->text[0], "%s", note);
}

static int count(const notes *s, const char *part)
{
    int k = 0;
    for (int i = 0; i < s->n; i++)
        k += strstr(s->text[i], part) != NULL;
    return k;
}

/* The quarter-turn table, pocket-qtm.tbl beside $CUBEGOD_CACHE (the tables fixture builds it),
 * opened when the game asks for it. */
static cg_tables *qtm_tables;
static cg_status open_qtm(void *ctx, const cg_tables **out, cg_error *err)
{
    (void)ctx;
    if (!qtm_tables) {
        char path[4096];
        const char *cache = getenv("CUBEGOD_CACHE");
        size_t n = strlen(cache);
        assert_true(n > 4 && n + 5 < sizeof path);
        snprintf(path, sizeof path, "%.*s-qtm.tbl", (int)(n - 4), cache);
        cg_tables_options o = {.cache_path = path, .metric = CG_METRIC_QTM};
        cg_status st = cg_tables_open(&qtm_tables, &o, NULL, err);
        if (st != CG_OK)
            return st;
    }
    *out = qtm_tables;
    return CG_OK;
}

/* The round of fixtures/faults/round.txt after banner, then after (NULL: a yes; "again": the
 * round once more, then a yes). */
static void play_after(const char *banner, const char *after, notes *s, cg_play_result *res)
{
    char round[1 << 14], text[1 << 15];
    read_fixture("faults/round.txt", round, sizeof round);
    bool again = after && strcmp(after, "again") == 0;
    int k = snprintf(text, sizeof text, "%s%s%s%s", banner, round, again ? round : "",
                     after && !again ? after : "[+] Correct\n");
    assert_true(k > 0 && (size_t)k < sizeof text);
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, (size_t)k, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    opt.tables_qtm = open_qtm;
    opt.on_note = keep_note;
    opt.on_note_ctx = s;
    s->n = 0;
    cg_error err;
    cg_play(t, tables, &opt, res, &err);
    cg_tube_close(t);
}

static void test_notes_of_what_was_read(void **state)
{
    (void)state;
    static const struct {
        const char *banner, *note, *after;
        bool qtm; /* answers counted in quarter turns */
    } rows[] = {
        /* a legend that names quarter turns only: its notation, and the metric it implies */
        {"Controls:\n  r = R (right CW)  R = R' (right CCW)\n  u = U (up CW)  U = U' (up CCW)\n"
         "  f = F (front CW)  F = F' (front CCW)\n  l = L (left CW)  L = L' (left CCW)\n"
         "  d = D (down CW)  D = D' (down CCW)\n  b = B (back CW)  B = B' (back CCW)\n",
         "moves counted in quarter turns: the legend names no half turn", NULL, true},
        {"Controls:\n  r = R (right CW)  R = R' (right CCW)\n  u = U (up CW)  U = U' (up CCW)\n"
         "  f = F (front CW)  F = F' (front CCW)\n  l = L (left CW)  L = L' (left CCW)\n"
         "  d = D (down CW)  D = D' (down CCW)\n  b = B (back CW)  B = B' (back CCW)\n",
         "moves written as the server's legend names them", NULL, true},
        {"Solve it in at most 14 moves.\n", "limit 14, from the server's text", NULL, false},
        /* a legend that names half turns too: half turns count one */
        {"Keys: a = U, b = U', c = U2, d = D, e = D', f = D2, g = F, h = F', i = F2\n"
         "Keys: j = B, k = B', l = B2, m = L, n = L', o = L2, p = R, q = R', s = R2\n",
         "moves written as the server's legend names them", NULL, false},
        /* a notation told in words */
        {"Moves: one letter a move, upper case clockwise, lower case counter-clockwise.\n",
         "moves written as the server's words say (one letter a quarter turn, its case the way)",
         NULL, true},
        /* the same cube again after the answer, with no verdict */
        {"", "round 1: its cube came again after the answer, with no verdict: asked again",
         "again", false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        notes s;
        cg_play_result res;
        play_after(rows[i].banner, rows[i].after, &s, &res);
        if (count(&s, rows[i].note) != 1 || !res.won || res.qtm != rows[i].qtm) {
            for (int k = 0; k < s.n; k++)
                print_message("note: %s\n", s.text[k]);
            fail_msg("row %zu: '%s' said %d times; quarter turns %d; %s: %s", i, rows[i].note,
                     count(&s, rows[i].note), res.qtm, cg_outcome_name(res.outcome), res.reason);
        }
    }
}

/* A notation read from the server's words stands: a later example in another notation ("For
 * example: R U'") does not replace it, nor is it said. */
static void test_the_first_notation_stands(void **state)
{
    (void)state;
    notes s;
    cg_play_result res;
    play_after("Moves: one letter a move, upper case clockwise, lower case counter-clockwise.\n"
               "For example: R U' F2\n",
               NULL, &s, &res);
    assert_true(res.won);
    assert_int_equal(count(&s, "the server's words say"), 1);
    if (count(&s, "For example") != 0)
        fail_msg("the example was read as the notation too");
    assert_int_equal(res.dialect.notation, CG_NOTATION_QUARTER);
}

/* A standard example ("e.g. R U' F2") is a notation read too: it is said, and a later example in
 * digits does not replace it */
static void test_a_standard_example_stands(void **state)
{
    (void)state;
    notes s;
    cg_play_result res;
    play_after("Send moves, e.g. R U' F2\nAnswers like R1 R3 F2 are fine too\n", NULL, &s, &res);
    assert_true(res.won);
    assert_int_equal(count(&s, "notation standard, from the server's text: \"Send moves, e.g."), 1);
    assert_int_equal(res.dialect.notation, CG_NOTATION_STANDARD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notes_of_what_was_read),
        cmocka_unit_test(test_the_first_notation_stands),
        cmocka_unit_test(test_a_standard_example_stands),
    };
    int failed = cmocka_run_group_tests(tests, setup, teardown);
    cg_tables_close(qtm_tables);
    return failed;
}
