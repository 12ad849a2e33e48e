#include "util/thread.h"

#include <signal.h>

int cgi_thread_create(pthread_t *tid, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    static const int async[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,  SIGALRM,
                                SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH, SIGPIPE};
    sigset_t set, old;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof async / sizeof *async; i++)
        sigaddset(&set, async[i]);
    /* the new thread inherits the mask in force at pthread_create */
    pthread_sigmask(SIG_BLOCK, &set, &old);
    int rc = pthread_create(tid, attr, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc;
}
