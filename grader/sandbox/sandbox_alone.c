/*
** sandbox_alone.c -- one job in a sandbox of its own: open the control and
** report pipes, fork the per-job supervisor (sandbox_super.c), run the
** event loop (sandbox_loop.c), reap the supervisor, and give the result
** (sandbox_job.c).  sandbox_run() ends here when no session takes the job,
** and so does the bubblewrap probe of sandbox_init().
**
** The job's control group (sandbox_cgroup_job.c) is made before the
** supervisor is forked, which passes its descriptors to the job process;
** it is read at the end (sbx_finish()) and removed with the run.
**
** The control pipe (grader -> supervisor) and the report pipe (supervisor
** -> grader) are created close-on-exec like the job's; the supervisor
** closes the ends it does not use, and the grader its copies of the job's
** ends before the loop, or the pipes would never reach end of file.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox_internal.h"

/* The job's descriptors and the supervisor's two pipes. */
static int open_fds(const struct sandbox_job *job, struct sbx_fds *f)
{
    int *ends[2][2] = { { &f->ctl_r, &f->ctl_w }, { &f->rep_r, &f->rep_w } };

    return sbx_open_pipes(ends, 2) == 0 ? sbx_open_job_fds(job, f) : -1;
}

static void reap_supervisor(pid_t super)
{
    int st;

    while (waitpid(super, &st, 0) < 0)
        if (errno != EINTR) {
            if (errno != ECHILD)   /* ECHILD: the grader ignores SIGCHLD */
                perror("sandbox: waitpid supervisor");
            return;
        }
}

/* Starts the supervisor and runs the loop; -1 if fork() failed. */
static int supervise(struct sbx_run *r, const struct sbx_plan *plan)
{
    pid_t super = fork();

    if (super == 0)
        sbx_supervise(plan, &r->fds);
    if (super < 0) {
        perror("sandbox: fork");
        return -1;
    }
    /* Our copies of the job's ends would keep the pipes from EOF. */
    sbx_close(&r->fds.in);
    sbx_close(&r->fds.out_w);
    sbx_close(&r->fds.err_w);
    sbx_close(&r->fds.ctl_r);
    sbx_close(&r->fds.rep_w);
    r->out.fd = r->fds.out_r, r->fds.out_r = -1;
    r->err.fd = r->fds.err_r, r->fds.err_r = -1;
    r->runner = &sbx_supervisor_runner;
    r->super = super;
    r->rep_fd = r->fds.rep_r;
    sbx_loop(r);
    reap_supervisor(super);
    return 0;
}

int sbx_run_alone(const struct sandbox_job *job, struct sandbox_result *res)
{
    struct sbx_run r;
    struct sbx_plan plan;
    struct stat scratch;
    int rc = -1;

    memset(res, 0, sizeof *res);
    if (sbx_check_job(job, &scratch) != 0)
        return -1;
    sbx_init_run(&r, job);
    if (sbx_plan_build(job, &plan) != 0)
        return -1;
    /* The job process is bubblewrap, whose own processes are in the group. */
    if (sbx_cgroup_new(&job->limits, sbx.use_bwrap ? SBX_BWRAP_PROCS : 0, &r.cgroup) != 0) {
        sbx_plan_free(&plan);
        return -1;
    }
    plan.ncg = sbx_cgroup_fds(r.cgroup, plan.cg_fds);
    if (open_fds(job, &r.fds) != 0)
        perror("sandbox: pipe/memfd");
    else if (supervise(&r, &plan) == 0)
        rc = sbx_finish(&r, job, &scratch, res);
    sbx_plan_free(&plan);
    sbx_run_release(&r);
    if (rc != 0)
        sandbox_result_free(res);
    return rc;
}
