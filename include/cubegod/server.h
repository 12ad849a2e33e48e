/* cubegod: a faithful copy of the "cube god" challenge server (docs/protocol.md), for practice and tests.
 *
 * Two layers:
 *
 *   the game     pure functions: a round's scramble from a seeded generator, the text the server
 *                sends, the check of an answer line and its verdict. No I/O, unit-testable.
 *   the server   a TCP (optionally TLS) listener; one thread per connection runs one game with
 *                blocking-style code over a tube (tube.h), the same transport code the client
 *                uses: every receive waits with the alarm as its timeout, every send with a
 *                10 s one, so a slow or silent client only ever holds its own thread. Each
 *                round's output (verdict, blank line, next round up to the prompt) leaves in one
 *                write with TCP_NODELAY on. A tube's buffer bounds a connection's input to 4 KiB.
 *                SIGPIPE never fires (the tubes see to it); the process-wide disposition is left
 *                alone.
 *
 * What a game looks like on the wire:
 *
 *   Welcome to the cube god trial!
 *   Solve 100 rounds, each in 1 second(s) and at most 11 moves, to get the flag!
 *   === Round 1/100 ===
 *   Here is the cube, one face hidden:
 *   Face U:            five boxes, U D F B L R minus the hidden face
 *   +-----+
 *   | L D |
 *   | U F |
 *   +-----+
 *   ...
 *   Enter your solution:
 *                      the client answers one line within the alarm
 *   [+] Correct! (8 moves)
 *                      (an empty line), then the next round
 *   ...
 *   Congratulations! Here is your flag: FLAG
 *
 * A failed round gets one "[-] reason" line and the connection is closed. */
#ifndef CUBEGOD_SERVER_H
#define CUBEGOD_SERVER_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cubegod/cube.h"
#include "cubegod/cube3.h"
#include "cubegod/error.h"
#include "cubegod/notation.h"
#include "cubegod/shapes.h"
#include "cubegod/solver.h"

#define CG_SERVER_LINE_MAX 4096   /* longest answer line accepted, newline included */
#define CG_SERVER_MAX_MOVES 64    /* upper bound of the --max-moves option */
#define CG_SCRAMBLE_MIN 114       /* randint(114, 514), both ends included */
#define CG_SCRAMBLE_MAX 514

/* ---- the game ---- */

typedef struct cg_round {
    cg_cube cube;       /* the scrambled state the client must solve */
    int scramble_moves; /* how many random moves made it (114..514) */
    int hidden;         /* the face not shown (CG_U..CG_R) */
} cg_round;

/* The generator seed of game `game` (1, 2, ...) of a server seeded with `seed`: the same pair
 * always gives the same game. */
CG_API uint64_t cg_game_seed(uint64_t seed, uint64_t game);

/* Draws the next round from r: scramble length, the moves from home, then the hidden face. */
CG_API void cg_round_make(cg_rng *r, cg_round *out);

/* The round's text from "=== Round i/N ===" to the prompt line, each line ending in '\n'.
 * Returns the length needed (like snprintf); under 512 bytes. */
/* The same with the cube in another shape and colour set (shapes.h: boxes need the letters;
 * CG_SHAPE_AUTO is boxes); under 2048 bytes. */
CG_API size_t cg_round_format_view(const cg_round *r, int index, int rounds, const char *prompt,
                                   cg_shape shape, cg_colours colours, char *buf, size_t size);
CG_API size_t cg_round_format(const cg_round *r, int index, int rounds, char *buf, size_t size);
/* The same with another prompt line (one-move mode: CG_ONE_MOVE_PROMPT). */
CG_API size_t cg_round_format_prompt(const cg_round *r, int index, int rounds, const char *prompt,
                                     char *buf, size_t size);

/* One-move mode: the client answers one move per prompt; after each move that does not solve
 * the cube the server prints
 *
 *   Move k: NAME       the k-th move, as the dialect names it
 *   Face U: ...        the cube now, the round's hidden face still hidden
 *   Enter your move:
 *
 * and after the move that solves it the verdict ("[+] Correct! (k moves)"). An empty line asks
 * for the verdict at once (a cube already solved). Running out of moves loses the round. */
#define CG_ONE_MOVE_PROMPT "Enter your move:"
/* The text after move k (named `name`) of a one-move round: the "Move k:" line and the cube
 * with face `hidden` hidden (as the round hides it), without the prompt. Returns the length needed (like
 * snprintf). */
CG_API size_t cg_round_format_after_move(const cg_cube *cube, int hidden, int k, const char *name,
                                         char *buf, size_t size);

/* The numbers of a round header's "i/N" at the start of text (blanks before each number are
 * skipped, as "=== Round %d/%d" would): returns how many were read, 0, 1 (i only) or 2, and
 * stores those. Digits only, each from 0 to 999999999: unlike sscanf's %d, a number too large
 * for an int is refused, not undefined. */
CG_API int cg_round_numbers(const char *text, int *i, int *n);

/* Checks one answer line (without its '\n'; a trailing '\r' is ignored) against the scrambled
 * cube: printable bytes only, moves from the 18 of VALID, at most max_moves of them, and the cube
 * solved afterwards (target CG_TARGET_HOME: back in the home position; otherwise every face one
 * colour). *nmoves receives the number of moves when they parse.
 * Returns CG_OK when the answer solves; otherwise err->msg is the reason shown to the client:
 *   CG_ERR_INPUT     a byte that is not printable text, or a token not in VALID
 *   CG_ERR_LIMIT     more than max_moves moves
 *   CG_ERR_PROTOCOL  the moves do not solve the cube ("Not solved!") */
CG_API cg_status cg_answer_check(const cg_cube *cube, const char *line, size_t len, int max_moves,
                          cg_target check, int *nmoves, cg_error *err);

/* What an answer may be: cg_answer_check's rules, plus the dialect it is written in (NULL: the
 * default, notation.h) and the metric its length is counted in (a half turn counts 2 in QTM). */
typedef struct cg_answer_rules {
    int max_moves;
    cg_target check;
    const cg_dialect *dialect;
    cg_metric metric;
} cg_answer_rules;

/* cg_answer_check under rules; *nmoves receives the length in rules->metric. */
CG_API cg_status cg_answer_check_rules(const cg_cube *cube, const char *line, size_t len,
                                       const cg_answer_rules *rules, int *nmoves, cg_error *err);

/* One-move mode: one answer line as at most one move under rules (dialect; max_moves and check
 * are the caller's). *move receives the move, or -1 for an empty line.
 * CG_ERR_INPUT: a byte that is not printable, a token not in the dialect, or more than one move. */
CG_API cg_status cg_answer_one_move(const char *line, size_t len, const cg_answer_rules *rules,
                                    int *move, cg_error *err);

/* ---- the 3x3 game (serve --size 3) ----
 *
 * The same game with a 3x3: each round a uniformly random cube (cg3_cube_random, as a long
 * scramble would give), shown with `hide` faces hidden (0: all six) as 3x3 boxes after "Here is
 * the cube:" (or "Here is the cube, N face(s) hidden:"). An answer is face turns in the same
 * dialects; it is applied to the model and must leave every face one colour (face turns never
 * move centres, so that is also the home position). */

#define CG3_SCRAMBLE_MAX 64 /* longest short scramble (cg_server_options.scramble) */

typedef struct cg_round3 {
    cg3_cube cube;  /* the state the client must solve */
    uint8_t hidden; /* bit f set: face f is not shown */
    int scramble_moves;                /* 0: a uniformly random cube; else the moves below */
    cg_move scramble[CG3_SCRAMBLE_MAX]; /* the face turns from home that made the cube */
} cg_round3;

/* Draws the next round from r: the cube (uniformly random when scramble is 0, otherwise that
 * many random face turns from home, at most CG3_SCRAMBLE_MAX), then `hide` distinct faces (0..5)
 * to hide. */
CG_API void cg_round3_make(const cg3_tables *t, cg_rng *r, int hide, int scramble, cg_round3 *out);
/* The round's text from "=== Round i/N ===" to the prompt line "Enter your solution:".
 * Returns the length needed (like snprintf); under 1024 bytes. */
CG_API size_t cg_round3_format(const cg_round3 *r, int index, int rounds, char *buf, size_t size);
/* The same with the cube in another shape and colour set (as cg_round_format_view). */
CG_API size_t cg_round3_format_view(const cg_round3 *r, int index, int rounds, cg_shape shape,
                                    cg_colours colours, char *buf, size_t size);
/* One-move mode for the 3x3: what the server prints after the k-th move (NAME as the dialect
 * names it) that does not solve the cube: "Move k: NAME", the cube now as boxes (the faces in
 * `hidden`, a bit a face, still hidden), then the CG_ONE_MOVE_PROMPT line, as
 * cg_round_format_after_move for the 2x2. Returns the length needed (like snprintf). */
CG_API size_t cg_round3_format_after_move(const cg3_cube *cube, uint8_t hidden, int k,
                                          const char *name, char *buf, size_t size);
/* The quarter-turn limit the command line gives a 3x3 game under --metric qtm when no
 * --max-moves is given: every 3x3 cube is solvable in 26 quarter turns (God's number in the
 * quarter-turn metric). */
#define CG_SERVER3_QTM_MAX_MOVES 26
/* cg_answer_check_rules for a 3x3 (rules->check does not matter, see above); t from
 * cg3_tables_init. The same errors and messages as the 2x2's. */
CG_API cg_status cg_answer3_check_rules(const cg3_tables *t, const cg3_cube *cube, const char *line,
                                        size_t len, const cg_answer_rules *rules, int *nmoves,
                                        cg_error *err);

/* ---- the server ---- */

/* The menu game's bounds of a round (cg_server_options.menu): its choices, and its time in
 * alarms; a game is bounded by its rounds times these. */
#define CG_SERVER_MENU_CHOICES 64
#define CG_SERVER_MENU_ROUND_ALARMS 10

typedef struct cg_server_options {
    const char *host;     /* address to bind, default "127.0.0.1" (names and IPv6 work) */
    int port;             /* 0: a free port, see cg_server_port */
    int rounds;           /* default 100 */
    double alarm;         /* seconds from the prompt to the end of the answer line, default 1 */
    int max_moves;        /* default 11, at most CG_SERVER_MAX_MOVES */
    const char *flag;     /* printed after the last round, default "flag{cubegod_local_practice}" */
    bool seeded;          /* use `seed`; otherwise the system gives a random one */
    uint64_t seed;
    cg_target check;      /* CG_TARGET_ANY (default) or CG_TARGET_HOME */
    const char *tls_cert; /* both set: every connection speaks TLS (PEM files) */
    const char *tls_key;
    int max_clients;      /* games at once, default 512; one more gets "[-] Server busy" */
    long games;           /* accept this many games, finish them, then return; 0: no limit */
    FILE *log;            /* one line per finished game; default stderr; NULL after
                             cg_server_defaults() means quiet */
    const cg_dialect *dialect; /* what answers are written in (copied); NULL: the default */
    cg_metric metric;     /* how max_moves counts: CG_METRIC_HTM (default) or CG_METRIC_QTM */
    bool one_move;        /* one move per prompt, the cube shown again after each (above), as
                             boxes; both sizes */
    int size;             /* 2 (default; 0 is taken as 2) or 3: the 3x3 game above; the caller
                             sets max_moves (the command line's default for a 3x3 is 20) */
    int hide;             /* faces hidden each round: the 2x2 always hides one (-1, 0 and 1 are
                             accepted for it, others refused); a 3x3 hides 0..5 (-1, the
                             default: none) */
    int scramble;         /* 3x3 only: 0 (default) a uniformly random cube each round; 1 to
                             CG3_SCRAMBLE_MAX: that many random face turns from home (easy
                             rounds for practice without a 3x3 solver, and tests) */
    cg_shape show;        /* how the cube is shown (shapes.h): CG_SHAPE_AUTO (default) and
                             CG_SHAPE_BOXES are the boxes; not with one_move */
    cg_colours colours;   /* the stickers' colours: CG_COLOURS_LETTERS (default: the face
                             letters); others need a shape other than boxes */
    const char *order;    /* the face order of CG_SHAPE_STRING (shapes.h: six face letters each
                             once, "URFDLB" for Kociemba's strings, or "net"), as `solve
                             --order` and cg_play_options.order read it; NULL: UDFBLR; only
                             with the string shape (CG_ERR_INPUT otherwise) */
    const char *pow;      /* a proof of work before each game, as cg_pow_challenge (pow.h)
                             makes it: "sha256", "hashcash" or "kctf"; NULL or "": none. A
                             wrong or missing answer (within 120 s) ends the game with
                             "[-] Proof-of-work fail: why"; a right one gets "Correct" */
    long pow_difficulty;  /* its difficulty (cg_pow_challenge's ranges), 0: the kind's default */
    /* The unseen-challenge variants (docs/shapes.md), not with one_move: */
    const char *goal;     /* NULL: solved is the goal; "shown": each round a random goal drawn
                             as "Goal:" above "Now:" and the cube; a state (state.h, a facelet
                             string in URFDLB order): that goal, drawn the same way. The answer
                             must turn the cube into the goal exactly. */
    const char *layout;   /* the text of a layout template (shapes.h) to draw the cubes in, or
                             NULL; its size must be the game's */
    const char *across;   /* a net's side faces left to right ("BLFR"), NULL: L F R B */
    /* The dialogue, as other challenges word it: */
    const char *banner;   /* the rules line after the welcome, in words of its own (one line,
                             at most 400 bytes); NULL: "Solve N rounds, ... at most M moves" */
    const char *prompt;   /* the prompt line (text after it allowed); NULL: "Enter your
                             solution:" (one-move mode: CG_ONE_MOVE_PROMPT) */
    bool bare_prompt;     /* the prompt without a line break, as input("...") prints it */
    bool send_each;       /* after the prompt, one move a line (no prompt between them) until
                             the line `end`, or, without one, until the cube is solved */
    const char *end;      /* with send_each: the line that ends the moves ("#"); NULL: none */
    /* A menu game (3x3, as a published challenge plays it): the solved cube ("origin:"), a
     * level menu "(1) baby (2) world record (3) insane" where only 3 leads on, then for each
     * round a scrambled cube (centres moved, as slice moves leave them) and the menu "(1) show
     * the cube (2) move (3) check (4) some information (0) exit" before every action; "2" asks
     * "your step:" for one line of moves and shows the cube after them; "3" on a solved cube
     * says "Congratulations!" and the score, on an unsolved one "The magic cube has not been
     * restored yet!". Every question ends "your choice: " without a line break. After the
     * last round: "Give you flag: FLAG". Shown as opt.show (default ansi); moves in opt.dialect
     * (the command line's default: one character a move, lower case anticlockwise). A round
     * takes at most CG_SERVER_MENU_CHOICES choices and CG_SERVER_MENU_ROUND_ALARMS alarms of
     * time: past either the game is lost ("[-] Too many choices in round N (at most 64)",
     * "[-] Time's up for round N (at most 10 s)"). */
    bool menu;
} cg_server_options;

/* The options with every field at its documented default (127.0.0.1, a free port, ...). */
CG_API cg_server_options cg_server_defaults(void);

typedef struct cg_server cg_server;

/* Validates the options, binds and listens, loads the TLS certificate and key.
 * Errors: CG_ERR_INPUT (an option out of range or not for this size, message names it), CG_ERR_SYSTEM (resolve, bind or
 * listen failed), CG_ERR_TLS (certificate or key unusable), CG_ERR_NOMEM. */
CG_API cg_status cg_server_open(const cg_server_options *opt, cg_server **out, cg_error *err);

/* The port actually bound (useful with port 0). */
CG_API int cg_server_port(const cg_server *s);

/* Accepts and plays games until cg_server_stop is called or, with opt.games, until that many
 * games were accepted and have finished. Returns CG_OK, or CG_ERR_SYSTEM when accepting failed
 * for good (the listener itself is unusable; err says why, with errno's text). A connection
 * that fails on its way in (ECONNABORTED, a network error Linux passes through accept) or a
 * lack of descriptors or memory is logged, at most once a second, and serving goes on. Running
 * games are ended (closed without a verdict) when stopped. */
CG_API cg_status cg_server_run(cg_server *s, cg_error *err);

/* Asks cg_server_run to return. Async-signal-safe (one write to an eventfd or a pipe), callable from any
 * thread or a signal handler. */
CG_API void cg_server_stop(cg_server *s);

/* Games finished so far, and how many of them were won. */
CG_API void cg_server_counts(cg_server *s, long *finished, long *won);

/* Frees everything; call after cg_server_run has returned (or instead of it). */
CG_API void cg_server_close(cg_server *s);

#endif
