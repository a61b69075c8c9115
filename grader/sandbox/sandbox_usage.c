/*
** sandbox_usage.c -- the CPU time and resident size of a live process
** tree, read from /proc by the grader, for conversations (sandbox_conv.c),
** whose caller asks for the CPU time after every move: their resident
** size when they have a cap on it, and their CPU time only when no
** control group counts it (sandbox_cgroup.c), since this reading cannot
** see a child the kernel has reaped.
**
** Theory of operation.  The tree is every process below ROOT (the
** conversation's supervisor), found as the memory watch finds it
** (sandbox_loop.c): through /proc/PID/task/TID/children, which lists
** host pids even for processes in bubblewrap's pid namespace.  A process
** counts
**   - its own CPU time, all its threads, live and ended, from its process
**     CPU clock (clock_gettime on clock_getcpuclockid(): nanoseconds,
**     where /proc/PID/stat has only 1/100 s), or, when that clock cannot
**     be read (a zombie), from its stat's utime + stime;
**   - the children it has reaped: its stat's cutime + cstime (1/100 s);
**   - its resident pages (its stat's rss).
** A process is read before its children, so a child reaped during the
** walk is missed for one reading but never counted twice; readings are
** therefore kept monotone (sbx_usage_read() never returns less than it
** did before).  Not counted: a child reaped by the kernel because its
** parent ignores SIGCHLD, once it has ended; processes past
** USAGE_PROCESSES or USAGE_DEPTH (RLIMIT_CPU still holds each one).
**
** Cost: a move takes two readings, so each must be cheap.  Each process
** keeps its /proc files open and they are re-read with pread() at offset
** 0: three system calls per process (its clock, its stat, its children),
** about a microsecond each.  An open /proc/PID file stays bound to its
** process, never to a later one that reuses the pid: reading it fails
** once the process is reaped.  The clock goes by pid, so it is read
** first and trusted only when the stat read after it succeeds: the pid
** was then still that process's.  Only a process with several threads
** costs more: the children of its other threads are listed through
** opendir() on each reading.
**
** Everything here runs in the grader (not after a fork): it may allocate.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define USAGE_PROCESSES 512
#define USAGE_DEPTH 32

/* One process of the tree, as last seen. */
struct usage_proc {
    pid_t pid;
    int stat_fd;            /* /proc/PID/stat                             */
    int children_fd;        /* /proc/PID/task/PID/children                */
    clockid_t clock;        /* its process CPU clock                      */
    int has_clock;
    int seen;               /* found by the current walk                  */
};

struct sbx_usage {
    pid_t root;
    int root_children;      /* /proc/ROOT/task/ROOT/children, or -1       */
    struct usage_proc *procs;
    size_t n, alloc;
    double tick;            /* seconds per clock tick of /proc/PID/stat   */
    size_t page;            /* bytes per page                             */
    double cpu, last;       /* this walk's sum; the largest one returned  */
    size_t resident;        /* this walk's sum                            */
};

/* What one read of /proc/PID/stat gives. */
struct proc_stat {
    int ppid;
    unsigned long utime, stime;
    long cutime, cstime, threads, rss;
};

static int open_proc_file(pid_t pid, const char *fmt)
{
    char path[80];

    snprintf(path, sizeof path, fmt, (int)pid, (int)pid);
    return open(path, O_RDONLY | O_CLOEXEC);
}

/* Reads a whole /proc file from offset 0 into buf, NUL-terminated; its
** length, or -1 (the process is gone). */
static ssize_t reread(int fd, char *buf, size_t size)
{
    size_t len = 0;
    ssize_t n;

    while (len < size - 1) {
        n = pread(fd, buf + len, size - 1 - len, (off_t)len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        len += (size_t)n;
    }
    buf[len] = '\0';
    return (ssize_t)len;
}

/* Parses /proc/PID/stat from the fd; 0, or -1 when the process is gone.
** The command name may hold spaces and ')': fields are read after the
** last ')'. */
static int read_stat(int fd, struct proc_stat *st)
{
    char buf[1024];
    char *p;

    if (reread(fd, buf, sizeof buf) <= 0 || !(p = strrchr(buf, ')')))
        return -1;
    if (sscanf(p + 1, " %*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu %ld %ld"
                      " %*d %*d %ld %*d %*u %*u %ld",
               &st->ppid, &st->utime, &st->stime, &st->cutime, &st->cstime,
               &st->threads, &st->rss) != 7)
        return -1;
    return 0;
}

static void close_proc(struct usage_proc *p)
{
    sbx_close(&p->stat_fd);
    sbx_close(&p->children_fd);
}

/* Opens the files of `pid`, a child of `parent`; NULL when it is gone or
** is no longer that child (its pid was reused), or when out of room. */
static struct usage_proc *open_proc(struct sbx_usage *u, pid_t pid, pid_t parent)
{
    struct usage_proc p = { .pid = pid };
    struct proc_stat st;

    if (u->n == u->alloc) {
        size_t want = u->alloc ? 2 * u->alloc : 8;
        struct usage_proc *np = want <= USAGE_PROCESSES ? realloc(u->procs, want * sizeof *np) : NULL;
        if (!np)
            return NULL;
        u->procs = np;
        u->alloc = want;
    }
    p.stat_fd = open_proc_file(pid, "/proc/%d/stat");
    p.children_fd = open_proc_file(pid, "/proc/%d/task/%d/children");
    if (p.stat_fd < 0 || p.children_fd < 0 || read_stat(p.stat_fd, &st) != 0
        || st.ppid != parent) {
        close_proc(&p);
        return NULL;
    }
    p.has_clock = clock_getcpuclockid(pid, &p.clock) == 0;
    u->procs[u->n] = p;
    return &u->procs[u->n++];
}

static struct usage_proc *find_proc(struct sbx_usage *u, pid_t pid)
{
    for (size_t i = 0; i < u->n; i++)
        if (u->procs[i].pid == pid)
            return &u->procs[i];
    return NULL;
}

static void visit(struct sbx_usage *u, pid_t pid, pid_t parent, int depth);

/* Visits every pid listed in the children file text `buf`. */
static void visit_listed(struct sbx_usage *u, char *buf, pid_t parent, int depth)
{
    char *save = NULL;

    for (char *w = strtok_r(buf, " \n", &save); w; w = strtok_r(NULL, " \n", &save))
        visit(u, (pid_t)atol(w), parent, depth);
}

/* The children of every thread of `p` but its first, which has its own
** open file (processes with one thread skip this). */
static void visit_thread_children(struct sbx_usage *u, pid_t pid, int depth)
{
    char path[80], buf[8192];
    struct dirent *e;
    DIR *tasks;

    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    if (!(tasks = opendir(path)))
        return;
    while ((e = readdir(tasks)) != NULL) {
        if (e->d_name[0] == '.' || atol(e->d_name) == (long)pid)
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/children", (int)pid, e->d_name);
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        ssize_t n = fd >= 0 ? reread(fd, buf, sizeof buf) : -1;
        if (fd >= 0)
            sbx_close(&fd);
        if (n > 0)
            visit_listed(u, buf, pid, depth);
    }
    closedir(tasks);
}

/* The CPU time of a process whose stat is `st` and whose clock read `ts`
** when `clock_ok` (see the top). */
static double proc_cpu(const struct sbx_usage *u, const struct proc_stat *st, int clock_ok,
                       const struct timespec *ts)
{
    double own = clock_ok ? (double)ts->tv_sec + (double)ts->tv_nsec / 1e9
                          : (double)(st->utime + st->stime) * u->tick;

    return own + (double)(st->cutime + st->cstime) * u->tick;
}

/* Adds `p` and its subtree to the sums; -1 when it is gone. */
static int sample(struct sbx_usage *u, struct usage_proc *p, int depth)
{
    pid_t pid = p->pid;
    struct proc_stat st;
    struct timespec ts;
    char buf[8192];

    p->seen = 1;
    int clock_ok = p->has_clock && clock_gettime(p->clock, &ts) == 0;
    if (read_stat(p->stat_fd, &st) != 0)
        return -1;
    u->cpu += proc_cpu(u, &st, clock_ok, &ts);
    u->resident += (size_t)(st.rss > 0 ? st.rss : 0) * u->page;
    /* `p` may move from here on: visiting children can grow the table. */
    if (reread(p->children_fd, buf, sizeof buf) > 0)
        visit_listed(u, buf, pid, depth + 1);
    if (st.threads > 1)
        visit_thread_children(u, pid, depth + 1);
    return 0;
}

/* Adds process `pid`, listed as a child of `parent`, and its subtree to
** the sums.  A known pid whose files no longer answer was reaped, and the
** pid may now be a new process's: it is opened afresh. */
static void visit(struct sbx_usage *u, pid_t pid, pid_t parent, int depth)
{
    struct usage_proc *p = find_proc(u, pid);

    if (depth > USAGE_DEPTH || pid <= 0 || (p && p->seen))
        return;
    if (p && sample(u, p, depth) == 0)
        return;
    if (p) {
        close_proc(p);
        p->pid = 0;   /* never found again; forget_unseen() drops it */
        p->seen = 0;
    }
    if ((p = open_proc(u, pid, parent)) != NULL && sample(u, p, depth) != 0)
        p->seen = 0;  /* reaped meanwhile: its parent counts it */
}

/* Forgets the processes the last walk did not find. */
static void forget_unseen(struct sbx_usage *u)
{
    size_t kept = 0;

    for (size_t i = 0; i < u->n; i++) {
        if (u->procs[i].seen)
            u->procs[kept++] = u->procs[i];
        else
            close_proc(&u->procs[i]);
    }
    u->n = kept;
}

struct sbx_usage *sbx_usage_new(pid_t root)
{
    struct sbx_usage *u = calloc(1, sizeof *u);
    long ticks = sysconf(_SC_CLK_TCK), page = sysconf(_SC_PAGESIZE);

    if (!u)
        return NULL;
    u->root = root;
    u->tick = 1.0 / (double)(ticks > 0 ? ticks : 100);
    u->page = (size_t)(page > 0 ? page : 4096);
    u->root_children = open_proc_file(root, "/proc/%d/task/%d/children");
    return u;
}

void sbx_usage_read(struct sbx_usage *u, double *cpu, size_t *resident)
{
    char buf[8192];

    u->cpu = 0;
    u->resident = 0;
    for (size_t i = 0; i < u->n; i++)
        u->procs[i].seen = 0;
    if (u->root_children >= 0 && reread(u->root_children, buf, sizeof buf) > 0)
        visit_listed(u, buf, u->root, 1);
    forget_unseen(u);
    if (u->cpu > u->last)
        u->last = u->cpu;
    *cpu = u->last;
    *resident = u->resident;
}

void sbx_usage_free(struct sbx_usage *u)
{
    if (!u)
        return;
    for (size_t i = 0; i < u->n; i++)
        close_proc(&u->procs[i]);
    sbx_close(&u->root_children);
    free(u->procs);
    free(u);
}
