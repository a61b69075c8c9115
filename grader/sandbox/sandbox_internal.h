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
** CPU ACCOUNTING (sandbox_cgroup.c, sandbox_cgroup_job.c).  RUSAGE_CHILDREN
** and /proc miss a child the kernel reaped (its parent ignores SIGCHLD),
** so before the supervisor is forked the grader makes the job a control
** group of its own and opens its cgroup.procs; the job process's first
** step is to write "0" there.  The group's counter is then the job's CPU
** time (the larger of it and the rusage, which it always is): the event
** loop reads it every 50 ms against the CPU limit, a conversation at each
** sandbox_conv_cpu(), sbx_finish() at the end; the group is removed with
** the run.  Guaranteed with a group: every task the job ever ran is
** counted and held to the limit (within 50 ms of its CPU), and nothing
** can leave the group (no job's uid can write root's groups' cgroup.procs,
** not even from a user namespace of its own).  Without one (mode "none"):
** the old counts, with their blind spot, and for single_process jobs a
** seccomp filter that refuses new processes (sandbox_nofork.c), installed
** by the job process before execve() in the rlimits fallback, by the exec
** helper before the program in bubblewrap (and by a session's server), so
** that their CPU is one process's again; not with bubblewrap without the
** exec helper.
**
** Everything the supervisor and the job process need (argv arrays, the
** environment, the limits) is prepared by the grader before the fork
** (sandbox_plan.c), so that after fork() only system calls are made: the
** grader may be linked with libraries that use threads.
**
** A SESSION (sandbox_session.c) runs many jobs in one bubblewrap instead:
** the grader forks bubblewrap itself, whose init is the exec helper in
** server mode (grader/exec/serve.c), and talks to it over a socket pair
** (grader/sandbox/sandbox_wire.h).  Per job (sandbox_session_run.c) it
** moves the job's scratch directory into the session's folder, sends the
** request with the job's three descriptors, and runs the same event loop;
** the server forks the job, kills and reaps everything the job left,
** cleans the sandbox and sends the report.  The loop does not know which
** of the two runs the job: it calls a struct sbx_runner.
**
** Files: sandbox_state.c (the state, small helpers), sandbox.c (slot,
** mode, probe), sandbox_plan.c (argv, rlimits), sandbox_run.c
** (sandbox_run: which way), sandbox_job.c (the steps both ways share),
** sandbox_alone.c (one job, one sandbox), sandbox_loop.c (grader's event
** loop), sandbox_super.c (supervisor and job process), sandbox_kill.c
** (tree kill), sandbox_verdict.c (verdict rules), sandbox_scratch.c and
** sandbox_tree.c (scratch directories), sandbox_session.c and
** sandbox_session_run.c (sessions), sandbox_conv.c and
** sandbox_conv_end.c (conversations: a supervised job whose stdin and
** stdout stay with the caller), sandbox_usage.c (a live tree's CPU time
** and resident size), sandbox_cgroup.c and sandbox_cgroup_job.c (control
** groups: which, and one job's), sandbox_nofork.c (the no-fork filter,
** shared with the exec helper), sandbox_execonce.c (the exec-once filter
** of limits.exec_once, installed by the same processes as the no-fork
** filter, and shared too).  sandbox_run.c says in what layers they use each
** other.
*/
#ifndef GRADER_SANDBOX_INTERNAL_H
#define GRADER_SANDBOX_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "sandbox.h"
#include "sandbox_wire.h"

#define SBX_SLOT_UID_BASE 60000
#define SBX_SLOT_COUNT    64
#define SBX_DEFAULT_OUTPUT ((size_t)1 << 20)
#define SBX_DEFAULT_FILE   ((size_t)16 << 20)
/* bubblewrap's own processes (its monitor and the pid-1 reaper, which
** the exec helper replaces when there is one) run as the slot uid and
** count against RLIMIT_NPROC. */
#define SBX_BWRAP_PROCS   2
/* In a session the process limit counts per user namespace (Linux 5.14
** and later): the sandbox's init, the server, is the only other process
** that counts. */
#define SBX_SESSION_PROCS 1
/* Where the job process keeps the status pipe for the exec helper
** (grader/exec/sandbox-exec.c), and where the helper sits in the
** sandbox. */
#define SBX_STATUS_FD     4
#define SBX_STATUS_FD_ARG "4"
#define SBX_HELPER_PATH   "/.sandbox-exec"
/* Control groups (sandbox_cgroup.c): the longest path of one, and the
** most a job enters (v1: cpuacct, pids and memory). */
#define SBX_CG_PATH       512
#define SBX_CG_FDS        3
/* What a job's memory group allows beyond its cap (sandbox_cgroup_mem.c). */
#define SBX_MEM_SLACK     ((size_t)64 << 20)

enum sbx_cg_kind { SBX_CG_NONE, SBX_CG_V2, SBX_CG_V1 };

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
    char mode[400];         /* sandbox_mode()'s answer                    */
    char *sys_args[32];     /* --ro-bind/--symlink triples for /usr etc.  */
    int nsys_args;
    int cg_kind;            /* enum sbx_cg_kind: how CPU time is counted  */
    char cg_cpu[SBX_CG_PATH];   /* where job groups are made (v2, or v1
                                ** cpuacct); "" with SBX_CG_NONE          */
    char cg_pids[SBX_CG_PATH];  /* v1 pids beside it, or ""               */
    int cg_mem_kind;        /* enum sbx_cg_kind: which memory controller  */
    char cg_mem[SBX_CG_PATH];   /* v1 memory beside it, or "" (v2: cg_cpu) */
    char disk[SBX_CG_PATH]; /* the scratch file system (sandbox_disk.c),
                            ** or "": scratch directories on $TMPDIR      */
    pid_t disk_owner;       /* the process that mounted it                */
    pid_t cg_owner;         /* the process the names below are of         */
    unsigned long long cg_start;  /* its start time (a name's part)       */
    unsigned long cg_seq;   /* groups it made                             */
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
    double wall_deadline;   /* sbx_now() time at which the supervisor
                            ** kills the tree itself; 0: never (the
                            ** grader's loop keeps the time)              */
    int cg_fds[SBX_CG_FDS]; /* the job's control groups' cgroup.procs,
                            ** which the job process enters first         */
    int ncg;
    int no_fork;            /* the job may make threads but no process
                            ** (sandbox_nofork.h): no control group and
                            ** limits.single_process                      */
    int exec_once;          /* limits.exec_once (sandbox_execonce.h)      */
    int no_aslr;            /* limits.no_aslr                             */
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
    int timed_out;          /* the supervisor hit the wall_deadline       */
    int job_ended;          /* the job process ended before any kill      */
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

struct sbx_run;

/* How the event loop reaches whoever runs the job: the per-job
** supervisor (sbx_supervisor_runner, sandbox_loop.c) or a session's
** server (sandbox_session_run.c). */
struct sbx_runner {
    /* r->rep_fd is readable: take the report (have_report) or note that
    ** none will come (rep_eof), and then set rep_fd to -1; or, when what
    ** was there is not the report (EINTR, a stale message), nothing. */
    void (*read_report)(struct sbx_run *r);
    /* A limit was hit: have the job's whole tree killed and reported. */
    void (*request_kill)(struct sbx_run *r);
    /* KILL_GRACE seconds after request_kill there is still no report:
    ** end the job by force, without one. */
    void (*abandon)(struct sbx_run *r);
};

/* The grader's view of one job while it runs (sandbox_loop.c). */
struct sbx_run {
    const struct sbx_runner *runner;
    pid_t super;            /* the supervisor (one job per sandbox)       */
    struct sandbox_session *session;  /* ... or the session running it    */
    int rep_fd;             /* where the report comes from                */
    struct sbx_fds fds;
    struct sbx_stream out, err;
    struct sbx_report rep;
    int have_report;        /* the supervisor's report arrived            */
    int rep_eof;            /* ... or it died without one                 */
    int super_lost;         /* we had to SIGKILL the supervisor           */
    int out_of_memory;      /* could not grow an output buffer            */
    int killed_for;         /* 0, SANDBOX_TIMEOUT, SANDBOX_OUTPUT or
                            ** SANDBOX_MEMORY (resident_bytes passed)   */
    size_t resident_cap;    /* the job's resident_bytes; 0: not watched   */
    double start, deadline, kill_at, report_at;
    double next_watch;      /* when the resident size is read next        */
    struct sbx_cgroup *cgroup;  /* the job's control group, or NULL: its
                            ** CPU total is checked at each watch         */
    int disk_full;          /* it filled the scratch file system      */
    long ooms;              /* processes its memory limit killed
                            ** (sbx_cgroup_ooms()): the memory verdict    */
    double cpu_cap;         /* the job's cpu_seconds; 0: none             */
};

/* A sandbox session (sandbox.h).  PASSTHROUGH: no bubblewrap to share
** (rlimits mode, no exec helper, an old kernel, or it would not start):
** every job runs by itself.  LIVE: the server answers.  BROKEN: it died,
** misbehaved or was changed by a job; jobs run by themselves, and
** sandbox_session_fits() says no, so that the caller starts a new one. */
enum sbx_session_state { SBX_SESSION_PASSTHROUGH, SBX_SESSION_LIVE, SBX_SESSION_BROKEN };

struct sandbox_session {
    enum sbx_session_state state;
    pid_t owner;            /* the process that opened it                 */
    pid_t bwrap;            /* our child; -1 once reaped                  */
    int sock;               /* to the server; -1 once closed              */
    char *dir;              /* bound read-write; each job's scratch is
                            ** moved in for its run                       */
    char **readonly;        /* the shape's read-only paths (a copy)       */
    size_t file_bytes;      /* the shape's, defaults applied: it sizes the
                            ** sandbox's /tmp and /dev/shm                */
    uint32_t seq;           /* of the last request                        */
    uint64_t pid_ns;        /* the sandbox's pid namespace, from HELLO    */
    struct sbx_wire_reply reply;  /* the last DONE                        */
};

/* A conversation (sandbox.h; sandbox_conv.c, sandbox_conv_end.c). */
struct sandbox_conv {
    pid_t owner;            /* the process that started it                */
    pid_t super;            /* its supervisor; -1 once reaped             */
    int in_w, out_r;        /* the caller's ends of stdin and stdout      */
    int err_fd;             /* memfd the job writes its stderr to         */
    int ctl_w, rep_r;       /* the supervisor's pipes (sandbox_super.c)   */
    int slot_fd;            /* lock of its own uid slot; -1 without root  */
    uid_t uid;              /* the uid it runs as                         */
    int lent;               /* its scratch belongs to `uid` for now       */
    struct sbx_usage *usage;
    struct sbx_cgroup *cgroup;  /* its control group, or NULL             */
    struct sbx_report rep;
    int have_report, rep_eof, super_lost;
    int killed_for;         /* as in struct sbx_run                       */
    int grace_kill;         /* killed_for is the end of finish's grace    */
    double start, deadline; /* sbx_now() times; deadline 1e300: none      */
    double cpu;             /* the largest CPU time read so far           */
    size_t err_cap, resident_cap;
    struct sandbox_limits limits;
    char *argv0, *scratch;  /* copies, for messages and the final checks  */
    struct stat scratch_st; /* the scratch directory's identity           */
};

enum sbx_stage {
    SBX_STAGE_NONE, SBX_STAGE_SETSID, SBX_STAGE_SIGNALS, SBX_STAGE_FDS,
    SBX_STAGE_RLIMIT, SBX_STAGE_SETGROUPS, SBX_STAGE_SETGID,
    SBX_STAGE_SETUID, SBX_STAGE_PRCTL, SBX_STAGE_CHDIR, SBX_STAGE_EXEC,
    SBX_STAGE_FORK, SBX_STAGE_PIDFD, SBX_STAGE_POLL, SBX_STAGE_WAIT,
    SBX_STAGE_CGROUP, SBX_STAGE_NOFORK, SBX_STAGE_COUNT
};

/* sandbox_state.c */
const char *sbx_stage_name(int stage);
double sbx_now(void);
/* Closes *fd if open (a failure is printed) and sets it to -1. */
void sbx_close(int *fd);

/* sandbox_plan.c */
int sbx_plan_build(const struct sandbox_job *job, struct sbx_plan *plan);
void sbx_plan_free(struct sbx_plan *plan);
int sbx_sys_args_init(void);
/* Appends to sys_args a bind of /dev/null over the C library's detached
** debug file, when one is installed (sandbox_debuginfo.c says why);
** -1 when sys_args is full. */
int sbx_mask_libc_debuginfo(void);

/* The job's environment: its own, or the default one. */
char **sbx_plan_env(const struct sandbox_job *job);
/* Fills `p`'s rlimits from `l`.  The process limit makes room for the
** processes that count against it besides the job's own: bubblewrap's
** and, without root, the user's other processes -- or, in a session
** (`in_session`), the server alone. */
void sbx_plan_limits(const struct sandbox_limits *l, int in_session, struct sbx_plan *p);
/* The plan of a session's bubblewrap: the bubblewrap options of `shape`
** with `dir` bound read-write in place of a scratch directory, and the
** exec helper in server mode on SBX_STATUS_FD; no rlimit but RLIMIT_CORE
** (each job gets its own from the server). */
int sbx_plan_session(const struct sandbox_job *shape, const char *dir, struct sbx_plan *plan);

/* sandbox_job.c: the steps of a run, both ways */
/* Opens the `n` pipes of `ends` (pairs of read and write ends),
** close-on-exec; 0, or -1 with errno. */
int sbx_open_pipes(int *(*ends)[2], size_t n);
/* Checks the request (a caller's mistake is -1 with a message); notes
** the scratch directory's identity in `scratch`. */
int sbx_check_job(const struct sandbox_job *job, struct stat *scratch);
void sbx_init_run(struct sbx_run *r, const struct sandbox_job *job);
/* The job's stdin (a memfd holding stdin_data), stdout and stderr pipes,
** all close-on-exec; 0, or -1 with errno. */
int sbx_open_job_fds(const struct sandbox_job *job, struct sbx_fds *f);
/* Turns what the loop observed into `res` (0), or says why it cannot
** (-1, message on stderr). */
int sbx_finish(struct sbx_run *r, const struct sandbox_job *job,
               const struct stat *scratch, struct sandbox_result *res);
/* Closes every descriptor of `r` and frees its buffers. */
void sbx_run_release(struct sbx_run *r);

/* sandbox_alone.c: sandbox_run() without a session, one sandbox for this
** job.  The caller has called sandbox_init(). */
int sbx_run_alone(const struct sandbox_job *job, struct sandbox_result *res);

/* sandbox_loop.c */
extern const struct sbx_runner sbx_supervisor_runner;
void sbx_loop(struct sbx_run *r);

/* sandbox_super.c: never return */
void sbx_supervise(const struct sbx_plan *plan, const struct sbx_fds *fds);
/* Becomes the job process of `plan` (its steps are listed in
** sandbox_super.c): stdin, stdout and stderr from `f`, `statusfd` (if >=
** 0) on SBX_STATUS_FD, a failure record on `errfd`; `parent` is the
** process that must still be our parent after PR_SET_PDEATHSIG. */
void sbx_exec_job(const struct sbx_plan *p, const struct sbx_fds *f, int errfd,
                  int statusfd, pid_t parent);

/* sandbox_session.c */
/* The session sandbox_run() sends fitting jobs to, or NULL. */
struct sandbox_session *sbx_session_attached(void);
/* Ends a session that died or misbehaved: no more jobs go to it. */
void sbx_session_break(struct sandbox_session *s);

/* sandbox.c */
/* Claims a free uid slot besides the process's own (root only), after
** killing what a dead grader left under it: the descriptor holding its
** lock (close it to give the slot back) with its uid in *uid, or -1
** (message on stderr). */
int sbx_slot_claim_extra(uid_t *uid);

/* sandbox_usage.c: the CPU time and resident size of the tree of
** processes below `root`, read from /proc (how exact: see there). */
struct sbx_usage;
/* NULL when out of memory. */
struct sbx_usage *sbx_usage_new(pid_t root);
/* The tree's CPU seconds so far, never less than an earlier reading, and
** its resident bytes now. */
void sbx_usage_read(struct sbx_usage *u, double *cpu, size_t *resident);
/* Accepts NULL. */
void sbx_usage_free(struct sbx_usage *u);

/* sandbox_cgroup.c, sandbox_cgroup_job.c: CPU time counted by control
** group (how, and what it guarantees: there). */
struct sbx_cgroup;
/* Chooses the hierarchy (GRADER_SANDBOX_CGROUP), removes stale groups,
** and adds the accounting to sbx.mode; 0, or -1 (message on stderr) when
** the one forced does not work. */
int sbx_cgroup_setup(void);
/* The directory of our own group in hierarchy `want` ("" for cgroup2,
** else a v1 controller), when we may write it, in `dir`; 0 or -1. */
int sbx_cgroup_dir(const char *want, char *dir, size_t n);
/* Writes `text` to `dir`/`file`; 0, or -1 with errno (ENOENT: no file).
** (sandbox_cgroup_mem.c, as the next.) */
int sbx_cgroup_write(const char *dir, const char *file, const char *text);
/* Reads `dir`/`file` into `buf` (NUL-terminated); 0 or -1. */
int sbx_cgroup_read(const char *dir, const char *file, char *buf, size_t n);
/* sandbox_cgroup_mem.c: chooses the memory controller (sbx.cg_mem_kind,
** sbx.cg_mem) once the CPU's is chosen; 0, or -1 (message on stderr) when
** GRADER_SANDBOX_MEMORY=on and none works. */
int sbx_cgroup_mem_setup(void);
/* The memory limit of a job's group (its cap + SBX_MEM_SLACK), 0: none. */
size_t sbx_cgroup_mem_limit(const struct sandbox_limits *l);
/* Sets the limit of the group at `dir` (of controller `kind`); 0 or -1. */
int sbx_cgroup_mem_set(const char *dir, int kind, size_t limit);
/* How many processes the OOM killer killed in the group at `dir`. */
long sbx_cgroup_mem_ooms(const char *dir, int kind);
/* 1 when `name` reads "...PID...START..." by `pattern` (a scanf format
** taking an int and an unsigned long long) and that process is gone: a
** leftover of a dead grader (control groups, scratch file systems). */
int sbx_stale_name(const char *name, const char *pattern);
/* The start time of `pid` in clock ticks since boot, or 0. */
unsigned long long sbx_start_time(pid_t pid);
/* A fresh group for one job, with pids.max = max_processes + extra_procs
** where there is a pids controller: 0 with *out set, or with *out NULL
** when no control group is in use; -1 when it cannot be made (message on
** stderr). */
int sbx_cgroup_new(const struct sandbox_limits *l, int extra_procs, struct sbx_cgroup **out);
/* The descriptors the job's process enters the group by, into fds[]
** (SBX_CG_FDS of room); how many.  NULL: 0. */
int sbx_cgroup_fds(const struct sbx_cgroup *g, int *fds);
/* Puts the calling process into the groups of `fds`: system calls only,
** for a process just forked; 0 or -1. */
int sbx_cgroup_enter(const int *fds, int n);
/* The CPU seconds of everything that ever ran in the group; monotone.
** NULL: 0. */
double sbx_cgroup_cpu(struct sbx_cgroup *g);
/* How many of the job's processes its group's memory limit killed (0
** without a memory limit). NULL: 0. */
long sbx_cgroup_ooms(const struct sbx_cgroup *g);
/* Kills what is left in the group at `dir`, removes it; 0 or -1. */
int sbx_cgroup_remove(const char *dir);
/* Closes, empties and removes the group (a failure is printed); NULL is
** accepted. */
void sbx_cgroup_free(struct sbx_cgroup *g);
/* Closes and frees our handle only (a process forked from the group's
** maker must not remove it); NULL is accepted. */
void sbx_cgroup_close(struct sbx_cgroup *g);

/* sandbox_conv_end.c: the steps of a conversation below its API
** (sandbox_conv.c). */
/* Closes the job's stdin, waits up to `grace` seconds for its end, then
** has the tree killed (SANDBOX_TIMEOUT) and, in any case, reaps the
** supervisor (killing it, and the uid's processes, if it does not
** report). */
void sbx_conv_end(struct sandbox_conv *c, double grace);
/* Takes the supervisor's report if it is there, waiting up to `ms`
** milliseconds (-1: without end); 1 once it is in (or will never come). */
int sbx_conv_reported(struct sandbox_conv *c, int ms);
/* Has the tree killed for `why` (a SANDBOX_* limit), once. */
void sbx_conv_kill(struct sandbox_conv *c, int why);
/* Gives the scratch directory to `uid`, `mode`, if it is still the one
** the conversation started with; 0 or -1 (message on stderr). */
int sbx_conv_lend_scratch(const struct sandbox_conv *c, uid_t uid, mode_t mode);
/* Closes and frees everything of `c` (the supervisor must be reaped). */
void sbx_conv_free(struct sandbox_conv *c);

/* sandbox_kill.c */
int sbx_kill_uid(uid_t uid);
void sbx_kill_tree(pid_t job, int ended, int *job_status, int *have_status);

/* sandbox_verdict.c */
void sbx_verdict(const struct sandbox_limits *lim, const struct sbx_run *r,
                 struct sandbox_result *res);

/* sandbox_scratch.c */
int sbx_same_dir(const char *path, dev_t dev, ino_t ino);
/* sandbox_scratch_new() once the sandbox is initialised. */
char *sbx_scratch_make(void);
/* sandbox_disk.c: as root, mounts the process's scratch file system in
** `tmp` (sbx.disk; left "" with a message when that fails). */
void sbx_disk_setup(const char *tmp);
/* 1 when `scratch` is on the scratch file system and the job left it
** (nearly) full: the output verdict. */
int sbx_disk_full(const char *scratch);

#endif /* GRADER_SANDBOX_INTERNAL_H */
