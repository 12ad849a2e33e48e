#include "cli/cli.h"

#include "cubegod/solver.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void vreport(const char *cmd, const char *fmt, va_list ap)
{
    fprintf(stderr, "cubegod %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
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
    if (text[0] == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v) || v < 0 || v > max) {
        cli_usage(cmd, "%s: '%s' is not a number of seconds from 0 to %g", opt, text, max);
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
