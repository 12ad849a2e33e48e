/* Connecting through a proxy: SOCKS5 without authentication (RFC 1928) and HTTP CONNECT
 * (RFC 9110 9.3.6). The tunnel is a plain socket afterwards, so TLS runs through it to the
 * server exactly as over a direct connection. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tube/internal.h"

typedef enum { PROXY_SOCKS5, PROXY_HTTP } proxy_kind;

typedef struct proxy_url {
    proxy_kind kind;
    cg_address at;
    char label[300]; /* "SOCKS5 proxy 127.0.0.1:1080" for messages */
} proxy_url;

static cg_status parse_url(const char *url, proxy_url *p, cg_error *err)
{
    static const struct {
        const char *scheme;
        proxy_kind kind;
        const char *name;
    } SCHEMES[] = {{"socks5://", PROXY_SOCKS5, "SOCKS5"},
                   {"socks5h://", PROXY_SOCKS5, "SOCKS5"},
                   {"http://", PROXY_HTTP, "HTTP"}};
    for (size_t i = 0; i < sizeof SCHEMES / sizeof SCHEMES[0]; i++) {
        size_t n = strlen(SCHEMES[i].scheme);
        if (strncmp(url, SCHEMES[i].scheme, n) != 0)
            continue;
        char hostport[300];
        snprintf(hostport, sizeof hostport, "%s", url + n);
        size_t len = strlen(hostport);
        if (len && hostport[len - 1] == '/')
            hostport[len - 1] = '\0';
        if (strchr(hostport, '@'))
            return cg_fail(err, CG_ERR_INPUT, "proxy '%s': proxies with a user name or password "
                           "are not supported", url);
        const char *w = hostport;
        cg_status st = cg_address_parse(&w, 1, &p->at, err);
        if (st != CG_OK)
            return cg_error_prefix(st, err, "proxy '%s': ", url);
        p->kind = SCHEMES[i].kind;
        snprintf(p->label, sizeof p->label, strchr(p->at.host, ':') ? "%s proxy [%s]:%s"
                 : "%s proxy %s:%s", SCHEMES[i].name, p->at.host, p->at.port);
        return CG_OK;
    }
    return cg_fail(err, CG_ERR_INPUT, "proxy '%s' is not socks5://HOST:PORT or "
                   "http://HOST:PORT", url);
}

/* Reads exactly n bytes of the proxy's reply. */
static cg_status read_exact(int fd, uint8_t *buf, size_t n, int64_t deadline, cg_error *err)
{
    while (n) {
        size_t got;
        cg_status st = cgi_fd_read(fd, false, buf, n, deadline, &got, err);
        if (cgi_fd_closed(st))
            return cg_fail(err, CG_ERR_EOF, "the proxy closed the connection");
        if (st)
            return st;
        buf += got;
        n -= got;
    }
    return CG_OK;
}

static const char *socks_reason(int code)
{
    static const char *const R[] = {"succeeded",
                                    "general SOCKS server failure",
                                    "connection not allowed by ruleset",
                                    "network unreachable",
                                    "host unreachable",
                                    "connection refused by the destination",
                                    "TTL expired",
                                    "command not supported",
                                    "address type not supported"};
    return code >= 0 && code < 9 ? R[code] : "unknown reply code";
}

static cg_status socks5(int fd, const char *host, const char *port, int64_t deadline,
                        cg_error *err)
{
    uint8_t hello[3] = {5, 1, 0}, reply[262];
    cg_status st = cgi_fd_write(fd, true, hello, sizeof hello, deadline, err);
    if (!st)
        st = read_exact(fd, reply, 2, deadline, err);
    if (st)
        return st;
    if (reply[0] != 5)
        return cg_fail(err, CG_ERR_PROTOCOL, "not a SOCKS5 proxy (it answered 0x%02x 0x%02x)",
                       reply[0], reply[1]);
    if (reply[1] != 0)
        return cg_fail(err, CG_ERR_PROTOCOL, "the proxy wants authentication, which is not "
                       "supported");
    /* CONNECT: an IP literal as such, anything else as a name for the proxy to resolve. */
    uint8_t req[262];
    size_t n = 0;
    req[n++] = 5, req[n++] = 1, req[n++] = 0;
    uint8_t ip[16];
    size_t hlen = strlen(host); /* at most 255: cg_tube_connect_proxy refused longer */
    if (inet_pton(AF_INET, host, ip) == 1) {
        req[n++] = 1;
        memcpy(req + n, ip, 4), n += 4;
    } else if (inet_pton(AF_INET6, host, ip) == 1) {
        req[n++] = 4;
        memcpy(req + n, ip, 16), n += 16;
    } else {
        req[n++] = 3;
        req[n++] = (uint8_t)hlen;
        memcpy(req + n, host, hlen), n += hlen;
    }
    unsigned p = (unsigned)atoi(port); /* 1..65535: checked */
    req[n++] = (uint8_t)(p >> 8), req[n++] = (uint8_t)p;
    if ((st = cgi_fd_write(fd, true, req, n, deadline, err)) ||
        (st = read_exact(fd, reply, 4, deadline, err)))
        return st;
    if (reply[0] != 5)
        return cg_fail(err, CG_ERR_PROTOCOL, "malformed SOCKS5 reply");
    if (reply[1] != 0)
        return cg_fail(err, CG_ERR_PROTOCOL, "%s (SOCKS5 reply %d)", socks_reason(reply[1]),
                       reply[1]);
    /* The bound address that follows is of no use to us, but must be read off the stream. */
    size_t rest = reply[3] == 1 ? 4 : reply[3] == 4 ? 16 : 0;
    if (reply[3] == 3) {
        if ((st = read_exact(fd, reply, 1, deadline, err)))
            return st;
        rest = reply[0];
    } else if (!rest) {
        return cg_fail(err, CG_ERR_PROTOCOL, "malformed SOCKS5 reply (address type %d)", reply[3]);
    }
    return read_exact(fd, reply, rest + 2, deadline, err);
}

static cg_status http_connect(int fd, const char *host, const char *port, int64_t deadline,
                              cg_error *err)
{
    char req[700];
    bool v6 = strchr(host, ':') != NULL;
    /* fits: the host is at most 255 bytes and the port 5 digits (cg_tube_connect_proxy) */
    snprintf(req, sizeof req, v6 ? "CONNECT [%s]:%s HTTP/1.1\r\nHost: [%s]:%s\r\n\r\n"
                                 : "CONNECT %s:%s HTTP/1.1\r\nHost: %s:%s\r\n\r\n",
             host, port, host, port);
    cg_status st = cgi_fd_write(fd, true, (const uint8_t *)req, strlen(req), deadline, err);
    if (st)
        return st;
    /* The reply head, a byte at a time: nothing of the tunnel after it may be consumed here. */
    char head[4096];
    size_t len = 0;
    while (len < 4 || memcmp(head + len - 4, "\r\n\r\n", 4) != 0) {
        if (len == sizeof head - 1)
            return cg_fail(err, CG_ERR_PROTOCOL, "the reply head is longer than %zu bytes",
                           sizeof head - 1);
        if ((st = read_exact(fd, (uint8_t *)head + len, 1, deadline, err)))
            return st;
        len++;
    }
    head[len] = '\0';
    /* the status line ends at the first CRLF, found by length: a NUL byte in the head (a
     * hostile or broken proxy) must not hide it */
    char *eol = memmem(head, len, "\r\n", 2);
    *eol = '\0';
    cg_text_printable(head);
    if (strncmp(head, "HTTP/1.", 7) != 0 || strlen(head) < 12)
        return cg_fail(err, CG_ERR_PROTOCOL, "not an HTTP proxy reply: '%.80s'", head);
    if (head[9] != '2')
        return cg_fail(err, CG_ERR_PROTOCOL, "the proxy refused: %.120s", head);
    return CG_OK;
}

cg_status cg_tube_connect_proxy(const char *proxy, const char *host, const char *port,
                                const cg_tube_options *o, cg_tube **out, cg_error *err)
{
    if (!proxy || !*proxy)
        return cg_tube_connect(host, port, o, out, err);
    *out = NULL;
    proxy_url p;
    cg_status st = parse_url(proxy, &p, err);
    if (st)
        return st;
    /* no DNS name is longer, SOCKS5 carries neither a longer name nor a port that is no number,
     * and the HTTP request's buffer holds no more: refused before the proxy is asked */
    if (strlen(host) > 255)
        return cg_fail(err, CG_ERR_INPUT, "host name longer than 255 bytes (%zu bytes: '%.32s...')",
                       strlen(host), host);
    if ((st = cgi_port_check(port, err)))
        return st;
    cg_tube_options opt = cgi_tube_opts(o);
    cg_log log = cgi_tube_opts_log(o);
    int64_t deadline = cg_deadline(opt.connect_timeout);
    int fd;
    st = cgi_tcp_connect_fd(p.at.host, p.at.port, deadline, &fd, err);
    if (st) {
        cg_error_prefix(st, err, "%s: ", p.label);
    } else {
        st = p.kind == PROXY_SOCKS5 ? socks5(fd, host, port, deadline, err)
                                    : http_connect(fd, host, port, deadline, err);
        if (st) {
            close(fd);
            /* a long host name would push the reason out of the message: cut it */
            cg_error_prefix(st, err, "%s: to %.64s%s port %s: ", p.label, host,
                            strlen(host) > 64 ? "..." : "", port);
        }
    }
    if (!st && opt.tls) {
        st = cgi_tls_connect(fd, host, port, &opt, deadline, out, err);
    } else if (!st) {
        char name[600], said[600];
        snprintf(name, sizeof name, strchr(host, ':') ? "tcp [%s]:%s via %s" : "tcp %s:%s via %s",
                 host, port, p.label);
        snprintf(said, sizeof said, "connection to %s port %s", host, port);
        st = cgi_fd_tube(fd, fd, name, said, o, out, err);
    }
    cg_log_msg(&log, CG_LOG_INFO, st ? '-' : '+', "Opening connection to %s on port %s via %s: %s",
               host, port, p.label, st ? "Failed" : "Done");
    return st;
}
