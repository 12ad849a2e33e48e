/* The player's terminal, as pwntools draws it: "[+]" green, "[-]" red, "[*]" blue, and one
 * status line redrawn in place on standard error while a game runs. Off a terminal (a file, a
 * pipe, TERM=dumb) every line is printed as it always was, with no escape sequence. */
#ifndef CUBEGOD_CLI_TERM_H
#define CUBEGOD_CLI_TERM_H

#include <stdbool.h>
#include <stdio.h>

/* --color auto|always|never: auto colours a stream that is a terminal, unless NO_COLOR is set
 * (https://no-color.org) or TERM is dumb. */
typedef enum term_color { TERM_COLOR_AUTO, TERM_COLOR_ALWAYS, TERM_COLOR_NEVER } term_color;

/* Parses --color's value; false when it is none of the three. */
bool term_color_parse(const char *text, term_color *out);

/* Decides, once per command, which streams get colours and whether standard error can hold a
 * status line (a terminal other than TERM=dumb). */
void term_setup(term_color mode);

/* True when the status line is drawn in place (standard error is a capable terminal). */
bool term_live(void);

/* "[c] TEXT\n" on f, the marker coloured when f gets colours: '+' green, '-' red, '*' blue,
 * '!' yellow. On standard error the status line is cleared first and drawn again after. */
void term_say(FILE *f, char mark, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Text that already holds its lines (the tube's log, "cubegod: ..." notices) on standard error:
 * a leading "[c]" is coloured as term_say does, the status line kept below it. */
void term_write(const char *text);

/* The status line: TEXT drawn after a spinner in place of the previous one, cut to the
 * terminal's width. Nothing happens off a terminal. */
void term_status(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Clears the status line, when one is shown (before other output, and at the end). */
void term_status_clear(void);

/* Clears the status line for good: later term_say lines leave nothing drawn below them. */
void term_status_end(void);

#endif
