/* Logging in the style of pwntools ("[+] ...", "[DEBUG] ..."), hexdumps, the clock. */
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "tube/internal.h"

static FILE *log_out(const cg_log *log)
{
    return log && log->out ? log->out : stderr;
}

static bool log_on(const cg_log *log, cg_log_level at)
{
    return (log ? log->level : CG_LOG_INFO) >= at && at > CG_LOG_QUIET;
}

void cg_log_msg(const cg_log *log, cg_log_level at, char c, const char *fmt, ...)
{
    if (!log_on(log, at))
        return;
    /* One buffer, one fputs: lines from several threads do not interleave mid-line. */
    char line[1024];
    int k = at == CG_LOG_DEBUG ? snprintf(line, sizeof line, "[DEBUG] ")
                               : snprintf(line, sizeof line, "[%c] ", c);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + k, sizeof line - (size_t)k - 1, fmt, ap);
    va_end(ap);
    size_t n = strlen(line);
    line[n] = '\n';
    line[n + 1] = '\0';
    fputs(line, log_out(log));
}

void cg_hexdump(FILE *out, const void *p, size_t n)
{
    const uint8_t *s = p;
    for (size_t off = 0; off < n; off += 16) {
        char line[128];
        int k = snprintf(line, sizeof line, "    %08zx  ", off);
        for (size_t i = 0; i < 16; i++) {
            if (off + i < n)
                k += snprintf(line + k, sizeof line - (size_t)k, "%02x ", s[off + i]);
            else
                k += snprintf(line + k, sizeof line - (size_t)k, "   ");
            if (i == 7)
                line[k++] = ' ';
        }
        line[k++] = ' ';
        line[k++] = '|';
        for (size_t i = 0; i < 16 && off + i < n; i++) {
            uint8_t b = s[off + i];
            line[k++] = b >= 0x20 && b < 0x7f ? (char)b : '.';
        }
        line[k++] = '|';
        line[k++] = '\n';
        line[k] = '\0';
        fputs(line, out);
    }
}

void cgi_log_data(const cg_log *log, int direction, const uint8_t *p, size_t n)
{
    if (!log_on(log, CG_LOG_DEBUG))
        return;
    FILE *out = log_out(log);
    flockfile(out);
    cg_log_msg(log, CG_LOG_DEBUG, 'D', "%s %#zx bytes:",
               direction == CG_TUBE_SENT ? "Sent" : "Received", n);
    cg_hexdump(out, p, n);
    funlockfile(out);
}
