/* A tube over caller callbacks (cg_tube_from_callbacks, what Python's cubegod.play drives):
 * each return value of the callbacks becomes its status, the timeout handed to recv is the
 * deadline's time left, cg_tube_idle asks the readable callback, sends reach the send callback
 * whole. (A game over it: tests/python/test_play.py.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cubegod/tube.h"

/* A scripted peer: each recv call takes the next step (a text to give, or one of the plain
 * return codes), sends are collected. */
typedef struct peer {
    const char *steps[8]; /* text, or "@0" end, "@1" timeout, "@2" failure */
    int at;
    double last_timeout;
    int readable_calls;
    int readable_answer;
    double readable_timeout;
    char sent[256];
    size_t sent_n;
    long send_answer;
} peer;

static long peer_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    peer *p = ctx;
    p->last_timeout = timeout;
    const char *s = p->steps[p->at];
    if (!s)
        return 0;
    p->at++;
    if (s[0] == '@')
        return s[1] == '0' ? 0 : s[1] == '1' ? -1 : -2;
    size_t n = strlen(s) < cap ? strlen(s) : cap;
    memcpy(buf, s, n);
    return (long)n;
}

static long peer_send(void *ctx, const uint8_t *b, size_t n)
{
    peer *p = ctx;
    if (p->send_answer)
        return p->send_answer;
    memcpy(p->sent + p->sent_n, b, n);
    p->sent_n += n;
    return 0;
}

static int peer_readable(void *ctx, double timeout)
{
    peer *p = ctx;
    p->readable_calls++;
    p->readable_timeout = timeout;
    return p->readable_answer;
}

static cg_tube *open_peer(peer *p, bool with_readable)
{
    cg_tube_callbacks cb = {peer_recv, peer_send, with_readable ? peer_readable : NULL, p};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_from_callbacks(&cb, "scripted", NULL, &t, &err), CG_OK);
    assert_string_equal(cg_tube_name(t), "scripted");
    return t;
}

static void test_return_values_become_statuses(void **state)
{
    (void)state;
    peer p = {.steps = {"hel", "lo\nrest", "@1", "@2"}};
    cg_tube *t = open_peer(&p, true);
    const uint8_t *line;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvline(t, 5, &line, &n, &err), CG_OK);
    assert_int_equal(n, 5);
    assert_memory_equal(line, "hello", 5);
    /* the timeout handed over is what is left of the 5 s */
    assert_true(p.last_timeout > 4.0 && p.last_timeout <= 5.0);
    assert_int_equal(cg_tube_recvline(t, 5, &line, &n, &err), CG_ERR_TIMEOUT); /* -1 */
    cg_tube_peek(t, &line, &n);
    assert_int_equal(n, 4); /* "rest" stays buffered */
    assert_int_equal(cg_tube_recvline(t, 5, &line, &n, &err), CG_ERR_SYSTEM); /* -2 */
    assert_non_null(strstr(err.msg, "receive callback failed"));
    cg_tube_close(t);

    peer q = {.steps = {"x", "@0"}};
    t = open_peer(&q, false);
    assert_int_equal(cg_tube_recvline(t, -1, &line, &n, &err), CG_ERR_EOF); /* 0 */
    assert_true(q.last_timeout < 0); /* no limit */
    cg_tube_close(t);
}

static void test_idle_asks_readable(void **state)
{
    (void)state;
    peer p = {.steps = {"abc"}, .readable_answer = 1};
    cg_tube *t = open_peer(&p, true);
    assert_false(cg_tube_idle(t, 0.2)); /* data announced */
    assert_int_equal(p.readable_calls, 1);
    assert_true(p.readable_timeout > 0.19 && p.readable_timeout < 0.21);
    p.readable_answer = 0;
    assert_true(cg_tube_idle(t, 0.2)); /* quiet */
    const uint8_t *got;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recv(t, 1, 1, &got, &n, &err), CG_OK); /* "a", "bc" buffered */
    p.readable_answer = 0;
    int calls = p.readable_calls;
    assert_false(cg_tube_idle(t, 0.2)); /* the tube's own buffer answers first */
    assert_int_equal(p.readable_calls, calls);
    cg_tube_close(t);
    /* without a readable callback: idle once the buffer is empty */
    peer q = {0};
    t = open_peer(&q, false);
    assert_true(cg_tube_idle(t, 0.2));
    cg_tube_close(t);
}

static void test_sends(void **state)
{
    (void)state;
    peer p = {0};
    cg_tube *t = open_peer(&p, true);
    cg_error err;
    assert_int_equal(cg_tube_sendline(t, "R U F'", 6, &err), CG_OK);
    assert_int_equal(p.sent_n, 7);
    assert_memory_equal(p.sent, "R U F'\n", 7);
    p.send_answer = -2;
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "send callback failed"));
    cg_tube_close(t);
    /* no send callback: sends fail, receives work */
    cg_tube_callbacks cb = {peer_recv, NULL, NULL, &p};
    assert_int_equal(cg_tube_from_callbacks(&cb, NULL, NULL, &t, &err), CG_OK);
    assert_string_equal(cg_tube_name(t), "callbacks");
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_ERR_SYSTEM);
    cg_tube_close(t);
}

/* A callback that claims more than cap (a binding that wrote past the buffer) is a failure
 * naming both numbers; nothing of it is taken as received. */
static long claims_too_much(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    *(size_t *)ctx = cap;
    buf[0] = 'x';
    return (long)cap + 1;
}

static void test_more_than_cap_is_refused(void **state)
{
    (void)state;
    size_t cap = 0;
    cg_tube_callbacks cb = {claims_too_much, NULL, NULL, &cap};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_from_callbacks(&cb, "liar", NULL, &t, &err), CG_OK);
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 1, &line, &n, &err), CG_ERR_SYSTEM);
    char want[96];
    snprintf(want, sizeof want, "returned %zu bytes, more than the %zu asked for", cap + 1, cap);
    assert_non_null(strstr(err.msg, want));
    cg_tube_peek(t, &line, &n);
    assert_int_equal(n, 0);
    cg_tube_close(t);
}

/* Exactly cap bytes is a full read, not a broken promise: the bytes are received. */
static long fills_the_buffer(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    if (*(size_t *)ctx)
        return 0; /* then end of stream */
    *(size_t *)ctx = cap;
    memset(buf, 'y', cap);
    return (long)cap;
}

static void test_exactly_cap_is_taken(void **state)
{
    (void)state;
    size_t cap = 0;
    cg_tube_callbacks cb = {fills_the_buffer, NULL, NULL, &cap};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_from_callbacks(&cb, "full", NULL, &t, &err), CG_OK);
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 1, &line, &n, &err), CG_ERR_EOF); /* no newline */
    assert_true(cap > 0);
    cg_tube_peek(t, &line, &n);
    assert_int_equal(n, cap);
    assert_int_equal(line[0], 'y');
    assert_int_equal(line[cap - 1], 'y');
    cg_tube_close(t);
}

static void test_refusals(void **state)
{
    (void)state;
    cg_tube *t = (cg_tube *)&t;
    cg_error err;
    cg_tube_callbacks none = {0};
    assert_int_equal(cg_tube_from_callbacks(&none, "x", NULL, &t, &err), CG_ERR_INPUT);
    assert_null(t);
    assert_non_null(strstr(err.msg, "receive callback"));
    assert_int_equal(cg_tube_from_callbacks(NULL, "x", NULL, &t, &err), CG_ERR_INPUT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_return_values_become_statuses),
        cmocka_unit_test(test_idle_asks_readable),
        cmocka_unit_test(test_sends),
        cmocka_unit_test(test_more_than_cap_is_refused),
        cmocka_unit_test(test_exactly_cap_is_taken),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
