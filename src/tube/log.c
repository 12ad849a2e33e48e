/* Logging in the style of pwntools ("[+] ...", "[DEBUG] ..."), hexdumps, the clock. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tube/internal.h"

static FILE *log_out(const cg_log *log)
{
    return log && log->out ? log->out : stderr;
}

static bool log_on(const cg_log *log, cg_log_level at)
{
    return log && log->level >= at && at > CG_LOG_QUIET;
}

/* Text of whole lines to the log's receiver. */
static void log_put(const cg_log *log, cg_log_level at, const char *text)
{
    if (log->fn)
        log->fn(log->fn_ctx, at, text);
    else
        fputs(text, log_out(log));
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
    log_put(log, at, line);
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
    /* The header line and the dump as one text: one receiver call, no interleaving. */
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return;
    cg_log to_mem = {CG_LOG_DEBUG, mem, NULL, NULL};
    cg_log_msg(&to_mem, CG_LOG_DEBUG, 'D', "%s %#zx bytes:",
               direction == CG_TUBE_SENT ? "Sent" : "Received", n);
    cg_hexdump(mem, p, n);
    if (fclose(mem) == 0 && text)
        log_put(log, CG_LOG_DEBUG, text);
    free(text);
}
