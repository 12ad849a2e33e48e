/* The tube core over the memory transport: line and delimiter reads across chunk boundaries,
 * EOF versus data, the size limit, sends, the data hook and the debug log. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/tube.h"
#include "testutil.h"

static const cg_tube_options quiet = {.log_level = CG_LOG_QUIET};

static cg_tube *mem(const char *text, size_t chunk, const cg_tube_options *o)
{
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_memory(text, strlen(text), chunk, o ? o : &quiet, &t, &err), CG_OK);
    return t;
}

static void expect_line(cg_tube *t, const char *want)
{
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, strlen(want));
    assert_memory_equal(p, want, n);
    assert_int_equal(p[n], '\0');
}

/* Every chunk size, down to one byte per read, gives the same lines; "\r" stays. */
static void test_recvline_any_chunking(void **state)
{
    (void)state;
    const char *text = "Face U:\r\n+-----+\n\nlast\n";
    for (size_t chunk = 0; chunk <= 5; chunk++) {
        cg_tube *t = mem(text, chunk, NULL);
        expect_line(t, "Face U:\r");
        expect_line(t, "+-----+");
        expect_line(t, "");
        expect_line(t, "last");
        const uint8_t *p;
        size_t n;
        cg_error err;
        assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_ERR_EOF);
        assert_int_equal(err.code, CG_ERR_EOF);
        cg_tube_close(t);
    }
}

/* A multi-byte delimiter split over reads, with a false start just before it. */
static void test_recvuntil_split_delimiter(void **state)
{
    (void)state;
    const char *text = "round 1 Enter your Enter your solution: tail";
    for (size_t chunk = 1; chunk <= 7; chunk++) {
        cg_tube *t = mem(text, chunk, NULL);
        const uint8_t *p;
        size_t n;
        cg_error err;
        assert_int_equal(cg_tube_recvuntil(t, "Enter your solution:", 20, 1, &p, &n, &err), CG_OK);
        assert_int_equal(n, strlen("round 1 Enter your Enter your solution:"));
        assert_memory_equal(p, text, n);
        assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_OK);
        assert_string_equal((const char *)p, " tail");
        cg_tube_close(t);
    }
}

/* A delimiter never seen: the message names it as written, escapes and all, cut to its room */
static void test_recvuntil_missing_delimiter(void **state)
{
    (void)state;
    cg_tube *t = mem("no such thing here\n", 5, NULL);
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvuntil(t, "ok:\r\n\x01\"", 7, 1, &p, &n, &err), CG_ERR_EOF);
    assert_non_null(strstr(err.msg, "\"ok:\\r\\n\\x01\\x22\""));
    cg_tube_close(t);
    char longd[200];
    memset(longd, 'd', sizeof longd);
    t = mem("short\n", 5, NULL);
    assert_int_equal(cg_tube_recvuntil(t, longd, sizeof longd, 1, &p, &n, &err), CG_ERR_EOF);
    char want[80] = "\""; /* 75 of them: room kept for the longest escape and the terminator */
    memset(want + 1, 'd', 75);
    strcpy(want + 76, "\"");
    if (!strstr(err.msg, want))
        fail_msg("%s", err.msg);
    cg_tube_close(t);
}

/* A custom transport that only reads: sends refused with the tube's name, nothing written */
static cg_status eof_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got, cg_error *err)
{
    (void)self, (void)buf, (void)cap, (void)deadline, (void)got;
    return cg_fail(err, CG_ERR_EOF, "end of stream");
}
static void nothing_close(void *self, const cg_log *log) { (void)self, (void)log; }

static void test_custom_read_only(void **state)
{
    (void)state;
    static const cg_transport ops = {.recv = eof_recv, .close = nothing_close};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_new(&ops, NULL, "reader", &quiet, &t, &err), CG_OK);
    assert_int_equal(cg_tube_send(t, "x\n", 2, &err), CG_ERR_SYSTEM);
    assert_string_equal(err.msg, "reader: cannot send, the tube is read-only");
    assert_int_equal(cg_tube_fileno(t), -1);
    cg_tube_close(t);
}

static bool count_quiet(void *ctx, const char *text, size_t n, bool quiet)
{
    (void)text, (void)n;
    *(int *)ctx += quiet;
    return false;
}

/* A partial line and then silence: the waiting callback is asked once for that silence, not
 * again every `quiet` seconds of it */
static void test_partial_asked_once_a_silence(void **state)
{
    (void)state;
    int sv[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(sv[0], sv[0], "pair", &quiet, &t, &err), CG_OK);
    assert_int_equal(write(sv[1], "abc", 3), 3);
    int asked = 0;
    const uint8_t *p;
    size_t n;
    bool partial;
    assert_int_equal(cg_tube_recvline_or_partial(t, 0.6, 0.1, count_quiet, &asked, &p, &n, &partial, &err),
                     CG_ERR_TIMEOUT);
    assert_int_equal(asked, 1);
    cg_tube_close(t);
    close(sv[1]);
}

/* An empty delimiter or tail is a mistake of the caller's, said as such */
static void test_empty_delimiters(void **state)
{
    (void)state;
    cg_tube *t = mem("abc\n", 4, NULL);
    const uint8_t *p;
    size_t n;
    bool by_tail;
    cg_error err;
    assert_int_equal(cg_tube_recvuntil(t, "", 0, 1, &p, &n, &err), CG_ERR_INPUT);
    assert_non_null(strstr(err.msg, "recvuntil with an empty delimiter"));
    n = 7;
    by_tail = true;
    assert_int_equal(cg_tube_recvline_or_tail(t, "", 0, 1, &p, &n, &by_tail, &err), CG_ERR_INPUT);
    assert_int_equal(n, 0); /* nothing from before left in the outputs */
    assert_false(by_tail);
    assert_non_null(strstr(err.msg, "recvline_or_tail with an empty tail"));
    expect_line(t, "abc"); /* nothing was consumed */
    cg_tube_close(t);
}

/* A search for "\n" that stopped at the end, then one for a NUL byte over the same bytes: the
 * NUL before where the first search stopped is found */
static void test_nul_delimiter_after_a_line_search(void **state)
{
    (void)state;
    cg_tube *t;
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_memory("ab\0cd", 5, 0, &quiet, &t, &err), CG_OK);
    assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_ERR_EOF);
    assert_int_equal(cg_tube_recvuntil(t, "\0", 1, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 3);
    cg_tube_close(t);
}

/* A search for one delimiter, then another over the same bytes, finds the earlier match. */
static void test_recvuntil_other_delimiter_rescans(void **state)
{
    (void)state;
    cg_tube *t = mem("abc:def;", 0, NULL);
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvuntil(t, ";", 1, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 8);
    cg_tube_close(t);

    t = mem("abc:def", 1, NULL);
    assert_int_equal(cg_tube_recvuntil(t, ";", 1, 1, &p, &n, &err), CG_ERR_EOF);
    assert_int_equal(cg_tube_recvuntil(t, ":", 1, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 4);
    assert_memory_equal(p, "abc:", 4);
    cg_tube_close(t);
}

/* A prompt without a newline ends the receive as soon as it is the last thing buffered. */
static void test_recvline_or_tail(void **state)
{
    (void)state;
    const char *text = "Face U:\nEnter your solution: Enter your solution: x\n";
    for (size_t chunk = 1; chunk <= 6; chunk += 5) {
        cg_tube *t = mem(text, chunk, NULL);
        const uint8_t *p;
        size_t n;
        bool by_tail;
        cg_error err;
        assert_int_equal(cg_tube_recvline_or_tail(t, "solution: ", 10, 1, &p, &n, &by_tail, &err),
                         CG_OK);
        assert_false(by_tail);
        assert_string_equal((const char *)p, "Face U:");
        assert_int_equal(cg_tube_recvline_or_tail(t, "solution: ", 10, 1, &p, &n, &by_tail, &err),
                         CG_OK);
        /* Dribbled, the first prompt ends the receive (before its trailing blank, which trailing
         * blanks do not decide); in chunks of 6 no read ends at a prompt: the bytes after it are already buffered, so
         * the first tail is missed and the line runs to its newline. */
        if (chunk == 1) {
            assert_true(by_tail);
            assert_string_equal((const char *)p, "Enter your solution:");
            assert_int_equal(cg_tube_recvline_or_tail(t, "solution: ", 10, 1, &p, &n, &by_tail,
                                                      &err),
                             CG_OK);
            assert_true(by_tail);
            assert_string_equal((const char *)p, " Enter your solution:");
            expect_line(t, " x");
        } else {
            assert_false(by_tail);
            assert_string_equal((const char *)p, "Enter your solution: Enter your solution: x");
        }
        cg_tube_close(t);
    }
}

/* Line i of the long stream: short lines of varying length, each naming itself. */
static int stream_line(int i, char *buf, size_t size)
{
    return snprintf(buf, size, "%d:%.*s", i, i % 23, "abcdefghijklmnopqrstuvwxyz");
}

/* Tens of kilobytes of short lines (ending "\n", or "\r\n" read as a two-byte delimiter), read
 * one at a time and checked one at a time. The receive buffer fills while most of it is already
 * consumed, so the buffer compacts again and again: at its initial size (no max_buffer) and when
 * it may not grow (a small max_buffer), for chunk sizes from whole reads down to single bytes,
 * and with delimiters split across reads. */
static void test_long_stream_line_by_line(void **state)
{
    (void)state;
    enum { LINES = 3000 };
    static char text[LINES * 40];
    static const size_t chunks[] = {0, 1, 7, 64, 1000, 4095, 4097};
    static const size_t maxes[] = {0, 100};
    for (int crlf = 0; crlf < 2; crlf++) {
        size_t n = 0;
        for (int i = 0; i < LINES; i++) {
            n += (size_t)stream_line(i, text + n, sizeof text - n);
            n += (size_t)snprintf(text + n, sizeof text - n, crlf ? "\r\n" : "\n");
        }
        assert_true(n > 20000 && n < sizeof text);
        for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++)
            for (size_t m = 0; m < sizeof maxes / sizeof *maxes; m++) {
                cg_tube_options o = quiet;
                o.max_buffer = maxes[m];
                cg_tube *t = mem(text, chunks[c], &o);
                for (int i = 0; i < LINES; i++) {
                    char want[64];
                    size_t wn = (size_t)stream_line(i, want, sizeof want);
                    const uint8_t *p;
                    size_t got;
                    cg_error err;
                    cg_status st = crlf ? cg_tube_recvuntil(t, "\r\n", 2, 1, &p, &got, &err)
                                        : cg_tube_recvline(t, 1, &p, &got, &err);
                    if (st != CG_OK)
                        fail_msg("line %d (chunk %zu, max %zu, crlf %d): %s", i, chunks[c],
                                 maxes[m], crlf, err.msg);
                    if (crlf)
                        got -= 2;
                    if (got != wn || memcmp(p, want, wn) != 0)
                        fail_msg("line %d (chunk %zu, max %zu, crlf %d): '%.*s', want '%s'", i,
                                 chunks[c], maxes[m], crlf, (int)got, (const char *)p, want);
                }
                const uint8_t *p;
                size_t got;
                cg_error err;
                assert_int_equal(cg_tube_recvline(t, 1, &p, &got, &err), CG_ERR_EOF);
                cg_tube_close(t);
            }
    }
}

/* A deadline already past when the wait starts (timeout 0, or a nanosecond) still makes one
 * check: a timeout when nothing is there, never an error; the data when it is there. Over a
 * pipe, for each kind of receive and for a send into a full pipe. */
static void test_expired_deadline_is_a_timeout(void **state)
{
    (void)state;
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    cg_tube_options o = quiet;
    o.send_timeout = 1e-9;
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(in[0], out[1], "pipe", &o, &t, &err), CG_OK);
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 0, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_non_null(strstr(err.msg, "timeout"));
    assert_int_equal(cg_tube_recv(t, 0, 0, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_int_equal(cg_tube_recvn(t, 1, 0, &p, &err), CG_ERR_TIMEOUT);
    assert_int_equal(cg_tube_recvuntil(t, "::", 2, 1e-9, &p, &n, &err), CG_ERR_TIMEOUT);
    assert_int_equal(write(in[1], "ready\n", 6), 6);
    assert_int_equal(cg_tube_recvline(t, 0, &p, &n, &err), CG_OK);
    assert_string_equal((const char *)p, "ready");
    /* Nobody reads `out`: once the pipe is full, the send times out. */
    static char big[1 << 20];
    memset(big, 'x', sizeof big);
    assert_int_equal(cg_tube_send(t, big, sizeof big, &err), CG_ERR_TIMEOUT);
    assert_int_equal(err.code, CG_ERR_TIMEOUT);
    cg_tube_close(t);
    close(in[1]);
    close(out[0]);
}

static void test_recvn_and_recv(void **state)
{
    (void)state;
    cg_tube *t = mem("0123456789", 3, NULL);
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvn(t, 5, 1, &p, &err), CG_OK);
    assert_memory_equal(p, "01234", 5);
    /* recv hands out what is buffered first ("5" left over from the second chunk). */
    assert_int_equal(cg_tube_recv(t, 0, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 1);
    assert_memory_equal(p, "5", 1);
    assert_int_equal(cg_tube_recv(t, 2, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 2);
    assert_memory_equal(p, "67", 2);
    /* Only 2 bytes remain: recvn(3) hits EOF and leaves them buffered. */
    assert_int_equal(cg_tube_recvn(t, 3, 1, &p, &err), CG_ERR_EOF);
    cg_tube_peek(t, &p, &n);
    assert_int_equal(n, 2);
    assert_int_equal(cg_tube_recvn(t, 2, 1, &p, &err), CG_OK);
    assert_memory_equal(p, "89", 2);
    cg_tube_close(t);
}

/* EOF before the delimiter: the partial data is kept, recvall returns it. */
static void test_eof_keeps_partial_data(void **state)
{
    (void)state;
    cg_tube *t = mem("no newline here", 4, NULL);
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_ERR_EOF);
    assert_non_null(strstr(err.msg, "closed"));
    assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 15);
    assert_string_equal((const char *)p, "no newline here");
    assert_int_equal(cg_tube_recv(t, 0, 1, &p, &n, &err), CG_ERR_EOF);
    assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 0);
    cg_tube_close(t);
}

/* A peer that never sends a newline: CG_ERR_LIMIT at max_buffer, never more memory. */
static void test_limit_without_newline(void **state)
{
    (void)state;
    size_t total = 100000;
    char *junk = malloc(total + 2);
    memset(junk, 'A', total);
    junk[total] = '\n';
    junk[total + 1] = '\0';
    cg_tube_options o = quiet;
    o.max_buffer = 10000;
    cg_tube *t = mem(junk, 777, &o);
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_ERR_LIMIT);
    assert_non_null(strstr(err.msg, "10000 bytes"));
    cg_tube_peek(t, &p, &n);
    assert_int_equal(n, 10000);
    p = (const uint8_t *)junk;
    assert_int_equal(cg_tube_recvn(t, 10001, 1, &p, &err), CG_ERR_LIMIT);
    assert_null(p);
    p = (const uint8_t *)junk; /* a failed read leaves no pointer from before */
    n = 7;
    assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_ERR_LIMIT);
    assert_null(p);
    assert_int_equal(n, 0);
    /* Consuming makes room again: the stream goes on where it was. */
    size_t seen = 0;
    while (cg_tube_recvline(t, 1, &p, &n, &err) == CG_ERR_LIMIT) {
        assert_int_equal(cg_tube_recvn(t, 10000, 1, &p, &err), CG_OK);
        seen += 10000;
    }
    assert_int_equal(seen + n, total);
    cg_tube_close(t);
    free(junk);
}

/* A tube made, read, written and closed twenty times leaves the heap as it was */
static void test_close_frees(void **state)
{
    (void)state;
    size_t before = SIZE_MAX;
    for (int round = 0; round < HEAP_ROUNDS; round++) {
        cg_tube *t = mem("one\ntwo\n", 3, NULL);
        expect_line(t, "one");
        cg_error err;
        assert_int_equal(cg_tube_send(t, "x\n", 2, &err), CG_OK);
        cg_tube_close(t);
        if (round == HEAP_SETTLED)
            before = heap_in_use();
    }
    if (before != SIZE_MAX)
        assert_int_equal(heap_in_use(), before);
}

/* A prompt that fills the buffer's first size exactly: handed over whole, terminated past its
 * last byte (the room kept for that) */
static void test_initial_buffer_full(void **state)
{
    (void)state;
    for (size_t len = 4095; len <= 4096; len++) {
        char *text = malloc(len + 1);
        assert_non_null(text);
        memset(text, 'z', len);
        memcpy(text + len - 2, "> ", 2);
        text[len] = '\0';
        cg_tube *t = mem(text, len, NULL);
        const uint8_t *p;
        size_t n;
        cg_error err;
        bool by_tail;
        assert_int_equal(cg_tube_recvline_or_tail(t, "> ", 2, 1, &p, &n, &by_tail, &err), CG_OK);
        assert_true(by_tail);
        assert_int_equal(n, len);
        assert_int_equal(p[len], '\0');
        assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_OK);
        assert_int_equal(n, 0);
        cg_tube_close(t);
        free(text);
    }
}

/* A line of exactly max_buffer bytes with its newline still fits, so do max_buffer bytes. */
static void test_limit_exact_fit(void **state)
{
    (void)state;
    cg_tube_options o = quiet;
    o.max_buffer = 8;
    cg_tube *t = mem("1234567\nabcdefgh", 3, &o);
    expect_line(t, "1234567");
    const uint8_t *p;
    size_t n;
    cg_error err;
    assert_int_equal(cg_tube_recvn(t, 8, 1, &p, &err), CG_OK);
    assert_memory_equal(p, "abcdefgh", 8);
    assert_int_equal(cg_tube_recvall(t, 1, &p, &n, &err), CG_OK);
    assert_int_equal(n, 0);
    cg_tube_close(t);
}

static void test_sends_collected(void **state)
{
    (void)state;
    cg_tube *t = mem("banner\nEnter your solution: ", 2, NULL);
    const uint8_t *got, *p;
    size_t got_n, n;
    cg_error err;
    assert_int_equal(cg_tube_sendlineafter(t, "solution: ", 10, "R U2 F'", 7, 1, &got, &got_n,
                                           &err),
                     CG_OK);
    assert_int_equal(got_n, strlen("banner\nEnter your solution: "));
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_OK);
    assert_int_equal(cg_tube_sendline(t, "", 0, &err), CG_OK);
    assert_int_equal(cg_tube_memory_sent(t, &p, &n, &err), CG_OK);
    assert_int_equal(n, 10);
    assert_memory_equal(p, "R U2 F'\nx\n", 10);
    /* The delimiter never comes: nothing is sent. */
    assert_int_equal(cg_tube_sendlineafter(t, "?", 1, "no", 2, 1, NULL, NULL, &err), CG_ERR_EOF);
    assert_int_equal(cg_tube_memory_sent(t, &p, &n, &err), CG_OK);
    assert_int_equal(n, 10);
    cg_tube_close(t);
}

typedef struct transcript {
    char text[256];
    size_t n;
} transcript;

/* Records "<R:bytes>" and "<S:bytes>" for every chunk the hook sees. */
static void record(void *ctx, int direction, const uint8_t *p, size_t n)
{
    transcript *tr = ctx;
    tr->n += (size_t)snprintf(tr->text + tr->n, sizeof tr->text - tr->n, "<%c:%.*s>",
                              direction == CG_TUBE_SENT ? 'S' : 'R', (int)n, (const char *)p);
}

static void test_data_hook_sees_every_byte(void **state)
{
    (void)state;
    transcript tr = {{0}, 0};
    cg_tube_options o = quiet;
    o.on_data = record;
    o.on_data_ctx = &tr;
    cg_tube *t = mem("ab\ncd\n", 4, &o);
    expect_line(t, "ab");
    cg_error err;
    assert_int_equal(cg_tube_sendline(t, "hi", 2, &err), CG_OK);
    expect_line(t, "cd");
    /* Received bytes are reported as read (chunks of 4), including the buffered "c". */
    assert_string_equal(tr.text, "<R:ab\nc><S:hi\n><R:d\n>");
    cg_tube_close(t);
}

static char *log_of(cg_log_level level, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    cg_tube_options o = {.log_level = level, .log = f};
    cg_tube *t = mem("hello\n", 0, &o);
    expect_line(t, "hello");
    cg_error err;
    assert_int_equal(cg_tube_send(t, "\x01\xff", 2, &err), CG_OK);
    cg_tube_close(t);
    fclose(f);
    return buf;
}

static void test_log_levels(void **state)
{
    (void)state;
    size_t len;
    char *dbg = log_of(CG_LOG_DEBUG, &len);
    assert_non_null(strstr(dbg, "[DEBUG] Received 0x6 bytes:"));
    assert_non_null(strstr(dbg, "68 65 6c 6c 6f 0a"));
    assert_non_null(strstr(dbg, "|hello.|"));
    assert_non_null(strstr(dbg, "[DEBUG] Sent 0x2 bytes:"));
    assert_non_null(strstr(dbg, "01 ff"));
    free(dbg);
    char *info = log_of(CG_LOG_INFO, &len);
    assert_null(strstr(info, "DEBUG"));
    free(info);
    char *none = log_of(CG_LOG_QUIET, &len);
    assert_int_equal(len, 0);
    free(none);
}

static void test_hexdump_layout(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len;
    FILE *f = open_memstream(&buf, &len);
    cg_hexdump(f, "0123456789abcdefXY", 18);
    fclose(f);
    assert_string_equal(buf, "    00000000  30 31 32 33 34 35 36 37  38 39 61 62 63 64 65 66  "
                             "|0123456789abcdef|\n"
                             "    00000010  58 59                                             "
                             "|XY|\n");
    free(buf);
    /* one byte past a full line: a line of its own; no bytes: no line */
    f = open_memstream(&buf, &len);
    cg_hexdump(f, "0123456789abcdefZ", 17);
    fclose(f);
    assert_non_null(strstr(buf, "    00000010  5a "));
    assert_int_equal(strlen(buf), 2 * strlen("    00000000  30 31 32 33 34 35 36 37  38 39 61 62 63 "
                                             "64 65 66  |0123456789abcdef|\n") - 15);
    free(buf);
    f = open_memstream(&buf, &len);
    cg_hexdump(f, "", 0);
    fclose(f);
    assert_string_equal(buf, "");
    free(buf);
}

/* A receive that fails hands back nothing: no pointer, no length, whatever they held. */
static void test_failed_recv_hands_back_nothing(void **state)
{
    (void)state;
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_memory("", 0, 0, &o, &t, &err), CG_OK);
    const uint8_t *p = (const uint8_t *)"stale";
    size_t n = 99;
    assert_int_equal(cg_tube_recv(t, 10, 1, &p, &n, &err), CG_ERR_EOF);
    assert_null(p);
    assert_int_equal(n, 0);
    cg_tube_close(t);
}

/* A tube over descriptors given no name is named by its reading descriptor. */
static void test_unnamed_fd_tube(void **state)
{
    (void)state;
    int fds[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(fds[0], fds[0], NULL, &o, &t, &err), CG_OK);
    char want[32];
    snprintf(want, sizeof want, "fd %d", fds[0]);
    assert_string_equal(cg_tube_name(t), want);
    cg_tube_close(t);
    close(fds[1]);
}

static void test_file_tube(void **state)
{
    (void)state;
    char path[] = "/tmp/cubegod-tube-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "one\ntwo", 7), 7);
    close(fd);
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_file(path, &quiet, &t, &err), CG_OK);
    expect_line(t, "one");
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "the tube is read-only"));
    const uint8_t *p;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 1, &p, &n, &err), CG_ERR_EOF);
    cg_tube_close(t);
    unlink(path);
    assert_int_equal(cg_tube_file(path, &quiet, &t, &err), CG_ERR_SYSTEM);
    assert_null(t);
    assert_non_null(strstr(err.msg, "No such file"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recvline_any_chunking),
        cmocka_unit_test(test_recvuntil_split_delimiter),
        cmocka_unit_test(test_recvuntil_other_delimiter_rescans),
        cmocka_unit_test(test_recvuntil_missing_delimiter),
        cmocka_unit_test(test_nul_delimiter_after_a_line_search),
        cmocka_unit_test(test_empty_delimiters),
        cmocka_unit_test(test_custom_read_only),
        cmocka_unit_test(test_partial_asked_once_a_silence),
        cmocka_unit_test(test_recvline_or_tail),
        cmocka_unit_test(test_long_stream_line_by_line),
        cmocka_unit_test(test_expired_deadline_is_a_timeout),
        cmocka_unit_test(test_recvn_and_recv),
        cmocka_unit_test(test_eof_keeps_partial_data),
        cmocka_unit_test(test_limit_without_newline),
        cmocka_unit_test(test_limit_exact_fit),
        cmocka_unit_test(test_initial_buffer_full),
        cmocka_unit_test(test_close_frees),
        cmocka_unit_test(test_sends_collected),
        cmocka_unit_test(test_data_hook_sees_every_byte),
        cmocka_unit_test(test_log_levels),
        cmocka_unit_test(test_hexdump_layout),
        cmocka_unit_test(test_unnamed_fd_tube),
        cmocka_unit_test(test_failed_recv_hands_back_nothing),
        cmocka_unit_test(test_file_tube),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
