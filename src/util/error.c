#include "cubegod/error.h"

#include <stdio.h>
#include <string.h>

#include "util/words.h"

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

/* Copies text[0, n) into out (cap bytes, NUL-terminated): whole when it fits, else cut between
 * words (cgi_cut_words) with room left for CGI_CUT, then CGI_CUT: a full message loses its tail
 * between words, never in the middle of one. */
static void fit(char *out, size_t cap, const char *text, size_t n)
{
    if (n < cap) {
        memcpy(out, text, n);
        out[n] = '\0';
        return;
    }
    size_t b = cgi_cut_words(text, n, cap - sizeof CGI_CUT); /* room for the mark and the NUL */
    memcpy(out, text, b);
    memcpy(out + b, CGI_CUT, sizeof CGI_CUT);
}

cg_status cg_fail(cg_error *err, cg_status code, const char *fmt, ...)
{
    if (err) {
        char all[4 * CG_ERROR_MSG_MAX];
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        int k = vsnprintf(all, sizeof all, fmt, ap);
        va_end(ap);
        fit(err->msg, sizeof err->msg, all, k < 0 ? 0 : (size_t)k < sizeof all ? (size_t)k : sizeof all - 1);
        cg_text_printable(err->msg);
    }
    return code;
}

cg_status cg_error_prefix(cg_status st, cg_error *err, const char *fmt, ...)
{
    if (!err)
        return st;
    char all[2 * CG_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(all, CG_ERROR_MSG_MAX, fmt, ap);
    va_end(ap);
    /* A long message loses its tail, never its place. */
    size_t n = k < 0 ? 0 : (size_t)k < CG_ERROR_MSG_MAX ? (size_t)k : CG_ERROR_MSG_MAX - 1;
    size_t rest = strnlen(err->msg, sizeof err->msg);
    memcpy(all + n, err->msg, rest);
    fit(err->msg, sizeof err->msg, all, n + rest);
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
