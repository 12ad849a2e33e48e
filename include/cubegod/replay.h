/* cubegod: re-checking a recorded game offline (`cubegod replay`).
 *
 * Input is either a transcript (transcript.h; detected by its first line) or a plain capture of a
 * terminal session: the server's text with each typed answer on its own line right after the
 * prompt line (or on the prompt line itself, after the prompt). A transcript ('<' the server's
 * side, '>' play's) is replayed through play's own engine (client.h): the server's recorded
 * chunks come in with the silences play saw (play's answers mark where the server waited), so
 * the prompts, the rounds, one move a prompt, the cubes shown between moves and the verdicts
 * are found as play found them; the engine sends play's recorded answers instead of solving,
 * and a round's answer is the lines play sent for it (the moves the server took, when it took
 * only the first of a line). prompt_given makes `prompt` play's --prompt.
 *
 * For every round (a prompt preceded by a run of face boxes) the view is rebuilt and solved again
 * (cg_reconstruct, cg_solve_puzzle); the recorded answer is checked exactly as the server checks
 * it (cg_answer_check: printable, moves from VALID, at most max_moves, solves the cube) and its
 * length compared with the optimum. A round of 3x3 boxes is rebuilt with cg_reconstruct3 and its
 * answer checked as `serve --size 3` checks it (cg_answer3_check_rules, at most max_moves3); its
 * optimum is not computed (optimal is -1), and a view that several cubes fit is unreadable: the
 * answer cannot be checked against one cube. The server's own verdict line, when recorded, is compared
 * with ours. */
#ifndef CUBEGOD_REPLAY_H
#define CUBEGOD_REPLAY_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/client.h"
#include "cubegod/error.h"
#include "cubegod/notation.h"
#include "cubegod/shapes.h"
#include "cubegod/solver.h"

typedef struct cg_replay_options {
    cg_target check;    /* CG_TARGET_ANY (default) or CG_TARGET_HOME */
    int max_moves;      /* default 11 */
    int max_moves3;     /* for 3x3 rounds; default 20 (the command line: 26 with --metric qtm) */
    const char *prompt; /* default "Enter your solution:" */
    const cg_dialect *dialect; /* what answers are written in (notation.h); NULL: the default */
    cg_metric metric;   /* how max_moves and max_moves3 count; the tables given must measure
                           the same (they only give the 2x2's optimum) */
    bool one_move;      /* a one-move game (server.h), either size: each answer line is one
                           move of the round open since its first prompt; the moves are checked
                           together at the round's verdict (or end) */
    cg_shape input;     /* how the server showed the cube (shapes.h): CG_SHAPE_AUTO (default)
                           recognises every shape */
    const char *order;  /* a string's face order (shapes.h), NULL: UDFBLR; a bad one is
                           CG_ERR_INPUT */
    /* Transcripts: false (default) finds rounds where play answered, the first line it sent
     * after a cube (the prompt is where the server waited, whatever its text); true finds them
     * at `prompt`, as in terminal captures. */
    bool prompt_given;
    const char *end;    /* one-move and send-each games: a line that ends a round's moves
                           (play --end), or NULL */
    /* As play's (client.h): the colour of each face (NULL: from the centres or the letters), a
     * net's side faces (NULL: auto), the layout the drawings follow (NULL: none), the goal each
     * round's answer must reach instead of solved (NULL: none; checked as cg_puzzle_toward's
     * relative cube reaching home), or goal_first: each round shows two cubes, the first the
     * goal; pick: a 2x2 goal fitting several orientations takes one. */
    const cg_scheme *scheme;
    const char *across;
    cg_layout *layout;
    const cg_puzzle *goal;
    bool goal_first;
    bool pick;
} cg_replay_options;

/* The options with every field at its documented default. */
CG_API cg_replay_options cg_replay_defaults(void);

typedef enum cg_replay_result {
    CG_REPLAY_CORRECT,
    CG_REPLAY_INVALID,    /* not printable, or a token not in VALID */
    CG_REPLAY_TOO_MANY,   /* more than max_moves */
    CG_REPLAY_NOT_SOLVED, /* valid moves that leave the cube unsolved */
    CG_REPLAY_NO_ANSWER,  /* the recording ends, or the verdict comes, before any answer */
    CG_REPLAY_UNREADABLE, /* the faces shown do not make a cube (reason says why) */
} cg_replay_result;

/* "correct" "invalid" "too many moves" "not solved" "no answer" "unreadable"; "?" otherwise. */
CG_API const char *cg_replay_result_name(cg_replay_result r);

typedef struct cg_replay_round {
    int number;              /* the i of "=== Round i/N ===", else rounds counted so far */
    int total;               /* the N, or 0 */
    long line;               /* input line of the prompt */
    cg_replay_result result;
    char answer[160];        /* the answer as recorded (cut to fit) */
    int moves;               /* moves in the answer, -1 when they do not parse */
    int optimal;             /* optimal number of moves, -1 when unknown */
    char best[64];           /* one optimal solution */
    char reason[CG_ERROR_MSG_MAX]; /* why the round is not correct */
    char verdict[160];       /* the server's verdict line, "" when none was recorded */
    bool disagrees;          /* the server's [+]/[-] differs from our result */
    cg_puzzle puzzle;        /* the cube shown before the prompt (size 0: none was read) */
    double prompt_at;        /* transcripts: seconds from the start to the prompt and to the */
    double answer_at;        /* answer (its first move); -1 when not recorded (captures) */
    bool again;              /* transcripts: the round's cube came again after an answer with
                                no verdict, and this answer is its own: the summary counts the
                                round once, as its last answer */
} cg_replay_round;

typedef struct cg_replay_summary {
    int rounds, correct, optimal, disagreements;
    int unknown_optimum; /* rounds whose optimum was not computed (3x3) */
    bool transcript;  /* the input was a transcript (else a terminal capture) */
    char after[256];  /* the first non-empty server line after the last round (the flag) */
    /* Transcripts: lines the engine sent that play did not send there, or play's that the
     * engine did not (replies and gates of options not given), and the first of them. */
    int differences;
    char difference[256];
    /* Transcripts: the game's outcome, decided by the function play's is (docs/playing.md, "How a
     * game ends"), and why when it was not won. */
    cg_outcome outcome;
    char outcome_reason[256];
} cg_replay_summary;

typedef void (*cg_replay_round_fn)(void *ctx, const cg_replay_round *r);

/* Replays the recording text[0, len); calls fn (when not NULL) once per round in order and fills
 * sum. CG_ERR_INPUT for a malformed transcript line (message gives the line and column), a bad
 * input shape or order;
 * CG_ERR_NOMEM. A recording without rounds is not an error here (sum->rounds is 0). */
CG_API cg_status cg_replay_text(const cg_tables *t, const cg_replay_options *opt, const char *text,
                         size_t len, cg_replay_round_fn fn, void *ctx, cg_replay_summary *sum,
                         cg_error *err);

#endif
