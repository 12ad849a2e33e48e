/* The move-map and dialect parsers (notation.h). Byte 0 picks the notation (bits 0-1), the
 * separator (bits 2-3: space, none, comma, or the text up to the first '|'), and whether a move
 * map comes first (bit 4: the text up to the first '|' after that). The rest is an answer read in
 * the dialect; what reads is written and read again: the same moves. */
#include "fuzz.h"

#include "cubegod/notation.h"

#define MAX 64

/* The next '|'-terminated field of [*p, end), advanced past. */
static char *field(const char **p, const char *end)
{
    const char *bar = memchr(*p, '|', (size_t)(end - *p));
    const char *stop = bar ? bar : end;
    char *s = fuzz_cstring((const uint8_t *)*p, (size_t)(stop - *p));
    *p = bar ? bar + 1 : end;
    return s;
}

static void check_map(const cg_move_map *map)
{
    FUZZ_CHECK(map->named && map->named < (1u << CG_MOVES));
    for (int a = 0; a < CG_MOVES; a++) {
        if (!(map->named & (1u << a)))
            continue;
        size_t n = strlen(map->name[a]);
        FUZZ_CHECK(n >= 1 && n <= CG_MOVE_NAME_MAX);
        for (int b = a + 1; b < CG_MOVES; b++)
            FUZZ_CHECK(!(map->named & (1u << b)) || strcmp(map->name[a], map->name[b]) != 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const char *p = (const char *)data + 1, *end = (const char *)data + size;
    static const char *const SEPS[] = {"space", "none", "comma"};
    char *sep = (data[0] >> 2 & 3) == 3 ? field(&p, end) : NULL;
    char *map_text = data[0] & 0x10 ? field(&p, end) : NULL;
    cg_move_map map;
    cg_error err;
    cg_dialect d;
    cg_status st = CG_OK;
    if (map_text) {
        st = cg_move_map_parse(map_text, strlen(map_text), &map, &err);
        if (st == CG_OK)
            check_map(&map);
        else
            fuzz_check_message(&err);
    }
    if (st == CG_OK)
        st = cg_dialect_make(&d, (cg_notation)(data[0] & 3), map_text ? &map : NULL,
                             sep ? sep : SEPS[data[0] >> 2 & 3], &err);
    if (st != CG_OK) {
        FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_NOMEM);
        fuzz_check_message(&err);
    } else {
        size_t len = (size_t)(end - p), n = 99, m = 99;
        cg_move moves[MAX], again[MAX];
        st = cg_dialect_parse(&d, p, len, moves, MAX, &n, &err);
        if (st != CG_OK) {
            FUZZ_CHECK(st == CG_ERR_INPUT || st == CG_ERR_LIMIT || st == CG_ERR_NOMEM);
            fuzz_check_message(&err);
        } else {
            FUZZ_CHECK(n <= MAX);
            char buf[MAX * (CG_MOVE_NAME_MAX + CG_SEPARATOR_MAX) + 1];
            size_t out = cg_dialect_format(&d, moves, n, buf, sizeof buf);
            FUZZ_CHECK(out < sizeof buf && strlen(buf) == out);
            FUZZ_CHECK(cg_dialect_parse(&d, buf, out, again, MAX, &m, NULL) == CG_OK && m == n);
            FUZZ_CHECK(memcmp(moves, again, n) == 0);
            for (size_t i = 0; i < n; i++)
                FUZZ_CHECK(cg_notation_uses(d.notation, moves[i]));
        }
    }
    free(sep);
    free(map_text);
    return 0;
}
