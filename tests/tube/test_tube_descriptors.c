/* Descriptors and paths as the system hands them out: a socket on descriptor 0, a file opened
 * there, a directory on the search path. Apart from test_tube_faults.c (its TLS cases take
 * seconds) so that the mutation tool's coverage map runs these first for the lines they alone
 * reach (tube.c's idle check, fd.c's descriptor-0 cases, process.c's lookup). */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/tube.h"

/* _exit skips gcov's writing of the counters: in a coverage build (CUBEGOD_TEST_GCOV, set by
 * tests/CMakeLists.txt) they are dumped first, so that what the child ran is this test's in the
 * mutation tool's coverage map. (A weak reference does not pull __gcov_dump from libgcov.) */
#ifdef CUBEGOD_TEST_GCOV
void __gcov_dump(void);
#endif
static void child_exit(int code)
{
#ifdef CUBEGOD_TEST_GCOV
    __gcov_dump();
#endif
    _exit(code);
}

/* A socket on descriptor 0 (inetd's way: stdin and stdout are the connection) is a descriptor
 * like another: data waiting on it is seen (the tube is not idle), its sending side is shut
 * (the peer reads the end), and sends into the closed connection fail without a SIGPIPE killing
 * the writer; a file opened on descriptor 0 is one, and so is a writing side there, closed with
 * its tube. */
static void socket_on_fd_zero(void **state)
{
    (void)state;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGPIPE, SIG_DFL);
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0 || dup2(sv[0], 0) != 0)
            child_exit(2);
        close(sv[0]);
        cg_tube *t;
        cg_tube_options o = {.log_level = CG_LOG_QUIET};
        if (cg_tube_fds(0, 0, "inetd", &o, &t, NULL) != CG_OK)
            child_exit(3);
        if (!cg_tube_idle(t, 0.05) || write(sv[1], "hi\n", 3) != 3 || cg_tube_idle(t, 5))
            child_exit(5); /* quiet, then a line waiting */
        char back[4] = "";
        if (cg_tube_send(t, "ok\n", 3, NULL) != CG_OK || read(sv[1], back, 3) != 3 || memcmp(back, "ok\n", 3))
            child_exit(7); /* written while the peer is there */
        if (cg_tube_shutdown_send(t, NULL) != CG_OK || recv(sv[1], back, 1, MSG_DONTWAIT) != 0)
            child_exit(8); /* the end of what is sent, shut on descriptor 0 */
        close(sv[1]); /* the peer is gone */
        int failed = 0;
        for (int k = 0; k < 3; k++)
            failed += cg_tube_send(t, "x\n", 2, NULL) != CG_OK;
        cg_tube_close(t); /* descriptor 0 free again: a file opened now gets it */
        cg_tube *f;
        if (cg_tube_file("/dev/null", &o, &f, NULL) != CG_OK || cg_tube_fileno(f) != 0)
            child_exit(6);
        cg_tube_close(f);
        /* descriptor 0 as the writing side of a tube that reads elsewhere: closed with it */
        int pair[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, pair) != 0 || pair[0] != 0)
            child_exit(9);
        cg_tube *w;
        if (cg_tube_fds(pair[1], 0, "split", &o, &w, NULL) != CG_OK)
            child_exit(10);
        cg_tube_close(w);
        if (fcntl(0, F_GETFD) != -1 || fcntl(pair[1], F_GETFD) != -1)
            child_exit(11);
        child_exit(failed == 3 ? 0 : 4);
    }
    int ws;
    assert_int_equal(waitpid(pid, &ws, 0), pid);
    if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0)
        fail_msg("the writer %s %d", WIFSIGNALED(ws) ? "died of signal" : "exited with",
                 WIFSIGNALED(ws) ? WTERMSIG(ws) : WEXITSTATUS(ws));
}

/* A directory found on the search path is "Permission denied", as execvp says, whatever errno
 * held before the lookup, and the lookup goes on past it; a program is found in the first
 * directory that has it, an empty path is /bin:/usr/bin, and the environment's PATH plays no
 * part. */
static void directory_on_path(void **state)
{
    (void)state;
    char dir[64], sub[96];
    snprintf(dir, sizeof dir, "/tmp/cubegod-path-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/cubegod-no-such-program", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .path = dir};
    cg_tube *t;
    cg_error e;
    char *argv[] = {"cubegod-no-such-program", NULL};
    errno = ENOENT;
    t = (cg_tube *)&o; /* not NULL before: a failure hands back none */
    cg_status st = cg_tube_process(argv, &o, &t, &e);
    rmdir(sub);
    assert_int_equal(st, CG_ERR_SYSTEM);
    assert_null(t);
    assert_non_null(strstr(e.msg, strerror(EACCES)));
    t = (cg_tube *)&o; /* nor does a command line that does not split */
    assert_int_not_equal(cg_tube_process_cmd("echo 'unclosed", &o, &t, &e), CG_OK);
    assert_null(t);
    /* a directory named as the program is passed over for the program in a later directory */
    char shdir[96], path2[96];
    snprintf(shdir, sizeof shdir, "%s/sh", dir);
    assert_int_equal(mkdir(shdir, 0755), 0);
    snprintf(path2, sizeof path2, "%s:/bin", dir);
    o.path = path2;
    char *sh0[] = {"sh", "-c", "exit 0", NULL};
    st = cg_tube_process(sh0, &o, &t, &e);
    rmdir(shdir);
    rmdir(dir);
    if (st != CG_OK)
        fail_msg("sh after a directory named sh: %s", e.msg);
    cg_tube_close(t);
    /* sh: not in a directory that does not exist, found in the next one, and by default */
    char *sh[] = {"sh", "-c", "exit 0", NULL};
    o.path = "/nonexistent-cubegod";
    assert_int_equal(cg_tube_process(sh, &o, &t, &e), CG_ERR_SYSTEM);
    assert_non_null(strstr(e.msg, strerror(ENOENT)));
    static const char *const FOUND[] = {"/nonexistent-cubegod:/bin", "", NULL};
    char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
    setenv("PATH", "/nonexistent-cubegod", 1); /* not read */
    for (int k = 0; k < 3; k++) {
        o.path = FOUND[k];
        st = cg_tube_process(sh, &o, &t, &e);
        if (st != CG_OK)
            fail_msg("path '%s': %s", FOUND[k] ? FOUND[k] : "(null)", e.msg);
        cg_tube_close(t);
    }
    if (old) {
        setenv("PATH", old, 1);
        free(old);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(socket_on_fd_zero),
        cmocka_unit_test(directory_on_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
