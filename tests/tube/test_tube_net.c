/* Tubes over real descriptors: a socketpair (timeout versus EOF), TCP on 127.0.0.1 and ::1
 * (echo, TCP_NODELAY, quick ACKs, refused, reset), local processes, command splitting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"
#include "tube/echo_server.h"

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

static void expect_line(cg_tube *t, const char *want)
{
    const uint8_t *p;
    size_t n;
    cg_error err = {0};
    cg_status st = cg_tube_recvline(t, 10, &p, &n, &err);
    if (st)
        fail_msg("recvline: %s", err.msg);
    assert_int_equal(n, strlen(want));
    assert_memory_equal(p, want, n);
}

static void test_timeout_then_data_then_eof(void **state)
{
    (void)state;
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(sv[0], sv[0], "pair", &quiet, &t, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 0, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_int_equal(write(sv[1], "hel", 3), 3);
    assert_int_equal(cg_tube_recvline(t, 0.05, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_int_equal(err.code, CG_ERR_TIMEOUT);
    assert_non_null(strstr(err.msg, "pair: timeout"));
    cg_tube_peek(t, &p, &n); /* a timeout consumes nothing */
    assert_int_equal(n, 3);
    assert_int_equal(write(sv[1], "lo\n", 3), 3);
    expect_line(t, "hello");
    close(sv[1]);
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_ERR_EOF);
    assert_int_equal(cg_tube_recv(t, 0, 10, &p, &n, &err), CG_ERR_EOF);
    /* The peer is gone: a send is an error, not a SIGPIPE. */
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_ERR_SYSTEM);
    cg_tube_close(t);
}

/* The tube's log, kept in memory: logging() opens it, logged() closes it and gives its text
 * (the caller frees it). */
typedef struct mem_log {
    char *text;
    size_t len;
    FILE *f;
} mem_log;

static FILE *logging(mem_log *m)
{
    m->text = NULL;
    m->f = open_memstream(&m->text, &m->len);
    assert_non_null(m->f);
    return m->f;
}

static char *logged(mem_log *m)
{
    fclose(m->f);
    return m->text;
}

static int sockopt(int fd, int opt)
{
    int v = -1;
    socklen_t len = sizeof v;
    assert_int_equal(getsockopt(fd, IPPROTO_TCP, opt, &v, &len), 0);
    return v;
}

static void test_tcp_echo(void **state)
{
    (void)state;
    echo_server s = {0};
    assert_int_equal(echo_start(&s, 1), 0);
    mem_log m;
    cg_tube_options o = {.log_level = CG_LOG_INFO, .log = logging(&m)};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("127.0.0.1", s.port, &o, &t, &err), CG_OK);
    assert_int_equal(sockopt(cg_tube_fileno(t), TCP_NODELAY), 1);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(cg_tube_sendline(t, "R U2 F'", 7, &err), CG_OK);
        expect_line(t, "R U2 F'");
#ifdef CG_HAVE_TCP_QUICKACK
        /* Reads re-arm delayed ACKs; the tube turns quick ACKs back on after each. */
        assert_int_equal(sockopt(cg_tube_fileno(t), TCP_QUICKACK), 1);
#endif
    }
    assert_int_equal(cg_tube_send(t, "Enter your solution:\n", 21, &err), CG_OK);
    const uint8_t *got;
    size_t got_n;
    assert_int_equal(cg_tube_sendlineafter(t, "solution:", 9, "U", 1, 10, &got, &got_n, &err),
                     CG_OK);
    assert_int_equal(got_n, 20);
    expect_line(t, "");
    expect_line(t, "U");
    assert_int_equal(cg_tube_shutdown_send(t, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvall(t, 10, &p, &n, &err), CG_OK);
    assert_int_equal(n, 0);
    cg_tube_close(t);
    char *log = logged(&m);
    char want[128];
    snprintf(want, sizeof want, "[+] Opening connection to 127.0.0.1 on port %s: Done\n", s.port);
    assert_non_null(strstr(log, want));
    snprintf(want, sizeof want, "[*] Closed connection to 127.0.0.1 port %s\n", s.port);
    assert_non_null(strstr(log, want));
    free(log);
    echo_stop(&s);
}

static void test_tcp_ipv6(void **state)
{
    (void)state;
    int lfd, port;
    if (cg_tcp_listen("::1", "0", 1, &lfd, &port, NULL) != CG_OK)
        skip(); /* no IPv6 loopback here */
    char ports[16];
    snprintf(ports, sizeof ports, "%d", port);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("::1", ports, &quiet, &t, &err), CG_OK);
    assert_non_null(strstr(cg_tube_name(t), "[::1]"));
    int fd = accept(lfd, NULL, NULL);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "v6\n", 3), 3);
    expect_line(t, "v6");
    close(fd);
    cg_tube_close(t);
    close(lfd);
}

/* An accepted connection has TCP_NODELAY, like a connected one; a port that is no service is
 * refused with the resolver's own words. */
static void test_tcp_accept_and_listen_errors(void **state)
{
    (void)state;
    int lfd, port, fd;
    cg_error err;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &lfd, &port, &err), CG_OK);
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    cg_tube *t, *t2;
    assert_int_equal(cg_tube_connect("127.0.0.1", ps, &quiet, &t, &err), CG_OK);
    cg_status st;
    for (int tries = 0; (st = cg_tcp_accept(lfd, &fd, NULL, 0, &err)) == CG_ERR_TIMEOUT && tries < 1000; tries++)
        usleep(1000);
    assert_int_equal(st, CG_OK);
    assert_int_equal(sockopt(fd, TCP_NODELAY), 1);
    close(fd);
    /* no buffer for the peer's address (NULL, whatever size is given): none written */
    assert_int_equal(cg_tube_connect("127.0.0.1", ps, &quiet, &t2, &err), CG_OK);
    for (int tries = 0; (st = cg_tcp_accept(lfd, &fd, NULL, 64, &err)) == CG_ERR_TIMEOUT && tries < 1000; tries++)
        usleep(1000);
    assert_int_equal(st, CG_OK);
    cg_tube_close(t2);
    close(fd);
    cg_tube_close(t);
    close(lfd);
    assert_int_equal(cg_tcp_listen("127.0.0.1", "no-such-service-cubegod", 4, &lfd, &port, &err), CG_ERR_SYSTEM);
    if (!strstr(err.msg, gai_strerror(EAI_SERVICE)) && !strstr(err.msg, gai_strerror(EAI_NONAME)))
        fail_msg("%s", err.msg);
}

static void test_tcp_refused(void **state)
{
    (void)state;
    int lfd, port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &lfd, &port, NULL), CG_OK);
    close(lfd); /* nobody listens there any more */
    char ports[16];
    snprintf(ports, sizeof ports, "%d", port);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("127.0.0.1", ports, &quiet, &t, &err), CG_ERR_SYSTEM);
    assert_null(t);
    assert_non_null(strstr(err.msg, "refused"));
    assert_non_null(strstr(err.msg, "127.0.0.1"));
}

/* A connection reset is an error, distinct from a timeout and from an orderly EOF. */
static void test_tcp_reset_is_error(void **state)
{
    (void)state;
    echo_server s = {.reset = true};
    assert_int_equal(echo_start(&s, 1), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_connect("127.0.0.1", s.port, &quiet, &t, &err), CG_OK);
    assert_int_equal(cg_tube_sendline(t, "go", 2, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "reset"));
    cg_tube_close(t);
    echo_stop(&s);
}

static cg_tube *start(char *const argv[])
{
    cg_tube *t;
    cg_error err = {0};
    if (cg_tube_process(argv, &quiet, &t, &err))
        fail_msg("%s", err.msg);
    return t;
}

static void test_process_cat(void **state)
{
    (void)state;
    cg_tube *t = start((char *[]){"cat", NULL});
    cg_error err;
    assert_non_null(strstr(cg_tube_name(t), "process 'cat'"));
    assert_int_equal(cg_tube_sendline(t, "hello", 5, &err), CG_OK);
    expect_line(t, "hello");
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recv(t, 0, 0.05, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_int_equal(cg_tube_send(t, "tail", 4, &err), CG_OK);
    assert_int_equal(cg_tube_shutdown_send(t, &err), CG_OK); /* cat sees EOF and exits */
    assert_int_equal(cg_tube_recvall(t, 10, &p, &n, &err), CG_OK);
    assert_string_equal((const char *)p, "tail");
    int ws;
    assert_int_equal(cg_tube_wait(t, 10, &ws, &err), CG_OK);
    assert_true(WIFEXITED(ws));
    assert_int_equal(WEXITSTATUS(ws), 0);
    cg_tube_close(t);
}

static void test_process_cmd_exit_and_log(void **state)
{
    (void)state;
    mem_log m;
    cg_tube_options o = {.log_level = CG_LOG_INFO, .log = logging(&m)};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_process_cmd("sh -c 'echo \"a  b\"; exit 3'", &o, &t, &err), CG_OK);
    expect_line(t, "a  b");
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 10, &p, &n, &err), CG_ERR_EOF);
    int ws;
    assert_int_equal(cg_tube_wait(t, 10, &ws, &err), CG_OK);
    assert_int_equal(WEXITSTATUS(ws), 3);
    cg_tube_close(t);
    char *log = logged(&m);
    assert_non_null(strstr(log, "[+] Starting local process 'sh -c echo \"a  b\"; exit 3': pid "));
    assert_non_null(strstr(log, "[*] Stopped process 'sh -c echo \"a  b\"; exit 3' (pid "));
    assert_non_null(strstr(log, "): exit code 3\n"));
    free(log);
    /* a long command line: the log keeps it whole, the tube's name (which starts its messages)
       cut between words */
    const char *longer = "sh -c 'echo one; echo two; echo three; echo four; echo five; echo six'";
    o.log = logging(&m);
    assert_int_equal(cg_tube_process_cmd(longer, &o, &t, &err), CG_OK);
    assert_non_null(strstr(cg_tube_name(t), "process 'sh -c echo one; echo two; echo three; echo "
                                            "four;\xe2\x80\xa6' (pid "));
    cg_tube_close(t);
    log = logged(&m);
    assert_non_null(strstr(log, "echo five; echo six': pid "));
    free(log);
    /* the log's copy holds 159 characters: a command of 159 whole, of 160 cut with "..." */
    for (size_t len = 159; len <= 160; len++) {
        char arg[200] = "true #";
        memset(arg + 6, 'x', len - 12);
        arg[len - 6] = '\0'; /* "sh -c " and the argument: len characters */
        char *argv[] = {"sh", "-c", arg, NULL};
        o.log = logging(&m);
        assert_int_equal(cg_tube_process(argv, &o, &t, &err), CG_OK);
        cg_tube_close(t);
        log = logged(&m);
        char want[240];
        if (len == 159)
            snprintf(want, sizeof want, "Starting local process 'sh -c %s': pid", arg);
        else
            snprintf(want, sizeof want, "Starting local process 'sh -c %.*s...': pid", (int)(159 - 6 - 3), arg);
        if (!strstr(log, want))
            fail_msg("a command of %zu: '%s' not in the log:\n%s", len, want, log);
        free(log);
    }
}

/* Writing to a process that has exited is CG_ERR_SYSTEM, and no SIGPIPE kills us. */
static void test_process_broken_pipe(void **state)
{
    (void)state;
    cg_tube *t = start((char *[]){"true", NULL});
    cg_error err;
    assert_int_equal(cg_tube_wait(t, 10, NULL, &err), CG_OK);
    assert_int_equal(cg_tube_send(t, "x\n", 2, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "Broken pipe"));
    cg_tube_close(t);
}

/* The child starts with SIGPIPE at its default whatever the parent does with it (a player
 * that ignores it, as play does): a server writing into a closed pipe dies as it would
 * from a shell. */
static void test_process_sigpipe_default(void **state)
{
    (void)state;
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    cg_tube *t = start((char *[]){"sh", "-c", "kill -PIPE $$; echo alive", NULL});
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvall(t, 10, &p, &n, &err), CG_OK);
    assert_int_equal(n, 0);
    int ws = 0;
    assert_int_equal(cg_tube_wait(t, 10, &ws, &err), CG_OK);
    assert_true(WIFSIGNALED(ws) && WTERMSIG(ws) == SIGPIPE);
    cg_tube_close(t);
    signal(SIGPIPE, old);
}

/* A child that ignores EOF on stdin is still stopped and reaped by close. */
static void test_process_close_stops_child(void **state)
{
    (void)state;
    cg_tube *t = start((char *[]){"sleep", "60", NULL});
    cg_error err;
    assert_int_equal(cg_tube_wait(t, 0, NULL, &err), CG_ERR_TIMEOUT);
    char name[64];
    snprintf(name, sizeof name, "%s", cg_tube_name(t));
    cg_tube_close(t);
    int pid = atoi(strstr(name, "pid ") + 4);
    assert_int_equal(waitpid(pid, NULL, WNOHANG), -1); /* already reaped */
}

/* A child that ignores SIGTERM too: SIGKILL after the second wait, and it is reaped (the log
 * says how it ended: not a made-up exit code) */
static void test_process_close_kills_a_deaf_child(void **state)
{
    (void)state;
    mem_log m;
    cg_tube_options o = {.log_level = CG_LOG_INFO, .log = logging(&m)};
    cg_tube *t;
    cg_error err;
    char *argv[] = {"sh", "-c", "trap '' TERM; echo ready; exec sleep 60", NULL};
    assert_int_equal(cg_tube_process(argv, &o, &t, &err), CG_OK);
    expect_line(t, "ready");
    char name[64];
    snprintf(name, sizeof name, "%s", cg_tube_name(t));
    cg_tube_close(t);
    char *log = logged(&m);
    int pid = atoi(strstr(name, "pid ") + 4);
    assert_int_equal(waitpid(pid, NULL, WNOHANG), -1); /* already reaped */
    if (!strstr(log, "): killed by signal 9\n"))
        fail_msg("the log: %s", log);
    free(log);
}

static void test_process_not_found(void **state)
{
    (void)state;
    char *argv[] = {"/nonexistent/cubegod-server", NULL};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_process(argv, &quiet, &t, &err), CG_ERR_SYSTEM);
    assert_null(t);
    assert_non_null(strstr(err.msg, "No such file"));
    assert_int_equal(cg_tube_process_cmd("  ", &quiet, &t, &err), CG_ERR_INPUT);
}

static void expect_split(const char *cmd, const char *const *want, int nwant)
{
    char **argv;
    cg_error err;
    assert_int_equal(cg_split_command(cmd, &argv, &err), CG_OK);
    int i = 0;
    for (; argv[i]; i++) {
        assert_true(i < nwant);
        assert_string_equal(argv[i], want[i]);
    }
    assert_int_equal(i, nwant);
    cg_argv_free(argv);
}

static void test_split_command(void **state)
{
    (void)state;
    expect_split("python3 app.py", (const char *[]){"python3", "app.py"}, 2);
    expect_split("  a\t'b  c'  \"d \\\"e\\\" \\$f \\x\"  g\\ h 'x'\"y\"z '' ",
                 (const char *[]){"a", "b  c", "d \"e\" $f \\x", "g h", "xyz", ""}, 6);
    expect_split("'it''s' \\' end\\", (const char *[]){"its", "'", "end\\"}, 3);
    char **argv;
    cg_error err;
    assert_int_equal(cg_split_command("ab 'cd", &argv, &err), CG_ERR_INPUT);
    assert_null(argv);
    assert_non_null(strstr(err.msg, "' quote at position 4"));
    assert_int_equal(cg_split_command("x \"", &argv, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "\" quote at position 3"));
    assert_int_equal(cg_split_command(" \t ", &argv, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "empty"));
    /* a refused command frees the words it had split */
    size_t before = SIZE_MAX;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        assert_int_equal(cg_split_command("python3 app.py 'cut", &argv, &err), CG_ERR_INPUT);
        if (round == HEAP_SETTLED)
            before = heap_in_use();
    }
    if (before != SIZE_MAX)
        assert_int_equal(heap_in_use(), before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_timeout_then_data_then_eof),
        cmocka_unit_test(test_tcp_echo),
        cmocka_unit_test(test_tcp_ipv6),
        cmocka_unit_test(test_tcp_refused),
        cmocka_unit_test(test_tcp_accept_and_listen_errors),
        cmocka_unit_test(test_process_sigpipe_default),
        cmocka_unit_test(test_tcp_reset_is_error),
        cmocka_unit_test(test_process_cat),
        cmocka_unit_test(test_process_cmd_exit_and_log),
        cmocka_unit_test(test_process_broken_pipe),
        cmocka_unit_test(test_process_close_stops_child),
        cmocka_unit_test(test_process_not_found),
        cmocka_unit_test(test_process_close_kills_a_deaf_child),
        cmocka_unit_test(test_split_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
