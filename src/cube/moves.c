/* Move sequences as text: the server's VALID tokens separated by white space. */
#include <stdio.h>
#include <string.h>

#include "cubegod/cube.h"

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* One token: a face letter, then nothing, '2' or '\''. */
static int parse_move(const char *tok, size_t len)
{
    int face = len >= 1 ? cg_face_from_letter(tok[0]) : -1;
    if (face < 0 || len > 2)
        return -1;
    if (len == 1)
        return cg_move_make(face, 1);
    if (tok[1] == '2')
        return cg_move_make(face, 2);
    if (tok[1] == '\'')
        return cg_move_make(face, 3);
    return -1;
}

cg_status cg_moves_parse(const char *text, cg_move *out, size_t max, size_t *n, cg_error *err)
{
    size_t count = 0;
    const char *p = text;
    *n = 0;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            break;
        const char *start = p;
        while (*p && !is_blank(*p))
            p++;
        size_t len = (size_t)(p - start);
        int m = parse_move(start, len);
        if (m < 0)
            return cg_fail(err, CG_ERR_INPUT,
                           "move %zu '%.*s' (column %zu) is not one of U D F B L R with "
                           "nothing, 2 or ' after it",
                           count + 1, len > 16 ? 16 : (int)len, start, (size_t)(start - text) + 1);
        if (count == max)
            return cg_fail(err, CG_ERR_LIMIT, "more than %zu moves", max);
        out[count++] = (cg_move)m;
        *n = count;
    }
    return CG_OK;
}

size_t cg_moves_format(const cg_move *moves, size_t n, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        const char *name = cg_move_name(moves[i]);
        size_t need = strlen(name) + (i ? 1 : 0);
        if (len + need < size)
            snprintf(buf + len, size - len, "%s%s", i ? " " : "", name);
        len += need;
    }
    return len;
}
