/* How a game that announces no round count ends: won when the server closes after a passed
 * round and nothing more, lost when it closes while drawing the next round (some faces shown,
 * or all of them without the prompt), however far the drawing got. With no "Round i/N" to
 * compare against, the drawing is the only sign that the game was not over. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"

static const char PROMPT[] = "Enter your solution:\n";

/* fixtures/faults/round.txt without its "=== Round 1/1 ===" line: faces, then the prompt. */
static size_t unannounced_round(char *text, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, size - 1, f);
    fclose(f);
    assert_true(n < size - 1);
    text[n] = '\0';
    char *head = strstr(text, "=== Round 1/1 ===\n");
    assert_non_null(head);
    size_t hl = strlen("=== Round 1/1 ===\n");
    memmove(head, head + hl, n - (size_t)(head - text) - hl + 1);
    n -= hl;
    assert_null(strstr(text, "Round"));
    return n;
}

static cg_status play(const char *text, size_t n, size_t chunk, cg_play_result *res,
                      cg_error *err)
{
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, chunk, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    cg_status st = cg_play(t, tables, &opt, res, err);
    cg_tube_close(t);
    return st;
}

static void test_closed_after_a_passed_round_is_won(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = unannounced_round(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct! (9 moves)\n\n");
    cg_play_result res;
    cg_error err = {0};
    assert_int_equal(play(text, n, 0, &res, &err), CG_OK);
    assert_int_equal(res.rounds_announced, 0);
    assert_int_equal(res.rounds_passed, 1);
    assert_true(res.won);
}

/* Round 1 passed, then round 2's drawing cut after every line of it in turn (one face, a face
 * cut mid-box, all five faces without the prompt): never a win. */
static void test_closed_while_drawing_round_two_is_lost(void **state)
{
    (void)state;
    static char round[1 << 15], text[1 << 16];
    size_t rn = unannounced_round(round, sizeof round);
    size_t body = rn - strlen(PROMPT); /* the faces, without the prompt */
    assert_memory_equal(round + body, PROMPT, strlen(PROMPT));
    int cuts = 0;
    for (size_t cut = 1; cut <= body; cut++) {
        if (round[cut - 1] != '\n')
            continue;
        /* a cut after the first line ("Here is the cube...") only has shown no stickers yet */
        bool faces_shown = memchr(round, '|', cut) != NULL;
        size_t n = (size_t)snprintf(text, sizeof text, "%.*s[+] Correct! (9 moves)\n%.*s",
                                    (int)rn, round, (int)cut, round);
        for (size_t chunk = 0; chunk <= 7; chunk += 7) {
            cg_play_result res;
            cg_error err = {0};
            cg_status st = play(text, n, chunk, &res, &err);
            assert_int_equal(res.rounds_passed, 1);
            if (!faces_shown)
                continue;
            cuts++;
            if (res.won || st == CG_OK)
                fail_msg("round 2 cut after %zu bytes (chunk %zu): counted as %s (%s)", cut, chunk,
                         res.won ? "won" : "over", res.reason);
            assert_int_equal(st, CG_ERR_EOF);
            assert_non_null(strstr(res.reason, "round 2: the connection closed before the prompt"));
        }
    }
    assert_true(cuts >= 2 * 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_after_a_passed_round_is_won),
        cmocka_unit_test(test_closed_while_drawing_round_two_is_lost),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
