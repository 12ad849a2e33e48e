/* The proof-of-work API (pow.h): read the gate, estimate, refuse or answer. */
#include "pow/internal.h"
#include "pow/context.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/rand.h>

struct cg_pow {
    int threads; /* 0: every online core */
    double limit;
    cg_pow_notice_fn notice;
    void *notice_ctx;
    char kind[160];
    double seconds, candidates;
    /* progress of the solve in hand */
    struct timespec start;
    double next_notice;
    const char *unit;
    const volatile sig_atomic_t *stop; /* cg_pow_set_stop */
};

static double since(const struct timespec *a)
{
    struct timespec b;
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (double)(b.tv_sec - a->tv_sec) + (double)(b.tv_nsec - a->tv_nsec) / 1e9;
}

cg_status cg_pow_new(cg_pow **out, cg_error *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? CG_OK : cg_fail(err, CG_ERR_NOMEM, "no memory for a proof-of-work solver");
}

void cg_pow_free(cg_pow *p) { free(p); }

void cg_pow_set_threads(cg_pow *p, int threads)
{
    p->threads = threads < 0 ? 0 : threads > 256 ? 256 : threads;
}

void cg_pow_set_limit(cg_pow *p, double seconds) { p->limit = seconds > 0 ? seconds : 0; }

void cg_pow_set_notice(cg_pow *p, cg_pow_notice_fn fn, void *ctx)
{
    p->notice = fn;
    p->notice_ctx = ctx;
}

const char *cg_pow_last_kind(const cg_pow *p) { return p->kind; }
double cg_pow_last_seconds(const cg_pow *p) { return p->seconds; }
double cg_pow_last_candidates(const cg_pow *p) { return p->candidates; }

static int threads_of(const cg_pow *p)
{
    if (p->threads > 0)
        return p->threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

static void say(cg_pow *p, const char *fmt, double a, double b)
{
    if (!p->notice)
        return;
    char text[256];
    snprintf(text, sizeof text, fmt, p->kind, a, b);
    p->notice(p->notice_ctx, text);
}

void cg_pow_set_stop(cg_pow *p, const volatile sig_atomic_t *flag) { p->stop = flag; }

static bool stopping(const cg_pow *p) { return p->stop && *p->stop; }

/* Progress once a second, from the first second on; false once the stop flag is up. */
static bool tick(void *ctx, double done)
{
    cg_pow *p = ctx;
    if (stopping(p))
        return false;
    double t = since(&p->start);
    if (t < p->next_notice)
        return true;
    p->next_notice = floor(t) + 1;
    if (strcmp(p->unit, "steps") == 0) /* a sloth root */
        say(p, "%s: step %.0f, %.1f s", done, t);
    else
        say(p, "%s: %.0f candidates, %.1f s", done, t);
    return true;
}

void cgi_duration(double s, char *out, size_t cap)
{
    if (s < 10)
        snprintf(out, cap, "about %.2g s", s);
    else if (s < 120) /* %.2g wrote 110 s as 1.1e+02 */
        snprintf(out, cap, "about %.0f s", s);
    else if (s < 7200)
        snprintf(out, cap, "about %.0f minutes", s / 60);
    else if (s < 86400 * 3)
        snprintf(out, cap, "about %.1f hours", s / 3600);
    else if (s < 86400 * 365.0 * 3)
        snprintf(out, cap, "about %.0f days", s / 86400);
    else
        snprintf(out, cap, "about %.3g years", s / (86400 * 365.0));
}

static cg_status over_limit(cg_pow *p, double expect, const char *how, cg_error *err)
{
    char d[48];
    cgi_duration(expect, d, sizeof d);
    if (p->notice && expect > 1 && (p->limit == 0 || expect <= p->limit)) {
        char text[320];
        snprintf(text, sizeof text, "%s: %s expected (%s)", p->kind, d, how);
        p->notice(p->notice_ctx, text);
    }
    if (p->limit > 0 && expect > p->limit)
        return cg_fail(err, CG_ERR_LIMIT, "%s would take %s (%s), over the limit of %g s", p->kind,
                       d, how, p->limit);
    return CG_OK;
}

static cg_status solve_sloth(cg_pow *p, const cgi_gate *g, char *out, size_t cap, cg_error *err)
{
    snprintf(p->kind, sizeof p->kind, "sloth (kCTF/redpwn), difficulty %u", g->difficulty);
    double step = cgi_sloth_step_seconds();
    char how[96];
    snprintf(how, sizeof how, "%.2f ms a step on one core", step * 1e3);
    cg_status st = over_limit(p, step * g->difficulty, how, err);
    if (st != CG_OK)
        return st;
    if (cap < 2 + 220)
        return cg_fail(err, CG_ERR_LIMIT, "the answer needs %d bytes, the buffer has %zu", 222, cap);
    uint64_t y[CGI_SLOTH_LIMBS];
    p->unit = "steps";
    if (!cgi_sloth_root(g->x, g->difficulty, y, tick, p))
        return cg_fail(err, CG_ERR_EOF, "%s: stopped by a signal", p->kind);
    memcpy(out, "s.", 2);
    cgi_number_b64(y, out + 2, cap - 2);
    return CG_OK;
}

/* The hashcash stamp up to its counter: 1:BITS:YYMMDD:RESOURCE::RAND: */
static cg_status stamp_head(const cgi_gate *g, char *head, size_t cap, size_t *len, cg_error *err)
{
    uint8_t raw[16];
    char rnd[17];
    if (RAND_bytes(raw, sizeof raw) != 1)
        return cg_fail(err, CG_ERR_SYSTEM, "no random bytes for the hashcash stamp");
    for (size_t i = 0; i < 16; i++) /* 96 bits, as hashcash writes them: base-64 digits */
        rnd[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[raw[i] & 63];
    rnd[16] = '\0';
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    int n = snprintf(head, cap, "1:%d:%02d%02d%02d:%s::%s:", g->bits, tm.tm_year % 100,
                     tm.tm_mon + 1, tm.tm_mday, g->known, rnd);
    *len = (size_t)n;
    return CG_OK;
}

static cg_status solve_hash(cg_pow *p, const cgi_gate *g, char *out, size_t cap, cg_error *err)
{
    const char *name = cgi_hash_name(g->hash);
    double space, expect = ldexp(1, g->target_bits);
    if (g->kind == CGI_GATE_PREFIX) {
        space = pow(62, g->unknown_len);
        snprintf(p->kind, sizeof p->kind, "%s %s, %d unknown of 62 characters (%.0f candidates)",
                 name, g->unknown_first ? "prefix" : "suffix", g->unknown_len, space);
        expect = fmin(expect, space / 2);
    } else if (g->kind == CGI_GATE_ZEROS) {
        space = ldexp(1, 62);
        snprintf(p->kind, sizeof p->kind, "%s with %d %s bits given", name, g->target_bits,
                 g->target_from ? "other" : "leading");
    } else {
        space = ldexp(1, 62);
        snprintf(p->kind, sizeof p->kind, "hashcash, %d bits", g->bits);
    }
    char head[CGI_KNOWN_MAX + 64];
    size_t head_len = g->known_len;
    memcpy(head, g->known, g->known_len);
    cg_status st = g->kind == CGI_GATE_HASHCASH ? stamp_head(g, head, sizeof head, &head_len, err)
                                                : CG_OK;
    if (st != CG_OK)
        return st;
    int threads = threads_of(p);
    double rate = cgi_hash_rate(g, head, head_len) * threads;
    char how[128];
    snprintf(how, sizeof how, "%.3g candidates at %.2f M/s on %d thread%s", expect, rate / 1e6,
             threads, threads == 1 ? "" : "s");
    if ((st = over_limit(p, expect / rate, how, err)) != CG_OK)
        return st;
    p->unit = "candidates";
    char answer[64];
    st = cgi_hash_search(g, head, head_len, threads, space, tick, p, answer, sizeof answer,
                         &p->candidates, err);
    if (st == CG_ERR_TOO_LONG)
        return cg_fail(err, st, "%s: no candidate of the %.0f reaches the target: the gate "
                       "takes other characters, or it is wrong", p->kind, space);
    if (st != CG_OK)
        return cg_error_prefix(st, err, "%s: ", p->kind);
    int n = g->kind == CGI_GATE_HASHCASH ? snprintf(out, cap, "%s%s", head, answer)
                                         : snprintf(out, cap, "%s", answer);
    if (n < 0 || (size_t)n >= cap)
        return cg_fail(err, CG_ERR_LIMIT, "the answer does not fit in %zu bytes", cap);
    return CG_OK;
}

cg_status cg_pow_solve(cg_pow *p, const char *text, size_t len, char *out, size_t cap,
                       cg_error *err)
{
    return cgi_pow_solve_in(p, text, len, NULL, 0, out, cap, err);
}

cg_status cgi_pow_solve_in(cg_pow *p, const char *text, size_t len, const char *context,
                           size_t clen, char *out, size_t cap, cg_error *err)
{
    cgi_gate g;
    bool found;
    p->kind[0] = '\0';
    p->seconds = p->candidates = 0;
    if (cap)
        out[0] = '\0';
    cgi_gate_read_in(text, len, context, clen, &g, &found, err);
    if (!found)
        return cgi_no_gate(err);
    clock_gettime(CLOCK_MONOTONIC, &p->start);
    p->next_notice = 1;
    cg_status st = g.kind == CGI_GATE_SLOTH ? solve_sloth(p, &g, out, cap, err)
                                            : solve_hash(p, &g, out, cap, err);
    p->seconds = since(&p->start);
    if (st == CG_OK && (st = cgi_answer_holds(&g, out, err)) != CG_OK && cap)
        out[0] = '\0'; /* never a wrong answer to send */
    return st;
}

int cg_pow_scan(const char *text, size_t len, cg_error *err)
{
    return cgi_pow_scan_in(text, len, NULL, 0, err);
}

int cgi_pow_scan_in(const char *text, size_t len, const char *context, size_t clen, cg_error *err)
{
    cgi_gate g;
    bool found;
    cgi_gate_read_in(text, len, context, clen, &g, &found, err);
    return found ? 1 : 0;
}

cg_status cg_pow_answer(const char *text, size_t len, char *out, size_t cap, cg_error *err)
{
    cg_pow *p;
    cg_status st = cg_pow_new(&p, err);
    if (st != CG_OK)
        return st;
    st = cg_pow_solve(p, text, len, out, cap, err);
    cg_pow_free(p);
    return st;
}
