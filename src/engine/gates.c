/* Gates before the game: a server that waits for Enter before it shows anything. */
#include "engine/engine.h"


bool cgi_gate_asks_enter(const char *text, size_t n)
{
    static const char *const asks[] = {
        "press enter", "press return", "hit enter", "hit return", "press any key",
        "hit any key", "press a key", "any key to", "[enter]", "<enter>", "enter to start",
        "enter to begin", "enter to continue", "return to start", "return to begin",
        "ready? press", "press enter to",
    };
    for (size_t i = 0; i < sizeof asks / sizeof *asks; i++)
        if (cgi_text_has(text, n, asks[i]))
            return true;
    return false;
}
