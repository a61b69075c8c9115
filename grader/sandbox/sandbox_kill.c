/*
** sandbox_kill.c -- killing a job's whole process tree, daemons included.
**
** Theory of operation.  Three nets, from coarse to certain:
**
**  1. kill(-pgid): the job process called setsid(), so its pid is the id
**     of its process group.  Catches the simple cases at once.  In
**     bubblewrap mode the job process is bwrap itself; its death makes the
**     kernel kill the sandbox's pid-1 (--die-with-parent), and the death
**     of a pid namespace's init kills every process in the namespace.
**  2. When root (and not after bubblewrap ended by itself, whose pid
**     namespace is then empty): a helper forked for the purpose drops to
**     the slot uid and calls kill(-1, SIGKILL), which reaches every
**     process of that uid the helper can see, wherever it sits in the tree
**     and whatever session it made.  kill(-1) excludes the caller, and one call is enough: the
**     kernel walks the task list under a lock that fork() also needs, and
**     a process with a pending SIGKILL cannot complete a fork().
**  3. The caller is a child subreaper (sandbox_super.c): every orphan of
**     the job is re-parented to it.  So it repeatedly SIGKILLs every
**     process listed in /proc/self/task/<tid>/children and reaps, until
**     waitpid() says it has no children left.  This alone guarantees that
**     no descendant survives, for a non-root grader too; what it cannot
**     catch is a process started outside the tree on the job's behalf
**     (e.g. by a session daemon over D-Bus), which (2) catches as root and
**     bubblewrap's empty file system makes unreachable.
**
** Reaping everything here also matters for the next job: RLIMIT_NPROC
** counts zombies too, so an unreaped tree would eat the next job's quota.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define SWEEP_GIVE_UP_SECONDS 10.0

int sbx_kill_uid(uid_t uid)
{
    int status;
    pid_t pid = fork();

    if (pid < 0) {
        perror("sandbox: fork (kill helper)");
        return -1;
    }
    if (pid == 0) {
        if (setresuid(uid, uid, uid) != 0)
            _exit(1);
        /* ESRCH (nothing to kill) is the usual, happy answer. */
        if (kill(-1, SIGKILL) != 0 && errno != ESRCH)
            _exit(2);
        _exit(0);
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            perror("sandbox: waitpid (kill helper)");
            return -1;
        }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "sandbox: could not kill the processes of uid %d\n",
                (int)uid);
        return -1;
    }
    return 0;
}

/* SIGKILLs every pid in the children file; returns how many it found, or
** -1 if the file cannot be read (kernel without CONFIG_PROC_CHILDREN).
** Parses in place with a carry, since a pid may straddle two reads. */
static int kill_children(void)
{
    char path[64], buf[4096];
    int fd, found = 0;
    long pid = 0;
    ssize_t n;

    snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] >= '0' && buf[i] <= '9') {
                pid = pid * 10 + (buf[i] - '0');
                continue;
            }
            if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
                found++;
            pid = 0;
        }
    }
    if (pid > 0 && kill((pid_t)pid, SIGKILL) == 0)
        found++;
    if (n < 0)
        perror("sandbox: read children");
    if (close(fd) != 0)
        perror("sandbox: close children");
    return found;
}

static void short_sleep(void)
{
    struct timespec ts = { 0, 1000000 };   /* 1 ms */

    if (nanosleep(&ts, NULL) != 0 && errno != EINTR)
        perror("sandbox: nanosleep");
}

/* Kills and reaps children until there are none; the job process's wait
** status is stored when it is reaped. */
static void sweep(pid_t job, int *job_status, int *have_status)
{
    double give_up = sbx_now() + SWEEP_GIVE_UP_SECONDS;
    int st, listed = 0;
    pid_t pid;

    for (;;) {
        /* Block only when we just SIGKILLed someone: he will die. */
        pid = waitpid(-1, &st, listed > 0 ? 0 : WNOHANG);
        if (pid == job) {
            *job_status = st;
            *have_status = 1;
        }
        if (pid > 0) {
            listed -= listed > 0;   /* one fewer known to be dying */
            continue;
        }
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0) {
            if (errno != ECHILD)
                perror("sandbox: waitpid");
            return;
        }
        listed = kill_children();
        if (listed <= 0)
            short_sleep();
        if (sbx_now() > give_up) {
            fprintf(stderr, "sandbox: giving up on unkillable children\n");
            return;
        }
    }
}

void sbx_kill_tree(pid_t job, int ended, int *job_status, int *have_status)
{
    /* The job process is alive or an unreaped zombie here, so its pid
    ** (and process group id) cannot have been reused. */
    if (kill(-job, SIGKILL) != 0 && errno != ESRCH)
        perror("sandbox: kill process group");
    if (kill(job, SIGKILL) != 0 && errno != ESRCH)
        perror("sandbox: kill job");
    /* Net 2 costs a fork per run.  When bwrap ended by itself, its pid
    ** namespace is already empty -- bwrap waits for the namespace's init,
    ** whose death kills every process in it -- and nothing of the job can
    ** live outside it, so the uid holds nothing to kill. */
    int empty = ended && sbx.use_bwrap;
    if (sbx.as_root && !empty && sbx_kill_uid(sbx.uid) != 0)
        fprintf(stderr, "sandbox: uid-wide kill failed; sweeping anyway\n");
    sweep(job, job_status, have_status);
}
