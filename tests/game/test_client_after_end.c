/* What comes after the end of a game (issue 42's review): a server that never pauses once the
 * game is over still lets a handover end (the connection goes back open within the receive
 * timeout, the chatter left unread), where it held cg_play for as long as the server talked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "cubegod/client.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"

/* A server that loses the game at once, then says a line a millisecond: CHATTER lines (10 s at
 * least), then the end of the stream. */
enum { CHATTER = 10000 };

typedef struct chatty {
    int lines; /* sent so far, the verdict first */
} chatty;

static long chatty_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)timeout;
    chatty *c = ctx;
    const char *line = c->lines == 0 ? "[-] Too slow.\n" : "still here\n";
    size_t n = strlen(line);
    if (c->lines > CHATTER)
        return 0;
    if (cap < n)
        return -2;
    if (c->lines > 0) {
        struct timespec ms = {0, 1000000L};
        nanosleep(&ms, NULL);
    }
    memcpy(buf, line, n);
    c->lines++;
    return (long)n;
}

static long chatty_send(void *ctx, const uint8_t *p, size_t n)
{
    (void)ctx, (void)p, (void)n;
    return 0;
}

static int chatty_readable(void *ctx, double timeout)
{
    (void)ctx, (void)timeout;
    return 1;
}

static void test_handover_ends_while_the_server_keeps_talking(void **state)
{
    (void)state;
    chatty c = {0};
    cg_tube_callbacks cb = {chatty_recv, chatty_send, chatty_readable, &c};
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(&cb, "chatty", &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 0.5;
    opt.handover = true;
    cg_play_result res;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    assert_int_equal(st, CG_OK);
    assert_false(res.won);
    if (!res.open)
        fail_msg("the game was handed back only when the server closed, after %d lines",
                 c.lines);
    assert_true(c.lines < CHATTER);
    assert_non_null(strstr(res.reason, "Too slow"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handover_ends_while_the_server_keeps_talking),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
