/* play's proof-of-work gate (cgi_play_gate): the lines before a gate are where its names get
 * their values, kept as the latest 1 KiB exactly (each line and its newline, the oldest bytes
 * dropped first); a line that only mentions a hash joins them; a gate answered forgets them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/pow.h"
#include "game/pow_gate.h"

enum { CAP = sizeof ((cgi_pow_seen *)0)->text };

/* Feeds one line to the gate over a memory tube; what was sent (an answer) in sent. */
static bool feed(cgi_pow_seen *seen, const char *line, char *sent, size_t size)
{
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_memory("", 0, 0, NULL, &t, &err), CG_OK);
    cg_play_options opt = cg_play_defaults();
    bool gate = true;
    assert_int_equal(cgi_play_gate(t, &opt, seen, line, strlen(line), &gate, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_memory_sent(t, &p, &n, &err), CG_OK);
    assert_true(n < size);
    if (n) /* nothing sent: p may be NULL */
        memcpy(sent, p, n);
    sent[n] = '\0';
    cg_tube_close(t);
    return gate;
}

/* A line of n bytes of the letter c (one buffer: use it before the next call). */
static const char *line_of(size_t n, char c)
{
    static char buf[2 * CAP];
    memset(buf, c, n);
    buf[n] = '\0';
    return buf;
}

static void test_window(void **state)
{
    (void)state;
    static cgi_pow_seen seen; /* zero: the start */
    char sent[64], want[CAP + 1];
    /* 1000 bytes with the newlines, then 23 + 1: exactly full, nothing dropped */
    assert_false(feed(&seen, line_of(999, 'a'), sent, sizeof sent));
    assert_int_equal(seen.n, 1000);
    assert_false(feed(&seen, line_of(23, 'b'), sent, sizeof sent));
    assert_int_equal(seen.n, CAP);
    assert_int_equal(seen.text[999], '\n');
    assert_int_equal(seen.text[CAP - 1], '\n');
    /* 24 + 1 more: the 25 oldest bytes go, the rest keeps its order */
    assert_false(feed(&seen, line_of(24, 'c'), sent, sizeof sent));
    assert_int_equal(seen.n, CAP);
    memset(want, 'a', 974);
    want[974] = '\n';
    memset(want + 975, 'b', 23);
    want[998] = '\n';
    memset(want + 999, 'c', 24);
    want[CAP - 1] = '\n';
    assert_memory_equal(seen.text, want, CAP);
    /* from 1000 bytes, 24 + 1 more: one byte over, the oldest one goes */
    static cgi_pow_seen over;
    assert_false(feed(&over, line_of(999, 'a'), sent, sizeof sent));
    assert_false(feed(&over, line_of(24, 'c'), sent, sizeof sent));
    assert_int_equal(over.n, CAP);
    memset(want, 'a', 998);
    want[998] = '\n';
    memset(want + 999, 'c', 24);
    want[CAP - 1] = '\n';
    assert_memory_equal(over.text, want, CAP);
    /* a line longer than the window: its last CAP - 1 bytes and the newline */
    char *big = (char *)line_of(2 * CAP - 1, 'd');
    big[CAP] = 'e';
    assert_false(feed(&seen, big, sent, sizeof sent));
    assert_int_equal(seen.n, CAP);
    assert_int_equal(seen.text[0], 'e');
    assert_int_equal(seen.text[1], 'd');
    assert_int_equal(seen.text[CAP - 1], '\n');
    /* a line as long as the window: its first byte goes, for the newline, and nothing is
     * written outside the window (guard bytes before and after it) */
    static union {
        cgi_pow_seen seen;
        unsigned char raw[sizeof(cgi_pow_seen) + 16];
    } fenced;
    memset(fenced.raw, 0x5a, sizeof fenced.raw);
    cgi_pow_seen *in = (cgi_pow_seen *)(void *)(fenced.raw + 8);
    memset(in->text, 0, sizeof in->text);
    in->n = 0;
    char *full = (char *)line_of(CAP, 'h');
    full[0] = 'g';
    assert_false(feed(in, full, sent, sizeof sent));
    assert_int_equal(in->n, CAP);
    assert_int_equal(in->text[0], 'h');
    assert_int_equal(in->text[CAP - 1], '\n');
    for (int k = 0; k < 8; k++)
        assert_int_equal(fenced.raw[k], 0x5a);
    /* a line as long as the window less its newline: whole, alone */
    assert_false(feed(&seen, line_of(CAP - 1, 'f'), sent, sizeof sent));
    assert_int_equal(seen.n, CAP);
    assert_int_equal(seen.text[0], 'f');
    assert_int_equal(seen.text[CAP - 2], 'f');
}

/* A line that names a hash but is no gate still gives the next gate its value; an answered
 * gate leaves no values to the next one. */
static void test_values_before_a_gate(void **state)
{
    (void)state;
    static cgi_pow_seen seen;
    char sent[CG_POW_ANSWER_MAX + 2];
    static const char value[] = "the sha1 prefix = 'Pq7'";
    static const char gate[] = "Send X: sha1(prefix + X) starts with 00";
    assert_false(feed(&seen, value, sent, sizeof sent));
    assert_string_equal(sent, "");
    assert_true(feed(&seen, gate, sent, sizeof sent));
    size_t n = strlen(sent);
    assert_true(n > 1 && sent[n - 1] == '\n');
    char text[128];
    snprintf(text, sizeof text, "%s\n%s", value, gate);
    cg_error err;
    assert_int_equal(cg_pow_check(text, strlen(text), sent, n - 1, &err), CG_OK);
    assert_int_equal(seen.n, 0);
    /* the same gate again, with no value before it: not read, nothing sent */
    assert_false(feed(&seen, gate, sent, sizeof sent));
    assert_string_equal(sent, "");
}

/* A gate in words, with no parenthesis and no "s.", reaches the reader by its hash's name in
 * either case. */
static void test_gates_in_words(void **state)
{
    (void)state;
    static const char *const GATES[] = {"the sha1 of 'k9' + X starts with 00",
                                        "the SHA1 of 'k9' + X starts with 00",
                                        "the md5 of 'k9' + X starts with 00",
                                        "the MD5 of 'k9' + X starts with 00"};
    for (size_t i = 0; i < sizeof GATES / sizeof *GATES; i++) {
        static cgi_pow_seen seen;
        char sent[CG_POW_ANSWER_MAX + 2];
        assert_true(feed(&seen, GATES[i], sent, sizeof sent));
        cg_error err;
        assert_int_equal(cg_pow_check(GATES[i], strlen(GATES[i]), sent, strlen(sent) - 1, &err),
                         CG_OK);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window),
        cmocka_unit_test(test_values_before_a_gate),
        cmocka_unit_test(test_gates_in_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
