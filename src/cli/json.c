#include "cli/json.h"

#include <math.h>
#include <string.h>

void json_start(json *j, FILE *out)
{
    j->out = out;
    j->depth = 0;
    j->first[0] = true;
}

/* Length of the valid UTF-8 sequence at s (at most len bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t len)
{
    size_t n;
    unsigned min;
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, min = 0x80, c &= 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, min = 0x800, c &= 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, min = 0x10000, c &= 0x07;
    else
        return 0;
    if (n > len)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    return n;
}

void json_escape(FILE *out, const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < len;) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            fputc('\\', out);
            fputc(c, out);
        } else if (c == '\n') {
            fputs("\\n", out);
        } else if (c == '\t') {
            fputs("\\t", out);
        } else if (c == '\r') {
            fputs("\\r", out);
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(out, "\\u%04x", c);
        } else {
            size_t n = utf8_len(p + i, len - i);
            if (n == 0) {
                fputs("\\ufffd", out);
                n = 1;
            } else {
                fwrite(p + i, 1, n, out);
            }
            i += n;
            continue;
        }
        i++;
    }
}

/* The comma and the key before a value. */
static void member(json *j, const char *key)
{
    if (!j->first[j->depth])
        fputc(',', j->out);
    j->first[j->depth] = false;
    if (key) {
        fputc('"', j->out);
        json_escape(j->out, key, strlen(key));
        fputs("\":", j->out);
    }
}

static void open(json *j, const char *key, char c)
{
    member(j, key);
    fputc(c, j->out);
    if (j->depth + 1 < JSON_DEPTH) {
        j->depth++;
        j->first[j->depth] = true;
        j->close[j->depth] = c == '{' ? '}' : ']';
    }
}

void json_object(json *j, const char *key) { open(j, key, '{'); }
void json_array(json *j, const char *key) { open(j, key, '['); }

void json_end(json *j)
{
    if (j->depth > 0)
        fputc(j->close[j->depth--], j->out);
}

void json_strn(json *j, const char *key, const char *value, size_t len)
{
    member(j, key);
    fputc('"', j->out);
    json_escape(j->out, value, len);
    fputc('"', j->out);
}

void json_str(json *j, const char *key, const char *value)
{
    if (!value) {
        json_null(j, key);
        return;
    }
    json_strn(j, key, value, strlen(value));
}

void json_int(json *j, const char *key, long long value)
{
    member(j, key);
    fprintf(j->out, "%lld", value);
}

void json_num(json *j, const char *key, double value)
{
    member(j, key);
    if (isfinite(value))
        fprintf(j->out, "%.6g", value);
    else
        fputs("null", j->out);
}

void json_bool(json *j, const char *key, bool value)
{
    member(j, key);
    fputs(value ? "true" : "false", j->out);
}

void json_null(json *j, const char *key)
{
    member(j, key);
    fputs("null", j->out);
}

void json_finish(json *j)
{
    while (j->depth > 0)
        json_end(j);
    fputc('\n', j->out);
    fflush(j->out);
    j->first[0] = true;
}
