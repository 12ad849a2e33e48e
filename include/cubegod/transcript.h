/* cubegod: transcripts, everything that crossed the wire in both directions, as greppable text.
 *
 * Format (version 1). A UTF-8/ASCII text file of lines ending in '\n':
 *
 *   # cubegod transcript 1              first line, always: identifies the format
 *   # ...                               more comment lines anywhere (start time, peer, ...)
 *   < 0.000412 Welcome to the cube god trial!\n
 *   < 0.000412 Enter your solution:\n
 *   > 0.000431 U2 F' U' R' F' D' R2 D2\n
 *   ! 0.000950 connection closed by peer
 *
 * A data record is: a direction, one space, the seconds since the transcript was opened (fixed
 * point, 6 decimals, monotonic clock), one space, then the bytes, escaped:
 *
 *   direction  '<' bytes received by the recorder, '>' bytes sent by the recorder
 *              (for `cubegod play` '<' is the server's text and '>' the answers)
 *   escapes    \\ backslash, \n newline, \r carriage return, \t tab, \xHH any other byte below
 *              0x20, 0x7f and above, and a space that would end the record (\x20); every other
 *              byte stands for itself
 *
 * Each chunk of data is cut after every newline, so a record holds at most one line and shows it
 * ending in the two characters `\n`. A record that does NOT end in `\n` is a chunk that stopped
 * in the middle of a line (the marker is the missing `\n`); the line continues in the next record
 * of the same direction. Concatenating the decoded records of one direction gives back exactly
 * the bytes of that direction. `grep '^>' FILE` lists what was sent, `grep 'Round 17/'` finds a
 * round.
 *
 * An event record is '!', the time, and free text (not escaped; a note of the recorder such as
 * a timeout or a close); readers may show it and must not treat it as data.
 *
 * The writer flushes after every call so an interrupted program (a crash, Ctrl-C) leaves a file
 * that is complete up to its last call. A cg_transcript is not thread-safe: one writer thread. */
#ifndef CUBEGOD_TRANSCRIPT_H
#define CUBEGOD_TRANSCRIPT_H

#include "cubegod/export.h"

#include <stddef.h>
#include <stdio.h>

#include "cubegod/error.h"

#define CG_TRANSCRIPT_MAGIC "# cubegod transcript 1"

typedef enum cg_direction {
    CG_DIR_IN = '<',  /* received by the recorder */
    CG_DIR_OUT = '>', /* sent by the recorder */
    CG_DIR_NOTE = '!' /* an event, not data */
} cg_direction;

typedef struct cg_transcript cg_transcript;

/* Creates (truncates) the file at path ("-" is standard output) and writes the first line and a
 * "# started <UTC time>" comment. CG_ERR_SYSTEM when the file cannot be opened. */
CG_API cg_status cg_transcript_open(const char *path, cg_transcript **out, cg_error *err);

/* Appends n bytes that went in direction dir (CG_DIR_IN or CG_DIR_OUT) as one or more records,
 * timestamped now, and flushes. CG_ERR_SYSTEM when writing fails (the transcript stays usable
 * for later calls). */
CG_API cg_status cg_transcript_write(cg_transcript *t, cg_direction dir, const void *bytes, size_t n,
                              cg_error *err);

/* Appends a "# text" comment (no timestamp) or, with CG_DIR_NOTE, an event record; printf-style,
 * one line (newlines in the text become spaces). */
CG_API cg_status cg_transcript_note(cg_transcript *t, cg_direction kind, cg_error *err, const char *fmt,
                             ...) __attribute__((format(printf, 4, 5)));

/* Flushes and closes (NULL is fine). Returns CG_ERR_SYSTEM when the last flush failed. */
CG_API cg_status cg_transcript_close(cg_transcript *t, cg_error *err);

/* ---- reading ---- */

typedef struct cg_transcript_record {
    char kind;         /* '<', '>', '!' or '#' (a comment; seconds is 0) */
    double seconds;    /* the time field */
    const char *data;  /* decoded bytes ('<', '>') or the text ('!', '#'), not NUL-terminated */
    size_t len;
} cg_transcript_record;

/* True when text (the start of a file) begins with CG_TRANSCRIPT_MAGIC. */
CG_API int cg_transcript_detect(const char *text, size_t len);

/* Parses one line of a transcript (without its '\n'), decoding the data in place: rec->data
 * points into line. An empty line is a comment with no text.
 * CG_ERR_INPUT with the column (1-based) and what is wrong: an unknown kind, a bad time, a bad
 * escape. */
CG_API cg_status cg_transcript_parse_line(char *line, size_t len, cg_transcript_record *rec,
                                   cg_error *err);

/* Escapes n bytes as a record's text into buf (NUL-terminated); returns the length needed, which
 * is at most 4 * n. When that is size or more, buf holds the escapes that fit whole (an escape
 * is never cut), then the NUL. */
CG_API size_t cg_transcript_escape(const void *bytes, size_t n, char *buf, size_t size);

#endif
