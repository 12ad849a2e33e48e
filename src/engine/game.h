/* The game the engine plays (client.c runs it): what it remembers between lines, and the engine's
 * functions over it, one file a concern: state.c (what the game knows: rounds, phases, notes and
 * hints), classify.c (each line classified in the order engine.h writes down), between.c (the
 * cubes a server shows between the moves of one answer). client.c acts on what they decide:
 * answers, replies, gates. */
#ifndef CUBEGOD_ENGINE_GAME_H
#define CUBEGOD_ENGINE_GAME_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/client.h"
#include "cubegod/dialogue.h"
#include "cubegod/puzzle.h"
#include "cubegod/solver3.h"
#include "engine/engine.h"
#include "puzzle/reader.h"

/* An answer's text as sent, the longest (a 3x3's moves a line, with an end line) */
#define CGI_ANSWER_TEXT_MAX 2048

struct cgi_game;

/* Where the round's answers come from: play's solvers (client.c) or the lines play recorded
 * (replay, src/game/replay_answers.c). client.c's answer path calls these and none of replay's
 * hooks. */
typedef struct cgi_answers {
    /* At a round's prompt, g->pending brought toward the goal: the answer sent (replay: none
     * when play sent none here; the cube still waits). */
    cg_status (*round)(struct cgi_game *g, int round, bool three, int64_t prompt_at,
                       cg_error *err);
    /* One move a prompt, the round's queue used up: the next lines sent (*sent), or none. */
    cg_status (*more)(struct cgi_game *g, int round, bool *sent, cg_error *err);
    /* A cube shown between the moves that none of them makes (why, the whole message): play
     * fails with it; replay's judge weighs it and the game goes on. */
    cg_status (*off_course)(struct cgi_game *g, const char *why, cg_error *err);
    /* The server took only the first k moves of the round's whole answer. */
    void (*took)(struct cgi_game *g, size_t k);
    /* A menu's question: the entry to send, in g->menu.send (play: the engine's choice, there
     * already; replay: the one play sent, which may be another when play knew less then). */
    void (*menu)(struct cgi_game *g);
} cgi_answers;

/* Replay's answers (replay_answers.c), over g->replay's recording. */
extern const cgi_answers cgi_recorded_answers;

typedef struct cgi_game {
    cg_tube *t;
    cg_dialect dialect; /* the default, when the options name none */
    const cg_tables *tables;
    const cg3_twophase *solver3; /* once the first 3x3 round asked for it */
    const cg_play_options *o;
    cg_play_result *res;
    const char *prompt;
    size_t prompt_len;
    regex_t flag_re;
    cg_shape_reader shapes; /* every shape of shapes.h (opt->input) */
    cg_puzzle pending;    /* a cube that ended before the prompt */
    bool have_pending;
    cg_puzzle goal;       /* opt->goal_first: the round's first cube */
    bool have_goal;
    bool lost;            /* a no came: on an answer, or on a cube that waited too long */
    bool yes_open;        /* a yes just came, nothing new since: a no still takes it back */
    char yes_line[256];   /* its line, for replay's judge once it stands */
    char asked_other[128]; /* a cube waited and the server asked for something else, and waits */
    cg_verdict verdict_now; /* the verdict the line being read gave, if any */
    int current;          /* round number the server announced last, or 0 */
    int last_answered;    /* round number of the last answer sent */
    int64_t last_answer;  /* when the previous answer left (start of the game at first) */
    bool received;        /* anything at all came from the server */
    char last_line[96];   /* the last non-blank line received, for messages */
    /* One-move mode: the solution being sent one move a prompt, and the cube it started from
     * (start for a 2x2, start3 for a 3x3, with the 3x3's moves once needed). */
    bool in_round;
    size_t queued, sent;
    cg_move queue[3 * CG3_SOLUTION_MAX]; /* quarter-cw triples R', the 3x3's are the longest */
    int start_size;
    cg_reading start;
    cg_reading3 start3;
    bool have_t3;
    cg3_tables t3;
    /* The dialogue: what the server's text said, and where the game stands. */
    cg_solve_options solve;    /* the caller's, with the limits the text stated */
    cg3_solve_options solve3;
    const cg_tables *tables_q; /* the 2x2 in quarter turns, once asked for */
    bool qtm;                  /* moves counted in quarter turns */
    int limit;                 /* stated in the server's text, 0: none */
    char limit_phrase[80];
    bool notation_read;
    bool auto_prompt;
    int failed;                /* rounds a failing verdict ended */
    int retried;               /* answers whose cube came again, unchanged, with no verdict */
    bool have_ok_re, have_fail_re;
    regex_t ok_re, fail_re;
    int fired[CG_REPLIES_MAX];
    bool replied;              /* a reply rule of the caller's sent some text (not an Enter) */
    int since[CG_REPLIES_MAX + 3]; /* fired since the last cube read: each rule, then the gates
                                      and the menu's choices */
    cg_puzzle cube_at_goal;    /* a cube at the goal, shown and not asked */
    bool have_cube_at_goal;
    bool read_noted;           /* the reader's note (a string's order found) was said */
    /* The engine (src/engine/engine.h): the prompt learned in round 1, the server's legend,
     * one move a prompt (the option or the server's words), the replies sent since a cube. */
    cgi_prompt learned;
    cgi_legend legend;
    cgi_menu menu;             /* the last menu shown, and what was chosen in it */
    bool legend_used;
    bool one_move;
    bool ever_cube;            /* a cube was read at some point */
    int cubes;                 /* cubes read */
    int64_t partial_since;     /* when the partial line now buffered was first seen, or 0 */
    double settle_us;          /* the wait after the line that was taken for the prompt */
    /* The cubes a server that applies an answer a move at a time shows between the moves
     * (--send-each, or keys read one at a time from the answer's line) */
    bool moves_may_show;       /* after a whole answer: it may show some of its moves applied */
    size_t moves_shown;        /* how many of them it showed applied so far */
    char diverged[CG_ERROR_MSG_MAX]; /* a cube shown between them that none of them makes */
    int64_t progress_at;       /* the last cube read, answer or gate answered (text_budget) */
    int64_t over_at;           /* handover: when the game was first seen over (0: not yet) */
    const cgi_replay_hooks *replay; /* replay: play's recording, and its judge's ears */
    const cgi_answers *answers;     /* the solvers', or the recording's (replay) */
    /* The text received since the last answer, its latest lines up to the bound: a hidden-text
     * drawing and its moves, for the hints that point at `cubegod turn` (cg_turn_hint). */
    char text[8192];
    size_t text_len;
} cgi_game;

/* cgi_classify's *rule for a menu's entry the engine chose (g->menu.send), not a caller's rule */
#define CGI_MENU_RULE (-2)
/* ---- outcome.c: the verdicts and flags each phase admits, and the one decision ---- */

/* How the game loop ended: the server closed, the game is over with the connection open
 * (handover, or a server that waits after the last announced round), or a failure. */
typedef enum cgi_ending { CGI_END_CLOSED, CGI_END_OPEN, CGI_END_FAILED } cgi_ending;

/* The verdict a line gives in the game's phase (a yes only on an answer that awaits one). */
cg_verdict cgi_verdict_admitted(const cgi_game *g, const char *line, size_t n);
/* A yes admitted: the round passes (a no before the next cube or prompt takes it back). */
void cgi_verdict_yes(cgi_game *g, const char *line, size_t n);
/* Something new came after a yes: it stands (replay's judge hears it then). */
void cgi_yes_stands(cgi_game *g);
/* A no admitted: the game is lost, the server's words in the reason. */
void cgi_verdict_no(cgi_game *g, const char *line, size_t n);
/* A flag's shape with placeholders in the braces (flag{...}, CTF{xxx}, FLAG{<hex>}). */
bool cgi_flag_is_format(const char *text, size_t n);
/* A flag the game's phase admits: after an answer, and no format. */
bool cgi_flag_admitted(const cgi_game *g, const char *text, size_t n);
/* The outcome, decided once when the game ends; the game's status (CG_OK: it ran to its end). */
cg_status cgi_outcome_decide(cgi_game *g, cgi_ending how, cg_status st, cg_error *err);

/* ---- state.c: what the game knows ---- */

/* What the reader looks for, in the words of the shape asked for (messages). */
const char *cgi_shape_wanted(const cg_play_options *o);
/* The next cube the shape reader has ready; its note said once a game. */
bool cgi_take_cube(cgi_game *g, cg_puzzle *p);
/* Keeps a line in g->text (the oldest lines go when it is full; an answer empties it). */
void cgi_keep_text(cgi_game *g, const char *line, size_t n);
/* A note for the caller's on_note, printf-style, made printable. */
void cgi_note(const cgi_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One classified item for the caller's on_event. */
void cgi_event(const cgi_game *g, cg_event kind, const char *line, size_t n);
/* The round being played: the one announced last, or the one after the last answered. */
int cgi_round_number(const cgi_game *g);
/* n without the trailing blanks and '\r'. */
size_t cgi_trimmed_len(const char *s, size_t n);
/* An answer was sent and no verdict came yet. */
bool cgi_awaiting(const cgi_game *g);
/* The reply rules' phase the game is in. */
cg_phase cgi_phase_of(const cgi_game *g);
/* What the prompt is, for messages. */
void cgi_prompt_desc(const cgi_game *g, char *out, size_t size);
/* Whether the round's text (g->text) shows a drawing with a line of moves after it, a hidden-
 * text puzzle for `cubegod turn`: then it is recorded in the result (turn_text, which only this
 * sets) and turn holds the quote for a message (cg_turn_hint). */
bool cgi_turn_text(const cgi_game *g, char *turn, size_t size);
/* "; N faces came but not the prompt ...; last text received: ..." appended to msg. */
void cgi_prompt_hint(const cgi_game *g, const char *last, char *msg, size_t size);
/* The dialect answers are written in: the caller's, else the one read from the server. */
const cg_dialect *cgi_dialect_of(const cgi_game *g);
/* Seconds of silence after a partial line for it to count (opt->quiet). */
double cgi_quiet_of(const cgi_game *g);
/* A cube waits for its answer: shown, or, in one-move mode, the round's moves go on. */
bool cgi_cube_waits(const cgi_game *g);
/* A prompt may come: a cube waits, or the server showed some moves of the answer applied. */
bool cgi_prompt_may_come(const cgi_game *g);
/* No cube waits and no answer awaits its verdict: where a gate stands. */
bool cgi_between_cubes(const cgi_game *g);
/* The game is over: a no, a flag, or every announced round passed. */
bool cgi_game_over(const cgi_game *g);
/* Microseconds between two cg_now_ns() times. */
double cgi_us_between(int64_t from, int64_t to);

/* ---- between.c: cubes, and the cubes shown between the moves of one answer ---- */

/* A cube the reader finished: the round's goal, a cube at the goal (shown, not asked), a cube
 * between the moves of the answer sent (the same round), or the next cube to answer. */
void cgi_cube_came(cgi_game *g, const cg_puzzle *p);
/* The cube p against the round's start after its first k moves: true when they differ, and
 * where in why. */
bool cgi_differs(const cgi_game *g, const cg_puzzle *p, size_t k, char *why, size_t size);

/* ---- classify.c: the classification (engine.h's order) ---- */

/* What one line (or a partial one) is, in engine.h's order, with the engine's own bookkeeping
 * done (cubes read, verdicts counted, rules, the learned prompt, on_event): *kind is
 * CG_EVENT_PROMPT (answer now; *settled: found by a settle, the round's time starts now),
 * CG_EVENT_REPLY (send reply rule *rule), CG_EVENT_ENTER (send an empty line), or another
 * kind with nothing to send. Errors: the shape readers' (CG_ERR_INPUT). */
cg_status cgi_classify(cgi_game *g, const char *line, size_t n, bool partial, cg_event *kind,
                       int *rule, bool *settled, cg_error *err);
/* Everything that is not a prompt: round headers, rules, verdicts, flags, cubes. */
cg_status cgi_text_line(cgi_game *g, const char *line, size_t n, cg_error *err);
/* The tube's partial-line test (cg_partial_fn): a partial line the game is waiting for. */
bool cgi_waiting_for(void *ctx, const char *text, size_t n, bool quiet);
/* The prompt given (or auto's fixed text) anywhere in the line. */
bool cgi_names_prompt(const cgi_game *g, const char *line, size_t n);
/* At the first answer: a complete controls legend in the banner is how moves are written. */
void cgi_use_legend(cgi_game *g);

#endif
