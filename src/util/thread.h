/* Internal: the library's worker threads. */
#ifndef CUBEGOD_UTIL_THREAD_H
#define CUBEGOD_UTIL_THREAD_H

#include <pthread.h>

/* pthread_create with the caller's asynchronous signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * SIGALRM, SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH, SIGPIPE) blocked in the new thread: a
 * program's Ctrl-C then lands in one of its own threads, where its handler interrupts the wait
 * in progress, never in a table build or a hash search that would not notice it (a SIGTERM to
 * play during a TLS handshake was held until the handshake's deadline when a 3x3 build thread
 * took it). Faults (SIGSEGV, SIGBUS, ...) stay unblocked. Returns pthread_create's value. */
int cgi_thread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *), void *arg);

#endif
