/* What comes after the end of a game (issue 42's review): a server that never pauses once the
 * game is over still lets a handover end (the connection goes back open within the receive
 * timeout, the chatter left unread), where it held cg_play for as long as the server talked;
 * a flag at the end of a long last line without a newline is seen (only its first 511 bytes
 * were read). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cubegod/client.h"
#include "cubegod/clock.h"
#include "cubegod/tube.h"
#include "tables_fixture.h"
#include "testutil.h"

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

/* A game with handover (the connection given back open when the game is over) over a tube of
 * callbacks cb, with this receive timeout. Returns cg_play's status. */
static cg_status handover_game(const cg_tube_callbacks *cb, const char *name, double timeout,
                               cg_play_result *res)
{
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_from_callbacks(cb, name, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = timeout;
    opt.handover = true;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, res, &err);
    cg_tube_close(t);
    return st;
}

static void test_handover_ends_while_the_server_keeps_talking(void **state)
{
    (void)state;
    chatty c = {0};
    cg_tube_callbacks cb = {chatty_recv, chatty_send, chatty_readable, &c};
    cg_play_result res;
    assert_int_equal(handover_game(&cb, "chatty", 0.5, &res), CG_OK);
    assert_false(res.won);
    if (!res.open)
        fail_msg("the game was handed back only when the server closed, after %d lines",
                 c.lines);
    /* handed back after the 0.5 s timeout: a line a millisecond at most makes some hundreds;
     * the 10 s of a timeout not taken from the options would let through twice this bound */
    if (c.lines >= CHATTER / 2)
        fail_msg("handed back after %d lines of chatter, not within the timeout", c.lines);
    assert_non_null(strstr(res.reason, "Too slow"));
}

/* A game against a server that sends n bytes of text, then says nothing and stays open; the
 * receive timeout is short (opt's otherwise). Returns cg_play's status; err holds its message. */
static cg_status silent_after_opts(const char *text, size_t n, cg_play_options *opt,
                                   cg_play_result *res, cg_error *err)
{
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    assert_int_equal(write(sv[1], text, n), (ssize_t)n);
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_fds(sv[0], sv[0], "server", &to, &t, NULL), CG_OK);
    opt->timeout = 0.3;
    cg_status st = cg_play(t, tables, opt, res, err);
    cg_tube_close(t);
    close(sv[1]);
    return st;
}

static cg_status silent_after(const char *text, size_t n, cg_play_result *res, cg_error *err)
{
    cg_play_options opt = cg_play_defaults();
    return silent_after_opts(text, n, &opt, res, err);
}

/* fixtures/faults/round.txt: "=== Round 1/1 ===", the faces, the prompt. */
static size_t round_text(char *text, size_t size)
{
    return read_fixture("faults/round.txt", text, size);
}

static void test_flag_after_a_long_unterminated_last_line(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct!\nWell done, ");
    memset(text + n, '=', 600);
    n += 600;
    n += (size_t)snprintf(text + n, sizeof text - n, " flag{long_tail}"); /* then the close */
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    cg_play_result res;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    assert_int_equal(st, CG_OK);
    assert_true(res.won);
    if (!strstr(res.flags, "flag{long_tail}"))
        fail_msg("the flag at the end of the last line was not seen (flags: '%s')", res.flags);
    /* and that line, cut, is the last line the server sent */
    if (strncmp(res.last_line, "Well done, ===", 14) != 0)
        fail_msg("last line '%s', not the unterminated one", res.last_line);
}

/* The last line quoted in a message keeps its first 92 characters, then "..." (the game's copy
 * holds 96 bytes): a round's cube (answered as it stands), a long line, then silence. */
static void test_last_line_quoted_cut(void **state)
{
    (void)state;
    char line[160] = "";
    while (strlen(line) < 140)
        strcat(line, "wait and think. ");
    char text[512];
    int n = snprintf(text, sizeof text, "=== Round 1/1 ===\nUFBDRLBULBUFRRLU????RDDF\n%s\n", line);
    cg_play_result res;
    cg_error err = {0};
    assert_int_equal(silent_after(text, (size_t)n, &res, &err), CG_ERR_TIMEOUT);
    char want[160];
    snprintf(want, sizeof want, "last text received: '%.92s...'", line);
    if (!strstr(err.msg, want))
        fail_msg("the message '%s' does not say '%s'", err.msg, want);
}

/* With the prompt left to the engine, a drawing that stops in its fifth face, then silence: the
 * prompt awaited is described as the rule the engine applies, in the message and the state */
static void test_auto_prompt_described(void **state)
{
    (void)state;
    static char text[4096];
    round_text(text, sizeof text);
    char *cut = strstr(text, "| F L |");
    assert_non_null(cut);
    cg_play_result res;
    cg_error err = {0};
    assert_int_equal(silent_after(text, (size_t)(cut - text), &res, &err), CG_ERR_TIMEOUT);
    const char *rule = "(auto: 'Enter your solution:', or after a cube a line ending in ':', '?' "
                       "or '>')";
    char want[256];
    snprintf(want, sizeof want, "4 faces came but not the prompt %s; last text received: 'Face R:'",
             rule);
    if (!strstr(err.msg, want))
        fail_msg("the message '%s' does not say '%s'", err.msg, want);
    snprintf(want, sizeof want, "the prompt %s after the cube of round 1", rule);
    assert_string_equal(res.waiting, want);
}

/* A server in a thread that sends its text in two writes, a pause between them, then reads the
 * answer and says it is correct. */
typedef struct two_parts {
    int fd;
    const char *text;
    size_t first, n;
} two_parts;

static void *two_parts_main(void *arg)
{
    two_parts *tp = arg;
    char answer[256];
    bool ok = write(tp->fd, tp->text, tp->first) == (ssize_t)tp->first;
    if (ok)
        usleep(200000);
    ok = ok && write(tp->fd, tp->text + tp->first, tp->n - tp->first) == (ssize_t)(tp->n - tp->first);
    if (ok && read(tp->fd, answer, sizeof answer) > 0)
        ok = write(tp->fd, "[+] Correct!\n", 13) == 13; /* the client sees a close otherwise */
    close(tp->fd);
    return NULL;
}

/* A prompt given: a line that arrives in two parts, a pause between them, is one line (only the
 * automatic prompt may take a partial line): "Fa", then "ce U:" and the rest of the round */
static void test_given_prompt_waits_for_whole_lines(void **state)
{
    (void)state;
    static char text[4096];
    size_t n = round_text(text, sizeof text);
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    two_parts tp = {sv[1], text, (size_t)(strstr(text, "Face U:") - text) + 2, n};
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, two_parts_main, &tp), 0);
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_fds(sv[0], sv[0], "server", &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 5;
    opt.prompt = "Enter your solution:";
    cg_play_result res;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    pthread_join(th, NULL);
    if (st != CG_OK || !res.won)
        fail_msg("status %d, won %d: %s", st, res.won, err.msg);
}

/* The silence awaited to know a prompt the engine found (a partial line that asks) is measured
 * from that line's arrival: no longer than the game itself */
static void test_settle_measured_from_the_partial_line(void **state)
{
    (void)state;
    static char text[4096];
    round_text(text, sizeof text);
    char *prompt = strstr(text, "Enter your solution:");
    assert_non_null(prompt);
    size_t n = (size_t)(prompt - text) + (size_t)sprintf(prompt, "Your move? ");
    cg_play_options opt = cg_play_defaults();
    cg_round_stat stats[2];
    opt.stats = stats;
    opt.stats_cap = 2;
    cg_play_result res;
    cg_error err = {0};
    int64_t start = cg_now_ns();
    silent_after_opts(text, n, &opt, &res, &err);
    double elapsed_us = (double)(cg_now_ns() - start) / 1000.0;
    assert_int_equal(res.rounds_answered, 1);
    if (!(stats[0].settle_us >= 0 && stats[0].settle_us <= elapsed_us))
        fail_msg("settled after %.0f us in a game of %.0f us", stats[0].settle_us, elapsed_us);
}

/* Last words without a newline and no flag ("Bye." printed with end=""): read, then the game is
 * decided as for any close. */
static void test_unterminated_goodbye_after_a_won_game(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct!\nBye.");
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    cg_play_result res;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    if (st != CG_OK)
        fail_msg("status %d: %s", st, err.msg);
    assert_true(res.won);
    assert_string_equal(res.last_line, "Bye.");
}

/* A handover reads what the server says right after the end, line after line, while it keeps
 * coming (the flag two lines after the verdict): the bound counts from the end of the game. */
static void test_handover_reads_the_lines_after_the_end(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n,
                          "[+] Correct!\nHere it comes:\nflag{after_the_end}\n");
    cg_tube_options to = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    assert_int_equal(cg_tube_memory(text, n, 0, &to, &t, NULL), CG_OK);
    cg_play_options opt = cg_play_defaults();
    opt.timeout = 1;
    opt.handover = true;
    cg_play_result res;
    cg_error err = {0};
    cg_status st = cg_play(t, tables, &opt, &res, &err);
    cg_tube_close(t);
    assert_int_equal(st, CG_OK);
    assert_true(res.won);
    if (!strstr(res.flags, "flag{after_the_end}"))
        fail_msg("the flag two lines after the end was not read (flags: '%s')", res.flags);
    assert_string_equal(res.last_line, "flag{after_the_end}"); /* the last of them is the last */
}

/* A won round, then the flag LATE_MS after the verdict, then an open and quiet connection. */
enum { LATE_MS = 100 };

typedef struct late {
    const char *text; /* the round and its verdict */
    size_t n, at;
    int64_t verdict_at; /* when the last of text went out, 0 before */
    bool flag_sent;
} late;

static long late_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    late *l = ctx;
    if (l->at < l->n) {
        size_t k = l->n - l->at < cap ? l->n - l->at : cap;
        memcpy(buf, l->text + l->at, k);
        l->at += k;
        l->verdict_at = l->at == l->n ? cg_now_ns() : 0;
        return (long)k;
    }
    const char *flag = "flag{a_moment_later}\n";
    double due = (double)(l->verdict_at + LATE_MS * 1000000LL - cg_now_ns()) / 1e9;
    if (l->flag_sent || (timeout >= 0 && timeout < due)) { /* nothing more, or not yet */
        struct timespec ts = {0, (long)((timeout < 0.2 ? timeout : 0.2) * 1e9)};
        nanosleep(&ts, NULL);
        return -1;
    }
    if (due > 0) {
        struct timespec ts = {0, (long)(due * 1e9)};
        nanosleep(&ts, NULL);
    }
    l->flag_sent = true;
    memcpy(buf, flag, strlen(flag) < cap ? strlen(flag) : cap);
    return (long)(strlen(flag) < cap ? strlen(flag) : cap);
}

static int late_readable(void *ctx, double timeout)
{
    late *l = ctx;
    return l->at < l->n || (!l->flag_sent && timeout * 1000 >= LATE_MS) ? 1 : 0;
}

/* The handover lingers a moment after the end (a quarter of a second by default): a flag the
 * server prints a tenth of a second after the last verdict is the game's. */
static void test_handover_waits_for_a_late_flag(void **state)
{
    (void)state;
    static char text[1 << 16];
    size_t n = round_text(text, sizeof text);
    n += (size_t)snprintf(text + n, sizeof text - n, "[+] Correct!\n");
    late l = {text, n, 0, 0, false};
    cg_tube_callbacks cb = {late_recv, chatty_send, late_readable, &l};
    cg_play_result res;
    assert_int_equal(handover_game(&cb, "late", 2, &res), CG_OK);
    assert_true(res.won);
    assert_true(res.open);
    if (!strstr(res.flags, "flag{a_moment_later}"))
        fail_msg("the flag %d ms after the verdict was not read (flags: '%s')", LATE_MS, res.flags);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handover_ends_while_the_server_keeps_talking),
        cmocka_unit_test(test_flag_after_a_long_unterminated_last_line),
        cmocka_unit_test(test_last_line_quoted_cut),
        cmocka_unit_test(test_auto_prompt_described),
        cmocka_unit_test(test_given_prompt_waits_for_whole_lines),
        cmocka_unit_test(test_settle_measured_from_the_partial_line),
        cmocka_unit_test(test_handover_reads_the_lines_after_the_end),
        cmocka_unit_test(test_unterminated_goodbye_after_a_won_game),
        cmocka_unit_test(test_handover_waits_for_a_late_flag),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
