/* Small text helpers the engine's readers share. */
#include "engine/engine.h"

#include <ctype.h>
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
