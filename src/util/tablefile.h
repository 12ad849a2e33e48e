/* Internal: a checked data file, for tables computed once and kept between runs (the 2x2
 * solver's distance table, the 3x3 solvers' tables).
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

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cubegod/error.h"
#include "cubegod/solver.h"

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

/* A payload: read-only, valid until cgi_tablefile_release. */
typedef struct tablefile {
    const uint8_t *payload;
    void *map; /* the whole file's mapping, or NULL when the payload was built */
    size_t map_len;
    uint8_t *owned; /* the payload when built (cgi_tablefile_load_or_build, malloc'd), or NULL */
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

/* Whether path looks loadable, from its metadata and header alone (no checksum): a trusted
 * regular file of kind's size, magic, version and parameter. A caller that may need the tables
 * later starts what a build would need when it does not (path NULL or "": false). */
bool cgi_tablefile_plausible(const char *path, const tablefile_kind *kind);

/* Writes header and payload (kind->size bytes) to path atomically, creating its directories.
 * CG_ERR_SYSTEM (with the path and errno's text) or CG_ERR_NOMEM. */
cg_status cgi_tablefile_save(const char *path, const tablefile_kind *kind, const void *payload,
                         cg_error *err);

/* Where a build reports how far it has got (the caller's cg_tables_progress_fn). */
typedef struct cgi_progress {
    cg_tables_progress_fn fn; /* NULL: nobody listens */
    void *ctx;
    const int *cancel;        /* a build stops (CG_ERR_SYSTEM) once *cancel is set; NULL: never */
    const volatile sig_atomic_t *stop; /* the caller's signal flag: the same, and the open's
                                          error is then CG_ERR_EOF; NULL: none */
} cgi_progress;

/* Whether the build reporting to p should stop (a background open being closed, a signal). */
static inline bool cgi_progress_cancelled(const cgi_progress *p)
{
    return p && ((p->cancel && __atomic_load_n(p->cancel, __ATOMIC_RELAXED)) ||
                 (p->stop && *p->stop));
}

static inline void cgi_progress_say(const cgi_progress *p, const char *phase, double fraction)
{
    if (p && p->fn)
        p->fn(p->ctx, phase, fraction < 0 ? 0 : fraction > 1 ? 1 : fraction);
}

/* What the solvers' tables have in common: a cache file that is loaded when it is valid, else
 * tables built in memory and saved to it. */
typedef struct tablefile_maker {
    tablefile_kind kind;
    size_t slack; /* readable bytes a built payload needs past kind.size (a mapped file has the
                     rest of its last page) */
    /* Fills payload (kind.size + slack bytes, uninitialised), reporting to pr. */
    cg_status (*build)(void *ctx, uint8_t *payload, const cgi_progress *pr, cg_error *err);
    /* Whether a payload the checksum vouches for is what this build would make. */
    bool (*sane)(void *ctx, const uint8_t *payload);
    void *ctx;
    void (*notice)(void *notice_ctx, const char *text); /* NULL: say nothing */
    void *notice_ctx;
    cgi_progress progress; /* the build's reports */
    /* Called once a build is decided, before it starts (NULL: nothing): whatever the reason
     * (no file, a refused one, another table's, rebuild), the background open builds its quick
     * solver's tables there, so that no solve waits for this build. */
    void (*before_build)(void *before_ctx);
    void *before_ctx;
    /* The notices' words: "ignoring the <cache> (why); rebuilding it", "building the <tables>
     * (once; <build_time>)", "cannot save the <cache> (why); continuing"; out of memory, "no
     * memory for the <whose><N>-byte <noun>". */
    const char *cache, *tables, *build_time, *whose, *noun;
} tablefile_maker;

/* What cgi_tablefile_load_or_build did, as the solvers' info structs report it. */
typedef struct tablefile_outcome {
    bool from_cache; /* a valid file was loaded */
    bool rebuilt;    /* a file was there but refused (a notice says why) */
    bool saved;      /* the built payload was written to path */
} tablefile_outcome;

/* The payload of the file at path when it loads and m->sane agrees, unless rebuild; else built
 * by m->build and saved to path, except over an intact file of another kind of table (another
 * magic; a notice says so, and how->rebuilt is set). path NULL or "": no file. A refused file and a failed save are
 * notices, not errors: the errors are m->build's and CG_ERR_NOMEM, and out is then empty. */
cg_status cgi_tablefile_load_or_build(const char *path, bool rebuild, const tablefile_maker *m,
                                      tablefile *out, tablefile_outcome *how, cg_error *err);

#endif
