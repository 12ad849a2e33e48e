/* The server's own words: a stated move limit, a verdict, a notation shown by example
 * (dialogue.h). A line is cut into words, numbers and single punctuation marks, lower-cased, and
 * the sentence forms are matched over those tokens, so blanks and case never matter. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/dialogue.h"
#include "cubegod/notation.h"
#include "engine/engine.h"

#define TOKENS_MAX 160
#define WORD_MAX 24

typedef struct token {
    char w[WORD_MAX]; /* lower-cased word or one punctuation mark ("" for a number) */
    char kind;        /* 'w' word, 'n' number, 'p' punctuation */
    size_t at;        /* offset in the line */
    int value;        /* a number's value (capped at 100000) */
} token;

typedef struct tokens {
    int n;
    token t[TOKENS_MAX];
} tokens;

/* Past a terminal's escape sequence at s[i] (ESC): a colour (ESC [ 31 m) is no text, and its
 * last letter must not join the word after it ("mWrong"). ESC [, parameters and intermediates
 * (0x20 to 0x3f), a final byte; or ESC, intermediates (0x20 to 0x2f: ESC ( B), a final byte. */
static size_t past_escape(const char *s, size_t n, size_t i)
{
    bool csi = ++i < n && s[i] == '[';
    unsigned char last = csi ? 0x3f : 0x2f;
    for (i += csi; i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] <= last; i++)
        ;
    return i < n ? i + 1 : n;
}

void cgi_visible_text(const char *s, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap;) {
        if (s[i] == '\x1b') {
            i = past_escape(s, n, i);
            continue;
        }
        unsigned char c = (unsigned char)s[i++];
        if (c == '\t')
            out[k++] = ' ';
        else if (c >= 0x20 && c != 0x7f) /* a bell, a carriage return: nothing shown */
            out[k++] = (char)c;
    }
    if (cap)
        out[k] = '\0';
}

static void cut(const char *s, size_t n, tokens *out)
{
    out->n = 0;
    for (size_t i = 0; i < n && out->n < TOKENS_MAX;) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1b) {
            i = past_escape(s, n, i);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c >= 0x80 || c < 0x20) {
            i++;
            continue;
        }
        token *t = &out->t[out->n++];
        size_t k = 0;
        t->at = i;
        t->value = 0;
        if (isalpha(c) || c == '\'') {
            t->kind = 'w';
            for (; i < n && (isalpha((unsigned char)s[i]) || s[i] == '\''); i++)
                if (k < WORD_MAX - 1)
                    t->w[k++] = (char)tolower((unsigned char)s[i]);
        } else if (isdigit(c)) {
            t->kind = 'n'; /* its value, no text: nothing compares a number's digits */
            for (; i < n && isdigit((unsigned char)s[i]); i++)
                if (t->value < 100000)
                    t->value = t->value * 10 + (s[i] - '0');
        } else {
            t->kind = 'p';
            t->w[k++] = (char)c;
            i++;
        }
        t->w[k] = '\0';
    }
}

static bool is(const tokens *t, int i, const char *word)
{
    return i >= 0 && i < t->n && strcmp(t->t[i].w, word) == 0;
}

/* Words from a '|'-separated list: true when token i is one of them. */
static bool one_of(const tokens *t, int i, const char *list)
{
    if (i < 0 || i >= t->n || t->t[i].kind != 'w')
        return false;
    size_t k = strlen(t->t[i].w);
    for (const char *p = list; *p;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == k && strncmp(p, t->t[i].w, k) == 0)
            return true;
        if (!bar)
            break;
        p = bar + 1;
    }
    return false;
}

/* A unit of moves at token i ("moves", "quarter turns", "face-turns"): tokens used, or 0. */
static int unit(const tokens *t, int i)
{
    int k = 0;
    if (one_of(t, i, "quarter|half|face|single|legal|outer")) {
        k = 1;
        if (is(t, i + 1, "-"))
            k = 2;
    }
    return one_of(t, i + k, "move|moves|turn|turns|step|steps|rotation|rotations") ? k + 1 : 0;
}

static bool num(const tokens *t, int i)
{
    return i >= 0 && i < t->n && t->t[i].kind == 'n' && t->t[i].value >= 1 &&
           t->t[i].value <= 999;
}

/* Words in order from token i ("at most"): how many, or 0 when they are not there. */
static int words(const tokens *t, int i, const char *seq)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", seq);
    int k = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save), k++)
        if (!is(t, i + k, w))
            return 0;
    return k;
}

/* The limit a form starting at token i states: the number's token in *at and the adjustment,
 * or false. */
static bool form(const tokens *t, int i, int *at, int *adjust)
{
    int k;
    *adjust = 0;
    if (num(t, i) && unit(t, i + 1)) { /* N UNIT at most / or fewer / or less */
        int u = i + 1 + unit(t, i + 1);
        if (words(t, u, "at most") || words(t, u, "or fewer") || words(t, u, "or less") ||
            words(t, u, "max") || words(t, u, "maximum")) {
            *at = i;
            return true;
        }
    }
    static const char *const before[] = {"at most", "up to", "within", "longer than",
                                         "more than", "limit of", "limit is", "maximum of",
                                         "max", "maximum", "fewer than", "less than"};
    for (size_t f = 0; f < sizeof before / sizeof *before; f++) {
        if (!(k = words(t, i, before[f])))
            continue;
        if (is(t, i + k, ".") || is(t, i + k, ":"))
            k++; /* "max. 20 moves", "maximum: 20 moves" */
        if (num(t, i + k) && unit(t, i + k + 1)) {
            *at = i + k;
            *adjust = f >= 10 ? -1 : 0; /* fewer than N: N - 1 */
            return true;
        }
    }
    /* no more than N, with a unit or nothing word-like after it ("no more than 3 seconds" is
     * no move limit); "limit: N" likewise */
    if ((k = words(t, i, "no more than")) || ((k = words(t, i, "limit")) && is(t, i + 1, ":") && k++)) {
        if (num(t, i + k) && (unit(t, i + k + 1) || i + k + 1 >= t->n || t->t[i + k + 1].kind == 'p')) {
            *at = i + k;
            return true;
        }
    }
    return false;
}

int cg_limit_read(const char *line, size_t n, char *phrase, size_t cap)
{
    tokens t;
    cut(line, n, &t);
    for (int i = 0; i < t.n; i++) {
        int at, adjust;
        if (!form(&t, i, &at, &adjust))
            continue;
        int limit = t.t[at].value + adjust;
        if (limit < 1)
            continue;
        if (phrase && cap) {
            size_t from = t.t[i].at, to = t.t[at].at;
            while (to < n && !strchr(",;!)(\n\r", line[to]) &&
                   !(line[to] == '.' && (to + 1 == n || line[to + 1] == ' ')))
                to++;
            while (to > from && line[to - 1] == ' ')
                to--;
            size_t len = to - from < cap - 1 ? to - from : cap - 1;
            memcpy(phrase, line + from, len);
            phrase[len] = '\0';
        }
        return limit;
    }
    return 0;
}

/* "of", "out of" or "/" at token i: tokens used, or 0. */
static int out_of(const tokens *t, int i)
{
    return is(t, i, "/") || is(t, i, "of") ? 1 : words(t, i, "out of") ? 2 : 0;
}

/* No word after token i (punctuation only, or the end). */
static bool no_words_after(const tokens *t, int i)
{
    for (int k = i + 1; k < t->n; k++)
        if (t->t[k].kind != 'p')
            return false;
    return true;
}

/* A number at token i that can count rounds (i may be past the last token: is()'s rule). */
static bool counter(const tokens *t, int i)
{
    return i >= 0 && i < t->n && t->t[i].kind == 'n' && t->t[i].value >= 0 &&
           t->t[i].value < 100000;
}

int cg_round_read(const char *line, size_t n, int *i, int *total)
{
    tokens t;
    cut(line, n, &t);
    int first_word = -1, words_before = 0;
    for (int k = 0; k < t.n; k++) {
        if (first_word < 0 && t.t[k].kind == 'w')
            first_word = k;
        bool named = one_of(&t, k, "round|cube|level|stage|puzzle|challenge|scramble|task|"
                                   "question|problem|test|game");
        int of = named && counter(&t, k + 1) ? out_of(&t, k + 2) : 0;
        if (of && counter(&t, k + 2 + of)) { /* Round 3/5, Cube 3 of 5 */
            *i = t.t[k + 1].value;
            *total = t.t[k + 2 + of].value;
            return 2;
        }
        if (is(&t, k, "[") && counter(&t, k + 1) && is(&t, k + 2, "/") && counter(&t, k + 3) &&
            is(&t, k + 4, "]")) { /* [3/5] */
            *i = t.t[k + 1].value;
            *total = t.t[k + 3].value;
            return 2;
        }
        if (counter(&t, k) && is(&t, k + 1, "/") && counter(&t, k + 2) && words_before <= 1 &&
            no_words_after(&t, k + 2)) { /* Progress: 3 / 5 */
            *i = t.t[k].value;
            *total = t.t[k + 2].value;
            return 2;
        }
        if (named && k == first_word && counter(&t, k + 1) && no_words_after(&t, k + 1)) {
            *i = t.t[k + 1].value; /* Round 3 */
            return 1;
        }
        words_before += t.t[k].kind == 'w';
    }
    return 0;
}

cg_verdict cg_verdict_of(const char *line, size_t n)
{
    bool plus = false, minus = false;
    for (size_t i = 0; i + 3 <= n; i++) {
        plus |= memcmp(line + i, "[+]", 3) == 0;
        minus |= memcmp(line + i, "[-]", 3) == 0;
    }
    tokens t;
    cut(line, n, &t);
    bool ok = plus, fail = minus;
    for (int i = 0; i < t.n; i++) {
        if (one_of(&t, i, "wrong|incorrect|fail|failed|failure|invalid|timeout|rejected|refused|"
                          "illegal|nope|lose|lost") ||
            words(&t, i, "not solved") || words(&t, i, "not correct") ||
            words(&t, i, "not been restored") || words(&t, i, "not restored") ||
            words(&t, i, "too many") || words(&t, i, "too long") || words(&t, i, "too slow") ||
            words(&t, i, "time's up") || words(&t, i, "times up") || words(&t, i, "time is up") ||
            words(&t, i, "time out") || words(&t, i, "isn't solved") ||
            words(&t, i, "not a move") || words(&t, i, "not allowed") ||
            words(&t, i, "not accepted") || words(&t, i, "not valid") ||
            (i == 0 && one_of(&t, i, "no|nope") && t.n > 1 && t.t[1].kind == 'p'))
            fail = true;
        if (one_of(&t, i, "ok|okay|correct|solved|nice|congratulations|congrats|passed|great|"
                          "accepted|success|excellent|perfect|bravo|verified") ||
            words(&t, i, "well done") || words(&t, i, "good job"))
            ok = true;
    }
    return fail ? CG_VERDICT_FAIL : ok ? CG_VERDICT_OK : CG_VERDICT_NONE;
}

/* A move as a challenge's example writes it: R, R', R2, R1, R3 (a face letter in upper case).
 * Returns the suffix character ('\0' for a plain quarter turn), or -1. */
static int move_token(const char *s, size_t k)
{
    if (k < 1 || k > 2 || !strchr("UDFBLR", s[0]) || s[0] == '\0')
        return -1;
    if (k == 1)
        return '\0';
    return strchr("'123", s[1]) && s[1] != '\0' ? s[1] : -1;
}

/* The notation of a run of at least `least` example moves starting at offset i, or -1. */
static int example_at(const char *s, size_t n, size_t i, int least)
{
    int moves = 0, digits = 0, standard = 0;
    while (i < n) {
        while (i < n && (s[i] == ' ' || s[i] == ',' || s[i] == '"' || s[i] == '`'))
            i++;
        size_t j = i;
        while (j < n && s[j] != ' ' && s[j] != ',' && s[j] != '"' && s[j] != '`' && s[j] != ')')
            j++;
        int m = move_token(s + i, j - i);
        if (j == i || m < 0)
            break;
        moves++;
        digits += m == '1' || m == '3';
        standard += m == '\'';
        i = j;
    }
    if (moves < least)
        return -1;
    if (digits && !standard)
        return CG_NOTATION_DIGITS;
    return CG_NOTATION_STANDARD;
}

int cg_notation_hint(const char *line, size_t n)
{
    tokens t;
    cut(line, n, &t);
    for (int i = 0; i < t.n; i++) {
        if (words(&t, i, "quarter turns only") || words(&t, i, "only quarter turns") ||
            words(&t, i, "no half turns"))
            return CG_NOTATION_QUARTER;
        if (words(&t, i, "clockwise only") || words(&t, i, "only clockwise"))
            return CG_NOTATION_QUARTER_CW;
    }
    /* an example after "e.g.", "like", "example", "such as", "format", "i.e." */
    for (int i = 0; i < t.n; i++) {
        int k = words(&t, i, "e . g") ? 3
                : words(&t, i, "i . e") ? 3
                : one_of(&t, i, "like|example|eg|format") ? 1
                : words(&t, i, "such as") ? 2 : 0;
        if (!k)
            continue;
        size_t at = i + k < t.n ? t.t[i + k].at : n;
        while (at < n && (line[at] == '.' || line[at] == ':' || line[at] == ' '))
            at++;
        int got = example_at(line, n, at, 2);
        if (got >= 0)
            return got;
    }
    return -1;
}

bool cg_metric_hint_qtm(const char *line, size_t n)
{
    tokens t;
    cut(line, n, &t);
    bool qtm = false;
    for (int i = 0; i < t.n; i++) {
        if (words(&t, i, "metric htm") || words(&t, i, "half turn metric"))
            return false;
        qtm |= words(&t, i, "quarter turns") || words(&t, i, "quarter turn") ||
               (words(&t, i, "quarter") && is(&t, i + 1, "-") && one_of(&t, i + 2, "turn|turns")) ||
               one_of(&t, i, "qtm");
    }
    return qtm;
}

bool cg_line_asks(const char *line, size_t n)
{
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
        n--;
    if (!n || !line[n - 1] || !strchr(":?>", line[n - 1]))
        return false;
    /* a word before the mark ("Solution?", "Your answer >"), not a row of stickers ("? ?",
     * "UUUURRRR...B?"): the mark follows a letter, digit or ')', and some word has a letter
     * that is no face letter */
    size_t k = n - 1;
    while (k && line[k - 1] == ' ')
        k--;
    if (!k || !(isalnum((unsigned char)line[k - 1]) || line[k - 1] == ')'))
        return false;
    return cg_line_has_words(line, n);
}

bool cg_line_has_words(const char *line, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (isalpha((unsigned char)line[i]) && !strchr("UDFBLR", line[i]) &&
            isalpha((unsigned char)line[i + 1]))
            return true;
    return false;
}
