/* The checked table file (src/util/tablefile.c): what is trusted, what is refused and why,
 * saving without fixed-size buffers, temporary names or followed links. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include <cmocka.h>

#include "util/tablefile.h"

static const tablefile_kind kind = {.magic = "TESTTBL\x01", .version = 7, .param = 3, .size = 1000};
static uint8_t payload[1000];
static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(i * 7 + 1);
    snprintf(dir, sizeof dir, "/tmp/cubegod-tablefile-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void saved_then_loaded(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/a.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    tablefile f;
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, NULL), CG_OK);
    assert_memory_equal(f.payload, payload, sizeof payload);
    cgi_tablefile_release(&f);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 077, 0); /* nobody else may write it */
    /* Nothing else was left in the folder: the temporary file became the file. */
    DIR *d = opendir(dir);
    int entries = 0;
    for (struct dirent *e; (e = readdir(d));)
        entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    assert_int_equal(entries, 1);
    unlink(path);
}

static void no_file_is_eof(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/none.tbl", dir);
    tablefile f;
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, NULL), CG_ERR_EOF);
}

/* Each mismatch is refused and named. */
static void wrong_contents_refused(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/b.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    tablefile f;
    cg_error e;
    tablefile_kind other = kind;
    other.version = 8;
    assert_int_equal(cgi_tablefile_load(path, &other, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "not a cubegod table of this version"));
    other = kind;
    other.size = 999;
    assert_int_equal(cgi_tablefile_load(path, &other, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "size"));
    FILE *w = fopen(path, "r+b");
    fseek(w, TABLEFILE_HEADER_BYTES + 500, SEEK_SET);
    fputc(0xff, w);
    fclose(w);
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "checksum mismatch"));
    unlink(path);
}

/* A file others can write could change under the mapping or be truncated into SIGBUS. */
static void writable_by_others_refused(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/c.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    tablefile f;
    cg_error e;
    assert_int_equal(chmod(path, 0666), 0);
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "writable by others"));
    assert_int_equal(chmod(path, 0620), 0);
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "writable by its group"));
    unlink(path);
}

static void not_ours_refused(void **state)
{
    (void)state;
    if (geteuid() != 0)
        skip(); /* only root can give a file away */
    char path[128];
    snprintf(path, sizeof path, "%s/d.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    assert_int_equal(chown(path, 1, 1), 0);
    tablefile f;
    cg_error e;
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "owned by user 1"));
    unlink(path);
}

static void directory_is_not_a_table(void **state)
{
    (void)state;
    tablefile f;
    cg_error e;
    assert_int_equal(cgi_tablefile_load(dir, &kind, &f, &e), CG_ERR_INPUT);
    assert_non_null(strstr(e.msg, "not a regular file"));
}

/* A path longer than any fixed buffer the old code had (512, 1024 bytes), through directories
 * that do not exist yet: saved under exactly that name. */
static void long_path_kept_whole(void **state)
{
    (void)state;
    char path[2048];
    size_t n = (size_t)snprintf(path, sizeof path, "%s", dir);
    while (n < 1500)
        n += (size_t)snprintf(path + n, sizeof path - n, "/%s", "a-rather-long-directory-name");
    snprintf(path + n, sizeof path - n, "/t.tbl");
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    tablefile f;
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, NULL), CG_OK);
    cgi_tablefile_release(&f);
    struct stat sb;
    path[n] = '\0';
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0700); /* directories made private */
}

/* A directory that cannot be made is an error that names it, not a silent failure later. */
static void unmakeable_directory_named(void **state)
{
    (void)state;
    char blocker[128], path[192];
    snprintf(blocker, sizeof blocker, "%s/file", dir);
    FILE *b = fopen(blocker, "w");
    fclose(b);
    snprintf(path, sizeof path, "%s/sub/t.tbl", blocker);
    cg_error e;
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, "cannot create the directory"));
    assert_non_null(strstr(e.msg, blocker));
    unlink(blocker);
}

/* The temporary file is made by mkstemp: a link planted at a predictable name (the old
 * "path.PID.tmp") is neither followed nor truncated. */
static void planted_link_not_followed(void **state)
{
    (void)state;
    char path[128], planted[160], victim[128];
    snprintf(path, sizeof path, "%s/e.tbl", dir);
    snprintf(planted, sizeof planted, "%s.%ld.tmp", path, (long)getpid());
    snprintf(victim, sizeof victim, "%s/victim", dir);
    FILE *v = fopen(victim, "w");
    fputs("keep me", v);
    fclose(v);
    assert_int_equal(symlink(victim, planted), 0);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    struct stat sb;
    assert_int_equal(stat(victim, &sb), 0);
    assert_int_equal(sb.st_size, 7);
    unlink(planted);
    unlink(victim);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(saved_then_loaded),
        cmocka_unit_test(no_file_is_eof),
        cmocka_unit_test(wrong_contents_refused),
        cmocka_unit_test(writable_by_others_refused),
        cmocka_unit_test(not_ours_refused),
        cmocka_unit_test(directory_is_not_a_table),
        cmocka_unit_test(long_path_kept_whole),
        cmocka_unit_test(unmakeable_directory_named),
        cmocka_unit_test(planted_link_not_followed),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
