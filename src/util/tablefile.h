/* Internal: a checked data file, for tables computed once and kept between runs (the 2x2
 * solver's distance table; the 3x3 solver's tables can use it as it is).
 *
 * On disk: a 32-byte header (8-byte magic, version, a layout parameter, the payload size, a
 * 64-bit checksum of the payload), then the payload. A file is used only when all of it
 * matches, and only when it can be trusted not to change under us: a regular file owned by
 * this user and writable by nobody else (a file others can write could change under the
 * read-only mapping or be truncated into SIGBUS). Anything else is refused with a message that
 * says which check failed, and the caller rebuilds. See SECURITY.md.
 *
 * Saving writes a temporary file made by mkstemp in the target's own directory (so the rename
 * is atomic and never crosses a file system), close-on-exec, then renames it over the target:
 * a reader never sees half a file. Missing directories are created (mode 0700), each result
 * checked. Paths have no length limit of their own. */
#ifndef CUBEGOD_UTIL_TABLEFILE_H
#define CUBEGOD_UTIL_TABLEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "cubegod/error.h"

#define TABLEFILE_HEADER_BYTES 32

/* The tables are laid out, and their files written, in the little-endian byte order: the
 * solvers refuse to open on any other machine. */
static inline int cgi_little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* What a file must hold. */
typedef struct tablefile_kind {
    char magic[8];    /* e.g. "CUBEGOD\x01" */
    uint32_t version; /* bumped whenever the payload's meaning changes */
    uint32_t param;   /* a layout parameter that must match too (block size, ...), or 0 */
    uint64_t size;    /* payload bytes */
} tablefile_kind;

/* A loaded payload: read-only, valid until cgi_tablefile_release. */
typedef struct tablefile {
    const uint8_t *payload;
    void *map; /* the whole file's mapping */
    size_t map_len;
} tablefile;

/* Maps path and checks it against kind. The mapping holds the header then the payload, and ends
 * where the file ends (callers that read a little past the payload arrange the size so that the
 * last page has room). Errors:
 *   CG_ERR_EOF     no such file (the ordinary first run);
 *   CG_ERR_INPUT   not to be used: not a regular file, not ours, writable by others, wrong
 *                  size, magic, version, parameter or checksum (the message says which);
 *   CG_ERR_SYSTEM  it could not be opened or mapped. */
cg_status cgi_tablefile_load(const char *path, const tablefile_kind *kind, tablefile *out,
                         cg_error *err);
void cgi_tablefile_release(tablefile *f);

/* Writes header and payload (kind->size bytes) to path atomically, creating its directories.
 * CG_ERR_SYSTEM (with the path and errno's text) or CG_ERR_NOMEM. */
cg_status cgi_tablefile_save(const char *path, const tablefile_kind *kind, const void *payload,
                         cg_error *err);

#endif
