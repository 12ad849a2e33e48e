/* The TLS client's verification as a matrix: names (DNS name, IPv4 and IPv6 literals, wildcard,
 * SAN against CN) against certificates (a CA's leaves, expired, not yet valid, self-signed,
 * signed by another CA) under --ca-file, the system store and --insecure, each row accepted or
 * refused as expected, with the SNI name the server saw. The certificates are made here with
 * OpenSSL's calls; the server is OpenSSL used directly (tests/tube/certs.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/tube.h"
#include "tube/certs.h"

#define DAY 86400L

enum { CA, CA2, LEAF_DNS, LEAF_IP4, LEAF_IP6, LEAF_WILD, LEAF_CN_ONLY, LEAF_SAN_NOT_CN,
       LEAF_EXPIRED, LEAF_FUTURE, SELF_SIGNED, LEAF_OTHER_CA, NCERTS };

static char dir[64];
static test_cert certs[NCERTS];
static bool have_v6;

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/cubegod-tlsm-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    test_cert *c = certs;
    bool ok = cert_make(&c[CA], dir, "ca", "cubegod test CA", NULL, -DAY, DAY, NULL, true) &&
              cert_make(&c[CA2], dir, "ca2", "another CA", NULL, -DAY, DAY, NULL, true) &&
              cert_make(&c[LEAF_DNS], dir, "dns", "localhost", "DNS:localhost", -DAY, DAY, &c[CA], false) &&
              cert_make(&c[LEAF_IP4], dir, "ip4", NULL, "IP:127.0.0.1", -DAY, DAY, &c[CA], false) &&
              cert_make(&c[LEAF_IP6], dir, "ip6", NULL, "IP:::1", -DAY, DAY, &c[CA], false) &&
              cert_make(&c[LEAF_WILD], dir, "wild", NULL, "DNS:*.cube.test", -DAY, DAY, &c[CA], false) &&
              cert_make(&c[LEAF_CN_ONLY], dir, "cn", "localhost", NULL, -DAY, DAY, &c[CA], false) &&
              cert_make(&c[LEAF_SAN_NOT_CN], dir, "sancn", "localhost", "DNS:other.test", -DAY, DAY,
                        &c[CA], false) &&
              cert_make(&c[LEAF_EXPIRED], dir, "expired", NULL, "DNS:localhost,IP:127.0.0.1",
                        -3 * DAY, -DAY, &c[CA], false) &&
              cert_make(&c[LEAF_FUTURE], dir, "future", NULL, "DNS:localhost,IP:127.0.0.1", DAY,
                        3 * DAY, &c[CA], false) &&
              cert_make(&c[SELF_SIGNED], dir, "self", "localhost", "DNS:localhost,IP:127.0.0.1",
                        -DAY, DAY, NULL, false) &&
              cert_make(&c[LEAF_OTHER_CA], dir, "other", NULL, "DNS:localhost,IP:127.0.0.1", -DAY,
                        DAY, &c[CA2], false);
    if (!ok)
        return -1;
    tls_peer probe = {.cert = &c[CA], .v6 = true};
    have_v6 = tls_peer_start(&probe) == 0;
    if (have_v6) { /* nobody connects: wake the thread by connecting once */
        int fd = socket(AF_INET6, SOCK_STREAM, 0);
        struct sockaddr_in6 a = {.sin6_family = AF_INET6, .sin6_addr = in6addr_loopback,
                                 .sin6_port = htons((uint16_t)atoi(probe.port))};
        if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0)
            have_v6 = false;
        close(fd);
        tls_peer_stop(&probe);
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    for (int i = 0; i < NCERTS; i++)
        cert_free(&certs[i]);
    rmdir(dir);
    return 0;
}

enum { NO_CA = -1, SYSTEM = -2 };

typedef struct row {
    int cert;           /* what the server shows */
    const char *host;   /* what the client connects to ("::1" puts the server on ::1) */
    const char *sni;    /* cg_tube_options.sni */
    int trust;          /* a certs[] index as --ca-file, SYSTEM (no --ca-file), or NO_CA */
    bool insecure;
    bool accept;
    const char *why;    /* a refusal's message contains this */
    const char *sni_seen; /* accepted: the SNI the server got (NULL: none was sent) */
} row;

static const char *cert_name(int i)
{
    static const char *const N[NCERTS] = {"ca", "ca2", "dns", "ip4", "ip6", "wild", "cn-only",
                                          "san-not-cn", "expired", "future", "self", "other-ca"};
    return N[i];
}

static void run_row(const row *r, int index)
{
    bool v6 = strchr(r->host, ':') != NULL;
    if (v6 && !have_v6) {
        printf("row %d: no ::1 here, skipped\n", index);
        return;
    }
    tls_peer s = {.cert = &certs[r->cert], .v6 = v6};
    assert_int_equal(tls_peer_start(&s), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .tls = true, .insecure = r->insecure,
                         .sni = r->sni, .connect_timeout = 10};
    if (r->trust >= 0)
        o.ca_file = certs[r->trust].cert_path;
    else if (r->trust == NO_CA)
        o.ca_file = "/nonexistent/ca.pem";
    const char *host = r->host;
    cg_tube *t = NULL;
    cg_error err = {0};
    cg_status st = cg_tube_connect(host, s.port, &o, &t, &err);
    char line[64] = "";
    if (st == CG_OK) {
        const uint8_t *p;
        size_t n;
        if (cg_tube_recvline(t, 10, &p, &n, &err) == CG_OK)
            snprintf(line, sizeof line, "%.*s", (int)n, (const char *)p);
        cg_tube_close(t);
    } else {
        assert_null(t);
    }
    /* the client may refuse before the server's end sees the handshake fail: join first */
    tls_peer_stop(&s);
    const char *desc = r->sni ? r->sni : r->host;
    if (r->accept) {
        if (st != CG_OK)
            fail_msg("row %d (%s certificate, name %s%s): refused: %s", index, cert_name(r->cert),
                     desc, r->insecure ? ", insecure" : "", err.msg);
        assert_string_equal(line, "hello over tls");
        assert_true(s.handshake_ok);
        if (r->sni_seen) {
            if (!s.sni_sent)
                fail_msg("row %d: no SNI sent, expected %s", index, r->sni_seen);
            assert_string_equal(s.sni, r->sni_seen);
        } else if (s.sni_sent) {
            fail_msg("row %d: SNI '%s' sent for an IP literal", index, s.sni);
        }
    } else {
        if (st == CG_OK)
            fail_msg("row %d (%s certificate, name %s): accepted, expected a refusal (%s)", index,
                     cert_name(r->cert), desc, r->why);
        assert_int_equal(st, CG_ERR_TLS);
        if (!strstr(err.msg, r->why))
            fail_msg("row %d: message '%s' does not say '%s'", index, err.msg, r->why);
        assert_false(s.handshake_ok);
    }
}

static const row ROWS[] = {
    /* a DNS name: the name verifies; the IP literal does not (issue 27, item 1) */
    {LEAF_DNS, "127.0.0.1", NULL, CA, false, false, "IP address mismatch", NULL},
    {LEAF_DNS, "127.0.0.1", "localhost", CA, false, true, NULL, "localhost"},
    {LEAF_DNS, "127.0.0.1", "LOCALHOST", CA, false, true, NULL, "LOCALHOST"},
    {LEAF_DNS, "127.0.0.1", "localhost.example", CA, false, false, "hostname mismatch", NULL},
    {LEAF_DNS, "127.0.0.1", "127.0.0.2", CA, false, false, "IP address mismatch", NULL},
    /* IPv4 literal */
    {LEAF_IP4, "127.0.0.1", NULL, CA, false, true, NULL, NULL},
    {LEAF_IP4, "127.0.0.1", "localhost", CA, false, false, "hostname mismatch", NULL},
    {LEAF_IP4, "127.0.0.1", "::1", CA, false, false, "IP address mismatch", NULL},
    /* IPv6 literal */
    {LEAF_IP6, "::1", NULL, CA, false, true, NULL, NULL},
    {LEAF_IP6, "127.0.0.1", NULL, CA, false, false, "IP address mismatch", NULL},
    {LEAF_IP4, "::1", NULL, CA, false, false, "IP address mismatch", NULL},
    {LEAF_DNS, "::1", NULL, CA, false, false, "IP address mismatch", NULL},
    {LEAF_IP6, "::1", "0:0:0:0:0:0:0:1", CA, false, true, NULL, NULL},
    /* wildcard: one label, not the bare domain, not two labels */
    {LEAF_WILD, "127.0.0.1", "play.cube.test", CA, false, true, NULL, "play.cube.test"},
    {LEAF_WILD, "127.0.0.1", "cube.test", CA, false, false, "hostname mismatch", NULL},
    {LEAF_WILD, "127.0.0.1", "a.b.cube.test", CA, false, false, "hostname mismatch", NULL},
    {LEAF_WILD, "127.0.0.1", "play.cube.testx", CA, false, false, "hostname mismatch", NULL},
    /* SAN against CN: a SAN list rules the CN out; without one, OpenSSL's default reads the CN */
    {LEAF_SAN_NOT_CN, "127.0.0.1", "localhost", CA, false, false, "hostname mismatch", NULL},
    {LEAF_SAN_NOT_CN, "127.0.0.1", "other.test", CA, false, true, NULL, "other.test"},
    {LEAF_CN_ONLY, "127.0.0.1", "localhost", CA, false, true, NULL, "localhost"},
    {LEAF_CN_ONLY, "127.0.0.1", NULL, CA, false, false, "IP address mismatch", NULL},
    /* validity */
    {LEAF_EXPIRED, "127.0.0.1", NULL, CA, false, false, "certificate has expired", NULL},
    {LEAF_EXPIRED, "127.0.0.1", "localhost", CA, false, false, "certificate has expired", NULL},
    {LEAF_FUTURE, "127.0.0.1", NULL, CA, false, false, "certificate is not yet valid", NULL},
    /* trust: self-signed, another CA, the system store, an unreadable --ca-file */
    {SELF_SIGNED, "127.0.0.1", NULL, CA, false, false, "self-signed certificate", NULL},
    {SELF_SIGNED, "127.0.0.1", NULL, SYSTEM, false, false, "self-signed certificate", NULL},
    {SELF_SIGNED, "127.0.0.1", NULL, SELF_SIGNED, false, true, NULL, NULL},
    {SELF_SIGNED, "127.0.0.1", "localhost", SELF_SIGNED, false, true, NULL, "localhost"},
    {LEAF_OTHER_CA, "127.0.0.1", NULL, CA, false, false, "unable to get local issuer", NULL},
    {LEAF_OTHER_CA, "127.0.0.1", NULL, CA2, false, true, NULL, NULL},
    {LEAF_DNS, "127.0.0.1", "localhost", SYSTEM, false, false, "unable to get local issuer", NULL},
    {LEAF_DNS, "127.0.0.1", "localhost", CA2, false, false, "unable to get local issuer", NULL},
    {LEAF_DNS, "127.0.0.1", "localhost", NO_CA, false, false, "cannot load /nonexistent/ca.pem", NULL},
    /* --insecure: every check skipped; SNI still sent for a name, never for an IP literal */
    {LEAF_DNS, "127.0.0.1", NULL, SYSTEM, true, true, NULL, NULL},
    {LEAF_EXPIRED, "127.0.0.1", "wrong.name", SYSTEM, true, true, NULL, "wrong.name"},
    {LEAF_FUTURE, "127.0.0.1", NULL, SYSTEM, true, true, NULL, NULL},
    {SELF_SIGNED, "127.0.0.1", "localhost", SYSTEM, true, true, NULL, "localhost"},
    {LEAF_OTHER_CA, "127.0.0.1", NULL, CA, true, true, NULL, NULL},
    {LEAF_IP6, "::1", NULL, SYSTEM, true, true, NULL, NULL},
};

static void test_matrix(void **state)
{
    (void)state;
    size_t n = sizeof ROWS / sizeof ROWS[0];
    for (size_t i = 0; i < n; i++)
        run_row(&ROWS[i], (int)i);
    printf("TLS matrix: %zu rows\n", n);
}

/* The host passed in, not only --sni: "localhost" as the host sends it as SNI and verifies it. */
static void test_name_as_host(void **state)
{
    (void)state;
    const int cases[][2] = {{LEAF_DNS, 1}, {LEAF_IP4, 0}, {LEAF_WILD, 0}};
    for (size_t k = 0; k < 3; k++) {
        tls_peer s = {.cert = &certs[cases[k][0]]};
        assert_int_equal(tls_peer_start(&s), 0);
        cg_tube_options o = {.log_level = CG_LOG_QUIET, .tls = true,
                             .ca_file = certs[CA].cert_path, .connect_timeout = 10};
        cg_tube *t;
        cg_error err = {0};
        /* every address of localhost in turn: ::1 (nobody listens) then 127.0.0.1 */
        cg_status st = cg_tube_connect("localhost", s.port, &o, &t, &err);
        if (st == CG_OK)
            cg_tube_close(t);
        tls_peer_stop(&s);
        if (cases[k][1]) {
            if (st != CG_OK)
                fail_msg("localhost with a DNS:localhost certificate refused: %s", err.msg);
            assert_true(s.sni_sent);
            assert_string_equal(s.sni, "localhost");
        } else {
            assert_int_equal(st, CG_ERR_TLS);
            assert_non_null(strstr(err.msg, "hostname mismatch"));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix),
        cmocka_unit_test(test_name_as_host),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
