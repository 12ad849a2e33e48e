/* Transcripts: the writer and the line parser (format in transcript.h). */
#include "cubegod/transcript.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "cubegod/clock.h"

struct cg_transcript {
    FILE *f;
    bool owned; /* not stdout */
    int64_t start; /* cg_now_ns() at the start */
};

static double since(const cg_transcript *t)
{
    return cg_seconds_between(t->start, cg_now_ns());
}

/* fopen(path, "w") whose descriptor is close-on-exec: a program started meanwhile (play
 * --exec) must not inherit the transcript. */
static FILE *create_cloexec(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "w");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

/* One byte as record text; `last` marks the record's final byte. Returns the length (1..4). */
static size_t escape_byte(unsigned char c, bool last, char out[5])
{
    switch (c) {
    case '\\': return (size_t)snprintf(out, 5, "\\\\");
    case '\n': return (size_t)snprintf(out, 5, "\\n");
    case '\r': return (size_t)snprintf(out, 5, "\\r");
    case '\t': return (size_t)snprintf(out, 5, "\\t");
    default: break;
    }
    if (c < 0x20 || c >= 0x7f || (c == ' ' && last))
        return (size_t)snprintf(out, 5, "\\x%02x", c);
    out[0] = (char)c;
    out[1] = '\0';
    return 1;
}

size_t cg_transcript_escape(const void *bytes, size_t n, char *buf, size_t size)
{
    const unsigned char *b = bytes;
    size_t len = 0, kept = 0; /* kept: the escapes written whole, the rest of buf not touched */
    for (size_t i = 0; i < n; i++) {
        char e[5];
        size_t k = escape_byte(b[i], i + 1 == n, e);
        if (len + k < size) {
            memcpy(buf + len, e, k);
            kept = len + k;
        }
        len += k;
    }
    if (size)
        buf[kept] = '\0';
    return len;
}

static cg_status flush(cg_transcript *t, cg_error *err)
{
    if (fflush(t->f) != 0 || ferror(t->f)) {
        clearerr(t->f);
        return cg_fail(err, CG_ERR_SYSTEM, "writing the transcript: %s", strerror(errno));
    }
    return CG_OK;
}

cg_status cg_transcript_open(const char *path, cg_transcript **out, cg_error *err)
{
    *out = NULL;
    cg_transcript *t = calloc(1, sizeof *t);
    if (!t)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    t->owned = strcmp(path, "-") != 0;
    t->f = t->owned ? create_cloexec(path) : stdout;
    if (!t->f) {
        int e = errno;
        free(t);
        return cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(e));
    }
    t->start = cg_now_ns();
    time_t now = time(NULL);
    struct tm tm;
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    fprintf(t->f, "%s\n# started %s\n", CG_TRANSCRIPT_MAGIC, stamp);
    cg_status st = flush(t, err);
    if (st != CG_OK) {
        cg_transcript_close(t, NULL);
        return st;
    }
    *out = t;
    return CG_OK;
}

cg_status cg_transcript_write(cg_transcript *t, cg_direction dir, const void *bytes, size_t n,
                              cg_error *err)
{
    if (dir != CG_DIR_IN && dir != CG_DIR_OUT)
        return cg_fail(err, CG_ERR_INPUT, "transcript direction must be '<' or '>'");
    const unsigned char *b = bytes;
    double s = since(t);
    size_t i = 0;
    while (i < n) {
        const unsigned char *nl = memchr(b + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - b) + 1 : n;
        fprintf(t->f, "%c %.6f ", (char)dir, s);
        for (size_t k = i; k < end; k++) {
            char e[5];
            size_t len = escape_byte(b[k], k + 1 == end, e);
            fwrite(e, 1, len, t->f);
        }
        fputc('\n', t->f);
        i = end;
    }
    return flush(t, err);
}

cg_status cg_transcript_note(cg_transcript *t, cg_direction kind, cg_error *err, const char *fmt,
                             ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    for (char *p = text; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    if (kind == CG_DIR_NOTE)
        fprintf(t->f, "! %.6f %s\n", since(t), text);
    else
        fprintf(t->f, "# %s\n", text);
    return flush(t, err);
}

cg_status cg_transcript_close(cg_transcript *t, cg_error *err)
{
    if (!t)
        return CG_OK;
    cg_status st = flush(t, err);
    if (t->owned && fclose(t->f) != 0 && st == CG_OK)
        st = cg_fail(err, CG_ERR_SYSTEM, "closing the transcript: %s", strerror(errno));
    free(t);
    return st;
}

/* ---- reading ---- */

int cg_transcript_detect(const char *text, size_t len)
{
    size_t m = strlen(CG_TRANSCRIPT_MAGIC);
    return len >= m && memcmp(text, CG_TRANSCRIPT_MAGIC, m) == 0 &&
           (len == m || text[m] == '\n' || text[m] == '\r');
}

static int hex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes escapes of line[from, len) in place; returns the decoded length or reports. */
static cg_status unescape(char *line, size_t from, size_t len, size_t *out, cg_error *err)
{
    size_t w = from;
    for (size_t r = from; r < len; r++) {
        if (line[r] != '\\') {
            line[w++] = line[r];
            continue;
        }
        char c = r + 1 < len ? line[r + 1] : '\0';
        int v = c == '\\' ? '\\' : c == 'n' ? '\n' : c == 'r' ? '\r' : c == 't' ? '\t' : -1;
        if (c == 'x' && r + 3 < len && hex(line[r + 2]) >= 0 && hex(line[r + 3]) >= 0) {
            line[w++] = (char)(hex(line[r + 2]) * 16 + hex(line[r + 3]));
            r += 3;
            continue;
        }
        if (v < 0)
            return cg_fail(err, CG_ERR_INPUT, "column %zu: bad escape '\\%c'", r + 1,
                           c ? c : ' ');
        line[w++] = (char)v;
        r++;
    }
    *out = w - from;
    return CG_OK;
}

cg_status cg_transcript_parse_line(char *line, size_t len, cg_transcript_record *rec,
                                   cg_error *err)
{
    if (len > 0 && line[len - 1] == '\r')
        len--;
    *rec = (cg_transcript_record){.kind = '#', .data = line, .len = 0};
    if (len == 0)
        return CG_OK;
    char kind = line[0];
    if (kind == '#') {
        size_t skip = len > 1 && line[1] == ' ' ? 2 : 1;
        rec->data = line + skip;
        rec->len = len - skip;
        return CG_OK;
    }
    if (kind != '<' && kind != '>' && kind != '!')
        return cg_fail(err, CG_ERR_INPUT, "column 1: '%c' is not a record kind (<, >, !, #)",
                       kind);
    if (len < 2 || line[1] != ' ')
        return cg_fail(err, CG_ERR_INPUT, "column 2: a space must follow '%c'", kind);
    size_t p = 2;
    double s = 0;
    bool digits = false, dot = false;
    double scale = 0.1;
    for (; p < len && line[p] != ' '; p++) {
        char c = line[p];
        if (c == '.' && !dot) {
            dot = true;
        } else if (c >= '0' && c <= '9') {
            digits = true;
            if (dot) {
                s += (c - '0') * scale;
                scale /= 10;
            } else {
                s = s * 10 + (c - '0');
            }
        } else {
            return cg_fail(err, CG_ERR_INPUT, "column %zu: '%c' in the time field", p + 1, c);
        }
    }
    if (!digits)
        return cg_fail(err, CG_ERR_INPUT, "column 3: missing time field");
    rec->kind = kind;
    rec->seconds = s;
    size_t from = p < len ? p + 1 : len; /* the text after the time's space */
    rec->data = line + from;
    if (kind == '!') {
        rec->len = len - from;
        return CG_OK;
    }
    return unescape(line, from, len, &rec->len, err);
}
