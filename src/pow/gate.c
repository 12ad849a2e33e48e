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
                size_t digits;
                if (k + 1 < tok.n) {
                    digits = tok.n - k - 1;
                    snprintf(num, sizeof num, "%.*s", (int)digits, tok.p + k + 1);
                } else { /* -b 20 */
                    while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
                        i++;
                    size_t v = i;
                    while (i < l.n && isdigit((unsigned char)l.p[i]))
                        i++;
                    digits = i - v;
                    snprintf(num, sizeof num, "%.*s", (int)digits, l.p + v);
                }
                char *end;
                long b = strtol(num, &end, 10);
                /* a number the copy would cut is refused, not read as its first digits */
                if (!num[0] || *end || digits >= sizeof num || b < 1 || b > 64)
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

/* The start of the hex digits at i (quotes and blanks before skipped); *end their end (0
 * digits: a word that is not hex, "deadbeefz"). */
static size_t hex_run(span l, size_t i, int max_digits, size_t *end)
{
    while (i < l.n && strchr(" \t'\":`(", l.p[i]))
        i++;
    size_t s = i;
    while (i < l.n && isxdigit((unsigned char)l.p[i]) && (int)(i - s) < max_digits)
        i++;
    *end = i < l.n && word_char(l.p[i]) ? s : i;
    return s;
}

/* n hex digits at p into the gate's target, the first at the digest's digit `at`. */
static void set_target(cgi_gate *g, const char *p, size_t n, int at)
{
    memset(g->target, 0, sizeof g->target);
    for (size_t k = 0; k < n; k++) {
        int v = isdigit((unsigned char)p[k]) ? p[k] - '0' : tolower((unsigned char)p[k]) - 'a' + 10;
        size_t d = (size_t)at + k;
        g->target[d / 2] |= (uint8_t)(v << (d % 2 ? 0 : 4));
    }
    g->target_from = 4 * at;
    g->target_bits = (int)n * 4;
}

/* Hex digits at i (quotes and blanks before skipped) into the gate's target: the digest's first
 * digits, or with at_end its last. How many (0: none). */
static size_t read_hex(span l, size_t i, cgi_gate *g, int max_digits, bool at_end)
{
    size_t e, s = hex_run(l, i, max_digits, &e);
    if (e > s)
        set_target(g, l.p + s, e - s, at_end ? max_digits - (int)(e - s) : 0);
    return e - s;
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

/* A slice's bound at l.p[*i] ("-5", "20", ""): *v, false when none is written. */
static bool slice_bound(span l, size_t *i, long *v)
{
    bool neg = *i < l.n && l.p[*i] == '-';
    size_t s = *i + (neg ? 1 : 0), e = s;
    while (e < l.n && isdigit((unsigned char)l.p[e]))
        e++;
    if (e == s)
        return false;
    long n = read_digits(l, s, 100000);
    *v = neg ? -n : n;
    *i = e;
    return true;
}

/* "[A:B]" at l.p[*i] (Python's slice of the hex digest, either bound left out or negative):
 * the digits kept, [*from, *to) of `digits`. 0 when there is none, -1 when it is not one. */
static int read_slice(span l, size_t *i, int digits, int *from, int *to)
{
    if (*i >= l.n || l.p[*i] != '[')
        return 0;
    size_t k = *i + 1;
    long a = 0, b = digits;
    bool has_a = slice_bound(l, &k, &a);
    if (k >= l.n || l.p[k] != ':')
        return -1; /* "[3]": one character, not a slice */
    k++;
    slice_bound(l, &k, &b);
    if (k >= l.n || l.p[k] != ']')
        return -1;
    (void)has_a;
    /* as Python reads them: negative from the end, then clamped to the digest */
    a = a < 0 ? a + digits : a;
    b = b < 0 ? b + digits : b;
    a = a < 0 ? 0 : a > digits ? digits : a;
    b = b < 0 ? 0 : b > digits ? digits : b;
    *from = (int)a;
    *to = (int)(b > a ? b : a);
    *i = k + 1;
    return 1;
}

/* "5 zeros", "6 zero hex digits", "20 leading zero bits", "4 trailing zeroes" at l.p[i]: the
 * number of bits (0: not a count of zeros); *end after it. */
static int zero_count(span l, size_t i, int max_bits, const char **why)
{
    while (i < l.n && strchr(" \t'\"`", l.p[i]))
        i++;
    size_t s = i;
    while (i < l.n && isdigit((unsigned char)l.p[i]))
        i++;
    /* "5 zeros", and "5zeros" as a hurried author writes it; "5x" is no count */
    if (i == s || (i < l.n && word_char(l.p[i]) && find_ci(l, i, "zero") != (long)i))
        return 0;
    long n = read_digits(l, s, 100000);
    size_t w = i;
    while (w < l.n && (l.p[w] == ' ' || l.p[w] == '\t'))
        w++;
    span rest = {l.p + w, l.n - w};
    /* a word that may come between the number and "zero" */
    static const char *const BEFORE[] = {"leading ", "trailing "};
    size_t at = 0;
    for (size_t k = 0; k < sizeof BEFORE / sizeof *BEFORE; k++)
        if (find_ci(rest, 0, BEFORE[k]) == 0) {
            at = strlen(BEFORE[k]);
            break;
        }
    if (find_ci(rest, at, "zero") != (long)at && find_ci(rest, at, "0s") != (long)at &&
        find_ci(rest, at, "0's") != (long)at && find_ci(rest, at, "\"0\"") != (long)at &&
        find_ci(rest, at, "'0'") != (long)at)
        return 0;
    /* bits only when the word right after says so ("zero bits"); else hex digits */
    long space = find_ci(rest, at, " "); /* the word after "zeros" */
    bool bits = space >= 0 && find_ci(rest, (size_t)space + 1, "bit") == space + 1;
    long total = bits ? n : 4 * n;
    if (n < 1 || total > max_bits) {
        *why = "the number of zeros is not from 1 to the digest's length";
        return -1;
    }
    return (int)total;
}

/* The target for a run of zero bits: the first `bits` of the digest, or with at_end its last. */
static void zero_target(cgi_gate *g, int bits, int digest_bits, bool at_end)
{
    memset(g->target, 0, sizeof g->target);
    g->target_bits = bits;
    g->target_from = at_end ? digest_bits - bits : 0;
}

/* The earliest of "starts with", "startswith(", "begins with" (start) or "ends with",
 * "endswith(" (end) at or after i: its end, *at_end which; -1 when none. */
static long find_with(span l, size_t i, bool *at_end)
{
    static const struct {
        const char *w;
        bool end;
    } W[] = {{"starts with", false}, {"startswith(", false}, {"begins with", false},
             {"start with", false},  {"begin with", false},  {"ends with", true},
             {"endswith(", true},    {"end with", true}};
    long best = -1;
    for (size_t k = 0; k < sizeof W / sizeof *W; k++) {
        long at = find_ci(l, i, W[k].w);
        if (at >= 0 && (best < 0 || at + (long)strlen(W[k].w) < best)) {
            best = at + (long)strlen(W[k].w);
            *at_end = W[k].end;
        }
    }
    return best;
}

/* What the digest must be: "== hex" (its start, or a slice of it), "starts with hex",
 * "ends with hex", "N leading zero bits", "starts with N zeros". */
#define WHY_MAX 160

static const char *read_target(span l, size_t after, cgi_gate *g, char why[WHY_MAX])
{
    int digits = 2 * cgi_hash_size(g->hash);
    size_t i = after;
    static const char *const SKIP[] = {".hexdigest()", ".digest()", ".hex()"};
    for (size_t k = 0; k < sizeof SKIP / sizeof *SKIP; k++)
        if (find_ci(l, i, SKIP[k]) == (long)i)
            i += strlen(SKIP[k]);
    int from = 0, to = digits;
    int slice = read_slice(l, &i, digits, &from, &to);
    if (slice < 0)
        return "its [...] after the digest is not a slice [A:B]";
    while (i < l.n && isspace((unsigned char)l.p[i]))
        i++;
    if (i < l.n && l.p[i] == '=') {
        i += i + 1 < l.n && l.p[i + 1] == '=' ? 2 : 1;
        size_t e, s = hex_run(l, i, digits, &e);
        if (e == s)
            return "no hex digest follows '=='";
        if (slice && (int)(e - s) != to - from) {
            snprintf(why, WHY_MAX,
                     "no digest can meet it: the slice keeps %d of %s's %d hex digits, and "
                     "'==' gives %d",
                     to - from, cgi_hash_name(g->hash), digits, (int)(e - s));
            return why;
        }
        set_target(g, l.p + s, e - s, from);
        return NULL;
    }
    if (slice)
        return "a slice of the digest must be compared with '== hex'";
    bool at_end = false;
    long at = find_with(l, i, &at_end);
    if (at >= 0) {
        const char *why = NULL;
        int zeros = zero_count(l, (size_t)at, 8 * cgi_hash_size(g->hash), &why);
        if (zeros < 0)
            return why;
        if (zeros > 0) {
            zero_target(g, zeros, 8 * cgi_hash_size(g->hash), at_end);
            return NULL;
        }
        return read_hex(l, (size_t)at, g, digits, at_end) ? NULL
               : at_end ? "no hex digits follow 'ends with'" : "no hex digits follow 'starts with'";
    }
    long zero = find_ci(l, i, " leading zero");
    bool trailing = false;
    if (zero < 0 && (zero = find_ci(l, i, " trailing zero")) >= 0)
        trailing = true;
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
        zero_target(g, total, 8 * cgi_hash_size(g->hash), trailing);
        return NULL;
    }
    return "it says neither '== hex', 'starts with hex', 'ends with hex' nor 'N leading zero "
           "bits'";
}

/* Whether l.p[at] starts word w (any case) that ends there: "prefix" in "prefix = " but not in
 * "prefixes". */
static bool word_at(span l, size_t at, span w)
{
    if (at + w.n > l.n || (at > 0 && word_char(l.p[at - 1])) ||
        (at + w.n < l.n && word_char(l.p[at + w.n])))
        return false;
    for (size_t k = 0; k < w.n; k++)
        if (tolower((unsigned char)l.p[at + k]) != tolower((unsigned char)w.p[k]))
            return false;
    return true;
}

/* The length of a Python string literal's prefix at s (b'k9', r"k9", rb'k9', f'k9': one or two
 * of b r u f, either case, right before a quote); 0 when there is none. */
static size_t string_prefix(span s)
{
    size_t n = 0;
    while (n < 2 && n < s.n && strchr("brufBRUF", s.p[n]) && s.p[n] != '\0')
        n++;
    return n > 0 && n < s.n && (s.p[n] == '\'' || s.p[n] == '"') ? n : 0;
}

/* The value the text gives a name ("prefix = 'k9'", "prefix: k9", "the prefix is 'k9'"),
 * anywhere in it (the gate's sentence often names a part whose value comes on another line):
 * true with *v set; a bare value after "is" is not taken ("prefix is given below"). */
static bool defined(span text, span name, span *v)
{
    if (name.n == 0)
        return false;
    for (size_t at = 0; at + name.n <= text.n; at++) {
        if (!word_at(text, at, name))
            continue;
        size_t i = at + name.n;
        while (i < text.n && (text.p[i] == ' ' || text.p[i] == '\t'))
            i++;
        bool is = false;
        if (i + 1 < text.n && text.p[i] == ':' && text.p[i + 1] == '=')
            i += 2;
        else if (i < text.n && (text.p[i] == ':' || text.p[i] == '=') &&
                 !(i + 1 < text.n && text.p[i + 1] == '='))
            i++;
        else if (i + 2 < text.n && word_at(text, i, (span){"is", 2}))
            i += 2, is = true;
        else
            continue;
        while (i < text.n && (text.p[i] == ' ' || text.p[i] == '\t'))
            i++;
        i += string_prefix((span){text.p + i, text.n - i}); /* b'k9': the quotes hold it */
        size_t s = i;
        if (i < text.n && strchr("'\"`", text.p[i])) {
            const char *q = memchr(text.p + i + 1, text.p[i], text.n - i - 1);
            const char *nl = memchr(text.p + i + 1, '\n', text.n - i - 1);
            if (!q || (nl && nl < q) || q == text.p + i + 1)
                continue;
            *v = (span){text.p + i + 1, (size_t)(q - text.p) - i - 1};
            return true;
        }
        if (is)
            continue;
        while (i < text.n && !isspace((unsigned char)text.p[i]))
            i++;
        while (i > s && strchr(",.;)", text.p[i - 1]))
            i--;
        if (i > s) {
            *v = (span){text.p + s, i - s};
            return true;
        }
    }
    return false;
}

/* The names that always stand for a value given elsewhere, never for themselves. */
static bool value_name(span s)
{
    static const char *const NAMES[] = {"prefix", "challenge"};
    for (size_t i = 0; i < sizeof NAMES / sizeof *NAMES; i++)
        if (s.n == strlen(NAMES[i]) && find_ci(s, 0, NAMES[i]) == 0)
            return true;
    return false;
}

static bool identifier(span s)
{
    if (s.n == 0 || isdigit((unsigned char)s.p[0]))
        return false;
    for (size_t i = 0; i < s.n; i++)
        if (!word_char(s.p[i]))
            return false;
    return true;
}

/* Where the two parts of the hashed text are: l.p[open .. close) with the '+' (or '||') at
 * plus; after: where the target's words start. */
typedef struct parts {
    size_t open, plus, plus_len, close, after;
} parts;

/* The first '+' (or "||") outside quotes in l.p[from .. to); 0 when none. */
static size_t find_plus(span l, size_t from, size_t to, size_t *len)
{
    char quote = 0;
    for (size_t i = from; i < to; i++) {
        char c = l.p[i];
        if (quote)
            quote = c == quote ? 0 : quote;
        else if (c == '"' || c == '\'')
            quote = c;
        else if (c == '+' || (c == '|' && i + 1 < to && l.p[i + 1] == '|')) {
            *len = c == '+' ? 1 : 2;
            return i;
        }
    }
    return 0;
}

/* "sha256 of A + B starts with ...", "the sha1 hash of prefix + X has ...": the parts run
 * from "of" to the first word of the target outside quotes. 0 when the line is not so. */
static int read_of(span l, size_t i, parts *pt)
{
    static const char *const BETWEEN[] = {" hash of ", " digest of ", " hexdigest of ", " of "};
    size_t open = 0;
    for (size_t k = 0; k < sizeof BETWEEN / sizeof *BETWEEN && !open; k++)
        if (find_ci(l, i, BETWEEN[k]) == (long)i)
            open = i + strlen(BETWEEN[k]);
    if (!open)
        return 0;
    static const char *const ENDS[] = {" starts", " begins", " start ", " begin ", " ends",
                                       " end ", " has ", " have ", "==", " must ", " should ",
                                       " is ", " equals", ","};
    char quote = 0;
    for (size_t e = open; e < l.n; e++) {
        char c = l.p[e];
        if (quote) {
            quote = c == quote ? 0 : quote;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            continue;
        }
        for (size_t k = 0; k < sizeof ENDS / sizeof *ENDS; k++)
            if (find_ci(l, e, ENDS[k]) == (long)e) {
                pt->open = open;
                pt->close = e;
                pt->after = e;
                pt->plus = find_plus(l, open, e, &pt->plus_len);
                return pt->plus ? 1 : 0;
            }
    }
    return 0;
}

/* "sha256(A + B)", "sha256((A + B).encode())": 1 with the parts, 0 when not a call, -1 with
 * the reason in *why when it looks like one and is not. */
static int read_parens(span l, size_t i, parts *pt, const char **why)
{
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
    if (i >= l.n) {
        *why = "its parenthesis is not closed";
        return hinted ? -1 : 0;
    }
    if (!plus) {
        bool claims = find_ci(l, i, "==") >= 0 || find_ci(l, i, "start") >= 0 ||
                      find_ci(l, i, "leading zero") >= 0;
        *why = "the hashed text is not two parts joined by '+'";
        return claims ? -1 : 0;
    }
    size_t after = i + 1;
    for (int outer = depth; outer > 0 && after < l.n; after++) /* past ".encode())" */
        outer += l.p[after] == '(' ? 1 : l.p[after] == ')' ? -1 : 0;
    *pt = (parts){open, plus, plus_len, i, after < l.n ? after : l.n};
    return 1;
}

/* A part of the hashed text: unquoted, and a name given a value elsewhere in the text (or in
 * the lines before it, context) replaced by it (then counted as quoted: a value). A name that
 * usually stands for the unknown (salt, nonce) is looked up only when the other part stands for
 * it too (`salt: k9` and sha1(salt + X): salt is known). false when it is a name that must have
 * a value (prefix) and the text gives none. */
static bool part_value(span text, span context, span other, span *p, bool *quoted)
{
    span v;
    bool other_unknown = x_run(other) || unknown_name(other);
    if (*quoted || !identifier(*p) || x_run(*p) || (unknown_name(*p) && !other_unknown))
        return true;
    if (defined(text, *p, &v) || defined(context, *p, &v)) {
        *p = v;
        *quoted = true;
        return true;
    }
    return !value_name(*p);
}

#define NEAR 1024

static int read_call(span l, const span text[2], size_t at, const char *name, cgi_hash hash, cgi_gate *g,
                     cg_error *err)
{
    size_t i = at + strlen(name);
    while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
        i++;
    parts pt = {0}; /* read_parens and read_of fill it only when they find parts */
    const char *bad = NULL;
    int r = read_parens(l, i, &pt, &bad);
    if (r < 0)
        return looks_like(err, l, bad);
    if (r == 0 && read_of(l, at + strlen(name), &pt) == 0)
        return 0;
    bool q1, q2;
    span a = unquote(trim((span){l.p + pt.open, pt.plus - pt.open}), &q1);
    span b = unquote(trim((span){l.p + pt.plus + pt.plus_len, pt.close - pt.plus - pt.plus_len}),
                     &q2);
    /* names are looked up within NEAR bytes of the line (play keeps as much of the lines
     * before it): a long text of many calls stays linear */
    size_t from = (size_t)(l.p - text[0].p), to = from + l.n;
    from = from > NEAR ? from - NEAR : 0;
    to = text[0].n - to > NEAR ? to + NEAR : text[0].n;
    span near = {text[0].p + from, to - from};
    span a0 = q1 ? (span){"", 0} : a, b0 = q2 ? (span){"", 0} : b; /* as written */
    if (!part_value(near, text[1], b0, &a, &q1) || !part_value(near, text[1], a0, &b, &q2))
        return looks_like(err, l, "its known part is a name the text gives no value for");
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
    char why[WHY_MAX];
    const char *no = read_target(l, pt.after, g, why);
    if (no)
        return looks_like(err, l, no);
    return 1;
}

/* Every hash call on the line: one that does not parse ("We keep sha256(flag) == ...") leaves
 * the calls after it a chance; the first near miss is kept in err. */
static int read_hash(span l, const span text[2], cgi_gate *g, cg_error *err)
{
    int near = 0;
    for (size_t at = 0; at < l.n; at++) {
        if (at > 0 && isalnum((unsigned char)l.p[at - 1]))
            continue;
        for (size_t h = 0; h < NHASHES; h++)
            if (find_ci((span){l.p + at, l.n - at}, 0, HASHES[h].name) == 0) {
                cg_error e;
                int r = read_call(l, text, at, HASHES[h].name, HASHES[h].hash, g, &e);
                if (r > 0)
                    return r;
                if (r < 0 && !near++ && err)
                    *err = e;
                break;
            }
    }
    return near ? -1 : 0;
}

void cgi_gate_read(const char *text, size_t len, cgi_gate *g, bool *found, cg_error *err)
{
    cgi_gate_read_in(text, len, NULL, 0, g, found, err);
}

void cgi_gate_read_in(const char *text, size_t len, const char *context, size_t clen, cgi_gate *g,
                      bool *found, cg_error *err)
{
    const span where[2] = {{text, len}, {context ? context : "", context ? clen : 0}};
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
            int h = read_hash(l, where, g, r < 0 ? NULL : &why);
            r = h != 0 ? h : r;
        }
        if (r > 0) {
            if (err)
                *err = (cg_error){CG_OK, ""};
            *found = true;
            return;
        }
        if (r < 0 && !near && err)
            *err = why;
        near = near || r < 0;
    }
}

cg_status cgi_no_gate(cg_error *err)
{
    if (err && err->code != CG_OK)
        return cg_error_prefix(CG_ERR_INPUT, err, "not read as a gate: ");
    return cg_fail(err, CG_ERR_INPUT, "no proof of work found in the text");
}
