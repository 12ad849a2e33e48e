/* The engine's pieces (src/engine/engine.h): the learned prompt, the Enter gate, controls
 * legends and "one move per line", each with text that must and must not count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/dialogue.h"
#include "engine/engine.h"
#include "engine/game.h"

static bool is(const cgi_prompt *p, const char *s) { return cgi_prompt_is(p, s, strlen(s)); }

static void prompt_learned(void **state)
{
    (void)state;
    cgi_prompt p = {0};
    assert_false(is(&p, "")); /* nothing learned: nothing is the prompt */
    cgi_prompt_learn(&p, "   \r\n", 5);
    assert_int_equal(p.len, 0); /* blanks are no prompt */
    cgi_prompt_learn(&p, "moves> ", 7);
    assert_true(is(&p, "moves>"));
    assert_true(is(&p, "  moves> \r"));
    assert_false(is(&p, "moves"));
    assert_false(is(&p, "moves>>"));
    assert_false(is(&p, "more moves>"));
    char big[CGI_PROMPT_MAX + 8];
    memset(big, 'x', sizeof big);
    cgi_prompt_learn(&p, big, sizeof big); /* too long to keep: the old one stays */
    assert_true(is(&p, "moves>"));
    assert_string_equal(p.text, "moves>");
    /* the longest kept fills the text but its terminator; one more is too long */
    cgi_prompt_learn(&p, big, CGI_PROMPT_MAX);
    assert_string_equal(p.text, "moves>");
    cgi_prompt_learn(&p, big, CGI_PROMPT_MAX - 1);
    assert_int_equal(p.len, CGI_PROMPT_MAX - 1);
    assert_int_equal(strlen(p.text), CGI_PROMPT_MAX - 1);
    cgi_prompt_learn(&p, " $ ", 3); /* a shorter one replaces it whole */
    assert_string_equal(p.text, "$");
    assert_true(is(&p, "$ "));
}

static void enter_gates(void **state)
{
    (void)state;
    static const char *const gates[] = {
        "Press Enter to scramble and start the challenge...", "PRESS ANY KEY", "hit return",
        "[ENTER] to begin", "Press <Enter> when ready", "press a key to continue",
        /* each phrase alone */
        "Press Enter.", "Press Return.", "Hit Enter!", "hit any key", "any key to go",
        "Enter to start", "Enter to continue", "Return to begin", "Ready? Press it",
    };
    static const char *const not_gates[] = {
        "Enter your solution:", "Enter one move per line.", "Your move: ", "Start!",
        "Welcome to the cube god trial!",
    };
    for (size_t i = 0; i < sizeof gates / sizeof *gates; i++)
        assert_true(cgi_gate_asks_enter(gates[i], strlen(gates[i])));
    for (size_t i = 0; i < sizeof not_gates / sizeof *not_gates; i++)
        assert_false(cgi_gate_asks_enter(not_gates[i], strlen(not_gates[i])));
}

static int read_legend(cgi_legend *l, const char *s) { return cgi_legend_read(l, s, strlen(s)); }

static void legend_quarter(void **state)
{
    (void)state;
    cgi_legend l = {0};
    static const char *const lines[] = {
        "  r = R (right CW)  R = R' (right CCW)", "  u = U (up CW)  U = U' (up CCW)",
        "  f = F (front CW)  F = F' (front CCW)", "  l = L (left CW)  L = L' (left CCW)",
        "  d = D (down CW)  D = D' (down CCW)",
    };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        assert_int_equal(read_legend(&l, lines[i]), 2);
    cg_dialect d;
    assert_false(cgi_legend_dialect(&l, &d)); /* B is missing: no notation fits */
    assert_int_equal(read_legend(&l, "  b = B (back CW)  B = B' (back CCW)"), 2);
    assert_true(cgi_legend_dialect(&l, &d));
    assert_int_equal(d.notation, CG_NOTATION_QUARTER);
    cg_move m[2] = {5 * 3 + 0, 5 * 3 + 2}; /* R R' */
    char out[16];
    cg_dialect_format(&d, m, 2, out, sizeof out);
    assert_string_equal(out, "r R");
    assert_string_equal(l.line, "  r = R (right CW)  R = R' (right CCW)");
}

static void legend_colon_and_lists(void **state)
{
    (void)state;
    cgi_legend l = {0};
    assert_int_equal(read_legend(&l, "x : R2, y : U2"), 2);
    assert_string_equal(l.map.name[5 * 3 + 1], "x");
    assert_string_equal(l.map.name[0 * 3 + 1], "y");
    /* two blanks end an entry, even before a face letter */
    cgi_legend gap = {0};
    assert_int_equal(read_legend(&gap, "x = R  F2 toggles"), 1);
    assert_string_equal(gap.map.name[5 * 3], "x");
    /* a '-' inside a name is the name's; only "->" ends it */
    cgi_legend hyphen = {0};
    assert_int_equal(read_legend(&hyphen, "r-i = R'"), 1);
    assert_string_equal(hyphen.map.name[5 * 3 + 2], "r-i");
    /* arrows for marks: "->" and "=>" */
    cgi_legend arrows = {0};
    assert_int_equal(read_legend(&arrows, "a -> R, b => U"), 2);
    assert_string_equal(arrows.map.name[5 * 3], "a");
    assert_string_equal(arrows.map.name[0], "b");
    /* the first legend line is kept for notes, its first 90 bytes */
    cgi_legend kept = {0};
    char longline[128] = "x = R, y = U; ";
    memset(longline + strlen(longline), '.', sizeof longline - 1 - strlen(longline));
    longline[sizeof longline - 1] = '\0';
    assert_int_equal(read_legend(&kept, longline), 2);
    assert_int_equal(strlen(kept.line), 90);
    assert_memory_equal(kept.line, longline, 90);
    /* a move, one blank, then a word that starts with a face letter: the word describes it */
    cgi_legend described = {0};
    assert_int_equal(read_legend(&described, "x = R Right face clockwise"), 1);
    assert_string_equal(described.map.name[5 * 3], "x");
    /* an arrow with no blanks around it: the name and the move touch it */
    cgi_legend touching = {0};
    assert_int_equal(read_legend(&touching, "a->R, b=>U"), 2);
    assert_string_equal(touching.map.name[5 * 3], "a");
    assert_string_equal(touching.map.name[0], "b");
    /* no blank after the mark: the move right after it */
    cgi_legend tight = {0};
    assert_int_equal(read_legend(&tight, "p=R q:U"), 2);
    assert_string_equal(tight.map.name[5 * 3], "p");
    assert_string_equal(tight.map.name[0], "q");
    cgi_legend none = {0};
    /* a list of moves, an example answer, a sticker row, words: no legend */
    assert_int_equal(read_legend(&none, "Moves: R U F L D B"), 0);
    assert_int_equal(read_legend(&none, "x = R U"), 0); /* a mark, then a list of moves */
    assert_int_equal(read_legend(&none, "Example: R U R' U'"), 0);
    assert_int_equal(read_legend(&none, "F: R R B"), 0);
    assert_int_equal(read_legend(&none, "Face U:"), 0);
    assert_int_equal(read_legend(&none, "Right = the right face"), 0);
    assert_int_equal(read_legend(&none, "a = Rx, b = U2y, c = F''"), 0); /* words, not moves */
    assert_int_equal(read_legend(&none, "a = R/2, b = U.x"), 0); /* a move followed by other signs */
    assert_int_equal(none.entries, 0);
    /* a name given twice keeps the first move */
    cgi_legend twice = {0};
    assert_int_equal(read_legend(&twice, "a = R  a = U"), 1);
    assert_string_equal(twice.map.name[5 * 3], "a");
    assert_string_equal(twice.map.name[0], "");
}

static void legend_of_suffixes(void **state)
{
    (void)state;
    cgi_legend l = {0};
    assert_int_equal(read_legend(&l, "Turns: 1 = clockwise, 3 = counter-clockwise"), 2);
    cg_dialect d;
    assert_true(cgi_legend_dialect(&l, &d)); /* quarter turns, R1 and R3 */
    assert_int_equal(d.notation, CG_NOTATION_QUARTER);
    cg_move m[2] = {5 * 3 + 2, 0}; /* R' U */
    char out[16];
    cg_dialect_format(&d, m, 2, out, sizeof out);
    assert_string_equal(out, "R3 U1");
    assert_int_equal(read_legend(&l, "2 = half turn"), 1);
    assert_true(cgi_legend_dialect(&l, &d));
    assert_int_equal(d.notation, CG_NOTATION_STANDARD);
    cg_move h = 4 * 3 + 1; /* L2 */
    cg_dialect_format(&d, &h, 1, out, sizeof out);
    assert_string_equal(out, "L2");
    /* every way of saying the turn: counter-clockwise (5), clockwise (2), half (3) */
    static const char *const SAID[] = {
        "1 = clockwise, 3 = counterclockwise, 2 = half turn", "1 = cw, 3 = anticlockwise, 2 = 180",
        "1 = CW, 3 = anti-clockwise, 2 = double", "1 = clockwise, 3 = ccw, 2 = half turn",
        "1 = clockwise, 3 = counter-clockwise, 2 = 180"};
    for (size_t i = 0; i < sizeof SAID / sizeof *SAID; i++) {
        cgi_legend said = {0};
        assert_int_equal(read_legend(&said, SAID[i]), 3);
        if (strcmp(said.suffix[0], "1") || strcmp(said.suffix[1], "2") || strcmp(said.suffix[2], "3"))
            fail_msg("'%s': suffixes '%s' '%s' '%s'", SAID[i], said.suffix[0], said.suffix[1],
                     said.suffix[2]);
    }
    /* a suffix of two characters, the most a legend's suffix takes */
    cgi_legend two = {0};
    assert_int_equal(read_legend(&two, "+1 = clockwise, -1 = counter-clockwise"), 2);
    assert_string_equal(two.suffix[0], "+1");
    assert_string_equal(two.suffix[2], "-1");
    cgi_legend letters = {0}; /* a face letter is no suffix */
    assert_int_equal(read_legend(&letters, "R = clockwise"), 0);
    cgi_legend half = {0};
    read_legend(&half, "1 = clockwise");
    assert_false(cgi_legend_dialect(&half, &d)); /* no counter turn: no notation */
}

static void one_move_words(void **state)
{
    (void)state;
    static const char *const says[] = {"Enter one move per line.", "ONE MOVE AT A TIME",
                                       "One move per prompt: the cube is shown after each.",
                                       "one move a line", "Send a single move.",
                                       "one letter per line", "one move each line, please",
                                       "We solve it move by move"};
    for (size_t i = 0; i < sizeof says / sizeof *says; i++)
        assert_true(cgi_text_one_move(says[i], strlen(says[i])));
    static const char *const not_says[] = {"Enter your moves, one line", "moves per line: any"};
    for (size_t i = 0; i < sizeof not_says / sizeof *not_says; i++)
        assert_false(cgi_text_one_move(not_says[i], strlen(not_says[i])));
}


/* Reads line from a buffer of its bytes only: under ASan a read past them fails. */
static int menu_of(cgi_menu *m, const char *line)
{
    size_t n = strlen(line);
    char *exact = malloc(n ? n : 1);
    assert_non_null(exact);
    memcpy(exact, line, n);
    int found = cgi_menu_read(m, exact, n);
    free(exact);
    return found;
}

/* Entries in every common form, a line or several; text between menus starts a new one. */
static void menu_entries(void **state)
{
    (void)state;
    cgi_menu m = {0};
    assert_int_equal(menu_of(&m, "(1) show the cube (2) move (3) check (4) some information (0) exit"), 5);
    assert_int_equal(m.n, 5);
    assert_string_equal(m.entry[0].key, "1");
    assert_string_equal(m.entry[0].words, "show the cube");
    assert_string_equal(m.entry[4].key, "0");
    assert_string_equal(m.entry[4].words, "exit");
    assert_true(m.fresh && m.last_was_menu);
    assert_int_equal(menu_of(&m, "your choice: "), 0);
    assert_false(m.last_was_menu);
    assert_int_equal(menu_of(&m, "[a] Display  [b] TURN  [c] verify"), 3);
    assert_int_equal(m.n, 3); /* a new menu */
    assert_string_equal(m.entry[1].key, "b");
    assert_string_equal(m.entry[1].words, "turn");
    assert_int_equal(menu_of(&m, ""), 0);
    assert_true(m.last_was_menu); /* a blank line keeps the menu open */
    assert_int_equal(menu_of(&m, " 12. leave"), 1);
    assert_int_equal(m.n, 4); /* the same menu, one more line */
    assert_string_equal(m.entry[3].key, "12");
    memset(&m, 0, sizeof m);
    /* an entry's words are cut to their buffer, and a shorter entry later is its own words
       only (none of the longer one's left behind) */
    assert_int_equal(menu_of(&m, "(1) show the cube, its six faces and every sticker on them "
                                 "(2) go"), 2);
    assert_int_equal(strlen(m.entry[0].words), sizeof m.entry[0].words - 1);
    assert_string_equal(m.entry[1].words, "go");
    assert_int_equal(menu_of(&m, "Again:"), 0);
    /* words exactly one byte over: cut too */
    assert_int_equal(menu_of(&m, "(1) abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuv (2) go"), 2);
    assert_int_equal(strlen(m.entry[0].words), sizeof m.entry[0].words - 1);
    assert_string_equal(m.entry[1].words, "go");
    assert_int_equal(menu_of(&m, "Again:"), 0);
    assert_int_equal(menu_of(&m, "(1) go (2) stay"), 2);
    assert_string_equal(m.entry[0].words, "go");
    memset(&m, 0, sizeof m);
    /* after words, two keys make a menu; alone, a key after marks starts its line */
    assert_int_equal(menu_of(&m, "Modes: (1) baby (2) insane"), 2);
    memset(&m, 0, sizeof m);
    assert_int_equal(menu_of(&m, "  * 1) show the cube"), 1);
    memset(&m, 0, sizeof m);
    assert_int_equal(menu_of(&m, "\xe2\x80\xa2 1) show the cube"), 1); /* a bullet U+2022 */
    memset(&m, 0, sizeof m);
    assert_int_equal(menu_of(&m, "1) warm-up, a single cube"), 1);
    assert_int_equal(menu_of(&m, "a) also"), 1);
    assert_int_equal(m.n, 2);
    /* no menus: prose, a number in a word, a key with no words, a letter key with '.' */
    const char *none[] = {"Solve 3 cubes.", "v1.2 released", "(1)", "(1)  ", "x1) y", "e.g. R U",
                          "[ab] two letters", "(1)2 no blank", "(123) three digits", "(A) capital",
                          "1) 2", "[1) mixed",
                          /* one key after words: a sentence (fuzz_play found the first) */
                          "each in 30 second(s) and at most 11 moves",
                          "=== s) and at most 11 moves", "Pick plan a) or wait",
                          /* a key at the line's very end */
                          "(1", "see 12", "[a"};
    for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
        memset(&m, 0, sizeof m);
        assert_int_equal(menu_of(&m, none[i]), 0);
    }
}

/* What each entry does, from its words; the entry found for each act and for modes. */
static void menu_acts(void **state)
{
    (void)state;
    assert_int_equal(cgi_menu_act_of("show the cube"), CGI_MENU_SHOW);
    assert_int_equal(cgi_menu_act_of("move"), CGI_MENU_MOVE);
    assert_int_equal(cgi_menu_act_of("turns"), CGI_MENU_MOVE);
    assert_int_equal(cgi_menu_act_of("check if solved"), CGI_MENU_CHECK);
    assert_int_equal(cgi_menu_act_of("some information"), CGI_MENU_INFO);
    assert_int_equal(cgi_menu_act_of("exit"), CGI_MENU_EXIT);
    assert_int_equal(cgi_menu_act_of("remove"), CGI_MENU_NONE); /* a word's start only */
    assert_int_equal(cgi_menu_act_of("baby"), CGI_MENU_NONE);
    cgi_menu m = {0};
    menu_of(&m, "(1) show the cube (2) move (3) check (4) some information (0) exit");
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_SHOW), 0);
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_MOVE), 1);
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_CHECK), 2);
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_INFO), 3);
    assert_false(cgi_menu_of_modes(&m));
    memset(&m, 0, sizeof m);
    menu_of(&m, "(1) baby (2) world record (3) insane");
    assert_true(cgi_menu_of_modes(&m));
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_NONE), 0); /* no flag promised: the first */
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_MOVE), -1);
    memset(&m, 0, sizeof m);
    menu_of(&m, "1) leave, the flag stays here");
    menu_of(&m, "2) warm-up");
    menu_of(&m, "3) tournament, the flag goes to the winner");
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_NONE), 2); /* flag words, not an exit */
    memset(&m, 0, sizeof m);
    assert_false(cgi_menu_of_modes(&m)); /* no menu is no menu of modes */
    menu_of(&m, "[a] view [b] quit");
    assert_false(cgi_menu_of_modes(&m));
    assert_int_equal(cgi_menu_find(&m, CGI_MENU_NONE), -1); /* no mode: none, not past the last */
    memset(&m, 0, sizeof m);
    menu_of(&m, "[a] verify [b] quit");
    assert_false(cgi_menu_of_modes(&m));
}

/* A notation told in words: the case of a letter is the way it turns. */
/* A message quotes whole up to its bound, else up to the last blank before it. */
static void quotes_cut_between_words(void **state)
{
    (void)state;
    const char *q = "Give me 54 Bytes(ie: 53 bytes and a newline) of your cube";
    assert_int_equal(cgi_cut_words(q, strlen(q), 100), strlen(q));
    assert_int_equal(cgi_cut_words(q, 10, 10), 10);
    assert_int_equal(cgi_cut_words(q, strlen(q), 19), strlen("Give me 54"));
    assert_int_equal(cgi_cut_words(q, strlen(q), 20), strlen("Give me 54 Bytes(ie:"));
    assert_int_equal(cgi_cut_words(q, strlen(q), 21), strlen("Give me 54 Bytes(ie:"));
    assert_int_equal(cgi_cut_words("abcdefgh ij", 11, 4), 4); /* one long word: cut in it */
    assert_int_equal(cgi_cut_words("ab   cdefgh", 11, 6), 2); /* the blanks before are dropped */
}

/* The round's text kept for the turn hint: whole lines, the oldest dropped when it is full, so
 * the text kept always starts at a line's start. */
static void kept_text_starts_at_a_line(void **state)
{
    (void)state;
    static cgi_game g; /* its text is 8 KiB */
    memset(&g, 0, sizeof g);
    char line[100];
    for (int i = 0; i < 400; i++) { /* 400 lines of 26 to 40 bytes: over the bound */
        int n = snprintf(line, sizeof line, "line %d of the server's %.*sbanner", i, i % 7,
                         "~~~~~~~");
        cgi_keep_text(&g, line, (size_t)n);
        if (memcmp(g.text, "line ", 5) != 0) /* after every line, not only the last */
            fail_msg("after line %d the text starts '%.12s'", i, g.text);
    }
    assert_true(g.text_len <= sizeof g.text && g.text_len > sizeof g.text - 64);
    assert_memory_equal(g.text, "line ", 5);
    assert_int_equal(g.text[g.text_len - 1], '\n');
    static const char last[] = "line 399 of the server's banner\n"; /* 399 % 7 == 0 */
    assert_memory_equal(g.text + g.text_len - (sizeof last - 1), last, sizeof last - 1);
    size_t before = g.text_len;
    char big[sizeof g.text + 8];
    memset(big, 'x', sizeof big);
    cgi_keep_text(&g, big, sizeof big); /* a line longer than the bound: not kept */
    assert_int_equal(g.text_len, before);
    /* a line of the text's size less its newline is kept, alone */
    memset(&g, 0, sizeof g);
    cgi_keep_text(&g, "first", 5);
    cgi_keep_text(&g, big, sizeof g.text - 1);
    assert_int_equal(g.text_len, sizeof g.text);
    assert_memory_equal(g.text, "xxx", 3);
    /* a line that fills the text exactly drops none before it */
    memset(&g, 0, sizeof g);
    cgi_keep_text(&g, "first", 5);
    cgi_keep_text(&g, big, sizeof g.text - 6 - 1);
    assert_int_equal(g.text_len, sizeof g.text);
    assert_memory_equal(g.text, "first\nxxx", 9);
    /* one that needs exactly the first line's room drops that line only */
    memset(&g, 0, sizeof g);
    cgi_keep_text(&g, "first", 5);
    cgi_keep_text(&g, "second", 6);
    cgi_keep_text(&g, big, sizeof g.text - 9);
    assert_int_equal(g.text_len, sizeof g.text - 1);
    assert_memory_equal(g.text, "second\nxxx", 10);
}

/* A hint appended to a full message: whole words, then '…' (a reason cut at its buffer's end
 * read "a reply rule 'What does the cube say?=ANSWER' ans"). */
static void appends_cut_between_words(void **state)
{
    (void)state;
    char msg[32] = "round 1: timeout";
    cgi_append(msg, sizeof msg, "; %s", "ok");
    assert_string_equal(msg, "round 1: timeout; ok");
    cgi_append(msg, sizeof msg, "; the server asks %s", "'What?'");
    assert_string_equal(msg, "round 1: timeout; ok; the" CGI_CUT);
    assert_true(strlen(msg) < sizeof msg);
    char full[8] = "1234567"; /* no room: unchanged */
    cgi_append(full, sizeof full, "%s", " more");
    assert_string_equal(full, "1234567");
    char exact[8] = "123"; /* what fits exactly goes whole, no mark */
    cgi_append(exact, sizeof exact, "%s", "4567");
    assert_string_equal(exact, "1234567");
    char stale[24]; /* a message's buffer past its end is not zeros: the cut one ends itself */
    memset(stale, 'x', sizeof stale);
    memcpy(stale, "round 2", 8);
    cgi_append(stale, sizeof stale, "; %s", "the server asks again");
    assert_string_equal(stale, "round 2; the server" CGI_CUT);
    char word[16] = "abc"; /* room for 12 bytes: a word that ends 3 before it, then the mark */
    cgi_append(word, sizeof word, "%s", "; 1234567 more");
    assert_string_equal(word, "abc; 1234567" CGI_CUT);
    char one[4] = "ab"; /* room for one byte: a byte fits */
    cgi_append(one, sizeof one, "%s", "c");
    assert_string_equal(one, "abc");
    char two[8] = "12345"; /* room for two bytes: not even the mark fits, nothing added */
    cgi_append(two, sizeof two, "%s", "a long addition");
    assert_string_equal(two, "12345");
}

/* A line as the terminal shows it: escapes and control bytes out, a tab a blank, UTF-8 whole;
 * read from a buffer of its bytes only (ASan sees a read past them), into a buffer just big
 * enough, or too small by one. */
static void visible_text(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } rows[] = {
        {"\x1b[1mLevel:\x1b[0m", "Level:"}, {"a\tb\x07" "c\x1f\x7f \x20", "a bc  "},
        {"caf\xc3\xa9 \xe2\x80\xa6 ~", "caf\xc3\xa9 \xe2\x80\xa6 ~"}, {"\x1b(0x\x1b(B", "x"},
        {"end\x1b", "end"}, {"", ""},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        size_t n = strlen(rows[i].in), want = strlen(rows[i].out);
        char *exact = malloc(n ? n : 1), out[64];
        assert_non_null(exact);
        memcpy(exact, rows[i].in, n);
        cgi_visible_text(exact, n, out, sizeof out);
        assert_string_equal(out, rows[i].out);
        cgi_visible_text(exact, n, out, want + 1);
        assert_string_equal(out, rows[i].out);
        if (want) { /* one byte short: the last byte left out */
            cgi_visible_text(exact, n, out, want);
            assert_int_equal(strlen(out), want - 1);
        }
        free(exact);
    }
}

/* A question after a cube that asks for something other than moves. */
static void asks_for_other(void **state)
{
    (void)state;
    static const char *const other[] = {"plaintext (hex) > ", "Your name? ", "message:",
                                        "Give the ciphertext in base64:"};
    static const char *const moves[] = {"Your moves:", "Enter your solution:", "Solve it: ",
                                        "moves as text:", "turns> ", "Answer (hex moves):"};
    for (size_t i = 0; i < sizeof other / sizeof *other; i++)
        assert_true(cgi_asks_for_other(other[i], strlen(other[i])));
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
        assert_false(cgi_asks_for_other(moves[i], strlen(moves[i])));
    assert_false(cgi_asks_for_other("", 0)); /* nothing asks nothing */
    assert_false(cgi_asks_for_other("name", 0));
    assert_true(cgi_asks_for_other("name", 4)); /* a word that ends the line */
}

static void case_legend(void **state)
{
    (void)state;
    cg_dialect d;
    char text[160];
    cg_move moves[] = {5 * 3, 0 * 3 + 2, 2 * 3}; /* R U' F */
    const char *upper = "Moves: one letter a move, upper case clockwise, lower case counter-clockwise.";
    assert_true(cgi_case_legend(upper, strlen(upper), &d));
    cg_dialect_format(&d, moves, 3, text, sizeof text);
    assert_string_equal(text, "RuF");
    const char *tight = "upper case clockwise,lower case counter-clockwise"; /* no blanks */
    assert_true(cgi_case_legend(tight, strlen(tight), &d));
    cg_dialect_format(&d, moves, 3, text, sizeof text);
    assert_string_equal(text, "RuF");
    const char *lower = "A small letter turns it clockwise; a capital anticlockwise";
    assert_true(cgi_case_legend(lower, strlen(lower), &d));
    cg_dialect_format(&d, moves, 3, text, sizeof text);
    assert_string_equal(text, "rUf");
    const char *no[] = {"upper case clockwise", "upper case clockwise, lower case clockwise",
                        "upper and lower case clockwise, ccw", "Turn it clockwise or anticlockwise.",
                        "lower case counter-clockwise, lower case clockwise", "upper case, lower case",
                        "upper case, lower case anticlockwise" /* a case with no way said */};
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        assert_false(cgi_case_legend(no[i], strlen(no[i]), &d));
    const char *cw = "Capital letters: cw, small letters: ccw";
    assert_true(cgi_case_legend(cw, strlen(cw), &d));
}

/* Round counters as the doc of cg_round_read lists them; and lines that end on the word that
 * names a round, or a number with no total after it: nothing is read past the last token (the
 * valgrind stage ran 'counter' on the token after the last, uninitialised). */
static void round_counters(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int got, i, total;
    } cases[] = {
        {"Round 3/5", 2, 3, 5},        {"Cube 3 of 5", 2, 3, 5},
        {"stage 3 out of 5", 2, 3, 5}, {"--- [3/5] ---", 2, 3, 5},
        {"Progress: 3 / 5", 2, 3, 5},  {"=== Level 3 ===", 1, 3, -1},
        {"Next round", 0, -1, -1},     {"round", 0, -1, -1},
        {"Round 3 /", 1, 3, -1},       {"Round 3 of", 0, -1, -1},
        {"[3/", 0, -1, -1},            {"3 /", 0, -1, -1},
        {"Cube 3 of 5 moves left", 2, 3, 5}, {"[3/5] the next cube", 2, 3, 5},
        /* a level 0 (a tutorial) is read; the engine counts from 1 */
        {"Round 0/5", 2, 0, 5},        {"=== Level 0 ===", 1, 0, -1},
        {"[0/3]", 2, 0, 3},            {"Cube 7 of 99999", 2, 7, 99999},
        /* 100000 and more count no rounds (an id, a score) */
        {"Cube 7 of 100000", 0, -1, -1}, {"Round 100000", 0, -1, -1},
        {"Cube 7 of 999990", 0, -1, -1}, /* read on past 99999: no total */
        /* "3 / 5" after more than one word is some other count */
        {"Cubes solved so far: 3 / 5", 0, -1, -1}, {"3 / 5", 2, 3, 5}, /* no word before */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        int i = -1, total = -1;
        int got = cg_round_read(cases[k].line, strlen(cases[k].line), &i, &total);
        if (got != cases[k].got || i != cases[k].i || total != cases[k].total)
            fail_msg("'%s': %d (%d of %d), expected %d (%d of %d)", cases[k].line, got, i, total,
                     cases[k].got, cases[k].i, cases[k].total);
    }    /* the line is the n bytes given: a digit after them is not the number's */
    int i = -1, total = -1;
    assert_int_equal(cg_round_read("Round 3/45", 9, &i, &total), 2);
    assert_int_equal(total, 4);
    assert_int_equal(cg_round_read("Round 37", 7, &i, &total), 1);
    assert_int_equal(i, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(prompt_learned),         cmocka_unit_test(enter_gates),
        cmocka_unit_test(legend_quarter),         cmocka_unit_test(legend_colon_and_lists),
        cmocka_unit_test(one_move_words),         cmocka_unit_test(legend_of_suffixes),
        cmocka_unit_test(menu_entries),           cmocka_unit_test(menu_acts),
        cmocka_unit_test(case_legend),            cmocka_unit_test(quotes_cut_between_words),
        cmocka_unit_test(appends_cut_between_words),
        cmocka_unit_test(kept_text_starts_at_a_line),
        cmocka_unit_test(asks_for_other),         cmocka_unit_test(visible_text),         cmocka_unit_test(round_counters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
