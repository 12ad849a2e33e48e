// link-wrap: socket getnameinfo
/* TCP without sockets or address texts (socket() and getnameinfo() failing, through the linker's
 * --wrap): a connect and a listen that cannot make a socket say why and where; an address
 * getnameinfo cannot write is "?" in messages, and an accepted peer "?:?". */
#include <errno.h>
#include <netdb.h>
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

#include "cubegod/tube.h"
#include "testutil.h"

static bool no_socket, no_names;

int __real_socket(int domain, int type, int protocol);
int __wrap_socket(int domain, int type, int protocol)
{
    if (no_socket) {
        errno = EMFILE;
        return -1;
    }
    return __real_socket(domain, type, protocol);
}

int __real_getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hostlen,
                       char *serv, socklen_t servlen, int flags);
int __wrap_getnameinfo(const struct sockaddr *sa, socklen_t salen, char *host, socklen_t hostlen,
                       char *serv, socklen_t servlen, int flags)
{
    if (no_names)
        return EAI_FAIL;
    return __real_getnameinfo(sa, salen, host, hostlen, serv, servlen, flags);
}

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

static void test_no_socket(void **state)
{
    (void)state;
    cg_tube *t;
    cg_error err;
    int fd;
    no_socket = true;
    cg_status connected = cg_tube_connect("127.0.0.1", "9", &quiet, &t, &err);
    char said[sizeof err.msg];
    snprintf(said, sizeof said, "%s", err.msg);
    cg_status listened = cg_tcp_listen("127.0.0.1", "0", 1, &fd, NULL, &err);
    no_names = true;
    cg_error unnamed;
    cg_status listened_unnamed = cg_tcp_listen("127.0.0.1", "0", 1, &fd, NULL, &unnamed);
    no_names = no_socket = false;
    assert_int_equal(connected, CG_ERR_SYSTEM);
    assert_null(t);
    if (!strstr(said, "socket: ") || !strstr(said, strerror(EMFILE)))
        fail_msg("%s", said);
    assert_int_equal(listened, CG_ERR_SYSTEM);
    char want[128];
    snprintf(want, sizeof want, "listen on 127.0.0.1 port 0: %s", strerror(EMFILE));
    assert_string_equal(err.msg, want);
    assert_int_equal(listened_unnamed, CG_ERR_SYSTEM);
    snprintf(want, sizeof want, "listen on ? port 0: %s", strerror(EMFILE));
    assert_string_equal(unnamed.msg, want);
}

static void test_peer_without_a_name(void **state)
{
    (void)state;
    int lfd, port, fd;
    cg_error err;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &lfd, &port, &err), CG_OK);
    char ps[16];
    snprintf(ps, sizeof ps, "%d", port);
    cg_tube *t;
    assert_int_equal(cg_tube_connect("127.0.0.1", ps, &quiet, &t, &err), CG_OK);
    char peer[64] = "unset";
    cg_status st;
    no_names = true;
    for (int tries = 0; (st = cg_tcp_accept(lfd, &fd, peer, sizeof peer, &err)) == CG_ERR_TIMEOUT && tries < 1000;
         tries++)
        usleep(1000);
    no_names = false;
    assert_int_equal(st, CG_OK);
    assert_string_equal(peer, "?:?");
    close(fd);
    cg_tube_close(t);
    close(lfd);
}

/* A port already listened on: the second listen fails saying where and why, and its socket is
 * closed (the descriptors are as before) */
static void test_port_in_use(void **state)
{
    (void)state;
    int first, port, second = -1;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &first, &port, NULL), CG_OK);
    char p[16], want[96];
    snprintf(p, sizeof p, "%d", port);
    int before = open_descriptors();
    cg_error err;
    for (int k = 0; k < 3; k++)
        assert_int_equal(cg_tcp_listen("127.0.0.1", p, 1, &second, NULL, &err), CG_ERR_SYSTEM);
    assert_int_equal(open_descriptors(), before);
    snprintf(want, sizeof want, "listen on 127.0.0.1 port %s: %s", p, strerror(EADDRINUSE));
    if (!strstr(err.msg, want))
        fail_msg("'%s' does not say '%s'", err.msg, want);
    close(first);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_socket),
        cmocka_unit_test(test_peer_without_a_name),
        cmocka_unit_test(test_port_in_use),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
