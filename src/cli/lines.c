#include "cli/lines.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

void cg_line_reader_init(cg_line_reader *r, int fd)
{
    r->fd = fd;
    r->number = 0;
    r->truncated = false;
    r->eof = false;
    r->error = 0;
    r->start = r->end = 0;
}

/* One read into the free end of in[] (moving the unread bytes down first). */
static void fill(cg_line_reader *r)
{
    if (r->start > 0) {
        memmove(r->in, r->in + r->start, r->end - r->start);
        r->end -= r->start;
        r->start = 0;
    }
    if (r->end == sizeof r->in)
        return;
    for (;;) {
        ssize_t n = read(r->fd, r->in + r->end, sizeof r->in - r->end);
        if (n > 0) {
            r->end += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            r->eof = true;
            r->error = n < 0 ? errno : 0;
        }
        return;
    }
}

bool cg_line_waiting(cg_line_reader *r)
{
    for (;;) {
        if (r->eof || memchr(r->in + r->start, '\n', r->end - r->start) ||
            r->end - r->start >= sizeof r->buf)
            return true;
        struct pollfd p = {.fd = r->fd, .events = POLLIN};
        int n = poll(&p, 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        fill(r);
    }
}

/* Byte by byte from in[]: a NUL inside a line must not end it (the parsers get the true length
 * and report the byte), and the part of a long line past the buffer is skipped. */
bool cg_line_next(cg_line_reader *r, const char **line, size_t *len)
{
    size_t n = 0;
    bool any = false, newline = false;
    r->truncated = false;
    while (!newline) {
        if (r->start == r->end) {
            if (r->eof)
                break;
            fill(r);
            continue;
        }
        char c = r->in[r->start++];
        any = true;
        if (c == '\n')
            newline = true;
        else if (n == sizeof r->buf - 1)
            r->truncated = true;
        else
            r->buf[n++] = c;
    }
    if (!any)
        return false;
    r->buf[n] = '\0';
    if (r->number++ == 0 && n >= 3 && memcmp(r->buf, "\xEF\xBB\xBF", 3) == 0) {
        n -= 3;
        memmove(r->buf, r->buf + 3, n + 1);
    }
    *line = r->buf;
    *len = n;
    return true;
}
