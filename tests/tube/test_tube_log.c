/* Issue 25, defect 6: the library is quiet by default. A TCP tube opened with all-default
 * options writes nothing to stderr (it once wrote "[+] Opening connection ..." there); with a
 * level and a cg_log_fn the lines go to the callback and still not to stderr. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>

#include "cubegod/tube.h"

typedef struct heard {
    char text[4096];
    int calls;
    int at[16];
} heard;

static void hear(void *ctx, cg_log_level at, const char *text)
{
    heard *h = ctx;
    if (h->calls < 16)
        h->at[h->calls] = at;
    h->calls++;
    strncat(h->text, text, sizeof h->text - strlen(h->text) - 1);
}

/* Runs fn with stderr sent to a temporary file; returns what was written there. */
static char *stderr_of(void (*fn)(void *), void *arg)
{
    fflush(stderr);
    FILE *cap = tmpfile();
    assert_non_null(cap);
    int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(cap), STDERR_FILENO) >= 0);
    fn(arg);
    fflush(stderr);
    assert_true(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    long n = (long)lseek(fileno(cap), 0, SEEK_END);
    char *out = calloc(1, (size_t)n + 1);
    assert_non_null(out);
    assert_int_equal(pread(fileno(cap), out, (size_t)n, 0), n);
    fclose(cap);
    return out;
}

typedef struct session {
    const cg_tube_options *o;
    int port;
} session;

/* Connects to 127.0.0.1:port, sends a line, closes. */
static void connect_send_close(void *arg)
{
    session *s = arg;
    char port[16];
    snprintf(port, sizeof port, "%d", s->port);
    cg_tube *t;
    cg_error err;
    if (cg_tube_connect("127.0.0.1", port, s->o, &t, &err) != CG_OK)
        fail_msg("connect: %s", err.msg);
    assert_int_equal(cg_tube_sendline(t, "R U", 3, &err), CG_OK);
    cg_tube_close(t);
}

static int listener(int *port)
{
    int fd;
    cg_error err;
    if (cg_tcp_listen("127.0.0.1", "0", 4, &fd, port, &err) != CG_OK)
        fail_msg("listen: %s", err.msg);
    return fd;
}

static void test_default_options_say_nothing(void **state)
{
    (void)state;
    session s = {.o = NULL};
    int fd = listener(&s.port);
    char *err_text = stderr_of(connect_send_close, &s);
    assert_string_equal(err_text, "");
    free(err_text);
    cg_tube_options zero = {0}; /* zero-initialised: every default */
    s.o = &zero;
    err_text = stderr_of(connect_send_close, &s);
    assert_string_equal(err_text, "");
    free(err_text);
    close(fd);
}

static void test_callback_hears_the_log(void **state)
{
    (void)state;
    heard h = {0};
    cg_tube_options o = {.log_level = CG_LOG_INFO, .log_fn = hear, .log_ctx = &h};
    session s = {.o = &o};
    int fd = listener(&s.port);
    char *err_text = stderr_of(connect_send_close, &s);
    assert_string_equal(err_text, ""); /* the callback, not stderr */
    free(err_text);
    char want[128];
    snprintf(want, sizeof want, "[+] Opening connection to 127.0.0.1 on port %d: Done\n", s.port);
    assert_non_null(strstr(h.text, want));
    assert_non_null(strstr(h.text, "[*] Closed connection to 127.0.0.1 port"));
    assert_null(strstr(h.text, "DEBUG"));
    assert_int_equal(h.calls, 2);
    assert_int_equal(h.at[0], CG_LOG_INFO);
    /* debug: each hexdump arrives whole, in one call, after its header line */
    memset(&h, 0, sizeof h);
    o.log_level = CG_LOG_DEBUG;
    connect_send_close(&s);
    const char *sent = strstr(h.text, "[DEBUG] Sent 0x4 bytes:\n");
    assert_non_null(sent);
    assert_non_null(strstr(sent, "52 20 55 0a"));
    assert_int_equal(h.calls, 3);
    assert_int_equal(h.at[1], CG_LOG_DEBUG);
    close(fd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_options_say_nothing),
        cmocka_unit_test(test_callback_hears_the_log),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
