/* The readers' state: the layouts behind the cg_box_reader and cg_shape_reader handles of
 * puzzle.h and shapes.h. Private to cubegod: code inside the project may keep a reader on its
 * stack (then cg_*_init starts it); programs outside get one from cg_*_new. */
#ifndef CUBEGOD_PUZZLE_READER_H
#define CUBEGOD_PUZZLE_READER_H

#include <stdbool.h>

#include "cubegod/puzzle.h"
#include "cubegod/shapes.h"

struct cg_box_reader {
    cg_puzzle puzzle; /* the run of boxes being read, or the one just completed */
    int face;         /* face of the open box, or -1 */
    int line;         /* lines of the open box read so far (0 .. size + 2) */
    int boxes;        /* boxes in the current run */
    int size;         /* size of the run (2 or 3), 0 until its first row is read */
};

/* Where a sticker stood: the line (1-based as fed, 0: nowhere, a hidden sticker), its display
 * column as cgi_row_read counts them, its token's bytes (0: an ANSI colour cell). */
typedef struct cg_shape_place {
    long line;
    int col, len;
} cg_shape_place;

#define CG_SHAPE_NET_ROWS 3
#define CG_SHAPE_DICT_MAX 8192 /* bytes of a Python or JSON cube, all its lines */
#define CG_SHAPE_NET_TOKENS 12

typedef struct cg_shape_netrow {
    int n, col0;
    int col[CG_SHAPE_NET_ROWS];
    bool ansi;
    char tok[CG_SHAPE_NET_TOKENS][CG_TOKEN_MAX + 1];
    long line;
} cg_shape_netrow;

struct cg_shape_reader {
    cg_shape mode;
    char order[8];
    bool order_auto;               /* no order given: a string's order found (cgi_string_auto) */
    long lineno;
    bool after_question;           /* the last line with text ended in ':' outside a cube */
    int ansi_cell;                 /* narrowest ANSI cell seen (columns), 0 before any */
    cg_box_reader box;
    long box_first;
    char box_order[8];             /* the faces of the run of boxes, in the order given */
    /* labelled faces */
    struct {
        bool on, ansi, rules, blank_sep;
        int size, face, row, faces;
        unsigned done;
        long first, last, label_line;
        cg_puzzle p;
        char order[8];
        cg_shape_place at[CG_PUZZLE_STICKERS_MAX];
    } fc;
    /* the net: unconfirmed U rows, then the confirmed net */
    struct {
        int pending;               /* U rows waiting for an L F R B row to confirm them */
        cg_shape_netrow up[CG_SHAPE_NET_ROWS];
        bool on, ansi;             /* confirmed */
        bool cross;                /* rows across L F R (3n), B's rows under D's */
        bool flat;                 /* U's rows not indented: nor need D's be */
        int size, row, col0;       /* rows read in the confirmed net (U rows included) */
        long first, last;
        cg_puzzle p;
        cg_shape_place at[CG_PUZZLE_STICKERS_MAX]; /* as read, before the side order */
    } net;
    /* puzzles ready to take */
    int ready;
    cg_puzzle out[2];
    cg_shape_info info[2];
    cg_shape_place place[2][CG_PUZZLE_STICKERS_MAX]; /* where each sticker stood (labelled
                                                        faces, strings), else nowhere */
    bool symbols;                  /* any symbols: a string may show more than six, a net's rows
                                      any indentation, a net no possible cube */
    char miss[160];                /* a near miss, for a text where no cube is found */
    char across[8];                /* a net's side faces, "" for auto (cg_shape_reader_across) */
    struct cg_layout *layout;      /* cg_shape_reader_layout */
    struct {                       /* a Python or JSON mapping being gathered */
        int depth, lines;
        int keyed;                 /* faces given as labelled lists, one after another */
        bool in_key;               /* such a face's list still open */
        size_t len;
        long first;
        char buf[CG_SHAPE_DICT_MAX];
    } dict;
};

/* Whether face f of p is shown: as faces_shown says when the reader set it, else when none of
 * its stickers is unknown (puzzle.c; the boxes and faces writers skip the others). */
bool cgi_puzzle_face_shown(const cg_puzzle *p, int f);

#endif
