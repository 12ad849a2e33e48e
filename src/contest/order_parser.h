/* The layout behind the cg_order_parser handle of order.h. Private to cubegod: code inside the
 * project may keep a parser on its stack (cg_order_begin starts it); programs outside get one
 * from cg_order_parser_new. */
#ifndef CUBEGOD_CONTEST_ORDER_PARSER_H
#define CUBEGOD_CONTEST_ORDER_PARSER_H

#include <stdbool.h>
#include <stdint.h>

#include "cubegod/order.h"

/* One open ( or [: what came before it, and for [A, B] / [A: B] the finished A. */
typedef struct cg_order_frame {
    cg3_cube outer;   /* the state before the bracket */
    cg3_cube first;   /* A, once ',' or ':' has been read */
    char open;        /* '(' or '[' */
    char sep;         /* ',' or ':' once read, else 0 */
    uint64_t col;     /* position of the bracket */
} cg_order_frame;

struct cg_order_parser {
    const cg3_tables *t;
    cg3_cube cube;     /* the state so far (inside a group: the group's own state) */
    bool centres;      /* a slice, wide move or rotation has been read */
    uint64_t moves;    /* moves applied */
    uint64_t col;      /* characters read so far (the position of the next one is col + 1) */
    int base;          /* the move being read (-1: none) */
    int turns;         /* its quarter turns */
    int stage;         /* 0 letter read, 1 'w' read, 2 digit read, 3 ' read */
    int depth;         /* open brackets */
    cg_order_frame frame[CG_ORDER_DEPTH];
    bool group;        /* a closed group waits for its count and ' */
    cg3_cube group_state;
    cg_order_frame group_frame;
    uint64_t count;    /* its repeat count so far (0: none written) */
    bool group_inverse;
    uint8_t utf8[3];   /* a multi-byte character being read (U+2019, the byte-order mark) */
    int nutf8;
    uint64_t utf8_col; /* its position */
};

#endif
