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
    cg_dialect d = cg_dialect_default();
    return cg_dialect_format(&d, moves, n, buf, size);
}
