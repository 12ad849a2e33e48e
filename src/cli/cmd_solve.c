/* cubegod solve: puzzles from files or standard input, one optimal solution per line out. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/answer.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/goal.h"
#include "cli/json.h"
#include "cli/lines.h"
#include "cli/options.h"
#include "cli/picture.h"
#include "cubegod/solver.h"
#include "cubegod/shapes.h"
#include "cubegod/solver3.h"
#include "cubegod/state.h"
#include "cubegod/turn.h"
#include "puzzle/reader.h"

static const char USAGE[] =
    "usage: cubegod solve [--input SHAPE] [--explain-input] [--line] [--order FACES]\n"
    "                     [--json] [--target home|any|auto|STATE|FILE|first]\n"
    "                     [--scheme SCHEME] [--max-moves N] [--time-limit MS]\n"
    "                     [--threads N] [--optimal] [--ambiguous pick|fail] [--explain]\n"
    "                     [--cache FILE] [--notation N] [--move-map MAP] [--separator S]\n"
    "                     [--metric htm|qtm] [--profile FILE] [--across ORDER]\n"
    "                     [--layout FILE]\n"
    "                     [--scramble MOVES [--size 2|3]] [FILE...]\n"
    "\n"
    "Reads 2x2 and 3x3 cubes from each FILE in turn ('-' or none: standard input; the size is\n"
    "told by what is read: two stickers a box row or 24 a line is a 2x2, three or 54 a 3x3)\n"
    "and prints one solution per cube (a 2x2: optimal in the half-turn metric, or quarter turns\n"
    "with --metric qtm; a 3x3: the two-phase solver's, at most 20 moves, or 26 quarter turns\n"
    "with --metric qtm): the moves\n"
    "separated by single spaces (or as --notation, --move-map and --separator write them), an\n"
    "empty line for a solved cube, or a line holding only '!' for a cube that could not be solved\n"
    "(the reason goes to standard error). A UTF-8 byte-order mark at the start is ignored.\n"
    "\n"
    "Input is read in any of the shapes of docs/shapes.md, recognised cube by cube (--input\n"
    "auto, the default) or forced with --input: boxes ('Face U:' and a '+-----+' box), faces (a\n"
    "label such as 'Up face:', 'U:' or 'front' then the face's rows), net (the unfolded cross: U\n"
    "over F, the rows across L F R B, D under F), string (24 or 54 stickers on one line, faces in\n"
    "the --order), ansi (ANSI colour blocks laid out as a net, faces or a string). A net is\n"
    "answered at its last D row, labelled faces like boxes (below), a string at once.\n"
    "\n"
    "The boxes: each run of consecutive\n"
    "'Face X:' boxes is one cube (any five faces or all six, in any order); every other line is\n"
    "ignored. A run is answered as soon as one of these happens, so a script that talks to\n"
    "solve over pipes never has to send more than the puzzle to get its answer:\n"
    "  - its sixth face is complete;\n"
    "  - a line that is not part of a box follows it (a prompt, a blank line, anything);\n"
    "  - the input ends;\n"
    "  - it has five complete faces and no further whole line is waiting to be read (the writer\n"
    "    paused): a later sixth face then starts a new cube, so send a puzzle's boxes in one\n"
    "    write, or end it with any other line.\n"
    "A run of fewer than five faces waits for more. Input with no 'Face X:' box at all is an\n"
    "error that says what was seen instead.\n"
    "\n"
    "With --line, every input line is one cube in the compact form (24 or 54 stickers, faces U D\n"
    "F B L R, each row-major, '?' for an unknown sticker) and gets exactly one output line: a\n"
    "blank line is an error ('!'), a line starting with '#' is a comment and is answered with '#'.\n"
    "\n"
    "A 3x3 is rebuilt from its centres (each face's colour: any six distinct tokens; a hidden\n"
    "face's colour is the one no centre shows), searching every cube that fits hidden stickers.\n"
    "The 3x3 solver's tables (twophase.tbl, about 75 MB) are loaded from the folder of the 2x2\n"
    "cache, or built there the first time, when the first 3x3 is read.\n"
    "\n"
    "  --input SHAPE   auto (default), boxes, faces, net, string, ansi, dict or json (see above)\n"
    "  --explain-input for each cube, write to standard error what was recognised: the shape, the\n"
    "                  size, the lines, the face order, which colour is which face, the hidden\n"
    "                  stickers, and the cube as read, drawn as a net (in colours on a terminal,\n"
    "                  as its tokens otherwise or with NO_COLOR set; see 'cubegod draw')\n"
    "  --line          one cube per line in the compact form (or any string, ANSI colours too)\n"
    "  --order FACES   the face order of a string, six letters (URFDLB reads Kociemba's facelet\n"
    "                  strings and py222's 2x2 lines), or net: a net flattened into one line (U's\n"
    "                  rows, each row across L F R B, D's rows); default: the first common order\n"
    "                  (UDFBLR URFDLB ULFRBD UFRBLD UDLRFB FRBLUD net) that gives a possible cube\n"
    "  --ambiguous A   fail (default): a 3x3 that several cubes fit is an error saying how many;\n"
    "                  pick: take the first one found (it may not be the server's cube)\n"
    "  --explain       for each cube read, write to standard error what was read: the size, the\n"
    "                  colour of each face, how many cubes fit and where each piece is\n"
    "  --json          one JSON object per cube instead of the plain line:\n"
    "                  {\"puzzle\":1,\"file\":\"-\",\"line\":6,\"moves\":\"R U2\",\"count\":2} or\n"
    "                  {\"puzzle\":2,\"file\":\"-\",\"line\":12,\"error\":\"...\"} (comments: {\"comment\":...})\n"
    "  --target T      home: back to the start position exactly; any: every face one colour in\n"
    "                  any orientation; auto (default): home when the colour scheme is known\n"
    "                  (colours are the face letters, or --scheme); a 2x2 in the six common\n"
    "                  colours: white up, green front when a solution of it fits (else any,\n"
    "                  said on stderr); any otherwise;\n"
    "                  STATE: reach that state, a facelet string in --order (none: read as\n"
    "                  the cubes' strings are, refused when two common orders fit);\n"
    "                  FILE: the goal drawn in any shape; first: the cubes come in pairs, the\n"
    "                  first of each the goal (Goal:/Now:, or simply two drawings); both sizes\n"
    "  --across ORDER  a net's side faces left to right, such as BLFR (default auto: L F R B,\n"
    "                  or the one other turn of it that gives a possible cube)\n"
    "  --layout FILE   read drawings laid out as FILE: one cube with each sticker written as its\n"
    "                  facelet name (U1..U9 R1.. F1.. D1.. L1.. B1..; a 2x2 U1..U4 ...), line by\n"
    "                  line, everything else literal (docs/shapes.md)\n"
    "  --scramble MOVES  solve the cube those moves make from solved (--size 2 for a 2x2;\n"
    "                  default a 3x3) instead of reading any input; face turns in any\n"
    "                  dialect, and slices M E S, wide moves Rw r 2R, rotations x y z\n"
    "  --size 2|3      the size of the --scramble cube (a read cube's size is told by the cube)\n"
    "  --scheme S      the colour of each face, e.g. U=W,D=Y,F=G,B=B,L=O,R=R\n"
    "  --max-moves N   fail a cube whose shortest solution is longer (default 11; 14 with\n"
    "                  --metric qtm); when given, it also bounds the answer as the notation\n"
    "                  writes it (R2 is two moves in quarter notation); for a 3x3 (default\n"
    "                  20, or 26 with --metric qtm; at most 31) no solution of at most N moves\n"
    "                  (quarter turns with --metric qtm) found is a failure\n"
    "  --time-limit MS a 3x3: keep looking for shorter solutions for MS milliseconds and answer\n"
    "                  the shortest found (default 0: the first of at most --max-moves); the\n"
    "                  time the proof may take with --optimal\n"
    "  --threads N     a 3x3: search on N threads, 1 (default) to 6, sharing out the six sides\n"
    "                  the two-phase solver searches a cube from (a long search, --max-moves\n"
    "                  18 or less, ends sooner on two free cores)\n"
    "  --optimal       a 3x3: the shortest solution, proven (the optimal solver; its tables,\n"
    "                  optimal.tbl, about 300 MB, sit beside the 2x2 cache and take 46 s\n"
    "                  to build the first time); when the proof does not finish within\n"
    "                  --time-limit or the solver's node cap, the two-phase answer is given and\n"
    "                  a message says it is not proven optimal; half turns only: not with\n"
    "                  --metric qtm\n"
    "  --cache FILE    the solver table's cache file (see 'cubegod tables --help')\n"
    CLI_ANSWER_HELP
    CLI_PROFILE_HELP
    "\n"
    "Exit status: 0 when every cube was solved, 2 when any was not, when a FILE held no cube\n"
    "or could not be read, or on bad usage.\n";

static const cli_option SOLVE_OPTIONS[] = {
    {"line", CLI_FLAG},  {"target", CLI_VALUE}, {"scheme", CLI_VALUE}, {"max-moves", CLI_VALUE},
    {"cache", CLI_FILE}, {"json", CLI_FLAG},    CLI_ANSWER_OPTIONS,     {"profile", CLI_FILE},
    {"order", CLI_VALUE}, {"ambiguous", CLI_VALUE}, {"explain", CLI_FLAG},
    {"time-limit", CLI_VALUE}, {"threads", CLI_VALUE}, {"optimal", CLI_FLAG}, {"input", CLI_VALUE},
    {"explain-input", CLI_FLAG}, {"across", CLI_VALUE}, {"layout", CLI_FILE},
    {"scramble", CLI_VALUE}, {"size", CLI_VALUE},
    {NULL, CLI_FLAG},
};

typedef struct solve_run {
    const cg_tables *tables;
    const cg_dialect *dialect;
    int answer_max; /* the limit on the answer as written (R2 is R R in quarter notation) */
    cg_solve_options opt;
    bool json;
    const char *order;    /* face order of compact lines, NULL: UDFBLR */
    bool pick, explain;   /* --ambiguous pick, --explain */
    cg_shape shape;       /* --input */
    bool explain_input;   /* --explain-input */
    cg3_solve_options opt3;
    const char *cache3;   /* the two-phase cache file */
    cg3_twophase *twophase; /* opened at the first 3x3 */
    bool twophase_failed;
    cg_error twophase_err;
    bool optimal;           /* --optimal */
    const char *cache_opt;  /* the optimal solver's cache file */
    cg3_optimal *opt_solver; /* opened at the first 3x3 with --optimal */
    bool opt_failed;
    cg_error opt_err;
    const char *file; /* name in messages */
    bool many;        /* several files: messages name the file */
    int puzzles;
    int failed;
    const char *across;   /* --across, NULL: auto */
    cg_layout *layout;    /* --layout */
    bool target_first;    /* --target first: the first cube of each pair is the goal */
    bool have_goal;       /* the goal: --target STATE|FILE, or the first of a pair */
    cg_puzzle goal;
} solve_run;

static void where(const solve_run *run, char *buf, size_t size)
{
    if (run->many)
        snprintf(buf, size, "%s: ", run->file);
    else
        buf[0] = '\0';
}

static void json_head(solve_run *run, json *j, long line)
{
    json_start(j, stdout);
    json_object(j, NULL);
    json_int(j, "puzzle", run->puzzles);
    json_str(j, "file", run->file);
    json_int(j, "line", line);
}

static void reject(solve_run *run, const cg_error *err, long line)
{
    char w[300];
    where(run, w, sizeof w);
    run->puzzles++;
    run->failed++;
    char msg[CG_ERROR_MSG_MAX + 128];
    snprintf(msg, sizeof msg, "%s%s", err->msg, cli_read_hint(err->msg));
    cli_err("solve", "%spuzzle %d (line %ld): %s", w, run->puzzles, line, msg);
    if (run->json) {
        json j;
        json_head(run, &j, line);
        json_str(&j, "error", msg);
        json_finish(&j);
    } else {
        puts("!");
    }
    fflush(stdout);
}

/* --explain for a 3x3: what was read, to standard error. */
static void explain3(const solve_run *run, const cg_reading3 *rd, long line)
{
    char w[300];
    where(run, w, sizeof w);
    fprintf(stderr, "cubegod solve: %spuzzle %d (line %ld): a 3x3;", w, run->puzzles + 1, line);
    for (int f = 0; f < CG_FACES; f++)
        fprintf(stderr, " %c=%s", cg_face_letter(f), rd->scheme.face[f]);
    fprintf(stderr, "; %s%lu cube%s fit%s\n", rd->fits_at_least ? "at least " : "", rd->fits,
            rd->fits == 1 ? "" : "s", rd->fits == 1 ? "s" : "");
    fprintf(stderr, "  corners");
    for (int q = 0; q < CG3_CORNERS; q++)
        fprintf(stderr, " %s<-%s%s", cg3_corner_name(q), cg3_corner_name(rd->cube.cp[q]),
                rd->cube.co[q] == 1 ? "+" : rd->cube.co[q] == 2 ? "-" : "");
    fprintf(stderr, "\n  edges  ");
    for (int q = 0; q < CG3_EDGES; q++)
        fprintf(stderr, " %s<-%s%s", cg3_edge_name(q), cg3_edge_name(rd->cube.ep[q]),
                rd->cube.eo[q] ? "'" : "");
    fprintf(stderr, "\n");
}

static void answer_moves(solve_run *run, const cg3_solution *sol, long line);

static void answer3(solve_run *run, const cg_puzzle *p, long line)
{
    cg_reconstruct3_options o = {.pick = run->pick};
    cg_reading3 rd;
    cg_error err;
    if (cg_reconstruct3(p, &o, &rd, &err) != CG_OK) {
        reject(run, &err, line);
        return;
    }
    if (run->explain)
        explain3(run, &rd, line);
    cg3_solution sol;
    cg3_solve_options o3 = run->opt3;
    if (run->optimal) {
        if (!run->opt_solver && !run->opt_failed) {
            /* the two-phase tables first: their phase-1 table also prunes the optimal search
               (without them it is only slower), and they give the answer when time runs out */
            if (!run->twophase && !run->twophase_failed) {
                cg3_tables_options to = {.cache_path = run->cache3, .notice = cli_print_notice};
                if (cg3_twophase_open(&run->twophase, &to, NULL, &run->twophase_err) != CG_OK)
                    run->twophase_failed = true;
            }
            cg3_tables_options to = {.cache_path = run->cache_opt, .notice = cli_print_notice};
            if (cg3_optimal_open(&run->opt_solver, &to, NULL, &run->opt_err) != CG_OK)
                run->opt_failed = true;
            else
                cg3_optimal_use_twophase(run->opt_solver, run->twophase);
        }
        if (run->opt_failed) {
            reject(run, &run->opt_err, line);
            return;
        }
        cg_status st = cg3_optimal_solve(run->opt_solver, &rd.cube, &run->opt3, &sol, &err);
        if (st == CG_OK) {
            answer_moves(run, &sol, line);
            return;
        }
        if (st != CG_ERR_TIMEOUT) {
            reject(run, &err, line);
            return;
        }
        /* Not proven in time: the two-phase solver's first answer instead, said so. */
        char w[300];
        where(run, w, sizeof w);
        fprintf(stderr, "cubegod solve: %spuzzle %d (line %ld): %s; the answer is the two-phase "
                "solver's\n", w, run->puzzles + 1, line, err.msg);
        o3.time_limit_ms = 0;
    }
    if (!run->twophase && !run->twophase_failed) {
        cg3_tables_options to = {.cache_path = run->cache3, .notice = cli_print_notice};
        if (cg3_twophase_open(&run->twophase, &to, NULL, &run->twophase_err) != CG_OK)
            run->twophase_failed = true;
    }
    if (run->twophase_failed) {
        reject(run, &run->twophase_err, line);
        return;
    }
    if (cg3_twophase_solve(run->twophase, &rd.cube, &o3, &sol, &err) != CG_OK) {
        reject(run, &err, line);
        return;
    }
    answer_moves(run, &sol, line);
}

/* Writes a 3x3 solution as the answer. */
static void answer_moves(solve_run *run, const cg3_solution *sol, long line)
{
    char buf[2048];
    cg_error err;
    if (cg_dialect_answer(run->dialect, run->opt3.metric, 3 * CG3_SOLUTION_MAX, sol->moves,
                          (size_t)sol->n, buf, sizeof buf, &err) != CG_OK) {
        reject(run, &err, line);
        return;
    }
    run->puzzles++;
    if (run->json) {
        json j;
        json_head(run, &j, line);
        json_str(&j, "moves", buf);
        json_int(&j, "count", sol->n);
        json_finish(&j);
    } else {
        puts(buf);
    }
    fflush(stdout);
}

static void answer_cube(solve_run *run, const cg_puzzle *p, long line)
{
    if (p->size == 3) {
        answer3(run, p, line);
        return;
    }
    cg_reading rd;
    if (run->explain && cg_reconstruct(p, run->opt.scheme, &rd, NULL) == CG_OK) {
        char w[300];
        where(run, w, sizeof w);
        fprintf(stderr, "cubegod solve: %spuzzle %d (line %ld): a 2x2;", w, run->puzzles + 1, line);
        for (int f = 0; f < CG_FACES; f++)
            fprintf(stderr, " %c=%s", cg_face_letter(f), rd.scheme.face[f]);
        fprintf(stderr, "\n  corners");
        for (int q = 0; q < CG_CORNERS; q++)
            fprintf(stderr, " %s<-%s%s", cg_corner_name(q), cg_corner_name(rd.cube.perm[q]),
                    rd.cube.twist[q] == 1 ? "+" : rd.cube.twist[q] == 2 ? "-" : "");
        fprintf(stderr, "\n");
    }
    cg_move moves[CG_SOLUTION_MAX];
    int n;
    cg_error err;
    char buf[2048];
    cg_status st = cg_solve_puzzle_note(run->tables, p, &run->opt, moves, &n, buf, sizeof buf, &err);
    if (st == CG_OK && buf[0])
        fprintf(stderr, "cubegod solve: line %ld: %s%s\n", line, buf, cli_read_hint(buf));
    if (st == CG_OK)
        st = cg_dialect_answer(run->dialect, cg_tables_metric(run->tables), run->answer_max,
                               moves, (size_t)n, buf, sizeof buf, &err);
    if (st != CG_OK) {
        reject(run, &err, line);
        return;
    }
    run->puzzles++;
    if (run->json) {
        json j;
        json_head(run, &j, line);
        json_str(&j, "moves", buf);
        json_int(&j, "count", n);
        json_finish(&j);
    } else {
        puts(buf);
    }
    /* A script may hand over one cube at a time and wait for its answer. */
    fflush(stdout);
}

/* A cube toward the goal when there is one (--target STATE|FILE|first). */
static void answer(solve_run *run, const cg_puzzle *p, long line)
{
    if (!run->have_goal) {
        answer_cube(run, p, line);
        return;
    }
    cg_puzzle rel;
    cg_error err;
    if (cg_puzzle_toward(&run->goal, p, run->opt.scheme, run->pick, &rel, &err) != CG_OK) {
        reject(run, &err, line);
        return;
    }
    answer_cube(run, &rel, line);
}

/* A string that is no cube in its order but is one in another common order: say which. */
static void order_hint(const solve_run *run, const cg_puzzle *p)
{
    char state[CG3_FACELETS + 1], other[8];
    if (cg_puzzle_state(p, run->opt.scheme, 1, state, sizeof state, NULL) == CG_OK ||
        !cg_puzzle_order_hint(p, run->order, other, sizeof other))
        return;
    fprintf(stderr, "cubegod solve: read in the face order %s this string is a possible cube: "
            "try --order %s\n", other, other);
}

/* What a file without any box looked like, for the message. */
/* What the lines were like, for the message when none held a cube; the text's start kept for
 * cg_turn_hint (a hidden-text challenge's drawing and moves fit well within the bound). */
#define SEEN_TEXT_MAX ((size_t)64 << 10)
typedef struct seen {
    long lines, compact, compact54, bare_faces;
    bool transcript;
    char *text;
    size_t len;
} seen;

static void look(seen *s, const char *line, size_t len)
{
    s->lines++;
    if (!s->text && s->lines == 1)
        s->text = malloc(SEEN_TEXT_MAX); /* none: the message goes without the hint */
    if (s->text && s->len + len + 1 <= SEEN_TEXT_MAX) {
        memcpy(s->text + s->len, line, len);
        s->len += len;
        s->text[s->len++] = '\n';
    }
    if (s->lines == 1 && strncmp(line, "# cubegod transcript", 20) == 0)
        s->transcript = true;
    size_t i = 0;
    while (i < len && (line[i] == ' ' || line[i] == '\t'))
        i++;
    size_t j = len;
    while (j > i && (line[j - 1] == ' ' || line[j - 1] == '\t' || line[j - 1] == '\r'))
        j--;
    bool blankless = (j - i == 24 || j - i == 54) && !memchr(line + i, ' ', j - i) &&
                     !memchr(line + i, '\t', j - i);
    s->compact += blankless;
    s->compact54 += blankless && j - i == 54;
    if (j - i >= 2 && strchr("UDFBLR", line[i]) && line[i + 1] == ':')
        s->bare_faces++;
}

/* Every cube the input showed was refused: a drawing of symbols with moves after it is turn's
 * task (a hidden-text challenge), said once after the refusals. */
static void no_cube_solved(const solve_run *run, const seen *s)
{
    char w[300], hint[600];
    where(run, w, sizeof w);
    if (s->text && cg_turn_hint(s->text, s->len, true, hint, sizeof hint) > 0) {
        cli_turn_advice(hint, sizeof hint, run->file);
        cli_err("solve", "%sno cube could be solved; %s", w, hint);
    }
}

/* A cube in another shape than --input asks for: where it is and which shape reads it. */
static bool other_shape(const solve_run *run, const seen *s, char *hint, size_t size)
{
    cg_shape_info in;
    if (run->shape == CG_SHAPE_AUTO || !s->text || !cg_shape_first(s->text, s->len, run->order, &in))
        return false;
    bool range = in.first_line < in.last_line;
    snprintf(hint, size, "line%s %ld%s%.0ld hold%s a cube as %s%s: --input %s (or auto) reads it",
             range ? "s" : "", in.first_line, range ? "-" : "", range ? in.last_line : 0,
             range ? "" : "s", cg_shape_name(in.shape), in.ansi ? " in ANSI colours" : "",
             cg_shape_name(in.shape));
    return true;
}

static void no_cube(solve_run *run, const seen *s)
{
    char w[300], hint[600] = "";
    where(run, w, sizeof w);
    if (s->lines == 0)
        snprintf(hint, sizeof hint, "the input is empty");
    else if (s->text && cg_turn_hint(s->text, s->len, true, hint, sizeof hint) > 0)
        cli_turn_advice(hint, sizeof hint, run->file); /* a drawing with its moves: turn's, not solve's */
    else if (s->transcript)
        snprintf(hint, sizeof hint, "this is a 'play --record' transcript: check it with "
                 "'cubegod replay FILE'");
    else if (other_shape(run, s, hint, sizeof hint))
        ; /* what another shape reads tells more than what the lines look like */
    else if (run->shape != CG_SHAPE_BOXES)
        snprintf(hint, sizeof hint, "docs/shapes.md shows each shape; --input SHAPE reads only one");
    else if (s->bare_faces)
        snprintf(hint, sizeof hint, "%ld line%s like 'U:' start%s a face: each box must be "
                 "headed 'Face U:'", s->bare_faces, s->bare_faces == 1 ? "" : "s",
                 s->bare_faces == 1 ? "s" : "");
    else if (s->compact)
        snprintf(hint, sizeof hint, "%ld line%s of %s stickers: for one cube per line use --line "
                 "(or --input auto)",
                 s->compact, s->compact == 1 ? "" : "s",
                 s->compact54 == 0 ? "24" : s->compact54 == s->compact ? "54" : "24 or 54");
    else
        snprintf(hint, sizeof hint, "boxes look like 'Face U:' then '+-----+', '| U U |', "
                 "'| U U |', '+-----+'; for one cube per line use --line");
    char msg[1024];
    if (run->shape == CG_SHAPE_BOXES)
        snprintf(msg, sizeof msg, "no cube found: no 'Face X:' box in %ld line%s; %s", s->lines,
                 s->lines == 1 ? "" : "s", hint);
    else
        snprintf(msg, sizeof msg, "no cube found: nothing in %ld line%s is a cube (%s); %s",
                 s->lines, s->lines == 1 ? "" : "s",
                 run->shape == CG_SHAPE_AUTO ? "boxes, labelled faces, a net, a string or ANSI colours"
                                             : cg_shape_name(run->shape), hint);
    cli_err("solve", "%s%s", w, msg);
    run->failed++;
    if (run->json) { /* the same words as the message */
        json j;
        json_start(&j, stdout);
        json_object(&j, NULL);
        json_str(&j, "file", run->file);
        json_int(&j, "line", s->lines);
        json_str(&j, "error", msg);
        json_finish(&j);
    }
}

/* --explain-input: what the reader recognised, to standard error. */
static void explain_input(const solve_run *run, const cg_puzzle *p, const cg_shape_info *in)
{
    char w[300];
    where(run, w, sizeof w);
    int n = p->size, per = n * n, unknown = 0;
    char hidden[64] = "";
    for (int i = 0; i < cg_puzzle_stickers(p); i++)
        unknown += p->sticker[i] == CG_UNKNOWN;
    for (int f = 0; f < CG_FACES; f++) {
        int k = 0;
        while (k < per && p->sticker[f * per + k] == CG_UNKNOWN)
            k++;
        if (k == per) {
            size_t l = strlen(hidden);
            snprintf(hidden + l, sizeof hidden - l, "%s%c", l ? " " : "", cg_face_letter(f));
        }
    }
    char lines[48];
    if (in->first_line < in->last_line)
        snprintf(lines, sizeof lines, "lines %ld-%ld", in->first_line, in->last_line);
    else
        snprintf(lines, sizeof lines, "line %ld", in->first_line);
    fprintf(stderr, "cubegod solve: %spuzzle %d (%s): %s of a %dx%d%s; faces in the order %s%s\n",
            w, run->puzzles + 1, lines, cg_shape_name(in->shape), n, n,
            in->ansi ? " in ANSI colours" : "", in->order,
            strcmp(in->order, "net") == 0 && (!in->across[0] || !strcmp(in->across, "LFRB"))
                ? " (U, then L F R B across, then D)"
            : strcmp(in->order, "cross") == 0
                ? " (U, then L F R across, then D, then B under D turned half a turn)" : "");
    if (strcmp(in->order, "net") == 0 && in->across[0] && strcmp(in->across, "LFRB") != 0)
        fprintf(stderr, "  side faces across: %c %c %c %c (%s; U and D drawn toward F)\n",
                in->across[0], in->across[1], in->across[2], in->across[3],
                run->across ? "--across" : "the one order that gives a possible cube");
    fprintf(stderr, "  colours:");
    cg_error err;
    if (n == 3) {
        cg_reconstruct3_options o = {.pick = true};
        cg_reading3 rd;
        if (cg_reconstruct3(p, &o, &rd, &err) == CG_OK)
            for (int f = 0; f < CG_FACES; f++)
                fprintf(stderr, " %c=%s", cg_face_letter(f), rd.scheme.face[f]);
        else
            fprintf(stderr, " not told (%s)", err.msg);
        fprintf(stderr, "%s\n", " (from the centres)");
    } else {
        cg_reading rd;
        if (cg_reconstruct(p, run->opt.scheme, &rd, &err) == CG_OK) {
            for (int f = 0; f < CG_FACES; f++)
                fprintf(stderr, " %c=%s", cg_face_letter(f), rd.scheme.face[f]);
            fprintf(stderr, " (%s)\n", run->opt.scheme ? "--scheme"
                                      : rd.scheme_known ? "the face letters"
                                                        : "from the corners, up to a turn of the whole cube");
        } else {
            fprintf(stderr, " not told (%s)\n", err.msg);
        }
    }
    fprintf(stderr, "  hidden: %d sticker%s%s%s%s\n", unknown, unknown == 1 ? "" : "s",
            hidden[0] ? " (face " : "", hidden, hidden[0] ? ")" : "");
    cli_picture(stderr, p, cli_picture_colour(stderr)); /* a misread is seen at a glance */
}

static void take_all(solve_run *run, cg_shape_reader *rd)
{
    cg_puzzle p;
    cg_shape_info info;
    while (cg_shape_reader_take(rd, &p, &info)) {
        if (info.note[0])
            fprintf(stderr, "cubegod solve: line %ld: %s%s\n", info.first_line, info.note,
                    cli_read_hint(info.note));
        if (run->explain_input)
            explain_input(run, &p, &info);
        if (run->target_first && !run->have_goal) {
            run->goal = p;
            run->have_goal = true;
            continue;
        }
        if (info.shape == CG_SHAPE_STRING && !run->have_goal)
            order_hint(run, &p);
        answer(run, &p, info.last_line);
        if (run->target_first)
            run->have_goal = false;
    }
}

static void solve_shapes(solve_run *run, cg_line_reader *in)
{
    cg_shape_reader reader;
    cg_error err;
    cg_shape_reader_init(&reader, run->shape, run->order, &err); /* order checked by solve_main */
    cg_shape_reader_across(&reader, run->across, &err);           /* likewise */
    if (run->layout)
        cg_shape_reader_layout(&reader, run->layout, &err);
    const char *line;
    size_t len;
    seen s = {0};
    int before = run->puzzles, failed = run->failed;
    while (cg_line_next(in, &line, &len)) {
        look(&s, line, len);
        if (cg_shape_reader_feed(&reader, line, len, &err) != CG_OK)
            reject(run, &err, in->number);
        take_all(run, &reader);
        /* Answer a cube complete enough now rather than wait for a line that a writer waiting
         * for this very answer will never send (see --help). */
        if (cg_shape_reader_busy(&reader) && !cg_line_waiting(in)) {
            if (cg_shape_reader_pause(&reader, &err) != CG_OK)
                reject(run, &err, in->number);
            take_all(run, &reader);
        }
    }
    if (cg_shape_reader_finish(&reader, &err) != CG_OK)
        reject(run, &err, in->number);
    take_all(run, &reader);
    /* after a failed read (solve_file says so) what came before it is not "the input" */
    if (!in->error && run->puzzles == before)
        no_cube(run, &s);
    else if (!in->error && run->failed - failed == run->puzzles - before)
        no_cube_solved(run, &s);
    free(s.text);
}

/* Text for a person ("Welcome to the cube god trial!"): three words of two letters or more
 * with a lower-case letter; a string of stickers has none. */
static bool prose(const char *s, size_t n)
{
    int words = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        bool lower = false;
        while (j < n && isalpha((unsigned char)s[j]))
            lower |= islower((unsigned char)s[j++]);
        words += j - i >= 2 && lower;
        i = j > i ? j : i + 1;
    }
    return words >= 3;
}

/* --line on a capture of a game (text and drawings) gets one message, not one a line: the lines
 * that fail before any cube is read are held (while more input is already there: a co-process
 * waiting for its answer gets it at once) until a line of text or a face box shows what the
 * input is, or a cube line shows the held ones were only bad lines. */
enum { HELD_MAX = 64 };
typedef struct held_lines {
    int n;
    long number[HELD_MAX];
    cg_error err[HELD_MAX];
} held_lines;

static void release(solve_run *run, held_lines *h)
{
    for (int i = 0; i < h->n; i++)
        reject(run, &h->err[i], h->number[i]);
    h->n = 0;
}

/* One message for the whole input, and the rest of it skipped. */
static void not_lines(solve_run *run, cg_line_reader *in, const char *line, size_t len,
                      bool box, held_lines *h)
{
    char w[300];
    where(run, w, sizeof w);
    if (box)
        cli_err("solve", "%sline %ld ('%.*s') starts a face box: the input looks like face "
                "boxes, which --line does not read; drop --line (every shape is read "
                "without it)", w, in->number, (int)len, line);
    else
        cli_err("solve", "%sline %ld ('%.*s') is text, not a cube: the input looks like a "
                "capture of a game (text and drawings), which --line does not read; drop --line "
                "(every shape is read without it)", w, in->number, (int)(len > 60 ? 60 : len), line);
    run->failed++;
    h->n = 0;
    while (cg_line_next(in, &line, &len)) /* the rest is the same capture */
        ;
}

/* What --explain-input says of a line --line read as a cube: the string reader's own account,
 * with the face order the automatic choice took (not "auto"). */
static void line_info(const solve_run *run, const char *line, size_t len, cg_shape_info *info)
{
    *info = (cg_shape_info){.shape = CG_SHAPE_STRING};
    snprintf(info->order, sizeof info->order, "%s", run->order ? run->order : "auto");
    cg_shape_reader *r;
    cg_puzzle p;
    if (cg_shape_reader_new(&r, CG_SHAPE_STRING, run->order, NULL) != CG_OK)
        return;
    /* the line was read as a cube already, by the same rules: the reader takes it the same way */
    cg_shape_reader_feed(r, line, len, NULL);
    cg_shape_reader_finish(r, NULL);
    cg_shape_reader_take(r, &p, info);
    cg_shape_reader_free(r);
}

static void solve_lines(solve_run *run, cg_line_reader *in)
{
    const char *line;
    size_t len;
    int before = run->puzzles;
    held_lines held = {0};
    while (cg_line_next(in, &line, &len)) {
        size_t i = 0;
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        cg_puzzle p;
        cg_error err;
        if (i < len && line[i] == '#') {
            if (run->json) {
                json j;
                json_start(&j, stdout);
                json_object(&j, NULL);
                json_strn(&j, "comment", line, len);
                json_finish(&j);
            } else {
                puts("#");
            }
            fflush(stdout);
            continue;
        }
        if (len - i >= 7 && strncmp(line + i, "Face ", 5) == 0 && memchr(line + i, ':', len - i) &&
            len - i <= 10) {
            not_lines(run, in, line + i, len - i, true, &held);
            return;
        }
        if (i == len)
            cg_fail(&err, CG_ERR_INPUT, "blank line: with --line every line is one cube "
                    "(24 or 54 stickers)");
        else if (in->truncated)
            cg_fail(&err, CG_ERR_LIMIT, "line is longer than %zu bytes", sizeof in->buf - 1);
        bool ok = !(i == len || in->truncated);
        if (ok && cg_puzzle_from_string(line, len, run->order, &p, &err) != CG_OK)
            ok = false;
        if (!ok && run->puzzles == before && prose(line + i, len - i) && cg_line_waiting(in)) {
            not_lines(run, in, line + i, len - i, false, &held);
            return;
        }
        if (!ok && run->puzzles == before && held.n < HELD_MAX && cg_line_waiting(in)) {
            held.number[held.n] = in->number;
            held.err[held.n++] = err;
        } else if (!ok) {
            release(run, &held);
            reject(run, &err, in->number);
        } else {
            release(run, &held);
            if (run->explain_input) {
                cg_shape_info info;
                line_info(run, line, len, &info);
                info.first_line = info.last_line = in->number;
                explain_input(run, &p, &info);
            }
            if (run->target_first && !run->have_goal) {
                run->goal = p;
                run->have_goal = true;
                continue;
            }
            if (!run->have_goal)
                order_hint(run, &p);
            answer(run, &p, in->number);
            if (run->target_first)
                run->have_goal = false;
        }
    }
    release(run, &held);
}

/* One input: a file name or "-" for standard input. Returns false when it cannot be read. */
static bool solve_file(solve_run *run, const char *path, bool line_mode)
{
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    run->file = path;
    if (fd < 0) {
        cli_err("solve", "%s: %s", path, strerror(errno));
        return false;
    }
    cg_line_reader in;
    cg_line_reader_init(&in, fd);
    if (line_mode)
        solve_lines(run, &in);
    else
        solve_shapes(run, &in);
    if (fd != STDIN_FILENO)
        close(fd);
    if (in.error) {
        cli_err("solve", "%s: reading failed: %s", strcmp(path, "-") ? path : "standard input",
                strerror(in.error));
        return false;
    }
    return true;
}

/* The goal and the layout, once every option is known. */
static int solve_setup(solve_run *run, const char *target, const char *layout)
{
    if (layout && cli_layout_read("solve", layout, &run->layout) != 0)
        return 2;
    if (target) {
        if (cli_goal_read("solve", target, run->order, run->across, run->opt.scheme, run->pick,
                          &run->goal, &run->target_first) != 0)
            return 2;
        run->have_goal = !run->target_first;
        run->opt.target = CG_TARGET_HOME; /* the relative cube is read in face letters */
    }
    return 0;
}

/* --scramble: the cube those moves make from solved. Slices, wide moves and rotations too
 * (turn.h): a scramble a server prints often has them; the centres they move tell the colours. */
static bool solve_scramble(solve_run *run, const char *moves, int size)
{
    char solved[CG3_FACELETS + 1], state[CG3_FACELETS + 1];
    cg_error err;
    cg_puzzle p;
    run->file = "--scramble";
    if (cg_state_solved(size, solved, sizeof solved, &err) != CG_OK ||
        cg_stickers_apply(size, moves, 0, solved, state, sizeof state, &err) != CG_OK ||
        cg_puzzle_from_string(state, strlen(state), "URFDLB", &p, &err) != CG_OK) {
        reject(run, &err, 0);
        return true;
    }
    answer(run, &p, 0);
    return true;
}

static int solve_main(int argc, char **argv)
{
    solve_run run = {.opt = cg_solve_defaults(), .opt3 = cg3_solve_defaults()};
    cg_tables_options topt = {0};
    cg_scheme scheme;
    bool line_mode = false, max_given = false;
    int nfiles = 0, size = 0;
    const char *target = NULL, *layout = NULL, *scramble = NULL;
    char *files[argc > 0 ? argc : 1];
    cli_answer ans;
    cli_answer_init(&ans);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        long n;
        cg_error err;
        if (cli_is_help(a)) {
            fputs(USAGE, stdout);
            return 0;
        } else if (a[0] != '-' || a[1] == '\0') {
            files[nfiles++] = argv[i];
            continue;
        }
        const cli_option *o = cli_option_find(SOLVE_OPTIONS, a);
        if (!o)
            return cli_unknown("solve", a, USAGE);
        if (o->kind != CLI_FLAG && !(v = cli_value("solve", argc, argv, &i)))
            return 2;
        int rc = cli_answer_option("solve", a, v, &ans);
        if (rc == 2)
            return 2;
        if (rc == 1) {
            continue;
        } else if (strcmp(a, "--line") == 0) {
            line_mode = true;
        } else if (strcmp(a, "--json") == 0) {
            run.json = true;
        } else if (strcmp(a, "--target") == 0) {
            if (cg_target_parse(v) >= 0)
                run.opt.target = (cg_target)cg_target_parse(v);
            else
                target = v; /* a goal: read once --order is known */
        } else if (strcmp(a, "--across") == 0) {
            cg_shape_reader probe;
            cg_shape_reader_init(&probe, CG_SHAPE_AUTO, NULL, NULL);
            if (cg_shape_reader_across(&probe, v, &err) != CG_OK)
                return cli_usage("solve", "--across: %s", err.msg);
            run.across = strcmp(v, "auto") == 0 ? NULL : v;
        } else if (strcmp(a, "--layout") == 0) {
            layout = v;
        } else if (strcmp(a, "--scramble") == 0) {
            scramble = v;
        } else if (strcmp(a, "--size") == 0) {
            if (!cli_long("solve", "--size", v, 2, 3, &n))
                return 2;
            size = (int)n;
        } else if (strcmp(a, "--scheme") == 0) {
            if (cg_scheme_parse(v, &scheme, &err) != CG_OK)
                return cli_usage("solve", "--scheme: %s", err.msg);
            run.opt.scheme = &scheme;
        } else if (strcmp(a, "--max-moves") == 0) {
            if (!cli_long("solve", "--max-moves", v, 0, 1000, &n))
                return 2;
            run.opt.max_moves = (int)n;
            max_given = true;
        } else if (strcmp(a, "--cache") == 0) {
            topt.cache_path = v;
        } else if (strcmp(a, "--order") == 0) {
            if (cg_string_order_check(v, &err) != CG_OK)
                return cli_usage("solve", "--order: %s", err.msg);
            run.order = v;
        } else if (strcmp(a, "--ambiguous") == 0) {
            if (strcmp(v, "pick") != 0 && strcmp(v, "fail") != 0)
                return cli_usage("solve", "--ambiguous: '%s' is not pick or fail", v);
            run.pick = strcmp(v, "pick") == 0;
        } else if (strcmp(a, "--input") == 0) {
            if (cg_shape_parse(v, &run.shape, &err) != CG_OK)
                return cli_usage("solve", "--input: %s", err.msg);
        } else if (strcmp(a, "--explain-input") == 0) {
            run.explain_input = true;
        } else if (strcmp(a, "--explain") == 0) {
            run.explain = true;
        } else if (strcmp(a, "--optimal") == 0) {
            run.optimal = true;
        } else if (strcmp(a, "--time-limit") == 0) {
            if (!cli_long("solve", "--time-limit", v, 0, 3600000, &n))
                return 2;
            run.opt3.time_limit_ms = (double)n;
        } else if (strcmp(a, "--threads") == 0) {
            if (!cli_long("solve", "--threads", v, 1, CG3_THREADS_MAX, &n))
                return 2;
            run.opt3.threads = (int)n;
        }
    }
    if (size && !scramble)
        return cli_usage("solve", "--size goes with --scramble: a cube read is a 2x2 or a 3x3 by "
                                  "what it shows (2 or 3 stickers a row, 24 or 54 a line)");
    if (layout && (line_mode || run.shape != CG_SHAPE_AUTO))
        return cli_usage("solve", "--layout reads drawings in the layout only: it goes with "
                                  "neither --line nor --input");
    int rc = solve_setup(&run, target, layout);
    if (rc != 0)
        return rc;
    if (line_mode && run.shape != CG_SHAPE_AUTO && run.shape != CG_SHAPE_STRING &&
        run.shape != CG_SHAPE_ANSI)
        return cli_usage("solve", "--line reads one string a line: --input %s does not go with it",
                         cg_shape_name(run.shape));
    if (!cli_answer_ready("solve", &ans))
        return 2;
    run.dialect = &ans.dialect;
    topt.metric = ans.metric;
    if (!max_given && ans.metric == CG_METRIC_QTM)
        run.opt.max_moves = CG_SOLUTION_MAX;
    run.answer_max = max_given ? run.opt.max_moves : 3 * CG_SOLUTION_MAX;
    run.opt3.metric = ans.metric;
    if (max_given)
        run.opt3.max_moves = run.opt.max_moves < CG3_SOLUTION_MAX ? run.opt.max_moves
                                                                  : CG3_SOLUTION_MAX;
    else if (ans.metric == CG_METRIC_QTM) /* God's number in quarter turns */
        run.opt3.max_moves = CG3_GODS_NUMBER_QTM;
    if (run.optimal && ans.metric == CG_METRIC_QTM)
        return cli_usage("solve", "--optimal counts half turns only: it does not go with "
                                  "--metric qtm (without --optimal the 3x3 is solved in quarter "
                                  "turns by the two-phase solver)");
    /* The 3x3 caches sit beside the 2x2's, given or not. */
    run.cache3 = cli_cache3_path(CLI_TWOPHASE, topt.cache_path);
    run.cache_opt = cli_cache3_path(CLI_OPTIMAL, topt.cache_path);
    cg_tables *tables;
    cg_error err;
    cli_tables_options(&topt, false);
    if (cg_tables_open(&tables, &topt, NULL, &err) != CG_OK) {
        cli_err("solve", "%s", err.msg);
        return 2;
    }
    run.tables = tables;
    run.many = nfiles > 1;
    bool ok = true;
    if (scramble)
        ok = solve_scramble(&run, scramble, size ? size : 3);
    else if (nfiles == 0)
        ok = solve_file(&run, "-", line_mode);
    for (int i = 0; i < nfiles; i++)
        ok = solve_file(&run, files[i], line_mode) && ok;
    cg_tables_close(tables);
    cg3_optimal_close(run.opt_solver); /* before the two-phase tables it reads */
    cg3_twophase_close(run.twophase);
    cg_layout_free(run.layout);
    return ok && !run.failed ? 0 : 2;
}

int cmd_solve(int argc, char **argv)
{
    void *owned;
    int rc = cli_profile_expand("solve", SOLVE_OPTIONS, &argc, &argv, &owned);
    if (rc >= 0)
        return rc;
    rc = solve_main(argc, argv);
    cli_profile_free(owned);
    return rc;
}
