/* The game itself, without I/O: scrambles, the round text, answer checks. */
#include <stdio.h>
#include <string.h>

#include "cubegod/puzzle.h"
#include "cubegod/server.h"

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

size_t cg_round_format(const cg_round *r, int index, int rounds, char *buf, size_t size)
{
    cg_stickers st = cg_cube_to_stickers(&r->cube);
    cg_puzzle p;
    cg_puzzle_clear(&p);
    for (int i = 0; i < CG_STICKERS; i++) {
        if (i / 4 == r->hidden)
            continue;
        char letter = cg_face_letter(st.s[i]);
        cg_puzzle_set(&p, i, &letter, 1, NULL);
    }
    p.faces_shown = (uint8_t)(0x3f & ~(1u << r->hidden));

    int head = snprintf(buf, size, "=== Round %d/%d ===\nHere is the cube, one face hidden:\n",
                        index, rounds);
    size_t len = (size_t)head;
    len += cg_puzzle_format_boxes(&p, len < size ? buf + len : NULL, len < size ? size - len : 0);
    const char *prompt = "Enter your solution:\n";
    if (len < size)
        snprintf(buf + len, size - len, "%s", prompt);
    return len + strlen(prompt);
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

static size_t count_tokens(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; p++)
        if (*p != ' ' && *p != '\t' && (p == text || p[-1] == ' ' || p[-1] == '\t'))
            n++;
    return n;
}

cg_status cg_answer_check(const cg_cube *cube, const char *line, size_t len, int max_moves,
                          cg_target check, int *nmoves, cg_error *err)
{
    if (len > 0 && line[len - 1] == '\r')
        len--;
    if (len >= CG_SERVER_LINE_MAX)
        return cg_fail(err, CG_ERR_LIMIT, "Answer too long (%zu bytes)", len);
    cg_status st = check_bytes(line, len, err);
    if (st != CG_OK)
        return st;

    char text[CG_SERVER_LINE_MAX];
    memcpy(text, line, len);
    text[len] = '\0';
    if (max_moves < 0)
        max_moves = 0;
    if (max_moves > CG_SERVER_MAX_MOVES)
        max_moves = CG_SERVER_MAX_MOVES;
    cg_move moves[CG_SERVER_MAX_MOVES];
    size_t n = 0;
    cg_error perr;
    st = cg_moves_parse(text, moves, (size_t)max_moves, &n, &perr);
    if (st == CG_ERR_LIMIT)
        return cg_fail(err, CG_ERR_LIMIT, "Too many moves (%zu, at most %d allowed)",
                       count_tokens(text), max_moves);
    if (st != CG_OK)
        return cg_fail(err, CG_ERR_INPUT, "Invalid move: %s", perr.msg);
    if (nmoves)
        *nmoves = (int)n;

    cg_cube c = *cube;
    cg_cube_apply_all(&c, moves, n);
    bool solved = check == CG_TARGET_HOME ? cg_cube_is_home(&c) : cg_cube_is_solved_any(&c);
    if (!solved)
        return cg_fail(err, CG_ERR_PROTOCOL, "Not solved!");
    return CG_OK;
}
