/* Reading a gate from text: the sloth token, a hashcash command line, a hash call. Each reader
 * looks at one line at a time (a gate is written on one line everywhere it was seen), so what a
 * game prints around it never joins in. */
#include "pow/internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char cgi_alnum[63] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

static const struct {
    const char *name;
    cgi_hash hash;
    int size;
} HASHES[] = {{"sha512", CGI_SHA512, 64}, {"sha384", CGI_SHA384, 48}, {"sha256", CGI_SHA256, 32},
              {"sha224", CGI_SHA224, 28}, {"sha1", CGI_SHA1, 20},     {"md5", CGI_MD5, 16}};
#define NHASHES (sizeof HASHES / sizeof *HASHES)

/* Kept short: the message holds the line too, in CG_ERROR_MSG_MAX. */
#define KINDS_KNOWN "known: H(XXXX+s) == hex, H(p+S) starts with hex or has N zero bits, " \
                    "hashcash -mbN R, solve s.D.X"

const char *cgi_hash_name(cgi_hash h)
{
    for (size_t i = 0; i < NHASHES; i++)
        if (HASHES[i].hash == h)
            return HASHES[i].name;
    return "?";
}

int cgi_hash_size(cgi_hash h)
{
    for (size_t i = 0; i < NHASHES; i++)
        if (HASHES[i].hash == h)
            return HASHES[i].size;
    return 0;
}

/* A line of text, as a bounded view. */
typedef struct span {
    const char *p;
    size_t n;
} span;

static bool word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }
static bool b64_char(char c) { return isalnum((unsigned char)c) || c == '+' || c == '/' || c == '='; }

/* Offset of word (lower case) in l at or after from, case-insensitive, or -1. */
static long find_ci(span l, size_t from, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = from; i + w <= l.n; i++) {
        size_t k = 0;
        while (k < w && tolower((unsigned char)l.p[i + k]) == word[k])
            k++;
        if (k == w)
            return (long)i;
    }
    return -1;
}

/* "the text 'sha256(XXXX+ab' ...": the line, shortened, for messages. */
static cg_status looks_like(cg_error *err, span l, const char *why)
{
    size_t n = l.n;
    while (n && isspace((unsigned char)l.p[n - 1]))
        n--;
    size_t s = 0;
    while (s < n && isspace((unsigned char)l.p[s]))
        s++;
    int show = (int)(n - s > 48 ? 48 : n - s);
    return cg_fail(err, CG_ERR_INPUT, "'%.*s%s' looks like a proof of work, but %s (%s)", show,
                   l.p + s, n - s > 48 ? "..." : "", why, KINDS_KNOWN);
}

/* ---- kCTF / redpwn: s.DIFFICULTY.X ---- */

static int read_sloth(span l, cgi_gate *g, cg_error *err)
{
    bool asked = find_ci(l, 0, "solve s.") >= 0 || find_ci(l, 0, "sh -s s.") >= 0;
    if (!asked && find_ci(l, 0, "pow") < 0 && find_ci(l, 0, "solve") < 0)
        return 0;
    for (size_t i = 0; i + 2 < l.n; i++) {
        if (l.p[i] != 's' || l.p[i + 1] != '.' || (i > 0 && !strchr(" \t'\"`(", l.p[i - 1])))
            continue;
        size_t a = i + 2, b = a;
        while (b < l.n && b64_char(l.p[b]))
            b++;
        if (b == a || b >= l.n || l.p[b] != '.')
            continue;
        size_t c = b + 1, d = c;
        while (d < l.n && b64_char(l.p[d]))
            d++;
        uint64_t diff[CGI_SLOTH_LIMBS];
        memset(g, 0, sizeof *g);
        g->kind = CGI_GATE_SLOTH;
        if (!cgi_b64_number(l.p + a, b - a, diff) || !cgi_b64_number(l.p + c, d - c, g->x))
            return looks_like(err, l, "its s.DIFFICULTY.X is not base64 of two numbers");
        for (int k = 1; k < CGI_SLOTH_LIMBS; k++)
            if (diff[k] || (k == CGI_SLOTH_LIMBS - 1 && g->x[k] >> 63))
                return looks_like(err, l, "its difficulty or x is out of range");
        if (diff[0] == 0 || diff[0] > 0xffffffffULL)
            return looks_like(err, l, "its difficulty is not from 1 to 4294967295");
        g->difficulty = (uint32_t)diff[0];
        return 1;
    }
    return asked ? looks_like(err, l, "no s.DIFFICULTY.X follows") : 0;
}

/* ---- hashcash -mb20 RESOURCE ---- */

static int read_hashcash(span l, cgi_gate *g, cg_error *err)
{
    long at = find_ci(l, 0, "hashcash ");
    if (at < 0 || (at > 0 && word_char(l.p[at - 1])))
        return 0;
    size_t i = (size_t)at + 9;
    int bits = 20; /* hashcash's own default */
    bool option = false;
    char resource[CGI_KNOWN_MAX] = "";
    while (i < l.n && !resource[0]) {
        while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
            i++;
        size_t s = i;
        while (i < l.n && !isspace((unsigned char)l.p[i]))
            i++;
        if (i == s)
            break;
        span tok = {l.p + s, i - s};
        if (tok.p[0] == '-') {
            option = true;
            for (size_t k = 1; k < tok.n; k++) {
                if (tok.p[k] != 'b')
                    continue;
                char num[16] = "";
                if (k + 1 < tok.n) {
                    snprintf(num, sizeof num, "%.*s", (int)(tok.n - k - 1), tok.p + k + 1);
                } else { /* -b 20 */
                    while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
                        i++;
                    size_t v = i;
                    while (i < l.n && isdigit((unsigned char)l.p[i]))
                        i++;
                    snprintf(num, sizeof num, "%.*s", (int)(i - v), l.p + v);
                }
                char *end;
                long b = strtol(num, &end, 10);
                if (!num[0] || *end || b < 1 || b > 64)
                    return looks_like(err, l, "its -b is not a number of bits from 1 to 64");
                bits = (int)b;
                break;
            }
            continue;
        }
        if (!option)
            return 0; /* "hashcash is ...": prose, not a command line */
        while (tok.n && strchr("'\"`", tok.p[tok.n - 1]))
            tok.n--;
        while (tok.n && strchr("'\"`", tok.p[0]))
            tok.p++, tok.n--;
        if (tok.n == 0 || tok.n >= sizeof resource || memchr(tok.p, ':', tok.n))
            return looks_like(err, l, "its resource is empty, too long or holds ':'");
        memcpy(resource, tok.p, tok.n);
        resource[tok.n] = '\0';
    }
    if (!resource[0])
        return option ? looks_like(err, l, "no resource follows the options") : 0;
    memset(g, 0, sizeof *g);
    g->kind = CGI_GATE_HASHCASH;
    g->hash = CGI_SHA1;
    g->bits = bits;
    g->target_bits = bits;
    g->known_len = strlen(resource);
    memcpy(g->known, resource, g->known_len + 1);
    return 1;
}

/* ---- hash(XXXX + known) == hex, hash(known + S) starts with ... ---- */

static span trim(span s)
{
    while (s.n && isspace((unsigned char)s.p[0]))
        s.p++, s.n--;
    while (s.n && isspace((unsigned char)s.p[s.n - 1]))
        s.n--;
    return s;
}

/* Strips one pair of quotes (and a b before them); *quoted says whether there were. */
static span unquote(span s, bool *quoted)
{
    *quoted = false;
    if (s.n >= 3 && (s.p[0] == 'b' || s.p[0] == 'B') && (s.p[1] == '"' || s.p[1] == '\''))
        s.p++, s.n--;
    if (s.n >= 2 && (s.p[0] == '"' || s.p[0] == '\'') && s.p[s.n - 1] == s.p[0]) {
        *quoted = true;
        s.p++, s.n -= 2;
    }
    return s;
}

static int x_run(span s)
{
    if (s.n == 0 || s.n > CGI_UNKNOWN_MAX)
        return 0;
    for (size_t i = 0; i < s.n; i++)
        if (s.p[i] != s.p[0] || !strchr("X?*", s.p[i]))
            return 0;
    return (int)s.n;
}

static bool unknown_name(span s)
{
    static const char *const NAMES[] = {"s", "x", "?", "input", "your_input", "answer", "nonce",
                                        "str", "string", "suffix", "salt", "data"};
    for (size_t i = 0; i < sizeof NAMES / sizeof *NAMES; i++)
        if (s.n == strlen(NAMES[i]) && find_ci(s, 0, NAMES[i]) == 0)
            return true;
    return false;
}

/* Hex digits at s (quotes and blanks before skipped) into the gate's target. */
static size_t read_hex(span l, size_t i, cgi_gate *g, int max_digits)
{
    while (i < l.n && strchr(" \t'\":`", l.p[i]))
        i++;
    size_t s = i;
    while (i < l.n && isxdigit((unsigned char)l.p[i]) && (int)(i - s) < max_digits)
        i++;
    if (i < l.n && word_char(l.p[i]))
        return 0; /* "deadbeefz": not a hex string */
    memset(g->target, 0, sizeof g->target);
    for (size_t k = s; k < i; k++) {
        int v = isdigit((unsigned char)l.p[k]) ? l.p[k] - '0' : tolower((unsigned char)l.p[k]) - 'a' + 10;
        g->target[(k - s) / 2] |= (uint8_t)(v << ((k - s) % 2 ? 0 : 4));
    }
    g->target_bits = (int)(i - s) * 4;
    return i - s;
}

/* The number whose digits start at l.p[from] (none: 0), read within the span (it is not
 * NUL-terminated: atoi read past the end of a text ending in "[:6", found by fuzz_pow); digits
 * stop being added once it reaches cap, so a digit flood cannot overflow. */
static int read_digits(span l, size_t from, int cap)
{
    int n = 0;
    for (size_t k = from; k < l.n && isdigit((unsigned char)l.p[k]) && n < cap; k++)
        n = n * 10 + (l.p[k] - '0');
    return n;
}

/* What the digest must be: "== hex", "starts with hex", "N leading zero bits". */
static const char *read_target(span l, size_t after, cgi_gate *g)
{
    int digits = 2 * cgi_hash_size(g->hash);
    size_t i = after;
    static const char *const SKIP[] = {".hexdigest()", ".digest()", ".hex()"};
    for (size_t k = 0; k < sizeof SKIP / sizeof *SKIP; k++)
        if (find_ci(l, i, SKIP[k]) == (long)i)
            i += strlen(SKIP[k]);
    int slice = 0;
    if (i + 2 < l.n && l.p[i] == '[' && l.p[i + 1] == ':') {
        slice = read_digits(l, i + 2, 1000);
        while (i < l.n && l.p[i] != ']')
            i++;
        i++;
    }
    while (i < l.n && isspace((unsigned char)l.p[i]))
        i++;
    if (i < l.n && l.p[i] == '=') {
        i += i + 1 < l.n && l.p[i + 1] == '=' ? 2 : 1;
        size_t got = read_hex(l, i, g, digits);
        if (got == 0 || (slice && (int)got != slice))
            return "no hex digest follows '=='";
        return NULL;
    }
    long at = find_ci(l, i, "starts with");
    at = at >= 0 ? at + 11 : find_ci(l, i, "startswith(") >= 0 ? find_ci(l, i, "startswith(") + 11
                     : find_ci(l, i, "begins with") >= 0 ? find_ci(l, i, "begins with") + 11 : -1;
    if (at >= 0)
        return read_hex(l, (size_t)at, g, digits) ? NULL : "no hex digits follow 'starts with'";
    long zero = find_ci(l, i, " leading zero");
    if (zero < 0)
        zero = find_ci(l, i, " zero bit");
    if (zero >= 0) {
        size_t e = (size_t)zero;
        size_t s = e;
        while (s > i && isdigit((unsigned char)l.p[s - 1]))
            s--;
        int n = read_digits(l, s, 10000); /* the digits end at e, before " leading zero" */
        bool bits = find_ci(l, (size_t)zero, "bit") >= 0;
        int total = bits ? n : 4 * n;
        if (n < 1 || total > 8 * cgi_hash_size(g->hash))
            return "the number of leading zeros cannot be read";
        memset(g->target, 0, sizeof g->target);
        g->target_bits = total;
        return NULL;
    }
    return "it says neither '== hex', 'starts with hex' nor 'N leading zero bits'";
}

static int read_call(span l, size_t at, const char *name, cgi_hash hash, cgi_gate *g, cg_error *err)
{
    size_t i = at + strlen(name);
    while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
        i++;
    if (i >= l.n || l.p[i] != '(')
        return 0;
    size_t open = ++i;
    char quote = 0;
    size_t plus = 0, plus_len = 0;
    int depth = 0;
    /* "((XXXX + 'abc').encode())": the inner parentheses hold the parts */
    if (i < l.n && l.p[i] == '(')
        open = ++i, depth = 1;
    for (; i < l.n && (quote || l.p[i] != ')' || depth > 1); i++) {
        char c = l.p[i];
        if (quote) {
            quote = c == quote ? 0 : quote;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '(' || c == ')') {
            depth += c == '(' ? 1 : -1;
        } else if (!plus && (c == '+' || (c == '|' && i + 1 < l.n && l.p[i + 1] == '|'))) {
            plus = i;
            plus_len = c == '+' ? 1 : 2;
        }
    }
    span whole = {l.p + open, i - open};
    bool hinted = plus || find_ci(whole, 0, "xxxx") >= 0;
    if (i >= l.n)
        return hinted ? looks_like(err, l, "its parenthesis is not closed") : 0;
    if (!plus) {
        bool claims = find_ci(l, i, "==") >= 0 || find_ci(l, i, "start") >= 0 ||
                      find_ci(l, i, "leading zero") >= 0;
        return claims ? looks_like(err, l, "the hashed text is not two parts joined by '+'") : 0;
    }
    bool q1, q2;
    span a = unquote(trim((span){l.p + open, plus - open}), &q1);
    span b = unquote(trim((span){l.p + plus + plus_len, i - plus - plus_len}), &q2);
    memset(g, 0, sizeof *g);
    g->hash = hash;
    span known;
    /* "sha256(X + \"k9\")": one letter beside a quoted part is a name, not a run of one */
    bool named = q1 != q2 && x_run(q1 ? b : a) == 1;
    if (!named && (x_run(a) || x_run(b))) {
        g->unknown_first = x_run(a) > 0;
        g->unknown_len = g->unknown_first ? x_run(a) : x_run(b);
        known = g->unknown_first ? b : a;
        g->kind = CGI_GATE_PREFIX;
    } else {
        g->kind = CGI_GATE_ZEROS;
        if (q1 != q2)
            g->unknown_first = q2;
        else if (unknown_name(a) != unknown_name(b))
            g->unknown_first = unknown_name(a);
        else
            return looks_like(err, l, "which of its two parts is the unknown cannot be told");
        known = g->unknown_first ? b : a;
    }
    if (known.n >= sizeof g->known)
        return looks_like(err, l, "its known part is longer than 255 bytes");
    memcpy(g->known, known.p, known.n);
    g->known_len = known.n;
    size_t after = i + 1;
    for (int outer = depth; outer > 0 && after < l.n; after++) /* past ".encode())" */
        outer += l.p[after] == '(' ? 1 : l.p[after] == ')' ? -1 : 0;
    const char *why = read_target(l, after < l.n ? after : l.n, g);
    if (why)
        return looks_like(err, l, why);
    return 1;
}

/* Every hash call on the line: one that does not parse ("We keep sha256(flag) == ...") leaves
 * the calls after it a chance; the first near miss is kept in err. */
static int read_hash(span l, cgi_gate *g, cg_error *err)
{
    int near = 0;
    for (size_t at = 0; at < l.n; at++) {
        if (at > 0 && isalnum((unsigned char)l.p[at - 1]))
            continue;
        for (size_t h = 0; h < NHASHES; h++)
            if (find_ci((span){l.p + at, l.n - at}, 0, HASHES[h].name) == 0) {
                cg_error e;
                int r = read_call(l, at, HASHES[h].name, HASHES[h].hash, g, &e);
                if (r > 0)
                    return r;
                if (r < 0 && !near++ && err)
                    *err = e;
                break;
            }
    }
    return near ? -1 : 0;
}

cg_status cgi_gate_read(const char *text, size_t len, cgi_gate *g, bool *found, cg_error *err)
{
    *found = false;
    bool near = false;
    if (err)
        *err = (cg_error){CG_OK, ""};
    for (size_t s = 0; s < len;) {
        const char *nl = memchr(text + s, '\n', len - s);
        size_t e = nl ? (size_t)(nl - text) : len;
        span l = {text + s, e - s};
        s = e + 1;
        if (l.n > CGI_GATE_LINE_MAX) /* each hash call is read to the line's end: bounded */
            continue;
        cg_error why;
        int r = read_sloth(l, g, &why);
        if (r <= 0) {
            int h = read_hashcash(l, g, r < 0 ? NULL : &why);
            r = h != 0 ? h : r;
        }
        if (r <= 0) {
            int h = read_hash(l, g, r < 0 ? NULL : &why);
            r = h != 0 ? h : r;
        }
        if (r > 0) {
            if (err)
                *err = (cg_error){CG_OK, ""};
            *found = true;
            return CG_OK;
        }
        if (r < 0 && !near && err)
            *err = why;
        near = near || r < 0;
    }
    return CG_OK;
}

cg_status cgi_no_gate(cg_error *err)
{
    if (err && err->code != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "not read as a gate: ");
    return cg_fail(err, CG_ERR_INPUT, "no proof of work found in the text");
}
