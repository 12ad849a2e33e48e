/* A local server in a thread for a test program, its log in a temporary file, and a client's
 * plain reads and writes (test_game_faults, test_edges). test_server_faults.c starts its servers
 * with a certificate of its own and keeps its own start. */
#ifndef CUBEGOD_TESTS_GAME_SERVED_H
#define CUBEGOD_TESTS_GAME_SERVED_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cubegod/server.h"
#include "cubegod/tube.h"

typedef struct served {
    cg_server *srv;
    pthread_t tid;
    FILE *log;
    cg_status st;
    cg_error err;
} served;

static void *served_run(void *arg)
{
    served *r = arg;
    r->st = cg_server_run(r->srv, &r->err);
    return NULL;
}

/* Opens the server (seed 42, o->games bounds its run; an alarm left at 1 s made 5) and runs it. */
static void served_start(served *r, cg_server_options *o)
{
    memset(r, 0, sizeof *r);
    r->log = tmpfile();
    assert_non_null(r->log);
    o->log = r->log;
    o->seeded = true;
    o->seed = 42;
    if (o->alarm == 1.0)
        o->alarm = 5;
    cg_error e;
    if (cg_server_open(o, &r->srv, &e) != CG_OK)
        fail_msg("%s", e.msg);
    assert_int_equal(pthread_create(&r->tid, NULL, served_run, r), 0);
}

/* Waits for the server to return, then its log (static: use before the next call). */
static const char *served_finish(served *r)
{
    static char text[8192];
    pthread_join(r->tid, NULL);
    assert_int_equal(r->st, CG_OK);
    cg_server_close(r->srv);
    rewind(r->log);
    size_t n = fread(text, 1, sizeof text - 1, r->log);
    text[n] = '\0';
    fclose(r->log);
    return text;
}

static cg_tube *served_dial(served *r)
{
    char port[16];
    snprintf(port, sizeof port, "%d", cg_server_port(r->srv));
    cg_tube_options o = {.log_level = CG_LOG_QUIET};
    cg_tube *t;
    cg_error e;
    if (cg_tube_connect("127.0.0.1", port, &o, &t, &e) != CG_OK)
        fail_msg("%s", e.msg);
    return t;
}

/* What the server sent up to and including `until` (static: use before the next call). */
static const char *served_until(cg_tube *t, const char *until)
{
    static char text[16384];
    const uint8_t *p;
    size_t n;
    cg_error e;
    if (cg_tube_recvuntil(t, until, strlen(until), 5, &p, &n, &e) != CG_OK)
        fail_msg("waiting for '%s': %s", until, e.msg);
    assert_true(n < sizeof text);
    memcpy(text, p, n);
    text[n] = '\0';
    return text;
}

/* Everything until the server closes. */
static const char *served_rest(cg_tube *t)
{
    static char text[16384];
    const uint8_t *p;
    size_t n;
    cg_error e;
    if (cg_tube_recvall(t, 5, &p, &n, &e) != CG_OK)
        fail_msg("waiting for the close: %s", e.msg);
    assert_true(n < sizeof text);
    memcpy(text, p, n);
    text[n] = '\0';
    return text;
}

static void served_send(cg_tube *t, const char *line)
{
    assert_int_equal(cg_tube_sendline(t, line, strlen(line), NULL), CG_OK);
}

static void served_expect(const char *text, const char *what)
{
    if (!strstr(text, what))
        fail_msg("'%s' not in:\n%s", what, text);
}

#endif
