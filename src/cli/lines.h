/* Bounded line reading for the commands that read text: a line longer than the buffer is cut,
 * flagged, and the rest of it skipped, so memory stays bounded whatever the input. */
#ifndef CUBEGOD_CLI_LINES_H
#define CUBEGOD_CLI_LINES_H

#include <stdbool.h>
#include <stdio.h>

typedef struct cg_line_reader {
    FILE *in;
    long number;    /* 1-based number of the line last returned */
    bool truncated; /* that line was longer than the buffer; its head is returned */
    char buf[4096];
} cg_line_reader;

void cg_line_reader_init(cg_line_reader *r, FILE *in);
/* The next line without its '\n'; false at end of input. */
bool cg_line_next(cg_line_reader *r, const char **line, size_t *len);

#endif
