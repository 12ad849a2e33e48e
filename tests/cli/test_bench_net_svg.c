// link-wrap: malloc fclose
/* bench net --svg's picture (src/cli/cmd_bench_net.c, compiled in here: it is part of the cubegod
 * program, not of the library), drawn from rounds whose latencies are chosen, not measured, so
 * every coordinate is known: on a 1 s alarm the x axis spans six decades over 700 pixels from
 * x = 90 (1 us) and the y axis one decade over 314 pixels from y = 56 (100 %), so 10 us is at
 * x = 206.7, 1 ms at 440.0, 1 s at 790.0, and two rounds in three at y = 111.3, one in three at
 * 205.8. Checked: each series has a step for every round, the first included, in the order of
 * their latencies; the slowest round's step is drawn even when it lies within half a pixel of
 * the one before (the steps between are merged when that close, never the last); the legend's
 * median and max; and a picture whose sample arrays cannot be had is refused (-1) with no file
 * written, whichever of its two allocations fails. And cli_close_output (cli.c, which every file a
 * command writes goes through): a close that fails after every write went through is a failure,
 * with the close's cause. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli.c"
#include "cli/term.c"
#include "cli/json.c"
#include "cli/cmd_bench_net.c"

/* stats.c is not compiled in (its cmp_double would meet cmd_bench_net.c's): write_svg uses none
 * of these, bench_net does. */
cg_latency cg_latency_sorted(double *values, size_t n)
{
    (void)values;
    (void)n;
    return (cg_latency){0, 0, 0, 0};
}

cg_latency cg_latency_of(const void *records, size_t n, size_t record_size, size_t field)
{
    (void)records;
    (void)n;
    (void)record_size;
    (void)field;
    return (cg_latency){0, 0, 0, 0};
}

void json_latency(struct json *j, const char *key, cg_latency l)
{
    (void)j;
    (void)key;
    (void)l;
}

/* malloc fails at its fail_at-th call from now (1-based), 0: never. */
static int fail_at, calls;
void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
    if (fail_at && ++calls == fail_at)
        return NULL;
    return __real_malloc(size);
}

/* fclose closes, then says it failed (EIO) when armed: a close whose last flush was done. */
static int fclose_fails;
int __real_fclose(FILE *f);
int __wrap_fclose(FILE *f)
{
    int rc = __real_fclose(f);
    if (fclose_fails) {
        fclose_fails = 0;
        errno = EIO;
        return EOF;
    }
    return rc;
}

/* The picture of rounds with these client and round latencies (us) on a 1 s alarm. */
static char *picture(const double *client, const double *round, size_t n, char *path)
{
    cg_round_stat st[8];
    assert_true(n <= 8);
    memset(st, 0, sizeof st);
    for (size_t i = 0; i < n; i++) {
        st[i].round = (int)i + 1;
        st[i].size = 2;
        st[i].client_us = client[i];
        st[i].round_us = round[i];
    }
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    assert_int_equal(write_svg(path, st, n, 1.0), 0);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char text[16384];
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    unlink(path);
    return text;
}

static void has(const char *text, const char *want)
{
    if (!strstr(text, want))
        fail_msg("'%s' not in the picture:\n%s", want, text);
}

static void test_every_round_drawn(void **state)
{
    (void)state;
    char path[] = "/tmp/cubegod-net-svg-XXXXXX";
    /* the rounds in another order than their latencies: the first is the slowest */
    const double client[3] = {1000, 10, 100}, round[3] = {1e6, 1e4, 1e5};
    const char *svg = picture(client, round, 3, path);
    has(svg, "cubegod bench net: 3 rounds, share of rounds slower than each latency");
    has(svg, "stroke='#1f77b4' stroke-width='2' d='M90.0 56.0 H206.7 V111.3 H323.3 V205.8 "
             "H440.0 V205.8'/>");
    has(svg, "<circle cx='440.0' cy='205.8' r='3' fill='#1f77b4'/>");
    has(svg, "client part (prompt in -> answer out): median 100 \xC2\xB5s, max 1000 \xC2\xB5s");
    has(svg, "stroke='#ff7f0e' stroke-width='2' d='M90.0 56.0 H556.7 V111.3 H673.3 V205.8 "
             "H790.0 V205.8'/>");
    has(svg, "<circle cx='790.0' cy='205.8' r='3' fill='#ff7f0e'/>");
    has(svg, "whole round (answer out -> next answer out): median 100000 \xC2\xB5s, max 1000000 "
             "\xC2\xB5s");
    has(svg, ">alarm 1 s</text>");
}

static void test_slowest_step_kept(void **state)
{
    (void)state;
    char path[] = "/tmp/cubegod-net-svg-XXXXXX";
    /* 1001 us is 0.05 pixels right of 1000 us, on the same row: still its own step */
    const double client[3] = {10, 1000, 1001}, round[3] = {1e4, 1e5, 1e6};
    const char *svg = picture(client, round, 3, path);
    has(svg, "stroke='#1f77b4' stroke-width='2' d='M90.0 56.0 H206.7 V111.3 H440.0 V205.8 "
             "H440.1 V205.8'/>");
    has(svg, "<circle cx='440.1' cy='205.8' r='3' fill='#1f77b4'/>");
}

static void test_no_memory_no_picture(void **state)
{
    (void)state;
    cg_round_stat st[2];
    memset(st, 0, sizeof st);
    st[0].client_us = st[1].client_us = 50;
    st[0].round_us = st[1].round_us = 500;
    for (int k = 1; k <= 2; k++) { /* the first allocation fails, then the second */
        char dir[] = "/tmp/cubegod-net-svg-XXXXXX", path[64];
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/net.svg", dir);
        calls = 0;
        fail_at = k;
        int rc = write_svg(path, st, 2, 1.0);
        fail_at = 0;
        assert_int_equal(rc, -1);
        assert_int_equal(calls, 2); /* both asked for, one refused */
        assert_int_equal(access(path, F_OK), -1);
        assert_int_equal(rmdir(dir), 0);
    }
}

static void test_close_fails_after_the_writes(void **state)
{
    (void)state;
    const char *why = NULL;
    FILE *f = tmpfile();
    assert_non_null(f);
    fputs("written\n", f);
    assert_true(cli_close_output(f, &why));
    f = tmpfile();
    assert_non_null(f);
    fputs("written\n", f);
    fclose_fails = 1;
    assert_false(cli_close_output(f, &why));
    assert_non_null(why);
    assert_string_equal(why, strerror(EIO));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_round_drawn),
        cmocka_unit_test(test_slowest_step_kept),
        cmocka_unit_test(test_no_memory_no_picture),
        cmocka_unit_test(test_close_fails_after_the_writes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
