/* cubegod turn: apply or undo moves on a drawing whose stickers are any symbols (turn.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cubegod/transcript.h"
#include "cubegod/turn.h"

static const char TURN_HELP[] =
    "usage: cubegod turn [options] MOVES [FILE|-]\n"
    "       cubegod turn [options] --moves-from FILE [FILE|-]\n"
    "       cubegod turn [options] --moves last-line [FILE|-]\n"
    "\n"
    "Reads one cube drawing (FILE, or standard input) whose stickers are any symbols (letters of\n"
    "a flag, digits, emoji, colours), applies MOVES to it sticker by sticker, and prints the\n"
    "drawing in the same layout and spacing, then its stickers in reading order on one line.\n"
    "Symbols need not be distinct: no pieces are rebuilt, but for a face a cube of colours hides.\n"
    "\n"
    "Drawings (3x3 or 2x2): a net (U rows, the rows across the side faces, D rows), face boxes\n"
    "('Face U:' and a box), labelled faces ('Up face:', 'U:', 'Front' and the rows), a facelet\n"
    "string on one line, or a --layout template; any other cube solve reads (a dict or JSON, a\n"
    "labelled string, five faces) is turned as solve reads it and written again in its shape.\n"
    "A sticker is a word, or a character (one emoji with its modifiers is one), whichever gives\n"
    "each row its count; '|' and box-drawing characters between stickers are separators.\n"
    "\n"
    "Moves: R R' R2, digits R1 R3, quarter turns R R R, slices M E S (as L, D, F), rotations\n"
    "x y z (as R, U, F), wide Rw or r, layers 2R (M' on a 3x3) and 3Rw; on a 2x2 a wide move is\n"
    "a rotation (Rw = x) and slices do not exist. Blanks and commas between moves are optional.\n"
    "\n"
    "  --undo            apply the inverse: the moves reversed, each inverted\n"
    "  --check           say whether the moves leave every face one symbol (exit 0: solved,\n"
    "                    1: not solved); the drawing is not printed\n"
    "  --size 2|3        the cube's size (default: told by the rows)\n"
    "  --across ORDER    the side faces across a net, left to right (default LFRB)\n"
    "  --order FACES     a facelet string's face order: six letters (default URFDLB,\n"
    "                    Kociemba's) or net (a net flattened into one line)\n"
    "  --layout FILE     a template: the drawing with each sticker written as its facelet\n"
    "                    name (U1..B9, or U1..B4), read in reading order\n"
    "  --move-map MAP    the challenge's names for face turns: MOVE=NAME,... or a file\n"
    "  --moves-from FILE read the moves from a file\n"
    "  --moves last-line the moves are the last line after the drawing that reads as moves\n"
    "                    ('Scramble:' and the like before them are skipped)\n"
    "\n"
    "A 'play --record' transcript is read as the text the server sent.\n"
    "\n"
    "Exit status: 0, 1 (--check: not solved), 2 for bad usage or input (an unknown move names\n"
    "its token and column; a drawing that is not a cube, the line and what was counted).\n";

#define TURN_INPUT_MAX ((size_t)16 << 20)

typedef struct turn_opts {
    bool undo, check, last_line;
    const char *size, *across, *order, *layout, *map, *moves_from, *moves, *input;
} turn_opts;

static int parse_args(int argc, char **argv, turn_opts *o)
{
    memset(o, 0, sizeof *o);
    const char *pos[2];
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = strcmp(a, "--size") == 0         ? &o->size
                            : strcmp(a, "--across") == 0     ? &o->across
                            : strcmp(a, "--order") == 0      ? &o->order
                            : strcmp(a, "--layout") == 0     ? &o->layout
                            : strcmp(a, "--move-map") == 0   ? &o->map
                            : strcmp(a, "--moves-from") == 0 ? &o->moves_from
                            : strcmp(a, "--moves") == 0      ? &o->moves
                                                             : NULL;
        if (cli_is_help(a)) {
            fputs(TURN_HELP, stdout);
            return 0;
        } else if (strcmp(a, "--undo") == 0) {
            o->undo = true;
        } else if (strcmp(a, "--check") == 0) {
            o->check = true;
        } else if (slot) {
            if (!(*slot = cli_value("turn", argc, argv, &i)))
                return 2;
        } else if (a[0] == '-' && a[1] && !(a[1] >= '1' && a[1] <= '9') && strcmp(a, "--") != 0) {
            /* a leading '-' is an option, except '-' itself; moves never start with one */
            return cli_unknown("turn", a, TURN_HELP);
        } else if (npos < 2) {
            pos[npos++] = a;
        } else {
            return cli_usage("turn", "unexpected argument '%s'", a);
        }
    }
    if (o->size && strcmp(o->size, "2") != 0 && strcmp(o->size, "3") != 0)
        return cli_usage("turn", "--size: '%s' is not 2 or 3", o->size);
    if (o->moves && strcmp(o->moves, "last-line") != 0)
        return cli_usage("turn", "--moves: '%s' is not last-line (give the moves as the first "
                         "argument, or --moves-from FILE)", o->moves);
    o->last_line = o->moves != NULL;
    if (o->last_line && o->moves_from)
        return cli_usage("turn", "--moves last-line and --moves-from both say where the moves are");
    bool need_moves = !o->last_line && !o->moves_from;
    if (need_moves && npos == 0)
        return cli_usage("turn", "no moves given (MOVES, --moves-from FILE or --moves last-line)");
    if (need_moves)
        o->moves = pos[0];
    if (npos > (need_moves ? 1 : 0))
        o->input = pos[need_moves ? 1 : 0];
    if (npos > (need_moves ? 2 : 1))
        return cli_usage("turn", "unexpected argument '%s'", pos[npos - 1]);
    return -1;
}

/* A file's text, NUL-terminated; NULL after reporting. A NUL byte inside is refused. */
static char *text_of(const char *path, size_t max, size_t *len)
{
    char *buf = cli_slurp("turn", path, max, len);
    char *text = buf ? realloc(buf, *len + 1) : NULL;
    if (!text) {
        if (buf)
            cli_err("turn", "out of memory");
        free(buf);
        return NULL;
    }
    text[*len] = '\0';
    return text;
}

/* The options word list of cg_drawing_read. */
static void read_options(const turn_opts *o, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s %s%s %s%s", o->size ? "size=" : "", o->size ? o->size : "",
             o->across ? "across=" : "", o->across ? o->across : "", o->order ? "order=" : "",
             o->order ? o->order : "");
}

static bool has_nul(const char *what, const char *text, size_t len)
{
    const char *z = memchr(text, '\0', len);
    if (z)
        cli_err("turn", "%s: a NUL byte at byte %zu", what, (size_t)(z - text) + 1);
    return z != NULL;
}

static int run(const turn_opts *o, const char *text, size_t len, const char *layout,
               const char *moves, const char *map)
{
    const char *name = o->input && strcmp(o->input, "-") != 0 ? o->input : "standard input";
    char opts[128];
    read_options(o, opts, sizeof opts);
    cg_drawing *d;
    cg_error err;
    if (cg_drawing_read(text, len, opts, layout, &d, &err) != CG_OK) {
        cli_err("turn", "%s: %s", name, err.msg);
        return 2;
    }
    char *line = NULL;
    if (o->last_line) {
        size_t n = len - cg_drawing_end(d) + 1;
        if (!(line = malloc(n)) || cg_drawing_moves(d, map, line, n, &err) != CG_OK) {
            cli_err("turn", "%s: --moves last-line: %s", name, line ? err.msg : "no memory");
            free(line);
            cg_drawing_free(d);
            return 2;
        }
        moves = line;
    }
    int status = 0;
    if (cg_drawing_turn(d, moves, map, o->undo ? CG_TURN_UNDO : 0, &err) != CG_OK) {
        cli_err("turn", "moves: %s", err.msg);
        status = 2;
    } else if (o->check) {
        bool solved = cg_drawing_solved(d);
        printf("%s\n", solved ? "solved: every face shows one symbol"
                              : "not solved: some face shows more than one symbol");
        status = solved ? 0 : 1;
    } else {
        size_t n = cg_drawing_write(d, NULL, 0), m = cg_drawing_line(d, NULL, 0);
        char *out = malloc((n > m ? n : m) + 1);
        if (!out) {
            cli_err("turn", "out of memory");
            status = 2;
        } else {
            cg_drawing_write(d, out, n + 1);
            fputs(out, stdout);
            if (n && out[n - 1] != '\n')
                putchar('\n');
            cg_drawing_line(d, out, m + 1);
            printf("%s\n", out);
            free(out);
        }
    }
    free(line);
    cg_drawing_free(d);
    return status;
}

int cmd_turn(int argc, char **argv)
{
    turn_opts o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    size_t len = 0, llen = 0, mlen = 0, maplen = 0;
    char *text = text_of(o.input ? o.input : "-", TURN_INPUT_MAX, &len);
    char *layout = text && o.layout ? text_of(o.layout, TURN_INPUT_MAX, &llen) : NULL;
    char *moves = text && o.moves_from ? text_of(o.moves_from, TURN_INPUT_MAX, &mlen) : NULL;
    bool inline_map = o.map && strchr(o.map, '=');
    char *map = text && o.map && !inline_map ? text_of(o.map, 1 << 16, &maplen) : NULL;
    rc = 2;
    if (!text || (o.layout && !layout) || (o.moves_from && !moves) || (o.map && !inline_map && !map))
        goto done;
    if (has_nul("input", text, len) || (layout && has_nul(o.layout, layout, llen)) ||
        (moves && has_nul(o.moves_from, moves, mlen)) || (map && has_nul(o.map, map, maplen)))
        goto done;
    if (cg_transcript_detect(text, len) && !cli_server_text("turn", o.input ? o.input : "-", text, &len))
        goto done;
    /* A UTF-8 byte-order mark is no sticker. */
    size_t bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    rc = run(&o, text + bom, len - bom, layout, moves ? moves : o.moves,
             inline_map ? o.map : map);
done:
    free(text);
    free(layout);
    free(moves);
    free(map);
    return rc;
}
