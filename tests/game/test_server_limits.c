/* The server's limits over real sockets, each with a client written here: --max-clients (the
 * one too many is told the server is busy, and a place that frees up is given again), --games
 * (the run returns once that many games were played), the alarm on a client that sends nothing
 * and on one that stalls mid-line, an answer line longer than the server takes, the menu game's
 * bounds on a round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "cubegod/server.h"
#include "testutil.h"

static const char BUSY[] = "[-] Server busy, try again later\n";

typedef struct running {
    cg_server *srv;
    pthread_t tid;
    cg_status st;
    bool done;
} running;

static void *run_server(void *arg)
{
    running *r = arg;
    r->st = cg_server_run(r->srv, NULL);
    r->done = true;
    return NULL;
}

static void start(running *r, cg_server_options *o)
{
    o->log = NULL;
    cg_error e;
    if (cg_server_open(o, &r->srv, &e) != CG_OK)
        fail_msg("%s", e.msg);
    r->done = false;
    assert_int_equal(pthread_create(&r->tid, NULL, run_server, r), 0);
}

static void finish(running *r, long finished, long wins)
{
    pthread_join(r->tid, NULL);
    assert_int_equal(r->st, CG_OK);
    long f, w;
    cg_server_counts(r->srv, &f, &w);
    assert_int_equal(f, finished);
    assert_int_equal(w, wins);
    cg_server_close(r->srv);
}

static int dial(int port, double patience)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct timeval tv = {.tv_sec = (time_t)patience,
                         .tv_usec = (suseconds_t)((patience - (double)(time_t)patience) * 1e6)};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

/* Reads until `needle` shows (true) or EOF / the receive timeout (false); text keeps it all. */
static bool read_until(int fd, const char *needle, char *text, size_t size, size_t *len)
{
    while (*len < size - 1) {
        text[*len] = '\0';
        if (needle && strstr(text, needle))
            return true;
        ssize_t k = recv(fd, text + *len, size - 1 - *len, 0);
        if (k <= 0)
            break;
        *len += (size_t)k;
    }
    text[*len] = '\0';
    return needle && strstr(text, needle);
}

/* Reads to EOF: true when the server closed (not the receive timeout). */
static bool read_to_eof(int fd, char *text, size_t size, size_t *len)
{
    for (;;) {
        ssize_t k = recv(fd, text + *len, size - 1 - *len, 0);
        if (k == 0) {
            text[*len] = '\0';
            return true;
        }
        if (k < 0 || (*len += (size_t)k) >= size - 1) {
            text[*len] = '\0';
            return false;
        }
    }
}

static void max_clients_one(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.max_clients = 1;
    o.rounds = 3;
    o.alarm = 30;
    o.games = 2;
    running r;
    start(&r, &o);
    int port = cg_server_port(r.srv);
    char text[8192];
    size_t n = 0;
    int first = dial(port, 10);
    assert_true(read_until(first, "Enter your solution:", text, sizeof text, &n));
    /* the second, while the first plays: busy, and closed */
    for (int k = 0; k < 3; k++) {
        int second = dial(port, 10);
        size_t m = 0;
        char got[512];
        assert_true(read_to_eof(second, got, sizeof got, &m));
        assert_string_equal(got, BUSY);
        close(second);
    }
    /* the first leaves: its place is given to the next one */
    close(first);
    bool played = false;
    for (int k = 0; k < 200 && !played; k++) {
        int third = dial(port, 10);
        size_t m = 0;
        char got[8192];
        played = read_until(third, "Enter your solution:", got, sizeof got, &m);
        if (!played) { /* the first's game was not reaped yet: busy, try again a bit later */
            assert_string_equal(got, BUSY);
            usleep(10000);
        }
        close(third);
    }
    assert_true(played);
    finish(&r, 2, 0);
}

/* --games 3 with --max-clients 2: the refused ones count as no game; the run returns after
 * the third game ends, by itself. */
static void games_then_return(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.max_clients = 2;
    o.rounds = 2;
    o.alarm = 30;
    o.games = 3;
    running r;
    start(&r, &o);
    int port = cg_server_port(r.srv);
    char text[8192];
    int a = dial(port, 10), b = dial(port, 10);
    size_t n = 0;
    assert_true(read_until(a, "Enter your solution:", text, sizeof text, &n));
    n = 0;
    assert_true(read_until(b, "Enter your solution:", text, sizeof text, &n));
    int c = dial(port, 10);
    n = 0;
    assert_true(read_to_eof(c, text, sizeof text, &n));
    assert_string_equal(text, BUSY);
    close(c);
    close(a);
    close(b);
    bool third = false;
    for (int k = 0; k < 200 && !third; k++) {
        int d = dial(port, 10);
        n = 0;
        third = read_until(d, "Enter your solution:", text, sizeof text, &n);
        close(d);
        if (!third)
            usleep(10000);
    }
    assert_true(third);
    /* three games accepted and ended: the run returns without a stop */
    for (int k = 0; k < 1000 && !r.done; k++)
        usleep(10000);
    assert_true(r.done);
    finish(&r, 3, 0);
}

/* A client that sends nothing, and one that sends half an answer and stalls: both lose to
 * the alarm, well within a few alarms, told "Time's up". */
static void idle_and_stalled_clients(void **state)
{
    (void)state;
    double alarm = slow_tools() ? 1.0 : 0.25;
    cg_server_options o = cg_server_defaults();
    o.alarm = alarm;
    o.rounds = 2;
    o.games = 2;
    running r;
    start(&r, &o);
    int port = cg_server_port(r.srv);
    for (int k = 0; k < 2; k++) {
        int fd = dial(port, 8 * alarm);
        char text[8192];
        size_t n = 0;
        assert_true(read_until(fd, "Enter your solution:", text, sizeof text, &n));
        if (k == 1)
            assert_int_equal(send(fd, "R U", 3, MSG_NOSIGNAL), 3); /* no newline, ever */
        if (!read_to_eof(fd, text, sizeof text, &n))
            fail_msg("no end within %g s of an alarm of %g s: %s", 8 * alarm, alarm, text);
        assert_non_null(strstr(text, "Time's up"));
        close(fd);
    }
    finish(&r, 2, 0);
}

/* An answer line longer than CG_SERVER_LINE_MAX: refused with its reason, the game lost. A
 * line just inside the limit is read as an answer (wrong, but an answer). */
static void oversized_lines(void **state)
{
    (void)state;
    cg_server_options o = cg_server_defaults();
    o.alarm = 20;
    o.rounds = 2;
    o.seeded = true; /* a cube that "U" does not solve */
    o.seed = 27;
    o.games = 2;
    running r;
    start(&r, &o);
    int port = cg_server_port(r.srv);
    static char line[CG_SERVER_LINE_MAX + 64];
    for (int k = 0; k < 2; k++) {
        int fd = dial(port, 10);
        char text[8192];
        size_t n = 0;
        assert_true(read_until(fd, "Enter your solution:", text, sizeof text, &n));
        size_t len = k == 0 ? CG_SERVER_LINE_MAX + 10 : CG_SERVER_LINE_MAX - 1;
        memset(line, ' ', len);
        memcpy(line, "U", 1);
        if (k == 1)
            line[len - 1] = '\n'; /* 4095 bytes and the newline: 4096 in all */
        ssize_t sent = send(fd, line, len, MSG_NOSIGNAL);
        assert_int_equal(sent, (ssize_t)len);
        n = 0;
        assert_true(read_to_eof(fd, text, sizeof text, &n));
        if (k == 0) {
            assert_non_null(strstr(text, "Answer too long: no newline within 4096 bytes"));
        } else {
            assert_null(strstr(text, "Answer too long"));
            assert_non_null(strstr(text, "Not solved"));
        }
        close(fd);
    }
    finish(&r, 2, 0);
}

/* serve --menu: a client that picks the game and then only asks to be shown the cube was still
 * in round 1 after minutes (issue 35, item 4). A round now ends after 64 choices or 10 alarms,
 * whichever comes first, the game lost with the reason. */
static void menu_show_only_clients(void **state)
{
    (void)state;
    double alarm = slow_tools() ? 1.0 : 0.3;
    cg_server_options o = cg_server_defaults();
    o.size = 3;
    o.menu = true;
    o.max_moves = 20;
    o.rounds = 3;
    o.alarm = alarm;
    o.games = 2;
    running r;
    start(&r, &o);
    int port = cg_server_port(r.srv);
    static char text[1 << 20];
    /* 1: "show the cube" as fast as the server answers: the count ends it */
    int fd = dial(port, 20 * alarm);
    size_t n = 0;
    assert_true(read_until(fd, "your choice: ", text, sizeof text, &n));
    assert_int_equal(send(fd, "3\n", 2, MSG_NOSIGNAL), 2);
    int sent = 0;
    bool ended = false;
    while (sent < 200 && !ended) {
        n = 0;
        ended = !read_until(fd, "your choice: ", text, sizeof text, &n) ||
                strstr(text, "[-]") != NULL;
        if (!ended && send(fd, "1\n", 2, MSG_NOSIGNAL) == 2)
            sent++;
    }
    assert_true(ended);
    assert_non_null(strstr(text, "[-] Too many choices in round 1 (at most 64)"));
    assert_int_equal(sent, 65); /* 64 served, the 65th refused */
    close(fd);
    /* 2: one "show" every half alarm: within the alarm each time, so the round's time ends it */
    fd = dial(port, 20 * alarm);
    n = 0;
    assert_true(read_until(fd, "your choice: ", text, sizeof text, &n));
    assert_int_equal(send(fd, "3\n", 2, MSG_NOSIGNAL), 2);
    for (sent = 0, ended = false; sent < 60 && !ended;) {
        n = 0;
        ended = !read_until(fd, "your choice: ", text, sizeof text, &n) ||
                strstr(text, "[-]") != NULL;
        usleep((useconds_t)(alarm * 5e5));
        if (!ended && send(fd, "1\n", 2, MSG_NOSIGNAL) == 2)
            sent++;
    }
    assert_true(ended);
    assert_non_null(strstr(text, "[-] Time's up for round 1"));
    assert_true(sent >= 10 && sent <= 30);
    close(fd);
    finish(&r, 2, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(max_clients_one),
        cmocka_unit_test(games_then_return),
        cmocka_unit_test(idle_and_stalled_clients),
        cmocka_unit_test(oversized_lines),
        cmocka_unit_test(menu_show_only_clients),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
