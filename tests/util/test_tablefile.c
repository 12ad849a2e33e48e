/* The checked table file (src/util/tablefile.c): what is trusted, what is refused and why,
 * saving without fixed-size buffers, temporary names or followed links. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include <cmocka.h>

#include "testutil.h"
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
    assert_int_equal(dir_entries(dir), 1);
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
    /* the file in the way is the directory named, not the one below it */
    char want[256];
    snprintf(want, sizeof want, "cannot create the directory %s: %s", blocker, strerror(ENOTDIR));
    assert_non_null(strstr(e.msg, want));
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

/* ---- cgi_tablefile_load_or_build ---- */

typedef struct maker_log {
    int builds;
    int before;        /* before_build's calls */
    int built_before;  /* builds already made at before_build's last call */
    bool fail_build, refuse; /* the build fails; the check refuses whatever it is shown */
    char notice[4][512];
    int notices;
} maker_log;

static cg_status build_payload(void *ctx, uint8_t *p, const cgi_progress *pr, cg_error *err)
{
    (void)pr;
    maker_log *log = ctx;
    log->builds++;
    if (log->fail_build)
        return cg_fail(err, CG_ERR_SYSTEM, "the build went wrong");
    memcpy(p, payload, sizeof payload);
    p[sizeof payload] = 0xAB; /* the slack is there to be read */
    return CG_OK;
}

static bool payload_sane(void *ctx, const uint8_t *p)
{
    maker_log *log = ctx;
    return !log->refuse && memcmp(p, payload, sizeof payload) == 0;
}

static void log_notice(void *ctx, const char *text)
{
    maker_log *log = ctx;
    assert_true(log->notices < 4);
    snprintf(log->notice[log->notices++], sizeof log->notice[0], "%s", text);
}

static tablefile_maker maker(maker_log *log)
{
    memset(log, 0, sizeof *log);
    tablefile_maker m = {.kind = kind, .slack = 1, .build = build_payload, .sane = payload_sane,
                         .ctx = log, .notice = log_notice, .notice_ctx = log,
                         .cache = "test cache", .tables = "test tables", .build_time = "a moment",
                         .whose = "test's ", .noun = "tables"};
    return m;
}

/* One open: its status, the payload checked and released, the flags as "from_cache rebuilt
 * saved" bits. */
static cg_status open_once(const char *path, bool rebuild, const tablefile_maker *m, int *flags,
                           cg_error *err)
{
    tablefile f;
    tablefile_outcome how;
    cg_status st = cgi_tablefile_load_or_build(path, rebuild, m, &f, &how, err);
    *flags = how.from_cache << 2 | how.rebuilt << 1 | how.saved;
    if (st == CG_OK) {
        assert_memory_equal(f.payload, payload, sizeof payload);
        assert_true(f.map ? !f.owned : f.owned == f.payload);
    } else {
        assert_null(f.payload);
        assert_null(f.map);
        assert_null(f.owned);
    }
    cgi_tablefile_release(&f);
    return st;
}

/* The first run builds and saves, the next loads; rebuild builds again and replaces the file. */
static void built_saved_loaded_rebuilt(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/m/made.tbl", dir);
    maker_log log;
    tablefile_maker m = maker(&log);
    int flags;
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 1);
    assert_int_equal(log.builds, 1);
    assert_int_equal(log.notices, 1);
    assert_string_equal(log.notice[0], "building the test tables (once; a moment)");

    m = maker(&log);
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 4);
    assert_int_equal(log.builds, 0);
    assert_int_equal(log.notices, 0);

    m = maker(&log);
    assert_int_equal(open_once(path, true, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 1); /* asked for: not "rebuilt", which means a bad file */
    assert_int_equal(log.builds, 1);
    assert_int_equal(log.notices, 1);

    m = maker(&log); /* no file: built, nothing saved, no error */
    assert_int_equal(open_once(NULL, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(open_once("", false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 0);
    assert_int_equal(log.builds, 2);
    m.notice = NULL; /* and silence is allowed */
    assert_int_equal(open_once(path, true, &m, &flags, NULL), CG_OK);
    assert_int_equal(log.notices, 2);
    unlink(path);
}

/* Another table's intact file, given by mistake as this one's cache, is left alone: built,
 * used, not saved over (else the two would rebuild over each other in turn). Once damaged it is
 * nobody's table, and rebuilt over like any other bad file. */
static void other_tables_file_kept(void **state)
{
    (void)state;
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/other.tbl", dir);
    tablefile_kind other = kind;
    memcpy(other.magic, "OTHERKND", 8);
    uint8_t theirs[sizeof payload];
    for (size_t i = 0; i < sizeof theirs; i++)
        theirs[i] = (uint8_t)(i * 7 + 3);
    assert_int_equal(cgi_tablefile_save(path, &other, theirs, NULL), CG_OK);
    maker_log log;
    tablefile_maker m = maker(&log);
    int flags;
    for (int rebuild = 0; rebuild < 2; rebuild++) {
        m = maker(&log);
        assert_int_equal(open_once(path, rebuild, &m, &flags, NULL), CG_OK);
        assert_int_equal(flags, 2); /* refused, built, not saved */
        assert_int_equal(log.builds, 1);
        assert_int_equal(log.notices, 2);
        snprintf(want, sizeof want,
                 "not using the test cache (%s holds another cubegod table: give each its own "
                 "file); building in memory, saving nothing", path);
        assert_string_equal(log.notice[0], want);
        tablefile f;
        assert_int_equal(cgi_tablefile_load(path, &other, &f, NULL), CG_OK); /* still theirs */
        assert_memory_equal(f.payload, theirs, sizeof theirs);
        cgi_tablefile_release(&f);
    }
    FILE *w = fopen(path, "r+b"); /* damaged: no longer anybody's, so replaced */
    assert_non_null(w);
    fseek(w, TABLEFILE_HEADER_BYTES + 1, SEEK_SET);
    fputc(0x5a ^ theirs[1], w);
    fclose(w);
    m = maker(&log);
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 3);
    m = maker(&log);
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 4); /* ours now */
    unlink(path);
}

/* A file that loads but that the check refuses, and a file that does not load, are each a notice
 * that says why, then a build that replaces them. */
static void refused_file_rebuilt(void **state)
{
    (void)state;
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/refused.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    maker_log log;
    tablefile_maker m = maker(&log);
    log.refuse = true;
    int flags;
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 3);
    assert_int_equal(log.notices, 2);
    snprintf(want, sizeof want, "ignoring the test cache (%s: wrong contents); rebuilding it", path);
    assert_string_equal(log.notice[0], want);
    assert_string_equal(log.notice[1], "building the test tables (once; a moment)");

    FILE *w = fopen(path, "r+b");
    fseek(w, TABLEFILE_HEADER_BYTES + 10, SEEK_SET);
    fputc(0xff, w);
    fclose(w);
    m = maker(&log);
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 3);
    snprintf(want, sizeof want, "ignoring the test cache (%s: checksum mismatch); rebuilding it",
             path);
    assert_string_equal(log.notice[0], want);
    m = maker(&log);
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 4); /* the rebuilt file */
    unlink(path);
}

/* A file that cannot be written is a notice: the built payload is still there. */
static void unsaveable_is_a_notice(void **state)
{
    (void)state;
    char blocker[128], path[192], want[512];
    snprintf(blocker, sizeof blocker, "%s/blocker", dir);
    FILE *b = fopen(blocker, "w");
    fclose(b);
    snprintf(path, sizeof path, "%s/sub/t.tbl", blocker);
    maker_log log;
    tablefile_maker m = maker(&log);
    int flags;
    assert_int_equal(open_once(path, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 2); /* the path was there and unusable: not a table */
    assert_int_equal(log.notices, 3);
    assert_string_equal(log.notice[1], "building the test tables (once; a moment)");
    cg_error why;
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, &why), CG_ERR_SYSTEM);
    snprintf(want, sizeof want, "cannot save the test cache (%s); continuing", why.msg);
    assert_string_equal(log.notice[2], want);
    unlink(blocker);
}

/* A build that fails is the error, with nothing kept and nothing saved. */
static void failed_build_is_the_error(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/failed.tbl", dir);
    maker_log log;
    tablefile_maker m = maker(&log);
    log.fail_build = true;
    int flags;
    cg_error e;
    assert_int_equal(open_once(path, false, &m, &flags, &e), CG_ERR_SYSTEM);
    assert_string_equal(e.msg, "the build went wrong");
    assert_int_equal(flags, 0);
    assert_int_equal(access(path, F_OK), -1);
}

/* A stop flag set when the build fails: the open's error says a signal stopped it. */
static void stopped_build_is_eof(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/stopped.tbl", dir);
    maker_log log;
    tablefile_maker m = maker(&log);
    log.fail_build = true;
    volatile sig_atomic_t stop = 1;
    m.progress.stop = &stop;
    int flags;
    cg_error e;
    assert_int_equal(open_once(path, false, &m, &flags, &e), CG_ERR_EOF);
    assert_string_equal(e.msg, "stopped by a signal");
    assert_int_equal(access(path, F_OK), -1);
    assert_true(cgi_progress_cancelled(&m.progress));
    stop = 0;
    assert_false(cgi_progress_cancelled(&m.progress));
    m = maker(&log);
    log.fail_build = true;
    m.progress.stop = &stop; /* not set: the build's own error */
    assert_int_equal(open_once(path, false, &m, &flags, &e), CG_ERR_SYSTEM);
    assert_string_equal(e.msg, "the build went wrong");
}

static void count_before(void *ctx)
{
    maker_log *log = ctx;
    log->before++;
    log->built_before = log->builds;
}

/* before_build runs once before every build, whatever its reason, and never for a load. */
static void before_build_before_each_build(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/before.tbl", dir);
    maker_log log;
    tablefile_maker m;
    int flags;
#define OPEN(REBUILD)                                                                              \
    do {                                                                                           \
        m = maker(&log);                                                                           \
        m.before_build = count_before;                                                             \
        m.before_ctx = &log;                                                                       \
        assert_int_equal(open_once(path, REBUILD, &m, &flags, NULL), CG_OK);                       \
    } while (0)
    OPEN(false); /* no file */
    assert_int_equal(log.before, 1);
    assert_int_equal(log.built_before, 0);
    assert_int_equal(log.builds, 1);
    OPEN(false); /* the file it saved: loaded */
    assert_int_equal(log.before, 0);
    OPEN(true); /* rebuild */
    assert_int_equal(log.before, 1);
    assert_int_equal(log.built_before, 0);
    FILE *w = fopen(path, "r+b"); /* damaged: refused, rebuilt */
    fseek(w, TABLEFILE_HEADER_BYTES + 10, SEEK_SET);
    fputc(0xee, w);
    fclose(w);
    OPEN(false);
    assert_int_equal(log.before, 1);
    assert_int_equal(flags, 3);
    assert_int_equal(truncate(path, 100), 0); /* truncated */
    OPEN(false);
    assert_int_equal(log.before, 1);
    assert_int_equal(flags, 3);
    tablefile_kind other = kind; /* another table's file: built in memory */
    memcpy(other.magic, "OTHERKND", 8);
    assert_int_equal(cgi_tablefile_save(path, &other, payload, NULL), CG_OK);
    OPEN(false);
    assert_int_equal(log.before, 1);
    assert_int_equal(flags, 2);
#undef OPEN
    unlink(path);
}

/* From the metadata and header alone: a file the load would take; each mismatch is not. */
static void plausible_from_the_header(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/plausible.tbl", dir);
    assert_false(cgi_tablefile_plausible(NULL, &kind));
    assert_false(cgi_tablefile_plausible("", &kind));
    assert_false(cgi_tablefile_plausible(path, &kind)); /* no file */
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    assert_true(cgi_tablefile_plausible(path, &kind));
    /* no descriptor is left open: the lowest free one is the same before and after */
    int before = dup(0);
    close(before);
    assert_true(cgi_tablefile_plausible(path, &kind));
    int after = dup(0);
    close(after);
    assert_int_equal(after, before);
    /* standard input closed (`cubegod ... <&-`): the file opens as descriptor 0, a good one */
    int in = dup(0);
    assert_true(in > 0);
    close(0);
    bool zero = cgi_tablefile_plausible(path, &kind);
    assert_int_equal(dup2(in, 0), 0);
    close(in);
    assert_true(zero);
    tablefile_kind k = kind;
    k.version++;
    assert_false(cgi_tablefile_plausible(path, &k));
    k = kind;
    k.param++;
    assert_false(cgi_tablefile_plausible(path, &k));
    k = kind;
    k.magic[0] = 'X';
    assert_false(cgi_tablefile_plausible(path, &k));
    k = kind;
    k.size--; /* the file is then one byte too long, and the header's size another */
    assert_false(cgi_tablefile_plausible(path, &k));
    /* the header's own size field differs, the file's size right */
    FILE *w = fopen(path, "r+b");
    fseek(w, 16, SEEK_SET);
    fputc(0x7f, w);
    fclose(w);
    assert_false(cgi_tablefile_plausible(path, &kind));
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    assert_int_equal(chmod(path, 0622), 0); /* writable by others: not trusted */
    assert_false(cgi_tablefile_plausible(path, &kind));
    assert_int_equal(chmod(path, 0600), 0);
    assert_true(cgi_tablefile_plausible(path, &kind));
    assert_int_equal(truncate(path, TABLEFILE_HEADER_BYTES + 999), 0);
    assert_false(cgi_tablefile_plausible(path, &kind));
    unlink(path);
    assert_int_equal(mkdir(path, 0700), 0); /* not a regular file */
    assert_false(cgi_tablefile_plausible(path, &kind));
    rmdir(path);
}

/* The on-disk format is a promise to the caches already written: the header and the checksum
 * of payloads of several lengths (whole 32-byte blocks, and tails of 1 to 31 bytes) are the
 * bytes of fixtures/tables/golden-N.tbl, written by this code when the format was fixed. A
 * change to either must bump the kinds' versions, not pass unnoticed. */
static void format_is_the_golden_files(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 31, 32, 33, 1000};
    const char *fixtures = getenv("FIXTURES");
    assert_non_null(fixtures);
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
        tablefile_kind kn = kind;
        kn.size = sizes[k];
        char golden[512], path[128], copy[128];
        snprintf(golden, sizeof golden, "%s/tables/golden-%zu.tbl", fixtures, sizes[k]);
        snprintf(path, sizeof path, "%s/golden-%zu.tbl", dir, sizes[k]);
        snprintf(copy, sizeof copy, "%s/copy-%zu.tbl", dir, sizes[k]);
        assert_int_equal(cgi_tablefile_save(path, &kn, payload, NULL), CG_OK);
        FILE *a = fopen(golden, "rb"), *b = fopen(path, "rb");
        assert_non_null(a);
        assert_non_null(b);
        uint8_t want[TABLEFILE_HEADER_BYTES + 1000], got[sizeof want];
        size_t nw = fread(want, 1, sizeof want, a), ng = fread(got, 1, sizeof got, b);
        fclose(a);
        fclose(b);
        assert_int_equal(nw, TABLEFILE_HEADER_BYTES + sizes[k]);
        assert_int_equal(ng, nw);
        assert_memory_equal(got, want, nw);
        /* and a golden file, copied to a file only we can write, loads */
        FILE *c = fopen(copy, "wb");
        assert_non_null(c);
        assert_int_equal(fwrite(want, 1, nw, c), nw);
        fclose(c);
        chmod(copy, 0600);
        tablefile f;
        assert_int_equal(cgi_tablefile_load(copy, &kn, &f, NULL), CG_OK);
        assert_memory_equal(f.payload, payload, sizes[k]);
        cgi_tablefile_release(&f);
        unlink(path);
        unlink(copy);
    }
}

/* Whether a file is another kind's table is asked of any descriptor, 0 included (standard
 * input closed); and a rebuild where no file exists yet saves the table, naming no other's. */
static void other_table_seen_on_descriptor_zero(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/other0.tbl", dir);
    tablefile_kind other = kind;
    memcpy(other.magic, "OTHERKND", 8);
    assert_int_equal(cgi_tablefile_save(path, &other, payload, NULL), CG_OK);
    maker_log log;
    tablefile_maker m = maker(&log);
    int saved = dup(0), flags = -1;
    assert_true(saved > 0);
    close(0);
    cg_status st = open_once(path, true, &m, &flags, NULL);
    /* and a save's temporary file made on descriptor 0 */
    char mine[160];
    snprintf(mine, sizeof mine, "%s/mine0.tbl", dir);
    cg_error e;
    cg_status saved_st = cgi_tablefile_save(mine, &kind, payload, &e);
    dup2(saved, 0);
    close(saved);
    assert_int_equal(st, CG_OK);
    assert_int_equal(flags, 2); /* refused, built, not saved over theirs */
    assert_int_equal(saved_st, CG_OK);
    tablefile f;
    assert_int_equal(cgi_tablefile_load(mine, &kind, &f, NULL), CG_OK);
    cgi_tablefile_release(&f);
    unlink(mine);
    unlink(path);
    m = maker(&log);
    assert_int_equal(open_once(path, true, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 1); /* no file at all: built and saved */
    assert_int_equal(log.notices, 1); /* "building ..." alone */
    unlink(path);
}

/* Whether a mapping of this process covers address addr (when not NULL) or maps the file path
 * (when not NULL), read from /proc/self/maps: a probe that neither touches the address nor makes
 * valgrind complain of a system call on unmapped memory. */
static bool mapped(const void *addr, const char *path)
{
    FILE *f = fopen("/proc/self/maps", "r");
    assert_non_null(f);
    unsigned long long lo, hi, a = (unsigned long long)(uintptr_t)addr;
    size_t n = path ? strlen(path) : 0;
    char line[1024];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        size_t l = strlen(line);
        while (l && (line[l - 1] == '\n' || line[l - 1] == ' '))
            line[--l] = '\0';
        found = (addr && sscanf(line, "%llx-%llx", &lo, &hi) == 2 && a >= lo && a < hi) ||
                (path && l >= n && strcmp(line + l - n, path) == 0);
    }
    fclose(f);
    return found;
}

/* A refused file, and another kind's file looked at and kept, leave no mapping and no
 * descriptor behind. */
static void refusals_leave_nothing_open(void **state)
{
    (void)state;
    char bad[128], theirs[128];
    snprintf(bad, sizeof bad, "%s/refused.tbl", dir);
    snprintf(theirs, sizeof theirs, "%s/theirs.tbl", dir);
    assert_int_equal(cgi_tablefile_save(bad, &kind, payload, NULL), CG_OK);
    FILE *w = fopen(bad, "r+b");
    assert_non_null(w);
    fseek(w, TABLEFILE_HEADER_BYTES + 5, SEEK_SET);
    fputc(0, w); /* a checksum mismatch */
    fclose(w);
    tablefile_kind other = kind;
    memcpy(other.magic, "OTHERKND", 8);
    assert_int_equal(cgi_tablefile_save(theirs, &other, payload, NULL), CG_OK);
    int before = open_descriptors();
    tablefile f;
    assert_int_equal(cgi_tablefile_load(bad, &kind, &f, NULL), CG_ERR_INPUT);
    assert_false(mapped(NULL, bad));
    assert_int_equal(open_descriptors(), before);
    maker_log log;
    tablefile_maker m = maker(&log);
    int flags;
    assert_int_equal(open_once(theirs, false, &m, &flags, NULL), CG_OK);
    assert_int_equal(flags, 2); /* theirs: built, kept */
    assert_false(mapped(NULL, theirs));
    assert_int_equal(open_descriptors(), before);
    assert_false(cgi_tablefile_plausible(theirs, &kind));
    assert_int_equal(open_descriptors(), before);
    unlink(bad);
    unlink(theirs);
}

/* Saves that cannot be made say where and why: a path that names a directory (no file name),
 * a directory where no file can be made (/proc), and a write past the process's file size limit
 * (SIGXFSZ ignored for it, so the write fails with EFBIG). */
static void unsaveable_paths_named(void **state)
{
    (void)state;
    char path[128];
    cg_error e;
    snprintf(path, sizeof path, "%s/sub/", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, "no file name"));
    assert_int_equal(cgi_tablefile_save("/proc/cubegod-test.tbl", &kind, payload, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, "/proc/.cubegod-test.tbl."));
    /* a refused save keeps no memory: twenty times over, the heap is as after the tenth */
    size_t before = 0;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        assert_int_equal(cgi_tablefile_save("/proc/cubegod-test.tbl", &kind, payload, NULL), CG_ERR_SYSTEM);
        assert_int_equal(cgi_tablefile_save("/proc/cubegod-none/x.tbl", &kind, payload, NULL), CG_ERR_SYSTEM);
        if (round == HEAP_SETTLED)
            before = heap_in_use();
    }
    if (before != SIZE_MAX)
        assert_int_equal(heap_in_use(), before);
    snprintf(path, sizeof path, "%s/big.tbl", dir);
    struct rlimit old, small = {.rlim_cur = 100, .rlim_max = RLIM_INFINITY};
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    small.rlim_max = old.rlim_max;
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    cg_status st = cgi_tablefile_save(path, &kind, payload, &e);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, was);
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, strerror(EFBIG)));
    struct stat sb;
    assert_int_equal(stat(path, &sb), -1); /* nothing half-written under the name */
}

/* Releasing a loaded table unmaps it. */
static void release_unmaps(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/unmap.tbl", dir);
    assert_int_equal(cgi_tablefile_save(path, &kind, payload, NULL), CG_OK);
    tablefile f;
    assert_int_equal(cgi_tablefile_load(path, &kind, &f, NULL), CG_OK);
    void *map = f.map;
    assert_non_null(map);
    assert_true(mapped(map, NULL));
    cgi_tablefile_release(&f);
    assert_null(f.map);
    assert_false(mapped(map, NULL));
    unlink(path);
}

/* A relative path whose first directory has a one-letter name: each level is made. */
static void relative_directories_made(void **state)
{
    (void)state;
    char cwd[512];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(dir), 0);
    cg_error e = {0};
    cg_status st = cgi_tablefile_save("a/bc/t.tbl", &kind, payload, &e);
    struct stat sb;
    int there = stat("a/bc/t.tbl", &sb);
    /* a one-letter file name, beside it */
    cg_status st1 = cgi_tablefile_save("a/bc/u", &kind, payload, &e);
    int there1 = stat("a/bc/u", &sb);
    assert_int_equal(chdir(cwd), 0);
    assert_int_equal(st, CG_OK);
    assert_int_equal(there, 0);
    assert_int_equal(st1, CG_OK);
    assert_int_equal(there1, 0);
}

/* A save that fails at its last step (the target is a directory) leaves no temporary file. */
static void failed_save_leaves_nothing(void **state)
{
    (void)state;
    char sub[128], target[192], inner[256];
    snprintf(sub, sizeof sub, "%s/failed", dir);
    assert_int_equal(mkdir(sub, 0700), 0);
    snprintf(target, sizeof target, "%s/t.tbl", sub);
    assert_int_equal(mkdir(target, 0700), 0);
    snprintf(inner, sizeof inner, "%s/keep", target);
    FILE *k = fopen(inner, "w");
    assert_non_null(k);
    fclose(k);
    cg_error e;
    assert_int_equal(cgi_tablefile_save(target, &kind, payload, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, target));
    assert_int_equal(dir_entries(sub), 1); /* t.tbl alone */
    unlink(inner);
    rmdir(target);
    rmdir(sub);
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
        cmocka_unit_test(built_saved_loaded_rebuilt),
        cmocka_unit_test(other_tables_file_kept),
        cmocka_unit_test(refused_file_rebuilt),
        cmocka_unit_test(unsaveable_is_a_notice),
        cmocka_unit_test(failed_build_is_the_error),
        cmocka_unit_test(stopped_build_is_eof),
        cmocka_unit_test(before_build_before_each_build),
        cmocka_unit_test(plausible_from_the_header),
        cmocka_unit_test(format_is_the_golden_files),
        cmocka_unit_test(release_unmaps),
        cmocka_unit_test(unsaveable_paths_named),
        cmocka_unit_test(refusals_leave_nothing_open),
        cmocka_unit_test(other_table_seen_on_descriptor_zero),
        cmocka_unit_test(relative_directories_made),
        cmocka_unit_test(failed_save_leaves_nothing),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
