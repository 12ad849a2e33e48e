/* A table build's progress on a log (standard error a file): the line asked for at once, then
 * none until five seconds have passed, and the phase's end; on a file a short build says
 * nothing but its notice (src/cli/cli.c, cli_print_progress). */
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

/* Runs fn with standard error sent to a temporary file; the lines it wrote, in out. */
static int logged(void (*fn)(void), char *out, size_t size)
{
    char path[] = "/tmp/cubegod-progress-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fd, STDERR_FILENO) >= 0);
    fn();
    fflush(stderr);
    assert_true(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
    close(fd);
    unlink(path);
    int lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += out[i] == '\n';
    return lines;
}

static const char phase_a[] = "test table", phase_b[] = "other table";

/* a wait that asks where the build is: that line at once, then the phase's end */
static void asked_then_steps(void)
{
    cli_progress_show_next();
    for (int i = 1; i <= 9; i++)
        cli_print_progress(NULL, phase_a, i / 10.0);
    cli_print_progress(NULL, phase_a, 1.0);
}

/* a short build nobody asked about: nothing, not even its end */
static void short_build(void)
{
    for (int i = 1; i <= 10; i++)
        cli_print_progress(NULL, phase_b, i / 10.0);
}

static void test_a_log_gets_a_few_lines(void **state)
{
    (void)state;
    char text[1024];
    int lines = logged(asked_then_steps, text, sizeof text);
    if (lines != 2 || !strstr(text, "cubegod: building test table  10%") ||
        !strstr(text, "cubegod: building test table 100%"))
        fail_msg("%d lines: '%s'", lines, text);
    lines = logged(short_build, text, sizeof text);
    if (lines != 0)
        fail_msg("a short build on a log: %d lines: '%s'", lines, text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_log_gets_a_few_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
