/*
** sandbox_session.c -- opening and closing a sandbox session (sandbox.h):
** start one bubblewrap whose init is the exec helper in server mode, and
** at the end let it exit and remove the session's folder.  One job's run
** is in sandbox_session_run.c.
**
** Theory of operation.  The grader forks the process that becomes
** bubblewrap itself, through the same steps as a one-shot job process
** (sbx_exec_job(): a session of its own, the slot uid, no core dumps,
** PR_SET_PDEATHSIG, no new privileges), with one end of a SOCK_SEQPACKET
** socket pair on descriptor SBX_STATUS_FD and /dev/null on 0..2.  There is
** no supervisor: every process a job starts lives in the sandbox's pid
** namespace, whose init, the server, kills them all after each job.  If
** the grader dies, PR_SET_PDEATHSIG kills bubblewrap, --die-with-parent
** kills the server, and the namespace goes with it.  bubblewrap is our
** child, reaped by its own pid, so the grader's other children are left
** alone.  The server says HELLO when it is ready; a session whose sandbox
** does not, within HELLO_SECONDS, runs its jobs one sandbox each.
**
** The session's folder, from sandbox_scratch_new(), is bound read-write at
** its own path: each job's scratch directory is moved into it for the
** job's run.  As root the folder belongs to the grader, mode 0711: the
** slot uid can reach the scratch directory in it but cannot create,
** rename or remove anything there.  Without root the job owns the folder
** as it owns its scratch directory; the grader empties it after every job
** (it cannot take back extended attributes a job sets on it: without
** root, jobs are less isolated anyway, see sandbox.h).
**
** Why Linux 5.14: since then RLIMIT_NPROC is also counted per user
** namespace, so the server can give each job an exact process limit
** (sandbox_plan.c).  Before, the count would include bubblewrap and, for
** a non-root grader, every process of the user.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define HELLO_SECONDS 20   /* a cold start on a loaded machine */
#define STOP_SECONDS  5    /* for the sandbox to exit once told to */

static struct sandbox_session *attached;

static int kernel_at_least(int major, int minor)
{
    struct utsname u;
    int ma, mi;

    return uname(&u) == 0 && sscanf(u.release, "%d.%d", &ma, &mi) == 2
           && (ma > major || (ma == major && mi >= minor));
}

static size_t file_limit(const struct sandbox_job *job)
{
    return job->limits.file_bytes ? job->limits.file_bytes : SBX_DEFAULT_FILE;
}

/* Keeps a copy of the shape's read-only paths; 0 or -1. */
static int copy_shape(struct sandbox_session *s, const struct sandbox_job *shape)
{
    size_t n = 0;

    while (shape->readonly_paths && shape->readonly_paths[n])
        n++;
    if (!(s->readonly = calloc(n + 1, sizeof *s->readonly)))
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!(s->readonly[i] = strdup(shape->readonly_paths[i])))
            return -1;
    s->file_bytes = file_limit(shape);
    return 0;
}

/* The session's folder: a scratch directory that, as root, the grader
** keeps for itself (see the top). */
static char *make_folder(void)
{
    char *dir = sandbox_scratch_new();

    if (dir && sbx.as_root && (chown(dir, geteuid(), getegid()) != 0 || chmod(dir, 0711) != 0)) {
        fprintf(stderr, "sandbox: session folder %s: %s\n", dir, strerror(errno));
        sandbox_scratch_free(dir);
        return NULL;
    }
    return dir;
}

/* Waits up to `seconds` for process `pid` (our child) to end; reaps it.
** 0 if it ended in time. */
static int reap_within(pid_t pid, double seconds)
{
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0), st, rc = 0;
    struct pollfd pf = { .fd = pidfd, .events = POLLIN };

    if (pidfd >= 0 && poll(&pf, 1, (int)(seconds * 1000)) == 0)
        rc = -1;
    if (pidfd >= 0)
        sbx_close(&pidfd);
    if (rc != 0)
        return -1;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;   /* ECHILD: a grader that ignores SIGCHLD has it reaped already */
    return 0;
}

/* Closes our end of the socket, which makes the server leave, and reaps
** bubblewrap; `force`: SIGKILL it first. */
static void stop(struct sandbox_session *s, int force)
{
    sbx_close(&s->sock);
    if (s->bwrap <= 0)
        return;
    if (force || reap_within(s->bwrap, STOP_SECONDS) != 0) {
        if (kill(s->bwrap, SIGKILL) != 0 && errno != ESRCH)
            perror("sandbox: kill session");
        (void)reap_within(s->bwrap, 1e6);
    }
    s->bwrap = -1;
}

/* Waits for the server's HELLO; 0 when it came. */
static int hello(struct sandbox_session *s)
{
    struct sbx_wire_reply rep;
    struct pollfd pf = { .fd = s->sock, .events = POLLIN };
    double give_up = sbx_now() + HELLO_SECONDS;
    int n = 0;

    while (n == 0 && sbx_now() < give_up) {
        n = poll(&pf, 1, (int)((give_up - sbx_now()) * 1000) + 1);
        if (n < 0 && errno == EINTR)
            n = 0;
    }
    if (n <= 0 || recv(s->sock, &rep, sizeof rep, 0) != (ssize_t)sizeof rep
        || rep.kind != SBX_WIRE_HELLO)
        return -1;
    s->pid_ns = rep.pid_ns;
    return 0;
}

/* Forks the process that becomes bubblewrap; returns the read end of its
** failure pipe (sandbox_super.c), or -1 with errno. */
static int spawn(struct sandbox_session *s, const struct sbx_plan *plan)
{
    struct sbx_fds f = { -1, -1, -1, -1, -1, -1, -1, -1, -1 };
    int pair[2], err[2] = { -1, -1 }, null = open("/dev/null", O_RDWR | O_CLOEXEC);
    pid_t parent = getpid();

    if (null < 0 || socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        sbx_close(&null);
        return -1;
    }
    f.in = f.out_w = f.err_w = null;
    if (pipe2(err, O_CLOEXEC) == 0 && (s->bwrap = fork()) == 0)
        sbx_exec_job(plan, &f, err[1], pair[1], parent);
    sbx_close(&pair[1]);
    sbx_close(&null);
    sbx_close(&err[1]);
    s->sock = pair[0];
    if (s->bwrap <= 0)
        sbx_close(&err[0]);
    return err[0];
}

/* Why the sandbox did not start, into why[]: the failure record of the
** process that was to become bubblewrap, if it left one. */
static void explain(int errpipe, int spawn_errno, char *why, size_t n)
{
    int rec[2];

    if (errpipe >= 0 && read(errpipe, rec, sizeof rec) == (ssize_t)sizeof rec)
        snprintf(why, n, "%s: %s", sbx_stage_name(rec[0]), strerror(rec[1]));
    else
        snprintf(why, n, "%s", errpipe >= 0 ? "no answer" : strerror(spawn_errno));
}

/* Starts the session's sandbox; 0 once its server said HELLO. */
static int start(struct sandbox_session *s, const struct sandbox_job *shape)
{
    struct sbx_plan plan;
    char why[160];
    int errpipe;

    if (!(s->dir = make_folder()))
        return -1;
    if (sbx_plan_session(shape, s->dir, &plan) != 0) {
        fprintf(stderr, "sandbox: out of memory\n");
        return -1;
    }
    errpipe = spawn(s, &plan);
    int spawn_errno = errno;
    sbx_plan_free(&plan);
    if (errpipe >= 0 && hello(s) == 0) {
        sbx_close(&errpipe);
        return 0;
    }
    stop(s, 1);   /* also ends every writer of the failure pipe */
    explain(errpipe, spawn_errno, why, sizeof why);
    sbx_close(&errpipe);
    fprintf(stderr, "sandbox: the session's sandbox did not start (%s); its jobs run "
            "one sandbox each\n", why);
    return -1;
}

struct sandbox_session *sandbox_session_open(const struct sandbox_job *shape)
{
    struct sandbox_session *s;

    if (sandbox_init() != 0)
        return NULL;
    s = calloc(1, sizeof *s);
    if (s) {
        s->owner = getpid();
        s->bwrap = -1;
        s->sock = -1;
        s->state = SBX_SESSION_PASSTHROUGH;
    }
    if (!s || copy_shape(s, shape) != 0) {
        fprintf(stderr, "sandbox: out of memory\n");
        sandbox_session_close(s);
        return NULL;
    }
    if (sbx.use_bwrap && sbx.exec_helper && kernel_at_least(5, 14) && start(s, shape) == 0)
        s->state = SBX_SESSION_LIVE;
    return s;
}

int sandbox_session_fits(const struct sandbox_session *s, const struct sandbox_job *job)
{
    const char *const *ro;
    size_t i = 0;

    if (!s || !job || s->state == SBX_SESSION_BROKEN || file_limit(job) != s->file_bytes)
        return 0;
    ro = job->readonly_paths;
    for (; s->readonly[i] && ro && ro[i]; i++)
        if (strcmp(s->readonly[i], ro[i]) != 0)
            return 0;
    return !s->readonly[i] && !(ro && ro[i]);
}

void sbx_session_break(struct sandbox_session *s)
{
    if (s->state != SBX_SESSION_LIVE)
        return;
    s->state = SBX_SESSION_BROKEN;
    stop(s, 1);
}

void sandbox_session_attach(struct sandbox_session *s)
{
    attached = s;
}

struct sandbox_session *sbx_session_attached(void)
{
    return attached && attached->owner == getpid() ? attached : NULL;
}

void sandbox_session_close(struct sandbox_session *s)
{
    if (!s)
        return;
    if (attached == s)
        attached = NULL;
    if (s->owner == getpid()) {
        stop(s, 0);
        sandbox_scratch_free(s->dir);
    } else {
        /* A forked copy: the sandbox and the folder are the opener's. */
        sbx_close(&s->sock);
        free(s->dir);
    }
    for (size_t i = 0; s->readonly && s->readonly[i]; i++)
        free(s->readonly[i]);
    free(s->readonly);
    free(s);
}
