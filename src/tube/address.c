/* Where to connect, as players write it: HOST PORT, HOST:PORT, [V6]:PORT, or a pasted
 * "nc HOST PORT". Pure text work; nothing is resolved here. */
#include <stdio.h>
#include <string.h>

#include "cubegod/tube.h"

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* A port: decimal 1..65535. */
static cg_status take_port(const char *text, size_t len, cg_address *a, cg_error *err)
{
    char p[16];
    if (len == 0)
        return cg_fail(err, CG_ERR_INPUT, "the port is missing (HOST PORT or HOST:PORT)");
    if (len >= sizeof p)
        return cg_fail(err, CG_ERR_INPUT, "port '%.*s...' is not a number from 1 to 65535",
                       (int)(sizeof p - 1), text);
    memcpy(p, text, len);
    p[len] = '\0';
    if (!all_digits(p))
        return cg_fail(err, CG_ERR_INPUT, "port '%s' is not a number from 1 to 65535", p);
    unsigned long v = 0;
    for (const char *s = p; *s; s++)
        v = v * 10 + (unsigned long)(*s - '0');
    if (v < 1 || v > 65535)
        return cg_fail(err, CG_ERR_INPUT, "port %s is out of range: ports go from 1 to 65535", p);
    snprintf(a->port, sizeof a->port, "%lu", v);
    return CG_OK;
}

cg_status cgi_port_check(const char *port, cg_error *err)
{
    cg_address a;
    return take_port(port, strlen(port), &a, err);
}

static cg_status take_host(const char *text, size_t len, cg_address *a, cg_error *err)
{
    if (len == 0)
        return cg_fail(err, CG_ERR_INPUT, "the host is empty");
    if (len >= sizeof a->host)
        return cg_fail(err, CG_ERR_INPUT, "the host name is longer than %zu bytes",
                       sizeof a->host - 1);
    for (size_t i = 0; i < len; i++)
        if (cg_is_control(text[i]) || text[i] == ' ' || text[i] == '/' || text[i] == '[' ||
            text[i] == ']')
            return cg_fail(err, CG_ERR_INPUT, "host '%.*s' has a character no host name has "
                           "(at %zu)", len > 60 ? 60 : (int)len, text, i + 1);
    memcpy(a->host, text, len);
    a->host[len] = '\0';
    return CG_OK;
}

/* One word: HOST:PORT or [V6]:PORT. */
static cg_status one_word(const char *w, cg_address *a, cg_error *err)
{
    size_t len = strlen(w);
    if (w[0] == '[') {
        const char *close = strchr(w, ']');
        if (!close)
            return cg_fail(err, CG_ERR_INPUT, "'%s': no ']' after the IPv6 address", w);
        if (close[1] != ':')
            return cg_fail(err, CG_ERR_INPUT, "'%s': write [V6]:PORT, or V6 PORT", w);
        cg_status st = take_host(w + 1, (size_t)(close - w - 1), a, err);
        return st ? st : take_port(close + 2, strlen(close + 2), a, err);
    }
    const char *colon = strrchr(w, ':');
    if (!colon)
        return cg_fail(err, CG_ERR_INPUT, "'%s' has no port: give HOST PORT or HOST:PORT", w);
    if (strchr(w, ':') != colon)
        return cg_fail(err, CG_ERR_INPUT, "'%s': an IPv6 address with a port is written "
                       "[V6]:PORT (or give V6 PORT)", w);
    cg_status st = take_host(w, (size_t)(colon - w), a, err);
    return st ? st : take_port(colon + 1, len - (size_t)(colon - w) - 1, a, err);
}

static cg_status two_words(const char *host, const char *port, cg_address *a, cg_error *err)
{
    if (all_digits(host) && !all_digits(port))
        return cg_fail(err, CG_ERR_INPUT, "'%s %s': host and port look swapped; give HOST PORT",
                       host, port);
    if (host[0] == '[' && host[strlen(host) - 1] == ']') /* "[::1] 1337" */
        return take_host(host + 1, strlen(host) - 2, a, err) ? CG_ERR_INPUT
                                                             : take_port(port, strlen(port), a, err);
    cg_status st = take_host(host, strlen(host), a, err);
    return st ? st : take_port(port, strlen(port), a, err);
}

static bool is_netcat(const char *w)
{
    return strcmp(w, "nc") == 0 || strcmp(w, "ncat") == 0 || strcmp(w, "netcat") == 0;
}

cg_status cg_address_parse(const char *const *words, int n, cg_address *a, cg_error *err)
{
    memset(a, 0, sizeof *a);
    /* One word holding blanks ("nc host 1337" pasted in quotes): split it. */
    char copy[512];
    const char *split[8];
    if (n == 1 && strpbrk(words[0], " \t")) {
        if (strlen(words[0]) >= sizeof copy)
            return cg_fail(err, CG_ERR_INPUT, "the address is longer than %zu bytes",
                           sizeof copy - 1);
        strcpy(copy, words[0]);
        n = 0;
        /* strtok_r: a library call must not move its caller's (or another thread's) strtok */
        char *at;
        for (char *tok = strtok_r(copy, " \t\r\n", &at); tok;
             tok = strtok_r(NULL, " \t\r\n", &at)) {
            if (n == 8)
                return cg_fail(err, CG_ERR_INPUT, "too many words in '%s'", words[0]);
            split[n++] = tok;
        }
        words = split;
    }
    /* "nc [-v] [-n] HOST PORT": options of nc without values are skipped. */
    if (n >= 1 && is_netcat(words[0])) {
        words++, n--;
        while (n > 0 && words[0][0] == '-' && words[0][1] != '\0') {
            if (strpbrk(words[0], "pswiqWxX"))
                return cg_fail(err, CG_ERR_INPUT, "nc option '%s' is not understood here: "
                               "give nc HOST PORT", words[0]);
            words++, n--;
        }
    }
    if (n == 2)
        return two_words(words[0], words[1], a, err);
    if (n == 1)
        return one_word(words[0], a, err);
    if (n == 0)
        return cg_fail(err, CG_ERR_INPUT, "no address: give HOST PORT, HOST:PORT or [V6]:PORT");
    return cg_fail(err, CG_ERR_INPUT, "%d words for an address: give HOST PORT, HOST:PORT, "
                   "[V6]:PORT or nc HOST PORT", n);
}
