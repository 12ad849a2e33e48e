// link-wrap: EVP_Digest pthread_create
/* Paths of the proofs of work no other test takes:
 *   - the server's sha256 gate when OpenSSL's digest fails (EVP_Digest through --wrap);
 *   - a hash search whose second thread cannot start (pthread_create through --wrap);
 *   - a search answer that does not fit the caller's buffer;
 *   - a near-miss line with blanks before it: the message quotes it without them;
 *   - a b"..." known part (Python bytes) read as its text;
 *   - the sloth's canonical form of the two values only it fixes: a square that folds to
 *     2^1279 exactly (the carry into the low limbs) and p itself (which is 0). */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include <openssl/evp.h>

#include "cubegod/pow.h"
#include "pow/internal.h"

static bool digest_fails;

int __real_EVP_Digest(const void *data, size_t count, unsigned char *md, unsigned int *size,
                      const EVP_MD *type, ENGINE *impl);
int __wrap_EVP_Digest(const void *data, size_t count, unsigned char *md, unsigned int *size,
                      const EVP_MD *type, ENGINE *impl)
{
    return digest_fails ? 0 : __real_EVP_Digest(data, count, md, size, type, impl);
}

static int thread_starts; /* when >= 0: how many more threads may start; the next ones fail */

int __real_pthread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *),
                          void *arg);
int __wrap_pthread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *),
                          void *arg)
{
    if (thread_starts == 0)
        return EAGAIN;
    if (thread_starts > 0)
        thread_starts--;
    return __real_pthread_create(tid, attr, fn, arg);
}

/* The sha256 gate hashes its secret with EVP_Digest: a failure is a system error, not a gate */
static void test_challenge_without_digest(void **state)
{
    (void)state;
    char text[1024] = "left";
    cg_error err;
    digest_fails = true;
    cg_status st = cg_pow_challenge("sha256", 2, text, sizeof text, &err);
    digest_fails = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "sha256 failed");
    /* with the digest back, a gate */
    assert_int_equal(cg_pow_challenge("sha256", 2, text, sizeof text, &err), CG_OK);
    assert_non_null(strstr(text, "Give me XX: "));
}

/* Two threads asked, the second does not start: CG_ERR_SYSTEM saying how many were asked, the
 * gate's kind before it, no answer; the thread that did start is joined (no hang) */
static void test_search_thread_not_started(void **state)
{
    (void)state;
    static const char gate[] = "sha256(XX+abc) == 0";
    cg_pow *p;
    cg_error err;
    assert_int_equal(cg_pow_new(&p, &err), CG_OK);
    cg_pow_set_threads(p, 2);
    char out[CG_POW_ANSWER_MAX] = "left";
    thread_starts = 1;
    cg_status st = cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err);
    thread_starts = -1;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "sha256 prefix, 2 unknown of 62 characters (3844 candidates): "
                                 "could not start 2 search threads");
    assert_string_equal(out, "");
    /* with threads back, the same gate is answered */
    assert_int_equal(cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err), CG_OK);
    assert_int_equal(strlen(out), 2);
    cg_pow_free(p);
}

/* The search's answer is copied only when it fits: a 2-character unknown into 2 bytes is
 * refused with the size, 3 bytes take it */
static void test_search_answer_room(void **state)
{
    (void)state;
    static const char gate[] = "sha256(XX+abc) == 0";
    cgi_gate g;
    bool found;
    cg_error err;
    cgi_gate_read(gate, strlen(gate), &g, &found, &err);
    assert_true(found);
    char out[3] = "ab";
    double tried = 0;
    cg_status st = cgi_hash_search(&g, g.known, g.known_len, 1, 3844, NULL, NULL, out, 2, &tried,
                                   &err);
    assert_int_equal(st, CG_ERR_LIMIT);
    assert_string_equal(err.msg, "the answer does not fit in 2 bytes");
    assert_string_equal(out, "ab"); /* untouched */
    st = cgi_hash_search(&g, g.known, g.known_len, 1, 3844, NULL, NULL, out, 3, &tried, &err);
    assert_int_equal(st, CG_OK);
    assert_int_equal(strlen(out), 2);
    assert_true(cgi_hash_meets(&g, (char[5]){out[0], out[1], 'a', 'b', 'c'}, 5));
}

/* A line that looks like a gate and is not one is quoted in the message without the blanks
 * that indent it */
static void test_near_miss_quoted_without_indent(void **state)
{
    (void)state;
    static const char text[] = "   \thashcash -b99 res";
    cg_error err;
    assert_int_equal(cg_pow_scan(text, strlen(text), &err), 0);
    assert_int_equal(err.code, CG_ERR_INPUT);
    assert_string_equal(err.msg, "'hashcash -b99 res' looks like a proof of work, but its -b is "
                                 "not a number of bits from 1 to 64 (known: H(XXXX+s) == hex, "
                                 "H(p+S) starts with hex or has N zero bits, hashcash -mbN R, "
                                 "solve s.D.X)");
}

/* Python's b"..." and b'...' around the known part: the bytes inside are the known text */
static void test_bytes_literal_known_part(void **state)
{
    (void)state;
    static const char *const gates[] = {"sha256(b\"k9z\" + XXXX) == 00",
                                        "sha256(B'k9z'+XXXX) == 00"};
    for (size_t i = 0; i < 2; i++) {
        cgi_gate g;
        bool found;
        cg_error err;
        cgi_gate_read(gates[i], strlen(gates[i]), &g, &found, &err);
        assert_true(found);
        assert_int_equal(g.kind, CGI_GATE_PREFIX);
        assert_int_equal(g.known_len, 3);
        assert_memory_equal(g.known, "k9z", 3);
        assert_false(g.unknown_first);
        assert_int_equal(g.unknown_len, 4);
    }
}

#define N CGI_SLOTH_LIMBS

/* y = 2^1280 - 2 (above p, as kCTF's verifier takes y): y xor 1 = 2^1280 - 1 squares to a value
 * the fold leaves at 2^1279 exactly, which is 1; so y answers x = 1 at difficulty 1, and x = 2
 * not */
static void test_sloth_square_folding_to_2_1279(void **state)
{
    (void)state;
    uint64_t x[N] = {1}, y[N];
    for (int i = 0; i < N; i++)
        y[i] = ~0ULL;
    y[0] = ~0ULL - 1;
    assert_true(cgi_sloth_check(x, 1, y));
    x[0] = 2;
    assert_false(cgi_sloth_check(x, 1, y));
}

/* x = p, a value the reader takes (below 2^1279): its squares fold to p again, whose canonical
 * form is 0, so one step gives 0 xor 1 = 1 (not p xor 1) */
static void test_sloth_root_of_p(void **state)
{
    (void)state;
    uint64_t x[N], y[N], one[N] = {1};
    for (int i = 0; i < N; i++)
        x[i] = ~0ULL;
    x[N - 1] = 0x7fffffffffffffffULL;
    assert_true(cgi_sloth_root(x, 1, y, NULL, NULL));
    assert_memory_equal(y, one, sizeof one);
}

int main(void)
{
    thread_starts = -1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_challenge_without_digest),
        cmocka_unit_test(test_search_thread_not_started),
        cmocka_unit_test(test_search_answer_room),
        cmocka_unit_test(test_near_miss_quoted_without_indent),
        cmocka_unit_test(test_bytes_literal_known_part),
        cmocka_unit_test(test_sloth_square_folding_to_2_1279),
        cmocka_unit_test(test_sloth_root_of_p),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
