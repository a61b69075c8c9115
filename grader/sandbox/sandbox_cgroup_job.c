/*
** sandbox_cgroup_job.c -- one job's control group (sandbox_cgroup.c says
** which hierarchies and why): made before the job starts, read while it
** runs, emptied and removed at its end.
**
** Theory of operation.  The grader makes the group and opens its
** cgroup.procs for writing; the job's process, just forked, writes "0"
** there (sbx_cgroup_enter(): "move the writer"), before it execs
** anything, so that nothing the job runs is ever outside it.  The kernel
** checks the permission against whoever opened the file, so a job process
** that has dropped to a slot uid, or the server of a session inside
** bubblewrap, to which the descriptor is passed (sandbox_session_run.c),
** can enter a group it could not open.  Nothing in the group can leave
** it: leaving takes write access to cgroup.procs files that are root's,
** and no job runs as root (a job that mounts cgroup2 in a user namespace
** of its own sees them owned by an unmapped user: EACCES).  The job is
** not in a cgroup namespace rooted at its group -- bubblewrap unshares
** that before the job enters -- so it can read where its group is.
** Without root, see sandbox.h.
**
** The CPU time is the group's counter: cpu.stat's usage_usec (v2,
** microseconds) or cpuacct.usage (v1, nanoseconds), read with one pread()
** on a descriptor kept open; every task that ever ran in the group counts,
** reaped by anyone or by no one.  Readings are kept monotone.
**
** Memory: with a memory controller (sandbox_cgroup_mem.c), a job that has
** a memory cap gets a limit on its group (v2: the same group; v1: a group
** in the memory hierarchy, entered like the others), and its OOM kills
** are read at the end (sbx_cgroup_ooms()).
**
** The end: when the job's tree has been killed and reaped by its
** supervisor or server, the group is empty and rmdir() removes it.  If it
** is not (a supervisor we had to abandon), its members are killed --
** cgroup.kill where the kernel has it (v2, Linux 5.14), else one by one
** through a pidfd, checking after opening it that the pid is still a
** member, so that a reused pid is never hit -- and rmdir() retried.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define REMOVE_TRIES 400   /* rmdir() tries, 5 ms apart: two seconds */

struct sbx_cgroup {
    char cpu_dir[SBX_CG_PATH];   /* v2, or v1 cpuacct                      */
    char pids_dir[SBX_CG_PATH];  /* v1 pids, or ""                         */
    char mem_dir[SBX_CG_PATH];   /* where its memory limit is: v1 memory,
                                 ** cpu_dir (v2), or "": no limit          */
    int enter_fd[SBX_CG_FDS];    /* their cgroup.procs; -1: none           */
    int stat_fd;                 /* cpu.stat or cpuacct.usage              */
    double last;                 /* the largest reading                    */
};

/* Opens `dir`/`file` with `flags`; the descriptor or -1. */
static int open_in(const char *dir, const char *file, int flags)
{
    char path[SBX_CG_PATH + 32];

    snprintf(path, sizeof path, "%s/%s", dir, file);
    return open(path, flags | O_CLOEXEC);
}

/* Is `pid` listed in `dir`/cgroup.procs? */
static int is_member(const char *dir, pid_t pid)
{
    char buf[65536];
    int fd = open_in(dir, "cgroup.procs", O_RDONLY), found = 0;
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;

    if (fd >= 0)
        (void)close(fd);
    buf[n > 0 ? n : 0] = '\0';
    for (char *save = NULL, *w = strtok_r(buf, "\n", &save); w && !found;
         w = strtok_r(NULL, "\n", &save))
        found = atol(w) == (long)pid;
    return found;
}

/* Kills every member of the group at `dir` (see the top). */
static void kill_members(const char *dir)
{
    char buf[65536];
    int fd;

    if (sbx_cgroup_write(dir, "cgroup.kill", "1") == 0)
        return;
    if ((fd = open_in(dir, "cgroup.procs", O_RDONLY)) < 0)
        return;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    (void)close(fd);
    buf[n > 0 ? n : 0] = '\0';
    for (char *save = NULL, *w = strtok_r(buf, "\n", &save); w; w = strtok_r(NULL, "\n", &save)) {
        pid_t pid = (pid_t)atol(w);
        int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
        if (pidfd < 0)
            continue;
        if (is_member(dir, pid))
            (void)syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
        (void)close(pidfd);
    }
}

unsigned long long sbx_start_time(pid_t pid)
{
    char path[64], buf[1024], *p;
    unsigned long long t = 0;
    FILE *f;

    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if (!(f = fopen(path, "re")))
        return 0;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[len] = '\0';
    if ((p = strrchr(buf, ')')) != NULL
        && sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d"
                         " %*d %*d %*d %*d %llu", &t) != 1)
        t = 0;
    return t;
}

int sbx_stale_name(const char *name, const char *pattern)
{
    unsigned long long start;
    int pid;

    if (sscanf(name, pattern, &pid, &start) != 2)
        return 0;
    return !(kill(pid, 0) == 0 || errno == EPERM ? sbx_start_time(pid) == start : 0);
}

int sbx_cgroup_remove(const char *dir)
{
    struct timespec pause = { 0, 5 * 1000 * 1000 };

    for (int i = 0; i < REMOVE_TRIES; i++) {
        if (rmdir(dir) == 0 || errno == ENOENT)
            return 0;
        if (errno != EBUSY)
            return -1;
        kill_members(dir);
        (void)nanosleep(&pause, NULL);
    }
    return -1;
}

/* Makes group `name` in `parent` (its path in `dir`) and opens its
** cgroup.procs for the job's process; the descriptor, or -1. */
static int make_group(const char *parent, const char *name, char *dir)
{
    if (snprintf(dir, SBX_CG_PATH, "%s/%s", parent, name) >= SBX_CG_PATH) {
        errno = ENAMETOOLONG;
        dir[0] = '\0';
        return -1;
    }
    if (mkdir(dir, 0755) != 0) {
        dir[0] = '\0';
        return -1;
    }
    return open_in(dir, "cgroup.procs", O_WRONLY);
}

/* Sets pids.max in `dir` when it has one (v2: when the pids controller
** is enabled for our children); 0 or -1. */
static int limit_pids(const char *dir, int max)
{
    char text[24];
    int fd = open_in(dir, "pids.max", O_WRONLY);

    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    snprintf(text, sizeof text, "%d", max);
    ssize_t n = write(fd, text, strlen(text));
    (void)close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Gives the group its memory limit, if the job has one
** (sandbox_cgroup_mem.c); 0 or -1. */
static int limit_memory(struct sbx_cgroup *g, const struct sandbox_limits *l, const char *name)
{
    size_t limit = sbx_cgroup_mem_limit(l);

    if (limit == 0 || sbx.cg_mem_kind == SBX_CG_NONE)
        return 0;
    if (sbx.cg_mem_kind == SBX_CG_V2)
        snprintf(g->mem_dir, sizeof g->mem_dir, "%s", g->cpu_dir);
    else if ((g->enter_fd[2] = make_group(sbx.cg_mem, name, g->mem_dir)) < 0)
        return -1;
    return sbx_cgroup_mem_set(g->mem_dir, sbx.cg_mem_kind, limit);
}

/* Fills `g` for the group of this process's next job; 0 or -1. */
static int make_all(struct sbx_cgroup *g, const struct sandbox_limits *l, int extra_procs)
{
    char name[96];
    int max = l->max_processes > 0 ? l->max_processes + extra_procs : 0;

    if (sbx.cg_owner != getpid()) {   /* a forked worker: names of its own */
        sbx.cg_owner = getpid();
        sbx.cg_start = sbx_start_time(sbx.cg_owner);
        sbx.cg_seq = 0;
    }
    snprintf(name, sizeof name, "cc-sbx-%d-%llu-%lu", (int)sbx.cg_owner, sbx.cg_start,
             ++sbx.cg_seq);
    if ((g->enter_fd[0] = make_group(sbx.cg_cpu, name, g->cpu_dir)) < 0)
        return -1;
    g->stat_fd = open_in(g->cpu_dir, sbx.cg_kind == SBX_CG_V2 ? "cpu.stat" : "cpuacct.usage",
                         O_RDONLY);
    if (g->stat_fd < 0 || (max > 0 && limit_pids(g->cpu_dir, max) != 0))
        return -1;
    if (sbx.cg_pids[0] && ((g->enter_fd[1] = make_group(sbx.cg_pids, name, g->pids_dir)) < 0
                           || (max > 0 && limit_pids(g->pids_dir, max) != 0)))
        return -1;
    return limit_memory(g, l, name);
}

int sbx_cgroup_new(const struct sandbox_limits *l, int extra_procs, struct sbx_cgroup **out)
{
    struct sbx_cgroup *g;

    *out = NULL;
    if (sbx.cg_kind == SBX_CG_NONE)
        return 0;
    if (!(g = calloc(1, sizeof *g))) {
        fprintf(stderr, "sandbox: out of memory\n");
        return -1;
    }
    g->stat_fd = -1;
    for (int i = 0; i < SBX_CG_FDS; i++)
        g->enter_fd[i] = -1;
    if (make_all(g, l, extra_procs) != 0) {
        perror("sandbox: cannot make the job's control group");
        sbx_cgroup_free(g);
        return -1;
    }
    *out = g;
    return 0;
}

int sbx_cgroup_fds(const struct sbx_cgroup *g, int *fds)
{
    int n = 0;

    for (int i = 0; g && i < SBX_CG_FDS; i++)
        if (g->enter_fd[i] >= 0)
            fds[n++] = g->enter_fd[i];
    return n;
}

double sbx_cgroup_cpu(struct sbx_cgroup *g)
{
    char buf[512];
    unsigned long long v;
    ssize_t n;

    if (!g)
        return 0;
    n = pread(g->stat_fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return g->last;
    buf[n] = '\0';
    if (sbx.cg_kind == SBX_CG_V2 ? sscanf(buf, "usage_usec %llu", &v) == 1
                                 : sscanf(buf, "%llu", &v) == 1) {
        double s = sbx.cg_kind == SBX_CG_V2 ? (double)v / 1e6 : (double)v / 1e9;
        if (s > g->last)
            g->last = s;
    }
    return g->last;
}

long sbx_cgroup_ooms(const struct sbx_cgroup *g)
{
    return g && g->mem_dir[0] ? sbx_cgroup_mem_ooms(g->mem_dir, sbx.cg_mem_kind) : 0;
}

static void close_fds(struct sbx_cgroup *g)
{
    for (int i = 0; i < SBX_CG_FDS; i++)
        sbx_close(&g->enter_fd[i]);
    sbx_close(&g->stat_fd);
}

void sbx_cgroup_close(struct sbx_cgroup *g)
{
    if (!g)
        return;
    close_fds(g);
    free(g);
}

void sbx_cgroup_free(struct sbx_cgroup *g)
{
    if (!g)
        return;
    close_fds(g);
    if (g->cpu_dir[0] && sbx_cgroup_remove(g->cpu_dir) != 0)
        fprintf(stderr, "sandbox: cannot remove the control group %s\n", g->cpu_dir);
    if (g->pids_dir[0] && sbx_cgroup_remove(g->pids_dir) != 0)
        fprintf(stderr, "sandbox: cannot remove the control group %s\n", g->pids_dir);
    if (g->mem_dir[0] && strcmp(g->mem_dir, g->cpu_dir) != 0 && sbx_cgroup_remove(g->mem_dir) != 0)
        fprintf(stderr, "sandbox: cannot remove the control group %s\n", g->mem_dir);
    free(g);
}

int sbx_cgroup_enter(const int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (write(fds[i], "0", 1) != 1)
            return -1;
    return 0;
}
