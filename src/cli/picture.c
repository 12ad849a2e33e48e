/* Pictures of the cube read, on standard error (picture.h). */
#include "cli/picture.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/term.h"
#include "cubegod/draw.h"
#include "cubegod/shapes.h"
#include "puzzle/reader.h"

bool cli_picture_colour(FILE *out)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(no && *no);
}

void cli_picture(FILE *out, const cg_puzzle *p, bool colour)
{
    char buf[8192]; /* a 3x3's ANSI net is under 4 KB */
    size_t need = 0;
    if (colour) {
        if (cg_puzzle_draw(p, CG_DRAW_ANSI, buf, sizeof buf, &need, NULL) != CG_OK)
            return;
    } else {
        need = cg_puzzle_format_shape(p, CG_SHAPE_NET, CG_COLOURS_LETTERS, buf, sizeof buf);
    }
    if (need >= sizeof buf)
        return;
    for (char *line = buf, *nl; (nl = strchr(line, '\n')); line = nl + 1)
        fprintf(out, "  %.*s\n", (int)(nl - line), line);
}

struct cli_picture_tap {
    cg_shape_reader reader;
    bool colour;
    size_t len;
    char line[4096];
};

cli_picture_tap *cli_picture_tap_new(void)
{
    cli_picture_tap *t = calloc(1, sizeof *t);
    if (t && cg_shape_reader_init(&t->reader, CG_SHAPE_AUTO, NULL, NULL) != CG_OK) {
        free(t);
        return NULL;
    }
    if (t)
        t->colour = cli_picture_colour(stderr);
    return t;
}

static void take(cli_picture_tap *t)
{
    cg_puzzle p;
    while (cg_shape_reader_take(&t->reader, &p, NULL)) {
        term_status_clear();
        fprintf(stderr, "[DEBUG] the cube read:\n");
        cli_picture(stderr, &p, t->colour);
    }
}

void cli_picture_tap_feed(cli_picture_tap *t, const uint8_t *bytes, size_t n)
{
    if (!t)
        return;
    for (size_t i = 0; i < n; i++) {
        if (bytes[i] != '\n') {
            if (t->len < sizeof t->line) /* a longer line is cut: the reader says no cube */
                t->line[t->len++] = (char)bytes[i];
            continue;
        }
        cg_shape_reader_feed(&t->reader, t->line, t->len, NULL);
        t->len = 0;
        take(t);
    }
}

void cli_picture_tap_free(cli_picture_tap *t)
{
    free(t);
}
