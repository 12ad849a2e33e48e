/* Option tables and profiles (options.h). Options of: solve, play, serve. */
#include "cli/options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define PROFILE_MAX (64 * 1024)

const cli_option *cli_option_find(const cli_option *table, const char *arg)
{
    if (strncmp(arg, "--", 2) != 0)
        return NULL;
    for (const cli_option *o = table; o->name; o++)
        if (strcmp(o->name, arg + 2) == 0)
            return o;
    return NULL;
}

/* Everything an expansion allocates, freed at once. */
typedef struct arena {
    char **argv;
    size_t nargv, cap;
    char **strings;
    size_t nstrings, scap;
} arena;

static bool push(arena *a, char *s)
{
    if (a->nargv + 1 >= a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 32;
        char **v = realloc(a->argv, cap * sizeof *v);
        if (!v)
            return false;
        a->argv = v;
        a->cap = cap;
    }
    a->argv[a->nargv++] = s;
    a->argv[a->nargv] = NULL;
    return true;
}

/* A copy of text (NULL: len bytes to fill in) owned by the arena, or NULL. */
static char *keep(arena *a, const char *text, size_t len)
{
    if (a->nstrings == a->scap) {
        size_t cap = a->scap ? a->scap * 2 : 32;
        char **v = realloc(a->strings, cap * sizeof *v);
        if (!v)
            return NULL;
        a->strings = v;
        a->scap = cap;
    }
    char *s = malloc(len + 1);
    if (!s)
        return NULL;
    if (text)
        memcpy(s, text, len);
    s[len] = '\0';
    a->strings[a->nstrings++] = s;
    return s;
}

void cli_profile_free(void *owned)
{
    arena *a = owned;
    if (!a)
        return;
    for (size_t i = 0; i < a->nstrings; i++)
        free(a->strings[i]);
    free(a->strings);
    free(a->argv);
    free(a);
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static void trim(const char **s, size_t *len)
{
    while (*len && is_blank(**s))
        (*s)++, (*len)--;
    while (*len && is_blank((*s)[*len - 1]))
        (*len)--;
}

static int bad_line(const char *cmd, const char *path, int line, const char *what, size_t len,
                    const char *text, const char *why)
{
    return cli_usage(cmd, "profile %s line %d: %s'%.*s'%s", path, line, what,
                     len > 40 ? 40 : (int)len, text, why);
}

static int no_memory(const char *cmd) { return cli_usage(cmd, "no memory for the profile"); }

/* A relative file name from a profile, made relative to the profile's directory. */
static char *profile_file(arena *a, const char *profile, const char *value, size_t len)
{
    const char *slash = strrchr(profile, '/');
    if (value[0] == '/' || !slash || memchr(value, '=', len))
        return keep(a, value, len);
    size_t dir = (size_t)(slash - profile) + 1;
    char *s = keep(a, NULL, dir + len);
    if (s) {
        memcpy(s, profile, dir);
        memcpy(s + dir, value, len);
    }
    return s;
}

/* One `name = value` line that applies to cmd. Returns -1 when it was taken, else 2. */
static int profile_line(const char *cmd, const cli_option *table, const char *path, int line,
                        const char *text, size_t len, arena *a)
{
    const char *eq = memchr(text, '=', len);
    const char *name = text, *value = eq ? eq + 1 : text + len;
    size_t nlen = eq ? (size_t)(eq - text) : len, vlen = eq ? len - nlen - 1 : 0;
    trim(&name, &nlen);
    trim(&value, &vlen);
    if (vlen >= 2 && value[0] == '"' && value[vlen - 1] == '"')
        value++, vlen -= 2;
    char opt[64];
    if (nlen == 0 || nlen >= sizeof opt - 2)
        return bad_line(cmd, path, line, "", len, text, " is not 'name = value'");
    snprintf(opt, sizeof opt, "--%.*s", (int)nlen, name);
    const cli_option *o = cli_option_find(table, opt);
    if (!o || strcmp(o->name, "profile") == 0)
        return bad_line(cmd, path, line, "", nlen, name,
                        strcmp(opt, "--profile") == 0 ? ": a profile cannot name another"
                                                      : " is not an option of this command");
    if (o->kind == CLI_FLAG) {
        bool on = !eq || (vlen == 4 && memcmp(value, "true", 4) == 0) ||
                  (vlen == 3 && memcmp(value, "yes", 3) == 0);
        bool off = (vlen == 5 && memcmp(value, "false", 5) == 0) ||
                   (vlen == 2 && memcmp(value, "no", 2) == 0);
        if (!on && !off)
            return bad_line(cmd, path, line, "", nlen, name,
                            " is a flag: write it alone, or '= true' or '= false'");
        if (on) {
            char *s = keep(a, opt, strlen(opt));
            if (!s || !push(a, s))
                return no_memory(cmd);
        }
        return -1;
    }
    if (!eq)
        return bad_line(cmd, path, line, "", nlen, name, " needs a value: 'name = value'");
    char *s = keep(a, opt, strlen(opt));
    char *v = o->kind == CLI_FILE ? profile_file(a, path, value, vlen) : keep(a, value, vlen);
    if (!s || !v || !push(a, s) || !push(a, v))
        return no_memory(cmd);
    return -1;
}

static bool known_section(const char *name, size_t len)
{
    static const char *const SECTIONS[] = {"solve", "play", "serve"};
    for (size_t i = 0; i < sizeof SECTIONS / sizeof *SECTIONS; i++)
        if (strlen(SECTIONS[i]) == len && memcmp(SECTIONS[i], name, len) == 0)
            return true;
    return false;
}

static int read_profile(const char *cmd, const cli_option *table, const char *path, arena *a)
{
    size_t len;
    char *text = cli_slurp(cmd, path, PROFILE_MAX, &len);
    if (!text)
        return 2;
    int rc = -1, line = 0;
    bool applies = true;
    for (size_t i = 0; i < len && rc < 0;) {
        size_t start = i;
        while (i < len && text[i] != '\n')
            i++;
        const char *l = text + start;
        size_t n = i - start;
        i++;
        line++;
        trim(&l, &n);
        if (memchr(l, '\0', n))
            rc = bad_line(cmd, path, line, "", 0, "", "a NUL byte");
        else if (n == 0 || l[0] == '#')
            continue;
        else if (l[0] == '[' && l[n - 1] == ']' && !known_section(l + 1, n - 2))
            rc = bad_line(cmd, path, line, "", n, l, " is not a section: [solve], [play] "
                                                     "or [serve]");
        else if (l[0] == '[' && l[n - 1] == ']')
            applies = n - 2 == strlen(cmd) && memcmp(l + 1, cmd, n - 2) == 0;
        else if (applies)
            rc = profile_line(cmd, table, path, line, l, n, a);
    }
    free(text);
    return rc;
}

int cli_profile_expand(const char *cmd, const cli_option *table, int *argc, char ***argv,
                       void **owned)
{
    *owned = NULL;
    bool any = false;
    for (int i = 1; i < *argc; i++)
        any |= strcmp((*argv)[i], "--profile") == 0;
    if (!any)
        return -1;
    arena *a = calloc(1, sizeof *a);
    if (!a || !push(a, (*argv)[0])) {
        cli_profile_free(a);
        return no_memory(cmd);
    }
    /* First every profile in order, then the rest of the command line as it was. */
    for (int i = 1; i < *argc; i++) {
        if (strcmp((*argv)[i], "--profile") != 0)
            continue;
        if (i + 1 >= *argc) {
            cli_profile_free(a);
            return cli_usage(cmd, "--profile needs a value");
        }
        int rc = read_profile(cmd, table, (*argv)[++i], a);
        if (rc >= 0) {
            cli_profile_free(a);
            return rc;
        }
    }
    for (int i = 1; i < *argc; i++) {
        if (strcmp((*argv)[i], "--profile") == 0) {
            i++;
            continue;
        }
        if (!push(a, (*argv)[i])) {
            cli_profile_free(a);
            return no_memory(cmd);
        }
    }
    *argc = (int)a->nargv;
    *argv = a->argv;
    *owned = a;
    return -1;
}
