// link-wrap: malloc calloc realloc strdup free
/* Tubes without memory: each allocation of an operation made to fail in turn (the first, then
 * the second, ... until the operation makes fewer), in this thread only. Every failing run is
 * CG_ERR_NOMEM saying "memory", gives no tube, and leaves the descriptors and the library's
 * allocations as they were (each block the library allocates is tracked until freed):
 * descriptors, a TCP connection, a process, callbacks, a memory tube whose buffers grow (a long
 * line received, long lines sent), a command split into words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include <sys/socket.h>

#include <cmocka.h>

#include "cubegod/tube.h"
#include "testutil.h"

static _Thread_local long fail_at; /* the fail_at-th allocation from now fails (0: none) */
static _Thread_local long made;     /* allocations since armed */

static bool fails(void) { return fail_at && ++made == fail_at; }

/* The blocks allocated through the wrappers and not yet freed (any thread): a set of pointers. */
enum { LIVE_MAX = 4096 };
static void *live[LIVE_MAX];
static int live_n;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

static void *track(void *p)
{
    pthread_mutex_lock(&live_lock);
    if (p && live_n < LIVE_MAX)
        live[live_n++] = p;
    pthread_mutex_unlock(&live_lock);
    return p;
}

static void untrack(void *p)
{
    pthread_mutex_lock(&live_lock);
    for (int i = 0; p && i < live_n; i++)
        if (live[i] == p) {
            live[i] = live[--live_n];
            break;
        }
    pthread_mutex_unlock(&live_lock);
}

void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n) { return fails() ? NULL : track(__real_malloc(n)); }
void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size) { return fails() ? NULL : track(__real_calloc(n, size)); }
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n)
{
    if (fails())
        return NULL;
    void *q = __real_realloc(p, n);
    if (q)
        untrack(p);
    return track(q);
}
char *__real_strdup(const char *s);
char *__wrap_strdup(const char *s) { return fails() ? NULL : track(__real_strdup(s)); }
void __real_free(void *p);
void __wrap_free(void *p)
{
    untrack(p);
    __real_free(p);
}

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

typedef cg_status (*operation)(cg_error *err);

/* Runs op with each of its allocations failing in turn; how many failing runs there were. */
static int every_failure(const char *what, operation op)
{
    for (long k = 1;; k++) {
        int fds = open_descriptors(), blocks = live_n;
        cg_error err = {0};
        made = 0;
        fail_at = k;
        cg_status st = op(&err);
        bool reached = made >= k;
        fail_at = 0;
        if (open_descriptors() != fds)
            fail_msg("%s, allocation %ld failing: %d descriptors, %d before", what, k,
                     open_descriptors(), fds);
        if (live_n != blocks)
            fail_msg("%s, allocation %ld failing: %d blocks not freed", what, k, live_n - blocks);
        if (!reached) {
            if (st != CG_OK)
                fail_msg("%s with memory: %s", what, err.msg);
            return (int)k - 1;
        }
        if (st != CG_ERR_NOMEM || !strstr(err.msg, "memory"))
            fail_msg("%s, allocation %ld failing: status %d, '%s'", what, k, st, err.msg);
    }
}

static cg_status descriptors(cg_error *err)
{
    int p[2];
    assert_int_equal(pipe(p), 0);
    cg_tube *t = NULL;
    cg_status st = cg_tube_fds(p[0], p[1], "pipe", &quiet, &t, err); /* closes them on failure */
    if (st == CG_OK)
        st = cg_tube_sendline(t, "x", 1, err);
    cg_tube_close(t);
    return st;
}

static int listening = -1; /* a socket whose backlog takes the connections */
static char listening_port[16];

static cg_status tcp(cg_error *err)
{
    cg_tube *t = NULL;
    cg_status st = cg_tube_connect("127.0.0.1", listening_port, &quiet, &t, err);
    cg_tube_close(t);
    int fd = accept(listening, NULL, NULL);
    if (fd >= 0)
        close(fd);
    return st;
}

static cg_status process(cg_error *err)
{
    char *argv[] = {"true", NULL};
    cg_tube *t = NULL;
    cg_status st = cg_tube_process(argv, &quiet, &t, err);
    if (st == CG_OK)
        st = cg_tube_wait(t, 10, NULL, err);
    cg_tube_close(t);
    return st;
}

static long cb_recv(void *ctx, uint8_t *buf, size_t cap, double timeout)
{
    (void)ctx, (void)buf, (void)cap, (void)timeout;
    return 0; /* end of stream */
}

static cg_status callbacks(cg_error *err)
{
    cg_tube_callbacks cb = {.recv = cb_recv};
    cg_tube *t = NULL;
    cg_status st = cg_tube_from_callbacks(&cb, "cb", &quiet, &t, err);
    cg_tube_close(t);
    return st;
}

/* A line of 10,000 bytes received (the buffer grows from 4,096), three sends that grow what a
 * memory tube keeps of them (256 bytes at first, doubled), a line of 5,000 bytes sent (the
 * line's buffer grows), all read back. */
static cg_status memory(cg_error *err)
{
    static char data[10001], big[5000];
    memset(data, 'd', sizeof data - 1);
    data[sizeof data - 2] = '\n';
    memset(big, 'b', sizeof big);
    cg_tube *t = NULL;
    cg_status st = cg_tube_memory(data, sizeof data - 1, 0, &quiet, &t, err);
    const uint8_t *line;
    size_t n = 0;
    if (st == CG_OK && (st = cg_tube_recvline(t, 1, &line, &n, err)) == CG_OK && n != 9999)
        fail_msg("a line of %zu bytes", n);
    for (int i = 0; i < 3 && st == CG_OK; i++)
        st = cg_tube_send(t, big, 300, err);
    if (st == CG_OK)
        st = cg_tube_sendline(t, big, sizeof big, err);
    if (st == CG_OK) {
        const uint8_t *sent;
        assert_int_equal(cg_tube_memory_sent(t, &sent, &n, err), CG_OK);
        assert_int_equal(n, 900 + sizeof big + 1);
        assert_int_equal(sent[899], 'b');
        assert_int_equal(sent[n - 1], '\n');
    }
    cg_tube_close(t);
    return st;
}

static cg_status split(cg_error *err)
{
    char **argv = NULL;
    cg_status st = cg_split_command("sh -c 'echo \"a b\"' tail", &argv, err);
    if (st == CG_OK) {
        assert_string_equal(argv[2], "echo \"a b\"");
        assert_string_equal(argv[3], "tail");
        assert_null(argv[4]);
    } else {
        assert_null(argv);
    }
    cg_argv_free(argv);
    return st;
}

static void test_each_allocation_fails(void **state)
{
    (void)state;
    static const struct {
        const char *what;
        operation op;
        int least; /* allocations the operation makes at least */
    } OPS[] = {{"descriptors", descriptors, 3}, {"TCP", tcp, 4}, {"a process", process, 3},
               {"callbacks", callbacks, 3},     {"a memory tube", memory, 8},
               {"split words", split, 3}};
    int port;
    assert_int_equal(cg_tcp_listen("127.0.0.1", "0", 4, &listening, &port, NULL), CG_OK);
    snprintf(listening_port, sizeof listening_port, "%d", port);
    for (size_t i = 0; i < sizeof OPS / sizeof *OPS; i++) {
        int runs = every_failure(OPS[i].what, OPS[i].op);
        if (runs < OPS[i].least)
            fail_msg("%s: only %d allocations failed in turn", OPS[i].what, runs);
    }
    close(listening);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_allocation_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
