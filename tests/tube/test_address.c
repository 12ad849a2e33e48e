/* cg_address_parse: every way players write where to connect, and each mistake's message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/tube.h"

static void expect_ok(const char *host, const char *port, int n, ...)
{
    const char *words[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        words[i] = va_arg(ap, const char *);
    va_end(ap);
    cg_address a;
    cg_error err;
    if (cg_address_parse(words, n, &a, &err) != CG_OK)
        fail_msg("'%s'...: %s", words[0], err.msg);
    assert_string_equal(a.host, host);
    assert_string_equal(a.port, port);
}

static void expect_error(const char *message, int n, ...)
{
    const char *words[8];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        words[i] = va_arg(ap, const char *);
    va_end(ap);
    cg_address a;
    cg_error err;
    assert_int_equal(cg_address_parse(words, n, &a, &err), CG_ERR_INPUT);
    if (!strstr(err.msg, message))
        fail_msg("got '%s', want '%s'", err.msg, message);
}

static void test_forms(void **state)
{
    (void)state;
    expect_ok("10.0.0.1", "1337", 2, "10.0.0.1", "1337");
    expect_ok("10.0.0.1", "1337", 1, "10.0.0.1:1337");
    expect_ok("challenge.example.org", "31337", 1, "challenge.example.org:31337");
    expect_ok("::1", "443", 1, "[::1]:443");
    expect_ok("::1", "443", 2, "::1", "443");
    expect_ok("::1", "443", 2, "[::1]", "443");
    expect_ok("10.0.0.1", "1337", 3, "nc", "10.0.0.1", "1337");
    expect_ok("10.0.0.1", "1337", 4, "nc", "-v", "10.0.0.1", "1337");
    expect_ok("10.0.0.1", "1337", 1, "nc 10.0.0.1 1337");
    expect_ok("10.0.0.1", "1337", 1, "ncat  10.0.0.1\t1337");
    expect_ok("h", "80", 2, "h", "0080"); /* leading zeros normalised */
    expect_ok("h", "65535", 2, "h", "65535");
}

static void test_mistakes(void **state)
{
    (void)state;
    expect_error("port 99999 is out of range: ports go from 1 to 65535", 2, "h", "99999");
    expect_error("port 0 is out of range", 2, "h", "0");
    expect_error("port 'http' is not a number from 1 to 65535", 2, "h", "http");
    expect_error("port '123456789012345...' is not a number", 2, "h", "123456789012345678901234");
    expect_error("'1337 10.0.0.1': host and port look swapped; give HOST PORT", 2, "1337",
                 "10.0.0.1");
    expect_error("'10.0.0.1' has no port", 1, "10.0.0.1");
    expect_error("an IPv6 address with a port is written [V6]:PORT", 1, "::1:80");
    expect_error("no ']' after the IPv6 address", 1, "[::1:80");
    expect_error("the port is missing", 1, "host:");
    expect_error("the host is empty", 1, ":80");
    expect_error("has a character no host name has", 2, "http://h", "80");
    expect_error("nc option '-p' is not understood here", 4, "nc", "-p", "1", "h");
    expect_error("no address", 0, "");
    expect_error("3 words for an address", 3, "a", "b", "c");
    expect_error("'[::1]80': write [V6]:PORT, or V6 PORT", 1, "[::1]80");
    expect_error("no address", 1, "nc"); /* nc and nothing after it */
    /* a long host with a bad character: its first 60 characters quoted, and where */
    char bad[80], quoted[160];
    memset(bad, 'a', 70);
    strcpy(bad + 70, "/x");
    snprintf(quoted, sizeof quoted, "host '%.60s' has a character no host name has (at 71)", bad);
    expect_error(quoted, 2, bad, "80");
    memset(bad, 'a', 60); /* 61 characters: still 60 quoted */
    strcpy(bad + 60, "/");
    snprintf(quoted, sizeof quoted, "host '%.60s' has a character no host name has (at 61)", bad);
    expect_error(quoted, 2, bad, "80");
    expect_error("too many words in 'nc -v -n -w 1 -q 1 h 1337'", 1, "nc -v -n -w 1 -q 1 h 1337");
    /* the longest host a cg_address holds, and one byte more */
    char host[sizeof ((cg_address *)0)->host + 1];
    memset(host, 'h', sizeof host - 2);
    host[sizeof host - 2] = '\0';
    expect_ok(host, "80", 2, host, "80");
    strcat(host, "h");
    char want[64];
    snprintf(want, sizeof want, "the host name is longer than %zu bytes", sizeof host - 2);
    expect_error(want, 2, host, "80");
}

/* The split of a one-word address leaves a caller's strtok where it was (it used strtok, whose
 * one position serves the whole process: two threads parsing at once read each other's words,
 * see issue 42's review). */
static void test_callers_strtok_left_alone(void **state)
{
    (void)state;
    char mine[] = "alpha beta gamma";
    assert_string_equal(strtok(mine, " "), "alpha");
    const char *w = "nc 10.0.0.1 1337";
    cg_address a;
    assert_int_equal(cg_address_parse(&w, 1, &a, NULL), CG_OK);
    assert_string_equal(a.host, "10.0.0.1");
    const char *next = strtok(NULL, " ");
    assert_non_null(next);
    assert_string_equal(next, "beta");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forms),
        cmocka_unit_test(test_mistakes),
        cmocka_unit_test(test_callers_strtok_left_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
