/*
** sandbox_cgroup_mem.c -- the memory a job's whole tree holds, limited
** and watched by a memory controller: one job's limit and OOM kills, and
** the reading and writing of control files the other cgroup files share.
** Which controller is found once per process (sbx_cgroup_mem_setup(), in
** sandbox_cgroup.c, by the order below); the job's group is made and
** removed with its others (sandbox_cgroup_job.c).
**
** Theory of operation.  RLIMIT_AS caps each process's address space, and
** RLIMIT_FSIZE each file, but neither counts shmem: pages of memory files
** (memfd_create + fallocate), of tmpfs files (the job's /tmp and /dev/shm
** under bubblewrap, its scratch directory when that is a tmpfs) and of
** System V and POSIX shared memory.  A job held 1.5 GB that way under a
** 64 MiB limit, out of the OOM killer's sight (no process maps it).  A
** memory controller charges every page to the group of the task that
** first touched it, shmem included, and kills inside the group when a
** charge would pass its limit (the kernel's OOM killer, confined to the
** group), so the job's tree together holds at most its limit:
**
**   limit = the job's cap + SBX_MEM_SLACK, where the cap is memory_bytes,
**   else resident_bytes, else rss_bytes (sandbox.h): the slack is room for
**   what the sandbox itself runs in the group (bubblewrap, the exec
**   helper) and for the kernel's own memory charged to it; page cache is
**   charged too but reclaimed before anything is killed.  A job with no
**   cap at all gets no limit.  Swap, where there is any, is capped to the
**   same total (v1 memsw) or refused (v2 memory.swap.max = 0).
**
** An OOM kill in the group (v1 memory.oom_control's, v2 memory.events'
** oom_kill count) is the memory verdict (sandbox_verdict.c).
**
** Which controller, in the order tried: v2's, when CPU time is counted by
** cgroup v2 and the memory controller is, or can be, enabled for our
** group's children (enabling it fails while the grader's own process is
** in a non-root group: the no-internal-processes rule); else v1's memory
** hierarchy (a hybrid machine's, or a v1 one's); else none: then nothing
** caps shmem but RLIMIT_FSIZE per file and the tmpfs sizes (sandbox.h
** says what is then not guaranteed).  Not tried without a control group
** for the CPU (GRADER_SANDBOX_CGROUP=none, or no right to make groups).
** GRADER_SANDBOX_MEMORY=none turns it off, =on fails sandbox_init() when
** no controller works (so CI can insist on it).
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

/* Opens `dir`/`file` with `flags` (close-on-exec); the descriptor or -1. */
static int open_file(const char *dir, const char *file, int flags)
{
    char path[SBX_CG_PATH + 32];

    snprintf(path, sizeof path, "%s/%s", dir, file);
    return open(path, flags | O_CLOEXEC);
}

/* sandbox_internal.h */
int sbx_cgroup_write(const char *dir, const char *file, const char *text)
{
    int fd = open_file(dir, file, O_WRONLY);
    ssize_t n = fd >= 0 ? write(fd, text, strlen(text)) : -1;
    int err = errno;

    if (fd >= 0)
        (void)close(fd);   /* a write error is what we report */
    errno = err;
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* sandbox_internal.h */
int sbx_cgroup_read(const char *dir, const char *file, char *buf, size_t n)
{
    char path[SBX_CG_PATH + 32];
    int fd;

    snprintf(path, sizeof path, "%s/%s", dir, file);
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return -1;
    ssize_t got = read(fd, buf, n - 1);
    (void)close(fd);
    buf[got > 0 ? got : 0] = '\0';
    return got > 0 ? 0 : -1;
}

size_t sbx_cgroup_mem_limit(const struct sandbox_limits *l)
{
    size_t cap = l->memory_bytes ? l->memory_bytes
               : l->resident_bytes ? l->resident_bytes : l->rss_bytes;

    return cap ? cap + SBX_MEM_SLACK : 0;
}

int sbx_cgroup_mem_set(const char *dir, int kind, size_t limit)
{
    char text[32];

    snprintf(text, sizeof text, "%zu", limit);
    if (kind == SBX_CG_V2)
        return sbx_cgroup_write(dir, "memory.max", text) != 0
               || (sbx_cgroup_write(dir, "memory.swap.max", "0") != 0 && errno != ENOENT) ? -1 : 0;
    /* memsw must stay at least the limit: set the limit first. */
    if (sbx_cgroup_write(dir, "memory.limit_in_bytes", text) != 0)
        return -1;
    return sbx_cgroup_write(dir, "memory.memsw.limit_in_bytes", text) != 0 && errno != ENOENT ? -1 : 0;
}

long sbx_cgroup_mem_ooms(const char *dir, int kind)
{
    char buf[1024];
    const char *at;
    long n = 0;

    if (sbx_cgroup_read(dir, kind == SBX_CG_V2 ? "memory.events" : "memory.oom_control", buf,
                sizeof buf) != 0)
        return 0;
    for (at = strstr(buf, "oom_kill "); at && at != buf && at[-1] != '\n';
         at = strstr(at + 1, "oom_kill "))
        ;
    if (at)
        n = atol(at + strlen("oom_kill "));
    return n;
}
