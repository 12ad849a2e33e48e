/* Move sequences as text: the server's VALID tokens separated by white space, which is the
 * default dialect of notation.h. */
#include <string.h>

#include "cubegod/cube.h"
#include "cubegod/notation.h"

cg_status cg_moves_parse(const char *text, cg_move *out, size_t max, size_t *n, cg_error *err)
{
    cg_dialect d = cg_dialect_default();
    return cg_dialect_parse(&d, text, strlen(text), out, max, n, err);
}

size_t cg_moves_format(const cg_move *moves, size_t n, char *buf, size_t size)
{
    /* The default dialect written directly (names as cg_move_name, one blank between): every
     * answer passes here, and copying the dialect and walking it cost more than the solve. */
    size_t len = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        const char *name = cg_move_name(moves[i]);
        size_t sl = i > 0, nl = name[1] ? 2 : 1;
        if (len + sl + nl < size) {
            buf[len] = ' ';
            memcpy(buf + len + sl, name, nl);
            buf[len + sl + nl] = '\0';
        }
        len += sl + nl;
    }
    return len;
}
