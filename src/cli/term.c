/* The player's terminal (term.h): colours and the status line. */
#include "cli/term.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static struct {
    bool color_out, color_err; /* colours on standard output, standard error */
    bool live;                 /* standard error holds a status line */
    bool shown;                /* a status line is drawn now */
    bool ended;                /* term_status_end: no more redraws */
    unsigned spin;             /* the spinner's step */
    char status[512];          /* the status line's text, drawn again after other lines */
} term;

/* Braille dots, as pwntools' progress spinners: no ASCII marker that could read as "[-]" */
static const char *const SPINNER[] = {"\u280b", "\u2819", "\u2839", "\u2838", "\u283c",
                                      "\u2834", "\u2826", "\u2827", "\u2807", "\u280f"};
enum { SPINNER_STEPS = sizeof SPINNER / sizeof *SPINNER };

bool term_color_parse(const char *text, term_color *out)
{
    static const char *const names[] = {"auto", "always", "never"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = (term_color)i;
            return true;
        }
    return false;
}

/* A terminal that understands "\r" and ESC[K (not TERM=dumb). */
static bool capable(int fd)
{
    const char *t = getenv("TERM");
    return isatty(fd) && !(t && strcmp(t, "dumb") == 0);
}

void term_setup(term_color mode)
{
    const char *no = getenv("NO_COLOR");
    bool allowed = mode == TERM_COLOR_ALWAYS || (mode == TERM_COLOR_AUTO && !(no && *no));
    term.color_out = allowed && (mode == TERM_COLOR_ALWAYS || capable(STDOUT_FILENO));
    term.color_err = allowed && (mode == TERM_COLOR_ALWAYS || capable(STDERR_FILENO));
    term.live = capable(STDERR_FILENO);
    term.shown = term.ended = false;
    term.status[0] = '\0';
}

bool term_live(void) { return term.live; }

/* The SGR colour of a marker, or NULL for one drawn plain. */
static const char *mark_color(char mark)
{
    switch (mark) {
    case '+': return "\033[32m";
    case '-': return "\033[31m";
    case '*': return "\033[34m";
    case '!': return "\033[33m";
    default: return NULL;
    }
}

static void put_mark(FILE *f, bool color, char mark)
{
    const char *c = color ? mark_color(mark) : NULL;
    if (c)
        fprintf(f, "[%s%c\033[0m]", c, mark);
    else
        fprintf(f, "[%c]", mark);
}

/* The terminal's width in columns (80 when it does not say). */
static int width(void)
{
    struct winsize w;
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0)
        return w.ws_col;
    return 80;
}

/* Draws the status line from term.status, cut to fit one line of the terminal (a line that
 * wraps could no longer be redrawn in place). */
static void draw(void)
{
    int room = width() - 5; /* "[|] " and the cursor's column */
    size_t n = 0;
    for (int cols = 0; term.status[n] && cols < room; n++)
        cols += ((unsigned char)term.status[n] & 0xC0) != 0x80; /* UTF-8: count lead bytes */
    while (((unsigned char)term.status[n] & 0xC0) == 0x80)
        n++; /* end after a whole character */
    fprintf(stderr, "\r[%s%s%s] %.*s\033[K", term.color_err ? "\033[34m" : "",
            SPINNER[term.spin % SPINNER_STEPS], term.color_err ? "\033[0m" : "", (int)n,
            term.status);
    fflush(stderr);
    term.shown = true;
}

void term_status(const char *fmt, ...)
{
    if (!term.live || term.ended)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(term.status, sizeof term.status, fmt, ap);
    va_end(ap);
    term.spin++;
    draw();
}

void term_status_clear(void)
{
    if (!term.shown)
        return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    term.shown = false;
}

void term_status_end(void)
{
    term_status_clear();
    term.ended = true;
}

/* Standard error's lines go above the status line: cleared before, drawn again after. */
static void before(FILE *f)
{
    if (f == stderr)
        term_status_clear();
}

static void after(FILE *f)
{
    fflush(f);
    if (f == stderr && term.live && !term.ended && term.status[0])
        draw();
}

void term_say(FILE *f, char mark, const char *fmt, ...)
{
    before(f);
    put_mark(f, f == stderr ? term.color_err : f == stdout && term.color_out, mark);
    fputc(' ', f);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(f, fmt, ap);
    va_end(ap);
    fputc('\n', f);
    after(f);
}

void term_write(const char *text)
{
    before(stderr);
    if (text[0] == '[' && text[1] && text[2] == ']' && mark_color(text[1])) {
        put_mark(stderr, term.color_err, text[1]);
        text += 3;
    }
    fputs(text, stderr);
    after(stderr);
}
