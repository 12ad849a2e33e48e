/* cubegod draw: a picture of each cube read (draw.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/goal.h"
#include "cli/lines.h"
#include "cubegod/draw.h"
#include "cubegod/shapes.h"
#include "puzzle/reader.h"

static const char USAGE[] =
    "usage: cubegod draw [--ansi|--svg|--png] [--input SHAPE] [--order FACES] [--cube N]\n"
    "                    [--across ORDER] [--layout FILE] [-o FILE] [FILE]\n"
    "\n"
    "Draws the cubes of FILE ('-' or none: standard input) as their unfolded net: U above F, the\n"
    "row L F R B, D below F. It reads every cube 'cubegod solve' reads (both sizes, every shape of\n"
    "docs/shapes.md); hidden stickers are drawn as such ('?' in the terminal, grey with a '?' in\n"
    "the images). Colours come from the tokens when they name one (W Y G B O R, the face letters,\n"
    "white ... red, 0-5, ANSI colours), else from the face whose centre shows the token; distinct\n"
    "tokens always get distinct colours, so 'cubegod draw FILE | cubegod solve' reads the same cube.\n"
    "\n"
    "  --ansi          the net in ANSI colours, two columns a sticker and a blank between\n"
    "                  stickers (default; with NO_COLOR set and no --ansi: the net as its\n"
    "                  tokens, no escapes)\n"
    "  --svg           an SVG image (one cube: the first, or --cube N)\n"
    "  --png           a PNG image (one cube, as --svg); not written to a terminal\n"
    "  --input SHAPE   auto (default), boxes, faces, net, string, ansi, dict or json\n"
    "  --order FACES   the face order of a string (default UDFBLR; URFDLB; net)\n"
    "  --across ORDER  a net's side faces left to right, such as BLFR (default auto)\n"
    "  --layout FILE   the cubes are drawn as FILE lays one out (see 'solve --help')\n"
    "  --cube N        draw only the N-th cube read (default: every cube for --ansi, the first\n"
    "                  for --svg and --png, with a note when there are more)\n"
    "  -o FILE         write to FILE instead of standard output\n"
    "\n"
    "Exit status: 0 when a cube was drawn and nothing was wrong, 2 when no cube (or not the N-th)\n"
    "was found, a cube could not be read, or on bad usage.\n";

typedef struct draw_run {
    cg_draw_format format;
    long want;   /* --cube N, 0: as the format says */
    long seen;   /* cubes read */
    long drawn;
    int errors;
    bool plain; /* NO_COLOR and no --ansi: the net as its tokens */
    FILE *out;
} draw_run;

static void draw_one(draw_run *run, const cg_puzzle *p)
{
    run->seen++;
    long want = run->want ? run->want : run->format == CG_DRAW_ANSI ? 0 : 1;
    if (want && run->seen != want)
        return;
    size_t need = 0;
    cg_error err;
    char *buf = NULL;
    if (run->plain) {
        need = cg_puzzle_format_shape(p, CG_SHAPE_NET, CG_COLOURS_LETTERS, NULL, 0);
        if ((buf = malloc(need + 1)))
            cg_puzzle_format_shape(p, CG_SHAPE_NET, CG_COLOURS_LETTERS, buf, need + 1);
    } else if (cg_puzzle_draw(p, run->format, NULL, 0, &need, &err) == CG_OK && (buf = malloc(need + 1))) {
        cg_puzzle_draw(p, run->format, buf, need + 1, &need, &err);
    }
    if (!buf) {
        cli_err("draw", "cube %ld: %s", run->seen, need ? "out of memory" : err.msg);
        run->errors++;
        return;
    }
    if (run->drawn && run->format == CG_DRAW_ANSI)
        fputc('\n', run->out);
    fwrite(buf, 1, need, run->out);
    free(buf);
    run->drawn++;
}

static void take_all(draw_run *run, cg_shape_reader *r)
{
    cg_puzzle p;
    while (cg_shape_reader_take(r, &p, NULL))
        draw_one(run, &p);
}

static void report(draw_run *run, long line, const cg_error *err)
{
    cli_err("draw", "line %ld: %s", line, err->msg);
    run->errors++;
}

/* How the text is read: --input, --order, --across, --layout. */
typedef struct draw_reading {
    cg_shape shape;
    const char *order, *across;
    cg_layout *layout;
} draw_reading;

static bool draw_file(draw_run *run, const char *path, const draw_reading *how)
{
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cli_err("draw", "%s: %s", path, strerror(errno));
        return false;
    }
    cg_line_reader *in = malloc(sizeof *in);
    cg_shape_reader *r = malloc(sizeof *r);
    cg_error err;
    bool ok = in && r && cg_shape_reader_init(r, how->shape, how->order, &err) == CG_OK &&
              cg_shape_reader_across(r, how->across, &err) == CG_OK &&
              (!how->layout || cg_shape_reader_layout(r, how->layout, &err) == CG_OK);
    if (ok) {
        cg_line_reader_init(in, fd);
        const char *line;
        size_t len;
        while (cg_line_next(in, &line, &len)) {
            if (cg_shape_reader_feed(r, line, len, &err) != CG_OK)
                report(run, in->number, &err);
            take_all(run, r);
        }
        if (cg_shape_reader_finish(r, &err) != CG_OK)
            report(run, in->number, &err);
        take_all(run, r);
        if (in->error)
            cli_err("draw", "%s: reading failed: %s", path, strerror(in->error));
        ok = !in->error;
    } else {
        cli_err("draw", "%s", in && r ? err.msg : "out of memory");
    }
    free(in);
    free(r);
    if (fd != STDIN_FILENO)
        close(fd);
    return ok;
}

int cmd_draw(int argc, char **argv)
{
    draw_run run = {.format = CG_DRAW_ANSI, .out = stdout};
    draw_reading how = {.shape = CG_SHAPE_AUTO};
    const char *path = NULL, *to = NULL, *layout = NULL;
    cg_error err;
    bool chosen = false; /* a format option given: --ansi keeps its colours under NO_COLOR */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (strcmp(a, "--ansi") == 0 || strcmp(a, "--svg") == 0 || strcmp(a, "--png") == 0) {
            cg_draw_format_parse(a + 2, &run.format, NULL);
            chosen = true;
        } else if (strcmp(a, "--input") == 0) {
            if (!(v = cli_value("draw", argc, argv, &i)))
                return 2;
            if (cg_shape_parse(v, &how.shape, &err) != CG_OK)
                return cli_usage("draw", "--input: %s", err.msg);
        } else if (strcmp(a, "--order") == 0) {
            if (!(how.order = cli_value("draw", argc, argv, &i)))
                return 2;
            if (cg_string_order_check(how.order, &err) != CG_OK)
                return cli_usage("draw", "--order: %s", err.msg);
        } else if (strcmp(a, "--across") == 0) {
            if (!(how.across = cli_value("draw", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--layout") == 0) {
            if (!(layout = cli_value("draw", argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--cube") == 0) {
            if (!(v = cli_value("draw", argc, argv, &i)) || !cli_long("draw", a, v, 1, 1L << 30, &run.want))
                return 2;
        } else if (strcmp(a, "-o") == 0) {
            if (!(to = cli_value("draw", argc, argv, &i)))
                return 2;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_unknown("draw", a, USAGE);
        } else if (path) {
            return cli_usage("draw", "one FILE only ('%s' and '%s')", path, a);
        } else {
            path = a;
        }
    }
    const char *no_color = getenv("NO_COLOR"); /* https://no-color.org: an option overrides it */
    run.plain = !chosen && no_color && *no_color;
    if (!to && run.format == CG_DRAW_PNG && isatty(STDOUT_FILENO))
        return cli_usage("draw", "--png writes binary: give -o FILE or redirect standard output");
    if (layout && cli_layout_read("draw", layout, &how.layout) != 0)
        return 2;
    if (to && !(run.out = fopen(to, "wb"))) {
        cg_layout_free(how.layout);
        cli_err("draw", "-o %s: %s", to, strerror(errno));
        return 2;
    }
    bool ok = draw_file(&run, path ? path : "-", &how);
    cg_layout_free(how.layout);
    const char *why;
    if (run.out != stdout && !cli_close_output(run.out, &why)) {
        cli_err("draw", "-o %s: %s", to, why);
        ok = false;
    }
    if (ok && run.seen == 0)
        cli_err("draw", "%s: no cube found (boxes, labelled faces, a net, a string or ANSI colours)",
                path ? path : "standard input");
    else if (ok && run.drawn == 0 && run.want)
        cli_err("draw", "--cube %ld: only %ld cube%s read", run.want, run.seen,
                run.seen == 1 ? "" : "s");
    else if (ok && !run.want && run.format != CG_DRAW_ANSI && run.seen > 1)
        cli_err("draw", "note: %ld cubes read, the first drawn (--cube N draws another)", run.seen);
    return ok && run.drawn > 0 && run.errors == 0 ? 0 : 2;
}
