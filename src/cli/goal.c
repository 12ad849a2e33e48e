/* --target STATE|FILE|first and --layout FILE, read the same way by solve and play.
 * Options of: solve, play. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/goal.h"
#include "cubegod/state.h"
#include "puzzle/reader.h"
#include "read/shapes_internal.h"

#define FILE_MAX 65536

/* A whole file into buf (NUL-terminated); false with the reason printed. */
static bool slurp(const char *cmd, const char *opt, const char *path, char *buf, size_t cap,
                  size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_err(cmd, "%s %s: %s", opt, path, strerror(errno));
        return false;
    }
    *len = fread(buf, 1, cap - 1, f);
    bool more = fgetc(f) != EOF;
    fclose(f);
    buf[*len] = '\0';
    if (more)
        cli_err(cmd, "%s %s: longer than %zu bytes", opt, path, cap - 1);
    return !more;
}

/* The first cube drawn in text. */
static cg_status first_cube(const char *text, size_t len, const char *order, const char *across,
                            cg_puzzle *out, cg_error *err)
{
    cg_shape_reader r;
    cg_status st = cg_shape_reader_init(&r, CG_SHAPE_AUTO, order, err);
    if (st == CG_OK)
        st = cg_shape_reader_across(&r, across, err);
    for (size_t i = 0; i < len && st == CG_OK && !r.ready;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        st = cg_shape_reader_feed(&r, text + i, e - i, err);
        i = e + 1;
    }
    if (st == CG_OK && !r.ready)
        st = cg_shape_reader_finish(&r, err);
    if (st == CG_OK && !cg_shape_reader_take(&r, out, NULL))
        st = cg_fail(err, CG_ERR_INPUT, "no cube in the file (any shape solve reads)");
    return st;
}

int cli_goal_read(const char *cmd, const char *v, const char *order, const char *across,
                  const cg_scheme *scheme, bool pick, cg_puzzle *goal, bool *first)
{
    cg_error err;
    *first = false;
    if (strcmp(v, "first") == 0) {
        *first = true;
        return 0;
    }
    if (access(v, R_OK) == 0) {
        static char text[FILE_MAX];
        size_t len;
        if (!slurp(cmd, "--target", v, text, sizeof text, &len))
            return 2;
        if (first_cube(text, len, order, across, goal, &err) != CG_OK)
            return cli_usage(cmd, "--target %s: %s", v, err.msg);
    } else if (!order) {
        /* No --order: the common orders, as a cube's string is read (one default for both);
         * a state that is a possible goal in two of them is refused, not guessed. */
        char found[8];
        if (cg_puzzle_from_string(v, strlen(v), "UDFBLR", goal, &err) != CG_OK)
            return cli_usage(cmd, "--target '%.60s' is not home, any, auto, first, a file or a "
                             "state (a facelet string): %s", v, err.msg);
        int fits = cgi_string_auto(goal, found, NULL, 0);
        if (fits > 1)
            return cli_usage(cmd, "--target '%.60s': %d common face orders read it as different "
                             "possible cubes (the first: %s): give --order", v, fits, found);
    } else {
        const char *o = strcmp(order, "net") != 0 ? order : "URFDLB";
        if (cg_puzzle_from_string(v, strlen(v), o, goal, &err) != CG_OK)
            return cli_usage(cmd, "--target '%.60s' is not home, any, auto, first, a file or a "
                             "state (a facelet string in the order %s): %s", v, o, err.msg);
    }
    char state[CG3_FACELETS + 1];
    if (cg_puzzle_state(goal, scheme, pick, state, sizeof state, &err) != CG_OK)
        return cli_usage(cmd, "--target: the goal is no possible cube: %s", err.msg);
    return 0;
}

const char *cli_read_hint(const char *msg)
{
    static const struct {
        const char *seen, *hint;
    } HINTS[] = {
        {"cubes fit what is shown", " (--ambiguous pick takes the first found, which may not be "
                                    "the server's cube)"},
        {"another drawing needs a layout", " (--layout FILE)"},
        {"the side order must be given", " (--across ORDER, such as BLFR, or --layout FILE)"},
        {"the face order can be given", " (--order ORDER)"},
        {"goals shown first", " (--target first reads them)"},
        {"the size asked is", " (--size)"},
    };
    for (size_t i = 0; i < sizeof HINTS / sizeof *HINTS; i++)
        if (strstr(msg, HINTS[i].seen))
            return HINTS[i].hint;
    return "";
}

int cli_layout_read(const char *cmd, const char *path, cg_layout **out)
{
    static char text[FILE_MAX];
    size_t len;
    cg_error err;
    if (!slurp(cmd, "--layout", path, text, sizeof text, &len))
        return 2;
    if (cg_layout_new(text, len, out, &err) != CG_OK)
        return cli_usage(cmd, "--layout %s: %s", path, err.msg);
    return 0;
}
