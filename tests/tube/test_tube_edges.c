/* The edges of src/tube that no test reached (the coverage map of ./run.sh mutants listed their
 * lines under no test): shutting the sending side of a tube over two pipes closes the write
 * descriptor (the reader at the other end sees its end), after which sends are refused and the
 * tube still reads. A program of its own, so the cached kills of the older programs stay valid
 * (a test's hash is its source's). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include <cmocka.h>

#include "cubegod/tube.h"

static void test_pipes_shutdown(void **state)
{
    (void)state;
    int in[2], out[2];
    assert_int_equal(pipe(in), 0);
    assert_int_equal(pipe(out), 0);
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    cg_error err;
    assert_int_equal(cg_tube_fds(in[0], out[1], "pipes", &o, &t, &err), CG_OK);
    assert_int_equal(cg_tube_sendline(t, "hi", 2, &err), CG_OK);
    char buf[8];
    assert_int_equal(read(out[0], buf, sizeof buf), 3);
    assert_int_equal(cg_tube_shutdown_send(t, &err), CG_OK);
    /* the write end closed: the reader's end, at once (not a read that would wait) */
    assert_int_equal(fcntl(out[0], F_SETFL, O_NONBLOCK), 0);
    assert_int_equal(read(out[0], buf, sizeof buf), 0);
    assert_int_equal(cg_tube_send(t, "x", 1, &err), CG_ERR_SYSTEM);
    assert_non_null(strstr(err.msg, "read-only"));
    assert_int_equal(cg_tube_shutdown_send(t, &err), CG_OK); /* again: nothing left to shut */
    assert_int_equal(write(in[1], "back\n", 5), 5);
    const uint8_t *line;
    size_t n;
    assert_int_equal(cg_tube_recvline(t, 2, &line, &n, &err), CG_OK); /* still reads */
    assert_int_equal(n, 4);
    assert_memory_equal(line, "back", 4);
    cg_tube_close(t);
    close(in[1]);
    close(out[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipes_shutdown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
