#include "cli/lines.h"

#include <string.h>

void cg_line_reader_init(cg_line_reader *r, FILE *in)
{
    r->in = in;
    r->number = 0;
    r->truncated = false;
}

bool cg_line_next(cg_line_reader *r, const char **line, size_t *len)
{
    if (!fgets(r->buf, sizeof r->buf, r->in))
        return false;
    size_t n = strlen(r->buf);
    r->number++;
    r->truncated = false;
    if (n && r->buf[n - 1] == '\n') {
        n--;
    } else if (n == sizeof r->buf - 1) {
        int c;
        while ((c = getc(r->in)) != EOF && c != '\n')
            r->truncated = true;
    }
    *line = r->buf;
    *len = n;
    return true;
}
