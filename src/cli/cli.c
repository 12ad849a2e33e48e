#include "cli/cli.h"

#include "cubegod/solver.h"
#include "cubegod/solver3.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (!found && prefixes == 1) {
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
    fprintf(stderr, "cubegod: %s\n", text);
}

static char *default_cache[2]; /* by metric; freed at exit */

static void free_default_cache(void)
{
    for (size_t i = 0; i < sizeof default_cache / sizeof *default_cache; i++)
        free(default_cache[i]);
}

/* "a" + "b", malloc'd; NULL when out of memory. */
static char *joined(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 1;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%s", a, b);
    return s;
}

/* The quarter-turn table's file beside the half-turn one: pocket.tbl -> pocket-qtm.tbl (any
 * other name gains ".qtm"). */
static char *qtm_path(const char *base)
{
    size_t len = strlen(base);
    char *s = malloc(len + 5);
    if (!s)
        return NULL;
    if (len > 4 && strcmp(base + len - 4, ".tbl") == 0)
        snprintf(s, len + 5, "%.*s-qtm.tbl", (int)(len - 4), base);
    else
        snprintf(s, len + 5, "%s.qtm", base);
    return s;
}

void cli_tables_options(cg_tables_options *o, bool quiet)
{
    if (!quiet)
        o->notice = cli_print_notice;
    if (o->cache_path)
        return;
    int m = o->metric == CG_METRIC_QTM;
    if (!default_cache[m]) {
        const char *env = getenv("CUBEGOD_CACHE");
        const char *xdg = getenv("XDG_CACHE_HOME");
        const char *home = getenv("HOME");
        char *base = NULL;
        if (env && *env)
            base = joined(env, "");
        else if (xdg && *xdg == '/')
            base = joined(xdg, "/cubegod/pocket.tbl");
        else if (home && *home)
            base = joined(home, "/.cache/cubegod/pocket.tbl");
        if (base && m) {
            default_cache[m] = qtm_path(base);
            free(base);
        } else {
            default_cache[m] = base;
        }
        static bool registered;
        if (!registered)
            registered = atexit(free_default_cache) == 0;
    }
    o->cache_path = default_cache[m];
}

/* Paths made by cli_cache3_path, freed at exit. */
static char *cache3_paths[8];

static void free_cache3_paths(void)
{
    for (size_t i = 0; i < sizeof cache3_paths / sizeof *cache3_paths; i++)
        free(cache3_paths[i]);
}

const char *cli_cache3_path(cli_table3 which, const char *pocket)
{
    static const char *const NAME[] = {[CLI_TWOPHASE] = "twophase.tbl",
                                       [CLI_OPTIMAL] = "optimal.tbl"};
    if (!pocket) {
        cg_tables_options o = {.notice = NULL};
        cli_tables_options(&o, true);
        pocket = o.cache_path;
    }
    if (!pocket)
        return NULL;
    const char *slash = strrchr(pocket, '/');
    size_t dir = slash ? (size_t)(slash - pocket) + 1 : 0;
    size_t k = 0;
    for (; k < sizeof cache3_paths / sizeof *cache3_paths && cache3_paths[k]; k++) {
        const char *c = cache3_paths[k]; /* asked before: the same text */
        if (strncmp(c, pocket, dir) == 0 && strcmp(c + dir, NAME[which]) == 0)
            return c;
    }
    if (k == sizeof cache3_paths / sizeof *cache3_paths)
        return NULL; /* never: a command asks for a few at most */
    size_t n = dir + strlen(NAME[which]) + 1;
    if (!(cache3_paths[k] = malloc(n)))
        return NULL;
    snprintf(cache3_paths[k], n, "%.*s%s", (int)dir, pocket, NAME[which]);
    if (k == 0)
        atexit(free_cache3_paths);
    return cache3_paths[k];
}

void cli_tables3_options(cg3_tables_options *o, cli_table3 which, const char *pocket, bool quiet)
{
    if (!quiet)
        o->notice = cli_print_notice;
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
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap) {
            char *b = cap < max ? realloc(buf, cap * 2) : NULL;
            if (!b) {
                cli_err(cmd, "%s: larger than %zu bytes", path, max);
                free(buf);
                buf = NULL;
                break;
            }
            buf = b;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (buf && ferror(f)) {
        cli_err(cmd, "%s: read error", path);
        free(buf);
        buf = NULL;
    }
    if (f != stdin)
        fclose(f);
    *len = n;
    return buf;
}
