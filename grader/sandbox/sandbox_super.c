/*
** sandbox_super.c -- the two processes between the grader and the command:
** the per-job supervisor, and the job process that becomes the command
** (or bubblewrap).
**
** Theory of operation.  The supervisor is forked by sandbox_run().  It
** marks itself a child subreaper, so that every process the job leaves
** behind -- double-forked, setsid()'d, re-parented any number of times --
** ends up as its child, and ignores the terminal's signals so that a ^C on
** the grader cannot stop it before the tree is killed.  It closes every
** descriptor it inherited but its own (the grader's other pipes must reach
** EOF when the grader closes them), forks the job process and waits on a
** pidfd for it and on the control pipe for the grader.  When the job
** process ends, or the grader closes the control pipe (limit hit) or dies
** (the kernel closes it), or the plan's wall deadline passes (set for a
** conversation, sandbox_conv.c, whose grader runs no loop to keep time),
** the supervisor kills the tree and reaps it (sandbox_kill.c), then sends
** one report and exits.
** It observes the job's end with WNOWAIT, so the job's pid -- which is
** also its process group id -- cannot be reused before the group is
** killed.
**
** The job process (also the process that becomes a session's bubblewrap,
** sandbox_session.c) goes through, in this order: its control groups
** (the plan's cg_fds, sandbox_cgroup_job.c: first, so that nothing it
** runs is ever outside them; a session's bubblewrap has none), a new session (own process
** group, no terminal), default signal dispositions and an empty mask (a
** grader that ignores SIGPIPE must not pass that on), stdin/stdout/stderr
** on the memfd and pipes with every other descriptor closed (the grader's
** files must not leak into the job), the rlimits (set while still root,
** who may raise them), the slot uid and gid with no supplementary groups,
** PR_SET_PDEATHSIG (after the uid change, which clears it),
** PR_SET_NO_NEW_PRIVS (setuid programs gain nothing), cwd = scratch,
** in the rlimits fallback the no-fork filter when the plan asks for it
** (sandbox_nofork.h; under bubblewrap the exec helper installs it), a
** fresh session keyring and the no-keys filter (sandbox_nokeys.h; the exec
** helper's job where there is one, else here: bubblewrap inherits it),
** execve.  The supervisor keeps the group descriptors open for it.  A failure at any step is written as {stage, errno} on a
** close-on-exec pipe, which therefore stays empty when execve succeeds.
** Only system calls are made after fork(): see sandbox_internal.h.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox_internal.h"
#include <sys/personality.h>

#include "sandbox_execonce.h"
#include "sandbox_nofork.h"
#include "sandbox_nokeys.h"

#define JOB_ERR_FD 3   /* where the job process keeps its error pipe */

/* ---- the job process ---------------------------------------------- */

static void job_fail(int errfd, int stage)
{
    int rec[2] = { stage, errno };

    /* Nothing else can be done if even this write fails: the supervisor
    ** then sees exit status 127 without a record. */
    if (write(errfd, rec, sizeof rec) != (ssize_t)sizeof rec)
        _exit(127);
    _exit(127);
}

static int reset_signals(void)
{
    struct sigaction dfl;
    sigset_t none;

    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int s = 1; s < NSIG; s++) {
        if (s == SIGKILL || s == SIGSTOP)
            continue;
        /* EINVAL: a real-time signal reserved by the C library. */
        if (sigaction(s, &dfl, NULL) != 0 && errno != EINVAL)
            return -1;
    }
    if (sigemptyset(&none) != 0)
        return -1;
    return sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Closes descriptors lo..hi (hi < 0: to the last); 0 or -1. */
static int close_span(int lo, int hi)
{
    struct rlimit rl;

    if (syscall(SYS_close_range, (unsigned)lo, hi < 0 ? ~0U : (unsigned)hi, 0) == 0)
        return 0;
    /* Kernels before 5.9: one by one up to the descriptor limit. */
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return -1;
    for (rlim_t fd = (rlim_t)lo; fd < rl.rlim_cur && fd < 65536 && (hi < 0 || fd <= (rlim_t)hi); fd++)
        (void)close((int)fd);   /* EBADF for the unused ones is expected */
    return 0;
}

/* Puts stdin, stdout, stderr and the error pipe on 0..3, the status
** pipe (if `statusfd` >= 0) on SBX_STATUS_FD, and closes the rest.
** Everything is first copied above 10 so that no dup2() can overwrite a
** source that happens to sit on 0..4.  Returns the error pipe's new fd
** (3) or -1. */
static int setup_fds(const struct sbx_fds *f, int errfd, int statusfd)
{
    int src[5] = { f->in, f->out_w, f->err_w, errfd, statusfd };
    int high[5];
    int n = statusfd >= 0 ? 5 : 4;

    for (int i = 0; i < n; i++)
        if ((high[i] = fcntl(src[i], F_DUPFD_CLOEXEC, 10)) < 0)
            return -1;
    for (int i = 0; i < 3; i++)
        if (dup2(high[i], i) != i)
            return -1;
    if (dup3(high[3], JOB_ERR_FD, O_CLOEXEC) != JOB_ERR_FD)
        return -1;
    /* Not close-on-exec: bwrap passes it on to the exec helper. */
    if (n == 5 && dup2(high[4], SBX_STATUS_FD) != SBX_STATUS_FD)
        return -1;
    return close_span(n == 5 ? SBX_STATUS_FD + 1 : JOB_ERR_FD + 1, -1) == 0 ? JOB_ERR_FD : -1;
}

/* Sets one limit; a non-root grader cannot go above its hard limit, so
** the request is clamped to it. */
static int set_limit(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit cur, want;

    if (getrlimit(resource, &cur) != 0)
        return -1;
    if (!sbx.as_root && cur.rlim_max != RLIM_INFINITY
        && (hard == RLIM_INFINITY || hard > cur.rlim_max))
        hard = cur.rlim_max;
    want.rlim_max = hard;
    want.rlim_cur = soft > hard ? hard : soft;
    return setrlimit(resource, &want);
}

static int set_limits(const struct sbx_plan *p)
{
    /* CPU: SIGXCPU at the limit, SIGKILL a second later if ignored. */
    const struct { int res; rlim_t soft, hard; } lim[] = {
        { RLIMIT_CORE, 0, 0 },
        { RLIMIT_FSIZE, p->fsize, p->fsize },
        { RLIMIT_CPU, p->cpu, p->cpu == RLIM_INFINITY ? p->cpu : p->cpu + 1 },
        { RLIMIT_AS, p->as, p->as },
        { RLIMIT_NPROC, p->nproc, p->nproc },
    };
    for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) {
        if (lim[i].soft == RLIM_INFINITY && lim[i].res != RLIMIT_CORE)
            continue;   /* "no limit": keep what the grader has */
        if (set_limit(lim[i].res, lim[i].soft, lim[i].hard) != 0)
            return -1;
    }
    return 0;
}

static void drop_uid(int errfd)
{
    if (setgroups(0, NULL) != 0)
        job_fail(errfd, SBX_STAGE_SETGROUPS);
    if (setresgid(sbx.gid, sbx.gid, sbx.gid) != 0)
        job_fail(errfd, SBX_STAGE_SETGID);
    if (setresuid(sbx.uid, sbx.uid, sbx.uid) != 0)
        job_fail(errfd, SBX_STAGE_SETUID);
}

void sbx_exec_job(const struct sbx_plan *p, const struct sbx_fds *f, int errfd,
                  int statusfd, pid_t super)
{
    if (sbx_cgroup_enter(p->cg_fds, p->ncg) != 0)
        job_fail(errfd, SBX_STAGE_CGROUP);
    if (setsid() < 0)
        job_fail(errfd, SBX_STAGE_SETSID);
    if (reset_signals() != 0)
        job_fail(errfd, SBX_STAGE_SIGNALS);
    int efd = setup_fds(f, errfd, statusfd);
    if (efd < 0)
        job_fail(errfd, SBX_STAGE_FDS);
    if (set_limits(p) != 0)
        job_fail(efd, SBX_STAGE_RLIMIT);
    if (p->drop_uid)
        drop_uid(efd);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0
        || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        job_fail(efd, SBX_STAGE_PRCTL);
    if (getppid() != super)   /* the supervisor died before PDEATHSIG */
        _exit(127);
    (void)umask(022);         /* umask() cannot fail */
    if (chdir(p->scratch) != 0)
        job_fail(efd, SBX_STAGE_CHDIR);
    /* Under bubblewrap the exec helper does it (bwrap itself forks). */
    if (p->no_fork && !sbx.use_bwrap && sbx_forbid_fork() != 0)
        job_fail(efd, SBX_STAGE_NOFORK);
    /* The exec helper does it for its program; bubblewrap without it
    ** runs the command itself, so it inherits ours. */
    if ((!sbx.use_bwrap || !sbx.exec_helper) && sbx_forbid_keys() != 0)
        job_fail(efd, SBX_STAGE_NOFORK);
    if (p->no_aslr && !sbx.use_bwrap && personality(ADDR_NO_RANDOMIZE) == -1)
        job_fail(efd, SBX_STAGE_PRCTL);
    if (p->exec_once && !sbx.use_bwrap)
        (void)sbx_exec_once(p->path, p->argv, p->envp);
    else
        execve(p->path, p->argv, p->envp);
    job_fail(efd, SBX_STAGE_EXEC);
}

/* ---- the supervisor ----------------------------------------------- */

static void close_fd(int fd)
{
    if (fd >= 0 && close(fd) != 0)
        perror("sandbox: close");
}

static int become_supervisor(const struct sbx_fds *f)
{
    const int ignored[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE };
    struct sigaction sa;

    close_fd(f->out_r);
    close_fd(f->err_r);
    close_fd(f->ctl_w);
    close_fd(f->rep_r);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
        if (sigaction(ignored[i], &sa, NULL) != 0)
            return -1;
    sa.sa_handler = SIG_DFL;   /* waitpid() needs SIGCHLD not ignored */
    if (sigaction(SIGCHLD, &sa, NULL) != 0)
        return -1;
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
}

/* Closes every descriptor but 0..2 and the `n` (at most 8) of `keep`;
** -1 entries are ignored.  A supervisor is a fork of the grader and would
** otherwise hold the grader's other pipes open -- another conversation's
** control pipe or its job's stdin (sandbox_conv.c) -- so that closing
** them in the grader would never reach end of file. */
static int keep_only(const int *keep, size_t n)
{
    int sorted[8], low = 3;
    size_t m = 0;

    for (size_t i = 0; i < n && m < 8; i++) {   /* insertion sort */
        size_t j = m++;
        for (; j > 0 && sorted[j - 1] > keep[i]; j--)
            sorted[j] = sorted[j - 1];
        sorted[j] = keep[i];
    }
    for (size_t i = 0; i < m; i++) {
        if (sorted[i] < low)
            continue;   /* -1, 0..2, or a duplicate */
        if (sorted[i] > low && close_span(low, sorted[i] - 1) != 0)
            return -1;
        low = sorted[i] + 1;
    }
    return close_span(low, -1);
}

/* Milliseconds for poll() until `deadline` (sbx_now() time; 0: none). */
static int ms_until(double deadline, int pidfd)
{
    double left = deadline - sbx_now();

    if (pidfd < 0)
        return 5;   /* no pidfd: look at the job every 5 ms */
    if (deadline <= 0)
        return -1;
    return left <= 0 ? 0 : left > 3600 ? 3600 * 1000 : (int)(left * 1000) + 1;
}

/* Waits until the job process has ended (left unreaped; *ended = 1), the
** control pipe reaches EOF, or the plan's wall deadline passes
** (*timed_out = 1).  Without pidfds (kernels before 5.3) it polls. */
static int wait_job_or_ctl(pid_t job, int ctl, double deadline, int *ended, int *timed_out)
{
    int pidfd = (int)syscall(SYS_pidfd_open, job, 0);
    struct pollfd pf[2] = { { .fd = ctl, .events = POLLIN },
                            { .fd = pidfd, .events = POLLIN } };
    siginfo_t si;

    for (;;) {
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)job, &si, WEXITED | WNOHANG | WNOWAIT) != 0)
            return SBX_STAGE_WAIT;
        if (si.si_pid == job) {
            *ended = 1;
            break;
        }
        if (deadline > 0 && sbx_now() >= deadline) {
            *timed_out = 1;
            break;
        }
        if (poll(pf, 2, ms_until(deadline, pidfd)) < 0 && errno != EINTR)
            return SBX_STAGE_POLL;
        if (pf[0].revents)
            break;
    }
    close_fd(pidfd);
    return 0;
}

static double seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* Reads the error record, the exec helper's status (when `statpipe` >=
** 0; the tree is dead, so every writer is gone and the reads cannot
** block), and the resources used. */
static void finish_report(struct sbx_report *rep, int errpipe, int statpipe)
{
    int rec[2], status;
    struct rusage ru;

    if (read(errpipe, rec, sizeof rec) == (ssize_t)sizeof rec) {
        rep->fail_stage = rec[0];
        rep->fail_errno = rec[1];
    }
    if (statpipe >= 0 && read(statpipe, &status, sizeof status) == (ssize_t)sizeof status
        && !rep->fail_stage) {
        rep->status = status;
        rep->have_status = 1;
        rep->exact_status = 1;
    }
    if (getrusage(RUSAGE_CHILDREN, &ru) == 0) {
        rep->cpu_seconds = seconds(ru.ru_utime) + seconds(ru.ru_stime);
        rep->max_rss_kb = ru.ru_maxrss;
    }
}

void sbx_supervise(const struct sbx_plan *plan, const struct sbx_fds *f)
{
    struct sbx_report rep;
    pid_t self = getpid(), job;
    int errpipe[2], statpipe[2] = { -1, -1 };
    double t0;

    memset(&rep, 0, sizeof rep);
    int keep[5 + SBX_CG_FDS] = { f->in, f->out_w, f->err_w, f->ctl_r, f->rep_w };
    for (int i = 0; i < SBX_CG_FDS; i++)
        keep[5 + i] = i < plan->ncg ? plan->cg_fds[i] : -1;
    if (become_supervisor(f) != 0 || keep_only(keep, 5 + SBX_CG_FDS) != 0
        || pipe2(errpipe, O_CLOEXEC) != 0
        || (plan->status_pipe && pipe2(statpipe, O_CLOEXEC | O_NONBLOCK) != 0)) {
        rep.super_stage = SBX_STAGE_PRCTL;
        rep.super_errno = errno;
        goto report;
    }
    t0 = sbx_now();
    job = fork();
    if (job == 0) {
        close_fd(errpipe[0]);
        close_fd(statpipe[0]);
        sbx_exec_job(plan, f, errpipe[1], statpipe[1], self);
    }
    rep.super_errno = errno;   /* fork()'s, before close() can touch it */
    /* The job's ends: our copies would keep the pipes from ever EOF. */
    close_fd(f->in);
    close_fd(f->out_w);
    close_fd(f->err_w);
    close_fd(errpipe[1]);
    close_fd(statpipe[1]);
    if (job < 0) {
        rep.super_stage = SBX_STAGE_FORK;
        goto report;
    }
    int ended = 0;
    rep.super_stage = wait_job_or_ctl(job, f->ctl_r, plan->wall_deadline, &ended,
                                      &rep.timed_out);
    rep.super_errno = rep.super_stage ? errno : 0;
    rep.job_ended = ended;
    rep.wall_seconds = sbx_now() - t0;
    sbx_kill_tree(job, ended, &rep.status, &rep.have_status);
    finish_report(&rep, errpipe[0], statpipe[0]);
report:
    /* If the grader is gone there is no one left to tell. */
    if (write(f->rep_w, &rep, sizeof rep) != (ssize_t)sizeof rep)
        _exit(1);
    _exit(0);
}
