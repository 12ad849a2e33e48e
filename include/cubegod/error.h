/* cubegod: status codes and error reports shared by every part of the library.
 *
 * Every call that can fail returns a cg_status (CG_OK is 0, failures are negative) and, when
 * given a cg_error, fills it with the same code and a one-line message that says where and what
 * ("puzzle 3: corner DFR shows U and D, which are on no corner together"). The message is one
 * line: control bytes in it (from quoted input) are replaced by '?'. Passing NULL for the cg_error
 * is allowed everywhere, and changes no status: every function returns the status it holds, never
 * one read back from the error record (tests/util/test_null_errors.c calls each with NULL). */
#ifndef CUBEGOD_ERROR_H
#define CUBEGOD_ERROR_H

#include "cubegod/export.h"

#include <stdarg.h>
#include <stdbool.h>

typedef enum cg_status {
    CG_OK = 0,
    CG_ERR_INPUT = -1,     /* malformed or impossible input */
    CG_ERR_AMBIGUOUS = -2, /* input fits more than one cube: never guessed */
    CG_ERR_TOO_LONG = -3,  /* no solution within the allowed number of moves */
    CG_ERR_SYSTEM = -4,    /* an operating-system call failed; the message carries errno's text */
    CG_ERR_NOMEM = -5,     /* allocation failed */
    CG_ERR_TIMEOUT = -6,   /* a deadline passed before the data arrived */
    CG_ERR_EOF = -7,       /* the peer closed the stream */
    CG_ERR_TLS = -8,       /* TLS handshake, verification or record error */
    CG_ERR_LIMIT = -9,     /* a size limit was reached (line too long, buffer full) */
    CG_ERR_PROTOCOL = -10, /* the peer said something the game does not allow */
} cg_status;

#define CG_ERROR_MSG_MAX 256

typedef struct cg_error {
    cg_status code;
    char msg[CG_ERROR_MSG_MAX];
} cg_error;

/* Fills err (when not NULL) with code and a printf-style message; returns code. */
CG_API cg_status cg_fail(cg_error *err, cg_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Prefixes err->msg (when err is not NULL) with a printf-style context ("puzzle 3: ") and
 * returns st, the status the caller holds: never read back from err, which may be NULL. */
CG_API cg_status cg_error_prefix(cg_status st, cg_error *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A control byte: below 0x20, or 0x7f. Never part of a colour token or of a shown message. */
static inline bool cg_is_control(char c) { return (unsigned char)c < 0x20 || c == 0x7f; }

/* Replaces control bytes (cg_is_control) of a NUL-terminated text with '?' (a tab with a blank),
 * in place:
 * for text from a peer or a file that is shown on a terminal, where an escape sequence could
 * rewrite the screen. cg_fail and cg_error_prefix already do this to every message. */
CG_API void cg_text_printable(char *text);

/* A short name for a status: "input", "timeout", ... */
CG_API const char *cg_status_name(cg_status code);

#endif
