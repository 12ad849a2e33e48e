/* The tables' cache files, checked table files (util/tablefile.h): anything that does not match
 * exactly, or that someone else could change, is rejected, so the caller rebuilds. Each metric's
 * table is a kind of its own, so one can never be loaded as the other. */
#include "solver/table.h"
#include "util/tablefile.h"

static const tablefile_kind kinds[] = {
    [CG_METRIC_HTM] = {.magic = "CUBEGOD\x02", .version = 3u, .param = CG_BLOCK_BYTES,
                       .size = CG_TABLE_BYTES},
    [CG_METRIC_QTM] = {.magic = "CUBEGODQ", .version = 3u, .param = CG_BLOCK_BYTES,
                       .size = CG_TABLE_BYTES},
};

/* The mapping ends inside a page, so the 2 bytes after the table that 8-byte loads touch are
 * readable (and zero). */
_Static_assert((TABLEFILE_HEADER_BYTES + CG_TABLE_BYTES) % 4096 != 0 &&
                   (TABLEFILE_HEADER_BYTES + CG_TABLE_BYTES) % 4096 <= 4096 - 2,
               "the table must not end on a page boundary");

const tablefile_kind *cgi_cache_kind(cg_metric metric) { return &kinds[metric]; }
