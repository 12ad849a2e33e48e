/* Goals (--target STATE|FILE|first) and layouts (--layout FILE) for solve, play and serve. */
#ifndef CUBEGOD_CLI_GOAL_H
#define CUBEGOD_CLI_GOAL_H

#include <stdbool.h>

#include "cubegod/shapes.h"

/* A goal: "first" sets *first; a readable file is read as a drawing of one cube (any shape,
 * in `order` and `across`); anything else is a facelet string in `order` (NULL: URFDLB). The
 * goal must be a possible cube. Returns 0, or 2 after printing the reason for cmd. */
int cli_goal_read(const char *cmd, const char *v, const char *order, const char *across,
                  const cg_scheme *scheme, bool pick, cg_puzzle *goal, bool *first);
/* A layout template from a file; 0, or 2 after printing the reason. */
int cli_layout_read(const char *cmd, const char *path, cg_layout **out);

/* The option that helps with a reading error, to append to its message ("" when none). */
const char *cli_read_hint(const char *msg);

#endif
