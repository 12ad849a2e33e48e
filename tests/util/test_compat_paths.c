/* The SO_NOSIGPIPE way of src/util/compat.c (the BSDs and macOS: no MSG_NOSIGNAL, a socket
 * option instead), which no Linux build of the library compiles: the file is compiled here a
 * third time (test_compat.c has the library's and the POSIX fallbacks') with CG_HAVE_SO_NOSIGPIPE
 * and without CG_HAVE_MSG_NOSIGNAL, under other names, its setsockopt seen through a recorder.
 * Every socket it makes or accepts is asked not to raise SIGPIPE, and sends count as quiet. */
#include <errno.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#ifndef SO_NOSIGPIPE
#define SO_NOSIGPIPE 0x1022 /* the BSDs' and macOS's value; Linux has none */
#endif

/* setsockopt: records the last call (SO_NOSIGPIPE is not asked of Linux's). */
static struct {
    int calls, fd, level, name, value;
    socklen_t len;
} last;

static int recording_setsockopt(int fd, int level, int name, const void *value, socklen_t len)
{
    last.calls++;
    last.fd = fd;
    last.level = level;
    last.name = name;
    last.value = len == sizeof(int) ? *(const int *)value : -1;
    last.len = len;
    return 0;
}

#undef CG_HAVE_MSG_NOSIGNAL
#undef CG_HAVE_SO_NOSIGPIPE
#define CG_HAVE_SO_NOSIGPIPE 1
#define setsockopt recording_setsockopt
#define cgi_send_is_quiet np_send_is_quiet
#define cgi_socket_nosigpipe np_socket_nosigpipe
#define cgi_mkstemp_cloexec np_mkstemp_cloexec
#define cgi_pipe_cloexec np_pipe_cloexec
#define cgi_socket np_socket
#define cgi_accept_nb np_accept_nb
#define cgi_poll_ts np_poll_ts
#define cgi_sigpipe_discard np_sigpipe_discard
#define cgi_random_u64 np_random_u64
#define cgi_wakeup_open np_wakeup_open
#define cgi_wakeup_signal np_wakeup_signal
#define cgi_wakeup_close np_wakeup_close
#include "util/compat.c"
#undef setsockopt

static void expect_asked(int fd)
{
    assert_int_equal(last.fd, fd);
    assert_int_equal(last.level, SOL_SOCKET);
    assert_int_equal(last.name, SO_NOSIGPIPE);
    assert_int_equal(last.value, 1);
    assert_int_equal(last.len, sizeof(int));
}

/* With SO_NOSIGPIPE a send never raises SIGPIPE; the option is what asks for it */
static void test_sends_quiet_by_the_socket_option(void **state)
{
    (void)state;
    assert_true(np_send_is_quiet());
    memset(&last, 0, sizeof last);
    np_socket_nosigpipe(42);
    assert_int_equal(last.calls, 1);
    expect_asked(42);
}

/* The sockets made and accepted get it, each once */
static void test_new_sockets_asked(void **state)
{
    (void)state;
    memset(&last, 0, sizeof last);
    int l = np_socket(AF_INET, SOCK_STREAM, 0, false);
    assert_true(l >= 0);
    assert_int_equal(last.calls, 1);
    expect_asked(l);
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sa;
    assert_int_equal(bind(l, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(l, 1), 0);
    assert_int_equal(getsockname(l, (struct sockaddr *)&sa, &len), 0);
    int c = socket(AF_INET, SOCK_STREAM, 0);
    assert_int_equal(connect(c, (struct sockaddr *)&sa, sizeof sa), 0);
    int a = np_accept_nb(l, NULL, NULL);
    assert_true(a >= 0);
    assert_int_equal(last.calls, 2);
    expect_asked(a);
    /* no socket: nothing asked */
    errno = 0;
    assert_int_equal(np_accept_nb(-1, NULL, NULL), -1);
    assert_int_equal(last.calls, 2);
    close(a);
    close(c);
    close(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sends_quiet_by_the_socket_option),
        cmocka_unit_test(test_new_sockets_asked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
