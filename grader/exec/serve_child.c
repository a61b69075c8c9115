/*
** serve_child.c -- one job's process in server mode, from fork() to the
** program (exec.h says in what order).
**
** The rlimits are those the grader computed (sandbox_plan.c); the server
** has no privilege, so a limit is clamped to its own hard limit, as a
** non-root grader's are.  "No limit" keeps the server's, which are the
** grader's: the session's bubblewrap was started without any.  RLIMIT_NPROC
** counts per user namespace (Linux 5.14 and later): the server and the
** job's processes, nothing outside the sandbox, which is why the grader
** asks for max_processes + 1.
**
** Its first step is to enter the control groups whose cgroup.procs the
** grader passed with the request (grader/sandbox/sandbox_cgroup_job.c):
** the kernel checks the grader's permission, who opened them, not ours.
**
** A job joins a session keyring of its own and may not use keys at all
** (sandbox_nokeys.h): nothing reaches the next job through the server's
** keyrings, nor the server's keys (an operator's, say) the job.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "exec.h"
#include "../sandbox/sandbox_nofork.h"
#include "../sandbox/sandbox_nokeys.h"

#define ERR_FD 3   /* where the failure record's pipe ends up */

static _Noreturn void fail(int errfd, int stage)
{
    int rec[2] = { stage, errno };

    (void)!write(errfd, rec, sizeof rec);
    _exit(127);
}

/* Puts the job's descriptors on 0..2 and `errfd` on ERR_FD, closes the
** rest.  Everything is first copied above 10, so that no dup2() can
** overwrite a source sitting on 0..3. */
static int place_fds(const int *fds, int errfd)
{
    int high[SBX_WIRE_FDS + 1];

    for (int i = 0; i <= SBX_WIRE_FDS; i++)
        if ((high[i] = fcntl(i < SBX_WIRE_FDS ? fds[i] : errfd, F_DUPFD_CLOEXEC, 10)) < 0)
            return -1;
    for (int i = 0; i < SBX_WIRE_FDS; i++)
        if (dup2(high[i], i) != i)
            return -1;
    if (dup3(high[SBX_WIRE_FDS], ERR_FD, O_CLOEXEC) != ERR_FD)
        return -1;
    return (int)syscall(SYS_close_range, ERR_FD + 1, ~0U, 0);
}

/* Sets one limit, clamped to what we may ask; SBX_WIRE_NO_LIMIT keeps
** ours. */
static int set_limit(int resource, uint64_t soft, uint64_t hard)
{
    struct rlimit cur, want;

    if (soft == SBX_WIRE_NO_LIMIT)
        return 0;
    if (getrlimit(resource, &cur) != 0)
        return -1;
    want.rlim_max = hard < cur.rlim_max ? hard : cur.rlim_max;
    want.rlim_cur = soft < want.rlim_max ? soft : want.rlim_max;
    return setrlimit(resource, &want);
}

static int set_limits(const struct serve_job *j)
{
    return set_limit(RLIMIT_CORE, 0, 0) | set_limit(RLIMIT_FSIZE, j->fsize, j->fsize)
         | set_limit(RLIMIT_CPU, j->cpu, j->cpu == SBX_WIRE_NO_LIMIT ? j->cpu : j->cpu + 1)
         | set_limit(RLIMIT_AS, j->as, j->as) | set_limit(RLIMIT_NPROC, j->nproc, j->nproc);
}

_Noreturn void serve_child(const struct serve_job *job, int errfd)
{
    sigset_t none;

    /* First: from here on, everything the job runs counts in its groups. */
    for (int i = 0; i < job->ncgroups; i++)
        if (write(job->fds[SBX_WIRE_FDS + i], "0", 1) != 1)
            fail(errfd, SBX_WIRE_STAGE_CGROUP);
    if (setsid() < 0)
        fail(errfd, SBX_WIRE_STAGE_SETSID);
    if (sigemptyset(&none) != 0 || sigprocmask(SIG_SETMASK, &none, NULL) != 0)
        fail(errfd, SBX_WIRE_STAGE_SIGNALS);
    if (place_fds(job->fds, errfd) != 0)
        fail(errfd, SBX_WIRE_STAGE_FDS);
    if (set_limits(job) != 0)
        fail(ERR_FD, SBX_WIRE_STAGE_RLIMIT);
    (void)umask(022);
    if (chdir(job->cwd) != 0)
        fail(ERR_FD, SBX_WIRE_STAGE_CHDIR);
    if (job->no_fork && sbx_forbid_fork() != 0)
        fail(ERR_FD, SBX_WIRE_STAGE_NOFORK);
    if (sbx_forbid_keys() != 0)
        fail(ERR_FD, SBX_WIRE_STAGE_NOFORK);
    /* Reported as the filters' stage: how the program is confined. */
    if (job->no_aslr && personality(ADDR_NO_RANDOMIZE) == -1)
        fail(ERR_FD, SBX_WIRE_STAGE_NOFORK);
    exec_program(job->env, job->nenv, job->argv, job->exec_once);
}
