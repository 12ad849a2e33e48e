/* The client's proof-of-work gate (play --pow auto): kept apart from client.c's dialogue. */
#ifndef CUBEGOD_GAME_POW_GATE_H
#define CUBEGOD_GAME_POW_GATE_H

#include <stdbool.h>
#include <stddef.h>

#include "cubegod/client.h"

/* The lines before a gate's line (the latest 1 KiB), where the names of its sentence get their
 * values ("prefix: k9Jd" before "find X such that sha1(prefix + X) ..."). Zero it to start. */
typedef struct cgi_pow_seen {
    char text[1024];
    size_t n;
} cgi_pow_seen;

/* A line (or a partial line) from the server: when it holds a proof of work (pow.h) and
 * opt->pow_off is not set, answers it on t and sets *gate; else the line joins seen. Text that only looks like a gate is
 * left to the game (said through opt->pow_notice). CG_ERR_LIMIT for a gate over the time
 * limit, the tube's errors for the send; every message starts "proof of work: ". */
cg_status cgi_play_gate(cg_tube *t, const cg_play_options *opt, cgi_pow_seen *seen,
                        const char *line, size_t n, bool *gate, cg_error *err);

/* serve --pow KIND: a fresh gate (cg_pow_challenge), the answer read within 120 s and
 * checked, "Correct" or "[-] Proof-of-work fail: why" sent. False when the game ends there,
 * with why in outcome. */
bool cgi_serve_gate(cg_tube *t, const char *kind, long difficulty, char *outcome, size_t cap);

#endif
