/* cubegod: the game client, `cubegod play`.
 *
 * Plays the challenge over any tube (TCP, TLS, a local process, a recorded file): reads lines,
 * collects each round's `Face X:` boxes (any five, any order, colour tokens as printed), and at
 * the prompt answers with an optimal solution in a single write. A round of 3x3 boxes is rebuilt
 * with cg_reconstruct3 and solved by the two-phase solver (at most 20 moves by default); one of
 * 2x2 boxes by the table solver, so one game may even mix the sizes. A round counter
 * (cg_round_read: "Round 3/5", "Cube 3 of 5", "[3/5]") says how many rounds there are. A prompt
 * may end its line or not (Python's input() prints it without a newline); "\r\n" and "\n" are
 * both fine; the bytes may come in any split.
 *
 * How the game ends is decided in one place from what the server said in each phase
 * (cg_outcome below; docs/playing.md, "How a game ends"): a verdict counts only for an answer
 * that awaits one, a flag only after an answer and never a format (flag{...}, CTF{xxx}); a
 * close before the verdict, before the last announced round, or with no verdict and no flag
 * is a loss. */
#ifndef CUBEGOD_CLIENT_H
#define CUBEGOD_CLIENT_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stdio.h>

#include "cubegod/dialogue.h"
#include "cubegod/error.h"
#include "cubegod/notation.h"
#include "cubegod/pow.h"
#include "cubegod/shapes.h"
#include "cubegod/solver.h"
#include "cubegod/solver3.h"
#include "cubegod/tube.h"

#define CG_FLAG_MAX 512
#define CG_PLAY_DEFAULT_PROMPT "auto"
/* The prompt "auto" recognises: this text anywhere in a line, or, once a cube has come, where
 * the server waits: a partial line that ends in ':', '?' or '>' at once, any other partial text
 * after `quiet` seconds of silence, a whole line after 50 ms of silence (one ending in ':', '?'
 * or '>') or `quiet` (any other). The text found in round 1 is answered at once afterwards
 * (src/engine/engine.h); the wait is reported as cg_round_stat.settle_us. */
#define CG_PLAY_AUTO_PROMPT "Enter your solution:"
#define CG_PLAY_DEFAULT_FLAG_REGEX "[A-Za-z0-9_]+\\{[^}]*\\}"

typedef struct cg_round_stat {
    int round;      /* 1-based */
    int size;       /* 2 or 3 */
    int moves;      /* the answer's length in the metric in force (qtm) */
    unsigned long fits; /* cubes that fitted the view: above 1, the answer is for one of them
                           (cg_play_options.pick), a guess */
    double solve_us;  /* reconstruction and solve */
    double ready_us;  /* prompt received to answer ready to write: the client's own work */
    double client_us; /* prompt received to answer written (the write syscall returned) */
    double round_us;  /* previous answer written (or start) to this answer written */
    bool qtm;         /* moves counts quarter turns (a half turn is 2) */
    double settle_us; /* the server's silence awaited to know the prompt (round 1 at most:
                         the prompt is known afterwards), before "prompt received" above */
} cg_round_stat;

/* Gives the 3x3 solver in *out, asked for when the first 3x3 round comes (so that a 2x2 game
 * never loads its tables); an error status (and err filled) when it cannot be had. */
typedef cg_status (*cg_play_solver3_fn)(void *ctx, const cg3_twophase **out, cg_error *err);

/* Gives the 2x2 tables in the quarter-turn metric, asked for when the server's text says moves
 * are counted in quarter turns and the tables given count half turns. */
typedef cg_status (*cg_play_tables_fn)(void *ctx, const cg_tables **out, cg_error *err);

/* What the client read or did that a person watching would want to know (the limit it read and
 * where, a reply sent, a cube shown and not asked): one sentence, no newline. */
typedef void (*cg_play_note_fn)(void *ctx, const char *note);

/* What one line (or partial line) the server sent was, as the engine classified it: */
typedef enum cg_event {
    CG_EVENT_GATE,    /* a proof of work, answered */
    CG_EVENT_REPLY,   /* a reply rule's text: its line was sent */
    CG_EVENT_PROMPT,  /* the prompt: the answer (or the next move) follows */
    CG_EVENT_CUBE,    /* the line that completed a cube */
    CG_EVENT_VERDICT, /* a verdict on the answered round */
    CG_EVENT_ENTER,   /* a request to press Enter: an empty line was sent */
    CG_EVENT_TEXT,    /* anything else (banner, rules, a cube's rows, the flag) */
} cg_event;

/* "gate" "reply" "prompt" "cube" "verdict" "enter" "text"; "?" otherwise. */
CG_API const char *cg_event_name(cg_event e);

/* One event per classified line: its kind and the line (n bytes, not NUL-terminated; a partial
 * line has no newline), for -v logs and Python. */
typedef void (*cg_play_event_fn)(void *ctx, cg_event kind, const char *line, size_t n);

/* Called after each answer is sent (progress lines, benchmarks). */
typedef void (*cg_play_round_fn)(void *ctx, const cg_round_stat *s, int rounds_announced);

typedef struct cg_play_options {
    cg_solve_options solve;
    const char *prompt;     /* default CG_PLAY_DEFAULT_PROMPT */
    double timeout;         /* per receive, seconds; default 10; < 0: no limit; 0 and NaN
                               are refused (CG_ERR_INPUT) */
    const char *flag_regex; /* POSIX extended; default CG_PLAY_DEFAULT_FLAG_REGEX */
    /* What a person watching the game sees (play's status line and -v lines, Python's
     * on_event and log.progress): each answered round, what the client read or did besides
     * cubes, and each line as the engine classified it. Kept among the first fields, which
     * bindings set (cg_play_options_new). */
    cg_play_round_fn on_round;
    void *on_round_ctx;
    cg_play_note_fn on_note;
    void *on_note_ctx;
    cg_play_event_fn on_event; /* NULL: none */
    void *on_event_ctx;
    cg_round_stat *stats;   /* optional: one entry per answered round */
    int stats_cap;
    /* Return as soon as the game is over (the last announced round passed, a flag matched, or
     * a "[-]" verdict came) and the server has paused for `linger` seconds (or kept talking for
     * `timeout` seconds, 10 when negative), instead of waiting for it to close: what follows
     * stays in the tube, for a caller that hands the connection over to a person (pwntools'
     * interactive()). */
    bool handover;
    double linger;          /* default 0.25 s when 0 */
    const cg_dialect *dialect; /* how answers are written (notation.h); NULL: the default */
    /* One move per prompt (server.h's one-move mode): the solution is sent a move at a time;
     * when the server shows the cube between moves, it must be the cube those moves make
     * (CG_ERR_PROTOCOL otherwise, naming the round and the move). */
    bool one_move;
    /* The 3x3: where its solver comes from (NULL: a 3x3 round fails, saying so), how it solves
     * (max_moves default CG3_GODS_NUMBER; metric CG_METRIC_QTM solves in quarter turns and
     * counts the 3x3's answers so: set max_moves to CG3_GODS_NUMBER_QTM with it), and what to
     * do when a view with hidden stickers fits several cubes: answer for one of them (pick) or
     * fail the round (default). */
    cg_play_solver3_fn solver3;
    void *solver3_ctx;
    cg3_solve_options solve3;
    /* The longest answer sent, as written (R2 is R R in quarter notation, R' is R R R in
     * quarter-cw) and counted in the metric (the 2x2 tables', solve3.metric for a 3x3); 0
     * (default): the solver's max_moves (solve's for a 2x2, solve3's for a 3x3). A dialect that
     * writes a 20-move 3x3 solution as up to 60 moves needs it above CG3_SOLUTION_MAX. */
    int max_answer;
    bool pick;
    /* How the server shows the cube (shapes.h): CG_SHAPE_AUTO (default) recognises boxes,
     * labelled faces, nets, strings and ANSI colours; a prompt ends the cube being read. */
    cg_shape input;
    const char *order;      /* a string's face order (shapes.h), NULL: UDFBLR */
    /* Proofs of work (pow.h): a line that holds one is answered at once, before or during the
     * game, unless pow_off; one expected to take longer than pow_limit seconds (0: 60) fails
     * the game with the estimate (CG_ERR_LIMIT), one that looks like a gate but cannot be read
     * with CG_ERR_INPUT. pow_notice hears the estimates, the progress and "KIND: answered in
     * S s". */
    bool pow_off;
    double pow_limit;
    cg_pow_notice_fn pow_notice;
    void *pow_notice_ctx;
    /* Goals and drawings (state.h, shapes.h): a net's side faces (NULL: auto), a layout that the
     * server's drawings follow (NULL: none), the goal to reach instead of solved (NULL: none;
     * each round is solved as cg_puzzle_toward(goal, cube)), or goal_first: each round shows
     * two cubes, the first the goal. Not with one_move. */
    const char *across;
    cg_layout *layout;
    const cg_puzzle *goal;
    bool goal_first;
    /* The dialogue (dialogue.h). The prompt matches anywhere in a line, and in a partial line
     * the server leaves waiting; "auto" (the default) is described at CG_PLAY_AUTO_PROMPT. */
    const cg_replies *replies; /* reply rules, checked before the prompt; NULL: none */
    /* A line that passes or fails the answered round (POSIX extended, case ignored); NULL:
     * the usual words (cg_verdict_of). "[+]" and "[-]" count too, on an answer that awaits its
     * verdict ("[-]" at any time). A line that is neither is no verdict: a round
     * ends passed when a new cube comes after its answer. */
    const char *verdict_ok;
    const char *verdict_fail;
    /* Rules from the server's own text before the first answer (defaults true): a stated move
     * limit is the limit when max_answer is 0 (cg_limit_read); "quarter turns" counts moves in
     * quarter turns (the 2x2 then needs tables_qtm); an example answer sets the notation when
     * dialect is NULL (cg_notation_hint); a legend naming no half turn counts quarter turns.
     * Where nothing is stated no limit is assumed: the optimal solution in the metric in force
     * goes as it is. */
    bool auto_limit;
    bool auto_metric;
    bool auto_notation;
    cg_play_tables_fn tables_qtm;
    void *tables_qtm_ctx;
    /* Many moves at one prompt: each move on a line of its own, written at once (pace_ms
     * milliseconds apart), then the line `end` when not NULL. */
    bool send_each;
    const char *end;
    int pace_ms;            /* 0 to 10000 */
    /* Seconds the server stays silent after a partial line for it to count as a line; default
     * 0.2 when 0; negative: never. */
    double quiet;
    /* Replies (a rule's, an empty line at an Enter gate, a proof of work) sent for the same
     * rule with no cube read in between before the game ends with CG_ERR_PROTOCOL, naming the
     * rule and the text that kept coming; 0: 20. */
    int max_replies;
} cg_play_options;

/* The options with every field at its documented default. */
CG_API cg_play_options cg_play_defaults(void);

/* How a game ended (docs/playing.md, "How a game ends"): the server said the last answer was
 * right or a flag came after an answer (won); it refused one, closed before a verdict or
 * before the last announced round, or the game could not go on (lost); the server went quiet
 * on the last answer, or the connection was left open before it judged it (no verdict). */
typedef enum cg_outcome {
    CG_OUTCOME_LOST,
    CG_OUTCOME_WON,
    CG_OUTCOME_NO_VERDICT,
} cg_outcome;

/* "won", "lost", "ended without a verdict". */
CG_API const char *cg_outcome_name(cg_outcome o);

typedef struct cg_play_result {
    bool won;
    int rounds_passed;
    int rounds_answered;
    int rounds_announced;     /* N of "Round i/N", or 0 when the server never said */
    char flag_line[CG_FLAG_MAX]; /* the last non-empty line after the last round, or "" */
    char flags[CG_FLAG_MAX];     /* every --flag-regex match, separated by spaces, or "" */
    bool flags_cut;              /* flags did not fit: the last one kept ends in "..." */
    char reason[CG_ERROR_MSG_MAX]; /* why the game was lost, or "" */
    bool open;                   /* handover: the game ended with the connection still open */
    char last_line[CG_FLAG_MAX]; /* the last non-blank line the server sent, or "" */
    int limit;                   /* the move limit in force at the last answer, or 0 */
    bool qtm;                    /* answers were counted in quarter turns */
    char waiting[256];           /* what the game waited for when it ended ("the verdict on
                                    round 3"), for a player who stopped it */
    bool one_move;               /* answers went one move a prompt (the option, or the
                                    server's words) */
    cg_dialect dialect;          /* how the answers were written (the option, or the server's
                                    example or legend) */
    /* A menu that may be of modes (before any cube, no entry that checks or shows) the engine
     * answered itself: the question it waited after, the keys of its entries but exits
     * separated by blanks ("1 2 3") and the one chosen among them (1-based: the one whose
     * words promise the flag, else the first; with one entry that moves, that one); "" and 0
     * when there was none. */
    char mode_ask[96];
    char mode_keys[64];
    int mode_chosen;
    cg_outcome outcome;          /* won (as won), lost, or ended without a verdict */
    bool turn_text;              /* no cube was read, and the server showed a drawing with
                                    moves after it (cg_turn_hint): a hidden-text puzzle for
                                    `cubegod turn`, named in the reason */
} cg_play_result;

/* The outcome of a result cg_play filled (for bindings that know only its first fields). */
CG_API cg_outcome cg_play_outcome(const cg_play_result *r);

/* The outcome (won, lost, ended without a verdict) as said at the top of this header and at
 * cg_outcome. A lost game's reason names every reply rule that never matched.
 *
 * Messages that say what probably went wrong: a timeout before anything at all was received
 * on a TCP tube suggests the server speaks TLS ("add --tls"); a timeout after a round's faces
 * names the prompt that never came, shows the last text received, and suggests --prompt.
 *
 * Plays one game over t. Returns CG_OK when the game ran to its end, won or lost (see
 * res->won and res->reason); an error when it could not: CG_ERR_TIMEOUT (the server went silent),
 * CG_ERR_EOF (closed in the middle of a round), CG_ERR_LIMIT (a line beyond the tube's buffer),
 * CG_ERR_INPUT (a round that cannot be solved: the message names the round), CG_ERR_SYSTEM /
 * CG_ERR_TLS (the connection failed). res is filled in every case. */
CG_API cg_status cg_play(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                  cg_play_result *res, cg_error *err);

/* For bindings, which set only the first fields they know and must not depend on the
 * structures' sizes (Python's cubegod.play): options at cg_play_defaults() on the heap; NULL
 * when out of memory. Freed with cg_play_free. */
CG_API cg_play_options *cg_play_options_new(void);
/* A zeroed result on the heap for cg_play; NULL when out of memory. Freed with cg_play_free. */
CG_API cg_play_result *cg_play_result_new(void);
/* Frees what cg_play_options_new or cg_play_result_new gave (NULL is fine). */
CG_API void cg_play_free(void *p);

#endif
