/* Reply rules: the questions a server asks around each cube, and what to answer (dialogue.h). */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cubegod/dialogue.h"
#include "engine/engine.h"

typedef struct rule {
    char written[CG_REPLY_TEXT_MAX + 1];
    char text[CG_REPLY_TEXT_MAX + 1]; /* what is looked for, escapes undone */
    char send[CG_REPLY_TEXT_MAX + 1];
    cg_phase phase;
    bool re, opening;
    regex_t rx;
} rule;

struct cg_replies {
    int n;
    rule r[CG_REPLIES_MAX];
};

static const char *const PHASES[] = {"any", "start", "cube", "answered"};

const char *cg_phase_name(cg_phase p)
{
    return (unsigned)p < 4 ? PHASES[p] : "?";
}

cg_status cg_replies_new(cg_replies **out, cg_error *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? CG_OK : cg_fail(err, CG_ERR_NOMEM, "out of memory for reply rules");
}

void cg_replies_free(cg_replies *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n; i++)
        if (r->r[i].re)
            regfree(&r->r[i].rx);
    free(r);
}

/* A leading lower-case word and ':' is a phase: its length (word only), or 0. */
static size_t phase_word(const char *s)
{
    size_t k = 0;
    while (s[k] >= 'a' && s[k] <= 'z')
        k++;
    return k > 0 && s[k] == ':' ? k : 0;
}

static bool printable(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 && *s != '\t')
            return false;
    return true;
}

/* TEXT up to the first '=' not escaped by '\', escapes undone into out; the '=' or NULL. */
static const char *split_text(const char *s, char *out)
{
    size_t k = 0;
    for (; *s; s++) {
        if (s[0] == '\\' && s[1] == '=') {
            out[k++] = '=';
            s++;
        } else if (*s == '=') {
            out[k] = '\0';
            return s;
        } else {
            out[k++] = *s;
        }
    }
    out[k] = '\0';
    return NULL;
}

/* How many copies of its pieces a regular expression asks regcomp for: glibc builds 'a+' as
 * 'aa*' and 'a{m,n}' as n copies, nested ones multiplying ("re:^|\xab++++...+" from fuzz_replies
 * took longer than 10 s and all the memory; "c*" and 12 '+', 4096 copies, 10 s: regcomp's
 * closures grow faster than the copies). The product over every '+' (2) and interval (its
 * largest count) bounds it from above, whether they nest or follow each other; 1024 copies
 * compile in a few ms. A repetition of a repetition ("a?++", found next) is refused outright. */
#define REGEX_COPIES_MAX 1024.0
static double regex_copies(const char *re)
{
    double copies = 1;
    bool in_bracket = false;
    for (const char *s = re; *s && copies <= REGEX_COPIES_MAX; s++) {
        if (in_bracket) {
            in_bracket = *s != ']';
        } else if (*s == '\\' && s[1]) {
            s++;
        } else if (*s == '[') {
            in_bracket = true;
            if (s[1] == '^')
                s++;
            if (s[1] == ']') /* "[]...]": a ']' first is a member */
                s++;
        } else if ((*s == '+' || *s == '*' || *s == '?' || *s == '{') && s > re &&
                   strchr("+*?}", s[-1]) && (s - 1 == re || s[-2] != '\\')) {
            return REGEX_COPIES_MAX + 1; /* "a?+", "a++": stacked, undefined in POSIX, and
                                            each makes regcomp's closures explode */
        } else if (*s == '+') {
            copies *= 2;
        } else if (*s == '{') {
            double most = 1;
            for (s++; *s && *s != '}'; s++) {
                double v = 0;
                while (*s >= '0' && *s <= '9' && v <= REGEX_COPIES_MAX)
                    v = v * 10 + (*s++ - '0');
                most = v > most ? v : most;
                if (*s == '}' || !*s)
                    break;
            }
            copies *= most + 1;
            if (!*s)
                break;
        }
    }
    return copies;
}

static cg_status bad(cg_error *err, const char *rule, const char *why)
{
    return cg_fail(err, CG_ERR_INPUT, "reply rule '%.*s': %s", 120, rule, why);
}

cg_status cg_replies_add(cg_replies *r, const char *spec, cg_error *err)
{
    if (strlen(spec) > CG_REPLY_TEXT_MAX)
        return bad(err, spec, "longer than 256 bytes");
    if (!printable(spec))
        return bad(err, spec, "a control character (write the rule on one line)");
    if (r->n == CG_REPLIES_MAX)
        return bad(err, spec, "more than 64 rules");
    rule *x = &r->r[r->n];
    memset(x, 0, sizeof *x);
    snprintf(x->written, sizeof x->written, "%s", spec);
    const char *s = spec;
    size_t w = phase_word(s);
    if (w == 2 && strncmp(s, "re", 2) == 0)
        w = 0; /* "re:" alone: a regular expression in any phase */
    if (w) {
        int p = -1;
        for (int i = 0; i < 4; i++)
            if (strlen(PHASES[i]) == w && strncmp(s, PHASES[i], w) == 0)
                p = i;
        if (p < 0) {
            char why[CG_REPLY_TEXT_MAX + 160];
            snprintf(why, sizeof why, "unknown phase '%.*s' (start, cube, answered or any; to "
                     "look for the text '%.*s:' write any:%.*s:...)",
                     (int)w, s, (int)w, s, (int)w, s);
            return bad(err, spec, why);
        }
        x->phase = (cg_phase)p;
        s += w + 1;
    }
    if (strncmp(s, "re:", 3) == 0) {
        x->re = true;
        s += 3;
    }
    const char *eq = split_text(s, x->text);
    if (!eq)
        return bad(err, spec, "no '=' between the text and what to send (TEXT=SEND)");
    snprintf(x->send, sizeof x->send, "%s", eq + 1);
    x->opening = x->text[0] == '\0';
    if (x->opening && x->re)
        return bad(err, spec, "an empty regular expression (an opening line is written start:=SEND)");
    if (x->opening && x->phase != CG_PHASE_ANY && x->phase != CG_PHASE_START)
        return bad(err, spec, "an empty text is an opening line, sent before anything arrives: "
                              "its phase is start");
    if (x->re && regex_copies(x->text) > REGEX_COPIES_MAX)
        return bad(err, spec, "a regular expression that repeats too much (its '+' and {m,n} "
                              "would make more than 1024 copies, or one repeats another: write a repetition once)");
    if (x->re) {
        int rc = regcomp(&x->rx, x->text, REG_EXTENDED | REG_NOSUB);
        if (rc != 0) {
            char why[160] = "a bad regular expression: ";
            size_t k = strlen(why);
            regerror(rc, &x->rx, why + k, sizeof why - k);
            return bad(err, spec, why);
        }
    }
    r->n++;
    return CG_OK;
}

cg_status cg_replies_add_text(cg_replies *r, const char *text, size_t len, cg_error *err)
{
    if (memchr(text, '\0', len))
        return cg_fail(err, CG_ERR_INPUT, "a NUL byte: reply rules are text");
    int lineno = 0;
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) : len, a = at, b = end;
        lineno++;
        at = end + 1;
        while (a < b && (text[a] == ' ' || text[a] == '\t'))
            a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r'))
            b--;
        if (a == b || text[a] == '#')
            continue;
        if (b - a > CG_REPLY_TEXT_MAX)
            return cg_fail(err, CG_ERR_INPUT, "line %d: reply rule '%.40s...': longer than 256 "
                           "bytes", lineno, text + a);
        char one[CG_REPLY_TEXT_MAX + 1];
        memcpy(one, text + a, b - a);
        one[b - a] = '\0';
        if (cg_replies_add(r, one, err) != CG_OK)
            return cg_error_prefix(CG_ERR_INPUT, err, "line %d: ", lineno);
    }
    return CG_OK;
}

int cg_replies_count(const cg_replies *r)
{
    return r ? r->n : 0;
}

static bool contains(const char *s, size_t n, const char *what)
{
    size_t k = strlen(what);
    for (size_t i = 0; k <= n && i <= n - k; i++)
        if (memcmp(s + i, what, k) == 0)
            return true;
    return false;
}

/* The line as regexec reads it: whole, NUL-terminated, each NUL in it made 0x01 (a byte no rule
 * can write, so '.' and [^...] step over it and the text after it is still seen). Lines up to
 * 4 KiB use the caller's buffer, longer ones (the tube takes up to 1 MiB) the heap; NULL when
 * that fails. */
static char *regex_subject(const char *line, size_t n, char *small, size_t cap)
{
    char *s = n < cap ? small : malloc(n + 1);
    if (!s)
        return NULL;
    for (size_t i = 0; i < n; i++)
        s[i] = line[i] ? line[i] : '\x01';
    s[n] = '\0';
    return s;
}

/* Whether rule x matches the n bytes of s (subject: s as regex_subject makes it, made on first
 * use into *made from small; false when there is no memory for it). */
static bool matches(const rule *x, const char *s, size_t n, char *small, size_t cap, char **made)
{
    if (!x->re)
        return contains(s, n, x->text);
    if (!*made && !(*made = regex_subject(s, n, small, cap)))
        return false; /* no memory for a copy of a long line: this rule cannot be judged */
    return regexec(&x->rx, *made, 0, NULL, 0) == 0;
}

/* The line as a terminal shows it (escapes and control bytes left out), into small or the
 * heap; NULL when it shows as it is, or there is no memory for it. */
static char *shown(const char *line, size_t n, char *small, size_t cap, size_t *len)
{
    size_t i = 0;
    while (i < n && ((unsigned char)line[i] >= 0x20 && line[i] != 0x7f))
        i++;
    if (i == n)
        return NULL;
    char *v = n < cap ? small : malloc(n + 1);
    if (!v)
        return NULL;
    cgi_visible_text(line, n, v, n + 1);
    *len = strlen(v);
    return v;
}

int cg_replies_match(const cg_replies *r, int from, cg_phase p, const char *line, size_t n)
{
    if (!r)
        return -1;
    /* each rule against the line's bytes, then against what a terminal shows of them: a rule
       copied from the screen matches a question in colour */
    char small[4096], vsmall[4096], vsub[4096], *subject = NULL, *seen = NULL, *vsubject = NULL;
    size_t vlen = 0;
    bool looked = false;
    int found = -1;
    for (int i = from < 0 ? 0 : from; i < r->n && found < 0; i++) {
        const rule *x = &r->r[i];
        if (x->opening || (x->phase != CG_PHASE_ANY && x->phase != p))
            continue;
        if (matches(x, line, n, small, sizeof small, &subject)) {
            found = i;
            continue;
        }
        if (!looked) {
            seen = shown(line, n, vsmall, sizeof vsmall, &vlen);
            looked = true;
        }
        if (seen && matches(x, seen, vlen, vsub, sizeof vsub, &vsubject))
            found = i;
    }
    if (subject != small)
        free(subject);
    if (vsubject != vsub)
        free(vsubject);
    if (seen != vsmall)
        free(seen);
    return found;
}

static const rule *at(const cg_replies *r, int i)
{
    return r && i >= 0 && i < r->n ? &r->r[i] : NULL;
}

const char *cg_replies_send(const cg_replies *r, int i)
{
    return at(r, i) ? at(r, i)->send : NULL;
}

const char *cg_replies_rule(const cg_replies *r, int i)
{
    return at(r, i) ? at(r, i)->written : NULL;
}

cg_phase cg_replies_phase(const cg_replies *r, int i)
{
    return at(r, i) ? at(r, i)->phase : CG_PHASE_ANY;
}

bool cg_replies_opening(const cg_replies *r, int i)
{
    return at(r, i) ? at(r, i)->opening : false;
}
