/* A checked data file (tablefile.h). */
#include "util/tablefile.h"

#include <stdbool.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/compat.h"

typedef struct header {
    char magic[8];
    uint32_t version;
    uint32_t param;
    uint64_t size;
    uint64_t checksum;
} header;

_Static_assert(sizeof(header) == TABLEFILE_HEADER_BYTES, "the header is 32 bytes on disk");

/* A 64-bit checksum of whole words, good at catching flipped bits and short files. Four
 * independent lanes keep the multiplier busy: it runs at memory speed, which matters because a
 * whole table is checked at every start. */
static uint64_t checksum(const uint8_t *p, size_t n)
{
    uint64_t lane[4] = {0x243F6A8885A308D3ull ^ n, 0x13198A2E03707344ull, 0xA4093822299F31D0ull,
                        0x082EFA98EC4E6C89ull};
    size_t i = 0;
    for (; i + 32 <= n; i += 32)
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, p + i + 8 * (size_t)k, 8);
            lane[k] = (lane[k] ^ (w * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
            lane[k] ^= lane[k] >> 29;
        }
    uint64_t h = lane[0] ^ (lane[1] * 3) ^ (lane[2] * 5) ^ (lane[3] * 7);
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h ^ (h >> 32);
}

/* The file behind fd may be mapped only when nobody else can change it. The reason comes before
 * the path, which may be long enough to fill the message. */
static cg_status trusted(const char *path, const struct stat *sb, cg_error *err)
{
    if (!S_ISREG(sb->st_mode))
        return cg_fail(err, CG_ERR_INPUT, "not a regular file: %s", path);
    if (sb->st_uid != geteuid())
        return cg_fail(err, CG_ERR_INPUT, "owned by user %ld, not by you (%ld), not trusted: %s",
                       (long)sb->st_uid, (long)geteuid(), path);
    if (sb->st_mode & (S_IWGRP | S_IWOTH))
        return cg_fail(err, CG_ERR_INPUT, "writable by %s (mode %03o), not trusted: %s",
                       sb->st_mode & S_IWOTH ? "others" : "its group",
                       (unsigned)(sb->st_mode & 0777), path);
    return CG_OK;
}

static cg_status check_header(const char *path, const tablefile_kind *kind, const uint8_t *map,
                              cg_error *err)
{
    header h;
    memcpy(&h, map, sizeof h);
    if (memcmp(h.magic, kind->magic, sizeof h.magic) != 0 || h.version != kind->version ||
        h.param != kind->param || h.size != kind->size)
        return cg_fail(err, CG_ERR_INPUT, "%s: not a cubegod table of this version", path);
    if (checksum(map + sizeof h, kind->size) != h.checksum)
        return cg_fail(err, CG_ERR_INPUT, "%s: checksum mismatch", path);
    return CG_OK;
}

cg_status cgi_tablefile_load(const char *path, const tablefile_kind *kind, tablefile *out,
                         cg_error *err)
{
    memset(out, 0, sizeof *out);
    /* O_NONBLOCK: a FIFO put in the file's place must not hang the open. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        int e = errno;
        return cg_fail(err, e == ENOENT ? CG_ERR_EOF : CG_ERR_SYSTEM, "%s: %s", path,
                       strerror(e));
    }
    const size_t len = sizeof(header) + kind->size;
    struct stat sb;
    cg_status st = CG_OK;
    void *map = MAP_FAILED;
    if (fstat(fd, &sb) != 0)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
    else if ((st = trusted(path, &sb, err)) != CG_OK)
        ;
    else if ((uint64_t)sb.st_size != len)
        st = cg_fail(err, CG_ERR_INPUT, "%s: size %lld, expected %zu", path,
                     (long long)sb.st_size, len);
    /* Mapped, not read: no copy, and MAP_POPULATE maps it in one go where there is one. */
    else if ((map = mmap(NULL, len, PROT_READ, MAP_PRIVATE | CG_MAP_POPULATE, fd, 0)) ==
             MAP_FAILED)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: mmap: %s", path, strerror(errno));
    close(fd);
    if (st == CG_OK && (st = check_header(path, kind, map, err)) != CG_OK)
        munmap(map, len);
    if (st != CG_OK)
        return st;
    out->map = map;
    out->map_len = len;
    out->payload = (const uint8_t *)map + sizeof(header);
    return CG_OK;
}

bool cgi_tablefile_plausible(const char *path, const tablefile_kind *kind)
{
    if (!path || !*path)
        return false;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return false;
    struct stat sb;
    header h;
    cg_error why;
    bool ok = fstat(fd, &sb) == 0 && trusted(path, &sb, &why) == CG_OK &&
              (uint64_t)sb.st_size == sizeof h + kind->size &&
              pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h &&
              memcmp(h.magic, kind->magic, sizeof h.magic) == 0 && h.version == kind->version &&
              h.param == kind->param && h.size == kind->size;
    close(fd);
    return ok;
}

void cgi_tablefile_release(tablefile *f)
{
    if (f->map)
        munmap(f->map, f->map_len);
    free(f->owned);
    memset(f, 0, sizeof *f);
}

/* mkdir -p of dir (modified in place and restored), each step's result checked. */
static cg_status make_dirs(char *dir, cg_error *err)
{
    for (char *p = dir + 1;; p++) {
        bool last = *p == '\0';
        if (!last && *p != '/')
            continue;
        *p = '\0';
        struct stat sb;
        int e = mkdir(dir, 0700) == 0 ? 0 : errno;
        if (e == EEXIST && (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)))
            e = ENOTDIR;
        if (!last)
            *p = '/';
        if (e && e != EEXIST)
            return cg_fail(err, CG_ERR_SYSTEM, "cannot create the directory %.*s: %s",
                           (int)(p - dir), dir, strerror(e));
        if (last)
            return CG_OK;
    }
}

static cg_status write_all(int fd, const void *buf, size_t n, const char *path, cg_error *err)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t put = write(fd, p, n);
        if (put < 0 && errno == EINTR)
            continue;
        if (put < 0)
            return cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
        p += put;
        n -= (size_t)put;
    }
    return CG_OK;
}

/* A temporary file beside path: "<dir>/.<name>.XXXXXX", made by mkstemp, close-on-exec. */
static cg_status make_temp(const char *path, char **tmp, int *fd, cg_error *err)
{
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) : 0;
    const char *name = slash ? slash + 1 : path;
    if (!*name)
        return cg_fail(err, CG_ERR_SYSTEM, "%s: no file name", path);
    size_t size = strlen(path) + 16;
    if (!(*tmp = malloc(size)))
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    if (slash && dirlen > 0) {
        memcpy(*tmp, path, dirlen);
        (*tmp)[dirlen] = '\0';
        cg_status st = make_dirs(*tmp, err);
        if (st != CG_OK) {
            free(*tmp);
            return st;
        }
    }
    snprintf(*tmp, size, "%.*s%s.%s.XXXXXX", (int)dirlen, path, slash ? "/" : "", name);
    *fd = cgi_mkstemp_cloexec(*tmp);
    if (*fd < 0) {
        cg_status st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", *tmp, strerror(errno));
        free(*tmp);
        return st;
    }
    return CG_OK;
}

cg_status cgi_tablefile_save(const char *path, const tablefile_kind *kind, const void *payload,
                         cg_error *err)
{
    header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, kind->magic, sizeof h.magic);
    h.version = kind->version;
    h.param = kind->param;
    h.size = kind->size;
    h.checksum = checksum(payload, kind->size);

    char *tmp = NULL;
    int fd = -1;
    cg_status st = make_temp(path, &tmp, &fd, err);
    if (st != CG_OK)
        return st;
    st = write_all(fd, &h, sizeof h, tmp, err);
    if (st == CG_OK)
        st = write_all(fd, payload, kind->size, tmp, err);
    if (close(fd) != 0 && st == CG_OK)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", tmp, strerror(errno));
    if (st == CG_OK && rename(tmp, path) != 0)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
    if (st != CG_OK)
        unlink(tmp);
    free(tmp);
    return st;
}

/* fmt has two %s: the maker's words, then the detail. */
static void notice(const tablefile_maker *m, const char *fmt, const char *words, const char *detail)
{
    if (!m->notice)
        return;
    char text[CG_ERROR_MSG_MAX + 96];
    snprintf(text, sizeof text, fmt, words, detail);
    m->notice(m->notice_ctx, text);
}

/* Whether path holds another kind of table, whole and intact: a magic of its own, and the size
 * and checksum its header gives. Such a file is another solver's cache, named by mistake for
 * this one (the 2x2's --cache given the 3x3's file, say): rebuilding over it would only make
 * the other solver rebuild in turn. */
static bool other_table(const char *path, const tablefile_kind *kind)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return false;
    struct stat sb;
    header h;
    bool other = false;
    if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && (uint64_t)sb.st_size > sizeof h &&
        pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h &&
        memcmp(h.magic, kind->magic, sizeof h.magic) != 0 &&
        h.size == (uint64_t)sb.st_size - sizeof h && h.size <= SIZE_MAX - sizeof h) {
        size_t len = sizeof h + (size_t)h.size;
        void *map = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map != MAP_FAILED) {
            other = checksum((const uint8_t *)map + sizeof h, (size_t)h.size) == h.checksum;
            munmap(map, len);
        }
    }
    close(fd);
    return other;
}

cg_status cgi_tablefile_load_or_build(const char *path, bool rebuild, const tablefile_maker *m,
                                      tablefile *out, tablefile_outcome *how, cg_error *err)
{
    memset(out, 0, sizeof *out);
    memset(how, 0, sizeof *how);
    if (!path)
        path = "";
    cg_error why;
    cg_status st = CG_ERR_EOF;
    if (*path && !rebuild) {
        st = cgi_tablefile_load(path, &m->kind, out, &why);
        if (st == CG_OK) {
            if (m->sane(m->ctx, out->payload)) {
                how->from_cache = true;
                return CG_OK;
            }
            cg_fail(&why, CG_ERR_INPUT, "%s: wrong contents", path);
            cgi_tablefile_release(out);
        }
    }
    /* a file that is not this table may be another's: then built, used, not saved over it */
    bool keep = *path && (rebuild || st == CG_ERR_INPUT) && other_table(path, &m->kind);
    if (keep) {
        how->rebuilt = true;
        notice(m, "not using the %s (%s holds another cubegod table: give each its own file); "
                  "building in memory, saving nothing", m->cache, path);
    } else if (*path && !rebuild && st != CG_ERR_EOF) { /* EOF: no file yet, the first run */
        how->rebuilt = true;
        notice(m, "ignoring the %s (%s); rebuilding it", m->cache, why.msg);
    }
    if (m->before_build)
        m->before_build(m->before_ctx);
    if (!(out->owned = malloc(m->kind.size + m->slack)))
        return cg_fail(err, CG_ERR_NOMEM, "no memory for the %s%llu-byte %s", m->whose,
                       (unsigned long long)m->kind.size, m->noun);
    notice(m, "building the %s (once; %s)", m->tables, m->build_time);
    st = m->build(m->ctx, out->owned, &m->progress, err);
    if (st != CG_OK) {
        cgi_tablefile_release(out);
        if (m->progress.stop && *m->progress.stop)
            return cg_fail(err, CG_ERR_EOF, "stopped by a signal");
        return st;
    }
    out->payload = out->owned;
    if (*path && !keep) {
        if (cgi_tablefile_save(path, &m->kind, out->payload, &why) == CG_OK)
            how->saved = true;
        else
            notice(m, "cannot save the %s (%s); continuing", m->cache, why.msg);
    }
    return CG_OK;
}
