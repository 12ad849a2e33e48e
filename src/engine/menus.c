/* Menus read as a person reads them: numbered or lettered entries and their words, the entry
 * that does what the game needs now (classify.c chooses), and a notation told in words (the
 * information entry's text: "a capital letter turns clockwise, a small one anticlockwise"). */
#include "engine/engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool blank(char c) { return c == ' ' || c == '\t'; }

/* An entry's key at s[i] ("(1)", "[a]", "1)", "12.", "a)"), at a word's start and followed by
 * blanks and a letter: true, the key in key (at most 3 bytes), *words where its words start. */
static bool key_at(const char *s, size_t n, size_t i, char key[4], size_t *words)
{
    if (i > 0 && !blank(s[i - 1]))
        return false;
    size_t j = i;
    char open = s[j] == '(' || s[j] == '[' ? s[j++] : '\0';
    size_t k = j;
    while (k < n && k - j < 2 && isdigit((unsigned char)s[k]))
        k++;
    bool digits = k > j;
    if (!digits && k < n && islower((unsigned char)s[k]))
        k++; /* one letter: "[a]", "a)" */
    if (k == j || k >= n)
        return false;
    char close = s[k];
    bool closed = open == '(' ? close == ')' : open == '[' ? close == ']'
                                                           : close == ')' || (close == '.' && digits);
    if (!closed || k + 1 >= n || !blank(s[k + 1]))
        return false;
    size_t w = k + 1;
    while (w < n && blank(s[w]))
        w++;
    if (w >= n || !isalpha((unsigned char)s[w]))
        return false;
    snprintf(key, 4, "%.*s", (int)(k - j), s + j);
    *words = w;
    return true;
}

int cgi_menu_read(cgi_menu *m, const char *line, size_t n)
{
    size_t at[CGI_MENU_ENTRIES], from[CGI_MENU_ENTRIES];
    char keys[CGI_MENU_ENTRIES][4];
    int found = 0;
    m->follows_menu = m->last_was_menu;
    for (size_t i = 0; i < n && found < CGI_MENU_ENTRIES; i++)
        if (key_at(line, n, i, keys[found], &from[found]))
            at[found++] = i;
    bool text = false;
    for (size_t i = 0; i < n && !text; i++)
        text = !isspace((unsigned char)line[i]);
    /* one key after words is a sentence's "(s)" or "a)", not a menu ("each in 30 second(s) and
     * at most 11 moves"): an entry alone on its line starts it (after blanks or a bullet, as in
     * "  1) show the cube" or "* a) start"); after words it takes a second entry beside it */
    if (found == 1)
        for (size_t i = 0; i < at[0]; i++)
            if (!strchr(" \t-*>|#", line[i]) && (unsigned char)line[i] < 0x80) {
                found = 0;
                break;
            }
    if (!found) {
        m->last_was_menu = m->last_was_menu && !text;
        return 0;
    }
    if (!m->last_was_menu)
        m->n = 0; /* a new menu */
    m->last_was_menu = m->fresh = true;
    for (int e = 0; e < found && m->n < CGI_MENU_ENTRIES; e++) {
        size_t end = e + 1 < found ? at[e + 1] : n;
        while (end > from[e] && isspace((unsigned char)line[end - 1]))
            end--;
        size_t len = end - from[e];
        if (len >= sizeof m->entry[0].words)
            len = sizeof m->entry[0].words - 1;
        for (size_t c = 0; c < len; c++)
            m->entry[m->n].words[c] = (char)tolower((unsigned char)line[from[e] + c]);
        m->entry[m->n].words[len] = '\0';
        memcpy(m->entry[m->n].key, keys[e], sizeof keys[e]);
        m->n++;
    }
    return found;
}

/* One of the words (each a word's start: "move" meets "moves", not "remove") in text. */
static bool says(const char *text, const char *const *words)
{
    for (; *words; words++)
        for (const char *p = strstr(text, *words); p; p = strstr(p + 1, *words))
            if (p == text || !isalpha((unsigned char)p[-1]))
                return true;
    return false;
}

static const char *const EXIT_WORDS[] = {"exit", "quit", "leave", "bye", "logout", "disconnect",
                                         NULL};
static const char *const INFO_WORDS[] = {"info", "help", "rules", "notation", "instruction",
                                         "manual", "controls", "how to", NULL};
static const char *const CHECK_WORDS[] = {"check", "verif", "submit", "judge", "validat",
                                          "confirm", "finish", "done", NULL};
static const char *const SHOW_WORDS[] = {"show", "display", "print", "view", "see", "look",
                                         "draw", NULL};
static const char *const MOVE_WORDS[] = {"move", "turn", "solve", "answer", "step", "rotat",
                                         "apply", NULL};
static const char *const FLAG_WORDS[] = {"flag", "prize", "reward", "ctf", NULL};

cgi_menu_act cgi_menu_act_of(const char *words)
{
    return says(words, EXIT_WORDS)    ? CGI_MENU_EXIT
           : says(words, INFO_WORDS)  ? CGI_MENU_INFO
           : says(words, CHECK_WORDS) ? CGI_MENU_CHECK
           : says(words, SHOW_WORDS)  ? CGI_MENU_SHOW
           : says(words, MOVE_WORDS)  ? CGI_MENU_MOVE
                                      : CGI_MENU_NONE;
}

static int first_of(const cgi_menu *m, cgi_menu_act act)
{
    for (int e = 0; e < m->n; e++)
        if (cgi_menu_act_of(m->entry[e].words) == act)
            return e;
    return -1;
}

int cgi_menu_find(const cgi_menu *m, cgi_menu_act act)
{
    if (act != CGI_MENU_NONE)
        return first_of(m, act);
    int first = -1;
    for (int e = 0; e < m->n; e++) { /* the mode that promises the flag, else the first mode */
        cgi_menu_act a = cgi_menu_act_of(m->entry[e].words);
        if (a != CGI_MENU_NONE && a != CGI_MENU_MOVE) /* not a level nor a way to solve */
            continue;
        if (says(m->entry[e].words, FLAG_WORDS))
            return e;
        if (first < 0)
            first = e;
    }
    return first;
}

bool cgi_menu_may_be_modes(const cgi_menu *m)
{
    return m->n > 0 && first_of(m, CGI_MENU_CHECK) < 0 && first_of(m, CGI_MENU_SHOW) < 0;
}

bool cgi_menu_of_modes(const cgi_menu *m)
{
    int movers = 0;
    for (int e = 0; e < m->n; e++)
        movers += cgi_menu_act_of(m->entry[e].words) == CGI_MENU_MOVE;
    return cgi_menu_may_be_modes(m) && movers != 1;
}

/* ---- a notation told in words ---- */

/* In one clause: the turn a letter case makes, +1 clockwise, -1 anticlockwise, 0 unsaid. */
static int clause_turn(const char *s, size_t n)
{
    if (cgi_text_has(s, n, "anti") || cgi_text_has(s, n, "counter") || cgi_text_has(s, n, "ccw"))
        return -1;
    return cgi_text_has(s, n, "clockwise") || cgi_text_has(s, n, " cw") ? 1 : 0;
}

bool cgi_case_legend(const char *text, size_t n, cg_dialect *d)
{
    int upper = 0, lower = 0;
    for (size_t a = 0; a < n;) {
        size_t b = a;
        while (b < n && !strchr(",;.", text[b]))
            b++;
        bool up = cgi_text_has(text + a, b - a, "upper") || cgi_text_has(text + a, b - a, "capital");
        bool low = cgi_text_has(text + a, b - a, "lower") || cgi_text_has(text + a, b - a, "small");
        int turn = clause_turn(text + a, b - a);
        if (up != low && turn) /* a clause about one case and one way */
            *(up ? &upper : &lower) = turn;
        a = b + 1;
    }
    if (!upper || !lower || upper == lower)
        return false;
    static const char FACES[] = "UDFBLR";
    cg_move_map map = {0};
    for (int f = 0; f < 6; f++) {
        char cw = upper > 0 ? FACES[f] : (char)tolower(FACES[f]);
        char ccw = upper > 0 ? (char)tolower(FACES[f]) : FACES[f];
        map.name[f * 3][0] = cw;       /* the quarter turn clockwise */
        map.name[f * 3 + 2][0] = ccw;  /* and back */
        map.named |= 1u << (f * 3) | 1u << (f * 3 + 2);
    }
    return cg_dialect_make(d, CG_NOTATION_QUARTER, &map, "none", NULL) == CG_OK;
}
