/* The dialogue engine's pieces (docs/architecture.md walks a line through them): what the
 * server's text is, decided in one order, and what the engine remembers between rounds.
 *
 * The order of classification, written here once and followed by cgi_classify() (classify.c)
 * for every line or partial line the server sends:
 *
 *   0. gate      before it, in client.c's loop: a proof of work that parses (pow_gate.c) is
 *                answered at once and is not the game's text
 *   1. prompt    the prompt given, or the one learned in round 1 while a cube waits or is
 *                being read: answered at once
 *   2. text      anything else, read by each reader in turn (cgi_text_line): a round header;
 *                the rules (before the first answer: a limit, a metric, a notation, a controls
 *                legend, "one move per line"); a verdict ("[+]"/"[-]", or the usual words on an
 *                answer that awaits one, words.c); flags; the shape readers, where a cube ends
 *                (between.c: the goal, a cube at the goal, a cube between the moves of the
 *                answer sent, or the next cube)
 *   3. reply     a reply rule of the caller's (dialogue.h, replies.c) that matches in the phase
 *   4. silence   what comes last before the server goes quiet: with no cube waiting, a request
 *                to press Enter or a key, or to start, gets an empty line; with a cube waiting,
 *                it is the prompt (learned for the next rounds)
 *
 * client.c acts on the result (the answer, a reply's line, the empty line). No reader ends the
 * game on a guess: text no reader is sure of is text. */
#ifndef CUBEGOD_ENGINE_ENGINE_H
#define CUBEGOD_ENGINE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/client.h"
#include "cubegod/notation.h"
#include "cubegod/puzzle.h"
#include "util/words.h"

/* needle (lower case) anywhere in text[0, n), in any case (text.c). */
bool cgi_text_has(const char *text, size_t n, const char *needle);
/* s[0, n) as a terminal shows it, its escape sequences (a colour, ESC ( B) and other control
 * bytes left out, a tab a blank, into out (cap bytes, NUL-terminated): a question quoted back
 * as a rule then matches the server's line (words.c). */
void cgi_visible_text(const char *s, size_t n, char *out, size_t cap);
/* Appends the formatted text to msg (NUL-terminated, size bytes): whole, or when it does not
 * fit, up to the last blank that leaves room for CGI_CUT, then CGI_CUT (a hint is never cut
 * mid-word by a full buffer). */
void cgi_append(char *msg, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- cubes (cubes.c) ---- */

/* Every shown sticker of each face one colour (and some shown): the cube is at the goal, shown
 * rather than asked. */
bool cgi_puzzle_at_goal(const cg_puzzle *p);

/* ---- the prompt (prompt.c) ---- */

#define CGI_PROMPT_MAX 160

/* The prompt the server waited after in round 1, answered at once from then on. */
typedef struct cgi_prompt {
    char text[CGI_PROMPT_MAX]; /* trimmed of blanks and '\r' at both ends */
    size_t len;                /* 0: not learned yet */
    double settle_us;          /* the wait that found it (round 1), reported apart */
} cgi_prompt;

/* Remembers line (n bytes) as the prompt; a prompt of blanks only, or longer than the buffer,
 * is not learned. */
void cgi_prompt_learn(cgi_prompt *p, const char *line, size_t n);
/* True when line (whole or partial) is the learned prompt: the same text once blanks at both
 * ends are trimmed. */
bool cgi_prompt_is(const cgi_prompt *p, const char *line, size_t n);
/* A question whose words ask for something other than moves ("plaintext (hex) > ", "Your
 * name? ", "password:") and name no move ("moves", "solution", "answer", "sequence", ...): the
 * server that asks it after a cube does not want the cube solved there. */
bool cgi_asks_for_other(const char *line, size_t n);

/* ---- gates (gates.c) ---- */

/* True when text asks to press Enter, Return or any key, or to press something to start or
 * begin ("Press Enter to scramble and start...", "Hit any key", "[ENTER] to begin"). */
bool cgi_gate_asks_enter(const char *text, size_t n);

/* ---- legends and ways of answering (legends.c) ---- */

/* A controls legend being read from the server's banner: the names it gives to moves. */
typedef struct cgi_legend {
    cg_move_map map;
    char suffix[3][3]; /* "1 = clockwise": the suffix of a quarter, half, counter turn, or "" */
    int entries; /* names read */
    char line[96]; /* the first legend line, for notes */
} cgi_legend;

/* Reads the legend entries of one line into l ("r = R (right CW)", "R = R' (right CCW)",
 * "x : R2", "u -> U"), or a suffix's meaning ("1 = clockwise", "' : counter-clockwise",
 * "2 = half turn"): NAME (1 to 4 characters; a suffix 1 or 2), '=', ':', '->' or '=>', a move in standard notation, then the end,
 * a description or a break (two blanks, ',', ';'); "Moves: R U F" is a list, not a legend.
 * Returns the entries taken from this line (0: no legend). A name given to two moves, or a move
 * named twice, keeps the first. */
int cgi_legend_read(cgi_legend *l, const char *line, size_t n);
/* The dialect the legend describes: when the names cover, for every face, exactly the moves of
 * one notation (R and R': quarter; R only: quarter-cw; all three: standard), true and *d built;
 * a legend of suffixes alone ("1 = clockwise", "3 = counter-clockwise", "2 = half turn") names
 * each face letter with them. False when the legend is incomplete or names moves no notation
 * fits. */
bool cgi_legend_dialect(const cgi_legend *l, cg_dialect *d);

/* True when text says answers go one move at a time ("one move per line", "one move at a
 * time", "enter a single move"). */
bool cgi_text_one_move(const char *text, size_t n);

/* ---- menus (menus.c) ---- */

#define CGI_MENU_ENTRIES 16

/* A menu the server printed: numbered or lettered entries with their words ("(1) show the
 * cube (2) move", "[a] display  [b] turn", "1) warm-up"), read as a person reads them. */
typedef struct cgi_menu {
    struct {
        char key[4];    /* what is sent to choose it: "1", "a" */
        char words[48]; /* its words, lower case */
    } entry[CGI_MENU_ENTRIES];
    int n;
    bool last_was_menu;    /* the last line with text was a menu line: the next one adds */
    bool follows_menu;     /* the line before the last one read was a menu line (the last
                              may be the menu's question: "[1] Easy [2] Hard" then "> ") */
    bool fresh;            /* entries came since the last choice */
    char ask[CGI_PROMPT_MAX]; /* the question the server waited after at the first choice */
    bool info_read;        /* the information entry was chosen once */
    char send[4];          /* the entry chosen last */
    char why[64];          /* its words, for notes */
} cgi_menu;

/* What a menu's entry does, from its words. */
typedef enum cgi_menu_act {
    CGI_MENU_NONE,  /* none of the words below: a mode, a level */
    CGI_MENU_MOVE,  /* moves, turns, solves, answers */
    CGI_MENU_CHECK, /* checks, verifies, submits */
    CGI_MENU_SHOW,  /* shows, displays, prints the cube */
    CGI_MENU_INFO,  /* information, help, rules, notation */
    CGI_MENU_EXIT,  /* exit, quit, leave: never chosen */
} cgi_menu_act;

/* Reads the entries of one line into m: a line of entries after a line of other text starts a
 * new menu. Returns the entries read from this line. */
int cgi_menu_read(cgi_menu *m, const char *line, size_t n);
/* What an entry's words say it does. */
cgi_menu_act cgi_menu_act_of(const char *words);
/* The entry to choose: for act (CGI_MENU_NONE: a menu of modes, the one whose words promise
 * the flag, else the first mode: a level or a way to solve), -1 when the menu has none. */
int cgi_menu_find(const cgi_menu *m, cgi_menu_act act);
/* True when no entry checks or shows: the entries may all be modes, one that moves among them
 * a mode named so ("baby steps"): --tries walks them (cg_play_result.mode_keys). */
bool cgi_menu_may_be_modes(const cgi_menu *m);
/* True when they are modes: no entry checks or shows, and none moves or several do (ways to
 * solve: "speed solve", "blind solve"); with one that moves, that one is the move entry. */
bool cgi_menu_of_modes(const cgi_menu *m);

/* A notation written in words: "a capital letter turns the face clockwise, a small letter
 * anticlockwise" (or the other way round): true and *d the quarter-turn dialect of one letter
 * a move, no separator. */
bool cgi_case_legend(const char *text, size_t n, cg_dialect *d);

/* ---- replay: the engine over a recorded game (client.c, driven by replay_tube.c) ---- */

/* What replay gives the engine instead of its solvers: the answers play recorded. */
typedef struct cgi_replay_hooks {
    void *ctx;
    /* A round's answer is due for cube p (brought toward the goal already): the lines play sent
     * here, each with its '\n', into text; false when play sent nothing here (the cube still
     * waits). */
    bool (*answer)(void *ctx, const cg_puzzle *p, int round, int total, char *text, size_t size);
    /* One move a prompt, the recorded moves used up: the next lines play sent; false: none. */
    bool (*more)(void *ctx, char *text, size_t size);
    /* A menu's question: the line play sent here, with its '\n' (its choice, no answer);
     * false: play sent none. */
    bool (*choice)(void *ctx, char *text, size_t size);
    /* The server took only the first k moves of the round's first line. */
    void (*took)(void *ctx, size_t k);
    /* The server's verdict on the answer awaiting one (ok: it passed). */
    void (*verdict)(void *ctx, const char *line, size_t n, bool ok);
    /* A cube the server showed between moves that the recorded moves do not make (why). */
    void (*differs)(void *ctx, const char *why);
    /* The game ended with cube p shown and never answered. */
    void (*left)(void *ctx, const cg_puzzle *p, int round, int total);
    /* Play sent, or sends next, a line of text the engine did not (a reply rule of play's
     * options: a password asked after a cube, words read off it): the game went on there. */
    bool (*replied)(void *ctx);
} cgi_replay_hooks;

/* cg_play over a tube that replays a transcript (replay_tube.c): the same classification and
 * rounds, with play's recorded answers sent instead of solved ones. */
cg_status cgi_play_replay(cg_tube *t, const cg_tables *tables, const cg_play_options *opt,
                          const cgi_replay_hooks *replay, cg_play_result *res, cg_error *err);

#endif
