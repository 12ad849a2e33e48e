/* Shared by the shape readers (faces.c, net.c, ansi.c, detect.c): one line as a row of tokens. */
#ifndef CUBEGOD_SHAPES_INTERNAL_H
#define CUBEGOD_SHAPES_INTERNAL_H

#include "cubegod/shapes.h"
#include "puzzle/reader.h"

#define CGI_ROW_MAX 64 /* tokens kept from one line; more marks the row as long */
#define CGI_TOK 128    /* bytes of a token kept (a 54-sticker string is one token) */

typedef struct cgi_row {
    int n;                              /* tokens */
    bool long_line;                     /* more than CGI_ROW_MAX tokens */
    bool ansi;                          /* some token is an ANSI colour */
    bool rule;                          /* only '+' '-' '=' '|' and blanks, at least one of them */
    bool blank;                         /* nothing but white space */
    bool bad;                           /* a token longer than CGI_TOK - 1 bytes (cut) */
    int bad_col;
    int col[CGI_ROW_MAX];               /* display column (1-based) of each token */
    int chars[CGI_ROW_MAX];             /* a word's code points as the line decodes them */
    bool colour[CGI_ROW_MAX];           /* the token is an ANSI colour cell */
    char tok[CGI_ROW_MAX][CGI_TOK];
} cgi_row;

/* Splits a line into tokens: blanks and '|' separate; ANSI colour cells are tokens of their own
 * (named after the colour); other escape sequences are dropped. *cell: the narrowest ANSI cell
 * seen so far (0 before any), updated; a run of one colour that is k cells wide is k stickers. */
void cgi_row_read(const char *line, size_t len, int *cell, cgi_row *row);

/* The end of the escape sequence at s[i] (s[i] is ESC), and whether it sets a colour (an SGR
 * with a foreground or background, not a reset): the one reading of escapes, which turn's
 * drawings share (a colour cell is a sticker there too). */
size_t cgi_ansi_escape(const char *s, size_t len, size_t i, bool *colour);

/* The bytes of the sticker at display column col of the line (1-based, as cgi_row_read counts
 * them: escapes take none; past the end, the end): a token's `bytes` from there, with any
 * escapes between them (a word the escapes do not break), or (bytes 0) a colour cell: the escapes just before it, what they colour
 * up to the next escape, and that escape when it is a reset. Its offset in *off. */
size_t cgi_row_span(const char *line, size_t len, int col, int bytes, size_t *off);

/* The bytes of the one character (grapheme) starting at text (n bytes left, n > 0): a code
 * point with the marks, modifiers, joined code points or flag half that belong to it. */
size_t cgi_grapheme(const char *text, size_t n);

/* Whether the row is k stickers: k tokens, or (no ANSI cells) one token of k characters, or
 * tokens of equal length whose characters make k. On true, out (k tokens) holds them and
 * cols their columns. */
bool cgi_row_stickers(const cgi_row *row, int k, char out[][CGI_TOK], int *cols);

/* Whether the row is a face label, possibly followed by stickers: returns the face (0..5) or -1;
 * *first: index of the first token after the label. */
int cgi_row_label(const cgi_row *row, int *first);

/* Distinct tokens among k, '?' not counted. */
int cgi_distinct(char tok[][CGI_TOK], int k);

/* handover.c, below the readers and the dispatcher: hands a puzzle over (cg_shape_reader_take). */
void cgi_push(cg_shape_reader *r, const cg_puzzle *p, cg_shape shape, bool ansi, long first,
              long last, const char *order);
/* cg_shape_reader_take, and where each sticker stood (at may be NULL): labelled faces and
 * strings say, other shapes leave every place nowhere (detect.c). */
bool cgi_take_placed(cg_shape_reader *r, cg_puzzle *p, cg_shape_info *info, cg_shape_place *at);

/* Whether a row may give stickers in the reader's mode (--input ansi: only colour cells). */
bool cgi_sticker_row_ok(const cg_shape_reader *r, const cgi_row *row);

/* Labelled faces (faces.c). The run's line handling: *consumed false when the line is no part
 * of the run (the run may have been handed over or dropped, an error in *st). */
cg_status cgi_faces_line(cg_shape_reader *r, const cgi_row *row, bool *consumed, cg_error *err);
/* Starts a run at a label line (the label and any stickers after it). */
cg_status cgi_faces_start(cg_shape_reader *r, const cgi_row *row, int face, int first, cg_error *err);
/* Pause or end of input: hands over five or six faces; `end`: fewer (or a face cut off) is an
 * error, otherwise the run waits. */
cg_status cgi_faces_stop(cg_shape_reader *r, bool end, cg_error *err);

/* The net (net.c), same conventions. */
cg_status cgi_net_line(cg_shape_reader *r, const cgi_row *row, bool *consumed, cg_error *err);
cg_status cgi_net_stop(cg_shape_reader *r, bool end, cg_error *err);

/* Sets sticker i of p from a token ('?': unknown). */
cg_status cgi_set(cg_puzzle *p, int i, const char *tok, cg_error *err);

/* Sticker index of position k of a string in `order` (six letters or "net"), size n. */
int cgi_string_index(const char *order, int n, int k);
/* The face a word names (a letter, up/down/front/back/left/right, top/bottom; any case), or -1. */
int cgi_face_named(const char *s, size_t len);

/* Python and JSON cubes (dict.c): a line gathered (*consumed), the whole parsed once its
 * brackets close; cgi_dict_parse returns the faces found (0: no cube, -1: error in err). */
cg_status cgi_dict_line(cg_shape_reader *r, const char *line, size_t len, bool *consumed,
                        cg_error *err);
cg_status cgi_dict_stop(cg_shape_reader *r, bool end, cg_error *err);
int cgi_dict_parse(const char *text, size_t len, const char *order, cg_puzzle *pz, char given[8],
                   cg_error *err);

cg_status cgi_layout_line(cg_shape_reader *r, const cgi_row *row, cg_error *err);
cg_status cgi_layout_stop(cg_shape_reader *r, bool end, cg_error *err);
bool cgi_layout_busy(const cg_shape_reader *r);

/* How cgi_read_first reads: the shapes (CG_SHAPE_AUTO: all), a string's order (NULL: the common
 * order that gives a cube), a net's side faces (NULL: found), a layout template's text (NULL:
 * none), and whether any symbols may be stickers (a string of more than six). */
typedef struct cgi_first_options {
    cg_shape mode;
    const char *order, *across, *layout;
    bool symbols;
} cgi_first_options;
/* The first cube the shape reader finds in a text, read as solve reads it; what was recognised in
 * info, where each sticker stood in at (may be NULL). False when there is none: err (may be
 * NULL) says why, the first error read. turn's drawings take the cube from here (read.c). */
bool cgi_read_first(const char *text, size_t len, const cgi_first_options *o, cg_puzzle *p,
                    cg_shape_info *info, cg_shape_place *at, cg_error *err);

/* Side faces of a net (across.c): a forced order checked, a puzzle relabelled, or the order
 * that gives a possible cube found (the puzzle relabelled, the order in across). */
cg_status cgi_across_check(const char *across, cg_error *err);
void cgi_across_relabel(const cg_puzzle *in, const char *across, cg_puzzle *out);
cg_status cgi_across_auto(cg_puzzle *p, char across[8], cg_error *err);
/* A string read in UDFBLR when no order was given: relabelled to the first common order that
 * gives a possible cube (UDFBLR kept when it does), that order in `order`; a note for the
 * player when the order is not UDFBLR or several orders give different cubes. Returns how many
 * common orders give distinct possible cubes (0: none, p left as read). */
int cgi_string_auto(cg_puzzle *p, char order[8], char *note, size_t cap);
/* A cross whose B rows were stored as drawn under D: B turned half a turn (how it folds) when
 * that gives a possible cube, otherwise the one other turn of B that does (said in note); none
 * or several: CG_ERR_INPUT naming them. A hidden B is left as it is. *turned: the quarter
 * turns B was turned (0: as drawn, or hidden). */
cg_status cgi_cross_auto(cg_puzzle *p, char *note, size_t cap, int *turned, cg_error *err);
/* B's stickers of in as drawn, turned q quarter turns clockwise (*turned above), into out. */
void cgi_turn_b(const cg_puzzle *in, int q, cg_puzzle *out);

#endif
