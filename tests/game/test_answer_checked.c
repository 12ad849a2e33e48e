// link-wrap: cg_solve_puzzle_note cgi_hash_search cgi_sloth_root
/* Every answer checked before it is sent (issue 35), with a wrong producer injected: the 2x2
 * solver (the call the client makes, cg_solve_puzzle_note), the hash search and the sloth's root are replaced (the linker's --wrap) by ones that
 * answer wrong when asked to. The check must catch each, say so naming the answer, and send
 * nothing: no wrong answer on the wire. And binary garbage is not taken for a flag. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/pow.h"
#include "cubegod/tube.h"
#include "pow/internal.h"
#include "tables_fixture.h"

static bool wrong; /* the producers below answer wrong while this is set */

cg_status __real_cg_solve_puzzle_note(const cg_tables *t, const cg_puzzle *p,
                                      const cg_solve_options *opt, cg_move out[CG_SOLUTION_MAX],
                                      int *n, char *note, size_t cap, cg_error *err);
cg_status __wrap_cg_solve_puzzle_note(const cg_tables *t, const cg_puzzle *p,
                                      const cg_solve_options *opt, cg_move out[CG_SOLUTION_MAX],
                                      int *n, char *note, size_t cap, cg_error *err)
{
    cg_status st = __real_cg_solve_puzzle_note(t, p, opt, out, n, note, cap, err);
    if (st == CG_OK && wrong && *n > 0)
        (*n)--; /* one move short: legal moves, a cube not solved */
    return st;
}

cg_status __real_cgi_hash_search(const cgi_gate *g, const char *head, size_t head_len, int threads,
                                 double max_candidates, cgi_tick_fn tick, void *tick_ctx, char *out,
                                 size_t cap, double *tried, cg_error *err);
cg_status __wrap_cgi_hash_search(const cgi_gate *g, const char *head, size_t head_len, int threads,
                                 double max_candidates, cgi_tick_fn tick, void *tick_ctx, char *out,
                                 size_t cap, double *tried, cg_error *err)
{
    cg_status st = __real_cgi_hash_search(g, head, head_len, threads, max_candidates, tick,
                                          tick_ctx, out, cap, tried, err);
    if (st == CG_OK && wrong)
        out[0] = out[0] == 'a' ? 'b' : 'a'; /* another candidate: misses the target */
    return st;
}

bool __real_cgi_sloth_root(const uint64_t *x, uint32_t difficulty, uint64_t *y, cgi_tick_fn tick,
                           void *tick_ctx);
bool __wrap_cgi_sloth_root(const uint64_t *x, uint32_t difficulty, uint64_t *y, cgi_tick_fn tick,
                           void *tick_ctx)
{
    bool ok = __real_cgi_sloth_root(x, difficulty, y, tick, tick_ctx);
    if (wrong)
        y[3] ^= 1u << 7;
    return ok;
}

/* fixtures/faults/round.txt, one round and its prompt, played over a memory tube (timeout:
 * play's, negative for none). */
static double round_timeout = 1;
static cg_status play_round(char *sent, size_t cap, cg_error *err)
{
    static char text[1 << 16];
    char path[4096];
    snprintf(path, sizeof path, "%s/faults/round.txt", getenv("FIXTURES"));
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = round_timeout;
    cg_play_result res;
    cg_status st = cg_play(t, tables, &opt, &res, err);
    const uint8_t *p;
    size_t k;
    assert_int_equal(cg_tube_memory_sent(t, &p, &k, NULL), CG_OK);
    assert_true(k < cap);
    if (k)
        memcpy(sent, p, k);
    sent[k] = '\0';
    cg_tube_close(t);
    return st;
}

static void cube_answer_checked(void **state)
{
    (void)state;
    char sent[512];
    cg_error err;
    wrong = false; /* the producer right: the answer goes out (the game then ends: no more text) */
    play_round(sent, sizeof sent, &err);
    assert_true(strlen(sent) > 1);
    wrong = true;
    assert_int_equal(play_round(sent, sizeof sent, &err), CG_ERR_PROTOCOL);
    assert_string_equal(sent, ""); /* nothing on the wire */
    assert_non_null(strstr(err.msg, "was checked before sending and does not solve the cube as read"));
    assert_non_null(strstr(err.msg, "Not solved"));
    wrong = false;
    /* no time limit (a negative timeout): no budget of text either, the round is answered */
    round_timeout = -1;
    play_round(sent, sizeof sent, &err);
    round_timeout = 1;
    assert_true(strlen(sent) > 1);
}

static void pow_answers_checked(void **state)
{
    (void)state;
    static const char *const GATES[] = {"sha256(XXX+abc) starts with 00", "sha1(S + 'k') has 8 leading zero bits",
                                        "hashcash -mb8 res", "pow: solve s.AAAAAw==.AQI="};
    for (size_t i = 0; i < sizeof GATES / sizeof *GATES; i++) {
        char out[CG_POW_ANSWER_MAX];
        cg_error err;
        wrong = false;
        assert_int_equal(cg_pow_answer(GATES[i], strlen(GATES[i]), out, sizeof out, &err), CG_OK);
        wrong = true;
        cg_status st = cg_pow_answer(GATES[i], strlen(GATES[i]), out, sizeof out, &err);
        wrong = false;
        if (st == CG_OK && cg_pow_check(GATES[i], strlen(GATES[i]), out, strlen(out), NULL) == CG_OK)
            continue; /* the changed candidate met the target too (1 in 256 for 8 bits) */
        assert_int_equal(st, CG_ERR_PROTOCOL);
        assert_string_equal(out, "");
        assert_non_null(strstr(err.msg, "was checked before sending and does not meet the gate"));
        /* as read: the hash it was checked with, or the sloth's own test */
        static const char *const WHY[] = {"(sha256)", "(sha1)", "(sha1)", "(it does not square back)"};
        if (!strstr(err.msg, WHY[i]))
            fail_msg("'%s' does not say '%s'", err.msg, WHY[i]);
    }
}

/* Binary garbage is no flag: random bytes hold "a{...}" often enough that a server sending
 * garbage ended play "won: 0/0 rounds" with the bytes printed as a flag (found by the hostile
 * suite, tests/faults/client_faults.py's garbage case). */
static void binary_lines_hold_no_flag(void **state)
{
    (void)state;
    static const char text[] = "\x01\x02\x93k{\x05x}\xfe\nZ{abc}\x00\x7f\n";
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, sizeof text - 1, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    cg_play_result res;
    cg_error err;
    cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    assert_false(res.won);
    assert_string_equal(res.flags, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cube_answer_checked),
        cmocka_unit_test(pow_answers_checked),
        cmocka_unit_test(binary_lines_hold_no_flag),
    };
    return cmocka_run_group_tests_name("answer_checked", tests, setup, teardown);
}
