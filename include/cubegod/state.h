/* cubegod: cube states as facelet strings, and their algebra, for both sizes.
 *
 * A state is a facelet string: 24 (a 2x2) or 54 (a 3x3) face letters, faces in Kociemba's order
 * U R F D L B, each face row-major as cube.h and cube3.h lay it out, each letter the home face
 * whose colour that sticker shows. "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB" is the
 * solved 3x3. Blanks between letters are ignored on input; output has none.
 *
 * States compose left to right, as cube.h says: compose(a, b) is "a, then b", so applying moves
 * to a state is composing it with the moves' own state, and the moves that take `current` to
 * `goal` are the solution of relative(goal, current) = compose(invert(goal), current).
 * A 3x3 state has its centres home (face turns only); a 2x2 state may be in any orientation.
 *
 * Every call takes strings and writes into the caller's buffer (at least 25 or 55 bytes, NUL
 * included), returns CG_OK or CG_ERR_INPUT (the message says what is wrong: not 24 or 54
 * letters, a letter that is no face, a piece no cube has, a twisted corner, sizes that differ,
 * ...) or CG_ERR_LIMIT (the buffer is too small). Nothing allocates; out may alias an input. */
#ifndef CUBEGOD_STATE_H
#define CUBEGOD_STATE_H

#include "cubegod/export.h"

#include <stddef.h>

#include "cubegod/error.h"
#include "cubegod/puzzle.h"

/* The solved state of a cube of `size` (2 or 3). */
CG_API cg_status cg_state_solved(int size, char *out, size_t cap, cg_error *err);
/* CG_OK when `state` is a real cube's state; *size (may be NULL) gets 2 or 3. */
CG_API cg_status cg_state_check(const char *state, int *size, cg_error *err);
/* `state` after the face turns in `moves` ("R U2 F'", any of the 18, blanks between). */
CG_API cg_status cg_state_apply(const char *state, const char *moves, char *out, size_t cap,
                                cg_error *err);
/* a, then b (same size). */
CG_API cg_status cg_state_compose(const char *a, const char *b, char *out, size_t cap,
                                  cg_error *err);
/* The state that undoes a: compose(a, invert(a)) is solved. */
CG_API cg_status cg_state_invert(const char *a, char *out, size_t cap, cg_error *err);
/* compose(invert(goal), current): solving it solves current toward goal. */
CG_API cg_status cg_state_relative(const char *goal, const char *current, char *out, size_t cap,
                                   cg_error *err);
/* Whether a and b are the same state: 1 yes, 0 no, -1 when either is not a state. */
CG_API int cg_state_equal(const char *a, const char *b);

/* The state a puzzle (puzzle.h) shows, rebuilt as cg_reconstruct (scheme may be NULL) or
 * cg_reconstruct3 (pick: take the first of several fitting cubes) rebuild it. */
CG_API cg_status cg_puzzle_state(const cg_puzzle *p, const cg_scheme *scheme, int pick, char *out,
                                 size_t cap, cg_error *err);
/* The relative puzzle of `current` toward `goal` (both read from text, same size): face letters,
 * solved exactly when current is turned into goal. A 3x3's colours are told by each drawing's
 * centres; a 2x2's by the goal (scheme, or the face letters, or deduced from the goal's
 * corners), and current is read in the goal's colours. CG_ERR_INPUT: either is no possible
 * cube (the message says which), sizes differ, current shows colours the goal does not. */
CG_API cg_status cg_puzzle_toward(const cg_puzzle *goal, const cg_puzzle *current,
                                  const cg_scheme *scheme, int pick, cg_puzzle *relative,
                                  cg_error *err);

/* ---- texts (the one reader, for any caller) ---- */

/* Every cube in a text, read as `cubegod solve` reads a file (shapes.h): input a shape name
 * ("auto" or NULL, "boxes", "faces", "net", "string", "ansi", "dict"), order a string's face
 * order (NULL: UDFBLR), across a net's side faces (NULL: auto), layout a template's text (NULL:
 * none). Each cube is written to out as one line of its stickers, faces U D F B L R, separated
 * by single blanks, '?' unknown (what cg_puzzle_from_string reads back), *count of them.
 * CG_ERR_INPUT: the first reading error (its line), or no cube at all; CG_ERR_LIMIT: out is too
 * small (the cubes before are in it). */
CG_API cg_status cg_read_text(const char *text, size_t len, const char *input, const char *order,
                              const char *across, const char *layout, char *out, size_t cap,
                              int *count, cg_error *err);
/* The relative state (a facelet string as above) of the first cube drawn in `current` toward
 * the first cube drawn in `goal` (any shape; strings in `order`), as cg_puzzle_toward makes it:
 * its solution turns the cube into the goal. */
CG_API cg_status cg_toward_text(const char *goal, const char *current, const char *order,
                                int pick, char *out, size_t cap, cg_error *err);

#endif
