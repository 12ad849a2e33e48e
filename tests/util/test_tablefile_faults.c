// link-wrap: fstat mmap close malloc
/* The table file's system calls failing (the linker's --wrap): a load whose fstat or mmap fails,
 * a save whose close fails, a save or a build without memory. Each is an error that names the
 * file and the cause, maps nothing and leaves no file behind. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "testutil.h"
#include "util/tablefile.h"

static bool fail_fstat, fail_mmap, fail_close;
static size_t fail_malloc_from; /* a malloc of this many bytes or more fails; 0: none */

int __real_fstat(int fd, struct stat *sb);
int __wrap_fstat(int fd, struct stat *sb)
{
    if (fail_fstat) {
        errno = EIO;
        return -1;
    }
    return __real_fstat(fd, sb);
}

void *__real_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off);
void *__wrap_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    if (fail_mmap) {
        errno = ENOMEM;
        return MAP_FAILED;
    }
    return __real_mmap(addr, len, prot, flags, fd, off);
}

int __real_close(int fd);
int __wrap_close(int fd)
{
    int r = __real_close(fd); /* the descriptor goes either way, as POSIX leaves it on EIO */
    if (fail_close) {
        errno = EIO;
        return -1;
    }
    return r;
}

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    return fail_malloc_from && size >= fail_malloc_from ? NULL : __real_malloc(size);
}

static const tablefile_kind kind = {.magic = "FAULTTB\x01", .version = 1, .param = 0, .size = 4096};
static uint8_t payload[4096];
static char dir[64], path[128];

static int setup(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(i * 13 + 5);
    snprintf(dir, sizeof dir, "/tmp/cubegod-tbfaults-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/t.tbl", dir);
    return cgi_tablefile_save(path, &kind, payload, NULL) == CG_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    return rmdir(dir);
}

static void expect(cg_status got, cg_status want, const cg_error *err, const char *words)
{
    assert_int_equal(got, want);
    if (!strstr(err->msg, words))
        fail_msg("message '%s' lacks '%s'", err->msg, words);
}

static void load_fails(void **state)
{
    (void)state;
    tablefile f;
    cg_error err;
    int open_before = open_descriptors();
    fail_fstat = true;
    cg_status st = cgi_tablefile_load(path, &kind, &f, &err);
    fail_fstat = false;
    expect(st, CG_ERR_SYSTEM, &err, strerror(EIO));
    assert_non_null(strstr(err.msg, path));
    assert_null(f.map);
    fail_mmap = true;
    st = cgi_tablefile_load(path, &kind, &f, &err);
    fail_mmap = false;
    expect(st, CG_ERR_SYSTEM, &err, "mmap: ");
    assert_non_null(strstr(err.msg, strerror(ENOMEM)));
    assert_null(f.map);
    assert_int_equal(open_descriptors(), open_before);
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, &err), CG_OK); /* and it is fine */
    cgi_tablefile_release(&f);
}

static void save_fails(void **state)
{
    (void)state;
    char other[160];
    snprintf(other, sizeof other, "%s/u.tbl", dir);
    cg_error err;
    fail_close = true;
    cg_status st = cgi_tablefile_save(other, &kind, payload, &err);
    fail_close = false;
    expect(st, CG_ERR_SYSTEM, &err, strerror(EIO));
    assert_non_null(strstr(err.msg, "/.u.tbl.")); /* the temporary file's name */
    fail_malloc_from = strlen(other) + 1;
    st = cgi_tablefile_save(other, &kind, payload, &err);
    fail_malloc_from = 0;
    expect(st, CG_ERR_NOMEM, &err, "out of memory");
    assert_int_equal(dir_entries(dir), 1); /* neither left a file */
}

static cg_status build(void *ctx, uint8_t *p, const cgi_progress *pr, cg_error *err)
{
    (void)ctx, (void)pr, (void)err;
    memcpy(p, payload, sizeof payload);
    return CG_OK;
}

static void build_without_memory(void **state)
{
    (void)state;
    tablefile_maker m = {.kind = kind, .slack = 8, .build = build, .cache = "cache", .tables = "tables",
                         .build_time = "a moment", .whose = "test's ", .noun = "table"};
    tablefile f;
    tablefile_outcome how;
    cg_error err;
    fail_malloc_from = sizeof payload;
    cg_status st = cgi_tablefile_load_or_build(NULL, false, &m, &f, &how, &err);
    fail_malloc_from = 0;
    expect(st, CG_ERR_NOMEM, &err, "no memory for the test's 4096-byte table");
    assert_null(f.payload);
    assert_int_equal(cgi_tablefile_load_or_build(NULL, false, &m, &f, &how, &err), CG_OK);
    assert_memory_equal(f.payload, payload, sizeof payload);
    cgi_tablefile_release(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_fails),
        cmocka_unit_test(save_fails),
        cmocka_unit_test(build_without_memory),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
