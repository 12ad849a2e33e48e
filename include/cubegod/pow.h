/* cubegod: proofs of work put in front of a challenge (`cubegod pow`, `play --pow`, `serve --pow`).
 *
 * The gates read from text, wherever they stand in it:
 *
 *   hash prefix   "sha256(XXXX+u7Qm2PzXa9LkT1bc) == 5f2e..." (md5, sha1, sha224, sha256, sha384,
 *                 sha512; quotes, blanks, "hashlib." and ".hexdigest()" allowed; the unknown run
 *                 of X (or ? or *) first or last; a hex digest or the start of one). The answer
 *                 is the run's characters, letters and digits.
 *   leading zeros "sha256(PREFIX + S) starts with 000000" or "... has 24 leading zero bits": the
 *                 answer is an S of letters and digits.
 *   hashcash      "hashcash -mb20 RESOURCE" (also "-m -b 20", "-b20 -m"): the answer is a
 *                 version-1 stamp 1:BITS:YYMMDD:RESOURCE::RAND:COUNTER whose SHA-1 starts with
 *                 BITS zero bits.
 *   sloth         kCTF's "... solve s.DIFF.X" and redpwn's "... | sh -s s.DIFF.X": y = x, then
 *                 DIFF times y = (y^((p+1)/4) mod p) xor 1 with p = 2^1279 - 1; the answer is
 *                 "s." + base64 of y (big-endian, kCTF's length).
 *
 * The hash kinds are searched on every core (threads); the sloth is sequential, on one.
 * Every call takes text as bytes and a length (no NUL needed) and writes into caller buffers;
 * answers are NUL-terminated single lines without a newline. */
#ifndef CUBEGOD_POW_H
#define CUBEGOD_POW_H

#include "cubegod/export.h"

#include <signal.h>
#include <stddef.h>

#include "cubegod/error.h"

/* Longest answer written (a hashcash stamp with a 255-byte resource); out needs at most this. */
#define CG_POW_ANSWER_MAX 512

/* Whether text holds a gate: 1 a gate these calls answer, 0 none. A gate is a gate only when it
 * parses: text that merely looks like one (a hash call such as "sha256(flag)", "solve s.t.", a
 * hashcash command line) gives 0, and then err (when not NULL) has CG_ERR_INPUT and says why
 * that text was not read and which kinds are known; with no such text, CG_OK and "". */
CG_API int cg_pow_scan(const char *text, size_t len, cg_error *err);

/* A solver: threads, a time limit, progress notices, and what the last gate was. */
typedef struct cg_pow cg_pow;

/* A progress line, about once a second while a gate takes over a second ("sha256 prefix: 41 %
 * of 14776336 candidates, 1.0 s"), and, before a gate estimated to take over a second, its
 * estimate. One line, no newline. */
typedef void (*cg_pow_notice_fn)(void *ctx, const char *text);

/* CG_ERR_NOMEM only. Defaults: every online core, no time limit, no notices. */
CG_API cg_status cg_pow_new(cg_pow **out, cg_error *err);
CG_API void cg_pow_free(cg_pow *p);
/* Threads for the hash kinds: 0 every online core, otherwise 1 to 256 (clamped). */
CG_API void cg_pow_set_threads(cg_pow *p, int threads);
/* Refuse, before starting, a gate whose expected time on this machine is above seconds (0: no
 * limit): CG_ERR_LIMIT with the estimate in the message. */
CG_API void cg_pow_set_limit(cg_pow *p, double seconds);
CG_API void cg_pow_set_notice(cg_pow *p, cg_pow_notice_fn fn, void *ctx);
/* A flag a signal handler sets (NULL: none, the default): once it is nonzero a solve in progress
 * stops within a quarter of a second (the hash kinds) or a step (the sloth) with CG_ERR_EOF,
 * "stopped by a signal". */
CG_API void cg_pow_set_stop(cg_pow *p, const volatile sig_atomic_t *flag);

/* Reads the first gate in text and answers it into out (cap bytes, CG_POW_ANSWER_MAX is always
 * enough). Errors:
 *   CG_ERR_INPUT     no gate in text, or one that cannot be read (the message says which part)
 *   CG_ERR_LIMIT     the estimate is over the limit (the message says how long it would take),
 *                    or out is too small
 *   CG_ERR_TOO_LONG  the whole space of a fixed-length unknown was searched and no candidate
 *                    reaches the target
 *   CG_ERR_SYSTEM    threads could not be started
 *   CG_ERR_EOF       stopped by the flag of cg_pow_set_stop
 *   CG_ERR_PROTOCOL  the answer found failed its check (hashed again, or the sloth squared back,
 *                    apart from the search): out is empty, the message names the answer
 * Every answer is checked so before it is returned.
 *   CG_ERR_NOMEM */
CG_API cg_status cg_pow_solve(cg_pow *p, const char *text, size_t len, char *out, size_t cap,
                              cg_error *err);

/* After cg_pow_solve: the gate read ("sha256 prefix, 4 unknown of 62 characters", "kctf sloth,
 * difficulty 1337", ...; "" before any), the seconds the solve took, and the candidates hashed
 * (0 for the sloth). */
CG_API const char *cg_pow_last_kind(const cg_pow *p);
CG_API double cg_pow_last_seconds(const cg_pow *p);
CG_API double cg_pow_last_candidates(const cg_pow *p);

/* One call for scripts: cg_pow_solve with every core, no limit, no notices. */
CG_API cg_status cg_pow_answer(const char *text, size_t len, char *out, size_t cap, cg_error *err);

/* ---- the server's side (serve --pow) ---- */

/* A fresh random gate of kind "sha256" (difficulty: the unknown's length, 1 to 6, default 4),
 * "hashcash" (bits, 1 to 40, default 20) or "kctf" (the sloth's difficulty, 1 to 100000,
 * default 1337), difficulty 0 meaning the default; the text the server prints, prompt included
 * ("Give me XXXX:", "and send the stamp:", "Solution? "), without a newline after the prompt.
 * CG_ERR_INPUT: an unknown kind or a difficulty out of range; CG_ERR_LIMIT: text too small
 * (1024 bytes are enough). */
CG_API cg_status cg_pow_challenge(const char *kind, long difficulty, char *text, size_t cap,
                                  cg_error *err);

/* Checks an answer line (a trailing '\r' is ignored) against the gate in text (as
 * cg_pow_challenge wrote it, or any text cg_pow_scan accepts). A hashcash stamp must name the
 * resource, have at least the bits asked and a date within two days of now.
 * CG_OK: right; CG_ERR_PROTOCOL: wrong (the message says why); CG_ERR_INPUT: no gate in text. */
CG_API cg_status cg_pow_check(const char *text, size_t len, const char *answer, size_t alen,
                              cg_error *err);

#endif
