/* Shared inside src/pow: the gate as read from text, and the engines that answer it.
 * Files: pow.c (the API) uses gate.c (readers), hash.c (threaded search), sloth.c (the
 * Mersenne square roots) and check.c (the server's side, and the check of the solver's own
 * answers); check.c uses gate.c and sloth.c; none of them uses pow.c. */
#ifndef CUBEGOD_POW_INTERNAL_H
#define CUBEGOD_POW_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/error.h"
#include "cubegod/pow.h"

typedef enum cgi_gate_kind {
    CGI_GATE_PREFIX,   /* hash(XXXX + known) == hex: fixed-length unknown */
    CGI_GATE_ZEROS,    /* hash(known + S) starts with hex / N zero bits: free-length unknown */
    CGI_GATE_HASHCASH,
    CGI_GATE_SLOTH,
} cgi_gate_kind;

typedef enum cgi_hash { CGI_MD5, CGI_SHA1, CGI_SHA224, CGI_SHA256, CGI_SHA384, CGI_SHA512 } cgi_hash;

#define CGI_KNOWN_MAX 256
/* The longest line read as a gate (a real one is under 1 KiB: 255 known bytes, 128 hex digits);
 * longer lines are text. The hash calls of a line are each read to its end, so this bounds the
 * reading of a line to about a million steps. */
#define CGI_GATE_LINE_MAX 4096
#define CGI_UNKNOWN_MAX 8
#define CGI_SLOTH_LIMBS 20 /* 1280 bits: p = 2^1279 - 1 and every partly reduced value */
#define CGI_SLOTH_MAX_DIFFICULTY 4294967295.0

typedef struct cgi_gate {
    cgi_gate_kind kind;
    cgi_hash hash;
    char known[CGI_KNOWN_MAX]; /* the known part (hash kinds), the resource (hashcash) */
    size_t known_len;
    bool unknown_first;   /* hash(unknown + known) rather than hash(known + unknown) */
    int unknown_len;      /* PREFIX: the run's length; ZEROS: 0 (any length) */
    uint8_t target[64];   /* the digest's bits target_from .. target_from + target_bits - 1
                             must equal these, at their place in the digest */
    int target_bits;
    int target_from;      /* 0: the digest's start; a slice's or ends-with's first bit */
    int bits;             /* hashcash */
    uint32_t difficulty;  /* sloth */
    uint64_t x[CGI_SLOTH_LIMBS];
} cgi_gate;

/* gate.c: the first gate in text that parses; a line that only looks like one ("We keep
 * sha256(flag) == ...", "solve s.t. every face ...") is text, never a gate. *found says whether
 * a gate was read; when not, err (CG_ERR_INPUT) says why the first line that looked like one was
 * not read, or is CG_OK and "" when none did (a text that is no gate is no failure). */
void cgi_gate_read(const char *text, size_t len, cgi_gate *g, bool *found, cg_error *err);
/* The same, the names of a gate's sentence ("sha1(prefix + X) ...") also looked up in context
 * (the lines before text; no gate is read from it). */
void cgi_gate_read_in(const char *text, size_t len, const char *context, size_t clen, cgi_gate *g,
                      bool *found, cg_error *err);
/* CG_ERR_INPUT "no proof of work ...", with cgi_gate_read's near miss when err holds one. */
cg_status cgi_no_gate(cg_error *err);
/* "sha256", ... */
const char *cgi_hash_name(cgi_hash h);
int cgi_hash_size(cgi_hash h);
/* The 62 characters candidates are made of. */
extern const char cgi_alnum[63];

/* hash.c: searches for an answer to a hash gate (PREFIX, ZEROS, HASHCASH; for HASHCASH
 * `head` is the stamp up to the counter). Writes the unknown (PREFIX, ZEROS) or the counter
 * (HASHCASH) into out. max_candidates bounds a free-length search. *tried counts candidates.
 * CG_ERR_TOO_LONG when none was found; CG_ERR_EOF when tick said stop (called every 250 ms). */
/* Progress, and the caller's word on going on: false stops the search (a stop signal). */
typedef bool (*cgi_tick_fn)(void *ctx, double tried);
cg_status cgi_hash_search(const cgi_gate *g, const char *head, size_t head_len, int threads,
                          double max_candidates, cgi_tick_fn tick, void *tick_ctx, char *out,
                          size_t cap, double *tried, cg_error *err);
/* Candidates a second one thread hashes for this gate, measured over a few milliseconds. */
double cgi_hash_rate(const cgi_gate *g, const char *head, size_t head_len);
/* Whether digest(msg) meets the gate's target. */
bool cgi_hash_meets(const cgi_gate *g, const void *msg, size_t n);

/* check.c: an answer checked apart from the search that made it: hashed again by OpenSSL's EVP
 * call (the sloth squared back) against g. CG_ERR_PROTOCOL naming the answer and the gate. */
cg_status cgi_answer_holds(const cgi_gate *g, const char *answer, cg_error *err);

/* sloth.c: y = the gate's answer, as limbs (little-endian 64-bit). tick is called after each
 * step with the steps done; false from it stops the root, and this returns false. */
bool cgi_sloth_root(const uint64_t *x, uint32_t difficulty, uint64_t *y, cgi_tick_fn tick,
                    void *tick_ctx);
/* Squares back: true when y answers (x, difficulty). */
bool cgi_sloth_check(const uint64_t *x, uint32_t difficulty, const uint64_t *y);
/* The same root with OpenSSL's BIGNUM (the benchmark's comparison); false on no memory. */
bool cgi_sloth_root_bn(const uint64_t *x, uint32_t difficulty, uint64_t *y);
/* "about 3.2 s", "about 110 s", "about 2.1 hours", "about 1.2e+143 years": an estimate for
 * messages. Every form is short (a huge estimate in days printed 140 digits and lost its unit
 * in the buffer). */
void cgi_duration(double s, char *out, size_t cap);
/* Seconds per step of the hand-written root, measured over a few steps. */
double cgi_sloth_step_seconds(void);
/* Big-endian base64 of a number (kCTF's length: (bits / 24) * 3 + 3 bytes) and back.
 * cgi_b64_number returns false on bad base64 or a number of more than 1280 bits. */
size_t cgi_number_b64(const uint64_t *v, char *out, size_t cap);
bool cgi_b64_number(const char *s, size_t n, uint64_t *v);

#endif
