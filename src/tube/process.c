/* Local processes over pipes (like pwntools' process): spawn without a shell, reap on close. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tube/internal.h"
#include "util/words.h"

extern char **environ;

typedef struct proc_tr {
    int in_w;  /* the child's stdin, -1 once closed */
    int out_r; /* the child's stdout */
    pid_t pid;
    bool reaped;
    bool lost;   /* waitpid said ECHILD: someone else reaped it, the status is unknown */
    int wstatus;
    char cmd[160]; /* "python3 app.py" (shortened) for messages */
} proc_tr;

static cg_status proc_recv(void *self, uint8_t *buf, size_t cap, int64_t deadline, size_t *got,
                           cg_error *err)
{
    return cgi_fd_read(((proc_tr *)self)->out_r, false, buf, cap, deadline, got, err);
}

static cg_status proc_send(void *self, const uint8_t *p, size_t n, int64_t deadline,
                           cg_error *err)
{
    proc_tr *c = self;
    if (c->in_w < 0)
        return cg_fail(err, CG_ERR_SYSTEM, "the process's stdin is closed");
    return cgi_fd_write(c->in_w, false, p, n, deadline, err);
}

static cg_status proc_shutdown(void *self, cg_error *err)
{
    (void)err;
    proc_tr *c = self;
    if (c->in_w >= 0)
        close(c->in_w);
    c->in_w = -1;
    return CG_OK;
}

static int proc_fileno(void *self)
{
    return ((proc_tr *)self)->out_r;
}

/* Waits for the child until the deadline, sleeping in growing steps (no SIGCHLD handler: the
 * program's signal handling is not ours to change). */
static cg_status reap(proc_tr *c, int64_t deadline, cg_error *err)
{
    long step = 100000; /* ns */
    while (!c->reaped) {
        pid_t r = waitpid(c->pid, &c->wstatus, WNOHANG);
        if (r == c->pid) {
            c->reaped = true;
            break;
        }
        if (r < 0 && errno == ECHILD) {
            /* The program ignores SIGCHLD or reaps children itself: the child is gone, and
             * its pid may already belong to another process, so it must not be signalled. */
            c->reaped = c->lost = true;
            return cg_fail(err, CG_ERR_SYSTEM,
                           "waitpid: %s (the child was reaped elsewhere: SIGCHLD ignored?)",
                           strerror(ECHILD));
        }
        if (r < 0 && errno != EINTR)
            return cg_fail(err, CG_ERR_SYSTEM, "waitpid: %s", strerror(errno));
        int64_t left = deadline < 0 ? step : deadline - cg_now_ns();
        if (left <= 0)
            return cg_fail(err, CG_ERR_TIMEOUT, "process '%s' (pid %d) still running", c->cmd,
                           (int)c->pid);
        struct timespec ts = {0, left < step ? left : step};
        nanosleep(&ts, NULL);
        if (step < 10000000)
            step *= 2;
    }
    return CG_OK;
}

/* True while a process of the child's group is left (zombies awaiting their reaper count). */
static bool group_left(pid_t pgid)
{
    return kill(-pgid, 0) == 0 || errno == EPERM;
}

/* sig to the child's group, and to the child itself should it have left the group. */
static void signal_child(proc_tr *c, int sig)
{
    kill(-c->pid, sig);
    kill(c->pid, sig);
}

/* Ends what the child left in its process group (a shell's own children: `sh -c "...; sleep
 * 99"`, which may ignore SIGTERM): asks, then insists after a short grace. Only while the
 * child's own status was seen: a group whose leader was reaped elsewhere may be gone and its
 * number taken by another group. */
static void end_group(proc_tr *c)
{
    if (c->lost || !group_left(c->pid))
        return;
    kill(-c->pid, SIGTERM);
    for (int i = 0; i < 50 && group_left(c->pid); i++) {
        struct timespec ts = {0, 20000000}; /* 20 ms, 1 s in all */
        nanosleep(&ts, NULL);
    }
    if (group_left(c->pid))
        kill(-c->pid, SIGKILL);
}

static void proc_close(void *self, const cg_log *log)
{
    proc_tr *c = self;
    proc_shutdown(c, NULL);
    close(c->out_r);
    /* EOF on stdin first; then ask, then insist; the group whole each time (the child leads
     * a process group of its own: spawn). */
    bool killed = false;
    if (reap(c, cg_deadline(0.5), NULL) && !c->reaped) {
        signal_child(c, SIGTERM);
        if (reap(c, cg_deadline(1.0), NULL) && !c->reaped) {
            signal_child(c, SIGKILL);
            killed = true;
            reap(c, -1, NULL);
        }
    }
    if (!killed) /* after SIGKILL only zombies can be left, which their reaper takes */
        end_group(c);
    if (c->lost)
        cg_log_msg(log, CG_LOG_INFO, '*', "Stopped process '%s' (pid %d): exit status unknown "
                   "(reaped elsewhere)", c->cmd, (int)c->pid);
    else if (WIFSIGNALED(c->wstatus))
        cg_log_msg(log, CG_LOG_INFO, '*', "Stopped process '%s' (pid %d): killed by signal %d",
                   c->cmd, (int)c->pid, WTERMSIG(c->wstatus));
    else
        cg_log_msg(log, CG_LOG_INFO, '*', "Stopped process '%s' (pid %d): exit code %d", c->cmd,
                   (int)c->pid, WEXITSTATUS(c->wstatus));
    free(c);
}

static const cg_transport proc_ops = {
    .recv = proc_recv,
    .send = proc_send,
    .shutdown_send = proc_shutdown,
    .fileno = proc_fileno,
    .close = proc_close,
};

cg_status cg_tube_wait(cg_tube *t, double timeout, int *wstatus, cg_error *err)
{
    proc_tr *c = cgi_tube_self(t, &proc_ops);
    if (!c)
        return cg_fail(err, CG_ERR_INPUT, "%s: not a process", cg_tube_name(t));
    if (c->lost)
        return cg_fail(err, CG_ERR_SYSTEM, "%s: exit status unknown (reaped elsewhere)",
                       cg_tube_name(t));
    cg_status st = reap(c, cg_deadline(timeout), err);
    if (!st && wstatus)
        *wstatus = c->wstatus;
    return st;
}

static void join_argv(char *const argv[], char *out, size_t size)
{
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; argv[i] && k + 1 < size; i++)
        k += (size_t)snprintf(out + k, size - k, i ? " %s" : "%s", argv[i]);
    if (k >= size && size > 4)
        memcpy(out + size - 4, "...", 4);
}

/* Resolves argv[0] the way execvp does, before spawning: the error is then known in the parent
 * whatever posix_spawn's implementation can report (under valgrind it cannot report a failed
 * exec at all). */
static int find_program(const char *name, const char *dirs, char *path, size_t size)
{
    if (strchr(name, '/')) {
        if ((size_t)snprintf(path, size, "%s", name) >= size)
            return ENAMETOOLONG;
        struct stat st;
        if (access(path, X_OK) != 0)
            return errno;
        return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? EISDIR : 0;
    }
    if (!dirs || !*dirs)
        dirs = "/bin:/usr/bin";
    int first = ENOENT;
    for (const char *d = dirs;; d++) {
        const char *end = strchr(d, ':');
        size_t len = end ? (size_t)(end - d) : strlen(d);
        /* An empty PATH element means the current directory. */
        int n = len ? snprintf(path, size, "%.*s/%s", (int)len, d, name)
                    : snprintf(path, size, "%s", name);
        if (n > 0 && (size_t)n < size) {
            /* Each cause read right after its own call: errno is stale otherwise. */
            struct stat st;
            int e = access(path, X_OK) == 0 ? 0 : errno;
            if (e == 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
                e = EACCES; /* what execvp says of a directory */
            if (e == 0)
                return 0;
            if (e == EACCES)
                first = EACCES;
        }
        if (!end)
            return first;
        d = end;
    }
}

/* posix_spawn: the child gets the pipes as stdin/stdout, default SIGPIPE and an empty mask,
 * and leads a process group of its own, so that closing the tube ends whatever it started (a
 * shell's children) and a terminal's Ctrl-C reaches play, which ends it, rather than it. */
static int spawn(const char *path, char *const argv[], int in_r, int out_w, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    sigset_t none, pipe;
    sigemptyset(&none);
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_adddup2(&fa, in_r, 0);
    posix_spawn_file_actions_adddup2(&fa, out_w, 1);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &pipe);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                        POSIX_SPAWN_SETPGROUP);
    int r = posix_spawn(pid, path, &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    return r;
}

/* A program that could not be started: logged like pwntools does, and the cause returned. */
static cg_status start_failed(const cg_tube_options *o, const char *name, int cause, cg_error *err)
{
    cg_log log = cgi_tube_opts_log(o);
    cg_log_msg(&log, CG_LOG_INFO, '-', "Starting local process '%s': Failed", name);
    return cg_fail(err, CG_ERR_SYSTEM, "process '%s': %s", name, strerror(cause));
}

cg_status cg_tube_process(char *const argv[], const cg_tube_options *o, cg_tube **out,
                          cg_error *err)
{
    *out = NULL;
    if (!argv || !argv[0] || !argv[0][0])
        return cg_fail(err, CG_ERR_INPUT, "process: empty command");
    char path[4096];
    int found = find_program(argv[0], o ? o->path : NULL, path, sizeof path);
    if (found != 0)
        return start_failed(o, argv[0], found, err);
    proc_tr *c = calloc(1, sizeof *c);
    if (!c)
        return cg_fail(err, CG_ERR_NOMEM, "out of memory");
    join_argv(argv, c->cmd, sizeof c->cmd);
    int in[2], outp[2];
    if (cgi_pipe_cloexec(in) < 0) {
        free(c);
        return cg_fail(err, CG_ERR_SYSTEM, "process '%s': pipe: %s", argv[0], strerror(errno));
    }
    if (cgi_pipe_cloexec(outp) < 0) {
        int e = errno;
        close(in[0]);
        close(in[1]);
        free(c);
        return cg_fail(err, CG_ERR_SYSTEM, "process '%s': pipe: %s", argv[0], strerror(e));
    }
    int r = spawn(path, argv, in[0], outp[1], &c->pid);
    close(in[0]);
    close(outp[1]);
    c->in_w = in[1];
    c->out_r = outp[0];
    if (r != 0) {
        close(c->in_w);
        close(c->out_r);
        free(c);
        return start_failed(o, argv[0], r, err);
    }
    cg_log log = cgi_tube_opts_log(o);
    cg_status st = cgi_fd_nonblock(c->in_w, err);
    if (!st)
        st = cgi_fd_nonblock(c->out_r, err);
    if (st) {
        proc_close(c, &log);
        return st;
    }
    cg_log_msg(&log, CG_LOG_INFO, '+', "Starting local process '%s': pid %d", c->cmd,
               (int)c->pid);
    /* the name starts every message of the tube's: a long command line, cut between words,
       leaves the message room for what happened */
    char name[200];
    size_t all = strlen(c->cmd), keep = cgi_cut_words(c->cmd, all, 48);
    snprintf(name, sizeof name, "process '%.*s%s' (pid %d)", (int)keep, c->cmd,
             keep < all ? CGI_CUT : "", (int)c->pid);
    return cg_tube_new(&proc_ops, c, name, o, out, err);
}

cg_status cg_tube_process_cmd(const char *cmd, const cg_tube_options *o, cg_tube **out,
                              cg_error *err)
{
    *out = NULL;
    char **argv;
    cg_status st = cg_split_command(cmd, &argv, err);
    if (st)
        return st;
    st = cg_tube_process(argv, o, out, err);
    cg_argv_free(argv);
    return st;
}
