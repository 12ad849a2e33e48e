#include "cli/lines.h"

#include <string.h>

void cg_line_reader_init(cg_line_reader *r, FILE *in)
{
    r->in = in;
    r->number = 0;
    r->truncated = false;
}

/* getc rather than fgets: a NUL byte inside a line must not end it, or the rest of the line
 * would vanish without a word; the parsers get the true length and report the byte. */
bool cg_line_next(cg_line_reader *r, const char **line, size_t *len)
{
    size_t n = 0;
    int c;
    r->truncated = false;
    while ((c = getc_unlocked(r->in)) != EOF && c != '\n') {
        if (n == sizeof r->buf - 1) {
            r->truncated = true;
            continue;
        }
        r->buf[n++] = (char)c;
    }
    if (c == EOF && n == 0 && !r->truncated)
        return false;
    r->buf[n] = '\0';
    r->number++;
    *line = r->buf;
    *len = n;
    return true;
}
