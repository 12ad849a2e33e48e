/* cubegod pow: answer one proof of work found in text; and `cubegod bench pow`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/json.h"
#include "cubegod/pow.h"
#include "pow/internal.h"

static const char USAGE[] =
    "usage: cubegod pow [--threads N] [--limit S] [-q] [-v] TEXT | -\n"
    "\n"
    "Finds a proof of work in TEXT (or in standard input with -) and prints only its answer\n"
    "line, for other scripts. Gates read: hash(XXXX+suffix) == hex with md5, sha1, sha224,\n"
    "sha256, sha384 or sha512 (the X's are letters and digits), hash(prefix+S) starts with\n"
    "hex or has N leading zero bits, hashcash -mbBITS RESOURCE (a version-1 stamp), and\n"
    "kCTF's and redpwn's sloth (solve s.DIFFICULTY.X). Hashes are searched on every core.\n"
    "Exit status 0 with an answer; 1 when there is none (the whole space searched) or the gate\n"
    "would take longer than --limit (said before starting); 2 when the text holds no gate (text\n"
    "that only looks like one is named, with why it was not read), or on bad usage.\n"
    "\n"
    "  --threads N  threads for the hash kinds (default: every core)\n"
    "  --limit S    refuse a gate expected to take more than S seconds (default 600)\n"
    "  -q           no progress or estimate lines on standard error\n"
    "  -v           say on standard error which gate was read, and the time taken\n";

static void notice(void *ctx, const char *text)
{
    (void)ctx;
    fprintf(stderr, "cubegod pow: %s\n", text);
}

int cmd_pow(int argc, char **argv)
{
    const char *source = NULL;
    long threads = 0;
    double limit = 600;
    bool quiet = false, verbose = false;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(o, "-q") == 0) {
            quiet = true;
        } else if (strcmp(o, "-v") == 0) {
            verbose = true;
        } else if (strcmp(o, "--threads") == 0) {
            if (!(v = cli_value("pow", argc, argv, &i)) || !cli_long("pow", o, v, 0, 256, &threads))
                return 2;
        } else if (strcmp(o, "--limit") == 0) {
            if (!(v = cli_value("pow", argc, argv, &i)) || !cli_seconds("pow", o, v, 1e9, &limit))
                return 2;
        } else if (o[0] == '-' && o[1] != '\0') {
            return cli_unknown("pow", o, USAGE);
        } else if (source) {
            return cli_usage("pow", "unexpected argument '%s': give the gate as one argument "
                             "(quote it) or - for standard input", o);
        } else {
            source = o;
        }
    }
    if (!source)
        return cli_usage("pow", "needs the text of a proof of work, or - for standard input");
    size_t len;
    char *owned = NULL;
    const char *text = source;
    if (strcmp(source, "-") == 0) {
        if (!(owned = cli_slurp("pow", "-", 1 << 20, &len)))
            return 2;
        text = owned;
    } else {
        len = strlen(source);
    }
    cg_pow *p;
    cg_error err;
    char answer[CG_POW_ANSWER_MAX];
    cg_status st = cg_pow_new(&p, &err);
    if (st == CG_OK) {
        cg_pow_set_threads(p, (int)threads);
        cg_pow_set_limit(p, limit);
        if (!quiet)
            cg_pow_set_notice(p, notice, NULL);
        st = cg_pow_solve(p, text, len, answer, sizeof answer, &err);
        if (verbose && cg_pow_last_kind(p)[0])
            fprintf(stderr, "cubegod pow: %s: %s in %.3f s (%.0f candidates)\n",
                    cg_pow_last_kind(p), st == CG_OK ? "answered" : "no answer",
                    cg_pow_last_seconds(p), cg_pow_last_candidates(p));
        cg_pow_free(p);
    }
    free(owned);
    if (st != CG_OK) {
        cli_err("pow", "%s", err.msg);
        return st == CG_ERR_INPUT ? 2 : 1;
    }
    printf("%s\n", answer);
    return 0;
}

/* ---- cubegod bench pow ---- */

static const char BENCH_USAGE[] =
    "usage: cubegod bench pow [--threads N] [--runs N] [--difficulty D] [--json]\n"
    "\n"
    "Measures the proof-of-work solvers: the whole sha256 space of four letters and digits\n"
    "(62^4 = 14,776,336 candidates, a target none reaches) and its candidates per second;\n"
    "hashcash 20-bit stamps, --runs of them (default 10), their mean time and candidates per\n"
    "second; the kCTF/redpwn sloth at difficulty D (default 1337), with the hand-written\n"
    "squaring modulo 2^1279-1 beside OpenSSL's BN_mod_exp per step. Compare the candidates per\n"
    "second with 'openssl speed -multi N -bytes 64 sha256 sha1' (bench/pow_openssl.sh).\n";

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The calling thread's CPU seconds: the per-step comparison on a shared machine. */
static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The process's CPU seconds, all threads: the figure a busy machine does not stretch. */
static double proc_cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct pow_figures {
    int threads;
    double space_cpu_s, cash_cpu_s, sloth_cpu_s;
    double space_s, space_rate;
    double cash_mean_s, cash_max_s, cash_rate;
    int runs;
    long difficulty;
    double sloth_s, step_mine_ms, step_bn_ms;
    bool ok;
} pow_figures;

static void bench_space(cg_pow *p, pow_figures *f)
{
    static const char gate[] = "sha256(XXXX+u7Qm2PzXa9LkT1bc) == "
                               "0000000000000000000000000000000000000000000000000000000000000000";
    char out[CG_POW_ANSWER_MAX];
    cg_error err;
    double t = now_s(), c = proc_cpu_s();
    cg_status st = cg_pow_solve(p, gate, sizeof gate - 1, out, sizeof out, &err);
    f->space_s = now_s() - t;
    f->space_cpu_s = proc_cpu_s() - c;
    f->space_rate = cg_pow_last_candidates(p) / f->space_s;
    if (st != CG_ERR_TOO_LONG) { /* the target is out of reach: the search must end empty */
        cli_err("bench pow", "sha256 space: expected no answer, got: %s", st ? err.msg : out);
        f->ok = false;
    }
}

static void bench_hashcash(cg_pow *p, pow_figures *f)
{
    double total = 0, candidates = 0, c = proc_cpu_s();
    for (int i = 0; i < f->runs; i++) {
        char gate[96], out[CG_POW_ANSWER_MAX];
        cg_error err;
        snprintf(gate, sizeof gate, "hashcash -mb20 bench%d", i);
        if (cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err) != CG_OK ||
            cg_pow_check(gate, strlen(gate), out, strlen(out), &err) != CG_OK) {
            cli_err("bench pow", "hashcash: %s", err.msg);
            f->ok = false;
            return;
        }
        total += cg_pow_last_seconds(p);
        candidates += cg_pow_last_candidates(p);
        if (cg_pow_last_seconds(p) > f->cash_max_s)
            f->cash_max_s = cg_pow_last_seconds(p);
    }
    f->cash_mean_s = total / f->runs;
    f->cash_cpu_s = (proc_cpu_s() - c) / f->runs;
    f->cash_rate = candidates / total;
}

static void bench_sloth(cg_pow *p, pow_figures *f)
{
    char gate[160], out[CG_POW_ANSWER_MAX];
    uint64_t d[CGI_SLOTH_LIMBS] = {(uint64_t)f->difficulty}, x[CGI_SLOTH_LIMBS] = {
        0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL}, y[CGI_SLOTH_LIMBS], y2[CGI_SLOTH_LIMBS];
    char db[16], xb[64];
    cgi_number_b64(d, db, sizeof db);
    cgi_number_b64(x, xb, sizeof xb);
    snprintf(gate, sizeof gate, "solve s.%s.%s", db, xb);
    cg_error err;
    double c = proc_cpu_s();
    cg_status st = cg_pow_solve(p, gate, strlen(gate), out, sizeof out, &err);
    f->sloth_cpu_s = proc_cpu_s() - c;
    if (st != CG_OK || cg_pow_check(gate, strlen(gate), out, strlen(out), &err) != CG_OK) {
        cli_err("bench pow", "sloth: %s", err.msg);
        f->ok = false;
        return;
    }
    f->sloth_s = cg_pow_last_seconds(p);
    enum { STEPS = 40 };
    double t = cpu_s();
    cgi_sloth_root(x, STEPS, y, NULL, NULL);
    f->step_mine_ms = (cpu_s() - t) * 1e3 / STEPS;
    t = cpu_s();
    bool bn = cgi_sloth_root_bn(x, STEPS, y2);
    f->step_bn_ms = (cpu_s() - t) * 1e3 / STEPS;
    if (!bn || memcmp(y, y2, sizeof y) != 0) {
        cli_err("bench pow", "sloth: OpenSSL's BIGNUM and the hand-written squaring disagree");
        f->ok = false;
    }
}

int bench_pow(int argc, char **argv)
{
    pow_figures f = {.runs = 10, .difficulty = 1337, .ok = true};
    long threads = 0, runs = 10;
    bool as_json = false;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            fputs(BENCH_USAGE, stdout);
            return 0;
        } else if (strcmp(o, "--json") == 0) {
            as_json = true;
        } else if (strcmp(o, "--threads") == 0) {
            if (!(v = cli_value("bench pow", argc, argv, &i)) ||
                !cli_long("bench pow", o, v, 0, 256, &threads))
                return 2;
        } else if (strcmp(o, "--runs") == 0) {
            if (!(v = cli_value("bench pow", argc, argv, &i)) ||
                !cli_long("bench pow", o, v, 1, 1000, &runs))
                return 2;
        } else if (strcmp(o, "--difficulty") == 0) {
            if (!(v = cli_value("bench pow", argc, argv, &i)) ||
                !cli_long("bench pow", o, v, 1, 100000, &f.difficulty))
                return 2;
        } else {
            return cli_unknown("bench pow", o, BENCH_USAGE);
        }
    }
    f.runs = (int)runs;
    cg_pow *p;
    cg_error err;
    if (cg_pow_new(&p, &err) != CG_OK) {
        cli_err("bench pow", "%s", err.msg);
        return 1;
    }
    cg_pow_set_threads(p, (int)threads);
    f.threads = threads ? (int)threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
    bench_space(p, &f);
    bench_hashcash(p, &f);
    bench_sloth(p, &f);
    cg_pow_free(p);
    if (as_json) {
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "bench", "pow");
        json_int(&j, "threads", f.threads);
        json_num(&j, "sha256_space_s", f.space_s);
        json_num(&j, "sha256_space_cpu_s", f.space_cpu_s);
        json_num(&j, "hashcash20_mean_cpu_s", f.cash_cpu_s);
        json_num(&j, "sloth_cpu_s", f.sloth_cpu_s);
        json_num(&j, "sha256_candidates_per_s", f.space_rate);
        json_int(&j, "hashcash_runs", f.runs);
        json_num(&j, "hashcash20_mean_s", f.cash_mean_s);
        json_num(&j, "hashcash20_max_s", f.cash_max_s);
        json_num(&j, "hashcash_candidates_per_s", f.cash_rate);
        json_int(&j, "sloth_difficulty", f.difficulty);
        json_num(&j, "sloth_s", f.sloth_s);
        json_num(&j, "sloth_step_ms", f.step_mine_ms);
        json_num(&j, "sloth_step_bignum_ms", f.step_bn_ms);
        json_bool(&j, "ok", f.ok);
        json_end(&j);
        json_finish(&j);
    } else {
        printf("threads: %d\n", f.threads);
        printf("sha256, 4 of 62 characters: whole space of 14776336 in %.2f s (%.2f s of CPU), "
               "%.2f M candidates/s, %.2f M per CPU second\n", f.space_s, f.space_cpu_s,
               f.space_rate / 1e6, 14776336 / f.space_cpu_s / 1e6);
        printf("hashcash 20 bits: mean %.3f s (%.3f s of CPU), max %.3f s over %d stamps, %.2f M "
               "candidates/s\n", f.cash_mean_s, f.cash_cpu_s, f.cash_max_s, f.runs,
               f.cash_rate / 1e6);
        printf("sloth difficulty %ld: %.3f s (%.3f s of CPU); a step %.3f ms of CPU hand-written (shipped), "
               "%.3f ms with OpenSSL's BN_mod_exp\n", f.difficulty, f.sloth_s, f.sloth_cpu_s, f.step_mine_ms, f.step_bn_ms);
    }
    return f.ok ? 0 : 1;
}
