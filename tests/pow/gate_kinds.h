/* The three kinds of gate cg_pow_challenge sets, each at a difficulty solved in milliseconds:
 * the tests that go over every kind share this list. */
#ifndef CUBEGOD_TESTS_GATE_KINDS_H
#define CUBEGOD_TESTS_GATE_KINDS_H

static const struct {
    const char *kind;
    long difficulty;
} GATE_KINDS[] = {{"sha256", 2}, {"hashcash", 12}, {"kctf", 5}};

#define GATE_KIND_COUNT (sizeof GATE_KINDS / sizeof *GATE_KINDS)

#endif
