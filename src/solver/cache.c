/* The table's cache file: a header with a checksum, then the table. Anything that does not
 * match exactly is rejected, so a truncated, corrupt or outdated file is rebuilt, never used. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "solver/table.h"

#define CACHE_MAGIC "CUBEGOD\x01"
#define CACHE_VERSION 2u

typedef struct cache_header {
    char magic[8];
    uint32_t version;
    uint32_t block_bytes;
    uint64_t payload_bytes;
    uint64_t checksum;
} cache_header;

/* A 64-bit checksum of whole words, good at catching flipped bits and short files. Four
 * independent lanes keep the multiplier busy: it runs at memory speed, which matters because the
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

/* The mapping ends inside a page, so the 2 bytes after the table that 8-byte loads touch are
 * readable (and zero). */
_Static_assert((sizeof(cache_header) + CG_TABLE_BYTES) % 4096 != 0 &&
                   (sizeof(cache_header) + CG_TABLE_BYTES) % 4096 <= 4096 - 2,
               "the table must not end on a page boundary");

cg_status cg_cache_map(const char *path, struct cg_tables *t, cg_error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return cg_fail(err, errno == ENOENT ? CG_ERR_EOF : CG_ERR_SYSTEM, "%s: %s", path,
                       strerror(errno));
    const size_t len = sizeof(cache_header) + CG_TABLE_BYTES;
    struct stat sb;
    cg_status st = CG_OK;
    void *map = MAP_FAILED;
    if (fstat(fd, &sb) != 0)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
    else if ((uint64_t)sb.st_size != len)
        st = cg_fail(err, CG_ERR_INPUT, "%s: size %lld, expected %zu", path,
                     (long long)sb.st_size, len);
    /* Mapped, not read: no copy of 22 MB, and MAP_POPULATE maps it in one go. */
    else if ((map = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)) == MAP_FAILED)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: mmap: %s", path, strerror(errno));
    close(fd);
    if (st != CG_OK)
        return st;
    cache_header h;
    memcpy(&h, map, sizeof h);
    const uint8_t *payload = (const uint8_t *)map + sizeof h;
    if (memcmp(h.magic, CACHE_MAGIC, 8) != 0 || h.version != CACHE_VERSION ||
        h.block_bytes != CG_BLOCK_BYTES || h.payload_bytes != CG_TABLE_BYTES)
        st = cg_fail(err, CG_ERR_INPUT, "%s: not a cubegod table of this version", path);
    else if (checksum(payload, CG_TABLE_BYTES) != h.checksum)
        st = cg_fail(err, CG_ERR_INPUT, "%s: checksum mismatch", path);
    if (st != CG_OK) {
        munmap(map, len);
        return st;
    }
    t->map = map;
    t->map_len = len;
    t->dist = (uint8_t *)payload;
    return CG_OK;
}

/* mkdir -p of the directory part of path. */
static void make_parent_dirs(const char *path)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
}

cg_status cg_cache_save(const char *path, const uint8_t *dist, cg_error *err)
{
    cache_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, CACHE_MAGIC, 8);
    h.version = CACHE_VERSION;
    h.block_bytes = CG_BLOCK_BYTES;
    h.payload_bytes = CG_TABLE_BYTES;
    h.checksum = checksum(dist, CG_TABLE_BYTES);

    /* Written aside and renamed, so a reader never sees half a file and concurrent builders
     * do not interleave. */
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    make_parent_dirs(path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "%s: %s", tmp, strerror(errno));
    cg_status st = write_all(fd, &h, sizeof h, tmp, err);
    if (st == CG_OK)
        st = write_all(fd, dist, CG_TABLE_BYTES, tmp, err);
    if (close(fd) != 0 && st == CG_OK)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", tmp, strerror(errno));
    if (st == CG_OK && rename(tmp, path) != 0)
        st = cg_fail(err, CG_ERR_SYSTEM, "%s: %s", path, strerror(errno));
    if (st != CG_OK)
        unlink(tmp);
    return st;
}

void cg_cache_default_path(char *buf, size_t size)
{
    const char *env = getenv("CUBEGOD_CACHE");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    if (env && *env)
        snprintf(buf, size, "%s", env);
    else if (xdg && *xdg == '/')
        snprintf(buf, size, "%s/cubegod/pocket.tbl", xdg);
    else if (home && *home)
        snprintf(buf, size, "%s/.cache/cubegod/pocket.tbl", home);
    else if (size)
        buf[0] = '\0';
}
