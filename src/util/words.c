#include "util/words.h"

static int blank(char c) { return c == ' ' || c == '\t'; }

size_t cgi_cut_words(const char *text, size_t n, size_t bound)
{
    if (n <= bound)
        return n;
    size_t k = bound;
    while (k > 0 && k + CGI_WORD_MAX > bound && !blank(text[k]))
        k--;
    if (blank(text[k])) {
        while (k > 0 && blank(text[k - 1]))
            k--;
        if (k > 0)
            return k;
    }
    /* no blank near the bound, or only blanks before it: cut in the word, where a UTF-8
       character starts */
    for (k = bound; k > 0 && ((unsigned char)text[k] & 0xC0) == 0x80;)
        k--;
    return k;
}
