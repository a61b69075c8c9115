/*
** sandbox_cgroup_mem.c -- the memory a job's whole tree holds, limited
** and watched by a memory controller: which one, found once per process
** (sbx_cgroup_mem_setup()), and one job's limit and OOM kills.  The job's
** group itself is made and removed with its others (sandbox_cgroup_job.c).
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

/* Reads `dir`/`file` into `buf` (NUL-terminated); 0 or -1. */
static int read_in(const char *dir, const char *file, char *buf, size_t n)
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

/* Is word `w` in the blank-separated list `list`? */
static int has_word(const char *list, const char *w)
{
    size_t n = strlen(w);

    for (const char *p = strstr(list, w); p; p = strstr(p + 1, w))
        if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' ' || p[n] == '\n'))
            return 1;
    return 0;
}

/* v2: memory is enabled for the children of our group (sbx.cg_cpu), or
** we enable it; 0 or -1. */
static int v2_memory(void)
{
    char buf[512];

    if (read_in(sbx.cg_cpu, "cgroup.subtree_control", buf, sizeof buf) == 0
        && has_word(buf, "memory"))
        return 0;
    return sbx_cgroup_write(sbx.cg_cpu, "cgroup.subtree_control", "+memory");
}

/* Makes and removes a probe group in `dir`: 0 when it has a limit file. */
static int v1_memory(const char *dir)
{
    char path[SBX_CG_PATH], file[SBX_CG_PATH + 32];

    if (snprintf(path, sizeof path, "%s/cc-sbx-%d-%llu-probe", dir, (int)getpid(),
                 sbx.cg_start) >= (int)sizeof path || mkdir(path, 0755) != 0)
        return -1;
    snprintf(file, sizeof file, "%s/memory.limit_in_bytes", path);
    int ok = access(file, W_OK) == 0;
    (void)rmdir(path);
    return ok ? 0 : -1;
}

int sbx_cgroup_mem_setup(void)
{
    const char *want = getenv("GRADER_SANDBOX_MEMORY");

    sbx.cg_mem_kind = SBX_CG_NONE;
    sbx.cg_mem[0] = '\0';
    if (want && strcmp(want, "none") == 0)
        return 0;
    if (sbx.cg_kind == SBX_CG_V2 && v2_memory() == 0)
        sbx.cg_mem_kind = SBX_CG_V2;
    else if (sbx.cg_kind != SBX_CG_NONE
             && sbx_cgroup_dir("memory", sbx.cg_mem, sizeof sbx.cg_mem) == 0
             && v1_memory(sbx.cg_mem) == 0)
        sbx.cg_mem_kind = SBX_CG_V1;
    if (sbx.cg_mem_kind != SBX_CG_V1)
        sbx.cg_mem[0] = '\0';
    if (sbx.cg_mem_kind == SBX_CG_NONE && want && strcmp(want, "on") == 0) {
        fprintf(stderr, "sandbox: GRADER_SANDBOX_MEMORY=on: no memory controller works here\n");
        return -1;
    }
    return 0;
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

    if (read_in(dir, kind == SBX_CG_V2 ? "memory.events" : "memory.oom_control", buf,
                sizeof buf) != 0)
        return 0;
    for (at = strstr(buf, "oom_kill "); at && at != buf && at[-1] != '\n';
         at = strstr(at + 1, "oom_kill "))
        ;
    if (at)
        n = atol(at + strlen("oom_kill "));
    return n;
}
