// link-wrap: RAND_bytes calloc
/* Proofs of work without random bytes (OpenSSL's RAND_bytes failing, through the linker's
 * --wrap): every challenge refused with the reason, and a hashcash stamp that cannot be made is
 * an error, not a stamp of zeros. And an answer without memory for its solver (calloc). */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/pow.h"
#include "gate_kinds.h"

static bool no_random;

int __real_RAND_bytes(unsigned char *buf, int num);
int __wrap_RAND_bytes(unsigned char *buf, int num)
{
    return no_random ? 0 : __real_RAND_bytes(buf, num);
}

static bool no_memory;

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    return no_memory ? NULL : __real_calloc(n, size);
}

/* cg_pow_answer without memory for its solver: CG_ERR_NOMEM saying so, and no answer */
static void test_answer_without_memory(void **state)
{
    (void)state;
    static const char gate[] = "sha256(XX+abc) == 0";
    char out[CG_POW_ANSWER_MAX] = "left";
    cg_error err;
    no_memory = true;
    cg_status st = cg_pow_answer(gate, strlen(gate), out, sizeof out, &err);
    no_memory = false;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "no memory for a proof-of-work solver");
    assert_int_equal(cg_pow_answer(gate, strlen(gate), out, sizeof out, &err), CG_OK);
}

static void test_challenges_without_random(void **state)
{
    (void)state;
    for (size_t i = 0; i < GATE_KIND_COUNT; i++) {
        const char *kind = GATE_KINDS[i].kind;
        long difficulty = GATE_KINDS[i].difficulty;
        char text[1024];
        cg_error err;
        no_random = true;
        cg_status st = cg_pow_challenge(kind, difficulty, text, sizeof text, &err);
        no_random = false;
        assert_int_equal(st, CG_ERR_SYSTEM);
        assert_string_equal(err.msg, "no random bytes for the proof of work");
        assert_int_equal(cg_pow_challenge(kind, difficulty, text, sizeof text, &err), CG_OK);
    }
}

static void test_stamp_without_random(void **state)
{
    (void)state;
    static const char gate[] = "Proof of work required. Run:\n  hashcash -mb8 cube\nand send the stamp: ";
    cg_pow *p;
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    assert_int_equal(cg_pow_new(&p, &err), CG_OK);
    no_random = true;
    cg_status st = cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err);
    no_random = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "no random bytes for the hashcash stamp");
    assert_int_equal(cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err), CG_OK);
    cg_pow_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_challenges_without_random),
        cmocka_unit_test(test_answer_without_memory),
        cmocka_unit_test(test_stamp_without_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
