/* cubegod: reading a challenge's dialogue, as a player reads it.
 *
 * Pure functions over the server's text, used by the game client (client.h) and usable from any
 * language: the move limit a sentence states, the verdict a line gives, the notation and metric a
 * banner implies, and reply rules, which answer the questions a server asks around each cube
 * (menus, "Ready?").
 *
 * A reply rule is written `[PHASE:][re:]TEXT=SEND`: when TEXT arrives (a substring of a line, or
 * with `re:` a POSIX extended regular expression) and the game is in PHASE, SEND is sent as a
 * line. PHASE is one of
 *
 *   start      no cube waits for an answer: before the first cube, and after a verdict
 *   cube       a cube was read and not yet answered
 *   answered   an answer was sent and no verdict came yet
 *   any        every phase (the default)
 *
 * A lower-case word followed by ':' at the start of a rule is always taken as a phase, so a TEXT
 * that itself starts so is written after `any:`. `\=` in TEXT is a literal '='; the first plain
 * '=' ends TEXT, and SEND is everything after it (may be empty: an empty line). An empty TEXT
 * (`start:=hello`) is an opening line: sent once, before anything is received. */
#ifndef CUBEGOD_DIALOGUE_H
#define CUBEGOD_DIALOGUE_H

#include "cubegod/export.h"

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/error.h"

#define CG_REPLIES_MAX 64    /* rules in one set */
#define CG_REPLY_TEXT_MAX 256 /* longest rule, in bytes */

typedef enum cg_phase {
    CG_PHASE_ANY,
    CG_PHASE_START,
    CG_PHASE_CUBE,
    CG_PHASE_ANSWERED,
} cg_phase;

/* "start", "cube", "answered" or "any". */
CG_API const char *cg_phase_name(cg_phase p);

/* A set of reply rules (opaque). */
typedef struct cg_replies cg_replies;

/* An empty set in *out. CG_ERR_NOMEM. */
CG_API cg_status cg_replies_new(cg_replies **out, cg_error *err);
/* Frees the set; NULL is fine. */
CG_API void cg_replies_free(cg_replies *r);
/* Adds one rule. CG_ERR_INPUT, the message quoting the rule: no '=', an unknown phase, a bad
 * regular expression or one that repeats too much (the product of 2 for each '+' and of each
 * {m,n}'s largest count over 4096: regcomp would build that many copies), a rule longer than
 * CG_REPLY_TEXT_MAX, an opening line in a phase other than start or any, or more than
 * CG_REPLIES_MAX rules. */
CG_API cg_status cg_replies_add(cg_replies *r, const char *rule, cg_error *err);
/* Adds the rules of a file's text (len bytes, NUL bytes refused): one rule a line; blank lines
 * and lines whose first non-blank character is '#' are skipped; blanks at a line's ends and a
 * '\r' are dropped. Errors as cg_replies_add, prefixed with "line N: ". */
CG_API cg_status cg_replies_add_text(cg_replies *r, const char *text, size_t len, cg_error *err);
/* The number of rules. */
CG_API int cg_replies_count(const cg_replies *r);
/* The first rule, from `from` on, that matches line (n bytes, need not be NUL-terminated) in
 * phase p; -1 when none does. Opening lines never match. Both kinds of rule see the whole line,
 * however long; a regular expression sees a NUL byte in it as one character no rule writes. A
 * rule that does not match the bytes is tried on the line as a terminal shows it (escape
 * sequences and control bytes left out, a tab a blank). */
CG_API int cg_replies_match(const cg_replies *r, int from, cg_phase p, const char *line, size_t n);
/* Rule i's line to send, its text as written, its phase; whether it is an opening line. NULL,
 * CG_PHASE_ANY and false for an i out of range. */
CG_API const char *cg_replies_send(const cg_replies *r, int i);
CG_API const char *cg_replies_rule(const cg_replies *r, int i);
CG_API cg_phase cg_replies_phase(const cg_replies *r, int i);
CG_API bool cg_replies_opening(const cg_replies *r, int i);

/* The move limit one line of text states, or 0 when it states none. Recognised, with any case,
 * "moves", "turns" or "steps" (singular too, "quarter"/"half"/"face" before them allowed) as
 * UNIT: "at most N UNIT", "N UNIT at most", "no more than N [UNIT]", "up to N UNIT", "within N
 * UNIT", "N UNIT or fewer" / "or less", "max[imum] [of] N UNIT", "longer than N UNIT" / "more
 * than N UNIT" (N: what is refused starts above it), "fewer than N UNIT" / "less than N UNIT"
 * (N - 1). N from 1 to 999. The words that stated it (from the first of them to the end of the
 * clause, at most cap - 1 bytes) go to phrase when phrase is not NULL. */
CG_API int cg_limit_read(const char *line, size_t n, char *phrase, size_t cap);

/* The round counter one line shows, in the usual wordings: "Round 3/5", "Cube 3 of 5", "Level
 * 3 of 5", "stage 3 out of 5" (round, cube, level, stage, puzzle, challenge, scramble, task,
 * question, problem, test, game), "[3/5]" anywhere, "3 / 5" with at most one word before it and
 * no words after it ("Progress: 3 / 5"); or a number alone after the line's first word ("Round
 * 3", "=== Level 3 ==="). Returns 2 (*i and *total set), 1 (*i only) or 0. */
CG_API int cg_round_read(const char *line, size_t n, int *i, int *total);

typedef enum cg_verdict {
    CG_VERDICT_NONE, /* not a verdict */
    CG_VERDICT_OK,
    CG_VERDICT_FAIL,
} cg_verdict;

/* The verdict one line gives in a server's usual words: "[+]", ok, correct, solved, nice,
 * congratulations, well done, passed, good job, great, accepted, success; "[-]", wrong,
 * incorrect, fail(ed), invalid, not solved, not correct, not been restored, not a move, not
 * allowed, too many, too long, time's up, timeout, rejected, refused, and "No:" / "No!" opening
 * the line. Whole words, any case; a failing word wins over a passing one ("not correct"). */
CG_API cg_verdict cg_verdict_of(const char *line, size_t n);

/* What a banner line says about how answers are written: the notation of an example answer
 * ("e.g. R1 R3 F2" digits, "like R U' F2" standard, "quarter turns only" quarter), or -1 when
 * it shows none; and whether moves are counted in quarter turns ("quarter turns", "metric
 * qtm"). */
CG_API int cg_notation_hint(const char *line, size_t n);
CG_API bool cg_metric_hint_qtm(const char *line, size_t n);

/* True when line (trailing blanks and '\r' ignored) ends in ':', '?' or '>' after a word
 * ("Solution?", "Your answer > "): what a prompt usually looks like; a row of stickers ("? ?")
 * is not. */
CG_API bool cg_line_asks(const char *line, size_t n);
/* True when line holds a word (two letters in a row, one of them not a face letter UDFBLR):
 * text for a person, not a row of stickers. */
CG_API bool cg_line_has_words(const char *line, size_t n);

#endif
