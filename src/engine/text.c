/* Small text helpers the engine's readers share. */
#include "engine/engine.h"

#include <ctype.h>
#include <string.h>

size_t cgi_quote_len(const char *text, size_t n, size_t bound)
{
    if (n <= bound)
        return n;
    size_t k = bound;
    while (k > 0 && text[k] != ' ' && text[k] != '\t')
        k--;
    while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t'))
        k--;
    if (k == 0) /* one word longer than the bound: cut it, at a character's start */
        for (k = bound; k > 0 && ((unsigned char)text[k] & 0xC0) == 0x80;)
            k--;
    return k;
}

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
