/* Proxy replies the coverage run showed untested: SOCKS5 bound addresses given as a name or an
 * IPv6 address (read off the stream, the tunnel then works), an unknown address type, an unknown
 * reply code, wrong versions, a host name too long for SOCKS5; HTTP CONNECT to an IPv6 host,
 * a reply head too long, a status line too short or not HTTP, a NUL byte in the head (it
 * crashed the reader: strstr stopped at it); a proxy URL with a trailing '/'.
 * The proxy is scripted here: it reads the client's first bytes, answers its script in one
 * write, reads the request, then echoes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/tube.h"
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/time.h>
#include <unistd.h>

typedef struct script {
    const char *what;
    bool http;
    const char *reply; /* bytes the proxy answers (reply_len of them) */
    size_t reply_len;
    const char *host;  /* what the client asks for */
    const char *url_tail; /* after the proxy's host:port in the URL */
    cg_status expect;
    const char *says;  /* in the message (failures), or in the request seen (successes) */
} script;

static const char *dest_port = "4242"; /* what the client asks for: the host's port */

static bool slow; /* the proxy answers a byte at a time, 5 ms apart */

typedef struct proxy {
    const script *sc;
    int lfd;
    char port[16];
    char request[8192];
    size_t request_len;
    pthread_t thread;
} proxy;

static void *proxy_main(void *arg)
{
    proxy *p = arg;
    struct pollfd pl = {.fd = p->lfd, .events = POLLIN};
    if (poll(&pl, 1, 10000) != 1)
        return NULL;
    int fd = accept(p->lfd, NULL, NULL);
    if (fd < 0)
        return NULL;
    struct timeval tv = {.tv_sec = 2};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ssize_t k = read(fd, p->request, sizeof p->request - 1); /* greeting, or HTTP request */
    if (k > 0) {
        p->request_len = (size_t)k;
        bool sent = true;
        for (size_t at = 0; slow && sent && at < p->sc->reply_len; at++) {
            sent = write(fd, p->sc->reply + at, 1) == 1;
            usleep(5000);
        }
        if (!slow)
            sent = write(fd, p->sc->reply, p->sc->reply_len) == (ssize_t)p->sc->reply_len;
        if (sent) {
            char buf[512];
            ssize_t n;
            bool socks_request = !p->sc->http;
            while ((n = read(fd, buf, sizeof buf)) > 0) { /* the request, then the tunnel */
                if (p->request_len + (size_t)n < sizeof p->request - 1) {
                    memcpy(p->request + p->request_len, buf, (size_t)n);
                    p->request_len += (size_t)n;
                }
                size_t skip = 0; /* SOCKS5's CONNECT is the proxy's, not the tunnel's */
                if (socks_request && n >= 5) {
                    uint8_t type = (uint8_t)buf[3];
                    skip = 4 + (type == 1 ? 4 : type == 4 ? 16 : 1 + (uint8_t)buf[4]) + 2;
                    skip = skip > (size_t)n ? (size_t)n : skip;
                    socks_request = false;
                }
                if (write(fd, buf + skip, (size_t)n - skip) != n - (ssize_t)skip)
                    break;
            }
        }
    }
    p->request[p->request_len] = '\0';
    close(fd);
    return NULL;
}

#define S(lit) lit, sizeof lit - 1

static void run(const script *sc)
{
    proxy p = {.sc = sc};
    int port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 2, &p.lfd, &port, NULL), CG_OK);
    snprintf(p.port, sizeof p.port, "%d", port);
    assert_int_equal(pthread_create(&p.thread, NULL, proxy_main, &p), 0);
    char url[128];
    snprintf(url, sizeof url, "%s://127.0.0.1:%s%s", sc->http ? "http" : "socks5", p.port,
             sc->url_tail ? sc->url_tail : "");
    cg_tube_options o = {.log_level = CG_LOG_QUIET, .connect_timeout = 5};
    cg_tube *t = NULL;
    cg_error err = {0};
    cg_status st = cg_tube_connect_proxy(url, sc->host, dest_port, &o, &t, &err);
    if (st == CG_OK) {
        /* the tunnel: what the proxy echoes comes back whole, nothing of the reply left in it */
        const uint8_t *line;
        size_t n;
        assert_int_equal(cg_tube_sendline(t, "through", 7, &err), CG_OK);
        assert_int_equal(cg_tube_recvline(t, 5, &line, &n, &err), CG_OK);
        assert_int_equal(n, 7);
        assert_memory_equal(line, "through", 7);
        cg_tube_close(t);
    } else {
        assert_null(t);
    }
    if (st == CG_ERR_INPUT) {
        /* refused before the proxy is asked: the proxy's first connection is this empty one */
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
        assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
        close(fd);
    }
    pthread_join(p.thread, NULL);
    close(p.lfd);
    if (st == CG_ERR_INPUT && p.request_len != 0)
        fail_msg("%s: refused, but the proxy was sent %zu bytes", sc->what, p.request_len);
    if (st != sc->expect)
        fail_msg("%s: status %d, expected %d (%s)", sc->what, st, sc->expect, err.msg);
    if (st != CG_OK && !strstr(err.msg, sc->says))
        fail_msg("%s: message '%s' does not say '%s'", sc->what, err.msg, sc->says);
    if (st == CG_OK && !memmem(p.request, p.request_len, sc->says, strlen(sc->says)))
        fail_msg("%s: the proxy was not asked for '%s'", sc->what, sc->says);
}

static void test_socks5_replies(void **state)
{
    (void)state;
    static const script SC[] = {
        {"bound address as a name", false,
         S("\x05\x00" "\x05\x00\x00\x03\x0bproxy.local\x12\x34"), "127.0.0.1", NULL, CG_OK,
         "\x05\x01\x00\x01\x7f\x00\x00\x01\x10\x92"},
        {"bound address IPv6", false,
         S("\x05\x00" "\x05\x00\x00\x04" "0123456789abcdef" "\x12\x34"), "cube.test", NULL, CG_OK,
         "\x05\x01\x00\x03\x09" "cube.test\x10\x92"},
        {"URL with a trailing slash, IPv6 destination", false,
         S("\x05\x00" "\x05\x00\x00\x01\x7f\x00\x00\x01\x12\x34"), "::1", "/", CG_OK,
         "\x05\x01\x00\x04"},
        {"unknown address type", false, S("\x05\x00" "\x05\x00\x00\x07\x00\x00"), "127.0.0.1",
         NULL, CG_ERR_PROTOCOL, "malformed SOCKS5 reply (address type 7)"},
        {"unknown reply code", false, S("\x05\x00" "\x05\x2a\x00\x01"), "127.0.0.1", NULL,
         CG_ERR_PROTOCOL, "unknown reply code (SOCKS5 reply 42)"},
        {"not SOCKS5", false, S("\x04\x5a"), "127.0.0.1", NULL, CG_ERR_PROTOCOL,
         "not a SOCKS5 proxy (it answered 0x04 0x5a)"},
        {"reply of another version", false, S("\x05\x00" "\x04\x00\x00\x01"), "127.0.0.1", NULL,
         CG_ERR_PROTOCOL, "malformed SOCKS5 reply"},
    };
    for (size_t i = 0; i < sizeof SC / sizeof SC[0]; i++)
        run(&SC[i]);
    slow = true; /* every read of the reply short: each part lands after the one before */
    run(&SC[1]);
    slow = false;
    /* a name SOCKS5 cannot carry: refused before the proxy is asked */
    static char longname[300];
    memset(longname, 'a', sizeof longname - 1);
    script too_long = {"host name of 299 bytes", false, S("\x05\x00"), longname, NULL,
                       CG_ERR_INPUT, "host name longer than 255 bytes"};
    run(&too_long);
    /* a refusal names the host whole up to 64 bytes, cut with "..." past them */
    for (size_t len = 64; len <= 65; len++) {
        static char host[66], says[128];
        memset(host, 'd', len);
        host[len] = '\0';
        snprintf(says, sizeof says, "to %.64s%s port 4242: ", host, len > 64 ? "..." : "");
        script refused = {"a refusal", false, S("\x05\x00" "\x05\x05\x00\x01"), host, NULL,
                          CG_ERR_PROTOCOL, says};
        run(&refused);
    }
}

static void test_http_replies(void **state)
{
    (void)state;
    static char huge[5000];
    memcpy(huge, "HTTP/1.1 200 OK\r\nX: ", 20);
    memset(huge + 20, 'x', sizeof huge - 20);
    static const script SC[] = {
        {"IPv6 host", true, S("HTTP/1.1 200 Connection established\r\n\r\n"), "::1", NULL, CG_OK,
         "CONNECT [::1]:4242 HTTP/1.1\r\nHost: [::1]:4242\r\n\r\n"},
        {"status line too short", true, S("HTTP/1.1 20\r\n\r\n"), "127.0.0.1", NULL,
         CG_ERR_PROTOCOL, "not an HTTP proxy reply: 'HTTP/1.1 20'"},
        {"not HTTP", true, S("RTSP/1.0 200 OK\r\n\r\n"), "127.0.0.1", NULL, CG_ERR_PROTOCOL,
         "not an HTTP proxy reply"},
        {"escapes in the refusal", true, S("HTTP/1.1 407 \x1b[31mauth\x1b[0m\r\n\r\n"),
         "127.0.0.1", NULL, CG_ERR_PROTOCOL, "the proxy refused: HTTP/1.1 407 "},
        {"a NUL byte in the status line", true, S("HTTP/1.1 2\0\0 OK\r\n\r\n"), "127.0.0.1",
         NULL, CG_ERR_PROTOCOL, "not an HTTP proxy reply: 'HTTP/1.1 2'"},
        {"a NUL byte after the status code", true, S("HTTP/1.1 200\0OK\r\n\r\n"), "127.0.0.1",
         NULL, CG_OK, "CONNECT 127.0.0.1:4242 HTTP/1.1"},
    };
    for (size_t i = 0; i < sizeof SC / sizeof SC[0]; i++)
        run(&SC[i]);
    script head = {"reply head longer than 4095 bytes", true, huge, sizeof huge, "127.0.0.1",
                   NULL, CG_ERR_PROTOCOL, "the reply head is longer than 4095 bytes"};
    run(&head);
    /* a host no DNS name can be: refused before the proxy is asked (once the request was cut
     * short of it, and the bytes sent ran past the request's buffer) */
    static char longname[300];
    memset(longname, 'a', sizeof longname - 1);
    script too_long = {"host name of 299 bytes", true, S("HTTP/1.1 200 OK\r\n\r\n"), longname, NULL,
                       CG_ERR_INPUT, "host name longer than 255 bytes"};
    run(&too_long);
    static char name255[256];
    memset(name255, 'b', sizeof name255 - 1);
    script longest = {"host name of 255 bytes", true, S("HTTP/1.1 200 OK\r\n\r\n"), name255, NULL,
                      CG_OK, name255};
    run(&longest); /* asked for whole */
    static char name256[257];
    memset(name256, 'c', sizeof name256 - 1);
    script one_more = {"host name of 256 bytes", true, S("HTTP/1.1 200 OK\r\n\r\n"), name256, NULL,
                       CG_ERR_INPUT, "host name longer than 255 bytes (256 bytes: 'ccc"};
    run(&one_more);
}

/* A destination port neither proxy can carry: refused before the proxy is asked, as an address
 * on the command line is */
static void test_ports_refused(void **state)
{
    (void)state;
    static const struct {
        const char *port, *says;
    } P[] = {{"http", "port 'http' is not a number from 1 to 65535"},
             {"0", "port 0 is out of range: ports go from 1 to 65535"},
             {"65536", "port 65536 is out of range"},
             {"", "the port is missing"},
             {"4242 ", "port '4242 ' is not a number"},
             {"123456789012345678901234567890", "port '123456789012345...' is not a number"}};
    for (int http = 0; http <= 1; http++)
        for (size_t i = 0; i < sizeof P / sizeof *P; i++) {
            int lfd, port;
            assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 2, &lfd, &port, NULL), CG_OK);
            char url[128];
            snprintf(url, sizeof url, "%s://127.0.0.1:%d", http ? "http" : "socks5", port);
            cg_tube_options o = {.log_level = CG_LOG_QUIET, .connect_timeout = 5};
            cg_tube *t = NULL;
            cg_error err = {0};
            assert_int_equal(cg_tube_connect_proxy(url, "cube.test", P[i].port, &o, &t, &err),
                             CG_ERR_INPUT);
            assert_null(t);
            if (!strstr(err.msg, P[i].says))
                fail_msg("port '%s': '%s' does not say '%s'", P[i].port, err.msg, P[i].says);
            struct pollfd pl = {.fd = lfd, .events = POLLIN};
            assert_int_equal(poll(&pl, 1, 0), 0); /* nobody connected */
            close(lfd);
        }
    /* the largest passes, and a leading zero: the proxy is asked for them as given */
    script largest = {"port 65535", true, S("HTTP/1.1 200 OK\r\n\r\n"), "cube.test", NULL, CG_OK,
                      "CONNECT cube.test:65535 HTTP/1.1"};
    dest_port = "65535";
    run(&largest);
    script socks = {"port 0257", false, S("\x05\x00" "\x05\x00\x00\x01\x7f\x00\x00\x01\x12\x34"),
                    "cube.test", NULL, CG_OK, "\x05\x01\x00\x03\x09" "cube.test\x01\x01"};
    dest_port = "0257";
    run(&socks);
    dest_port = "4242";
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_socks5_replies),
        cmocka_unit_test(test_http_replies),
        cmocka_unit_test(test_ports_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
