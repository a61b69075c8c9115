/*
** sandbox_job.c -- the steps of one job's run that both ways of running it
** share (a sandbox of its own, sandbox_alone.c; a session's,
** sandbox_session_run.c): check the request, open the job's descriptors,
** and turn what the event loop observed into a sandbox_result.
**
** Theory of operation.  stdin is a memfd already holding stdin_data, so
** there is no pipe to feed and no deadlock on a job that reads nothing or
** everything.  stdout and stderr are pipes, created close-on-exec; the
** process that runs the job puts them on 0..2 itself.
**
** Deadlines: with neither a wall nor a CPU limit there is none, as asked.
** A CPU limit alone implies a wall limit of 2 * cpu + 1 seconds, since a
** sleeping job uses no CPU and would otherwise never end.
**
** CPU time: the supervisor's or server's rusage of the reaped tree, or
** the job's control group's count when it has one and that is more (it
** is, by the CPU of children the kernel reaped: sandbox_cgroup.c).
**
** In the fallback mode the job shares /tmp with us and owns its scratch
** directory, so it could rename the directory away and leave a symlink to
** a root-owned place in its stead; the grader would then write there as
** root.  The scratch directory's inode is therefore compared before and
** after the job, and a swap is a hard failure (-1), never a verdict.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

static int make_stdin(const struct sandbox_job *job)
{
    int fd = memfd_create("sandbox-stdin", MFD_CLOEXEC);
    size_t done = 0;
    ssize_t n;

    while (fd >= 0 && done < job->stdin_len) {
        n = write(fd, job->stdin_data + done, job->stdin_len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            sbx_close(&fd);
        else
            done += (size_t)n;
    }
    if (fd >= 0 && lseek(fd, 0, SEEK_SET) != 0)
        sbx_close(&fd);
    return fd;
}

/* Opens the pipes of `ends` (pairs of read and write ends). */
int sbx_open_pipes(int *(*ends)[2], size_t n)
{
    int p[2];

    for (size_t i = 0; i < n; i++) {
        if (pipe2(p, O_CLOEXEC) != 0)
            return -1;
        *ends[i][0] = p[0];
        *ends[i][1] = p[1];
    }
    return 0;
}

int sbx_open_job_fds(const struct sandbox_job *job, struct sbx_fds *f)
{
    int *ends[2][2] = { { &f->out_r, &f->out_w }, { &f->err_r, &f->err_w } };

    if (sbx_open_pipes(ends, 2) != 0)
        return -1;
    f->in = make_stdin(job);
    return f->in < 0 ? -1 : 0;
}

static int bad_job(const char *what, const char *detail)
{
    fprintf(stderr, "sandbox: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    return -1;
}

static int check_strings(const char *const *paths, const char *const *env)
{
    struct stat st;

    for (size_t i = 0; paths && paths[i]; i++)
        if (paths[i][0] != '/' || stat(paths[i], &st) != 0)
            return bad_job("read-only path missing or relative", paths[i]);
    /* env -i would take "-x" for an option and "x" for the command. */
    for (size_t i = 0; env && env[i]; i++)
        if (!strchr(env[i], '=') || env[i][0] == '-' || env[i][0] == '=')
            return bad_job("environment entry is not NAME=VALUE", env[i]);
    return 0;
}

/* Caller mistakes are internal failures, never a verdict on the student. */
int sbx_check_job(const struct sandbox_job *job, struct stat *scratch)
{
    if (!job || !job->argv || !job->argv[0] || job->argv[0][0] != '/'
        || strchr(job->argv[0], '='))
        return bad_job("argv[0] must be an absolute path without '='", NULL);
    if (access(job->argv[0], X_OK) != 0)
        return bad_job(job->argv[0], strerror(errno));
    if (!job->scratch || job->scratch[0] != '/'
        || lstat(job->scratch, scratch) != 0 || !S_ISDIR(scratch->st_mode))
        return bad_job("scratch is not an absolute path to a directory",
                       job->scratch);
    if (job->stdin_len > 0 && !job->stdin_data)
        return bad_job("stdin_len without stdin_data", NULL);
    return check_strings(job->readonly_paths, job->env);
}

static double wall_limit(const struct sandbox_limits *l)
{
    if (l->wall_seconds > 0)
        return l->wall_seconds;
    return l->cpu_seconds > 0 ? 2 * l->cpu_seconds + 1 : 1e300;
}

void sbx_init_run(struct sbx_run *r, const struct sandbox_job *job)
{
    size_t cap = job->limits.output_bytes ? job->limits.output_bytes
                                          : SBX_DEFAULT_OUTPUT;

    if (cap > SIZE_MAX / 4)   /* keeps cap + 1 and doubling from wrapping */
        cap = SIZE_MAX / 4;

    memset(r, 0, sizeof *r);
    r->fds = (struct sbx_fds){ -1, -1, -1, -1, -1, -1, -1, -1, -1 };
    r->out.fd = r->err.fd = r->rep_fd = -1;
    r->super = -1;
    r->out.limit = r->err.limit = cap;
    r->start = sbx_now();
    r->deadline = r->start + wall_limit(&job->limits);
    r->resident_cap = job->limits.resident_bytes;
    r->cpu_cap = job->limits.cpu_seconds;
    r->next_watch = r->start;
}

/* Hands a buffer to the result, NUL-terminated even when empty. */
static int take_stream(struct sbx_stream *s, char **buf, size_t *len)
{
    if (!s->buf && !(s->buf = malloc(1)))
        return -1;
    s->buf[s->len] = '\0';
    *buf = s->buf;
    *len = s->len;
    s->buf = NULL;
    return 0;
}

/* Why the run cannot give a verdict, or NULL if it can. */
static const char *run_failure(const struct sbx_run *r, int *err)
{
    *err = 0;
    if (r->out_of_memory)
        return "out of memory for the output";
    if (!r->have_report)
        return r->killed_for ? NULL : "the supervisor died";
    if (r->rep.super_stage) {
        *err = r->rep.super_errno;
        return sbx_stage_name(r->rep.super_stage);
    }
    if (r->rep.fail_stage) {
        *err = r->rep.fail_errno;
        return sbx_stage_name(r->rep.fail_stage);
    }
    if (!r->rep.have_status && !r->killed_for)
        return "the job's exit status was lost";
    return NULL;
}

int sbx_finish(struct sbx_run *r, const struct sandbox_job *job,
               const struct stat *scratch, struct sandbox_result *res)
{
    int err;
    const char *why = run_failure(r, &err);

    if (!why && !sbx_same_dir(job->scratch, scratch->st_dev, scratch->st_ino))
        why = "the scratch directory was replaced during the run";
    if (why) {
        fprintf(stderr, "sandbox: %s: %s%s%s\n", job->argv[0], why,
                err ? ": " : "", err ? strerror(err) : "");
        return -1;
    }
    if (take_stream(&r->out, &res->out, &res->out_len) != 0
        || take_stream(&r->err, &res->err, &res->err_len) != 0) {
        fprintf(stderr, "sandbox: out of memory\n");
        return -1;
    }
    /* The tree is dead and reaped: its group's count is final, and it
    ** holds what no rusage does (sandbox_cgroup.c). */
    double counted = sbx_cgroup_cpu(r->cgroup);
    if (counted > r->rep.cpu_seconds)
        r->rep.cpu_seconds = counted;
    if (r->cgroup)
        r->ooms = sbx_cgroup_ooms(r->cgroup);
    r->disk_full = sbx_disk_full(job->scratch);
    sbx_verdict(&job->limits, r, res);
    return 0;
}

void sbx_run_release(struct sbx_run *r)
{
    int *all[] = { &r->fds.in, &r->fds.out_r, &r->fds.out_w, &r->fds.err_r,
                   &r->fds.err_w, &r->fds.ctl_r, &r->fds.ctl_w, &r->fds.rep_r,
                   &r->fds.rep_w, &r->out.fd, &r->err.fd };

    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        sbx_close(all[i]);
    free(r->out.buf);
    free(r->err.buf);
    r->out.buf = r->err.buf = NULL;
    sbx_cgroup_free(r->cgroup);
    r->cgroup = NULL;
}
