/* A transcript written for a test from records "K SECONDS TEXT" (K one of < > !, TEXT escaped as
 * the recorder escapes it), after the magic line. */
#ifndef CUBEGOD_TESTS_GAME_TRANSCRIPTS_H
#define CUBEGOD_TESTS_GAME_TRANSCRIPTS_H

#include <stdio.h>
#include <string.h>

#include "cubegod/transcript.h"

/* The transcript of the n records in buf (size bytes, asserted to fit); returns buf. */
static const char *transcript(char *buf, size_t size, const char *const *recs, int n)
{
    size_t len = (size_t)snprintf(buf, size, "%s\n", CG_TRANSCRIPT_MAGIC);
    for (int i = 0; i < n; i++) {
        char kind;
        double at;
        int off;
        assert_int_equal(sscanf(recs[i], "%c %lf %n", &kind, &at, &off), 2);
        len += (size_t)snprintf(buf + len, size - len, "%c %.6f ", kind, at);
        len += cg_transcript_escape(recs[i] + off, strlen(recs[i] + off), buf + len, size - len);
        len += (size_t)snprintf(buf + len, size - len, "\n");
        assert_true(len < size);
    }
    return buf;
}

#endif
