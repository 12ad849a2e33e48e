/* The one open sequence of the solvers (src/util/solver_open.c), on a toy solver whose table is
 * 64 bytes: what the caller's outcome says after a load, a build, a rebuild and a failure, and
 * that the solver is pointed into its payload whichever way the payload came. The real solvers'
 * tests open big tables; these checks cost nothing. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/solver_open.h"

enum { TOY_BYTES = 64 };

typedef struct toy {
    int set_up;
    const uint8_t *payload; /* set by attach alone */
    tablefile file;
} toy;

static int closes;
static bool fail_setup;

static cg_status build(void *ctx, uint8_t *payload, const cgi_progress *pr, cg_error *err)
{
    (void)ctx;
    (void)pr;
    (void)err;
    for (int i = 0; i < TOY_BYTES; i++)
        payload[i] = (uint8_t)(i * 5 + 2);
    return CG_OK;
}

static bool sane(void *ctx, const uint8_t *payload)
{
    (void)ctx;
    return payload[1] == 7;
}

static cg_status setup(void *solver, void *ctx, tablefile_maker *m, cg_error *err)
{
    (void)ctx;
    toy *t = solver;
    if (fail_setup)
        return cg_fail(err, CG_ERR_INPUT, "the toy refuses");
    t->set_up = 1;
    m->kind = (tablefile_kind){.magic = "TOYTABLE", .version = 1, .size = TOY_BYTES};
    m->build = build;
    m->sane = sane;
    m->ctx = t;
    m->cache = "toy cache";
    m->tables = "toy table";
    m->build_time = "no time";
    m->whose = "";
    m->noun = "table";
    return CG_OK;
}

static void attach(void *solver, const uint8_t *payload) { ((toy *)solver)->payload = payload; }

static void close_toy(void *solver)
{
    toy *t = solver;
    closes++;
    cgi_tablefile_release(&t->file);
    free(t);
}

static const cgi_solver_kind TOY = {.bytes = sizeof(toy), .file_offset = offsetof(toy, file),
                                    .what = "the toy", .setup = setup, .attach = attach,
                                    .close = close_toy};

/* Opens the toy with cache path (NULL: none); checks that it is attached to its payload. */
static cg_status open_toy(const char *path, bool rebuild, cgi_open_outcome *how, toy **out)
{
    cgi_open_request rq = {.cache_path = path, .rebuild = rebuild};
    memset(how, 0xA5, sizeof *how); /* whatever the caller's memory held */
    void *s = (void *)&rq;          /* not NULL before the call */
    cg_error err;
    cg_status st = cgi_solver_open(&TOY, NULL, &rq, &s, how, &err);
    *out = s;
    if (st == CG_OK) {
        toy *t = s;
        assert_int_equal(t->set_up, 1);
        assert_non_null(t->payload);
        assert_ptr_equal(t->payload, t->file.payload);
        assert_int_equal(t->payload[1], 7);
        assert_true(how->ready_ms > 0 && how->ready_ms < 60000);
    }
    return st;
}

static void outcomes_of_build_load_and_rebuild(void **state)
{
    (void)state;
    char dir[] = "/tmp/cubegod-solver-open-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/toy.tbl", dir);
    cgi_open_outcome how;
    toy *t;
    /* no file yet: built and saved */
    assert_int_equal(open_toy(path, false, &how, &t), CG_OK);
    assert_false(how.from_cache);
    assert_false(how.rebuilt);
    assert_true(how.saved);
    assert_string_equal(how.cache_path, path);
    assert_null(t->file.map); /* built: the payload is the build's */
    close_toy(t);
    /* then loaded */
    assert_int_equal(open_toy(path, false, &how, &t), CG_OK);
    assert_true(how.from_cache);
    assert_false(how.rebuilt);
    assert_false(how.saved);
    assert_non_null(t->file.map);
    close_toy(t);
    /* a damaged file: rebuilt and saved over */
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, TABLEFILE_HEADER_BYTES + 3, SEEK_SET);
    fputc(0, f);
    fclose(f);
    assert_int_equal(open_toy(path, false, &how, &t), CG_OK);
    assert_false(how.from_cache);
    assert_true(how.rebuilt);
    assert_true(how.saved);
    close_toy(t);
    /* no file asked for: built, nothing saved, no path */
    assert_int_equal(open_toy("", false, &how, &t), CG_OK);
    assert_false(how.from_cache || how.rebuilt || how.saved);
    assert_null(how.cache_path);
    close_toy(t);
    unlink(path);
    rmdir(dir);
}

/* A failed set-up: the error, no solver, the solver closed, and an outcome that claims nothing. */
static void a_failure_leaves_nothing(void **state)
{
    (void)state;
    cgi_open_outcome how;
    toy *t;
    fail_setup = true;
    closes = 0;
    cg_status st = open_toy(NULL, false, &how, &t);
    fail_setup = false;
    assert_int_equal(st, CG_ERR_INPUT);
    assert_null(t);
    assert_int_equal(closes, 1);
    assert_false(how.from_cache || how.rebuilt || how.saved);
    assert_null(how.cache_path);
    assert_true(how.ready_ms == 0);
}

/* The 3x3 solvers' info struct gets every field of the outcome. */
static void info3_gets_every_field(void **state)
{
    (void)state;
    static const char path[] = "/some/where.tbl";
    for (int bits = 0; bits < 8; bits++) {
        cgi_open_outcome how = {.ready_ms = 12.5 + bits, .from_cache = bits & 1,
                                .rebuilt = (bits >> 1) & 1, .saved = (bits >> 2) & 1,
                                .cache_path = bits ? path : NULL};
        cg3_tables_info info;
        memset(&info, 0xA5, sizeof info);
        cgi_open_info3(&info, &how, 1000u + (size_t)bits);
        assert_true(info.ready_ms == 12.5 + bits);
        assert_int_equal(info.from_cache, bits & 1);
        assert_int_equal(info.rebuilt, (bits >> 1) & 1);
        assert_int_equal(info.saved, (bits >> 2) & 1);
        assert_ptr_equal(info.cache_path, bits ? path : NULL);
        assert_int_equal(info.bytes, 1000u + (size_t)bits);
    }
}

static void note(void *ctx, const char *text)
{
    (void)ctx;
    (void)text;
}

/* The 3x3 options as a request: none gives the defaults (no file, no rebuild, nobody told), and
 * each field given is carried over. */
static void request3_from_the_options(void **state)
{
    (void)state;
    cgi_open_request rq = cgi_open_request3(NULL);
    assert_null(rq.cache_path);
    assert_false(rq.rebuild);
    assert_null(rq.notice);
    assert_null(rq.progress.fn);
    assert_null(rq.progress.stop);
    assert_null(rq.before_build);
    volatile sig_atomic_t stop = 0;
    int ctx = 0;
    cg3_tables_options o = {.cache_path = "/x.tbl", .rebuild = true, .notice = note,
                            .notice_ctx = &ctx, .stop = &stop};
    rq = cgi_open_request3(&o);
    assert_string_equal(rq.cache_path, "/x.tbl");
    assert_true(rq.rebuild);
    assert_ptr_equal(rq.notice, note);
    assert_ptr_equal(rq.notice_ctx, &ctx);
    assert_ptr_equal(rq.progress.stop, &stop);
    assert_null(rq.progress.cancel);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(outcomes_of_build_load_and_rebuild),
        cmocka_unit_test(a_failure_leaves_nothing),
        cmocka_unit_test(info3_gets_every_field),
        cmocka_unit_test(request3_from_the_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
