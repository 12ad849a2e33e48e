/* Bounded line reading for the commands that read text: a line longer than the buffer is cut,
 * flagged, and the rest of it skipped, so memory stays bounded whatever the input. A UTF-8
 * byte-order mark at the very start of the input is dropped (editors on other systems add one).
 *
 * The reader works on a descriptor with its own buffer rather than stdio, so that it can tell
 * whether another line is already there or would have to be waited for (cg_line_waiting): a
 * co-process answers what it has instead of blocking on a writer that waits for that answer. */
#ifndef CUBEGOD_CLI_LINES_H
#define CUBEGOD_CLI_LINES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cg_line_reader {
    int fd;
    long number;    /* 1-based number of the line last returned */
    bool truncated; /* that line was longer than the buffer; its head is returned */
    bool eof;       /* the descriptor said end of input */
    int error;      /* errno of a failed read, or 0 */
    size_t start, end; /* unread bytes are in[start, end) */
    char in[8192];
    char buf[4096];
} cg_line_reader;

void cg_line_reader_init(cg_line_reader *r, int fd);
/* The next line without its '\n'; false at end of input (or after a read error: r->error). */
bool cg_line_next(cg_line_reader *r, const char **line, size_t *len);
/* True when the next cg_line_next would return without waiting: a whole line (or a line longer
 * than the buffer, or the end of input) is buffered or can be read at once. False when only part
 * of a line, or nothing, is there yet and the writer has paused. */
bool cg_line_waiting(cg_line_reader *r);

#endif
