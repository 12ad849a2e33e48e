// link-wrap: malloc calloc
/* 3x3 solver paths no other test takes:
 *   - the quick solver (its tables built here, 4 MB in about 50 ms) stopped by its node cap, by
 *     its time limit once it has a solution, and without memory for its search;
 *   - a background solver with memory for neither its quick tables nor its big ones (every
 *     allocation of 1 MiB or more failing): its tables are none, a solve says why;
 *   - waiting on a solver that is not a background one: nothing to wait for, info cleared;
 *   - the cached tables (mapped privately, so a change stays in this process) refused by the
 *     load check when a move from home has other coordinates than the model gives;
 *   - the optimal solver: an unknown table configuration, no memory for its move tables, and
 *     the full configuration's size named when its tables cannot be allocated (no build runs). */
#include <fcntl.h>
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

#include "cubegod/solver3.h"
#include "solver3/optimal.h"
#include "solver3/twophase.h"
#include "testutil.h"
#include "util/tablefile.h"

static int fail_nth;          /* when > 0: the allocation it counts down to fails (one thread) */
static volatile size_t fail_from; /* when > 0: every allocation of this size or more fails, in
                                     any thread */

static bool failing(size_t size)
{
    if (fail_from && size >= fail_from)
        return true;
    return fail_nth > 0 && --fail_nth == 0;
}

void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size) { return failing(size) ? NULL : __real_malloc(size); }
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size)
{
    return failing(n * size) ? NULL : __real_calloc(n, size);
}

static cg3_twophase shell; /* model and rotations, no big tables */
static tp_quick quick;
static bool have_quick;

static int setup(void **state)
{
    (void)state;
    cg_error err;
    return cgi_tp_init_shell(&shell, &err) == CG_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    if (have_quick)
        cgi_tpq_free(&quick);
    return 0;
}

/* The quick tables, built once (skipped under valgrind: seconds there, and test_twophase_quick
 * builds them already). */
static void need_quick(void)
{
    if (test_scale_now() == SCALE_VALGRIND)
        skip();
    if (!have_quick) {
        cg_error err;
        assert_int_equal(cgi_tpq_build(&quick, &shell.model, &err), CG_OK);
        have_quick = true;
    }
}

static cg3_cube scrambled(void)
{
    cg_rng r;
    cg_rng_seed(&r, 5);
    return cg3_cube_random(&r);
}

/* A node cap of 100: the 101st node stops the search, no solution, CG_ERR_TOO_LONG saying so */
static void test_quick_node_cap(void **state)
{
    (void)state;
    need_quick();
    cg3_cube c = scrambled();
    cg3_solve_options o = cg3_solve_defaults();
    o.max_nodes = 100;
    cg3_solution sol;
    bool exhausted = true;
    cg_error err;
    cg_status st = cgi_tpq_solve(&shell, &quick, &c, &o, NULL, &exhausted, &sol, &err);
    assert_int_equal(st, CG_ERR_TOO_LONG);
    assert_false(exhausted);
    assert_int_equal(sol.nodes, 101);
    static const char says[] = "no solution of at most 20 moves found by the quick solver before "
                               "the node cap: 101 nodes, ";
    if (strncmp(err.msg, says, strlen(says)) != 0)
        fail_msg("'%s'", err.msg);
}

/* A time limit long past once the first solution is found: the search stops at the next look at
 * the clock (every 1024 nodes) with that solution (or a shorter one found before the look) */
static void test_quick_time_limit(void **state)
{
    (void)state;
    need_quick();
    cg3_cube c = scrambled();
    cg3_solve_options o = cg3_solve_defaults();
    cg3_solution first, timed;
    bool exhausted;
    cg_error err;
    assert_int_equal(cgi_tpq_solve(&shell, &quick, &c, &o, NULL, &exhausted, &first, &err), CG_OK);
    o.time_limit_ms = 1e-6;
    assert_int_equal(cgi_tpq_solve(&shell, &quick, &c, &o, NULL, &exhausted, &timed, &err), CG_OK);
    assert_false(exhausted);
    assert_int_equal(timed.nodes, (first.nodes / 1024 + 1) * 1024);
    assert_true(timed.n <= first.n);
    cg3_cube x = c;
    cg3_cube_apply_face_turns(&shell.model, &x, timed.moves, (size_t)timed.n);
    assert_true(cg3_cube_is_home(&x));
}

/* No memory for the search's state: CG_ERR_NOMEM at once */
static void test_quick_search_without_memory(void **state)
{
    (void)state;
    need_quick();
    cg3_cube c = scrambled();
    cg3_solve_options o = cg3_solve_defaults();
    cg3_solution sol;
    bool exhausted;
    cg_error err;
    fail_nth = 1;
    cg_status st = cgi_tpq_solve(&shell, &quick, &c, &o, NULL, &exhausted, &sol, &err);
    fail_nth = 0;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "no memory for the search");
}

/* A background solver (opened later, no cache file) that gets memory for neither table set:
 * its big tables are none once tried, and a solve, finding the quick tables failed too, says
 * why the big ones did */
static void test_background_without_tables(void **state)
{
    (void)state;
    cg3_tables_options o = {.cache_path = ""};
    cg3_twophase *s;
    cg_error err;
    fail_from = 1u << 20;
    assert_int_equal(cg3_twophase_open_later(&s, &o, &err), CG_OK);
    const tp_tables *t = cgi_tp_tables_of(s); /* starts the tables and waits for them */
    cg3_cube c = scrambled();
    cg3_solution sol;
    cg_status st = cg3_twophase_solve(s, &c, NULL, &sol, &err);
    cg3_tables_info info;
    cg_error werr;
    cg_status waited = cg3_twophase_wait(s, &info, &werr);
    cg3_twophase_close(s);
    fail_from = 0;
    assert_null(t);
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_int_equal(waited, CG_ERR_NOMEM);
    assert_string_equal(err.msg, werr.msg);
    char want[128];
    snprintf(want, sizeof want, "no memory for the %zu-byte two-phase tables",
             cgi_tp_payload_bytes());
    assert_string_equal(err.msg, want);
}

/* A solver that is not a background one has nothing to wait for: CG_OK, info cleared */
static void test_wait_without_background(void **state)
{
    (void)state;
    cg3_tables_info info;
    memset(&info, 0xA5, sizeof info);
    cg_error err = {0};
    assert_int_equal(cg3_twophase_wait(&shell, &info, &err), CG_OK);
    assert_false(info.from_cache || info.rebuilt || info.saved);
    assert_int_equal(info.bytes, 0);
    assert_null(info.cache_path);
    assert_true(info.ready_ms == 0);
    assert_int_equal(cg3_twophase_wait(&shell, NULL, &err), CG_OK);
}

/* The cached tables, mapped privately (copy on write): accepted as they are; with the twist
 * coordinate of one move from home changed (still in range), refused */
static void test_cache_with_a_wrong_move_refused(void **state)
{
    (void)state;
    const char *path = getenv("CUBEGOD_TWOPHASE_CACHE");
    assert_non_null(path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    assert_true(fd >= 0);
    struct stat sb;
    assert_int_equal(fstat(fd, &sb), 0);
    size_t len = (size_t)sb.st_size;
    assert_true(len >= TABLEFILE_HEADER_BYTES + cgi_tp_payload_bytes());
    uint8_t *map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    close(fd);
    assert_true(map != MAP_FAILED);
    uint8_t *payload = map + TABLEFILE_HEADER_BYTES;
    tp_tables t;
    cgi_tp_tables_point(&t, payload);
    assert_true(cgi_tp_tables_sane(&t, &shell.model));
    for (int m = 0; m < TP_MOVES; m += 7) { /* a few moves: U, B2 and R' ... */
        uint16_t *tw = (uint16_t *)(payload + cgi_tp_seg_offset(TP_SEG_TWIST_MV)) + m;
        uint16_t was = *tw;
        *tw = (uint16_t)((was + 1) % TP_TWIST);
        bool sane = cgi_tp_tables_sane(&t, &shell.model);
        *tw = was;
        if (sane)
            fail_msg("move %d from home with a wrong twist, yet the tables were accepted", m);
    }
    assert_true(cgi_tp_tables_sane(&t, &shell.model));
    munmap(map, len);
}

/* The optimal solver: a configuration that does not exist; no memory for its move tables (its
 * second allocation, after the solver's own); the full configuration's tables too big for the
 * memory there is (every allocation of 32 MiB or more fails: no build starts) */
static void test_optimal_open_failures(void **state)
{
    (void)state;
    cg3_optimal *s = (cg3_optimal *)&s;
    cg_error err;
    assert_int_equal(cgi_optimal_open_config(&s, (cgi_optimal_config)9, NULL, NULL, &err),
                     CG_ERR_INPUT);
    assert_string_equal(err.msg, "table configuration 9 does not exist");
    assert_null(s);
    fail_from = 32u << 20;
    fail_nth = 2;
    cg_status st = cgi_optimal_open_config(&s, CGI_OPTIMAL_SMALL, NULL, NULL, &err);
    fail_nth = 0;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "no memory for the optimal solver");
    assert_null(s);
    cg3_tables_info info;
    st = cg3_optimal_open(&s, NULL, &info, &err);
    fail_from = 0;
    assert_int_equal(st, CG_ERR_NOMEM);
    assert_string_equal(err.msg, "no memory for the optimal solver's 299557440-byte tables");
    assert_null(s);
    assert_int_equal(info.bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_quick_node_cap),
        cmocka_unit_test(test_quick_time_limit),
        cmocka_unit_test(test_quick_search_without_memory),
        cmocka_unit_test(test_background_without_tables),
        cmocka_unit_test(test_wait_without_background),
        cmocka_unit_test(test_cache_with_a_wrong_move_refused),
        cmocka_unit_test(test_optimal_open_failures),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
