/* Controls legends ("r = R (right CW)") and "one move per line": how the server wants answers. */
#include "engine/engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define NAME_MAX_LEN 4 /* a legend's names are keys: "r", "R'", "x", "1" */

static const char FACES[] = "UDFBLR";

/* A move in standard notation at s[*i]: its cg_move, *i past it; -1 when there is none. */
static int read_move(const char *s, size_t n, size_t *i)
{
    if (*i >= n || !strchr(FACES, s[*i]) || !s[*i])
        return -1;
    int face = (int)(strchr(FACES, s[*i]) - FACES), q = 1;
    size_t k = *i + 1;
    if (k < n && (s[k] == '\'' || s[k] == '2' || s[k] == '3' || s[k] == '1'))
        q = s[k] == '\'' || s[k] == '3' ? 3 : s[k] == '2' ? 2 : 1, k++;
    if (k < n && (isalnum((unsigned char)s[k]) || s[k] == '\''))
        return -1; /* "Right", "R2x": a word, not a move */
    *i = k;
    return face * 3 + q - 1;
}

/* After a move: the end, a description in parentheses, or a break (two blanks, ',' or ';').
 * "Moves: R U F" is a list, not a legend: one blank then another move. */
static bool entry_ends(const char *s, size_t n, size_t i)
{
    if (i >= n || s[i] == '\r' || s[i] == ',' || s[i] == ';' || s[i] == '(')
        return true;
    if (s[i] != ' ' && s[i] != '\t')
        return false;
    size_t k = i;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    if (k >= n || s[k] == '(' || k - i >= 2)
        return true;
    size_t j = k;
    return read_move(s, n, &j) < 0; /* one blank, then words ("R (right)" or "R right") */
}

/* One entry; false when its move or its name has one already (the first stays). */
static bool add(cgi_legend *l, int move, const char *name, size_t len, const char *line, size_t n)
{
    if (l->map.named & (1u << move))
        return false;
    for (int m = 0; m < CG_MOVES; m++)
        if ((l->map.named & (1u << m)) && strlen(l->map.name[m]) == len &&
            memcmp(l->map.name[m], name, len) == 0)
            return false;
    memcpy(l->map.name[move], name, len);
    l->map.name[move][len] = '\0';
    l->map.named |= 1u << move;
    if (!l->entries++)
        snprintf(l->line, sizeof l->line, "%.*s", (int)(n < 90 ? n : 90), line);
    return true;
}

/* A suffix legend's meaning at s: 1 clockwise, 2 half turn, 3 counter-clockwise; 0: none. */
static int suffix_turn(const char *s, size_t n)
{
    static const struct {
        const char *words;
        int turn;
    } means[] = {
        {"counter-clockwise", 3}, {"counterclockwise", 3}, {"anticlockwise", 3},
        {"anti-clockwise", 3},    {"ccw", 3},              {"clockwise", 1},
        {"cw", 1},                {"half turn", 2},        {"180", 2},
        {"double", 2},
    };
    for (size_t i = 0; i < sizeof means / sizeof *means; i++) {
        size_t k = strlen(means[i].words);
        if (k <= n && cgi_text_has(s, k, means[i].words) && (k == n || !isalnum((unsigned char)s[k])))
            return means[i].turn;
    }
    return 0;
}

int cgi_legend_read(cgi_legend *l, const char *line, size_t n)
{
    int found = 0;
    for (size_t i = 0; i < n;) {
        /* NAME: a short run of printable characters that starts a word */
        if (!isgraph((unsigned char)line[i]) || (i && isgraph((unsigned char)line[i - 1]))) {
            i++;
            continue;
        }
        size_t a = i;
        while (i < n && isgraph((unsigned char)line[i]) && !strchr("=:,;(", line[i]) &&
               !(line[i] == '-' && i + 1 < n && line[i + 1] == '>'))
            i++;
        size_t len = i - a, k = i;
        while (k < n && line[k] == ' ')
            k++;
        /* the arrows first: "=>" began with the '=' of "a = R" and was taken for it */
        size_t mark = k + 1 < n && (line[k] == '-' || line[k] == '=') && line[k + 1] == '>' ? 2
                      : k < n && (line[k] == '=' || line[k] == ':')                         ? 1
                                                                                            : 0;
        if (len == 0 || len > NAME_MAX_LEN || !mark) {
            i += i == a;
            continue;
        }
        k += mark;
        while (k < n && line[k] == ' ')
            k++;
        int turn = len <= 2 && !isalpha((unsigned char)line[a]) ? suffix_turn(line + k, n - k) : 0;
        if (turn) { /* "1 = clockwise": what follows a face letter */
            if (!l->suffix[turn - 1][0]) {
                memcpy(l->suffix[turn - 1], line + a, len);
                l->suffix[turn - 1][len] = '\0';
                found++;
            }
            continue;
        }
        int move = read_move(line, n, &k);
        if (move < 0 || !entry_ends(line, n, k))
            continue;
        found += add(l, move, line + a, len, line, n);
        i = k;
    }
    return found;
}

/* A suffix legend ("1 = clockwise, 3 = counter-clockwise"): each face letter followed by the
 * suffix of its turn, written into the legend's map. */
static void suffixes_to_map(cgi_legend *l)
{
    static const char faces[] = "UDFBLR";
    for (int f = 0; f < 6; f++)
        for (int q = 0; q < 3; q++)
            if (l->suffix[q][0]) {
                char suffix[3]; /* a copy: gcc -O1 cannot see the two fields apart (-Wrestrict) */
                memcpy(suffix, l->suffix[q], sizeof suffix);
                snprintf(l->map.name[f * 3 + q], sizeof l->map.name[0], "%c%.2s", faces[f],
                         suffix);
                l->map.named |= 1u << (f * 3 + q);
            }
}

bool cgi_legend_dialect(const cgi_legend *given, cg_dialect *d)
{
    cgi_legend suffixed = *given;
    const cgi_legend *l = given;
    if (!given->map.named && given->suffix[0][0] && given->suffix[2][0]) {
        suffixes_to_map(&suffixed);
        l = &suffixed;
    }
    static const cg_notation tried[] = {CG_NOTATION_STANDARD, CG_NOTATION_QUARTER,
                                        CG_NOTATION_QUARTER_CW};
    for (size_t t = 0; t < sizeof tried / sizeof *tried; t++) {
        uint32_t uses = 0;
        for (int m = 0; m < CG_MOVES; m++)
            if (cg_notation_uses(tried[t], (cg_move)m))
                uses |= 1u << m;
        if (l->map.named == uses)
            return cg_dialect_make(d, tried[t], &l->map, NULL, NULL) == CG_OK;
    }
    return false;
}

bool cgi_text_one_move(const char *text, size_t n)
{
    static const char *const says[] = {
        "one move per line", "one move a line", "one move at a time", "one move per prompt",
        "a single move", "one letter per line", "one move each line", "move by move",
    };
    for (size_t i = 0; i < sizeof says / sizeof *says; i++)
        if (cgi_text_has(text, n, says[i]))
            return true;
    return false;
}
