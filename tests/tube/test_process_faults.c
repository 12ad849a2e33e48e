// link-wrap: pipe2 pipe posix_spawn
/* A process tube whose pipes or spawn fail (the linker's --wrap): an error that names the
 * program and the cause, and no descriptor, child or memory left behind: twenty failed starts
 * leave the process's descriptors and heap as they were. */
#include <errno.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/tube.h"
#include "testutil.h"

static int pipes_left = -1; /* pipes still made before one fails; -1: all are */
static bool no_spawn;

/* pipe2, or pipe where the build has no pipe2 (the portable one) */
static bool pipe_fails(void)
{
    if (pipes_left == 0) {
        errno = EMFILE;
        return true;
    }
    if (pipes_left > 0)
        pipes_left--;
    return false;
}

int __real_pipe2(int fds[2], int flags);
int __wrap_pipe2(int fds[2], int flags)
{
    return pipe_fails() ? -1 : __real_pipe2(fds, flags);
}

int __real_pipe(int fds[2]);
int __wrap_pipe(int fds[2])
{
    return pipe_fails() ? -1 : __real_pipe(fds);
}

int __real_posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
                       const posix_spawnattr_t *attr, char *const argv[], char *const envp[]);
int __wrap_posix_spawn(pid_t *pid, const char *path, const posix_spawn_file_actions_t *fa,
                       const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
    if (no_spawn)
        return EAGAIN;
    return __real_posix_spawn(pid, path, fa, attr, argv, envp);
}

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

/* Starts sh with the next `pipes` pipes working (-1: all) and the spawn refused or not; the
 * error must say `says`. */
static void failed_start(int pipes, bool spawn_fails, const char *says)
{
    char *argv[] = {"sh", "-c", "exit 0", NULL};
    cg_tube *t;
    cg_error err;
    pipes_left = pipes;
    no_spawn = spawn_fails;
    cg_status st = cg_tube_process(argv, &quiet, &t, &err);
    pipes_left = -1;
    no_spawn = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    if (!strstr(err.msg, says))
        fail_msg("'%s' does not say '%s'", err.msg, says);
}

static void test_starts_that_fail(void **state)
{
    (void)state;
    char pipe_msg[128], spawn_msg[128];
    snprintf(pipe_msg, sizeof pipe_msg, "process 'sh': pipe: %s", strerror(EMFILE));
    snprintf(spawn_msg, sizeof spawn_msg, "process 'sh': %s", strerror(EAGAIN));
    int fds = open_descriptors();
    size_t heap = SIZE_MAX;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        failed_start(0, false, pipe_msg);  /* the first pipe */
        failed_start(1, false, pipe_msg);  /* the second: the first one's ends closed */
        failed_start(-1, true, spawn_msg); /* both pipes made, the spawn refused */
        if (round == HEAP_SETTLED)
            heap = heap_in_use();
    }
    assert_int_equal(open_descriptors(), fds);
    if (heap != SIZE_MAX)
        assert_int_equal(heap_in_use(), heap);
    /* an empty program name */
    char *empty[] = {"", NULL};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_process(empty, &quiet, &t, &err), CG_ERR_INPUT);
    assert_string_equal(err.msg, "process: empty command");
    assert_int_equal(cg_tube_process(NULL, &quiet, &t, &err), CG_ERR_INPUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_starts_that_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
