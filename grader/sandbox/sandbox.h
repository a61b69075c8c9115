/*
** sandbox.h -- run one untrusted command under limits and isolation.
**
** Every process a submission can influence -- the compiler on its sources,
** its program, its unit-test binary, Valgrind on it -- is started through
** sandbox_run().  The command sees a read-only view of the system
** directories (/usr, /bin, /lib*, /etc), one writable scratch directory,
** the extra read-only paths the caller lists, a private /tmp, no network,
** and nothing else of the disk: the kit's expected outputs and hidden tests
** are invisible to it.  When it ends, or a limit is hit, its whole process
** tree is killed, daemons that called setsid() included.
**
** Isolation comes from bubblewrap (user, pid, net, ipc and mount
** namespaces) when the kernel allows it; otherwise the sandbox falls back
** to rlimits, a dedicated uid and process-group kills, and sandbox_mode()
** says so, for the report.  When the grader runs as root, each grader
** process takes a dedicated uid (60000 + slot, slot 0..63, claimed with a
** lock file) so that the process limit counts only its own children and
** "kill everything of this uid" is safe.
**
** Failure: sandbox_run() returns -1 only when the grader itself failed
** (fork, pipe, out of memory, a malformed job, a job that swapped its
** scratch directory for a symlink) after printing why on stderr;
** everything the command does wrong is a verdict in the result.
**
** Processes: one sandbox_run() at a time per process (not thread-safe),
** besides any number of open conversations (below).  A process
** forked after sandbox_init() -- a parallel worker -- gets a uid slot of
** its own on its first call; all of them share the first process's gid,
** and scratch directories are group-accessible to that gid (mode 0770), so
** a worker's job can use directories its parent made, other graders'
** jobs cannot.  Each job runs under a per-job supervisor process (or in a
** session's bubblewrap, below), which the grader reaps itself; it does not
** disturb the grader's own children.
**
** Without root (a student's `make test`) there is no slot uid: the process
** limit is approximate (the user's other processes count too) and, in the
** fallback mode, a job can signal the user's other processes.  The job's
** descendants are still all killed (a child subreaper catches them).
**
** CPU time.  Each job (and each session job, each conversation) runs in
** a control group of its own, made before it starts and removed at its
** end (grader/sandbox/sandbox_cgroup.c): cgroup v2 where the grader may
** make groups (root, or a delegated group; on a hybrid machine its
** "unified" mount), else v1 cpuacct; with a pids.max over the whole tree
** where a pids controller is at hand (v2's, or v1's beside either).  Its
** job process enters it before it execs anything, so the group's count
** is the CPU time of everything the job ever ran, children reaped by the
** kernel (their parent ignores SIGCHLD) and by no one included: that is
** the job's cpu_seconds, the figure its CPU limit is held to (the grader
** reads it every 50 ms and kills the tree past the limit), and a
** conversation's sandbox_conv_cpu().  RLIMIT_CPU still holds each process.
** Without root or delegation (or with GRADER_SANDBOX_CGROUP=none) there is
** no group, and the figure is the reaped tree's rusage (and, for a
** conversation, /proc), which misses children reaped by the kernel; so a
** job with limits.single_process may then make threads but no process
** (a seccomp filter; not enforced under bubblewrap without the exec
** helper), and its CPU time is its own process's, exact again; a job
** without it (a compiler, a test runner) is then held only by RLIMIT_CPU
** per process and by its wall limit.  sandbox_mode() says which holds.
** Without root in the rlimits fallback, a job of the same uid could move
** itself out of a delegated group; as root it cannot: moving a task takes
** write access to the cgroup.procs of both groups and of their common
** ancestor, all root's, and no job runs as root (a job that mounts the
** cgroup file system in a user namespace of its own still sees them
** owned by an unmapped user).
**
** Exec once.  A job with limits.exec_once runs its command and nothing
** else: the process that execs it (the exec helper under bubblewrap, one
** job or a session's, the job process in the fallback) copies the
** command's path to a page mapped at a random address, installs a
** seccomp filter that allows execve() only when its path argument is that
** address, and execs from it (grader/sandbox/sandbox_execonce.c).  The
** exec replaces the address space, so from then on every execve() of the
** job and of everything it forks -- by the C library, syscall() or inline
** assembly alike -- fails with EPERM, and execveat() always does, unless
** the job maps a page at the same random address (one of 2^34) and
** guesses it; each guess is a system call.  What it guarantees: the
** program the grader named is the only one the job runs, with the
** environment and options the grader gave it (a program cannot replace
** itself with a copy that runs unchecked).  What it does not: the program
** can still do anything a program may do without exec, and a launcher
** that must exec (valgrind, setarch: the grader starts Valgrind's tool
** itself, grader/grade/valgrind_tool.h, and see limits.no_aslr) cannot run
** under it.  Not enforced
** under bubblewrap without the exec helper (sandbox_mode() names the
** missing helper; nor is limits.no_aslr there) nor on an architecture
** other than x86-64 and arm64 (there the job fails to start, ENOSYS).
**
** Memory of every kind.  RLIMIT_AS caps each process's address space
** (memory_bytes) and RLIMIT_FSIZE each file (file_bytes), but memory
** files (memfd_create), tmpfs files (/tmp and /dev/shm under bubblewrap)
** and System V or POSIX shared memory are counted by neither.  Where a
** memory controller is at hand (sandbox_cgroup_mem.c: v2's where it can be
** enabled for our groups' children, else v1's), the job's control group
** holds everything its tree holds, shmem, page cache and kernel memory
** included, to its cap (memory_bytes, else resident_bytes, else rss_bytes)
** plus 64 MiB for the sandbox's own processes; past it the kernel kills in
** the group, and that is SANDBOX_MEMORY.  A job with no cap has no such
** limit (the grader gives every job one: ASan runs and the unit-test
** binaries, built with ASan, have rss_bytes).
** Without a memory controller (GRADER_SANDBOX_CGROUP=none, no root, a v2
** machine whose grader sits in a group that cannot enable it;
** sandbox_mode() says "memory held by no cgroup") a job can hold up to
** file_bytes per memory file it keeps open (RLIMIT_NOFILE of them), and
** the sizes of its /tmp and /dev/shm: nothing then bounds its shmem.
**
** Disk.  As root, every scratch directory of a grader process (and of
** the workers it forks) is on a tmpfs of the process's own, mounted by
** sandbox_init() (sandbox_disk.c): 1 GiB and 32768 files for all its jobs
** together, a writing job's pages counted in its memory limit as well.
** A job that leaves it full (less than 1 MiB or 64 files free) gets
** SANDBOX_OUTPUT, as one whose file passes file_bytes does; nothing of it
** is ever on the host's disk, and the file system goes when the process
** ends.  Without root, scratch directories are on $TMPDIR's disk, held
** per file (file_bytes) and in nothing else.
**
** In short, a job holds: CPU time up to cpu_seconds (its whole tree's,
** where a control group counts it), memory of every kind up to its cap +
** 64 MiB (where a memory controller holds it; else address space per
** process and file_bytes per file), its scratch up to the process's
** scratch file system (as root), no keys, and nothing after its end: its
** tree is killed, its groups removed, its session's /tmp, /dev/shm and IPC
** objects emptied.
**
** Keys.  Every job -- one-shot, session job, conversation, in either
** mode -- starts in a fresh, empty session keyring of its own, and a
** seccomp filter under which keyctl(), add_key() and request_key() fail
** with EPERM for it and everything it starts (sandbox_nokeys.h; installed
** by the process that execs the command: the exec helper, or the job
** process in the fallback and under bubblewrap without the helper).  So a
** job can neither read the keys of the session that started the grader
** (an operator's login shell has one) nor leave a note in a keyring for a
** later job: the user keyring of a uid slot is shared by its jobs, which
** is why the calls are refused rather than the keyrings merely swapped.
** Where the kernel has no seccomp filters only the fresh session keyring
** holds (a job could then still use its uid's user keyring).
**
** Sessions (below) run many jobs in one bubblewrap, for what it costs to
** start one; conversations (below) run jobs that the caller talks to
** while they run.  The implementation's notes are in sandbox_internal.h
** and each .c file.
*/
#ifndef GRADER_SANDBOX_H
#define GRADER_SANDBOX_H

#include <stddef.h>

enum sandbox_verdict {
    SANDBOX_OK,           /* exited with status 0                          */
    SANDBOX_EXIT,         /* exited with a non-zero status (exit_code)     */
    SANDBOX_SIGNAL,       /* killed by a signal it did not get from us     */
    SANDBOX_TIMEOUT,      /* wall or CPU time limit                        */
    SANDBOX_MEMORY,       /* memory limit (see sandbox_verdict.c)          */
    SANDBOX_OUTPUT        /* stdout or stderr passed output_bytes, or a
                          ** file passed file_bytes (SIGXFSZ), or it left
                          ** its scratch file system full (see "Disk")   */
};
/* Precedence when several hold: output > timeout > memory > signal > exit.
** A kill of ours is reported as the limit that caused it, never as a
** signal.  SANDBOX_MEMORY: a limit was set, the job failed, and its peak
** resident size reached half the cap or it printed an allocation-failure
** message ("out of memory", "Cannot allocate memory", "bad_alloc", ...).
** Under bubblewrap, the exec helper build/sandbox-exec (found beside the
** grader, or named by GRADER_SANDBOX_EXEC; "none" goes without; run from
** a copy in the scratch file system when the sandbox's uids cannot reach
** it where it lies, as in a kit folder of mode 0700) reports
** the command's own wait status, so an exit(139) is an exit status and a
** segmentation fault a signal.  Without the helper, exit statuses 129..192
** read as signals 1..64: bwrap reports a signal death that way, and
** sandbox_mode() says so. */

struct sandbox_limits {
    double wall_seconds;  /* 0: none, or 2 * cpu_seconds + 1 if that is set */
    double cpu_seconds;   /* 0: none; RLIMIT_CPU (whole seconds, per
                          ** process) and the whole tree's total, as
                          ** counted by its control group (see the top)    */
    size_t memory_bytes;  /* address-space cap; 0: none (ASan)             */
    size_t rss_bytes;     /* a cap the program's runtime keeps itself (ASan's
                          ** hard_rss_limit_mb), no rlimit: it only makes
                          ** a failure read as SANDBOX_MEMORY, by the rule
                          ** above, when memory_bytes is 0                 */
    size_t resident_bytes;/* a cap the sandbox keeps, for runtimes that map
                          ** too much to bear an address-space cap and keep
                          ** no cap of their own (ThreadSanitizer): the
                          ** grader reads the resident size of the job's
                          ** tree 20 times a second and kills the tree once
                          ** it passes this (SANDBOX_MEMORY); 0: none.  A
                          ** fast allocator can overshoot it by what it
                          ** touches in 50 ms                              */
    int max_processes;    /* the program and all it forks; 0: none         */
    int single_process;   /* 1: the program needs no process besides its
                          ** own (threads are allowed): where no control
                          ** group counts the CPU of its children
                          ** (sandbox_mode() says), it may not make one
                          ** (fork, vfork, clone without CLONE_THREAD fail
                          ** with EPERM).  For bots and programs under
                          ** test; never for a compiler, a test runner or
                          ** a sanitizer's run (LeakSanitizer clones)     */
    int exec_once;        /* 1: the job's command is the only program it
                          ** runs: execve() and execveat() fail with EPERM
                          ** in it and in everything it forks, so that a
                          ** program under a memory check cannot swap
                          ** itself for an unchecked copy (see "Exec once"
                          ** above); never for a compiler, a test runner
                          ** or a launcher such as /usr/bin/valgrind       */
    int no_aslr;          /* 1: the job runs with address-space layout
                          ** randomisation off (ADDR_NO_RANDOMIZE, what
                          ** `setarch -R` does, without its exec): the
                          ** layout ThreadSanitizer needs.  Set by the
                          ** process that sets exec_once's filter           */
    size_t output_bytes;  /* cap on stdout and on stderr, each; 0: 1 MiB   */
    size_t file_bytes;    /* largest file it may write; 0: 16 MiB.  Under
                          ** bubblewrap also sizes its /tmp (4x) and
                          ** /dev/shm (1x), which are memory               */
};

struct sandbox_job {
    const char *const *argv;           /* argv[0]: an absolute path to an
                                       ** executable, without '='          */
    const char *const *env;            /* exactly this; NAME=VALUE entries;
                                       ** NULL: PATH=/usr/bin:/bin, LANG=C  */
    const char *scratch;               /* writable dir, also the cwd; from
                                       ** sandbox_scratch_new()             */
    const char *const *readonly_paths; /* NULL-terminated, may be NULL; each
                                       ** must exist; seen at the same path */
    const char *stdin_data;            /* NULL: empty stdin                 */
    size_t stdin_len;
    struct sandbox_limits limits;
};

struct sandbox_result {
    enum sandbox_verdict verdict;
    int exit_code;                     /* SANDBOX_EXIT, else 0              */
    int signal;                        /* SANDBOX_SIGNAL, else 0            */
    double wall_seconds;               /* start to end of the job           */
    double cpu_seconds;                /* with a control group: its count,
                                       ** everything the job ran (see the
                                       ** top); without: user + system of
                                       ** the reaped tree (processes killed
                                       ** along with bubblewrap's pid
                                       ** namespace, and children reaped by
                                       ** the kernel, are not counted)      */
    long max_rss_kb;                   /* largest process's peak; includes
                                       ** the size at fork() of the process
                                       ** that forked it: the grader, or a
                                       ** session's (small) server          */
    char *out, *err;                   /* malloc'd, NUL-terminated          */
    size_t out_len, err_len;           /* bytes kept (at most the cap)      */
};

/* Prepares the sandbox for this process (claims a uid slot when root,
** probes bubblewrap).  Call once before sandbox_run; returns 0, or -1 with
** a message on stderr. Calling it again is harmless, and the other calls
** make it themselves.  As root it mounts the process's scratch file
** system (see "Disk" above).  GRADER_SANDBOX=rlimits forces the fallback,
** GRADER_SANDBOX=bwrap fails rather than fall back (default: auto).
** GRADER_SANDBOX_CGROUP=v2, v1 or none forces the CPU accounting (v2 and
** v1 fail rather than fall back; default: auto, v2 then v1 then none); it
** also removes the control groups of graders that died (sandbox_cgroup.c).
** GRADER_SANDBOX_MEMORY=none goes without a memory controller, =on fails
** when none works (default: use one if any works). */
int sandbox_init(void);

/* One line saying which isolation is in effect: "bubblewrap" (with the
** exec helper), "bubblewrap (without build/sandbox-exec, ...)", or
** "rlimits only: REASON; the file system and the network are NOT hidden
** from jobs"; then how CPU time is counted: "; CPU counted by cgroup v2"
** (with " (processes by v1 pids)" on a hybrid machine),
** "; CPU counted by cgroup v1 (cpuacct, pids)" (or "(cpuacct)"), or
** "; CPU counted without a cgroup: jobs that need no process of their
** own may not create one" (under bubblewrap without the exec helper:
** "...and children the kernel reaps are not counted (no exec helper to
** forbid them)").  Then how memory is held: "; memory held by cgroup
** v2" (or v1), or "; memory held by no cgroup: memory files and tmpfs
** are capped per file only"; then "; scratch on a tmpfs of 1 GiB and
** 32768 files" or "; scratch disk capped per file only".  Never a path: it is part of a calibration's
** fingerprint. */
const char *sandbox_mode(void);

/* Creates a fresh, empty scratch directory that the sandboxed uid may
** write ($TMPDIR or /tmp, cc-grade-XXXXXX; as root in the process's
** scratch file system there, cc-disk-PID-START; mode 0700, or 0770 for the
** slot uid and family gid when root); returns a malloc'd path or NULL
** (message on stderr). */
char *sandbox_scratch_new(void);

/* Removes a scratch directory and everything in it, never following a
** symlink; accepts NULL.  Call it only after the jobs in it ended. */
void sandbox_scratch_free(char *path);

/* Runs the job to completion (or to a limit) and fills `res`.  Returns 0,
** or -1 on an internal failure (message on stderr, `res` zeroed).  When a
** session is attached (sandbox_session_attach()) and the job fits it, the
** job runs in that session's sandbox, with the same contract. */
int sandbox_run(const struct sandbox_job *job, struct sandbox_result *res);

/* ---- sessions: many jobs in one sandbox ------------------------------
**
** Starting bubblewrap costs a few milliseconds of CPU (namespaces,
** mounts, teardown), as much as a short job itself.  A session starts it
** once and runs job after job in it, each with every guarantee of
** sandbox_run(): the same limits, verdicts, exit statuses and result, its
** whole process tree killed at its end (daemons included), and nothing it
** wrote in its scratch directory, /tmp or /dev/shm -- nor System V or
** POSIX IPC objects, nor keys -- left for the next job.
**
** How (sandbox_internal.h, grader/exec/serve.c): the sandbox's init is
** the exec helper in server mode; per job it forks the program, waits,
** kills and reaps everything else in the sandbox and cleans it.  The
** session's read-only paths and the size of its /tmp are fixed when it
** opens (from `shape`); a job that differs in those is run by
** sandbox_run() instead (see sandbox_session_fits()).  The job's scratch
** directory is moved into the session's folder for its run and back
** afterwards: the job runs in it, but getcwd() names it
** SESSION_FOLDER/NAME, and its own path is a symbolic link to it only
** when the scratch lives in /tmp.  Its processes are counted exactly (the
** limit is per user namespace), root or not; and each job has a control
** group of its own, which the server's child enters before it execs (the
** server and bubblewrap stay outside it), so its CPU time is counted as
** a one-shot job's.
**
** Without bubblewrap or the exec helper (rlimits mode, GRADER_SANDBOX_EXEC
** =none), on a kernel before 5.14, or when the sandbox will not start, a
** session runs every job with sandbox_run().  When it dies or misbehaves
** -- or a job changed the server (renice, prlimit) -- the job at hand is
** run again with sandbox_run() unless its result was already certain, and
** the session is over: sandbox_session_fits() says no from then on, so
** that the caller opens a new one.  A session belongs to the process that
** opened it; in a process forked from it, jobs run with sandbox_run().
**
** Example, a worker's loop (grader/run/jobs.c does this):
**
**     struct sandbox_session *s = NULL;
**     for (size_t i = 0; i < n; i++) {
**         if (!sandbox_session_fits(s, &job[i])) {
**             sandbox_session_close(s);
**             s = sandbox_session_open(&job[i]);
**         }
**         if (sandbox_session_run(s, &job[i], &res[i]) != 0)
**             ...the grader failed, as with sandbox_run()...
**     }
**     sandbox_session_close(s);
*/
struct sandbox_session;

/* Opens a session for jobs like `shape` (its read-only paths and file
** size limit; the rest of it does not matter).  Returns NULL only when
** out of memory or when sandbox_init() fails (message on stderr); a
** session that could not start its sandbox still runs jobs, one sandbox
** each. */
struct sandbox_session *sandbox_session_open(const struct sandbox_job *shape);

/* 1 when `job` can run in the session's sandbox as it is: the same
** read-only paths in the same order, the same file size limit, and the
** session has not broken (a session without a sandbox fits every job of
** its shape).  0 otherwise: sandbox_session_run() would use sandbox_run(). */
int sandbox_session_fits(const struct sandbox_session *s, const struct sandbox_job *job);

/* Runs `job` as sandbox_run() does, with its contract, verdicts and
** result, in the session's sandbox when it fits (else with sandbox_run();
** `s` may be NULL). */
int sandbox_session_run(struct sandbox_session *s, const struct sandbox_job *job,
                        struct sandbox_result *res);

/* From now on, sandbox_run() in this process runs the jobs that fit `s`
** in it, so that code written for sandbox_run() shares the session;
** NULL ends that.  Closing the session ends it too. */
void sandbox_session_attach(struct sandbox_session *s);

/* Ends the session: its sandbox exits (everything in it dies) and its
** folder is removed.  Accepts NULL.  Call it only between jobs. */
void sandbox_session_close(struct sandbox_session *s);

/* ---- conversations: a job that talks while it runs ------------------
**
** A conversation is a job whose stdin and stdout stay open to the caller
** while it runs: the bot challenge's referee writes a request line to
** each bot, reads its reply line, many times over a game, with up to six
** bots open at once.  Each conversation has every limit and isolation of
** sandbox_run() -- its own supervisor (and bubblewrap), RLIMIT_CPU per
** process, the memory, process and file size limits, stderr kept up to
** output_bytes, its whole tree killed at the end, daemons included --
** and the wall and CPU limits count from its start to its end, over the
** whole conversation.  Per-request deadlines are the caller's: poll() on
** the two descriptors below.
**
** Uids.  As root each conversation claims a uid slot of its own (besides
** the process's, see above), so that the bots of one match can neither
** signal nor trace one another and the uid-wide kill at the end reaches
** only its own bot (the 64 slots are the machine's: a match of six bots
** takes seven); its scratch directory is lent to that uid (owner,
** mode 0700: no other bot can enter it) and given back (slot uid, 0770)
** at the end.  Without root every conversation runs under the user's uid:
** under bubblewrap the bots still cannot see one another (each has its
** own pid and mount namespaces); in the rlimits fallback they can signal
** each other and read each other's scratch directories, and the process
** limit is approximate, as for sandbox_run(), and looser: it counts all
** the user's processes, so each conversation's leaves room for five more
** like it (a match of six).
**
** The caller's ends are non-blocking and close-on-exec: a write to a bot
** that does not read fails with EAGAIN once the pipe (64 KiB) is full, a
** write to one that has closed its stdin or ended fails with EPIPE, a
** read from one that has ended or closed its stdout gives 0 (EOF).  So
** that EPIPE cannot kill the grader, sandbox_conv_start() sets SIGPIPE to
** be ignored in the calling process when it was at its default (the
** batch grader ignores it already; jobs start with it at its default).
** stderr goes to a memory file, never a pipe, so a bot that writes much
** there is never blocked by a caller that does not read it (between two
** checks of its cap, below, file_bytes bounds it).
**
** A conversation belongs to the process and thread that started it; a
** process forked while it is open must not use it.  RLIMIT_CPU and the
** wall limit act by themselves (the supervisor keeps the time); the
** limits the grader checks by reading -- the tree's total CPU time and
** resident_bytes at each sandbox_conv_cpu() call, the stderr cap at that
** and each sandbox_conv_running() call -- are checked at the end too.
**
** Example, one request of a referee's game:
**
**     struct sandbox_conv *bot = sandbox_conv_start(&job);
**     ...
**     double before = sandbox_conv_cpu(bot);
**     write(sandbox_conv_in_fd(bot), "MOVE ...\n", n);   (EAGAIN, EPIPE: out)
**     poll() sandbox_conv_out_fd(bot) until the reply line or the deadline
**     double used = sandbox_conv_cpu(bot) - before;
**     ...
**     sandbox_conv_finish(bot, 1.0, &res);   (res.verdict: how it ended)
*/
struct sandbox_conv;

/* Starts `job` (its stdin_data and stdin_len are ignored) and returns at
** once; NULL on a grader failure (a malformed job, no free uid slot,
** fork, pipe; message on stderr).  Each conversation needs a scratch
** directory of its own (from sandbox_scratch_new(); as root it is lent
** to the conversation's uid), left in place until sandbox_conv_finish(). */
struct sandbox_conv *sandbox_conv_start(const struct sandbox_job *job);

/* Where the caller writes the job's stdin: O_NONBLOCK, close-on-exec;
** owned by the conversation (sandbox_conv_finish() closes it: the caller
** must not).  NULL: -1. */
int sandbox_conv_in_fd(const struct sandbox_conv *c);

/* Where the caller reads the job's stdout: O_NONBLOCK, close-on-exec;
** owned by the conversation.  Not capped: the caller reads what it
** wants; what it leaves is thrown away at the end.  NULL: -1. */
int sandbox_conv_out_fd(const struct sandbox_conv *c);

/* The CPU seconds (user + system) the job's whole tree has used so far,
** read by the grader, never reported by the job: its control group's
** count (see the top; one pread(), every process that ever ran in the
** tree, to the microsecond, reaped by anyone or by no one), or, without
** a group, from /proc (grader/sandbox/sandbox_usage.c: every live process
** and all its threads to the nanosecond, every child a process of the
** tree reaped to 1/100 s; a child reaped by the kernel counts while it
** lives only -- which is why such a job may then make no process, see
** limits.single_process).  Never less than an earlier answer, so
** differences are never negative.  After the end it is the total
** sandbox_conv_finish() reports.  Without a group, a few microseconds per
** process in the tree.  Past the CPU limit (the tree's
** total) or resident_bytes, it has the tree killed (SANDBOX_TIMEOUT,
** SANDBOX_MEMORY).  NULL: 0. */
double sandbox_conv_cpu(struct sandbox_conv *c);

/* 1 while the job runs; 0 once it has ended: exited, killed, or a limit
** was hit (then it is being killed).  A system call or two.  NULL: 0. */
int sandbox_conv_running(struct sandbox_conv *c);

/* Ends the conversation: closes the job's stdin, gives the job `grace`
** seconds to exit (reading and dropping its stdout meanwhile), then kills
** its whole tree, and fills `res` as sandbox_run() does: verdict, exit
** code, signal, CPU (the larger of the reaped tree's and the last
** sandbox_conv_cpu()), wall, peak resident size; err = its stderr up to
** the cap; out = empty (the caller read stdout).  A job still running
** when the grace ends is killed and reported as SANDBOX_TIMEOUT: with
** grace 0 a live job always is.  Returns 0, or -1 on a grader failure
** (message on stderr, `res` zeroed; also when the job replaced its
** scratch directory).  Frees `c` either way; NULL is -1. */
int sandbox_conv_finish(struct sandbox_conv *c, double grace, struct sandbox_result *res);

/* Frees the buffers of `res`; accepts a zeroed result. */
void sandbox_result_free(struct sandbox_result *res);

/* "ok", "exit status", "signal", "timeout", "memory limit", "output limit" */
const char *sandbox_verdict_name(enum sandbox_verdict v);

#endif /* GRADER_SANDBOX_H */
