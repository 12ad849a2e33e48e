/* The prompt is where the server waits: learned once, answered at once afterwards. */
#include "engine/engine.h"

#include <ctype.h>
#include <string.h>

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* line[*from, *to) without the blanks at both ends. */
static void trim(const char *line, size_t n, size_t *from, size_t *to)
{
    size_t a = 0, b = n;
    while (a < b && blank(line[a]))
        a++;
    while (b > a && blank(line[b - 1]))
        b--;
    *from = a;
    *to = b;
}

void cgi_prompt_learn(cgi_prompt *p, const char *line, size_t n)
{
    size_t a, b;
    trim(line, n, &a, &b);
    if (b == a || b - a >= sizeof p->text)
        return;
    memcpy(p->text, line + a, b - a);
    p->text[b - a] = '\0';
    p->len = b - a;
}

bool cgi_prompt_is(const cgi_prompt *p, const char *line, size_t n)
{
    size_t a, b;
    if (!p->len)
        return false;
    trim(line, n, &a, &b);
    return b - a == p->len && memcmp(line + a, p->text, p->len) == 0;
}

/* The words of line, one at a time, lower-cased: true when one is in the '|'-separated list. */
static bool has_word(const char *line, size_t n, const char *list)
{
    for (size_t i = 0; i < n;) {
        while (i < n && !isalnum((unsigned char)line[i]))
            i++;
        size_t a = i;
        while (i < n && isalnum((unsigned char)line[i]))
            i++;
        size_t k = i - a;
        for (const char *p = list; k && *p;) {
            const char *bar = strchr(p, '|');
            size_t len = bar ? (size_t)(bar - p) : strlen(p);
            size_t j = 0;
            while (len == k && j < k && tolower((unsigned char)line[a + j]) == p[j])
                j++;
            if (len == k && j == k)
                return true;
            p = bar ? bar + 1 : p + len;
        }
    }
    return false;
}

bool cgi_asks_for_other(const char *line, size_t n)
{
    static const char other[] = "plaintext|ciphertext|message|hex|base64|password|passphrase|"
                                "email|name|username|signature|nonce|token|number|text";
    static const char moves[] = "move|moves|solution|solve|answer|turn|turns|sequence|step|"
                                "steps|rotation|rotations|algorithm|notation|scramble|keys";
    return has_word(line, n, other) && !has_word(line, n, moves);
}
