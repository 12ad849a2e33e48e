/* cg_tube_connect_proxy against a scripted proxy in a thread: the SOCKS5 and HTTP CONNECT
 * requests byte for byte, data through the tunnel (including bytes the proxy sends right after
 * its reply), and each refusal or wrong peer with its message. */
#include <arpa/inet.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/tube.h"

enum { SOCKS5, HTTP };

typedef struct fake_proxy {
    int kind;
    uint8_t method;          /* SOCKS5: the method chosen (0, or 0xFF for "none acceptable") */
    const char *reply;       /* sent after the request */
    size_t reply_len;
    bool echo;               /* then echo bytes until EOF */
    int lfd;
    char port[16];
    uint8_t req[600];        /* the request received (SOCKS5: the CONNECT message) */
    size_t req_len;
    pthread_t thread;
} fake_proxy;

static bool read_exact(int fd, uint8_t *p, size_t n)
{
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

static bool socks5_request(fake_proxy *f, int fd)
{
    uint8_t hello[3];
    if (!read_exact(fd, hello, 3) || hello[0] != 5)
        return false;
    uint8_t choice[2] = {5, f->method};
    if (write(fd, choice, 2) != 2 || f->method != 0)
        return false;
    if (!read_exact(fd, f->req, 4))
        return false;
    size_t n = f->req[3] == 1 ? 4 : f->req[3] == 4 ? 16 : 0;
    f->req_len = 4;
    if (f->req[3] == 3) {
        if (!read_exact(fd, f->req + 4, 1))
            return false;
        n = 1 + f->req[4];
        if (!read_exact(fd, f->req + 5, n - 1))
            return false;
        f->req_len += n;
        n = 0;
    }
    if (!read_exact(fd, f->req + f->req_len, n + 2))
        return false;
    f->req_len += n + 2;
    return true;
}

static bool http_request(fake_proxy *f, int fd)
{
    while (f->req_len < 4 || memcmp(f->req + f->req_len - 4, "\r\n\r\n", 4) != 0) {
        if (f->req_len == sizeof f->req - 1 || !read_exact(fd, f->req + f->req_len, 1))
            return false;
        f->req_len++;
    }
    f->req[f->req_len] = '\0';
    return true;
}

static void *proxy_main(void *arg)
{
    fake_proxy *f = arg;
    int fd = accept(f->lfd, NULL, NULL);
    if (fd < 0)
        return NULL;
    bool ok = f->kind == SOCKS5 ? socks5_request(f, fd) : http_request(f, fd);
    if (ok && write(fd, f->reply, f->reply_len) == (ssize_t)f->reply_len && f->echo) {
        uint8_t buf[256];
        ssize_t n;
        while ((n = read(fd, buf, sizeof buf)) > 0)
            if (write(fd, buf, (size_t)n) != n)
                break;
    }
    close(fd);
    return NULL;
}

static void start(fake_proxy *f)
{
    int port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &f->lfd, &port, NULL), CG_OK);
    snprintf(f->port, sizeof f->port, "%d", port);
    assert_int_equal(pthread_create(&f->thread, NULL, proxy_main, f), 0);
}

static void stop(fake_proxy *f)
{
    pthread_join(f->thread, NULL);
    close(f->lfd);
}

static cg_status via(fake_proxy *f, const char *scheme, const char *host, const char *port,
                     cg_tube **t, cg_error *err)
{
    char url[64];
    snprintf(url, sizeof url, "%s://127.0.0.1:%s", scheme, f->port);
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .connect_timeout = 5};
    return cg_tube_connect_proxy(url, host, port, &o, t, err);
}

static void expect_echo(cg_tube *t)
{
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_sendline(t, "R U R' U'", 9, NULL), CG_OK);
    assert_int_equal(cg_tube_recvline(t, 5, &line, &n, NULL), CG_OK);
    assert_int_equal(n, 9);
    assert_memory_equal(line, "R U R' U'", 9);
}

static const char SOCKS_OK[] = "\x05\x00\x00\x01\x7f\x00\x00\x01\x12\x34";

static void test_socks5_name(void **state)
{
    (void)state;
    fake_proxy f = {.kind = SOCKS5, .reply = SOCKS_OK, .reply_len = 10, .echo = true};
    start(&f);
    cg_tube *t;
    cg_error err;
    assert_int_equal(via(&f, "socks5", "cube.example", "4242", &t, &err), CG_OK);
    expect_echo(t);
    /* named by where it goes and how */
    assert_non_null(strstr(cg_tube_name(t), "tcp cube.example:4242 via "));
    cg_tube_close(t);
    stop(&f);
    /* CONNECT, domain name (type 3), 12 bytes of name, port 4242 = 0x1092. */
    static const uint8_t want[] = {5, 1, 0, 3, 12, 'c', 'u', 'b', 'e', '.', 'e', 'x', 'a', 'm',
                                   'p', 'l', 'e', 0x10, 0x92};
    assert_int_equal(f.req_len, sizeof want);
    assert_memory_equal(f.req, want, sizeof want);
}

static void test_socks5_addresses(void **state)
{
    (void)state;
    /* A bound address given as a name must be read off the stream too. */
    static const char named[] = "\x05\x00\x00\x03\x04host\x00\x50";
    fake_proxy f = {.kind = SOCKS5, .reply = named, .reply_len = sizeof named - 1, .echo = true};
    start(&f);
    cg_tube *t;
    assert_int_equal(via(&f, "socks5h", "10.1.2.3", "80", &t, NULL), CG_OK);
    expect_echo(t);
    cg_tube_close(t);
    stop(&f);
    static const uint8_t v4[] = {5, 1, 0, 1, 10, 1, 2, 3, 0, 80};
    assert_int_equal(f.req_len, sizeof v4);
    assert_memory_equal(f.req, v4, sizeof v4);

    fake_proxy g = {.kind = SOCKS5, .reply = SOCKS_OK, .reply_len = 10, .echo = true};
    start(&g);
    assert_int_equal(via(&g, "socks5", "::1", "443", &t, NULL), CG_OK);
    assert_non_null(strstr(cg_tube_name(t), "tcp [::1]:443 via ")); /* an IPv6 host bracketed */
    cg_tube_close(t);
    stop(&g);
    assert_int_equal(g.req_len, 4 + 16 + 2);
    assert_int_equal(g.req[3], 4);
    assert_int_equal(g.req[19], 1);
}

static void test_socks5_refusals(void **state)
{
    (void)state;
    cg_tube *t;
    cg_error err;
    fake_proxy f = {.kind = SOCKS5, .reply = "\x05\x05\x00\x01\0\0\0\0\0\0", .reply_len = 10};
    start(&f);
    assert_int_equal(via(&f, "socks5", "cube.example", "1", &t, &err), CG_ERR_PROTOCOL);
    assert_null(t);
    stop(&f);
    assert_non_null(strstr(err.msg, "SOCKS5 proxy 127.0.0.1:"));
    assert_non_null(strstr(err.msg, "to cube.example port 1: connection refused by the "
                                    "destination (SOCKS5 reply 5)"));
    fake_proxy g = {.kind = SOCKS5, .method = 0xFF};
    start(&g);
    assert_int_equal(via(&g, "socks5", "cube.example", "1", &t, &err), CG_ERR_PROTOCOL);
    stop(&g);
    assert_non_null(strstr(err.msg, "the proxy wants authentication, which is not supported"));
}

static void test_http(void **state)
{
    (void)state;
    /* The first bytes of the tunnel come in the same write as the reply head. */
    static const char reply[] = "HTTP/1.1 200 Connection established\r\nVia: test\r\n\r\nbanner\n";
    fake_proxy f = {.kind = HTTP, .reply = reply, .reply_len = sizeof reply - 1, .echo = true};
    start(&f);
    cg_tube *t;
    cg_error err;
    assert_int_equal(via(&f, "http", "cube.example", "1337", &t, &err), CG_OK);
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 5, &line, &n, NULL), CG_OK);
    assert_int_equal(n, 6);
    assert_memory_equal(line, "banner", 6);
    expect_echo(t);
    cg_tube_close(t);
    stop(&f);
    assert_string_equal((const char *)f.req,
                        "CONNECT cube.example:1337 HTTP/1.1\r\nHost: cube.example:1337\r\n\r\n");
}

static void test_http_refusals(void **state)
{
    (void)state;
    cg_tube *t;
    cg_error err;
    static const char denied[] = "HTTP/1.1 407 Proxy Authentication Required\r\n\r\n";
    fake_proxy f = {.kind = HTTP, .reply = denied, .reply_len = sizeof denied - 1};
    start(&f);
    assert_int_equal(via(&f, "http", "h", "1", &t, &err), CG_ERR_PROTOCOL);
    stop(&f);
    assert_non_null(strstr(err.msg, "the proxy refused: HTTP/1.1 407 Proxy Authentication Required"));
    static const char ssh[] = "SSH-2.0-OpenSSH_9.2\r\n\r\n";
    fake_proxy g = {.kind = HTTP, .reply = ssh, .reply_len = sizeof ssh - 1};
    start(&g);
    assert_int_equal(via(&g, "http", "h", "1", &t, &err), CG_ERR_PROTOCOL);
    stop(&g);
    assert_non_null(strstr(err.msg, "not an HTTP proxy reply: 'SSH-2.0-OpenSSH_9.2'"));
    fake_proxy h = {.kind = HTTP, .reply = "", .reply_len = 0};
    start(&h);
    assert_int_equal(via(&h, "http", "h", "1", &t, &err), CG_ERR_EOF);
    stop(&h);
    assert_non_null(strstr(err.msg, "the proxy closed the connection"));
}

static void test_urls(void **state)
{
    (void)state;
    cg_tube *t;
    cg_error err;
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    assert_int_equal(cg_tube_connect_proxy("ftp://127.0.0.1:1", "h", "1", &o, &t, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "is not socks5://HOST:PORT or http://HOST:PORT"));
    assert_int_equal(cg_tube_connect_proxy("socks5://u:p@127.0.0.1:1", "h", "1", &o, &t, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "user name or password are not supported"));
    assert_int_equal(cg_tube_connect_proxy("http://127.0.0.1:99999", "h", "1", &o, &t, &err),
                     CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "port 99999 is out of range"));
    /* Nothing listens there: the proxy cannot be reached, and the message says which. */
    int lfd, port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 1, &lfd, &port, NULL), CG_OK);
    close(lfd);
    char url[64];
    snprintf(url, sizeof url, "socks5://127.0.0.1:%d", port);
    assert_int_equal(cg_tube_connect_proxy(url, "h", "1", &o, &t, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "SOCKS5 proxy 127.0.0.1:"));
    assert_non_null(strstr(err.msg, "Connection refused"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_socks5_name),   cmocka_unit_test(test_socks5_addresses),
        cmocka_unit_test(test_socks5_refusals), cmocka_unit_test(test_http),
        cmocka_unit_test(test_http_refusals), cmocka_unit_test(test_urls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
