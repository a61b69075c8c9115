/*
** sandbox_session_run.c -- one job in a session's sandbox (sandbox.h),
** with the contract and the result of sandbox_run().
**
** Theory of operation.  The steps, and where each guarantee comes from:
**
**  1. The checks of sandbox_run() (sbx_check_job()): a caller's mistake
**     is -1 here too.  A job that does not fit the session, or a session
**     without a live sandbox, runs with sbx_run_alone().
**  2. The request (grader/sandbox/sandbox_wire.h): the rlimits sandbox_plan.c
**     computes, with the process limit counted in the sandbox's user
**     namespace; argv and the whole environment; the cwd, FOLDER/NAME;
**     and the scratch directory's own path as an alias.
**  3. The scratch directory is renamed into the session's folder, where
**     the sandbox sees it (both come from sandbox_scratch_new(): one file
**     system, so the rename is atomic and cheap).
**  4. RUN goes with the job's stdin (a memfd), and the write ends of its
**     stdout and stderr pipes, which we then close: the pipes reach EOF
**     when the last process of the job holding them dies; and with the
**     cgroup.procs of a control group made for this job alone
**     (sandbox_cgroup_job.c), which the job's process enters first: its
**     CPU time is that group's, watched by the loop like a one-shot job's.
**  5. The event loop of sandbox_loop.c, with this file's runner: a limit
**     hit sends KILL; the report is the DONE reply; no reply KILL_GRACE
**     seconds after a KILL breaks the session (bubblewrap is killed, and
**     every process in the sandbox with it).
**  6. The scratch directory is renamed back, and the folder emptied (a
**     non-root job may write there).
**  7. The result, by sbx_finish() as in sandbox_run(), scratch identity
**     check included.  Unless the session failed before the job's end was
**     certain -- the server went away without a DONE and we had not hit a
**     limit, or the job's process failed before its exec -- then the
**     session is broken and the job runs again with sbx_run_alone().  A
**     limit we hit is certain without a report, as with a lost supervisor.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sandbox_internal.h"
#include "sandbox_tree.h"

/* A RUN message being built, and where the job's scratch goes. */
struct request {
    union {
        struct sbx_wire_request head;
        char bytes[SBX_WIRE_MAX_REQUEST];
    } u;
    size_t len;
    char inside[PATH_MAX];     /* FOLDER/NAME                             */
};

/* Appends the NUL-terminated string `str`; -1 when it does not fit. */
static int put(struct request *q, const char *str)
{
    size_t n = strlen(str) + 1;

    if (n > sizeof q->u.bytes - q->len)
        return -1;
    memcpy(q->u.bytes + q->len, str, n);
    q->len += n;
    return 0;
}

/* Appends a NULL-terminated list; returns how many, or -1. */
static long put_all(struct request *q, char *const *v)
{
    long n = 0;

    for (; v && v[n]; n++)
        if (put(q, v[n]) != 0)
            return -1;
    return n;
}

/* Builds the RUN for `job`; 0, or -1 when it does not fit a message or
** the scratch directory has no name to move it by. */
static int build(const struct sandbox_session *s, const struct sandbox_job *job,
                 struct request *q)
{
    struct sbx_plan lim;
    const char *name = strrchr(job->scratch, '/');
    long argc, envc;

    if (!name || !name[1] || snprintf(q->inside, sizeof q->inside, "%s%s", s->dir, name)
                             >= (int)sizeof q->inside)
        return -1;
    sbx_plan_limits(&job->limits, 1, &lim);
    q->u.head = (struct sbx_wire_request){
        .kind = SBX_WIRE_RUN, .cpu = lim.cpu, .as = lim.as, .nproc = lim.nproc, .fsize = lim.fsize,
        .no_fork = sbx.cg_kind == SBX_CG_NONE && job->limits.single_process,
        .exec_once = job->limits.exec_once != 0, .no_aslr = job->limits.no_aslr != 0,
    };
    q->len = sizeof q->u.head;
    argc = put_all(q, (char *const *)job->argv);
    envc = put_all(q, sbx_plan_env(job));
    if (argc < 0 || envc < 0 || put(q, q->inside) != 0 || put(q, job->scratch) != 0)
        return -1;
    q->u.head.argc = (uint32_t)argc;
    q->u.head.envc = (uint32_t)envc;
    q->u.head.strings_len = (uint32_t)(q->len - sizeof q->u.head);
    return 0;
}

/* Sends the RUN with the job's three descriptors and those of its
** control group `g` (may be NULL); 0 or -1. */
static int send_run(struct sandbox_session *s, struct request *q, const struct sbx_fds *f,
                    const struct sbx_cgroup *g)
{
    int fds[SBX_WIRE_FDS + SBX_WIRE_CGROUPS] = { f->in, f->out_w, f->err_w };
    int ncg = sbx_cgroup_fds(g, fds + SBX_WIRE_FDS);
    size_t size = (SBX_WIRE_FDS + (size_t)ncg) * sizeof *fds;
    union {
        char buf[CMSG_SPACE(sizeof fds)];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = { q->u.bytes, q->len };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf };
    struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
    ssize_t n;

    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    mh.msg_controllen = CMSG_SPACE(size);
    c->cmsg_len = CMSG_LEN(size);
    memcpy(CMSG_DATA(c), fds, size);
    q->u.head.seq = ++s->seq;
    q->u.head.cgroups = (uint16_t)ncg;
    do
        n = sendmsg(s->sock, &mh, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)q->len ? 0 : -1;
}

/* ---- the session's runner (sandbox_loop.c) ----------------------- */

static void session_read_report(struct sbx_run *r)
{
    struct sandbox_session *s = r->session;
    struct sbx_wire_reply rep;
    ssize_t n = recv(s->sock, &rep, sizeof rep, MSG_DONTWAIT);

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n == (ssize_t)sizeof rep && rep.kind == SBX_WIRE_DONE && rep.seq == s->seq) {
        s->reply = rep;
        r->rep = (struct sbx_report){
            .status = rep.status, .have_status = rep.have_status, .exact_status = 1,
            .wall_seconds = rep.wall_seconds, .cpu_seconds = rep.cpu_seconds,
            .max_rss_kb = (long)rep.max_rss_kb,
        };
        r->have_report = 1;
    } else {
        r->rep_eof = 1;   /* the server is gone, or not speaking to us */
    }
    r->rep_fd = -1;
}

static void session_request_kill(struct sbx_run *r)
{
    struct sbx_wire_request k = { .kind = SBX_WIRE_KILL, .seq = r->session->seq };

    /* If the server is gone this fails; its end of file is the answer. */
    (void)send(r->session->sock, &k, sizeof k, MSG_NOSIGNAL | MSG_DONTWAIT);
}

static void session_abandon(struct sbx_run *r)
{
    fprintf(stderr, "sandbox: the session's sandbox did not answer; killing it\n");
    sbx_session_break(r->session);
}

static const struct sbx_runner session_runner = {
    session_read_report, session_request_kill, session_abandon
};

/* ---- one job ------------------------------------------------------ */

/* Is the job's end certain (see step 7)? */
static int certain(const struct sbx_run *r, const struct sandbox_session *s)
{
    if (r->have_report)
        return s->reply.have_status && !s->reply.fail_stage && !s->reply.server_stage;
    return r->killed_for != 0;
}

/* Empties the session's folder (step 6); 0 or -1. */
static int empty_folder(const struct sandbox_session *s)
{
    int fd = open(s->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), rc;

    if (fd < 0)
        return -1;
    rc = sbx_tree_empty(fd, sbx.as_root ? 0 : SBX_TREE_CHMOD);
    if (!sbx.as_root && fchmod(fd, 0700) != 0)
        rc = -1;
    return close(fd) | rc;
}

/* Steps 3 to 7 for a checked job and its request. */
static int run_in(struct sandbox_session *s, const struct sandbox_job *job, struct request *q,
                  const struct stat *scratch, struct sandbox_result *res)
{
    struct sbx_run r;
    int rc = -1, moved;

    sbx_init_run(&r, job);
    r.runner = &session_runner;
    r.session = s;
    /* The server and bubblewrap stay outside the group: only the job's
    ** processes count against its pids.max. */
    if (sbx_cgroup_new(&job->limits, 0, &r.cgroup) != 0)
        return -1;
    if (sbx_open_job_fds(job, &r.fds) != 0) {
        perror("sandbox: pipe/memfd");
        sbx_run_release(&r);
        return -1;
    }
    moved = rename(job->scratch, q->inside) == 0;
    if (!moved || send_run(s, q, &r.fds, r.cgroup) != 0) {
        if (moved && rename(q->inside, job->scratch) != 0)
            perror("sandbox: moving the scratch directory back");
        sbx_run_release(&r);
        if (moved)
            sbx_session_break(s);   /* the server is gone */
        return sbx_run_alone(job, res);
    }
    sbx_close(&r.fds.in);
    sbx_close(&r.fds.out_w);
    sbx_close(&r.fds.err_w);
    r.out.fd = r.fds.out_r, r.fds.out_r = -1;
    r.err.fd = r.fds.err_r, r.fds.err_r = -1;
    r.rep_fd = s->sock;
    sbx_loop(&r);
    /* ENOENT: the job renamed its cwd away (without root it may); the
    ** identity check in sbx_finish() then fails the run. */
    moved = rename(q->inside, job->scratch) == 0 || errno == ENOENT;
    if (!r.have_report || !s->reply.clean || empty_folder(s) != 0)
        sbx_session_break(s);
    if (moved && !certain(&r, s)) {
        sbx_run_release(&r);
        return sbx_run_alone(job, res);
    }
    if (moved)
        rc = sbx_finish(&r, job, scratch, res);
    else
        perror("sandbox: moving the scratch directory back");
    sbx_run_release(&r);
    if (rc != 0)
        sandbox_result_free(res);
    return rc;
}

int sandbox_session_run(struct sandbox_session *s, const struct sandbox_job *job,
                        struct sandbox_result *res)
{
    struct request *q;
    struct stat scratch;
    int rc;

    memset(res, 0, sizeof *res);
    if (sandbox_init() != 0)
        return -1;
    if (!s || s->owner != getpid() || s->state != SBX_SESSION_LIVE
        || !sandbox_session_fits(s, job))
        return sbx_run_alone(job, res);
    if (sbx_check_job(job, &scratch) != 0)
        return -1;
    if (!(q = malloc(sizeof *q)))
        return sbx_run_alone(job, res);
    rc = build(s, job, q) == 0 ? run_in(s, job, q, &scratch, res) : sbx_run_alone(job, res);
    free(q);
    return rc;
}
