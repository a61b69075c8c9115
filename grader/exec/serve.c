/*
** serve.c -- the exec helper's server mode: many jobs in one sandbox (a
** "sandbox session", grader/sandbox/sandbox_session.c), on the protocol of sandbox_wire.h.
**
** Theory of operation.  The helper is the init of the sandbox's pid
** namespace.  For each RUN it forks the job's process (serve_child.c),
** then waits for one of two events: the job's process ended, or the
** grader sent KILL (a wall-clock or output limit) or went away.  While it
** waits it reaps every process that ends -- orphans are re-parented to
** init -- so that zombies never count against the next fork's
** RLIMIT_NPROC.  Then, whichever event came, kill(-1, SIGKILL): from a
** namespace's init that reaches every other process of the namespace,
** whatever session or process group it made, and nothing outside.  It
** repeats kill and wait until it has no child left, so nothing of the job
** survives into the next one.  Every process is reaped with wait4(), whose
** resource usage covers it and whatever it reaped itself: the sum of the
** CPU times and the largest peak resident size are the job's.  Then the
** sandbox is cleaned (serve_clean.c) and the DONE reply sent.
**
** Signals.  SIGCHLD is blocked and read from a signalfd; no signal has a
** handler, so the kernel keeps dropping every signal the program sends to
** its init -- except a SIGCHLD, which is queued because it is blocked and
** only makes the server look for children to reap.
**
** A job's KILL may arrive after the job ended on its own (the grader hit
** a limit just as the program exited): the server is then already
** cleaning up, and reads that KILL before the next RUN, where a KILL
** naming an earlier job is ignored.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "exec.h"

struct server {
    int sock;                  /* to the grader                           */
    int sigfd;                 /* SIGCHLD                                 */
    int leaving;               /* the grader went away, or broke protocol */
    uint64_t jobs, pid_ns;
    struct serve_baseline base;
};

/* One message from the grader, and the descriptors it carried. */
struct message {
    union {
        struct sbx_wire_request req;
        char bytes[SBX_WIRE_MAX_REQUEST + 1];
    } u;
    size_t len;
    int fds[SBX_WIRE_FDS + SBX_WIRE_CGROUPS];
    int nfds;
};

static double now(void)
{
    struct timespec ts;
    (void)clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_fds(int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            (void)close(fds[i]);
}

/* Copies the descriptors of an SCM_RIGHTS message into m (at most
** SBX_WIRE_FDS + SBX_WIRE_CGROUPS; any more are closed). */
static void take_fds(struct msghdr *mh, struct message *m)
{
    for (struct cmsghdr *c = CMSG_FIRSTHDR(mh); c; c = CMSG_NXTHDR(mh, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        int n = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *fds = (int *)(void *)CMSG_DATA(c);
        for (int i = 0; i < n; i++) {
            if (m->nfds < SBX_WIRE_FDS + SBX_WIRE_CGROUPS)
                m->fds[m->nfds++] = fds[i];
            else
                (void)close(fds[i]);
        }
    }
}

/* Receives one message; 1 when one came, 0 at end of file or on a
** message that breaks the protocol (the server must leave), -1 when
** `dontwait` and there is none. */
static int receive(struct server *s, struct message *m, int dontwait)
{
    union {
        char buf[CMSG_SPACE(sizeof(int) * (SBX_WIRE_FDS + SBX_WIRE_CGROUPS))];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = { m->u.bytes, sizeof m->u.bytes };
    struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1,
                         .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf };
    ssize_t n;

    m->nfds = 0;
    do
        n = recvmsg(s->sock, &mh, MSG_CMSG_CLOEXEC | (dontwait ? MSG_DONTWAIT : 0));
    while (n < 0 && errno == EINTR);
    if (n < 0 && dontwait && (errno == EAGAIN || errno == EWOULDBLOCK))
        return -1;
    if (n > 0)
        take_fds(&mh, m);
    if (n < (ssize_t)sizeof m->u.req || (size_t)n > SBX_WIRE_MAX_REQUEST
        || (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) {
        close_fds(m->fds, m->nfds);
        m->nfds = 0;
        s->leaving = 1;
        return 0;
    }
    m->len = (size_t)n;
    return 1;
}

/* Points job->argv, env, cwd and alias into the request's strings; 0, or
** -1 when they are not what the header announces. */
static int parse_job(struct message *m, struct serve_job *job, char **ptrs)
{
    const struct sbx_wire_request *r = &m->u.req;
    size_t want = (size_t)r->argc + r->envc + 2, got = 0;
    char *p = m->u.bytes + sizeof *r, *end = m->u.bytes + m->len;

    if (r->argc == 0 || r->strings_len != m->len - sizeof *r || r->cgroups > SBX_WIRE_CGROUPS
        || m->nfds != SBX_WIRE_FDS + r->cgroups)
        return -1;
    while (got < want && p < end) {
        char *nul = memchr(p, '\0', (size_t)(end - p));
        if (!nul)
            return -1;
        ptrs[got++] = p;
        p = nul + 1;
    }
    if (got != want)
        return -1;
    job->argv = ptrs;
    job->env = ptrs + r->argc + 1;
    job->nenv = r->envc;
    job->cwd = ptrs[r->argc + r->envc];
    job->alias = ptrs[r->argc + r->envc + 1];
    memmove(job->env, ptrs + r->argc, (r->envc + 2) * sizeof *ptrs);
    ptrs[r->argc] = NULL;      /* ends argv; env is counted, not ended */
    memcpy(job->fds, m->fds, (size_t)m->nfds * sizeof *m->fds);
    job->ncgroups = r->cgroups;
    job->no_fork = r->no_fork;
    job->exec_once = r->exec_once;
    job->no_aslr = r->no_aslr;
    job->cpu = r->cpu;
    job->as = r->as;
    job->nproc = r->nproc;
    job->fsize = r->fsize;
    return 0;
}

/* Adds one reaped process to the reply; notes the job's status. */
static void account(struct sbx_wire_reply *rep, pid_t pid, pid_t job, int status,
                    const struct rusage *ru)
{
    rep->cpu_seconds += (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6
                        + (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
    if (ru->ru_maxrss > rep->max_rss_kb)
        rep->max_rss_kb = ru->ru_maxrss;
    if (pid == job) {
        rep->status = status;
        rep->have_status = 1;
    }
}

/* Reaps every child that has already ended. */
static void reap_ended(struct server *s, pid_t job, struct sbx_wire_reply *rep)
{
    struct signalfd_siginfo si;
    struct rusage ru;
    int status;
    pid_t pid;

    while (read(s->sigfd, &si, sizeof si) == (ssize_t)sizeof si)
        ;   /* drained: the next SIGCHLD will wake poll() again */
    while ((pid = wait4(-1, &status, WNOHANG, &ru)) > 0 || (pid < 0 && errno == EINTR))
        if (pid > 0)
            account(rep, pid, job, status, &ru);
}

/* Is there a KILL for job `seq` (or has the grader gone)?  Reads every
** message waiting; others (a late KILL of an earlier job) are dropped. */
static int kill_requested(struct server *s, uint32_t seq)
{
    static struct message m;
    int got;

    while ((got = receive(s, &m, 1)) > 0) {
        close_fds(m.fds, m.nfds);
        if (m.u.req.kind == SBX_WIRE_KILL && m.u.req.seq == seq)
            return 1;
        if (m.u.req.kind != SBX_WIRE_KILL) {
            s->leaving = 1;   /* a RUN while a job runs: not our grader */
            return 1;
        }
    }
    return got == 0;
}

/* Waits until the job's process has ended and been reaped, or the grader
** asked for its end. */
static void wait_job(struct server *s, pid_t job, uint32_t seq, struct sbx_wire_reply *rep)
{
    while (!rep->have_status) {
        struct pollfd pf[2] = { { .fd = s->sock, .events = POLLIN },
                                { .fd = s->sigfd, .events = POLLIN } };
        if (poll(pf, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            rep->server_stage = SBX_WIRE_STAGE_POLL;
            rep->server_errno = errno;
            return;
        }
        if (pf[1].revents)
            reap_ended(s, job, rep);
        if (!rep->have_status && pf[0].revents && kill_requested(s, seq))
            return;
    }
}

/* Kills every other process of the namespace and reaps until none is
** left: a process forking while kill(-1) runs is caught by the next
** round. */
static void kill_all(struct server *s, pid_t job, struct sbx_wire_reply *rep)
{
    struct rusage ru;
    int status;

    for (;;) {
        (void)kill(-1, SIGKILL);   /* ESRCH: only zombies are left */
        pid_t pid = wait4(-1, &status, 0, &ru);
        if (pid > 0) {
            account(rep, pid, job, status, &ru);
            continue;
        }
        if (errno == EINTR)
            continue;
        if (errno != ECHILD) {
            rep->server_stage = SBX_WIRE_STAGE_WAIT;
            rep->server_errno = errno;
        }
        break;
    }
    reap_ended(s, job, rep);   /* drains the SIGCHLDs of the round */
}

/* Reads the job process's failure record, if it wrote one. */
static void read_failure(int fd, struct sbx_wire_reply *rep)
{
    int rec[2];

    if (read(fd, rec, sizeof rec) == (ssize_t)sizeof rec) {
        rep->fail_stage = rec[0];
        rep->fail_errno = rec[1];
    }
}

/* Runs one job to its end, kills and reaps everything, cleans up. */
static void run_job(struct server *s, const struct serve_job *job, uint32_t seq,
                    struct sbx_wire_reply *rep)
{
    int err[2];

    if (pipe2(err, O_CLOEXEC) != 0) {
        rep->server_stage = SBX_WIRE_STAGE_PIPE;
        rep->server_errno = errno;
        return;
    }
    if (job->alias[0])
        (void)symlink(job->cwd, job->alias);   /* best effort: see sandbox_wire.h */
    double t0 = now();
    pid_t pid = fork();
    if (pid == 0) {
        (void)close(err[0]);
        serve_child(job, err[1]);
    }
    int fork_errno = errno;
    (void)close(err[1]);
    if (pid < 0) {
        rep->server_stage = SBX_WIRE_STAGE_FORK;
        rep->server_errno = fork_errno;
    } else {
        wait_job(s, pid, seq, rep);
        rep->wall_seconds = now() - t0;
        kill_all(s, pid, rep);
    }
    read_failure(err[0], rep);
    (void)close(err[0]);
}

static int send_reply(struct server *s, const struct sbx_wire_reply *rep)
{
    ssize_t n;

    do
        n = send(s->sock, rep, sizeof *rep, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof *rep ? 0 : -1;
}

/* Answers one RUN; 0 to go on, -1 to leave. */
static int answer(struct server *s, struct message *m)
{
    struct sbx_wire_reply rep = { .kind = SBX_WIRE_DONE, .seq = m->u.req.seq };
    struct serve_job job;
    char **ptrs = calloc((size_t)m->u.req.argc + m->u.req.envc + 3, sizeof *ptrs);

    if (!ptrs || parse_job(m, &job, ptrs) != 0) {
        free(ptrs);
        close_fds(m->fds, m->nfds);
        return -1;
    }
    run_job(s, &job, m->u.req.seq, &rep);
    close_fds(job.fds, SBX_WIRE_FDS + job.ncgroups);
    free(ptrs);
    rep.clean = !s->leaving && !rep.server_stage && serve_clean(&s->base) == 0;
    rep.jobs = ++s->jobs;
    rep.pid_ns = s->pid_ns;
    return send_reply(s, &rep) == 0 && rep.clean ? 0 : -1;
}

/* Blocks SIGCHLD into a signalfd, notes the baseline, says HELLO. */
static int start(struct server *s)
{
    struct sbx_wire_reply hello = { .kind = SBX_WIRE_HELLO, .clean = 1 };
    struct stat st;
    sigset_t chld;

    if (sigemptyset(&chld) != 0 || sigaddset(&chld, SIGCHLD) != 0
        || sigprocmask(SIG_BLOCK, &chld, NULL) != 0
        || (s->sigfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK)) < 0
        || serve_baseline_take(&s->base) != 0)
        return -1;
    if (stat("/proc/self/ns/pid", &st) == 0)
        s->pid_ns = (uint64_t)st.st_ino;
    hello.pid_ns = s->pid_ns;
    return send_reply(s, &hello);
}

int serve(int sock)
{
    static struct message m;
    static struct server s;

    s.sock = sock;
    if (start(&s) != 0)
        return 127;
    while (receive(&s, &m, 0) > 0) {
        if (m.u.req.kind == SBX_WIRE_KILL) {
            close_fds(m.fds, m.nfds);   /* for a job already over */
            continue;
        }
        if (m.u.req.kind != SBX_WIRE_RUN || answer(&s, &m) != 0)
            break;
    }
    /* Leaving: as init, our exit kills whatever is left in the sandbox. */
    return 0;
}
