/* The two-phase tables built on one thread are the same, byte for byte, as those built on
 * several (the suite's cache file was built with one thread a core, tests/CMakeLists.txt's
 * tables3 fixture); and a build stops when its cancel flag is set, also from its progress
 * reports, which come within a level and not only between levels. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/clock.h"
#include "solver3/twophase.h"
#include "testutil.h"
#include "util/tablefile.h"

static uint8_t *build_with(int threads, const int *cancel, cg_tables_progress_fn fn, void *ctx,
                           cg_status *st, double *seconds)
{
    cg3_tables model;
    cg3_tables_init(&model);
    uint8_t *p = malloc(cgi_tp_payload_bytes());
    assert_non_null(p);
    cgi_progress pr = {fn, ctx, cancel, NULL};
    cg_error err = {0};
    int64_t t0 = cg_now_ns();
    *st = cgi_tp_tables_build(p, &model, NULL, threads, &pr, &err);
    *seconds = cg_seconds_between(t0, cg_now_ns());
    return p;
}

static uint8_t *build(int threads, const int *cancel, cg_status *st, double *seconds)
{
    return build_with(threads, cancel, NULL, NULL, st, seconds);
}

/* The two tables' reports: how many, and the last two (the phase-1 table's BFS reports its
 * end, then its build a closing 1; the phase-2 table's BFS is the last to report). */
typedef struct seen {
    int n[2];
    double prev[2], last[2];
} seen;

static void note_report(void *ctx, const char *phase, double fraction)
{
    seen *s = ctx;
    int k = strcmp(phase, "3x3 phase-1 table") == 0   ? 0
            : strcmp(phase, "3x3 phase-2 table") == 0 ? 1
                                                      : -1;
    if (k < 0)
        return;
    s->n[k]++;
    s->prev[k] = s->last[k];
    s->last[k] = fraction;
}

static void test_one_thread_equals_the_suites_file(void **state)
{
    (void)state;
    if (slow_tools())
        skip(); /* a whole build: the release run checks it */
    const char *path = getenv("CUBEGOD_TWOPHASE_CACHE");
    assert_non_null(path);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = cgi_tp_payload_bytes();
    uint8_t *file = malloc(n);
    assert_non_null(file);
    assert_int_equal(fseek(f, TABLEFILE_HEADER_BYTES, SEEK_SET), 0);
    assert_int_equal(fread(file, 1, n, f), n);
    fclose(f);
    cg_status st;
    double s;
    seen r = {{0, 0}, {0, 0}, {0, 0}};
    uint8_t *p = build_with(1, NULL, note_report, &r, &st, &s);
    assert_int_equal(st, CG_OK);
    printf("one thread: %.1f s (threads by default: %d); %d and %d progress reports\n", s,
           cgi_tp_bfs_threads(), r.n[0], r.n[1]);
    /* each BFS counted every entry it reached: its last report says all of them; and it
       reported every 1,024 classes, not every class (64,430 and 2,768 of them a level) */
    assert_true(r.prev[0] == 1.0);
    for (int k = 0; k < 2; k++) {
        assert_true(r.last[k] == 1.0);
        assert_in_range(r.n[k], 3, 2000);
    }
    size_t diff = 0;
    while (diff < n && p[diff] == file[diff])
        diff++;
    if (diff < n)
        fail_msg("the one-thread build differs from %s at payload byte %zu", path, diff);
    free(p);
    free(file);
}

/* Three threads (an uneven split of the classes), stopped at once by the flag. */
static void test_cancel_stops_the_build(void **state)
{
    (void)state;
    int cancel = 1;
    cg_status st;
    double s;
    uint8_t *p = build(3, &cancel, &st, &s);
    assert_int_equal(st, CG_ERR_SYSTEM);
    printf("stopped after %.2f s\n", s);
    free(p);
}

/* Counts the phase-1 table's reports past 97.5 % of its entries and sets the cancel flag at
 * the fifth. */
typedef struct reports {
    int late, cancel;
} reports;

static void count_report(void *ctx, const char *phase, double fraction)
{
    reports *r = ctx;
    if (strcmp(phase, "3x3 phase-1 table") == 0 && fraction > 0.975 && fraction < 1 &&
        ++r->late == 5)
        __atomic_store_n(&r->cancel, 1, __ATOMIC_RELAXED);
}

/* Two threads: the phase-1 table's last levels (past 97 % of its entries) are found backward,
 * each thread scanning its own classes, and the first thread reports progress every 1,024 of
 * them (the level starts alone give two reports there); the flag set from a report stops the
 * build. Most of a phase-1 build, about 5 s of CPU. */
static void test_reports_within_a_level_stop_the_build(void **state)
{
    (void)state;
    if (slow_tools() && !under_coverage())
        skip(); /* most of a phase-1 build: gcov keeps it, the one place its threads run there */
    reports r = {0, 0};
    cg_status st;
    double s;
    uint8_t *p = build_with(2, &r.cancel, count_report, &r, &st, &s);
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_int_equal(r.late, 5);
    printf("stopped at the 5th phase-1 report past 97.5 %% of the entries, %.2f s\n", s);
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_thread_equals_the_suites_file),
        cmocka_unit_test(test_cancel_stops_the_build),
        cmocka_unit_test(test_reports_within_a_level_stop_the_build),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
