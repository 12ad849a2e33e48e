/* Answers as a round trip: for every dialect (four notations, with and without a move map,
 * four separators) and both metrics, a random solution written by the client's writer
 * (cg_dialect_answer) and read back by the server's parser gives the same moves as the
 * dialect's expansion, the server counts it as cg_moves_count does in that metric, and the
 * server's whole check accepts it on the cube it solves (2x2 and 3x3). The solutions are random
 * scrambles undone, so no solver table is needed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/cube3.h"
#include "cubegod/notation.h"
#include "cubegod/server.h"
#include "game/answer.h"
#include "testutil.h"

static cg3_tables model;

static int setup(void **state)
{
    (void)state;
    cg3_tables_init(&model);
    return 0;
}

/* A map naming exactly the moves the notation uses, with names that read back without a
 * separator: one lower-case letter each, or two letters when `wide`. */
static cg_move_map letters_map(cg_notation notation, bool wide)
{
    cg_move_map m;
    memset(&m, 0, sizeof m);
    int k = 0;
    for (int mv = 0; mv < CG_MOVES; mv++) {
        if (!cg_notation_uses(notation, (cg_move)mv))
            continue;
        m.named |= 1u << mv;
        if (wide)
            snprintf(m.name[mv], sizeof m.name[mv], "m%c", 'a' + k);
        else
            snprintf(m.name[mv], sizeof m.name[mv], "%c", 'a' + k);
        k++;
    }
    return m;
}

static cg_move inverse(cg_move m) { return (cg_move)(m / 3 * 3 + (2 - m % 3)); }

static void test_every_dialect_and_metric(void **state)
{
    (void)state;
    static const char *const SEPS[] = {NULL, "none", "comma", " - "};
    cg_rng rng;
    cg_rng_seed(&rng, 1927);
    int per = slow_tools() ? 3 : 25, dialects = 0, checked = 0;
    for (int notation = 0; notation < 4; notation++)
        for (int mapped = 0; mapped < 3; mapped++)
            for (size_t s = 0; s < sizeof SEPS / sizeof SEPS[0]; s++) {
                cg_move_map map = letters_map((cg_notation)notation, mapped == 2);
                cg_dialect d;
                cg_error err;
                if (cg_dialect_make(&d, (cg_notation)notation, mapped ? &map : NULL, SEPS[s],
                                    &err) != CG_OK) {
                    /* a dialect whose text could read two ways is refused, saying why */
                    assert_true(strlen(err.msg) > 10);
                    continue;
                }
                dialects++;
                for (int metric = 0; metric < 2; metric++)
                    for (int size = 2; size <= 3; size++)
                        for (int k = 0; k < per; k++) {
                            int len = 1 + (int)cg_rng_below(&rng, 12);
                            cg_move scr[12], sol[12];
                            cg_cube c2 = cg_cube_home();
                            cg3_cube c3 = cg3_cube_home();
                            for (int i = 0; i < len; i++) {
                                scr[i] = (cg_move)cg_rng_below(&rng, CG_MOVES);
                                if (size == 2)
                                    cg_cube_apply(&c2, scr[i]);
                                else
                                    cg3_cube_apply(&model, &c3, cg3_move_from_face_turn(scr[i]));
                            }
                            for (int i = 0; i < len; i++)
                                sol[i] = inverse(scr[len - 1 - i]);
                            char text[1024];
                            if (cg_dialect_answer(&d, (cg_metric)metric, CG_SERVER_MAX_MOVES, sol,
                                                  (size_t)len, text, sizeof text, &err) != CG_OK)
                                fail_msg("writing: %s", err.msg);
                            cg_move want[64], got[CG_SERVER_LINE_MAX];
                            size_t nwant = cg_dialect_expand(&d, sol, (size_t)len, want, 64);
                            cg_answer_rules rules = {CG_SERVER_MAX_MOVES, CG_TARGET_HOME, &d,
                                                     (cg_metric)metric};
                            size_t n;
                            int counted = -1;
                            if (cgi_answer_parse(text, strlen(text), &rules, got, &n, &counted,
                                                 &err) != CG_OK)
                                fail_msg("'%s' not read back: %s", text, err.msg);
                            assert_int_equal(n, nwant);
                            assert_memory_equal(got, want, n * sizeof got[0]);
                            assert_int_equal(counted,
                                             (int)cg_moves_count(want, nwant, (cg_metric)metric));
                            if (notation == CG_NOTATION_STANDARD || notation == CG_NOTATION_DIGITS)
                                assert_int_equal(counted, (int)cg_moves_count(sol, (size_t)len,
                                                                              (cg_metric)metric));
                            int server = -1;
                            cg_status st =
                                size == 2
                                    ? cg_answer_check_rules(&c2, text, strlen(text), &rules,
                                                            &server, &err)
                                    : cg_answer3_check_rules(&model, &c3, text, strlen(text),
                                                             &rules, &server, &err);
                            if (st != CG_OK)
                                fail_msg("%dx%d, '%s' refused: %s", size, size, text, err.msg);
                            assert_int_equal(server, counted);
                            /* and a limit one below the count refuses it, naming both */
                            rules.max_moves = counted - 1;
                            st = size == 2 ? cg_answer_check_rules(&c2, text, strlen(text),
                                                                   &rules, &server, &err)
                                           : cg_answer3_check_rules(&model, &c3, text,
                                                                    strlen(text), &rules, &server,
                                                                    &err);
                            assert_int_equal(st, CG_ERR_LIMIT);
                            checked++;
                        }
            }
    assert_true(dialects >= 40);
    printf("%d dialects x 2 metrics x 2 sizes: %d answers read back\n", dialects, checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_dialect_and_metric),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
