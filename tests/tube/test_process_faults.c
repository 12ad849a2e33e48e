// link-wrap: pipe2 pipe posix_spawn fcntl
/* A process tube whose pipes, spawn or non-blocking switch fail (the linker's --wrap): an error
 * that names the program or the call and the cause, and no descriptor, child or memory left
 * behind: twenty failed starts leave the process's descriptors and heap as they were. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
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

static int setfl_left = -1; /* fcntl(F_SETFL) calls still made before one fails; -1: all are */

int __real_fcntl(int fd, int cmd, ...);
int __wrap_fcntl(int fd, int cmd, ...)
{
    if (cmd == F_GETFL || cmd == F_GETFD)
        return __real_fcntl(fd, cmd);
    va_list ap;
    va_start(ap, cmd);
    long arg = va_arg(ap, long); /* every other command the library uses takes an int */
    va_end(ap);
    if (cmd == F_SETFL && setfl_left == 0) {
        errno = EBADF;
        return -1;
    }
    if (cmd == F_SETFL && setfl_left > 0)
        setfl_left--;
    return __real_fcntl(fd, cmd, arg);
}

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

/* Starts sh with the next `pipes` pipes working (-1: all), the spawn refused or not, and the
 * next `setfl` switches to non-blocking working (-1: all); the error must say `says`. */
static void failed_start_setfl(int pipes, bool spawn_fails, int setfl, const char *says)
{
    char *argv[] = {"sh", "-c", "exit 0", NULL};
    cg_tube *t;
    cg_error err;
    pipes_left = pipes;
    no_spawn = spawn_fails;
    setfl_left = setfl;
    cg_status st = cg_tube_process(argv, &quiet, &t, &err);
    pipes_left = setfl_left = -1;
    no_spawn = false;
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    if (!strstr(err.msg, says))
        fail_msg("'%s' does not say '%s'", err.msg, says);
}

static void failed_start(int pipes, bool spawn_fails, const char *says)
{
    failed_start_setfl(pipes, spawn_fails, -1, says);
}

static void test_starts_that_fail(void **state)
{
    (void)state;
    char pipe_msg[128], spawn_msg[128], fcntl_msg[128];
    snprintf(fcntl_msg, sizeof fcntl_msg, "fcntl: %s", strerror(EBADF));
    snprintf(pipe_msg, sizeof pipe_msg, "process 'sh': pipe: %s", strerror(EMFILE));
    snprintf(spawn_msg, sizeof spawn_msg, "process 'sh': %s", strerror(EAGAIN));
    int fds = open_descriptors();
    size_t heap = SIZE_MAX;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        failed_start(0, false, pipe_msg);  /* the first pipe */
        failed_start(1, false, pipe_msg);  /* the second: the first one's ends closed */
        failed_start(-1, true, spawn_msg); /* both pipes made, the spawn refused */
        failed_start_setfl(-1, false, 0, fcntl_msg); /* started, its stdin not made non-blocking */
        failed_start_setfl(-1, false, 1, fcntl_msg); /* nor its stdout: the child is ended */
        if (round == HEAP_SETTLED)
            heap = heap_in_use();
    }
    assert_int_equal(open_descriptors(), fds);
    errno = 0;
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1); /* every child started was reaped */
    assert_int_equal(errno, ECHILD);
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
