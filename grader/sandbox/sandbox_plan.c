/*
** sandbox_plan.c -- turns a sandbox_job into an exec plan: the file and
** argv the job process will execve(), its environment and its rlimits.
**
** Theory of operation.  Everything is computed here, in the grader,
** before fork(), so that the job process only makes system calls.
**
** With bubblewrap the plan is "bwrap OPTIONS -- /.sandbox-exec 4 N ENV...
** ARGV..." (or, when the exec helper was not built, "... -- /usr/bin/env
** -i -- ENV... ARGV...").  The options build a new root that holds only: read-only binds
** of /usr /bin /sbin /lib /lib32 /lib64 /etc (symlinks, as on usr-merged
** systems, are recreated as symlinks) with libc's detached debug file
** masked (sandbox_debuginfo.c), a new /proc and a minimal /dev, a
** size-capped tmpfs on /tmp and on /dev/shm, the scratch directory
** read-write at its own path, then each read-only path at its own path.
** /dev and / are then remounted read-only: bwrap's root and /dev are
** tmpfs that the job could otherwise fill, and tmpfs memory is not
** charged to RLIMIT_AS.  --unshare-all gives new user, pid, net, ipc, uts
** and cgroup namespaces (so no network but a private loopback),
** --die-with-parent and --new-session tie the sandbox to our supervisor
** and cut it from any terminal.  The exec helper (bound read-only at
** /.sandbox-exec) or env -i is there because bwrap always adds PWD to the
** environment; with it the program sees exactly job->env.  The helper
** also writes the command's own wait status on descriptor 4, because
** bwrap turns a death by signal S into exit status 128+S; it runs as the
** namespace's init (--as-pid-1) in place of bwrap's reaper
** (grader/exec/sandbox-exec.c).
**
** A session's plan (sbx_plan_session) is the same bubblewrap with the
** session's folder bound read-write instead of a scratch directory, a
** /dev/mqueue, and the exec helper in server mode as the command; its
** rlimits are the grader's (but no core dumps): the server sets each
** job's own.
**
** RLIMIT_NPROC counts every process of the uid.  As root the slot uid
** runs nothing but this job, plus bwrap's own two processes in bwrap mode.
** A non-root grader shares its uid with the user's other processes, so
** the limit is set to "what runs now + max_processes": a weaker, racy
** guarantee, but the only one available without privileges.  Since Linux
** 5.14 the count is also kept per user namespace, and a session's jobs
** are held by that count: in their sandbox the uid runs only the server
** and the job, so max_processes + 1 is exact, root or not.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

static char *const default_env[] = { "PATH=/usr/bin:/bin", "LANG=C", NULL };

static const char *const system_dirs[] = {
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc", NULL
};

/* Appends system directory number i to sbx.sys_args as a read-only bind,
** or as a symlink when it is one (usr-merged systems); a missing one is
** skipped.  Symlink targets live in a static table: they are needed for
** the life of the process. */
static int add_system_dir(size_t i)
{
    static char targets[sizeof system_dirs / sizeof system_dirs[0]][256];
    const char *dir = system_dirs[i];
    char **a = sbx.sys_args + sbx.nsys_args;
    struct stat st;
    ssize_t n;

    if (lstat(dir, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (S_ISDIR(st.st_mode)) {
        a[0] = "--ro-bind", a[1] = (char *)dir, a[2] = (char *)dir;
    } else if (S_ISLNK(st.st_mode)) {
        n = readlink(dir, targets[i], sizeof targets[i]);
        if (n >= (ssize_t)sizeof targets[i])
            errno = ENAMETOOLONG;   /* readlink() truncates silently */
        if (n < 0 || n >= (ssize_t)sizeof targets[i])
            return -1;
        targets[i][n] = '\0';
        a[0] = "--symlink", a[1] = targets[i], a[2] = (char *)dir;
    } else {
        return 0;
    }
    sbx.nsys_args += 3;
    return 0;
}

int sbx_sys_args_init(void)
{
    if (sbx.nsys_args > 0)
        return 0;
    for (size_t i = 0; system_dirs[i]; i++) {
        if (add_system_dir(i) != 0) {
            fprintf(stderr, "sandbox: %s: %s\n", system_dirs[i],
                    strerror(errno));
            return -1;
        }
    }
    return sbx_mask_libc_debuginfo();
}

/* Tasks (threads included, as RLIMIT_NPROC counts them) of our uid. */
static rlim_t count_own_tasks(void)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    struct stat st;
    char path[300];
    rlim_t n = 0;

    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/task", e->d_name);
        /* The task directory's link count is 2 + its number of threads. */
        if (stat(path, &st) == 0 && st.st_uid == getuid())
            n += st.st_nlink > 2 ? (rlim_t)st.st_nlink - 2 : 1;
    }
    if (closedir(d) != 0)
        perror("sandbox: closedir /proc");
    return n;
}

/* RLIMIT_CPU counts whole seconds: round up, never down to 0. */
static rlim_t cpu_rlimit(double seconds)
{
    rlim_t s = (rlim_t)seconds;

    if (seconds <= 0)
        return RLIM_INFINITY;
    return (double)s < seconds ? s + 1 : s;
}

void sbx_plan_limits(const struct sandbox_limits *l, int in_session, struct sbx_plan *p)
{
    p->cpu = cpu_rlimit(l->cpu_seconds);
    p->as = l->memory_bytes > 0 ? (rlim_t)l->memory_bytes : RLIM_INFINITY;
    p->fsize = (rlim_t)(l->file_bytes > 0 ? l->file_bytes : SBX_DEFAULT_FILE);
    p->nproc = RLIM_INFINITY;
    if (l->max_processes > 0 && in_session) {
        p->nproc = (rlim_t)l->max_processes + SBX_SESSION_PROCS;
    } else if (l->max_processes > 0) {
        p->nproc = (rlim_t)l->max_processes;
        p->nproc += sbx.use_bwrap ? SBX_BWRAP_PROCS : 0;
        p->nproc += sbx.as_root ? 0 : count_own_tasks();
    }
    snprintf(p->tmp_size, sizeof p->tmp_size, "%llu",
             4ULL * (unsigned long long)p->fsize);
    snprintf(p->shm_size, sizeof p->shm_size, "%llu",
             (unsigned long long)p->fsize);
}

static size_t count_strings(const char *const *v)
{
    size_t n = 0;

    while (v && v[n])
        n++;
    return n;
}

/* Appends the NULL-terminated list `v` to argv at *n. */
static void push_all(char **argv, size_t *n, char *const *v)
{
    while (v && *v)
        argv[(*n)++] = *v++;
}

/* Room for bubblewrap's argv: its options and the command `extra`. */
static int alloc_bwrap_argv(const struct sandbox_job *job, size_t extra, struct sbx_plan *p)
{
    size_t total = 64 + (size_t)sbx.nsys_args + 3 * count_strings(job->readonly_paths) + extra;

    p->argv = malloc(total * sizeof *p->argv);
    p->path = (char *)sbx.bwrap;
    return p->argv ? 0 : -1;
}

/* Appends bubblewrap's options up to "--": the system directories, /proc,
** /dev, the two tmpfs, `rw` read-write and the job's read-only paths at
** their own paths, the exec helper (when there is one), cwd `cwd`. */
static void push_bwrap_options(const struct sandbox_job *job, const char *rw, const char *cwd,
                               int mqueue, struct sbx_plan *p, size_t *n)
{
    char *const head[] = { "bwrap", "--unshare-all", "--die-with-parent",
                           "--new-session", NULL };
    char *const mid[] = {
        "--proc", "/proc", "--dev", "/dev",
        "--size", p->tmp_size, "--tmpfs", "/tmp",
        "--size", p->shm_size, "--tmpfs", "/dev/shm", NULL
    };
    /* A session's server lists the message queues there, to remove them. */
    char *const queues[] = { "--mqueue", "/dev/mqueue", NULL };
    char *const rw_bind[] = { "--remount-ro", "/dev", "--bind", (char *)rw, (char *)rw, NULL };
    char *const helper_bind[] = { "--ro-bind", sbx.exec_helper, SBX_HELPER_PATH,
                                  "--as-pid-1", NULL };
    char *const tail[] = { "--remount-ro", "/", "--chdir", (char *)cwd, "--", NULL };

    push_all(p->argv, n, head);
    for (int i = 0; i < sbx.nsys_args; i++)
        p->argv[(*n)++] = sbx.sys_args[i];
    push_all(p->argv, n, mid);
    if (mqueue)
        push_all(p->argv, n, queues);
    push_all(p->argv, n, rw_bind);
    for (size_t i = 0; job->readonly_paths && job->readonly_paths[i]; i++) {
        p->argv[(*n)++] = "--ro-bind";
        p->argv[(*n)++] = (char *)job->readonly_paths[i];
        p->argv[(*n)++] = (char *)job->readonly_paths[i];
    }
    if (sbx.exec_helper)
        push_all(p->argv, n, helper_bind);
    push_all(p->argv, n, tail);
}

static int build_bwrap_argv(const struct sandbox_job *job, char **envp,
                            struct sbx_plan *p)
{
    char *const envcmd[] = { (char *)sbx.env_tool, "-i", "--", NULL };
    char *helper[7];   /* the exec helper, its options, then its arguments */
    size_t k = 0;
    size_t n = 0;

    if (alloc_bwrap_argv(job, count_strings((const char *const *)envp)
                              + count_strings(job->argv), p) != 0)
        return -1;
    push_bwrap_options(job, job->scratch, job->scratch, 0, p, &n);
    if (sbx.exec_helper) {
        snprintf(p->nenv, sizeof p->nenv, "%zu", count_strings((const char *const *)envp));
        helper[k++] = SBX_HELPER_PATH;
        if (p->no_fork)
            helper[k++] = "--no-fork";
        if (p->exec_once)
            helper[k++] = "--exec-once";
        if (p->no_aslr)
            helper[k++] = "--no-aslr";
        helper[k++] = SBX_STATUS_FD_ARG;
        helper[k++] = p->nenv;
        helper[k] = NULL;
        push_all(p->argv, &n, helper);
        push_all(p->argv, &n, envp);
        p->status_pipe = 1;
    } else if (sbx.env_tool) {
        push_all(p->argv, &n, envcmd);
        push_all(p->argv, &n, envp);
    }
    push_all(p->argv, &n, (char *const *)job->argv);
    p->argv[n] = NULL;
    return 0;
}

static int build_direct_argv(const struct sandbox_job *job, struct sbx_plan *p)
{
    size_t n = 0;

    p->argv = malloc((count_strings(job->argv) + 1) * sizeof *p->argv);
    if (!p->argv)
        return -1;
    push_all(p->argv, &n, (char *const *)job->argv);
    p->argv[n] = NULL;
    p->path = p->argv[0];
    return 0;
}

char **sbx_plan_env(const struct sandbox_job *job)
{
    return job->env ? (char **)job->env : (char **)default_env;
}

int sbx_plan_build(const struct sandbox_job *job, struct sbx_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->scratch = job->scratch;
    plan->drop_uid = sbx.as_root;
    plan->envp = sbx_plan_env(job);
    plan->no_fork = sbx.cg_kind == SBX_CG_NONE && job->limits.single_process;
    plan->exec_once = job->limits.exec_once;
    plan->no_aslr = job->limits.no_aslr;
    sbx_plan_limits(&job->limits, 0, plan);
    if ((sbx.use_bwrap ? build_bwrap_argv(job, plan->envp, plan)
                       : build_direct_argv(job, plan)) != 0) {
        fprintf(stderr, "sandbox: out of memory\n");
        return -1;
    }
    return 0;
}

void sbx_plan_free(struct sbx_plan *plan)
{
    free(plan->argv);
    plan->argv = NULL;
}

int sbx_plan_session(const struct sandbox_job *shape, const char *dir, struct sbx_plan *plan)
{
    char *const server[] = { SBX_HELPER_PATH, "--serve", SBX_STATUS_FD_ARG, NULL };
    size_t n = 0;

    memset(plan, 0, sizeof *plan);
    plan->scratch = "/";
    plan->drop_uid = sbx.as_root;
    plan->envp = (char **)default_env;
    sbx_plan_limits(&shape->limits, 1, plan);   /* for the tmpfs sizes */
    plan->cpu = plan->as = plan->nproc = plan->fsize = RLIM_INFINITY;
    if (!sbx.exec_helper || alloc_bwrap_argv(shape, 4, plan) != 0)
        return -1;
    push_bwrap_options(shape, dir, "/", 1, plan, &n);
    push_all(plan->argv, &n, server);
    plan->argv[n] = NULL;
    return 0;
}
