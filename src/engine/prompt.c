/* The prompt is where the server waits: learned once, answered at once afterwards. */
#include "engine/engine.h"

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
