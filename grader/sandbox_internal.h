/*
** sandbox_internal.h -- what the sandbox_*.c files share; not for callers.
**
** Theory of operation.  sandbox_run() (sandbox_run.c, the "grader side")
** forks a short-lived SUPERVISOR (sandbox_super.c) for every job.  The
** supervisor makes itself a child subreaper, forks the JOB process, which
** drops to the slot uid, sets the rlimits and execs either bubblewrap or
** the command itself, and then waits for one of two events: the job
** process ended, or the grader closed the control pipe (a limit was hit,
** or the grader died).  Either way it then kills the whole tree
** (sandbox_kill.c): the job's process group, every process of the slot
** uid when root, and, repeatedly, every process that is still its child
** (orphans of any depth are reparented to it, being a subreaper), reaping
** them all.  Only then does it write a fixed-size report (the job's wait
** status, the rusage of everything it reaped) to the grader and exit.
**
** Why a separate supervisor instead of making the grader itself the
** subreaper: reaping unknown orphans needs waitpid(-1), which would steal
** the exit status of any other child the grader has.  The supervisor has
** no other children, and it starts from a clean RUSAGE_CHILDREN, so the
** CPU time it reports covers the job's whole tree.
**
** Everything the supervisor and the job process need (argv arrays, the
** environment, the limits) is prepared by the grader before the fork
** (sandbox_plan.c), so that after fork() only system calls are made: the
** grader may be linked with libraries that use threads.
**
** Files: sandbox.c (slot, mode, probe), sandbox_plan.c (argv, rlimits),
** sandbox_run.c (sandbox_run), sandbox_loop.c (grader's event loop),
** sandbox_super.c (supervisor and job process), sandbox_kill.c (tree
** kill), sandbox_verdict.c (verdict rules), sandbox_scratch.c.
*/
#ifndef GRADER_SANDBOX_INTERNAL_H
#define GRADER_SANDBOX_INTERNAL_H

#include <stddef.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "sandbox.h"

#define SBX_SLOT_UID_BASE 60000
#define SBX_SLOT_COUNT    64
#define SBX_DEFAULT_OUTPUT ((size_t)1 << 20)
#define SBX_DEFAULT_FILE   ((size_t)16 << 20)
/* bubblewrap's own processes (its monitor and the pid-1 reaper, which
** the exec helper replaces when there is one) run as the slot uid and
** count against RLIMIT_NPROC. */
#define SBX_BWRAP_PROCS   2
/* Where the job process keeps the status pipe for the exec helper
** (grader/exec/sandbox-exec.c), and where the helper sits in the
** sandbox. */
#define SBX_STATUS_FD     4
#define SBX_STATUS_FD_ARG "4"
#define SBX_HELPER_PATH   "/.sandbox-exec"

/* Per-process state, filled by sandbox_init(); a forked child redoes the
** slot part on its first call (see sandbox.c). */
struct sbx_state {
    int initialized;        /* sandbox_init() ran (result in init_rc)     */
    int init_rc;
    int use_bwrap;
    int as_root;            /* grader is root: jobs run as the slot uid   */
    pid_t owner;            /* process the slot belongs to (see fork)     */
    int slot;               /* 0..63 when root, else -1                   */
    int lock_fd;            /* holds the slot's flock for our lifetime    */
    uid_t uid;              /* uid the jobs run as: this process's slot   */
    gid_t gid;              /* their gid: the family's, i.e. the slot gid
                            ** of the first process that initialised      */
    const char *bwrap;      /* absolute path of bwrap, or NULL            */
    const char *env_tool;   /* /usr/bin/env, used to drop bwrap's PWD     */
    char *exec_helper;      /* build/sandbox-exec, malloc'd, or NULL: then
                            ** env_tool, and exits above 128 are ambiguous */
    char mode[320];         /* sandbox_mode()'s answer                    */
    char *sys_args[32];     /* --ro-bind/--symlink triples for /usr etc.  */
    int nsys_args;
};

extern struct sbx_state sbx;

/* What the job process execs, prepared by the grader before fork(). */
struct sbx_plan {
    char *path;             /* file to execve()                           */
    char **argv;            /* malloc'd; strings belong to job or plan    */
    char **envp;
    const char *scratch;    /* chdir() target                             */
    rlim_t cpu, as, nproc, fsize;  /* RLIM_INFINITY: no limit           */
    int drop_uid;           /* become sbx.uid / sbx.gid                   */
    char tmp_size[24], shm_size[24];  /* tmpfs sizes for bwrap          */
    char nenv[24];          /* the exec helper's count of variables       */
    int status_pipe;        /* the job's status reaches us through the
                            ** exec helper (bwrap mode with a helper)     */
};

/* The supervisor's one message to the grader. */
struct sbx_report {
    int status;             /* wait status of the job process, or of the
                            ** command itself when exact_status           */
    int have_status;
    int exact_status;       /* status came from the exec helper, so an
                            ** exit code above 128 is an exit code        */
    int fail_stage;         /* SBX_STAGE_* the job process died in, or 0  */
    int fail_errno;
    int super_stage;        /* SBX_STAGE_* of a supervisor failure, or 0  */
    int super_errno;
    double wall_seconds;    /* job process start to end                   */
    double cpu_seconds;     /* user + system of everything reaped         */
    long max_rss_kb;
};

/* File descriptors a job needs; -1 when closed. */
struct sbx_fds {
    int in;                 /* memfd with stdin_data                      */
    int out_r, out_w;       /* job stdout                                 */
    int err_r, err_w;       /* job stderr                                 */
    int ctl_r, ctl_w;       /* grader -> supervisor: EOF means "kill now" */
    int rep_r, rep_w;       /* supervisor -> grader: struct sbx_report    */
};

/* One output stream of a job, as the grader collects it. */
struct sbx_stream {
    int fd;
    char *buf;
    size_t len, alloc, limit;
    int over;               /* wrote more than limit                      */
};

/* The grader's view of one job while it runs (sandbox_loop.c). */
struct sbx_run {
    struct sbx_fds fds;
    struct sbx_stream out, err;
    struct sbx_report rep;
    int have_report;        /* the supervisor's report arrived            */
    int rep_eof;            /* ... or it died without one                 */
    int super_lost;         /* we had to SIGKILL the supervisor           */
    int out_of_memory;      /* could not grow an output buffer            */
    int killed_for;         /* 0, SANDBOX_TIMEOUT or SANDBOX_OUTPUT       */
    double start, deadline, kill_at, report_at;
};

enum sbx_stage {
    SBX_STAGE_NONE, SBX_STAGE_SETSID, SBX_STAGE_SIGNALS, SBX_STAGE_FDS,
    SBX_STAGE_RLIMIT, SBX_STAGE_SETGROUPS, SBX_STAGE_SETGID,
    SBX_STAGE_SETUID, SBX_STAGE_PRCTL, SBX_STAGE_CHDIR, SBX_STAGE_EXEC,
    SBX_STAGE_FORK, SBX_STAGE_PIDFD, SBX_STAGE_POLL, SBX_STAGE_WAIT,
    SBX_STAGE_COUNT
};

/* sandbox.c */
const char *sbx_stage_name(int stage);
double sbx_now(void);

/* sandbox_plan.c */
int sbx_plan_build(const struct sandbox_job *job, struct sbx_plan *plan);
void sbx_plan_free(struct sbx_plan *plan);
int sbx_sys_args_init(void);
/* Appends to sys_args a bind of /dev/null over the C library's detached
** debug file, when one is installed (sandbox_debuginfo.c says why);
** -1 when sys_args is full. */
int sbx_mask_libc_debuginfo(void);

/* sandbox_loop.c */
void sbx_loop(struct sbx_run *r, pid_t super);
void sbx_close(int *fd);

/* sandbox_super.c: never returns */
void sbx_supervise(const struct sbx_plan *plan, const struct sbx_fds *fds);

/* sandbox_kill.c */
int sbx_kill_uid(uid_t uid);
void sbx_kill_tree(pid_t job, int ended, int *job_status, int *have_status);

/* sandbox_verdict.c */
void sbx_verdict(const struct sandbox_limits *lim, const struct sbx_run *r,
                 struct sandbox_result *res);

/* sandbox_scratch.c */
int sbx_same_dir(const char *path, dev_t dev, ino_t ino);

#endif /* GRADER_SANDBOX_INTERNAL_H */
