/* The game itself, without I/O: scrambles, the round text, answer checks. */
#include <stdio.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"
#include "game/answer.h"
#include "read/shapes_internal.h"

uint64_t cg_game_seed(uint64_t seed, uint64_t game)
{
    /* Two splitmix steps keep nearby (seed, game) pairs far apart. */
    cg_rng r;
    cg_rng_seed(&r, seed);
    uint64_t a = cg_rng_next(&r);
    cg_rng_seed(&r, a ^ (game * 0xD1B54A32D192ED03ull));
    return cg_rng_next(&r);
}

void cg_round_make(cg_rng *r, cg_round *out)
{
    out->scramble_moves =
        CG_SCRAMBLE_MIN + (int)cg_rng_below(r, CG_SCRAMBLE_MAX - CG_SCRAMBLE_MIN + 1);
    out->cube = cg_cube_home();
    for (int i = 0; i < out->scramble_moves; i++)
        cg_cube_apply(&out->cube, (cg_move)cg_rng_below(r, CG_MOVES));
    out->hidden = (int)cg_rng_below(r, CG_FACES);
}

void cgi_puzzle_in_order(const cg_puzzle *p, const char *order, cg_puzzle *out)
{
    *out = *p;
    if (!order || strcmp(order, "UDFBLR") == 0)
        return;
    /* The k-th sticker of `order` goes where the writer's own order puts its k-th one. */
    int n = p->size == 3 ? 3 : 2;
    for (int k = 0; k < 6 * n * n; k++)
        out->sticker[cgi_string_index("UDFBLR", n, k)] = p->sticker[cgi_string_index(order, n, k)];
}

/* Appends text to buf at len (within size); returns the new length needed. */
static size_t append(char *buf, size_t size, size_t len, const char *text)
{
    if (len < size)
        snprintf(buf + len, size - len, "%s", text);
    return len + strlen(text);
}

size_t cgi_view_append(char *buf, size_t size, size_t len, const uint8_t *faces, int n,
                       unsigned hidden, cg_shape shape, cg_colours colours, const char *order,
                       const char *prompt)
{
    cg_puzzle p;
    cg_puzzle_clear_size(&p, n);
    for (int i = 0; i < 6 * n * n; i++) {
        if ((hidden >> (i / (n * n))) & 1)
            continue;
        char letter = cg_face_letter(faces[i]);
        cg_puzzle_set(&p, i, &letter, 1, NULL);
    }
    p.faces_shown = (uint8_t)(0x3f & ~hidden);
    char *at = len < size ? buf + len : NULL;
    size_t room = len < size ? size - len : 0;
    if ((shape == CG_SHAPE_AUTO || shape == CG_SHAPE_BOXES) && colours == CG_COLOURS_LETTERS) {
        len += cg_puzzle_format_boxes(&p, at, room);
    } else {
        cg_puzzle q;
        cgi_puzzle_in_order(&p, shape == CG_SHAPE_STRING ? order : NULL, &q);
        len += cg_puzzle_format_shape(&q, shape, colours, at, room);
    }
    len = append(buf, size, len, prompt);
    return append(buf, size, len, "\n");
}

size_t cg_round_format_prompt(const cg_round *r, int index, int rounds, const char *prompt,
                              char *buf, size_t size)
{
    return cg_round_format_view(r, index, rounds, prompt, CG_SHAPE_BOXES, CG_COLOURS_LETTERS, buf,
                                size);
}

size_t cg_round_format_view(const cg_round *r, int index, int rounds, const char *prompt,
                            cg_shape shape, cg_colours colours, char *buf, size_t size)
{
    return cgi_round_format(r, index, rounds, prompt, shape, colours, NULL, buf, size);
}

size_t cgi_round_format(const cg_round *r, int index, int rounds, const char *prompt,
                        cg_shape shape, cg_colours colours, const char *order, char *buf,
                        size_t size)
{
    int head = snprintf(buf, size, "=== Round %d/%d ===\nHere is the cube, one face hidden:\n",
                        index, rounds);
    cg_stickers st = cg_cube_to_stickers(&r->cube);
    return cgi_view_append(buf, size, (size_t)head, st.s, 2, 1u << r->hidden, shape, colours,
                           order, prompt);
}

size_t cg_round_format(const cg_round *r, int index, int rounds, char *buf, size_t size)
{
    return cg_round_format_prompt(r, index, rounds, "Enter your solution:", buf, size);
}

size_t cg_round_format_after_move(const cg_cube *cube, int hidden, int k, const char *name,
                                  char *buf, size_t size)
{
    int head = snprintf(buf, size, "Move %d: %s\n", k, name);
    cg_stickers st = cg_cube_to_stickers(cube);
    return cgi_view_append(buf, size, (size_t)head, st.s, 2, 1u << hidden, CG_SHAPE_BOXES,
                           CG_COLOURS_LETTERS, NULL, CG_ONE_MOVE_PROMPT);
}

/* A number of at most 9 digits after optional blanks; advances *p past it. */
static bool round_number(const char **p, int *out)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t')
        s++;
    int v = 0, digits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++) {
        if (digits == 9)
            return false;
        v = v * 10 + (*s - '0');
    }
    if (digits == 0)
        return false;
    *out = v;
    *p = s;
    return true;
}

int cg_round_numbers(const char *text, int *i, int *n)
{
    const char *p = text;
    if (!round_number(&p, i))
        return 0;
    if (*p != '/')
        return 1;
    p++;
    return round_number(&p, n) ? 2 : 1;
}

/* Only printable ASCII and tabs may appear in an answer. */
static cg_status check_bytes(const char *line, size_t len, cg_error *err)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        if ((c < 0x20 && c != '\t') || c >= 0x7f)
            return cg_fail(err, CG_ERR_INPUT, "Invalid byte 0x%02x at column %zu", c, i + 1);
    }
    return CG_OK;
}

cg_status cg_answer_check(const cg_cube *cube, const char *line, size_t len, int max_moves,
                          cg_target check, int *nmoves, cg_error *err)
{
    cg_answer_rules rules = {max_moves, check, NULL, CG_METRIC_HTM};
    return cg_answer_check_rules(cube, line, len, &rules, nmoves, err);
}

cg_status cgi_answer_parse(const char *line, size_t len, const cg_answer_rules *rules,
                           cg_move *moves, size_t *n, int *nmoves, cg_error *err)
{
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len >= CG_SERVER_LINE_MAX)
        return cg_fail(err, CG_ERR_LIMIT, "Answer too long (%zu bytes)", len);
    cg_status st = check_bytes(line, len, err);
    if (st != CG_OK)
        return st;
    int max_moves = rules->max_moves;
    if (max_moves < 0)
        max_moves = 0;
    if (max_moves > CG_SERVER_MAX_MOVES)
        max_moves = CG_SERVER_MAX_MOVES;
    cg_dialect standard;
    const cg_dialect *d = rules->dialect;
    if (!d) {
        standard = cg_dialect_default();
        d = &standard;
    }
    /* A line of at most CG_SERVER_LINE_MAX bytes holds fewer moves than that. */
    *n = 0;
    cg_error perr;
    st = cg_dialect_parse(d, line, len, moves, CG_SERVER_LINE_MAX, n, &perr);
    if (st != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "Invalid move: %s", perr.msg);
    size_t count = cg_moves_count(moves, *n, rules->metric);
    if (count > (size_t)max_moves)
        return cg_fail(err, CG_ERR_LIMIT, "Too many moves (%zu%s, at most %d allowed)", count,
                       rules->metric == CG_METRIC_QTM ? " quarter turns" : "", max_moves);
    if (nmoves)
        *nmoves = (int)count;
    return CG_OK;
}

cg_status cg_answer_check_rules(const cg_cube *cube, const char *line, size_t len,
                                const cg_answer_rules *rules, int *nmoves, cg_error *err)
{
    cg_move moves[CG_SERVER_LINE_MAX];
    size_t n = 0;
    cg_status st = cgi_answer_parse(line, len, rules, moves, &n, nmoves, err);
    if (st != CG_OK)
        return st;
    cg_cube c = *cube;
    cg_cube_apply_all(&c, moves, n);
    bool solved = rules->check == CG_TARGET_HOME ? cg_cube_is_home(&c) : cg_cube_is_solved_any(&c);
    if (!solved)
        return cg_fail(err, CG_ERR_PROTOCOL, "Not solved!");
    return CG_OK;
}

cg_status cg_answer_one_move(const char *line, size_t len, const cg_answer_rules *rules,
                             int *move, cg_error *err)
{
    *move = -1;
    if (len > 0 && line[len - 1] == '\r')
        len--;
    cg_status st = check_bytes(line, len, err);
    if (st != CG_OK)
        return st;
    cg_dialect standard = cg_dialect_default();
    const cg_dialect *d = rules->dialect ? rules->dialect : &standard;
    cg_move moves[2];
    size_t n = 0;
    cg_error perr;
    st = cg_dialect_parse(d, line, len, moves, 1, &n, &perr);
    if (st == CG_ERR_LIMIT)
        return cg_fail(err, CG_ERR_INPUT, "One move per line, please");
    if (st != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "Invalid move: %s", perr.msg);
    if (n == 1)
        *move = moves[0];
    return CG_OK;
}
