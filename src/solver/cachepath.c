/* The default places of the table caches (cg_cache_path, solver.h). */
#include <stdio.h>
#include <string.h>

#include "cubegod/solver.h"

static const char *const NAME[] = {
    [CG_CACHE_POCKET] = "pocket.tbl",
    [CG_CACHE_POCKET_QTM] = "pocket-qtm.tbl",
    [CG_CACHE_TWOPHASE] = "twophase.tbl",
    [CG_CACHE_OPTIMAL] = "optimal.tbl",
};

/* The quarter-turn file beside a pocket file named by the user: pocket.tbl -> pocket-qtm.tbl,
 * any other name gains ".qtm". */
static size_t beside_qtm(const char *pocket, char *buf, size_t size)
{
    size_t len = strlen(pocket);
    if (len > 4 && strcmp(pocket + len - 4, ".tbl") == 0)
        return (size_t)snprintf(buf, size, "%.*s-qtm.tbl", (int)(len - 4), pocket);
    return (size_t)snprintf(buf, size, "%s.qtm", pocket);
}

size_t cg_cache_path(cg_cache_file which, const char *pocket, const char *xdg_cache_home,
                     const char *home, char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    if ((unsigned)which > CG_CACHE_OPTIMAL)
        return 0;
    if (pocket && *pocket) {
        if (which == CG_CACHE_POCKET)
            return (size_t)snprintf(buf, size, "%s", pocket);
        if (which == CG_CACHE_POCKET_QTM)
            return beside_qtm(pocket, buf, size);
        const char *slash = strrchr(pocket, '/');
        int dir = slash ? (int)(slash - pocket) + 1 : 0;
        return (size_t)snprintf(buf, size, "%.*s%s", dir, pocket, NAME[which]);
    }
    if (xdg_cache_home && *xdg_cache_home == '/')
        return (size_t)snprintf(buf, size, "%s/cubegod/%s", xdg_cache_home, NAME[which]);
    if (home && *home)
        return (size_t)snprintf(buf, size, "%s/.cache/cubegod/%s", home, NAME[which]);
    return 0;
}
