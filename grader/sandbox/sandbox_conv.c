/*
** sandbox_conv.c -- a conversation (sandbox.h): starting it, answering
** about it while it runs, and its result at the end (how its job is
** ended is in sandbox_conv_end.c).
**
** Theory of operation.  A conversation is a one-shot job (sandbox_alone.c)
** whose grader does not wait: the same plan (sandbox_plan.c), the same
** supervisor and job process (sandbox_super.c), the same tree kill, the
** same report and verdict.  What differs:
**
**  - stdin and stdout are pipes whose other ends the caller keeps,
**    non-blocking (sandbox_alone.c gives a memfd and collects stdout).
**  - stderr is a memfd: written by the job, read once at the end, so it
**    needs no reader while the job runs and never blocks it; the cap is
**    checked against its size at each call and at the end, and
**    RLIMIT_FSIZE (file_bytes) stops it growing past that meanwhile.
**  - Nobody runs the event loop of sandbox_loop.c, so the supervisor keeps
**    the wall time itself (the plan's wall_deadline), and the tree's CPU
**    total and resident size are checked when the caller asks for the CPU
**    time: the CPU time from the conversation's control group when it has
**    one (sandbox_cgroup_job.c: every process that ever ran in it, reaped
**    or not), else from /proc (sandbox_usage.c), which also gives the
**    resident size, read only when there is a cap on it.  A kill request
**    is, as there, closing the control pipe.
**  - As root, a uid slot of its own (sbx_slot_claim_extra()): the forked
**    supervisor sets it in its copy of the sandbox state before anything
**    else, so that the job process drops to it and the supervisor's
**    uid-wide kill (sandbox_kill.c) targets it, with no change to either.
**    The scratch directory is lent to that uid for the conversation.
**
** The supervisor closes every descriptor it inherits but its own
** (sandbox_super.c), so another conversation's supervisor never holds
** this one's stdin or control pipe open.
**
** The result goes through sbx_finish() (sandbox_job.c) like any job's:
** the same checks (the scratch directory's identity among them) and
** verdict rules (sandbox_verdict.c), with stdout empty, stderr read from
** its memfd up to the cap, and the CPU time the larger of the
** supervisor's (the reaped tree's) and the largest reading (the group's
** final count among them).  The group is removed with the conversation.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define SBX_CONV_MATCH 6   /* the most bots of one match */

/* From the first conversation on, a write to a bot that has gone away
** fails with EPIPE instead of killing the grader (sandbox.h). */
static void ignore_sigpipe(void)
{
    struct sigaction old, ign;

    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_DFL
        && sigaction(SIGPIPE, &ign, NULL) != 0)
        perror("sandbox: ignore SIGPIPE");
}

static struct sandbox_conv *conv_new(const struct sandbox_job *job)
{
    struct sandbox_conv *c = calloc(1, sizeof *c);
    struct sbx_run r;

    if (!c)
        return NULL;
    c->owner = getpid();
    c->super = -1;
    c->in_w = c->out_r = c->err_fd = c->ctl_w = c->rep_r = c->slot_fd = -1;
    c->uid = sbx.uid;
    c->limits = job->limits;
    sbx_init_run(&r, job);   /* the start, the deadline and the caps */
    c->start = r.start;
    c->deadline = r.deadline;
    c->err_cap = r.err.limit;
    c->resident_cap = r.resident_cap;
    c->argv0 = strdup(job->argv[0]);
    c->scratch = strdup(job->scratch);
    if (!c->argv0 || !c->scratch) {
        sbx_conv_free(c);
        return NULL;
    }
    return c;
}

/* As root: a uid slot of its own, and the scratch directory lent to it. */
static int take_uid(struct sandbox_conv *c)
{
    if (!sbx.as_root)
        return 0;
    c->slot_fd = sbx_slot_claim_extra(&c->uid);
    if (c->slot_fd < 0)
        return -1;
    if (sbx_conv_lend_scratch(c, c->uid, 0700) != 0)
        return -1;
    c->lent = 1;
    return 0;
}

/* Without root the process limit counts every process of the user
** (sandbox_plan.c), and the kernel holds each bubblewrap to the limit its
** creator had, so the bots started after this one would eat its room:
** it leaves room for the other bots of a match of six, each as large. */
static void share_process_count(const struct sandbox_limits *l, struct sbx_plan *plan)
{
    rlim_t bot = (rlim_t)l->max_processes + SBX_BWRAP_PROCS + 1;   /* + its supervisor */

    if (!sbx.as_root && plan->nproc != RLIM_INFINITY)
        plan->nproc += (SBX_CONV_MATCH - 1) * bot;
}

/* The job's descriptors (sandbox_internal.h's struct sbx_fds): stdin and
** stdout pipes, the stderr memfd, the supervisor's two pipes; the
** caller's ends non-blocking.  0, or -1 with errno. */
static int open_fds(struct sandbox_conv *c, struct sbx_fds *f)
{
    int *ends[4][2] = { { &f->in, &c->in_w }, { &c->out_r, &f->out_w },
                        { &f->ctl_r, &c->ctl_w }, { &c->rep_r, &f->rep_w } };

    if (sbx_open_pipes(ends, 4) != 0)
        return -1;
    c->err_fd = f->err_w = memfd_create("sandbox-stderr", MFD_CLOEXEC);
    if (c->err_fd < 0 || fcntl(c->in_w, F_SETFL, O_NONBLOCK) != 0
        || fcntl(c->out_r, F_SETFL, O_NONBLOCK) != 0)
        return -1;
    return 0;
}

/* Closes the job's ends, which only the supervisor must keep (err_w is
** also c->err_fd, which stays). */
static void close_job_ends(struct sbx_fds *f)
{
    sbx_close(&f->in);
    sbx_close(&f->out_w);
    sbx_close(&f->ctl_r);
    sbx_close(&f->rep_w);
}

/* Forks the supervisor; 0, or -1 with errno.  The tree is read from
** /proc (sandbox_usage.c) for its resident size, and for its CPU time
** when there is no control group. */
static int spawn(struct sandbox_conv *c, const struct sbx_plan *plan, struct sbx_fds *f)
{
    c->super = fork();
    if (c->super == 0) {
        sbx.uid = c->uid;   /* the conversation's slot, for the job and the kill */
        sbx_supervise(plan, f);
    }
    if (c->super < 0)
        return -1;
    if (c->cgroup && c->resident_cap == 0)
        return 0;
    c->usage = sbx_usage_new(c->super);
    if (!c->usage) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

struct sandbox_conv *sandbox_conv_start(const struct sandbox_job *job)
{
    struct sbx_fds f = { -1, -1, -1, -1, -1, -1, -1, -1, -1 };
    struct sandbox_job quiet;
    struct sbx_plan plan;
    struct sandbox_conv *c;
    struct stat st;

    if (sandbox_init() != 0 || !job)
        return NULL;
    quiet = *job;
    quiet.stdin_data = NULL;
    quiet.stdin_len = 0;
    if (sbx_check_job(&quiet, &st) != 0)
        return NULL;
    ignore_sigpipe();
    if (!(c = conv_new(&quiet))) {
        fprintf(stderr, "sandbox: out of memory\n");
        return NULL;
    }
    c->scratch_st = st;
    if (take_uid(c) != 0 || sbx_plan_build(&quiet, &plan) != 0) {
        sbx_conv_free(c);
        return NULL;
    }
    plan.wall_deadline = c->deadline < 1e299 ? c->deadline : 0;
    share_process_count(&quiet.limits, &plan);
    if (sbx_cgroup_new(&quiet.limits, sbx.use_bwrap ? SBX_BWRAP_PROCS : 0, &c->cgroup) != 0) {
        sbx_plan_free(&plan);
        sbx_conv_free(c);
        return NULL;
    }
    plan.ncg = sbx_cgroup_fds(c->cgroup, plan.cg_fds);
    int rc = open_fds(c, &f) == 0 ? spawn(c, &plan, &f) : -1;
    int err = errno;
    close_job_ends(&f);
    sbx_plan_free(&plan);
    if (rc == 0)
        return c;
    fprintf(stderr, "sandbox: cannot start a conversation with %s: %s\n", c->argv0,
            strerror(err));
    if (c->super > 0)
        sbx_conv_end(c, 0);   /* the tree killed, the supervisor reaped */
    sbx_conv_free(c);
    return NULL;
}

int sandbox_conv_in_fd(const struct sandbox_conv *c)
{
    return c ? c->in_w : -1;
}

int sandbox_conv_out_fd(const struct sandbox_conv *c)
{
    return c ? c->out_r : -1;
}

/* Past the stderr cap: the tree is killed (SANDBOX_OUTPUT). */
static void check_stderr(struct sandbox_conv *c)
{
    struct stat st;

    if (!c->killed_for && fstat(c->err_fd, &st) == 0 && (size_t)st.st_size > c->err_cap)
        sbx_conv_kill(c, SANDBOX_OUTPUT);
}

int sandbox_conv_running(struct sandbox_conv *c)
{
    if (!c || sbx_conv_reported(c, 0))
        return 0;
    check_stderr(c);
    return !c->killed_for;
}

double sandbox_conv_cpu(struct sandbox_conv *c)
{
    double cpu = 0;
    size_t resident = 0;

    if (!c)
        return 0;
    if (c->have_report && c->rep.cpu_seconds > c->cpu)
        c->cpu = c->rep.cpu_seconds;
    /* The group's count goes on being right after the end. */
    if (c->cgroup && (cpu = sbx_cgroup_cpu(c->cgroup)) > c->cpu)
        c->cpu = cpu;
    if (c->have_report || c->rep_eof || (!c->usage && !c->cgroup))
        return c->cpu;
    if (c->usage) {
        double walked;
        sbx_usage_read(c->usage, &walked, &resident);
        if (!c->cgroup)
            cpu = walked;
    }
    if (cpu > c->cpu)
        c->cpu = cpu;
    if (c->limits.cpu_seconds > 0 && c->cpu > c->limits.cpu_seconds)
        sbx_conv_kill(c, SANDBOX_TIMEOUT);
    if (c->resident_cap > 0 && resident > c->resident_cap)
        sbx_conv_kill(c, SANDBOX_MEMORY);
    check_stderr(c);
    return c->cpu;
}

/* The job's stderr, from its memfd, up to the cap; 0 or -1 (no memory). */
static int read_stderr(const struct sandbox_conv *c, struct sbx_stream *s)
{
    struct stat st;
    size_t size = 0, keep;

    if (fstat(c->err_fd, &st) == 0 && st.st_size > 0)
        size = (size_t)st.st_size;
    keep = size < s->limit ? size : s->limit;
    if (!(s->buf = malloc(keep + 1)))
        return -1;
    s->alloc = keep + 1;
    while (s->len < keep) {
        ssize_t n = pread(c->err_fd, s->buf + s->len, keep - s->len, (off_t)s->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        s->len += (size_t)n;
    }
    s->over = size > s->limit;
    return 0;
}

/* Fills `res` from what was observed, as sandbox_run() would. */
static int give_result(struct sandbox_conv *c, struct sandbox_result *res)
{
    const char *argv[2] = { c->argv0, NULL };
    struct sandbox_job job = { .argv = argv, .scratch = c->scratch, .limits = c->limits };
    struct sbx_run r;
    int rc;

    sbx_init_run(&r, &job);
    r.start = c->start;
    r.rep = c->rep;
    r.have_report = c->have_report;
    r.rep_eof = c->rep_eof;
    r.super_lost = c->super_lost;
    r.killed_for = c->killed_for;
    r.ooms = sbx_cgroup_ooms(c->cgroup);
    if (r.rep.cpu_seconds < c->cpu)
        r.rep.cpu_seconds = c->cpu;
    if (read_stderr(c, &r.err) != 0)
        r.out_of_memory = 1;
    rc = sbx_finish(&r, &job, &c->scratch_st, res);
    sbx_run_release(&r);
    return rc;
}

int sandbox_conv_finish(struct sandbox_conv *c, double grace, struct sandbox_result *res)
{
    int rc;

    memset(res, 0, sizeof *res);
    if (!c)
        return -1;
    if (c->owner != getpid()) {
        fprintf(stderr, "sandbox: a conversation ends in the process that started it\n");
        c->lent = 0;   /* ours is a copy: the scratch stays lent */
        sbx_cgroup_close(c->cgroup);   /* and the group stays */
        c->cgroup = NULL;
        sbx_conv_free(c);
        return -1;
    }
    (void)sandbox_conv_cpu(c);   /* a last reading: the tree is alive */
    sbx_conv_end(c, grace);
    if (c->have_report && c->rep.cpu_seconds > c->cpu)
        c->cpu = c->rep.cpu_seconds;
    if (sbx_cgroup_cpu(c->cgroup) > c->cpu)   /* everything is reaped: final */
        c->cpu = sbx_cgroup_cpu(c->cgroup);
    rc = give_result(c, res);
    if (rc != 0)
        sandbox_result_free(res);
    sbx_conv_free(c);
    return rc;
}
