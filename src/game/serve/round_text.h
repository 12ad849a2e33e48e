/* The round text of serve's unseen-challenge variants (round_text.c): a goal drawn above the cube,
 * drawings in a layout template, nets with another side order, Python and JSON cubes. */
#ifndef CUBEGOD_GAME_SERVE_ROUND_TEXT_H
#define CUBEGOD_GAME_SERVE_ROUND_TEXT_H

#include "cubegod/shapes.h"

typedef struct cgi_round_style {
    cg_shape show;           /* as cg_server_options.show */
    cg_colours colours;
    const char *order;       /* a string's face order, NULL: UDFBLR */
    const char *across;      /* a net's side faces, NULL: LFRB */
    const char *layout;      /* a layout template's text, NULL: none */
} cgi_round_style;

/* Whether the variants above are asked for (otherwise the plain round text is written). */
bool cgi_round_special(const cgi_round_style *d, bool goal);
/* Writes a round: "=== Round i/N ===", then "Goal:" and the goal's drawing and "Now:" and the
 * cube's (goal not NULL), or "Here is the cube:" and its drawing, then the prompt and '\n'.
 * goal and cube: the home face of each sticker (puzzle.h order) of a cube of size n; hidden:
 * faces not shown (a bit a face, both drawings). Returns the length needed, like snprintf; the
 * text is whole only when that is below size. */
size_t cgi_round_text(const cgi_round_style *d, int index, int rounds, int n, const uint8_t *goal,
                      const uint8_t *cube, unsigned hidden, const char *prompt, char *buf,
                      size_t size);
/* An upper bound of cgi_round_text's length for any cube and prompt of at most prompt_len. */
size_t cgi_round_text_max(const cgi_round_style *d, int n, bool goal, size_t prompt_len);

#endif
