/* Proofs of work: published vectors (the kCTF sloth's test challenges of the kctf and kctf-pow
 * crates, both checked against Google's solver; the hashcash stamp of hashcash.org's and
 * Wikipedia's example), hash-prefix vectors made with Python's hashlib, the readers on the
 * wordings seen in the wild, and the server's side against the client's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/evp.h>

#include "cubegod/pow.h"
#include "gate_kinds.h"
#include "pow/internal.h"
#include "testutil.h"

#define SUFFIX "u7Qm2PzXa9LkT1bc"

/* The number an "s.BASE64" answer holds: answers of any base64 length compare equal. */
/* The pages this process has mapped (Linux: /proc/self/statm), 0 where that cannot be read. */
static long mapped_pages(void)
{
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld", &pages) != 1)
            pages = 0;
        fclose(f);
    }
    return pages;
}

/* Fills the stack below the caller with a byte no text holds: what a function leaves unset then
 * shows (rather than the zeros a fresh stack has). */
static void __attribute__((noinline)) dirty_stack(void)
{
    volatile char junk[32768];
    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = '\x01';
}

static void number_of(const char *answer, uint64_t *v)
{
    assert_memory_equal(answer, "s.", 2);
    assert_true(cgi_b64_number(answer + 2, strlen(answer) - 2, v));
}

static void sloth_vector(const char *challenge, const char *published)
{
    char out[CG_POW_ANSWER_MAX];
    cg_error err;
    assert_int_equal(cg_pow_answer(challenge, strlen(challenge), out, sizeof out, &err), CG_OK);
    uint64_t mine[CGI_SLOTH_LIMBS], theirs[CGI_SLOTH_LIMBS];
    number_of(out, mine);
    number_of(published, theirs);
    assert_memory_equal(mine, theirs, sizeof mine);
    /* and the server's check takes both writings, and refuses a changed one */
    assert_int_equal(cg_pow_check(challenge, strlen(challenge), published, strlen(published), &err), CG_OK);
    assert_int_equal(cg_pow_check(challenge, strlen(challenge), out, strlen(out), &err), CG_OK);
    char bad[CG_POW_ANSWER_MAX];
    snprintf(bad, sizeof bad, "%s", published);
    bad[10] = bad[10] == 'A' ? 'B' : 'A';
    assert_int_equal(cg_pow_check(challenge, strlen(challenge), bad, strlen(bad), &err),
                     CG_ERR_PROTOCOL);
}

static void test_sloth_published_vectors(void **state)
{
    (void)state;
    /* kctf-pow crate (redpwn's 4-byte difficulty), difficulty 50 */
    sloth_vector("curl -sSfL https://pwn.red/pow | sh -s s.AAAAMg==.NDtqORW1uZlIgzszbdMGZA==",
                 "s.NUH3arymnKB+ysUGdv+67ypDamn4wOKCPORB2ivWE1Yhinam2v4S6q4nAoC5LP97LScdVoq+NuFVF++"
                 "Win5mNRYZS6bJAs8fk0h8XgvfcC/7JfmFISqeCIo/CIUgIucVAM+eGDjqitRULGXqIOyviJoJjW8DMou"
                 "MRuJM/3eg/z18kutQHkX0N3sqPeF7Nzkk8S3Bs6aiHUORM30syUKYug==");
    if (slow_tools())
        return; /* difficulty 1337 takes half a minute under valgrind */
    /* kctf crate's verify_google_kctf_challenge: kCTF's own 3-byte difficulty, 1337 */
    sloth_vector("python3 <(curl -sSL https://goo.gle/kctf-pow) solve s.AAU5.AACV7mM375HM8wElUbxsknqD",
                 "s.LR15WHZE5YO/8EEY9BF7pdvxiJxwkDi7mdS52bg7eVUdHbAwBVxfahl/qxceccZV2PHkj4wQTQ9Ng837"
                 "/KD9IWQL4v2GmRyjc5O9MxiAXBtxn7FYjjA2as/17lF2lEtQtABbSEUgxam+sIsdfDJMAUzn4fYsS7vOar"
                 "Xh7iY6ZYknrwt1S8EHyQeYkoTUzkpUIVAuSvl8jExcPzvmuaoM6A==");
}

/* An estimate in words: each unit from where it starts, and short at any size */
static void test_durations(void **state)
{
    (void)state;
    static const struct {
        double s;
        const char *says;
    } D[] = {{0.25, "about 0.25 s"},     {9.94, "about 9.9 s"},         {10, "about 10 s"},
             {110, "about 110 s"},       {119.4, "about 119 s"},         {120, "about 2 minutes"},
             {3000, "about 50 minutes"}, {7199, "about 120 minutes"},   {7200, "about 2.0 hours"},
             {259199, "about 72.0 hours"}, {259200, "about 3 days"},   {907210, "about 11 days"},   {94607999, "about 1095 days"},
             {94608000, "about 3 years"}, {1e150, "about 3.17e+142 years"}};
    for (size_t i = 0; i < sizeof D / sizeof *D; i++) {
        char out[48];
        cgi_duration(D[i].s, out, sizeof out);
        if (strcmp(out, D[i].says) != 0)
            fail_msg("%g s: '%s', expected '%s'", D[i].s, out, D[i].says);
    }
}

/* A number's base64 needs its four characters a three bytes and a terminator: one byte short
 * of that is refused (0), never cut; the text reads back as the number */
static void test_number_b64_room(void **state)
{
    (void)state;
    uint64_t v[CGI_SLOTH_LIMBS], back[CGI_SLOTH_LIMBS];
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++)
        v[i] = 0x0123456789abcdefULL * (uint64_t)(i + 1);
    v[CGI_SLOTH_LIMBS - 1] >>= 1; /* below 2^1279 */
    char out[400];
    size_t len = cgi_number_b64(v, out, sizeof out);
    assert_true(len > 0 && len % 4 == 0);
    assert_int_equal(cgi_number_b64(v, out, len + 1), len);
    assert_true(cgi_b64_number(out, len, back));
    assert_memory_equal(v, back, sizeof v);
    assert_int_equal(cgi_number_b64(v, out, len), 0);
    /* zero: kCTF's three zero bytes */
    memset(v, 0, sizeof v);
    assert_int_equal(cgi_number_b64(v, out, sizeof out), 4);
    assert_string_equal(out, "AAAA");
}

static void test_sloth_bignum_agrees(void **state)
{
    (void)state;
    /* values near p and with the top bits set go through every fold */
    uint64_t xs[3][CGI_SLOTH_LIMBS] = {{5}, {~0ULL, ~0ULL}, {0}};
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++)
        xs[2][i] = i == CGI_SLOTH_LIMBS - 1 ? 0x7ffffffffffffffeULL : ~0ULL; /* p - 1 */
    for (int k = 0; k < 3; k++) {
        uint64_t a[CGI_SLOTH_LIMBS], b[CGI_SLOTH_LIMBS];
        cgi_sloth_root(xs[k], 3, a, NULL, NULL);
        assert_true(cgi_sloth_root_bn(xs[k], 3, b));
        assert_memory_equal(a, b, sizeof a);
        assert_true(cgi_sloth_check(xs[k], 3, a));
        a[1] ^= 4;
        assert_false(cgi_sloth_check(xs[k], 3, a));
    }
}

static void prefix_vector(const char *text, const char *want)
{
    char out[CG_POW_ANSWER_MAX];
    cg_error err;
    assert_int_equal(cg_pow_answer(text, strlen(text), out, sizeof out, &err), CG_OK);
    assert_string_equal(out, want);
    assert_int_equal(cg_pow_check(text, strlen(text), out, strlen(out), &err), CG_OK);
    out[0] ^= 1;
    assert_int_equal(cg_pow_check(text, strlen(text), out, strlen(out), &err), CG_ERR_PROTOCOL);
}

static void test_hash_prefix_vectors(void **state)
{
    (void)state;
    /* digests from Python's hashlib */
    prefix_vector("sha256(XXXX+" SUFFIX ") == "
                  "b67c1a9836894b45786bd8d5f727659af19cc7cdbb4d010384e9d1a78c1b4b3b\nGive me XXXX:",
                  "aaZ0");
    prefix_vector("[+] md5(XXXX + \"" SUFFIX "\") == 83c060f0e5d4278a62eec4f8dfa91bb6", "ab7q");
    prefix_vector("hashlib.sha1(('" SUFFIX "' + XXXX).encode()).hexdigest() == "
                  "'1fa5ff41fbc2593fc1c5d7f0165498fdd2824824'", "aaQ9");
    prefix_vector("sha512(XXX+" SUFFIX ")[:20] == 762f9fd4e7bb2e179658", "acz");
}

static void test_hashcash_published_stamp(void **state)
{
    (void)state;
    static const char stamp[] = "1:20:1303030600:adam@cypherspace.org::McMybZIhxKXu57jd:ckvi";
    static const char gate[] = "hashcash -mb20 adam@cypherspace.org";
    cgi_gate g;
    bool found;
    cgi_gate_read(gate, strlen(gate), &g, &found, NULL);
    assert_true(found);
    assert_int_equal(g.kind, CGI_GATE_HASHCASH);
    assert_int_equal(g.bits, 20);
    assert_string_equal(g.known, "adam@cypherspace.org");
    assert_true(cgi_hash_meets(&g, stamp, strlen(stamp))); /* 00000b7c...: 20 zero bits */
    g.target_bits = 21;
    assert_false(cgi_hash_meets(&g, stamp, strlen(stamp)));
    cg_error err; /* right work, but minted in 2011 */
    assert_int_equal(cg_pow_check(gate, strlen(gate), stamp, strlen(stamp), &err), CG_ERR_PROTOCOL);
    assert_non_null(strstr(err.msg, "date"));
}

static void test_readers(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int kind, bits, unknown;
    } OK[] = {
        {"send S such that sha256(PREFIXabc + S) starts with 000000", CGI_GATE_ZEROS, 24, 0},
        {"Give me S: sha256(\"k3y\" + S) has 22 leading zero bits", CGI_GATE_ZEROS, 22, 0},
        {"  hashcash -m -b 18 res.example", CGI_GATE_HASHCASH, 18, 0},
        {"Run: hashcash -b22 -m 'quoted'", CGI_GATE_HASHCASH, 22, 0},
        /* the longest -b read: 15 characters, either written together or apart */
        {"hashcash -mb000000000000020 res", CGI_GATE_HASHCASH, 20, 0},
        {"hashcash -m -b 000000000000021 res", CGI_GATE_HASHCASH, 21, 0},
        {"hashcash -mb1 res", CGI_GATE_HASHCASH, 1, 0}, {"hashcash -mb64 res", CGI_GATE_HASHCASH, 64, 0},
        {"sha256(XXXXXX+abc) == 00ff", CGI_GATE_PREFIX, 16, 6},
        /* the table's edges: one unknown, and the longest (CGI_UNKNOWN_MAX, 8) */
        {"sha256(X+abc) == 00ff", CGI_GATE_PREFIX, 16, 1},
        {"sha256(abc+XXXXXXXX) == 00ff", CGI_GATE_PREFIX, 16, 8},
        {"md5(????????+abc) == 00ff", CGI_GATE_PREFIX, 16, 8},
        {"pow: solve s.AAAAAQ==.AQ==", CGI_GATE_SLOTH, 0, 0},
        {"s.AAAAAQ==.AQ== is the pow to solve", CGI_GATE_SLOTH, 0, 0}, /* first on the line */
        /* a call inside the hashed parentheses is the part's own */
        {"sha256((str(X) + 'k3y').encode()).hexdigest()[:4] == '0000'", CGI_GATE_ZEROS, 16, 0},
        /* counts of zeros: bits when the next word says so, else hex digits (issue 42) */
        {"sha256(S + 'k9') starts with 3 zero bits", CGI_GATE_ZEROS, 3, 0},
        {"sha256(S + 'k9') starts with 3 zeros", CGI_GATE_ZEROS, 12, 0},
        {"sha256(S + 'k9') ends with 2 zero hex digits", CGI_GATE_ZEROS, 8, 0},
        {"sha256(S + 'k9') has 3 trailing zeros", CGI_GATE_ZEROS, 12, 0},
        /* the most zeros a digest has */
        {"sha1(S + 'k9') starts with 40 zeros", CGI_GATE_ZEROS, 160, 0},
        /* the count glued to its word */
        {"sha256(S + 'k9') starts with 3zeros", CGI_GATE_ZEROS, 12, 0},
        /* the longest target: all of sha512's 128 hex digits */
        {"sha512(XXXX+abc) == 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
         "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", CGI_GATE_PREFIX, 512,
         4},
    };
    for (size_t i = 0; i < sizeof OK / sizeof *OK; i++) {
        cgi_gate g;
        bool found;
        cg_error err;
        cgi_gate_read(OK[i].text, strlen(OK[i].text), &g, &found, &err);
        assert_true(found);
        assert_int_equal(g.kind, OK[i].kind);
        if (OK[i].kind != CGI_GATE_SLOTH)
            assert_int_equal(g.target_bits, OK[i].bits);
        assert_int_equal(g.unknown_len, OK[i].unknown);
        assert_int_equal(cg_pow_scan(OK[i].text, strlen(OK[i].text), &err), 1);
    }
    static const char *const NONE[] = {"=== Round 1/100 ===", "Face U:\n+-----+\n| U U |",
                                       "", /* nothing: no line to read (ASan sees a loop past it) */
                                       "Enter your solution:", "hashcash is a proof of work",
                                       "the sha256 of the flag is secret", "Give me XXXX:"};
    for (size_t i = 0; i < sizeof NONE / sizeof *NONE; i++)
        assert_int_equal(cg_pow_scan(NONE[i], strlen(NONE[i]), NULL), 0);
    static const char *const BAD[] = {"sha256(XXXX+abc) == zz", "sha3(XXXX+abc) == 00",
                                      "solve s.!!!.AA==", "hashcash -mb20",
                                      "sha256(XXXX+abc", "sha256(abc + def) == 00",
                                      "solve s.AAAAAA==.AQ==",
                                      /* nine unknowns, one past the longest searched */
                                      "sha256(XXXXXXXXX+abc) == 00ff",
                                      "sha256(XXXXabc) == 00ff",
                                      /* a slice not closed by ']' */
                                      "sha256(XXXX+abc)[0:3) == 'fff'",
                                      /* "||" with nothing after it before the target */
                                      "the sha1 of k9|| starts with 00",
                                      /* and '+' with nothing after it */
                                      "the sha1 of k9+ starts with 00",
                                      /* parts ended by the text's last byte, no target */
                                      "the sha1 of S + 'k9',",
                                      /* "solve s." first on the line, nothing after it */
                                      "solve s.!"};
    /* a gate is a gate only when it parses: these are text, and say why they were not read */
    for (size_t i = 0; i < sizeof BAD / sizeof *BAD; i++) {
        cg_error err;
        int r = cg_pow_scan(BAD[i], strlen(BAD[i]), &err);
        assert_int_equal(r, 0);
        if (i == 1) { /* an unknown hash is not one of the six: nothing read, nothing claimed */
            assert_int_equal(err.code, CG_OK);
            assert_string_equal(err.msg, "");
            continue;
        }
        assert_int_equal(err.code, CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "looks like a proof of work"));
        assert_non_null(strstr(err.msg, "known:"));
        if (i == 4) /* the reason names what is missing */
            assert_non_null(strstr(err.msg, "its parenthesis is not closed"));
        if (i == 8)
            assert_non_null(strstr(err.msg, "the hashed text is not two parts joined by '+'"));
        if (i == 9)
            assert_non_null(strstr(err.msg, "is not a slice"));
        if (i == sizeof BAD / sizeof *BAD - 1)
            assert_non_null(strstr(err.msg, "no s.DIFFICULTY.X follows"));
    }
    /* "solve s." at the very start of the text, nothing read after it: said, as anywhere else */
    {
        cg_error err;
        assert_int_equal(cg_pow_scan("solve s.!", 9, &err), 0);
        assert_non_null(strstr(err.msg, "no s.DIFFICULTY.X follows"));
    }
    /* a sloth's numbers that are no base64 (one character is no byte) */
    {
        cg_error err;
        assert_int_equal(cg_pow_scan("solve s.A.AQ==", 14, &err), 0);
        assert_non_null(strstr(err.msg, "its s.DIFFICULTY.X is not base64 of two numbers"));
    }
    /* two near misses on a line: the first one's reason is said */
    {
        static const char two[] = "sha256(XXXX+abc) == zz, sha1(XXXX+abc";
        cg_error err;
        assert_int_equal(cg_pow_scan(two, strlen(two), &err), 0);
        assert_non_null(strstr(err.msg, "no hex digest follows '=='"));
    }
    /* a -b one character longer than read is refused, not read as its first 15 characters */
    static const char *const LONG_B[] = {"hashcash -mb0000000000000020 res",
                                         "hashcash -m -b 0000000000000020 res",
                                         "hashcash -mb0 res", "hashcash -mb65 res", /* 1 to 64 */
                                         "hashcash -mb20x res", "hashcash -mb res"};
    for (size_t i = 0; i < sizeof LONG_B / sizeof *LONG_B; i++) {
        cg_error err;
        assert_int_equal(cg_pow_scan(LONG_B[i], strlen(LONG_B[i]), &err), 0);
        assert_non_null(strstr(err.msg, "its -b is not a number of bits from 1 to 64"));
    }
    /* a parenthesis not closed after a '+' alone, or after X's alone: either says a gate */
    static const char *const OPEN[] = {"sha256(abc+S", "sha256(XXXXabc"};
    for (size_t i = 0; i < 2; i++) {
        cg_error err;
        assert_int_equal(cg_pow_scan(OPEN[i], strlen(OPEN[i]), &err), 0);
        if (!strstr(err.msg, "its parenthesis is not closed"))
            fail_msg("'%s': '%s'", OPEN[i], err.msg);
    }
}

/* English that mentions hashing or "solve s." is the game's text (issue 35, item 3): scan says
 * no gate, and solving it is "not read as a gate" with the reason, never an answer. */
static void test_english_is_not_a_gate(void **state)
{
    (void)state;
    static const char *const TEXT[] = {
        "Please solve s.t. every face is one colour, at most 11 moves",
        "We keep sha256(flag) == the digest you saw",
        "We log sha256(answer) of each answer",
        "To solve: s.t. the cube is solved, send your moves",
    };
    for (size_t i = 0; i < sizeof TEXT / sizeof *TEXT; i++) {
        cg_error err;
        char out[CG_POW_ANSWER_MAX];
        assert_int_equal(cg_pow_scan(TEXT[i], strlen(TEXT[i]), &err), 0);
        assert_int_equal(cg_pow_answer(TEXT[i], strlen(TEXT[i]), out, sizeof out, &err),
                         CG_ERR_INPUT);
        assert_string_equal(out, "");
    }
    /* "the hash of" with no '+' in the parts, or no word that ends them: no near miss either */
    static const char *const QUIET[] = {"the sha1 of abc starts with 2 zeros",
                                        "Compute the sha256 of abc + S",
                                        /* a call left open with no '+' and no X in it */
                                        "we print sha256(flag",
                                        /* a call of one part, claiming nothing */
                                        "We log sha256(answer) of each answer"};
    for (size_t i = 0; i < sizeof QUIET / sizeof *QUIET; i++) {
        cg_error err;
        assert_int_equal(cg_pow_scan(QUIET[i], strlen(QUIET[i]), &err), 0);
        assert_int_equal(err.code, CG_OK);
    }
    /* a near miss before a real gate on the same line does not hide it */
    static const char both[] = "we keep sha256(flag) == its digest; sha256(XX+ab) starts with 0";
    cg_error err;
    assert_int_equal(cg_pow_scan(both, strlen(both), &err), 1);
}

/* SHA-256 of a + b, as hex, by OpenSSL's one-shot call: apart from the solver's midstates. */
static void sha256_hex(const char *a, const char *b, char hex[65])
{
    char msg[512];
    unsigned char md[32];
    unsigned len = 0;
    snprintf(msg, sizeof msg, "%s%s", a, b);
    assert_int_equal(EVP_Digest(msg, strlen(msg), md, &len, EVP_sha256(), NULL), 1);
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* Zero-bits gates with the unknown first (issue 35, item 2): the answer goes before the known
 * part; it had been answered as known + S. */
static void test_unknown_first_zero_gates(void **state)
{
    (void)state;
    static const struct {
        const char *text, *known, *hex_prefix;
    } G[] = {
        {"sha256(S + \"abc\") starts with 000", "abc", "000"},
        {"sha256(nonce + 'xyz') has 12 leading zero bits", "xyz", "000"},
        {"Find X such that sha256(X + \"k9\") starts with \"0000\"", "k9", "0000"},
        /* neither part quoted: the one with an unknown's name is the unknown */
        {"sha256(nonce + abc) starts with 000", "abc", "000"},
    };
    for (size_t i = 0; i < sizeof G / sizeof *G; i++) {
        char out[CG_POW_ANSWER_MAX], hex[65];
        cg_error err;
        assert_int_equal(cg_pow_answer(G[i].text, strlen(G[i].text), out, sizeof out, &err), CG_OK);
        sha256_hex(out, G[i].known, hex);
        assert_memory_equal(hex, G[i].hex_prefix, strlen(G[i].hex_prefix));
        assert_int_equal(cg_pow_check(G[i].text, strlen(G[i].text), out, strlen(out), &err), CG_OK);
    }
}

/* hash(msg) as hex, by OpenSSL's EVP call named by the gate's word. */
static void digest_hex(const char *hash, const char *msg, char *hex)
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned len = 0;
    const EVP_MD *m = EVP_get_digestbyname(hash);
    assert_non_null(m);
    assert_int_equal(EVP_Digest(msg, strlen(msg), md, &len, m, NULL), 1);
    for (unsigned i = 0; i < len; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* Gates on the digest's last digits or a slice of it, and gates told in a sentence (issue 42):
 * each answered, and the answer's digest (OpenSSL's one-shot call, apart from the search)
 * holds `want` at digit `at` (negative: from the end). */
static void test_either_end_and_sentences(void **state)
{
    (void)state;
    static const struct {
        const char *text, *hash, *known;
        bool unknown_first;
        int at;
        const char *want;
    } G[] = {
        {"hashlib.sha256((XXXX+'k9Zq').encode()).hexdigest()[-3:] == '000'", "sha256", "k9Zq",
         true, -3, "000"},
        {"md5(('tail' + XXXX).encode()).hexdigest().endswith('ab')", "md5", "tail", false, -2,
         "ab"},
        {"sha1(XXXX + abc)[4:7] == 'fff'", "sha1", "abc", true, 4, "fff"},
        /* a blank between the hash's name and its parenthesis */
        {"sha1 (XXXX + abc)[:2] == '00'", "sha1", "abc", true, 0, "00"},
        {"sha1(XXXX + abc)[-6:-3] == '123'", "sha1", "abc", true, 34, "123"},
        /* a '+' inside a quoted part is part of it */
        {"sha1(('k+9' + XXXX).encode()).hexdigest()[:2] == '00'", "sha1", "k+9", false, 0, "00"},
        /* a start before the digest's first digit is its first digit, as in Python */
        {"sha1(XXXX + abc)[-99:3] == 'fff'", "sha1", "abc", true, 0, "fff"},
        /* bounds of any length, their values capped (Python clamps them to the digest) */
        {"sha1(XXXX + abc)[-100000:3] == 'fff'", "sha1", "abc", true, 0, "fff"},
        {"sha1(XXXX + abc)[-1000000000:3] == 'fff'", "sha1", "abc", true, 0, "fff"},
        {"Find a string X such that sha1(prefix + X) starts with 3 zero hex digits\nprefix: Pq7",
         "sha1", "Pq7", false, 0, "000"},
        {"challenge = \"r4nd\"\nsend a nonce such that sha224(challenge + nonce) has 3 trailing "
         "zeros", "sha224", "r4nd", false, -3, "000"},
        {"Send S so that the sha256 hash of 'Lm2' + S ends with 3 zeros", "sha256", "Lm2", false,
         -3, "000"},
        {"the md5 of S + \"tl\" must begin with 2 zeroes", "md5", "tl", true, 0, "00"},
        /* ":=" with no blank after it */
        {"prefix:='Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        /* a name given with Python's ":=" */
        {"prefix := 'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        /* an empty quoted value is no value: the next definition gives it */
        {"prefix = ''\nprefix = 'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 "
         "zero hex digits", "sha1", "Pq7", false, 0, "00"},
        /* nothing after "prefix:" is no value either */
        {"prefix:\nprefix: Pq7\nFind a string X such that sha1(prefix + X) starts with 2 zero "
         "hex digits", "sha1", "Pq7", false, 0, "00"},
        /* a quoted value that ends the text */
        {"Find a string X such that sha1(prefix + X) starts with 2 zero hex digits\nprefix = 'Pq7'",
         "sha1", "Pq7", false, 0, "00"},
        /* any of Python's string prefixes, in either case, one or two letters */
        {"prefix = rb'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        {"prefix = U\"Pq7\"\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        /* three letters before a quote, or one that is no prefix: the bare word, quotes and all */
        {"prefix: bru'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "bru'Pq7'", false, 0, "00"},
        {"prefix: k'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "k'Pq7'", false, 0, "00"},
        /* a word that starts with no letter, digit or '_' is no name: itself */
        {"-k9 = 'zz'\nthe md5 of -k9 + S begins with 2 zeros", "md5", "-k9", false, 0, "00"},
        /* a ',' ends the parts as the words do */
        {"the sha1 of 'k9' + S, must start with 2 zeros", "sha1", "k9", false, 0, "00"},
        /* a name differs from another by its last letter */
        {"prefis = 'zz'\nprefix: Pq7\nFind a string X such that sha1(prefix + X) starts with 2 "
         "zero hex digits", "sha1", "Pq7", false, 0, "00"},
        /* a name of one letter, given a value */
        {"z = 'Pq7'\nFind a string X such that sha1(z + X) starts with 2 zero hex digits", "sha1",
         "Pq7", false, 0, "00"},
        /* a name that usually stands for the unknown, given a value, beside another such */
        {"salt = 'Pq7'\nFind a string S such that sha1(salt + S) starts with 2 zero hex digits",
         "sha1", "Pq7", false, 0, "00"},
        /* a bare word after "is" is no value ("is given below") */
        {"The prefix is given below.\nprefix: Pq7\nFind a string X such that sha1(prefix + X) "
         "starts with 2 zero hex digits", "sha1", "Pq7", false, 0, "00"},
        /* '+' with no blank after it */
        {"the sha1 of 'k9'+S starts with 2 zeros", "sha1", "k9", false, 0, "00"},
        {"the sha1 of S+'k9' starts with 2 zeros", "sha1", "k9", true, 0, "00"},
        {"the sha1 of S ||'k9' starts with 2 zeros", "sha1", "k9", true, 0, "00"},
        /* a name followed by other words than ':', '=' or "is" is given nothing there */
        {"Use the prefix, 'zz' is old\nprefix: Pq7\nFind a string X such that sha1(prefix + X) "
         "starts with 2 zero hex digits", "sha1", "Pq7", false, 0, "00"},
        /* a word that starts with a digit is no name: itself */
        {"9k = 'zz'\nthe md5 of 9k + S begins with 2 zeros", "md5", "9k", false, 0, "00"},
        /* a name is matched whole: "halt" is not "salt", nor "myprefix" "prefix" */
        {"myprefix = 'zz'\nprefix: Pq7\nFind a string X such that sha1(prefix + X) starts with 2 "
         "zero hex digits", "sha1", "Pq7", false, 0, "00"},
        {"aprefix = 'zz'\nprefix: Pq7\nFind a string X such that sha1(prefix + X) starts with 2 "
         "zero hex digits", "sha1", "Pq7", false, 0, "00"},
        {"halt: zz\nsalt: Pq7\nFind a string X such that sha1(salt + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        /* such a name beside a quoted part stays the unknown, a value in the text or not */
        {"salt: zz\nthe sha1 of 'k9' + salt starts with 2 zeros", "sha1", "k9", false, 0, "00"},
        {"salt: zz\nthe sha1 of salt + 'k9' starts with 2 zeros", "sha1", "k9", true, 0, "00"},
        /* a bare value that starts with b is no bytes literal */
        {"prefix: b7q\nFind a string X such that sha1(prefix + X) starts with 2 zero hex digits",
         "sha1", "b7q", false, 0, "00"},
        /* an empty quoted value is none, whatever quotes follow on its line */
        {"prefix = '' (see below: 'zz')\nprefix: Pq7\nFind a string X such that sha1(prefix + X) "
         "starts with 2 zero hex digits", "sha1", "Pq7", false, 0, "00"},
        /* a name given as Python bytes */
        {"prefix = b'Pq7'\nFind a string X such that sha1(prefix + X) starts with 2 zero hex "
         "digits", "sha1", "Pq7", false, 0, "00"},
        /* every wording of the two ends: "start with", "end with", startswith( */
        {"the sha1 of S + 'zq' should start with 2 zeros", "sha1", "zq", true, 0, "00"},
        {"the sha1 of S + 'zq' must end with 2 zeros", "sha1", "zq", true, -2, "00"},
        {"sha1((S + 'zq').encode()).hexdigest().startswith('0a')", "sha1", "zq", true, 0, "0a"},
        {"sha256(S + 'k9') has 8 leading zero bits", "sha256", "k9", true, 0, "00"},
        {"sha256(S + 'k9') starts with 4 zero bits", "sha256", "k9", true, 0, "0"},
        {"sha256(S + 'k9') starts with 2 zeros, not 8 bits", "sha256", "k9", true, 0, "00"},
        /* in words, a lone '|' is part of a name, "||" joins as '+' does */
        {"the md5 of k|9 + S begins with 2 zeros", "md5", "k|9", false, 0, "00"},
        {"the sha1 of 'k9' || S starts with 2 zeros", "sha1", "k9", false, 0, "00"},
        /* "leading" or "trailing" between the count and "zeros", either end */
        {"sha256(S + 'k9') ends with 3 trailing zeros", "sha256", "k9", true, -3, "000"},
        {"the sha1 of S + 'zq' should start with 2 leading zeros", "sha1", "zq", true, 0, "00"},
        /* in words, a '+' or an end word inside quotes is part of the quoted part */
        {"the md5 of 'k+9' + S begins with 2 zeros", "md5", "k+9", false, 0, "00"},
        {"the sha1 of 'k is 9' + S starts with 2 zeros", "sha1", "k is 9", false, 0, "00"},
        /* the target is read after the parts: words of a target inside them are the part's */
        {"the sha1 of 'ends with 5' + S starts with 2 zeros", "sha1", "ends with 5", false, 0,
         "00"},
        /* a bare value ends before the punctuation after it */
        {"prefix: Pq7.\nFind a string X such that sha1(prefix + X) starts with 2 zero hex digits",
         "sha1", "Pq7", false, 0, "00"},
        /* a part that is no name (its last character is not a word's) is itself, though the
         * text gives it a value */
        {"k9- = 'zz'\nthe md5 of k9- + S begins with 2 zeros", "md5", "k9-", false, 0, "00"},
    };
    for (size_t i = 0; i < sizeof G / sizeof *G; i++) {
        char out[CG_POW_ANSWER_MAX], msg[2 * CG_POW_ANSWER_MAX], hex[129];
        cg_error err;
        dirty_stack(); /* a flag the reader leaves unset reads true */
        assert_int_equal(cg_pow_answer(G[i].text, strlen(G[i].text), out, sizeof out, &err), CG_OK);
        snprintf(msg, sizeof msg, "%s%s", G[i].unknown_first ? out : G[i].known,
                 G[i].unknown_first ? G[i].known : out);
        digest_hex(G[i].hash, msg, hex);
        size_t at = G[i].at >= 0 ? (size_t)G[i].at : strlen(hex) - (size_t)-G[i].at;
        if (memcmp(hex + at, G[i].want, strlen(G[i].want)) != 0)
            fail_msg("%s: answer '%s', %s(%s) = %s", G[i].text, out, G[i].hash, msg, hex);
        assert_int_equal(cg_pow_check(G[i].text, strlen(G[i].text), out, strlen(out), &err), CG_OK);
    }
}

/* One zero bit is one bit, not a hex digit: a digest whose first digit is 1 to 7 (or last is
 * even and not 0) meets "1 zero bit" at that end, though "1 zero" would refuse it. */
static void test_one_zero_bit(void **state)
{
    (void)state;
    static const char *const GATES[] = {"sha256(S + 'k9') starts with 1 zero bit",
                                        "sha256(S + 'k9') ends with 1 zero bit"};
    for (int end = 0; end < 2; end++) {
        char s[16], msg[32], hex[129];
        int found = 0;
        for (int i = 0; i < 1000 && !found; i++) {
            snprintf(s, sizeof s, "b%d", i);
            snprintf(msg, sizeof msg, "%sk9", s);
            digest_hex("sha256", msg, hex);
            found = strchr(end ? "2468ace" : "1234567", hex[end ? 63 : 0]) != NULL;
        }
        assert_true(found);
        cg_error err;
        assert_int_equal(cg_pow_check(GATES[end], strlen(GATES[end]), s, strlen(s), &err), CG_OK);
        /* and a digest whose bit at that end is 1 does not */
        found = 0;
        for (int i = 0; i < 1000 && !found; i++) {
            snprintf(s, sizeof s, "c%d", i);
            snprintf(msg, sizeof msg, "%sk9", s);
            digest_hex("sha256", msg, hex);
            found = strchr(end ? "13579bdf" : "89abcdef", hex[end ? 63 : 0]) != NULL;
        }
        assert_true(found);
        assert_int_equal(cg_pow_check(GATES[end], strlen(GATES[end]), s, strlen(s), &err),
                         CG_ERR_PROTOCOL);
    }
}

/* A text is read within its length: the bytes after it in the caller's memory are not part of
 * it, though they would continue a number or a word. */
static void test_read_within_length(void **state)
{
    (void)state;
    static const char text[] = "sha256(S + 'k9') starts with 2" "5 zeros";
    size_t len = strlen("sha256(S + 'k9') starts with 2");
    char out[CG_POW_ANSWER_MAX], msg[CG_POW_ANSWER_MAX + 8], hex[129];
    cg_error err;
    assert_int_equal(cg_pow_answer(text, len, out, sizeof out, &err), CG_OK);
    snprintf(msg, sizeof msg, "%sk9", out);
    digest_hex("sha256", msg, hex);
    assert_int_equal(hex[0], '2');
    assert_int_equal(cg_pow_check(text, len, out, strlen(out), &err), CG_OK);
    /* a bare value that ends the text ends with it */
    static const char bare[] = "Find a string X such that sha1(prefix + X) starts with 2 zero "
                               "hex digits\nprefix: Pq7" "Z9 more";
    size_t blen = strlen(bare) - strlen("Z9 more");
    assert_int_equal(cg_pow_answer(bare, blen, out, sizeof out, &err), CG_OK);
    snprintf(msg, sizeof msg, "Pq7%s", out);
    digest_hex("sha1", msg, hex);
    assert_memory_equal(hex, "00", 2);
    /* a quote left open at the text's end is no value, though the byte after it would close it */
    static const char open[] = "Find a string X such that sha1(prefix + X) starts with 2 zero "
                               "hex digits\nprefix = 'Pq7" "'";
    assert_int_equal(cg_pow_answer(open, strlen(open) - 1, out, sizeof out, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "a name the text gives no value for"));
}

/* What each gate was read as, for play's notices and -v: the kind, the bits and where. */
static void test_kinds_named(void **state)
{
    (void)state;
    static const struct {
        const char *text, *kind;
    } K[] = {
        {"sha256(XX+abc) == 0", "sha256 prefix, 2 unknown of 62 characters (3844 candidates)"},
        {"sha1(S + 'k9') starts with 2 zeros", "sha1 with 8 leading bits given"},
        {"md5(S + 'k9') ends with 3 zero bits", "md5 with 3 other bits given"},
        {"sha1(abc + XXX) == 00", "sha1 suffix, 3 unknown of 62 characters (238328 candidates)"},
    };
    cg_pow *p;
    cg_error err;
    assert_int_equal(cg_pow_new(&p, &err), CG_OK);
    cg_pow_set_threads(p, 1);
    for (size_t i = 0; i < sizeof K / sizeof *K; i++) {
        char out[CG_POW_ANSWER_MAX];
        assert_int_equal(cg_pow_solve(p, K[i].text, strlen(K[i].text), out, sizeof out, &err),
                         CG_OK);
        assert_string_equal(cg_pow_last_kind(p), K[i].kind);
    }
    cg_pow_free(p);
}

/* The checks count every bit of the target, the last one too: an answer whose digest has the
 * first 8 of 9 zero bits, found here by OpenSSL's one-shot call, is refused by the server's
 * check and by the solver's own (at the target's start and, for "trailing", at its end). */
static void test_one_bit_short_is_refused(void **state)
{
    (void)state;
    static const char *const GATES[] = {"sha256(S + 'k9') has 9 leading zero bits",
                                        "sha256(S + 'k9') has 9 trailing zero bits"};
    for (int end = 0; end < 2; end++) {
        char s[16], msg[32], hex[129];
        int found = 0;
        for (int i = 0; i < 100000 && !found; i++) {
            snprintf(s, sizeof s, "a%d", i);
            snprintf(msg, sizeof msg, "%sk9", s);
            digest_hex("sha256", msg, hex);
            /* hex digits: 2 zero, then one whose top bit (leading) is 1; or from the end,
             * 2 zero and one whose low bit (trailing) is 1 */
            if (!end)
                found = hex[0] == '0' && hex[1] == '0' && strchr("89abcdef", hex[2]);
            else
                found = hex[63] == '0' && hex[62] == '0' && strchr("13579bdf", hex[61]);
        }
        assert_true(found);
        cg_error err;
        assert_int_equal(cg_pow_check(GATES[end], strlen(GATES[end]), s, strlen(s), &err),
                         CG_ERR_PROTOCOL);
        /* and the solver's own check before sending (EVP, bit by bit) */
        cgi_gate g;
        bool read;
        cgi_gate_read(GATES[end], strlen(GATES[end]), &g, &read, &err);
        assert_true(read);
        assert_int_equal(cgi_answer_holds(&g, s, &err), CG_ERR_PROTOCOL);
    }
}

/* Gates no answer can meet, or that cannot be read whole, are refused with the reason, never
 * answered (issue 42: "[:-5] == 00000" was read as a 5-digit prefix and answered). */
static void test_gates_refused_with_the_reason(void **state)
{
    (void)state;
    static const struct {
        const char *text, *why;
    } R[] = {
        {"sha1(XXXX+a)[:-5] == 00000", "the slice keeps 35 of sha1's 40 hex digits, and '==' gives 5"},
        {"sha256(XXXX+abc)[:4] == 00000", "keeps 4 of sha256's 64 hex digits, and '==' gives 5"},
        {"md5(XXXX+abc)[30:] == 000", "keeps 2 of md5's 32"},
        /* an end before the digest's start, or at 0: nothing kept */
        {"sha1(XXXX+abc)[:-99] == 'f'", "keeps 0 of sha1's 40 hex digits, and '==' gives 1"},
        {"sha1(XXXX+abc)[:0] == 'f'", "keeps 0 of sha1's 40 hex digits, and '==' gives 1"},
        /* an end past the digest is its end */
        {"sha1(XXXX+abc)[:99] == 'fff'", "keeps 40 of sha1's 40 hex digits, and '==' gives 3"},
        {"find a string X such that sha1(prefix+X) starts with 5 zero hex digits",
         "a name the text gives no value for"},
        {"sha256(XXXX+abc)[3] == 0", "not a slice"},
        {"sha256(XXXX+abc)[3x5] == 'ff'", "not a slice"},
        {"sha256(S + 'a') starts with 65 zeros", "number of zeros"},
        {"sha256(S + 'a') starts with 0 zeros", "not from 1 to the digest's length"},
        /* "zeros" with no count before it is no count of zeros */
        {"sha256(S + 'a') starts with zeros", "no hex digits follow 'starts with'"},
        /* "==" after a name is a comparison, not a definition, even at the text's end */
        {"find a string X such that sha1(prefix+X) starts with 5 zero hex digits\nprefix ==",
         "a name the text gives no value for"},
        /* a count of any length is a count, not hex digits */
        {"sha256(S + 'a') starts with 1000000 zeros", "not from 1 to the digest's length"},
        {"sha256(S + 'a') has 0 leading zero bits", "leading zeros cannot be read"},
        {"sha256(XXXX+abc)[:4] starts with 00", "compared with '== hex'"},
        /* a quote that opens at a line's end is no value: the name has none */
        {"challenge = '\nfind X such that sha1(challenge + X) starts with 2 zeros'",
         "a name the text gives no value for"},
    };
    for (size_t i = 0; i < sizeof R / sizeof *R; i++) {
        char out[CG_POW_ANSWER_MAX];
        cg_error err;
        assert_int_equal(cg_pow_answer(R[i].text, strlen(R[i].text), out, sizeof out, &err),
                         CG_ERR_INPUT);
        if (!strstr(err.msg, R[i].why))
            fail_msg("%s: '%s' not in: %s", R[i].text, R[i].why, err.msg);
        assert_string_equal(out, "");
    }
}

/* kCTF's verifier xors the answer as given: y + p is another number there (issue 35, item 7). */
static void test_sloth_refuses_y_plus_p(void **state)
{
    (void)state;
    static const char gate[] = "pow: solve s.AAAAAw==.AQI=";
    char out[CG_POW_ANSWER_MAX], big[CG_POW_ANSWER_MAX];
    cg_error err;
    assert_int_equal(cg_pow_answer(gate, strlen(gate), out, sizeof out, &err), CG_OK);
    uint64_t y[CGI_SLOTH_LIMBS];
    number_of(out, y);
    /* y + p, p = 2^1279 - 1: below 2^1280, so it fits the limbs */
    unsigned __int128 carry = 0;
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++) {
        uint64_t pl = i == CGI_SLOTH_LIMBS - 1 ? 0x7fffffffffffffffULL : ~0ULL;
        carry += (unsigned __int128)y[i] + pl;
        y[i] = (uint64_t)carry;
        carry >>= 64;
    }
    assert_true(carry == 0);
    memcpy(big, "s.", 2);
    cgi_number_b64(y, big + 2, sizeof big - 2);
    assert_int_equal(cg_pow_check(gate, strlen(gate), out, strlen(out), &err), CG_OK);
    assert_int_equal(cg_pow_check(gate, strlen(gate), big, strlen(big), &err), CG_ERR_PROTOCOL);
}

/* An answer and its terminator must fit the caller's buffer: one byte short is refused, never
 * cut (a prefix gate's 4 characters; a free-length one's, the same each time on one thread: the
 * search's order is fixed) */
static void test_answer_fits_or_is_refused(void **state)
{
    (void)state;
    static const char *const GATES[] = {"sha256(XXXX+abc) == 0", "sha256(S + 'k9') starts with 0"};
    cg_pow *p;
    assert_int_equal(cg_pow_new(&p, NULL), CG_OK);
    cg_pow_set_threads(p, 1);
    for (size_t i = 0; i < 2; i++) {
        char out[CG_POW_ANSWER_MAX];
        cg_error err;
        size_t len = strlen(GATES[i]);
        assert_int_equal(cg_pow_solve(p, GATES[i], len, out, sizeof out, &err), CG_OK);
        size_t need = strlen(out) + 1;
        assert_int_equal(cg_pow_solve(p, GATES[i], len, out, need, &err), CG_OK);
        assert_int_equal(cg_pow_solve(p, GATES[i], len, out, need - 1, &err), CG_ERR_LIMIT);
        char want[64];
        snprintf(want, sizeof want, "the answer does not fit in %zu bytes", need - 1);
        if (!strstr(err.msg, want))
            fail_msg("'%s' does not say '%s'", err.msg, want);
    }
    cg_pow_free(p);
}

/* Limbs (little-endian 64-bit words, CGI_SLOTH_LIMBS of them) to and from a BIGNUM. */
static BIGNUM *bn_of(const uint64_t *v)
{
    uint8_t be[8 * CGI_SLOTH_LIMBS];
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++)
        for (int b = 0; b < 8; b++)
            be[sizeof be - 1 - (8 * i + b)] = (uint8_t)(v[i] >> (8 * b));
    return BN_bin2bn(be, sizeof be, NULL);
}

static void limbs_of(const BIGNUM *n, uint64_t *v)
{
    uint8_t be[8 * CGI_SLOTH_LIMBS];
    assert_int_equal(BN_bn2binpad(n, be, sizeof be), (int)sizeof be);
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++) {
        v[i] = 0;
        for (int b = 0; b < 8; b++)
            v[i] |= (uint64_t)be[sizeof be - 1 - (8 * i + b)] << (8 * b);
    }
}

/* A root whose value, before its last bit is flipped, has the top limb of p (2^1279 - 1) and
 * other limbs that are not all ones: it is below p, and the reduction must keep it (a reduction
 * that took any such value for p made it 0). s is such a value and a square (so the root of s^2
 * is s itself); the root of s^2 agrees with OpenSSL's. */
static void test_sloth_root_below_p_kept(void **state)
{
    (void)state;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = BN_new(), *x = BN_new();
    BN_zero(p);
    assert_true(BN_set_bit(p, 1279) && BN_sub_word(p, 1));
    uint64_t s[CGI_SLOTH_LIMBS] = {0}, xs[CGI_SLOTH_LIMBS], mine[CGI_SLOTH_LIMBS], theirs[CGI_SLOTH_LIMBS];
    s[CGI_SLOTH_LIMBS - 1] = 0x7fffffffffffffffULL;
    BIGNUM *sb = NULL;
    for (s[0] = 1;; s[0] += 2) { /* odd: flipping bit 0 keeps the other limbs */
        BN_free(sb);
        sb = bn_of(s);
        if (BN_kronecker(sb, p, ctx) == 1)
            break;
    }
    assert_true(BN_mod_sqr(x, sb, p, ctx));
    limbs_of(x, xs);
    cgi_sloth_root(xs, 1, mine, NULL, NULL);
    assert_true(cgi_sloth_root_bn(xs, 1, theirs));
    assert_memory_equal(mine, theirs, sizeof mine);
    s[0] ^= 1; /* the root is s with its last bit flipped */
    assert_memory_equal(mine, s, sizeof mine);
    BN_free(sb);
    BN_free(x);
    BN_free(p);
    BN_CTX_free(ctx);
}

/* The last solve's figures are that solve's: a text with no gate after a solve leaves none */
static void test_last_figures_reset(void **state)
{
    (void)state;
    cg_pow *p;
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    assert_int_equal(cg_pow_new(&p, &err), CG_OK);
    static const char gate[] = "sha256(XX+abc) == 0";
    assert_int_equal(cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err), CG_OK);
    assert_true(cg_pow_last_candidates(p) >= 1);
    assert_int_not_equal(cg_pow_solve(p, "no gate here", 12, out, sizeof out, &err), CG_OK);
    assert_true(cg_pow_last_candidates(p) == 0);
    assert_true(cg_pow_last_seconds(p) == 0);
    assert_string_equal(cg_pow_last_kind(p), "");
    cg_pow_free(p);
}

/* A free-length answer is checked up to 64 characters; 65 are refused as such */
static void test_check_answer_length(void **state)
{
    (void)state;
    static const char gate[] = "sha256(S + 'k9') starts with 000000";
    char answer[80];
    cg_error err;
    memset(answer, 'a', sizeof answer);
    assert_int_equal(cg_pow_check(gate, strlen(gate), answer, 64, &err), CG_ERR_PROTOCOL);
    assert_string_equal(err.msg, "the sha256 does not match");
    assert_int_equal(cg_pow_check(gate, strlen(gate), answer, 65, &err), CG_ERR_PROTOCOL);
    assert_string_equal(err.msg, "longer than 64 characters");
}

/* cg_pow_answer's solver is its own and freed: the heap is as it was after twenty answers */
static void test_answer_keeps_no_memory(void **state)
{
    (void)state;
    static const char gate[] = "sha256(XX+abc) == 0";
    char out[CG_POW_ANSWER_MAX];
    cg_error err;
    size_t heap = SIZE_MAX;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        assert_int_equal(cg_pow_answer(gate, strlen(gate), out, sizeof out, &err), CG_OK);
        if (round == HEAP_SETTLED)
            heap = heap_in_use();
    }
    if (heap != SIZE_MAX && heap_in_use() != heap)
        fail_msg("the heap grew by %zd bytes over %d answers", (ssize_t)(heap_in_use() - heap),
                 HEAP_ROUNDS - HEAP_SETTLED - 1);
}

static void test_server_gates_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < GATE_KIND_COUNT; i++) {
        const char *kind = GATE_KINDS[i].kind;
        long difficulty = GATE_KINDS[i].difficulty;
        char text[1024], out[CG_POW_ANSWER_MAX];
        cg_error err;
        assert_int_equal(cg_pow_challenge(kind, difficulty, text, sizeof text, &err), CG_OK);
        assert_int_equal(cg_pow_scan(text, strlen(text), &err), 1);
        assert_int_equal(cg_pow_answer(text, strlen(text), out, sizeof out, &err), CG_OK);
        assert_int_equal(cg_pow_check(text, strlen(text), out, strlen(out), &err), CG_OK);
        assert_int_equal(cg_pow_check(text, strlen(text), "nope", 4, &err), CG_ERR_PROTOCOL);
        /* a buffer one byte short of the text and its terminator: refused, never cut */
        size_t need = strlen(text) + 1;
        if (strcmp(kind, "kctf") != 0) { /* kctf's numbers vary in length */
            assert_int_equal(cg_pow_challenge(kind, difficulty, text, need, &err), CG_OK);
            assert_int_equal(cg_pow_challenge(kind, difficulty, text, need - 1, &err), CG_ERR_LIMIT);
        }
        assert_int_equal(cg_pow_challenge(kind, difficulty, text, 16, &err), CG_ERR_LIMIT);
        assert_string_equal(err.msg, "text buffer too small");
        if (strcmp(kind, "kctf") == 0) { /* "s." and nothing after it: no number */
            assert_int_equal(cg_pow_challenge("kctf", 5, text, sizeof text, &err), CG_OK);
            assert_int_equal(cg_pow_check(text, strlen(text), "s.", 2, &err), CG_ERR_PROTOCOL);
            assert_string_equal(err.msg, "not s. followed by base64 of a number");
            /* a number of 161 bytes: past the sloth's 1280 bits (160 bytes), refused */
            char big[400] = "s.";
            for (int k = 0; k < 161 * 4 / 3 + 1; k++) /* '/' is 63: every byte 0xff */
                strcat(big, "/");
            while ((strlen(big) - 2) % 4)
                strcat(big, "=");
            assert_int_equal(cg_pow_check(text, strlen(text), big, strlen(big), &err), CG_ERR_PROTOCOL);
            assert_string_equal(err.msg, "not s. followed by base64 of a number");
        }
    }
    /* a stamp's date: today's passes to the hash check; one whose last digit is five away from
     * today's (the same first five digits) is refused */
    static const char cube[] = "hashcash -mb20 cube";
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    char today[40], stamp[96];
    snprintf(today, sizeof today, "%02d%02d%02d", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday);
    snprintf(stamp, sizeof stamp, "1:20:%s:cube::abc:1", today);
    cg_error said;
    assert_int_equal(cg_pow_check(cube, strlen(cube), stamp, strlen(stamp), &said), CG_ERR_PROTOCOL);
    assert_non_null(strstr(said.msg, "SHA-1 does not start with 20 zero bits"));
    stamp[10] = (char)('0' + (today[5] - '0' + 5) % 10);
    assert_int_equal(cg_pow_check(cube, strlen(cube), stamp, strlen(stamp), &said), CG_ERR_PROTOCOL);
    assert_string_equal(said.msg, "the stamp's date is not within two days of today");
    /* a date of 6, 10 or 12 digits (YYMMDD, then hhmm, then ss); other lengths are no date */
    static const char *const MORE[] = {"", "1200", "120000", "12", "1", "12000", "1a00", "12000x"};
    for (size_t k = 0; k < sizeof MORE / sizeof *MORE; k++) { /* ...and digits only */
        snprintf(stamp, sizeof stamp, "1:20:%s%s:cube::abc:1", today, MORE[k]);
        assert_int_equal(cg_pow_check(cube, strlen(cube), stamp, strlen(stamp), &said), CG_ERR_PROTOCOL);
        bool dated = k < 3;
        if (dated != (strstr(said.msg, "date") == NULL))
            fail_msg("a stamp dated '%s%s': %s", today, MORE[k], said.msg);
    }
    /* two days either side is recent, three is not */
    for (int day = -3; day <= 3; day += 1) {
        time_t then = now + (time_t)day * 86400;
        gmtime_r(&then, &tm);
        snprintf(stamp, sizeof stamp, "1:20:%02d%02d%02d:cube::abc:1", tm.tm_year % 100, tm.tm_mon + 1,
                 tm.tm_mday);
        assert_int_equal(cg_pow_check(cube, strlen(cube), stamp, strlen(stamp), &said), CG_ERR_PROTOCOL);
        bool recent = day >= -2 && day <= 2;
        if (recent != (strstr(said.msg, "date") == NULL))
            fail_msg("a stamp %d days from today: %s", day, said.msg);
    }
    /* a hashcash gate's resource: "cubegod-" and 12 letters and digits */
    char stampgate[1024];
    assert_int_equal(cg_pow_challenge("hashcash", 8, stampgate, sizeof stampgate, &said), CG_OK);
    const char *res = strstr(stampgate, "cubegod-");
    assert_non_null(res);
    assert_int_equal(strspn(res + 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), 12);
    /* a sha256 gate's suffix: 16 letters and digits, whatever the stack held */
    char gate16[1024];
    dirty_stack();
    assert_int_equal(cg_pow_challenge("sha256", 3, gate16, sizeof gate16, &said), CG_OK);
    const char *plus = strchr(gate16, '+');
    assert_non_null(plus);
    assert_int_equal(strspn(plus + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), 16);
    assert_int_equal(plus[17], ')');
    /* a stamp's random field: 16 base-64 digits, as hashcash writes them, whatever the stack held */
    char stamp16[CG_POW_ANSWER_MAX];
    dirty_stack();
    assert_int_equal(cg_pow_answer(cube, strlen(cube), stamp16, sizeof stamp16, &said), CG_OK);
    const char *rand_at = stamp16;
    for (int colons = 0; colons < 5; colons++)
        rand_at = strchr(rand_at, ':') + 1;
    assert_int_equal(strcspn(rand_at, ":"), 16);
    assert_int_equal(strspn(rand_at, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"), 16);
    /* a difficulty past 64 bits is out of range, whatever its low word says */
    static const char wide[] = "solve s.AQAAAAAAAAAF.AQ==";
    assert_int_equal(cg_pow_scan(wide, strlen(wide), &said), 0);
    assert_non_null(strstr(said.msg, "its difficulty or x is out of range"));
    /* a hash's name inside a word is no call */
    assert_int_equal(cg_pow_scan("xsha256(XXXX+abc) == 00", 23, &said), 0);
    /* "pow" on the line is enough to read a kCTF gate without "solve" */
    assert_int_equal(cg_pow_scan("pow: s.AAAB.AAAC", 16, &said), 1);
    /* a gate read to the length given, not to the byte after it */
    static const char cut[] = "solve s.AAAB.AAACDDDD";
    size_t at = strlen("solve s.AAAB.AAAC");
    assert_int_equal(cg_pow_scan(cut, at, &said), 1);
    /* a gate that cannot be read is no answer to check: its reason, not a pass */
    static const char broken[] = "hashcash -mb99 cube";
    cg_error why;
    assert_int_equal(cg_pow_check(broken, strlen(broken), "1:20:261207:cube::abc:1", 24, &why), CG_ERR_INPUT);
    assert_non_null(strstr(why.msg, "its -b is not a number of bits from 1 to 64"));
    char text[1024];
    assert_int_equal(cg_pow_challenge("kctf", 100001, text, sizeof text, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_challenge("sha3", 0, text, sizeof text, NULL), CG_ERR_INPUT);
    assert_int_equal(cg_pow_challenge("sha256", 7, text, sizeof text, NULL), CG_ERR_INPUT);
}

static void test_limits_and_empty_spaces(void **state)
{
    (void)state;
    cg_pow *p;
    cg_error err;
    char out[CG_POW_ANSWER_MAX];
    assert_int_equal(cg_pow_new(&p, &err), CG_OK);
    cg_pow_set_limit(p, 5);
    /* difficulty 4,000,000: hours; refused before it starts, saying how long */
    static const char slow[] = "solve s.PQkA.AQ==";
    assert_int_equal(cg_pow_solve(p, slow, strlen(slow), out, sizeof out, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.msg, "would take about"));
    assert_non_null(strstr(err.msg, "difficulty 4000000"));
    /* two characters, a target no candidate reaches: the whole space, then a clear no */
    static const char none[] = "sha256(XX+abc) == 0000000000000000";
    cg_pow_set_threads(p, 2);
    assert_int_equal(cg_pow_solve(p, none, strlen(none), out, sizeof out, &err), CG_ERR_TOO_LONG);
    assert_non_null(strstr(err.msg, "no candidate of the 3844"));
    /* every candidate counted once: a share's last batch is short (issue 35, item 7: a whole
     * batch of 4096 was added for each, 8192 here) */
    assert_true(cg_pow_last_candidates(p) == 3844);
    /* every worker joined: ten more searches leave no thread's stack behind (8 MB each) */
    long before = mapped_pages();
    for (int k = 0; k < 10; k++)
        assert_int_equal(cg_pow_solve(p, none, strlen(none), out, sizeof out, &err), CG_ERR_TOO_LONG);
    if (before > 0 && (mapped_pages() - before) * sysconf(_SC_PAGESIZE) >= 8L << 20)
        fail_msg("ten searches of 2 threads mapped %ld pages more", mapped_pages() - before);
    static const char nothing[] = "Welcome!";
    assert_int_equal(cg_pow_solve(p, nothing, strlen(nothing), out, sizeof out, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "no proof of work found in the text");
    cg_pow_free(p);
}

/* Refusals by estimate, each message checked for what it must say:
 * - an estimate of 1e143 years keeps its unit (issue 35, item 7: a 48-byte text of 140 digits
 *   of days lost it);
 * - a prefix gate's estimate is half its space of candidates (found on average halfway; the
 *   target's 64 bits would need more): 8 unknowns of 62 characters, 62^8 / 2 = 1.09e+14. */
static void test_estimates_over_the_limit(void **state)
{
    (void)state;
    static const struct {
        const char *gate;
        int limit;
        const char *says[2];
    } cases[] = {
        {"sha512(abc + S) has 500 leading zero bits", 5, {" years (", "over the limit of 5 s"}},
        {"sha256(XXXXXXXX+abc) == 0000000000000000", 1,
         {"(218340105584896 candidates)", "(1.09e+14 candidates at "}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cg_pow *p;
        cg_error err;
        char out[CG_POW_ANSWER_MAX];
        assert_int_equal(cg_pow_new(&p, &err), CG_OK);
        cg_pow_set_limit(p, cases[i].limit);
        const char *gate = cases[i].gate;
        assert_int_equal(cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err),
                         CG_ERR_LIMIT);
        for (int k = 0; k < 2; k++)
            if (!strstr(err.msg, cases[i].says[k]))
                fail_msg("%s: '%s' does not say '%s'", gate, err.msg, cases[i].says[k]);
        /* the rate is measured: no CPU hashes SHA-2 at 500 M/s a thread (a measurement that
         * failed would claim a billion) */
        const char *at = strstr(err.msg, "candidates at ");
        double rate;
        int threads;
        if (at && sscanf(at, "candidates at %lf M/s on %d thread", &rate, &threads) == 2 &&
            (threads < 1 || rate / threads >= 500))
            fail_msg("%s: a rate of %.2f M/s on %d threads", gate, rate, threads);
        cg_pow_free(p);
    }
}

/* serve --pow's difficulties: each kind's range is taken at both ends and refused one past
 * them (the mutation run: check.c:88 '>' -> '>=' survived, key 02b3d79651). */
static void test_challenge_difficulty_edges(void **state)
{
    (void)state;
    static const struct {
        const char *kind;
        long min, max;
    } K[] = {{"sha256", 1, 6}, {"hashcash", 1, 40}};
    char text[512];
    cg_error err;
    for (size_t i = 0; i < sizeof K / sizeof *K; i++) {
        assert_int_equal(cg_pow_challenge(K[i].kind, K[i].min, text, sizeof text, &err), CG_OK);
        assert_int_equal(cg_pow_challenge(K[i].kind, K[i].max, text, sizeof text, &err), CG_OK);
        assert_int_equal(cg_pow_challenge(K[i].kind, K[i].max + 1, text, sizeof text, &err),
                         CG_ERR_INPUT);
        assert_non_null(strstr(err.msg, "is not from"));
        assert_int_equal(cg_pow_challenge(K[i].kind, -1, text, sizeof text, &err), CG_ERR_INPUT);
    }
}

static volatile sig_atomic_t stop_now;

static void *raise_stop(void *arg)
{
    (void)arg;
    usleep(300000);
    stop_now = 1;
    return NULL;
}

/* The stop flag ends a search in progress (issue 35, item 6: Ctrl-C waited for the whole search). */
static void test_stop_flag_ends_a_search(void **state)
{
    (void)state;
    static const char *const GATES[] = {"sha256(abc + S) has 60 leading zero bits",
                                        "pow: solve s.AAGGoA==.AQI="}; /* difficulty 100000 */
    for (size_t i = 0; i < 2; i++) {
        cg_pow *p;
        cg_error err;
        char out[CG_POW_ANSWER_MAX];
        assert_int_equal(cg_pow_new(&p, &err), CG_OK);
        cg_pow_set_threads(p, 2);
        cg_pow_set_stop(p, &stop_now);
        stop_now = 0;
        pthread_t tid;
        assert_int_equal(pthread_create(&tid, NULL, raise_stop, NULL), 0);
        assert_int_equal(cg_pow_solve(p, GATES[i], strlen(GATES[i]), out, sizeof out, &err),
                         CG_ERR_EOF);
        pthread_join(tid, NULL);
        assert_non_null(strstr(err.msg, "stopped by a signal"));
        assert_true(cg_pow_last_seconds(p) < 60); /* stopped, not searched through */
        cg_pow_free(p);
    }
}

/* The solver's own check of a hashcash stamp (cgi_answer_holds): enough zero bits is not
 * enough, the stamp must name the gate's resource (a mutant that dropped that test survived). */
static void test_own_check_wants_the_resource(void **state)
{
    (void)state;
    static const char text[] = "hashcash -mb8 res";
    cgi_gate g;
    bool found;
    cg_error err;
    cgi_gate_read(text, strlen(text), &g, &found, &err);
    assert_true(found);
    for (int resource = 0; resource < 2; resource++) {
        char stamp[64];
        bool made = false;
        for (unsigned k = 0; k < 100000 && !made; k++) {
            snprintf(stamp, sizeof stamp, "1:8:261127:%s::abc:%u", resource ? "res" : "other", k);
            unsigned char md[20];
            unsigned len = 0;
            assert_int_equal(EVP_Digest(stamp, strlen(stamp), md, &len, EVP_sha1(), NULL), 1);
            made = md[0] == 0;
        }
        assert_true(made);
        assert_int_equal(cgi_answer_holds(&g, stamp, &err), resource ? CG_OK : CG_ERR_PROTOCOL);
    }
}

/* The solver's own check takes answers of up to 64 bytes, the longest a search writes: one of 64
 * that meets the gate passes, one of 65 is refused (a mutant that moved the bound to 63 survived). */
static void test_own_check_answer_lengths(void **state)
{
    (void)state;
    static const char text[] = "sha256(nonce + 'xyz') has 4 leading zero bits";
    cgi_gate g;
    bool found;
    cg_error err;
    cgi_gate_read(text, strlen(text), &g, &found, &err);
    assert_true(found);
    for (size_t len = 64; len <= 65; len++) {
        char answer[80], msg[90];
        bool made = false;
        for (unsigned k = 0; k < 100000 && !made; k++) {
            memset(answer, 'a', len);
            snprintf(answer + len - 5, 6, "%05u", k % 100000);
            snprintf(msg, sizeof msg, "%sxyz", answer);
            unsigned char md[32];
            unsigned n = 0;
            assert_int_equal(EVP_Digest(msg, strlen(msg), md, &n, EVP_sha256(), NULL), 1);
            made = (md[0] >> 4) == 0;
        }
        assert_true(made);
        assert_int_equal(strlen(answer), len);
        assert_int_equal(cgi_answer_holds(&g, answer, &err), len <= 64 ? CG_OK : CG_ERR_PROTOCOL);
    }
}

/* A text that looks like a gate but is not read is quoted in the message up to 48 bytes whole,
 * and cut with "..." past that (a mutant quoting 47 survived). */
static void test_near_gate_quote_length(void **state)
{
    (void)state;
    char line[64];
    for (size_t len = 48; len <= 49; len++) {
        memset(line, 'q', sizeof line);
        memcpy(line, "sha256(XXXX+", 12); /* no ')': near a gate, not one */
        line[len] = '\0';
        cg_error err;
        assert_int_equal(cg_pow_scan(line, len, &err), 0);
        assert_int_equal(err.code, CG_ERR_INPUT);
        char want[80];
        snprintf(want, sizeof want, "'%.48s%s' looks like", line, len > 48 ? "..." : "");
        assert_non_null(strstr(err.msg, want));
    }
}

/* Each hash's digest size bounds what its gate reads: a digest of exactly 2 * size hex digits,
 * or 8 * size leading zero bits, is read; one digit or bit more is not a gate of that hash. */
static void test_digest_size_edges(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int size;
    } HASH[] = {{"md5", 16}, {"sha1", 20}, {"sha224", 28}, {"sha256", 32}, {"sha384", 48}, {"sha512", 64}};
    for (size_t h = 0; h < sizeof HASH / sizeof *HASH; h++) {
        for (int more = 0; more <= 1; more++) {
            char text[256], hex[160];
            int digits = 2 * HASH[h].size + more;
            memset(hex, 'f', (size_t)digits);
            hex[digits] = '\0';
            snprintf(text, sizeof text, "%s(XXXX+abc) == %s", HASH[h].name, hex);
            cgi_gate g;
            bool found;
            cg_error err;
            cgi_gate_read(text, strlen(text), &g, &found, &err);
            if (!more) {
                assert_true(found);
                assert_int_equal(g.target_bits, 8 * HASH[h].size);
            } else {
                assert_int_equal(cg_pow_scan(text, strlen(text), &err), 0);
                assert_non_null(strstr(err.msg, "no hex digest follows"));
            }
            snprintf(text, sizeof text, "%s(\"k3y\" + S) has %d leading zero bits", HASH[h].name,
                     8 * HASH[h].size + more);
            cgi_gate_read(text, strlen(text), &g, &found, &err);
            if (!more) {
                assert_true(found);
                assert_int_equal(g.target_bits, 8 * HASH[h].size);
            } else {
                assert_int_equal(cg_pow_scan(text, strlen(text), &err), 0);
                assert_non_null(strstr(err.msg, "leading zeros cannot be read"));
            }
        }
    }
}

/* The known part is kept up to 255 bytes (its buffer's size less the NUL); 256 is refused. */
static void test_known_part_edge(void **state)
{
    (void)state;
    for (size_t len = 255; len <= 256; len++) {
        char text[400];
        int n = snprintf(text, sizeof text, "sha256(XXXX+");
        memset(text + n, 'k', len);
        snprintf(text + n + len, sizeof text - (size_t)n - len, ") == 00ff");
        cgi_gate g;
        bool found;
        cg_error err;
        if (len == 255) {
            cgi_gate_read(text, strlen(text), &g, &found, &err);
            assert_true(found);
            assert_int_equal(g.known_len, 255);
            assert_int_equal(strlen(g.known), 255);
        } else {
            assert_int_equal(cg_pow_scan(text, strlen(text), &err), 0);
            assert_non_null(strstr(err.msg, "longer than 255 bytes"));
        }
    }
}

/* base64 padding: '=' only at the end, and a second-to-last '=' only before a last one. */
static void test_b64_padding(void **state)
{
    (void)state;
    uint64_t v[CGI_SLOTH_LIMBS];
    assert_true(cgi_b64_number("AQI=", 4, v));
    assert_true(v[0] == 0x0102);
    assert_true(cgi_b64_number("AQ==", 4, v));
    assert_true(v[0] == 1);
    assert_false(cgi_b64_number("AQ=I", 4, v));
    assert_false(cgi_b64_number("A=I=", 4, v));
    assert_false(cgi_b64_number("A===", 4, v));
    assert_false(cgi_b64_number("=AQI", 4, v));
}

/* kCTF's verifier squares y xor 1 modulo p whatever its size, so y' with y' xor 1 = m + p, m the
 * root's larger representative, is a right answer: its square passes 2^2559, the fold's carry. */
static void test_sloth_check_folds_a_big_root(void **state)
{
    (void)state;
    static const char gate[] = "pow: solve s.AAAAAw==.AQI=";
    char out[CG_POW_ANSWER_MAX], big[CG_POW_ANSWER_MAX];
    cg_error err;
    assert_int_equal(cg_pow_answer(gate, strlen(gate), out, sizeof out, &err), CG_OK);
    uint64_t y[CGI_SLOTH_LIMBS], x[CGI_SLOTH_LIMBS], m[CGI_SLOTH_LIMBS];
    number_of(out, y);
    assert_true(cgi_b64_number("AQI=", 4, x));
    y[0] ^= 1; /* r = y xor 1, in [0, p) */
    unsigned __int128 c = 0;
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++) { /* p - r */
        uint64_t pl = i == CGI_SLOTH_LIMBS - 1 ? 0x7fffffffffffffffULL : ~0ULL;
        c = (unsigned __int128)pl - y[i] - (uint64_t)c;
        m[i] = (uint64_t)c;
        c = (c >> 64) ? 1 : 0;
    }
    if (m[CGI_SLOTH_LIMBS - 1] < y[CGI_SLOTH_LIMBS - 1])
        memcpy(m, y, sizeof m); /* the larger of r and p - r: at least p / 2 */
    c = 0;
    for (int i = 0; i < CGI_SLOTH_LIMBS; i++) { /* m + p */
        uint64_t pl = i == CGI_SLOTH_LIMBS - 1 ? 0x7fffffffffffffffULL : ~0ULL;
        c += (unsigned __int128)m[i] + pl;
        m[i] = (uint64_t)c;
        c >>= 64;
    }
    assert_true(c == 0);
    assert_true(m[CGI_SLOTH_LIMBS - 1] >= 0xb504f333f9de6484ULL); /* m + p > 2^1279.5 */
    m[0] ^= 1;
    assert_true(cgi_sloth_check(x, 3, m));
    memcpy(big, "s.", 2);
    cgi_number_b64(m, big + 2, sizeof big - 2);
    assert_int_equal(cg_pow_check(gate, strlen(gate), big, strlen(big), &err), CG_OK);
    m[2] ^= 8;
    assert_false(cgi_sloth_check(x, 3, m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sloth_published_vectors),
        cmocka_unit_test(test_sloth_bignum_agrees),
        cmocka_unit_test(test_number_b64_room),
        cmocka_unit_test(test_durations),
        cmocka_unit_test(test_hash_prefix_vectors),
        cmocka_unit_test(test_hashcash_published_stamp),
        cmocka_unit_test(test_readers),
        cmocka_unit_test(test_english_is_not_a_gate),
        cmocka_unit_test(test_unknown_first_zero_gates),
        cmocka_unit_test(test_either_end_and_sentences),
        cmocka_unit_test(test_gates_refused_with_the_reason),
        cmocka_unit_test(test_one_bit_short_is_refused),
        cmocka_unit_test(test_one_zero_bit),
        cmocka_unit_test(test_read_within_length),
        cmocka_unit_test(test_kinds_named),
        cmocka_unit_test(test_sloth_refuses_y_plus_p),
        cmocka_unit_test(test_estimates_over_the_limit),
        cmocka_unit_test(test_own_check_wants_the_resource),
        cmocka_unit_test(test_own_check_answer_lengths),
        cmocka_unit_test(test_near_gate_quote_length),
        cmocka_unit_test(test_challenge_difficulty_edges),
        cmocka_unit_test(test_stop_flag_ends_a_search),
        cmocka_unit_test(test_server_gates_round_trip),
        cmocka_unit_test(test_answer_keeps_no_memory),
        cmocka_unit_test(test_answer_fits_or_is_refused),
        cmocka_unit_test(test_check_answer_length),
        cmocka_unit_test(test_last_figures_reset),
        cmocka_unit_test(test_sloth_root_below_p_kept),
        cmocka_unit_test(test_limits_and_empty_spaces),
        cmocka_unit_test(test_digest_size_edges),
        cmocka_unit_test(test_known_part_edge),
        cmocka_unit_test(test_b64_padding),
        cmocka_unit_test(test_sloth_check_folds_a_big_root),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
