#include "cli/cli.h"
#include "cubegod/transcript.h"

#include "cubegod/solver.h"
#include "cubegod/solver3.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/term.h"
#include "cubegod/clock.h"

/* Library messages name no option; where one is the remedy, the command line says which. */
static void vreport(const char *cmd, const char *fmt, va_list ap)
{
    char text[1024];
    vsnprintf(text, sizeof text, fmt, ap);
    const char *hint = strstr(text, "the colour scheme must be given")
                           ? " (--scheme U=..,D=..,F=..,B=..,L=..,R=..)" : "";
    fprintf(stderr, "cubegod %s: %s%s\n", cmd, text, hint);
}

void cli_err(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    term_status_clear(); /* a message never lands after play's status line */
    vreport(cmd, fmt, ap);
    va_end(ap);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(cmd, fmt, ap);
    va_end(ap);
    fprintf(stderr, "(see 'cubegod %s --help')\n", cmd);
    return 2;
}

bool cli_long(const char *cmd, const char *opt, const char *text, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || v < min || v > max) {
        cli_usage(cmd, "%s: '%s' is not a whole number from %ld to %ld", opt, text, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_seconds(const char *cmd, const char *opt, const char *text, double max, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    /* 0 is refused: a wait of no time at all would lose every round at once. */
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v) || v <= 0 || v > max) {
        cli_usage(cmd, "%s: '%s' is not a number of seconds above 0 and at most %g", opt, text, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_target(const char *cmd, const char *text, int *out)
{
    int t = cg_target_parse(text);
    if (t < 0) {
        cli_usage(cmd, "--target: '%s' is not home, any or auto", text);
        return false;
    }
    *out = t;
    return true;
}

bool cli_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        cli_usage(cmd, "%s needs a value", argv[*i]);
        return NULL;
    }
    *i += 1;
    return argv[*i];
}

int cli_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63)
        return 99;
    int row[64];
    for (size_t j = 0; j <= m; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

bool cli_closest_option(const char *help, const char *arg, char *out, size_t size)
{
    int best = 3, prefixes = 0;
    char prefix[64] = "";
    bool found = false;
    for (const char *p = help; *p; p++) {
        bool starts = p[0] == '-' && (p == help || strchr(" \t\n[(|,'", p[-1]));
        if (!starts)
            continue;
        const char *q = p;
        while (*q == '-')
            q++;
        if (q - p > 2 || !((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
            continue;
        while ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') ||
               *q == '-')
            q++;
        char word[64];
        size_t len = (size_t)(q - p);
        if (len >= sizeof word)
            continue;
        memcpy(word, p, len);
        word[len] = '\0';
        p = q - 1;
        if (strcmp(word, arg) == 0)
            return false; /* known after all: nothing to suggest */
        size_t alen = strlen(arg);
        if (alen >= 3 && strncmp(word, arg, alen) == 0 && strcmp(prefix, word) != 0) {
            prefixes++;
            snprintf(prefix, sizeof prefix, "%s", word);
        }
        int d = cli_distance(arg, word);
        if (d < best && (size_t)d < len) {
            best = d;
            snprintf(out, size, "%s", word);
            found = true;
        }
    }
    if (prefixes == 1) { /* what getopt_long would take: before a word two edits away */
        snprintf(out, size, "%s", prefix);
        found = true;
    }
    return found;
}

int cli_unknown(const char *cmd, const char *arg, const char *help)
{
    char near[64];
    if (arg[0] == '-' && cli_closest_option(help, arg, near, sizeof near))
        return cli_usage(cmd, "unknown option '%s'; did you mean '%s'?", arg, near);
    if (arg[0] == '-')
        return cli_usage(cmd, "unknown option '%s'", arg);
    return cli_usage(cmd, "unexpected argument '%s'", arg);
}

bool cli_skip_bom(const char *cmd, FILE *in)
{
    int c = getc(in);
    if (c != 0xEF) {
        if (c != EOF)
            ungetc(c, in);
        return true;
    }
    int c2 = getc(in), c3 = c2 == 0xBB ? getc(in) : EOF;
    if (c2 == 0xBB && c3 == 0xBF)
        return true;
    cli_err(cmd, "the input starts with byte 0xef, but not with a UTF-8 byte-order mark");
    return false;
}

void cli_print_notice(void *ctx, const char *text)
{
    (void)ctx;
    term_status_clear();
    fprintf(stderr, "cubegod: %s\n", text);
}

/* The progress of a table build on standard error: on a terminal one line redrawn at most ten
 * times a second ("cubegod: building 3x3 phase-1 table  42%  12 s, about 17 s left"), ended
 * when the phase ends; otherwise a line every five seconds, and one at the end of a phase that
 * had any (a build shorter than that says only its notice): a few lines a build, on a log.
 * cli_progress_show_next makes the next call draw at once. */
typedef struct progress_bar {
    const char *phase;   /* the phase being drawn (the library's static text) */
    int64_t start, last; /* when it started, when last drawn (ns; 0: not yet) */
    bool open;           /* a terminal line waits for its end */
    bool done;           /* the phase's end was shown */
} progress_bar;
static progress_bar bar;
static int bar_now; /* the next call draws (set from another thread than the drawing one) */

void cli_progress_show_next(void) { __atomic_store_n(&bar_now, 1, __ATOMIC_RELEASE); }

void cli_print_progress(void *ctx, const char *phase, double fraction)
{
    (void)ctx;
    int64_t now = cg_now_ns();
    bool tty = isatty(STDERR_FILENO);
    if (bar.phase != phase) {
        if (bar.open)
            fputc('\n', stderr);
        bar = (progress_bar){.phase = phase, .start = now};
    }
    bool done = fraction >= 0.9995; /* shown as 100% */
    if (bar.done)
        return;
    if (__atomic_exchange_n(&bar_now, 0, __ATOMIC_ACQ_REL)) {
        ; /* asked for: where the build is now */
    } else if (done) {
        if (!tty && !bar.last)
            return; /* a short build on a file or pipe: its notice says enough */
    } else if (tty) {
        if (bar.last && now - bar.last < 100000000)
            return;
    } else if (now - (bar.last ? bar.last : bar.start) < 5000000000LL) {
        return;
    }
    bar.last = now;
    bar.done = done;
    double secs = cg_seconds_between(bar.start, now);
    char left[48] = "";
    if (!done && fraction > 0.05 && secs >= 1)
        snprintf(left, sizeof left, ", about %.0f s left", secs / fraction * (1 - fraction));
    fprintf(stderr, "%scubegod: building %s %3.0f%%  %.0f s%s%s", tty ? "\r" : "", phase,
            fraction * 100, secs, left, tty ? "\033[K" : "\n");
    bar.open = tty && !done;
    if (tty && done)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Paths made by cache_path, freed at exit. */
static char *cache_paths[8];

static void free_cache_paths(void)
{
    for (size_t i = 0; i < sizeof cache_paths / sizeof *cache_paths; i++)
        free(cache_paths[i]);
}

/* cg_cache_path with the environment's CUBEGOD_CACHE, XDG_CACHE_HOME and HOME, or with
 * `pocket` when given; kept until exit (asked again: the same text). NULL when no place. */
static const char *cache_path(cg_cache_file which, const char *pocket)
{
    if (!pocket)
        pocket = getenv("CUBEGOD_CACHE");
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    size_t n = cg_cache_path(which, pocket, xdg, home, NULL, 0);
    if (n == 0)
        return NULL;
    char *s = malloc(n + 1);
    if (!s)
        return NULL;
    cg_cache_path(which, pocket, xdg, home, s, n + 1);
    size_t k = 0;
    for (; k < sizeof cache_paths / sizeof *cache_paths && cache_paths[k]; k++)
        if (strcmp(cache_paths[k], s) == 0) {
            free(s);
            return cache_paths[k];
        }
    if (k == sizeof cache_paths / sizeof *cache_paths) {
        free(s);
        return NULL; /* never: a command asks for a few at most */
    }
    if (k == 0)
        atexit(free_cache_paths);
    return cache_paths[k] = s;
}

bool cli_output_ok(FILE *f, const char **why)
{
    bool flushed = fflush(f) == 0;
    if (flushed && !ferror(f))
        return true;
    *why = flushed ? "a write failed" : strerror(errno);
    return false;
}

bool cli_close_output(FILE *f, const char **why)
{
    bool ok = cli_output_ok(f, why);
    if (fclose(f) != 0 && ok) {
        *why = strerror(errno);
        ok = false;
    }
    return ok;
}

const char *cli_tables_how(bool from_cache, bool saved)
{
    return from_cache ? "loaded from" : saved ? "built and saved to" : "built, not saved to";
}

void cli_tables_rebuilt(bool rebuilt, bool saved)
{
    if (rebuilt)
        puts(saved ? "the previous cache file was invalid and has been replaced"
                   : "the cache file is not a valid table file, and the tables built could not "
                     "replace it");
}

void cli_tables_options(cg_tables_options *o, bool quiet)
{
    if (!quiet) {
        o->notice = cli_print_notice;
        o->progress = cli_print_progress;
    }
    if (!o->cache_path)
        o->cache_path = cache_path(o->metric == CG_METRIC_QTM ? CG_CACHE_POCKET_QTM
                                                              : CG_CACHE_POCKET, NULL);
}

const char *cli_cache3_path(cli_table3 which, const char *pocket)
{
    return cache_path(which == CLI_OPTIMAL ? CG_CACHE_OPTIMAL : CG_CACHE_TWOPHASE, pocket);
}

void cli_tables3_options(cg3_tables_options *o, cli_table3 which, const char *pocket, bool quiet)
{
    if (!quiet) {
        o->notice = cli_print_notice;
        o->progress = cli_print_progress;
    }
    if (!o->cache_path)
        o->cache_path = cli_cache3_path(which, pocket);
}

char *cli_slurp(const char *cmd, const char *path, size_t max, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        cli_err(cmd, "%s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = max < (1 << 16) ? max : 1 << 16, n = 0;
    char *buf = malloc(cap ? cap : 1);
    const char *why = buf ? NULL : "out of memory";
    bool larger = false;
    while (!why) {
        if (n == cap && cap == max) { /* full: too large only when more follows */
            larger = fgetc(f) != EOF;
            break;
        }
        if (n == cap) {
            size_t more = cap < max / 2 ? cap * 2 : max;
            char *b = realloc(buf, more);
            if (!b) {
                why = "out of memory";
                break;
            }
            buf = b;
            cap = more;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (!why && !larger && ferror(f))
        why = "read error";
    if (f != stdin)
        fclose(f);
    if (larger)
        cli_err(cmd, "%s: larger than %zu bytes", path, max);
    else if (why)
        cli_err(cmd, "%s: %s", path, why);
    if (larger || why) {
        free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

void cli_turn_advice(char *hint, size_t size, const char *path)
{
    bool plain = path && path[0] != '\0' &&
                 strspn(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@%") ==
                     strlen(path);
    char name[1024];
    /* the command is quoted in the hint with '...': a name that needs quoting gets "..." */
    if (!path || strcmp(path, "-") == 0 || (!plain && strpbrk(path, "\"$`\\'")))
        snprintf(name, sizeof name, "FILE");
    else
        snprintf(name, sizeof name, plain ? "%s" : "\"%s\"", path);
    size_t len = strlen(hint);
    snprintf(hint + len, size > len ? size - len : 0, ": 'cubegod turn --moves last-line %s' "
             "applies them, --undo takes them back", name);
}

bool cli_server_text(const char *cmd, const char *path, char *text, size_t *len)
{
    size_t at = 0, out = 0;
    long line = 0;
    while (at < *len) {
        char *nl = memchr(text + at, '\n', *len - at);
        size_t end = nl ? (size_t)(nl - text) : *len;
        line++;
        cg_transcript_record rec;
        cg_error err;
        if (cg_transcript_parse_line(text + at, end - at, &rec, &err) != CG_OK) {
            cli_err(cmd, "%s: line %ld: %s", path, line, err.msg);
            return false;
        }
        if (rec.kind == '<') { /* decoded in place, never longer than its record: out <= at */
            memmove(text + out, rec.data, rec.len);
            out += rec.len;
        }
        at = end + 1;
    }
    *len = out;
    text[out] = '\0';
    return true;
}
