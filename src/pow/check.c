/* The server's side: a fresh gate of each kind, and the check of an answer against the text
 * of a gate (read back by the same readers the client uses; tests/pow/gate_server.py is the
 * independent check). */
#include "pow/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/rand.h>

static cg_status random_alnum(char *out, size_t n, cg_error *err)
{
    uint8_t raw[64];
    if (n > sizeof raw || RAND_bytes(raw, (int)n) != 1)
        return cg_fail(err, CG_ERR_SYSTEM, "no random bytes for the proof of work");
    for (size_t i = 0; i < n; i++)
        out[i] = cgi_alnum[raw[i] % 62]; /* a slight bias: harmless in a practice gate */
    out[n] = '\0';
    return CG_OK;
}

/* Whether snprintf's n bytes and the terminator fitted cap. */
static cg_status fits(int n, size_t cap, cg_error *err)
{
    return n > 0 && (size_t)n < cap ? CG_OK : cg_fail(err, CG_ERR_LIMIT, "text buffer too small");
}

static cg_status sha256_gate(long k, char *text, size_t cap, cg_error *err)
{
    char secret[8], suffix[17], hex[65], xs[8];
    uint8_t md[32];
    unsigned len = 0;
    cg_status st = random_alnum(secret, (size_t)k, err);
    if (st == CG_OK)
        st = random_alnum(suffix, 16, err);
    if (st != CG_OK)
        return st;
    char msg[32];
    snprintf(msg, sizeof msg, "%s%s", secret, suffix);
    if (EVP_Digest(msg, strlen(msg), md, &len, EVP_sha256(), NULL) != 1)
        return cg_fail(err, CG_ERR_SYSTEM, "sha256 failed");
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    memset(xs, 'X', (size_t)k);
    xs[k] = '\0';
    int n = snprintf(text, cap, "sha256(%s+%s) == %s\nGive me %s: ", xs, suffix, hex, xs);
    return fits(n, cap, err);
}

static cg_status hashcash_gate(long bits, char *text, size_t cap, cg_error *err)
{
    char rnd[13];
    cg_status st = random_alnum(rnd, 12, err);
    if (st != CG_OK)
        return st;
    int n = snprintf(text, cap, "Proof of work required. Run:\n  hashcash -mb%ld cubegod-%s\n"
                     "and send the stamp: ", bits, rnd);
    return fits(n, cap, err);
}

static cg_status kctf_gate(long difficulty, char *text, size_t cap, cg_error *err)
{
    uint64_t d[CGI_SLOTH_LIMBS] = {(uint64_t)difficulty}, x[CGI_SLOTH_LIMBS] = {0};
    if (RAND_bytes((unsigned char *)x, 16) != 1)
        return cg_fail(err, CG_ERR_SYSTEM, "no random bytes for the proof of work");
    char db[16], xb[64];
    cgi_number_b64(d, db, sizeof db);
    cgi_number_b64(x, xb, sizeof xb);
    int n = snprintf(text, cap, "== proof-of-work: enabled ==\nplease solve a pow first\n"
                     "You can run the solver with:\n    python3 <(curl -sSL "
                     "https://goo.gle/kctf-pow) solve s.%s.%s\n===================\n\n"
                     "Solution? ", db, xb);
    return fits(n, cap, err);
}

cg_status cg_pow_challenge(const char *kind, long difficulty, char *text, size_t cap,
                           cg_error *err)
{
    static const struct {
        const char *name;
        long def, min, max;
        cg_status (*make)(long, char *, size_t, cg_error *);
    } KINDS[] = {{"sha256", 4, 1, 6, sha256_gate},
                 {"hashcash", 20, 1, 40, hashcash_gate},
                 {"kctf", 1337, 1, 100000, kctf_gate}};
    for (size_t i = 0; kind && i < sizeof KINDS / sizeof *KINDS; i++) {
        if (strcmp(kind, KINDS[i].name) != 0)
            continue;
        long d = difficulty ? difficulty : KINDS[i].def;
        if (d < KINDS[i].min || d > KINDS[i].max)
            return cg_fail(err, CG_ERR_INPUT, "%s: difficulty %ld is not from %ld to %ld", kind,
                           difficulty, KINDS[i].min, KINDS[i].max);
        return KINDS[i].make(d, text, cap, err);
    }
    return cg_fail(err, CG_ERR_INPUT, "no proof of work '%s' (sha256, hashcash, kctf)",
                   kind ? kind : "");
}

/* A stamp's date (YYMMDD, YYMMDDhhmm or YYMMDDhhmmss, UTC) within two days of now. */
static bool recent(const char *date, size_t n)
{
    if (n != 6 && n != 10 && n != 12)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)date[i]))
            return false;
    time_t now = time(NULL);
    for (int day = -2; day <= 2; day++) {
        time_t t = now + (time_t)day * 86400;
        struct tm tm;
        char want[40];
        gmtime_r(&t, &tm);
        snprintf(want, sizeof want, "%02d%02d%02d", tm.tm_year % 100, tm.tm_mon + 1, tm.tm_mday);
        if (memcmp(want, date, 6) == 0)
            return true;
    }
    return false;
}

static cg_status check_stamp(const cgi_gate *g, const char *a, size_t n, cg_error *err)
{
    const char *f[8];
    size_t len[8], nf = 0, s = 0;
    for (size_t i = 0; i <= n && nf < 8; i++)
        if (i == n || a[i] == ':') {
            f[nf] = a + s;
            len[nf++] = i - s;
            s = i + 1;
        }
    if (nf != 7 || len[0] != 1 || a[0] != '1')
        return cg_fail(err, CG_ERR_PROTOCOL, "not a version-1 hashcash stamp "
                       "(1:BITS:DATE:RESOURCE:EXT:RAND:COUNTER)");
    if (len[1] > 3 || atoi(f[1]) < g->bits)
        return cg_fail(err, CG_ERR_PROTOCOL, "the stamp claims fewer than %d bits", g->bits);
    if (len[3] != g->known_len || memcmp(f[3], g->known, g->known_len) != 0)
        return cg_fail(err, CG_ERR_PROTOCOL, "the stamp is for another resource");
    if (!recent(f[2], len[2]))
        return cg_fail(err, CG_ERR_PROTOCOL, "the stamp's date is not within two days of today");
    if (!cgi_hash_meets(g, a, n))
        return cg_fail(err, CG_ERR_PROTOCOL, "the stamp's SHA-1 does not start with %d zero bits",
                       g->bits);
    return CG_OK;
}

cg_status cg_pow_check(const char *text, size_t len, const char *answer, size_t alen,
                       cg_error *err)
{
    cgi_gate g;
    bool found;
    cgi_gate_read(text, len, &g, &found, err);
    if (!found)
        return cgi_no_gate(err);
    while (alen && isspace((unsigned char)answer[alen - 1]))
        alen--;
    while (alen && isspace((unsigned char)answer[0]))
        answer++, alen--;
    if (g.kind == CGI_GATE_SLOTH) {
        uint64_t y[CGI_SLOTH_LIMBS];
        if (alen < 3 || memcmp(answer, "s.", 2) != 0 || !cgi_b64_number(answer + 2, alen - 2, y))
            return cg_fail(err, CG_ERR_PROTOCOL, "not s. followed by base64 of a number");
        return cgi_sloth_check(g.x, g.difficulty, y)
                   ? CG_OK : cg_fail(err, CG_ERR_PROTOCOL, "the solution does not square back");
    }
    if (g.kind == CGI_GATE_HASHCASH)
        return check_stamp(&g, answer, alen, err);
    if (g.kind == CGI_GATE_PREFIX && alen != (size_t)g.unknown_len)
        return cg_fail(err, CG_ERR_PROTOCOL, "%zu characters, not %d", alen, g.unknown_len);
    if (alen > 64)
        return cg_fail(err, CG_ERR_PROTOCOL, "longer than 64 characters");
    char msg[CGI_KNOWN_MAX + 64];
    if (g.unknown_first) {
        memcpy(msg, answer, alen);
        memcpy(msg + alen, g.known, g.known_len);
    } else {
        memcpy(msg, g.known, g.known_len);
        memcpy(msg + g.known_len, answer, alen);
    }
    return cgi_hash_meets(&g, msg, alen + g.known_len)
               ? CG_OK : cg_fail(err, CG_ERR_PROTOCOL, "the %s does not match", cgi_hash_name(g.hash));
}

/* ---- the solver's own answers, checked before they leave (cg_pow_solve) ---- */

/* The digest by OpenSSL's one-shot EVP call, compared bit by bit here: none of the search's
 * midstates, batches or comparison. */
static bool digest_meets(const cgi_gate *g, const void *msg, size_t n)
{
    const EVP_MD *md = g->hash == CGI_MD5      ? EVP_md5()
                       : g->hash == CGI_SHA1   ? EVP_sha1()
                       : g->hash == CGI_SHA224 ? EVP_sha224()
                       : g->hash == CGI_SHA256 ? EVP_sha256()
                       : g->hash == CGI_SHA384 ? EVP_sha384()
                                               : EVP_sha512();
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned len = 0;
    int to = g->target_from + g->target_bits;
    if (EVP_Digest(msg, n, d, &len, md, NULL) != 1 || (int)len * 8 < to)
        return false;
    for (int b = g->target_from; b < to; b++)
        if (((d[b / 8] ^ g->target[b / 8]) >> (7 - b % 8)) & 1)
            return false;
    return true;
}

cg_status cgi_answer_holds(const cgi_gate *g, const char *answer, cg_error *err)
{
    size_t n = strlen(answer);
    bool ok;
    if (g->kind == CGI_GATE_SLOTH) {
        uint64_t y[CGI_SLOTH_LIMBS];
        ok = n > 2 && memcmp(answer, "s.", 2) == 0 && cgi_b64_number(answer + 2, n - 2, y) &&
             cgi_sloth_check(g->x, g->difficulty, y);
    } else if (g->kind == CGI_GATE_HASHCASH) {
        char want[CGI_KNOWN_MAX + 8];
        snprintf(want, sizeof want, ":%s:", g->known);
        ok = strstr(answer, want) != NULL && digest_meets(g, answer, n);
    } else {
        char msg[CGI_KNOWN_MAX + 64];
        ok = n <= 64 && (g->kind != CGI_GATE_PREFIX || n == (size_t)g->unknown_len);
        if (ok) {
            memcpy(msg, g->unknown_first ? answer : g->known, g->unknown_first ? n : g->known_len);
            memcpy(msg + (g->unknown_first ? n : g->known_len), g->unknown_first ? g->known : answer,
                   g->unknown_first ? g->known_len : n);
            ok = digest_meets(g, msg, n + g->known_len);
        }
    }
    if (ok)
        return CG_OK;
    return cg_fail(err, CG_ERR_PROTOCOL, "the answer '%.80s' was checked before sending and does "
                   "not meet the gate as read (%s); nothing is sent", answer,
                   g->kind == CGI_GATE_SLOTH ? "it does not square back" : cgi_hash_name(g->hash));
}
