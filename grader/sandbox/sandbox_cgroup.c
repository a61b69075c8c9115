/*
** sandbox_cgroup.c -- which control groups count a job's CPU time, found
** once per process by sandbox_init(); and the groups that dead graders
** left behind, removed.  (One job's group: sandbox_cgroup_job.c.)
**
** Theory of operation.  A process that ignores SIGCHLD has its children
** reaped by the kernel, whose CPU time then reaches no one's rusage: a
** job that works in a chain of such children was charged almost nothing
** by the supervisor's RUSAGE_CHILDREN or the reading of /proc
** (sandbox_usage.c).  A control group counts the CPU time of every task
** that ever ran in it, reaped or not, and a child is born in its parent's
** group.  So each job, session job and conversation gets a group of its
** own, which its job process enters before it execs anything.
**
** Where.  The kit makes its groups below its own group (in
** /proc/self/cgroup), in the first of these that works:
**   v2  the cgroup2 hierarchy (/sys/fs/cgroup on a pure v2 machine, its
**       "unified" mount on a hybrid one).  Every v2 group has cpu.stat
**       (usage_usec: all descendants) and, from Linux 5.14, cgroup.kill,
**       with no controller enabled; so no controller is enabled, and the
**       grader may stay in its own group (the no-internal-processes rule
**       binds only controllers).  pids.max is used when the pids
**       controller is already enabled for our group's children, or, on a
**       hybrid machine, in the v1 pids hierarchy beside it.
**   v1  the cpuacct hierarchy (cpuacct.usage, all descendants), with the
**       pids hierarchy beside it when there is one (pids.max).
**   none  neither can be written (not root, no delegated group): see
**       sandbox.h for what is then guaranteed.
** GRADER_SANDBOX_CGROUP=v2, v1 or none forces one (v2 and v1 fail
** sandbox_init() when they do not work); auto (the default) tries them in
** this order.  A try makes and removes a group, so that "works" means
** "we may create groups here".
**
** Memory (sbx_cgroup_mem_setup(), after these; what it holds and why:
** sandbox_cgroup_mem.c): v2's controller where it is, or can be, enabled
** for our group's children, else v1's memory hierarchy, else none.
**
** Names.  A job's group is cc-sbx-PID-START-N: the grader's pid, its
** start time (in clock ticks since boot, from /proc/PID/stat: a pid reused
** by another process has another), and a count.  So several graders and
** their forked workers never clash, and a group whose grader is gone --
** killed, crashed -- is known as stale: sandbox_init() kills whatever is
** left in it and removes it, in each hierarchy, before the first job.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

/* Where hierarchy `want` ("" for cgroup2, else a v1 controller) is
** mounted: the first mount point of its kind in /proc/self/mountinfo, in
** `dir`; 0, or -1 when there is none. */
static int find_mount(const char *want, char *dir, size_t n)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    char line[1024], mnt[512], fstype[64], opts[512];
    int found = 0;

    if (!f)
        return -1;
    while (!found && fgets(line, sizeof line, f)) {
        char *dash = strstr(line, " - ");
        if (!dash || sscanf(line, "%*s %*s %*s %*s %511s", mnt) != 1
            || sscanf(dash + 3, "%63s %*s %511s", fstype, opts) != 2)
            continue;
        if (!*want)
            found = strcmp(fstype, "cgroup2") == 0;
        else if (strcmp(fstype, "cgroup") == 0)
            for (char *save = NULL, *o = strtok_r(opts, ",", &save); o && !found;
                 o = strtok_r(NULL, ",", &save))
                found = strcmp(o, want) == 0;
        if (found)
            snprintf(dir, n, "%s", mnt);
    }
    fclose(f);
    return found ? 0 : -1;
}

/* Our own group in hierarchy `want` ("" for cgroup2), from
** /proc/self/cgroup, in `path`; 0 or -1. */
static int own_group(const char *want, char *path, size_t n)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    char line[1024];
    int found = 0;

    if (!f)
        return -1;
    while (!found && fgets(line, sizeof line, f)) {
        /* "ID:CONTROLLERS:PATH"; cgroup2's is "0::PATH". */
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2)
            continue;
        *c1 = *c2 = '\0';
        c2[1 + strcspn(c2 + 1, "\n")] = '\0';
        if (!*want)
            found = strcmp(line, "0") == 0 && c1[1] == '\0';
        else
            for (char *save = NULL, *o = strtok_r(c1 + 1, ",", &save); o && !found;
                 o = strtok_r(NULL, ",", &save))
                found = strcmp(o, want) == 0;
        if (found)
            snprintf(path, n, "%s", c2 + 1);
    }
    fclose(f);
    return found ? 0 : -1;
}

/* sandbox_internal.h */
int sbx_cgroup_dir(const char *want, char *dir, size_t n)
{
    char mnt[512], own[512];

    if (find_mount(want, mnt, sizeof mnt) != 0 || own_group(want, own, sizeof own) != 0)
        return -1;
    if (snprintf(dir, n, "%s%s", mnt, strcmp(own, "/") == 0 ? "" : own) >= (int)n)
        return -1;
    return access(dir, W_OK) == 0 ? 0 : -1;
}

/* Removes the stale groups in `dir` (see the top). */
static void sweep(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[SBX_CG_PATH];

    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        if (!sbx_stale_name(e->d_name, "cc-sbx-%d-%llu-"))
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path
            && sbx_cgroup_remove(path) != 0)
            fprintf(stderr, "sandbox: cannot remove the stale control group %s\n", path);
    }
    closedir(d);
}

/* Makes and removes a group in `dir`, which must have file `probe`; 0 when
** that works. */
static int try_dir(const char *dir, const char *probe)
{
    char path[SBX_CG_PATH], file[SBX_CG_PATH + 32];

    if (snprintf(path, sizeof path, "%s/cc-sbx-%d-%llu-probe", dir, (int)getpid(),
                 sbx.cg_start) >= (int)sizeof path || mkdir(path, 0755) != 0)
        return -1;
    snprintf(file, sizeof file, "%s/%s", path, probe);
    int ok = access(file, R_OK) == 0;
    if (rmdir(path) != 0)
        perror("sandbox: rmdir control group");
    return ok ? 0 : -1;
}

/* The v1 pids hierarchy beside the CPU's, when we may make groups there
** (a hybrid machine binds pids to v1, out of cgroup2's reach). */
static void add_v1_pids(void)
{
    if (sbx_cgroup_dir("pids", sbx.cg_pids, sizeof sbx.cg_pids) != 0
        || try_dir(sbx.cg_pids, "pids.max") != 0)
        sbx.cg_pids[0] = '\0';
}

static int use_v2(void)
{
    if (sbx_cgroup_dir("", sbx.cg_cpu, sizeof sbx.cg_cpu) != 0 || try_dir(sbx.cg_cpu, "cpu.stat") != 0)
        return -1;
    sbx.cg_kind = SBX_CG_V2;
    add_v1_pids();
    return 0;
}

static int use_v1(void)
{
    if (sbx_cgroup_dir("cpuacct", sbx.cg_cpu, sizeof sbx.cg_cpu) != 0
        || try_dir(sbx.cg_cpu, "cpuacct.usage") != 0)
        return -1;
    sbx.cg_kind = SBX_CG_V1;
    add_v1_pids();
    return 0;
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

/* For sbx_cgroup_mem_setup(), sandbox_internal.h.  v2: memory is enabled for the children of our group (sbx.cg_cpu), or
** we enable it; 0 or -1. */
static int v2_memory(void)
{
    char buf[512];

    if (sbx_cgroup_read(sbx.cg_cpu, "cgroup.subtree_control", buf, sizeof buf) == 0
        && has_word(buf, "memory"))
        return 0;
    return sbx_cgroup_write(sbx.cg_cpu, "cgroup.subtree_control", "+memory");
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
             && try_dir(sbx.cg_mem, "memory.limit_in_bytes") == 0)
        sbx.cg_mem_kind = SBX_CG_V1;
    if (sbx.cg_mem_kind != SBX_CG_V1)
        sbx.cg_mem[0] = '\0';
    if (sbx.cg_mem_kind == SBX_CG_NONE && want && strcmp(want, "on") == 0) {
        fprintf(stderr, "sandbox: GRADER_SANDBOX_MEMORY=on: no memory controller works here\n");
        return -1;
    }
    return 0;
}

/* What sandbox_mode() adds for the accounting. */
static const char *describe(void)
{
    switch (sbx.cg_kind) {
    case SBX_CG_V2: return sbx.cg_pids[0] ? "; CPU counted by cgroup v2 (processes by v1 pids)"
                                          : "; CPU counted by cgroup v2";
    case SBX_CG_V1: return sbx.cg_pids[0] ? "; CPU counted by cgroup v1 (cpuacct, pids)"
                                          : "; CPU counted by cgroup v1 (cpuacct)";
    default:        return sbx.use_bwrap && !sbx.exec_helper
                           ? "; CPU counted without a cgroup, and children the kernel reaps "
                             "are not counted (no exec helper to forbid them)"
                           : "; CPU counted without a cgroup: jobs that need no process of "
                             "their own may not create one";
    }
}

int sbx_cgroup_setup(void)
{
    const char *want = getenv("GRADER_SANDBOX_CGROUP");
    int rc = 0;

    sbx.cg_kind = SBX_CG_NONE;
    sbx.cg_cpu[0] = sbx.cg_pids[0] = '\0';
    sbx.cg_owner = getpid();
    sbx.cg_start = sbx_start_time(getpid());
    if (!want || !*want)
        want = "auto";
    if (strcmp(want, "v2") == 0)
        rc = use_v2();
    else if (strcmp(want, "v1") == 0)
        rc = use_v1();
    else if (strcmp(want, "auto") == 0)
        (void)(use_v2() == 0 || use_v1() == 0);
    else if (strcmp(want, "none") != 0)
        rc = -1;
    if (rc != 0) {
        fprintf(stderr, "sandbox: GRADER_SANDBOX_CGROUP=%s: expected auto, v2, v1 or none, "
                "and one that works here\n", want);
        return -1;
    }
    if (sbx.cg_kind == SBX_CG_NONE)   /* a try may have left its paths */
        sbx.cg_cpu[0] = sbx.cg_pids[0] = '\0';
    if (sbx_cgroup_mem_setup() != 0)
        return -1;
    if (sbx.cg_cpu[0])
        sweep(sbx.cg_cpu);
    if (sbx.cg_pids[0])
        sweep(sbx.cg_pids);
    if (sbx.cg_mem[0])
        sweep(sbx.cg_mem);
    size_t len = strlen(sbx.mode);
    snprintf(sbx.mode + len, sizeof sbx.mode - len, "%s%s", describe(),
             sbx.cg_mem_kind == SBX_CG_V2 ? "; memory held by cgroup v2"
             : sbx.cg_mem_kind == SBX_CG_V1 ? "; memory held by cgroup v1"
             : "; memory held by no cgroup: memory files and tmpfs are capped per file only");
    return 0;
}
