/* Small text helpers the engine's readers share. */
#include "engine/engine.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool cgi_text_has(const char *text, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; k <= n && i <= n - k; i++) {
        size_t j = 0;
        while (j < k && tolower((unsigned char)text[i + j]) == needle[j])
            j++;
        if (j == k)
            return true;
    }
    return false;
}

void cgi_append(char *msg, size_t size, const char *fmt, ...)
{
    size_t len = strnlen(msg, size);
    if (len + 1 >= size)
        return;
    char add[1024];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(add, sizeof add, fmt, ap);
    va_end(ap);
    size_t n = k < 0 ? 0 : (size_t)k < sizeof add ? (size_t)k : sizeof add - 1;
    size_t room = size - len - 1;
    if (n <= room) {
        memcpy(msg + len, add, n + 1);
        return;
    }
    size_t cut = sizeof CGI_CUT - 1;
    size_t keep = room > cut ? cgi_cut_words(add, n, room - cut) : 0;
    if (keep + cut > room) /* no room even for the mark */
        keep = 0, cut = 0;
    memcpy(msg + len, add, keep);
    memcpy(msg + len + keep, CGI_CUT, cut);
    msg[len + keep + cut] = '\0';
}
