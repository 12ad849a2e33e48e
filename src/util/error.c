#include "cubegod/error.h"

#include <stdio.h>
#include <string.h>

/* Messages quote what a peer or a file said: this keeps them one line that cannot drive the
 * terminal they are printed on. A tab is a blank to the reader, shown as one. */
void cg_text_printable(char *text)
{
    for (; *text; text++)
        if (*text == '\t')
            *text = ' ';
        else if (cg_is_control(*text))
            *text = '?';
}

cg_status cg_fail(cg_error *err, cg_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        cg_text_printable(err->msg);
    }
    return code;
}

cg_status cg_error_prefix(cg_status st, cg_error *err, const char *fmt, ...)
{
    if (!err)
        return st;
    char prefix[CG_ERROR_MSG_MAX], old[CG_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    /* Truncation is fine: a long message loses its tail, never its place. */
    size_t n = strlen(prefix);
    if (n >= sizeof err->msg)
        n = sizeof err->msg - 1;
    memcpy(err->msg, prefix, n);
    size_t rest = strnlen(old, sizeof old);
    if (rest > sizeof err->msg - 1 - n)
        rest = sizeof err->msg - 1 - n;
    memcpy(err->msg + n, old, rest);
    err->msg[n + rest] = '\0';
    cg_text_printable(err->msg);
    return st;
}

const char *cg_status_name(cg_status code)
{
    switch (code) {
    case CG_OK: return "ok";
    case CG_ERR_INPUT: return "input";
    case CG_ERR_AMBIGUOUS: return "ambiguous";
    case CG_ERR_TOO_LONG: return "too long";
    case CG_ERR_SYSTEM: return "system";
    case CG_ERR_NOMEM: return "out of memory";
    case CG_ERR_TIMEOUT: return "timeout";
    case CG_ERR_EOF: return "end of stream";
    case CG_ERR_TLS: return "tls";
    case CG_ERR_LIMIT: return "limit";
    case CG_ERR_PROTOCOL: return "protocol";
    }
    return "unknown";
}
