/*
** sandbox_loop.c -- the grader's event loop while a job runs: collect
** stdout and stderr under their caps, watch the wall clock, wait for the
** report; and the runner that reaches a per-job supervisor.
**
** Theory of operation.  stdout, stderr and the report's descriptor are
** read in one poll() loop.  Each stream keeps at most its cap; the first
** byte past the cap, or the wall clock running out, "requests a kill"
** from whoever runs the job (struct sbx_runner).  Output that arrives
** after a kill request is read and thrown away, so a job blocked on a
** full pipe can die.
**
** The loop ends when the report has arrived and both streams are at EOF.
** Two deadlines keep a broken runner from hanging the grader: if it has
** not reported KILL_GRACE seconds after a kill request the runner is told
** to abandon the job (the supervisor is SIGKILLed and, as root, the slot
** uid wiped), and once the report is in, the streams get DRAIN_GRACE
** seconds to reach EOF (only a process outside the job's tree could
** still hold them).
**
** Memory watch.  A job with resident_bytes (sandbox.h) has the resident
** size of its whole tree read every WATCH_INTERVAL seconds: every process
** below the supervisor (one job, one sandbox) or below the session's
** bubblewrap (its small server and the job), found through
** /proc/PID/task/TID/children, each counted by its /proc/PID/statm.  The
** supervisor itself is not counted: it is a fork of the grader.  Past the
** cap, the loop requests a kill for SANDBOX_MEMORY.  A process that
** cannot be read (it just ended) counts as nothing.
**
** CPU watch.  A job with a CPU limit and a control group (sandbox_cgroup.c)
** has its group's CPU time read at the same interval (one pread()), and
** the loop requests a kill for SANDBOX_TIMEOUT once it passes the limit:
** the limit holds for the whole tree, children the kernel reaped
** included, within what the tree burns in WATCH_INTERVAL.  (RLIMIT_CPU
** still holds each process, and the verdict compares the final total.)
**
** The supervisor's runner.  Its kill request is simply closing our end of
** the control pipe: the supervisor sees EOF and kills the tree.  Closing
** rather than writing means no SIGPIPE can ever hit the grader, and it is
** also what happens if the grader dies, so the supervisor needs no other
** alarm.  Its report is one write() on a pipe.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define KILL_GRACE  5.0
#define DRAIN_GRACE 2.0
#define WATCH_INTERVAL 0.05
/* The memory watch reads at most this many processes, this deep. */
#define WATCH_PROCESSES 4096
#define WATCH_DEPTH 32

_Static_assert(sizeof(struct sbx_report) <= PIPE_BUF,
               "the report must be written atomically");

static int reported(const struct sbx_run *r);

static void request_kill(struct sbx_run *r, int why)
{
    if (r->killed_for)
        return;
    r->killed_for = why;
    r->kill_at = sbx_now();
    r->runner->request_kill(r);
}

/* Makes room for `need` bytes, never more than the cap and its NUL. */
static int grow(struct sbx_stream *s, size_t need)
{
    size_t want = s->alloc ? s->alloc * 2 : 4096;
    char *nb;

    if (need <= s->alloc)
        return 0;
    want = want < need ? need : want;
    want = want > s->limit + 1 ? s->limit + 1 : want;
    nb = realloc(s->buf, want);
    if (!nb)
        return -1;
    s->buf = nb;
    s->alloc = want;
    return 0;
}

/* Reads what is there; keeps up to the cap, notes any overflow. */
static void read_stream(struct sbx_run *r, struct sbx_stream *s)
{
    char tmp[65536];
    ssize_t n = read(s->fd, tmp, sizeof tmp);
    size_t room = s->limit - s->len, keep;

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        if (n < 0)
            perror("sandbox: read output");
        sbx_close(&s->fd);
        return;
    }
    keep = room < (size_t)n ? room : (size_t)n;
    if (keep > 0 && grow(s, s->len + keep + 1) != 0) {
        fprintf(stderr, "sandbox: out of memory for output\n");
        r->out_of_memory = 1;
        request_kill(r, SANDBOX_OUTPUT);
        return;
    }
    if (keep > 0)
        memcpy(s->buf + s->len, tmp, keep);
    s->len += keep;
    if ((size_t)n > keep) {
        s->over = 1;
        request_kill(r, SANDBOX_OUTPUT);
    }
}

/* ---- the memory watch -------------------------------------------- */

/* Reads a small /proc file into buf (NUL-terminated); its length, or -1. */
static ssize_t read_proc(const char *path, char *buf, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t got;

    if (fd < 0)
        return -1;
    do
        got = read(fd, buf, n - 1);
    while (got < 0 && errno == EINTR);
    close(fd);
    if (got >= 0)
        buf[got] = '\0';
    return got;
}

/* Resident pages of `pid` (its statm's second field); 0 if unreadable. */
static size_t resident_pages(pid_t pid)
{
    char path[64], buf[128];
    unsigned long size = 0, resident = 0;

    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    if (read_proc(path, buf, sizeof buf) <= 0
        || sscanf(buf, "%lu %lu", &size, &resident) != 2)
        return 0;
    return resident;
}

/* Adds the resident pages of every process below `pid` to *pages,
** counting the processes read in *seen. */
static void add_children(pid_t pid, int depth, size_t *pages, int *seen)
{
    char path[64], buf[4096];
    struct dirent *e;
    DIR *tasks;

    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    if (depth >= WATCH_DEPTH || !(tasks = opendir(path)))
        return;
    while ((e = readdir(tasks)) != NULL && *seen < WATCH_PROCESSES) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/children", (int)pid, e->d_name);
        if (read_proc(path, buf, sizeof buf) <= 0)
            continue;
        for (char *save = NULL, *w = strtok_r(buf, " \n", &save); w && *seen < WATCH_PROCESSES;
             w = strtok_r(NULL, " \n", &save)) {
            pid_t child = (pid_t)atol(w);
            (*seen)++;
            *pages += resident_pages(child);
            add_children(child, depth + 1, pages, seen);
        }
    }
    closedir(tasks);
}

/* The resident size of the job's tree, in bytes (see the top). */
static size_t tree_resident(const struct sbx_run *r)
{
    pid_t top = r->super > 0 ? r->super : r->session ? r->session->bwrap : -1;
    size_t pages = 0;
    int seen = 0;

    if (top <= 0)
        return 0;
    add_children(top, 0, &pages, &seen);
    return pages * (size_t)sysconf(_SC_PAGESIZE);
}

static int watching_cpu(const struct sbx_run *r)
{
    return r->cgroup && r->cpu_cap > 0;
}

static int watching(const struct sbx_run *r)
{
    return (r->resident_cap > 0 || watching_cpu(r)) && !r->killed_for && !reported(r);
}

/* Reads the tree's resident size and its group's CPU time when it is
** time; past a cap, kills. */
static void watch_tree(struct sbx_run *r)
{
    double now = sbx_now();

    if (!watching(r) || now < r->next_watch)
        return;
    r->next_watch = now + WATCH_INTERVAL;
    if (watching_cpu(r) && sbx_cgroup_cpu(r->cgroup) > r->cpu_cap)
        request_kill(r, SANDBOX_TIMEOUT);
    else if (r->resident_cap > 0 && tree_resident(r) > r->resident_cap)
        request_kill(r, SANDBOX_MEMORY);
}

/* ---- the supervisor's runner ------------------------------------- */

static void supervisor_read_report(struct sbx_run *r)
{
    struct sbx_report rep;
    ssize_t n = read(r->fds.rep_r, &rep, sizeof rep);

    if (n < 0 && errno == EINTR)
        return;
    /* One write() of less than PIPE_BUF bytes: all of it or nothing. */
    if (n == (ssize_t)sizeof rep) {
        r->rep = rep;
        r->have_report = 1;
    } else {
        r->rep_eof = 1;   /* the supervisor died without a word */
    }
    sbx_close(&r->fds.rep_r);
    r->rep_fd = -1;
}

static void supervisor_request_kill(struct sbx_run *r)
{
    sbx_close(&r->fds.ctl_w);
}

static void supervisor_abandon(struct sbx_run *r)
{
    fprintf(stderr, "sandbox: supervisor did not report; killing it\n");
    if (kill(r->super, SIGKILL) != 0)
        perror("sandbox: kill supervisor");
    if (sbx.as_root && sbx_kill_uid(sbx.uid) != 0)
        fprintf(stderr, "sandbox: jobs of uid %d may survive\n", (int)sbx.uid);
    r->super_lost = 1;
}

const struct sbx_runner sbx_supervisor_runner = {
    supervisor_read_report, supervisor_request_kill, supervisor_abandon
};

/* ---- the loop ----------------------------------------------------- */

static int reported(const struct sbx_run *r)
{
    return r->have_report || r->rep_eof;
}

static double next_deadline(const struct sbx_run *r)
{
    if (reported(r))
        return r->report_at + DRAIN_GRACE;
    if (r->killed_for)
        return r->kill_at + KILL_GRACE;
    return r->deadline;
}

/* Acts on a deadline that has passed; returns 1 when the loop must end. */
static int on_deadline(struct sbx_run *r)
{
    if (reported(r))
        return 1;
    if (!r->killed_for) {
        request_kill(r, SANDBOX_TIMEOUT);
        return 0;
    }
    r->runner->abandon(r);
    return 1;
}

/* Milliseconds until the next deadline or memory check, for poll();
** -1: none. */
static int poll_timeout(const struct sbx_run *r)
{
    double next = next_deadline(r);
    if (watching(r) && r->next_watch < next)
        next = r->next_watch;
    double left = next - sbx_now();

    if (left > 86400.0 * 365)
        return -1;
    if (left <= 0)
        return 0;
    return left > 3600 ? 3600 * 1000 : (int)(left * 1000) + 1;
}

void sbx_loop(struct sbx_run *r)
{
    while (!(reported(r) && r->out.fd < 0 && r->err.fd < 0)) {
        struct pollfd pf[3] = { { .fd = r->out.fd, .events = POLLIN },
                                { .fd = r->err.fd, .events = POLLIN },
                                { .fd = r->rep_fd, .events = POLLIN } };
        int ms = poll_timeout(r), n = 0;

        if (ms != 0)
            n = poll(pf, 3, ms);
        if (n < 0 && errno != EINTR) {
            perror("sandbox: poll");
            n = 0;   /* fall through to the deadline logic */
        }
        if (n > 0 && pf[0].revents)
            read_stream(r, &r->out);
        if (n > 0 && pf[1].revents)
            read_stream(r, &r->err);
        if (n > 0 && pf[2].revents && !reported(r)) {
            r->runner->read_report(r);
            if (reported(r))
                r->report_at = sbx_now();
        }
        /* Checked on every turn: a job that trickles output keeps poll()
        ** from ever timing out. */
        watch_tree(r);
        if (next_deadline(r) <= sbx_now() && on_deadline(r))
            return;
    }
}
