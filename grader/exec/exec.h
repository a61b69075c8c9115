/*
** exec.h -- what the files of the exec helper (build/sandbox-exec) share.
**
** sandbox-exec.c  main(): the one-shot mode
** serve.c         server mode: a session's many jobs (../sandbox/sandbox_wire.h)
** serve_clean.c   what must be undone between two jobs, and what a job
**                 must not have changed
** serve_child.c   one job's process, from fork() to exec
** exec_program.c  the exec itself, shared by both modes
**
** Each calls only files below it in this list: a line, never a circle.
*/
#ifndef GRADER_EXEC_EXEC_H
#define GRADER_EXEC_EXEC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

#include "../sandbox/sandbox_wire.h"

/* Runs PROGRAM argv[0] (looked up on the PATH of `env`, as execvp()
** does) with exactly the `nenv` entries of `env` as its environment;
** with `once`, from the exec-once filter (sandbox_execonce.h), argv[0]
** taken as it is (the grader's are absolute).
** Never returns: on failure it says why on stderr and exits 127
** when the program cannot be found, 126 when it cannot be run, as a
** shell would. */
_Noreturn void exec_program(char **env, size_t nenv, char **argv, int once);

/* Server mode on the socket `sock` (sandbox_wire.h); returns main()'s status. */
int serve(int sock);

/* One job as the server received it. */
struct serve_job {
    char **argv, **env;        /* NULL-terminated; point into the request */
    size_t nenv;
    const char *cwd, *alias;
    int fds[SBX_WIRE_FDS + SBX_WIRE_CGROUPS];  /* stdin, stdout, stderr,
                               ** then its control groups' cgroup.procs   */
    int ncgroups;
    int no_fork;               /* sandbox_nofork.h                        */
    int exec_once;             /* sandbox_execonce.h                      */
    int no_aslr;               /* ADDR_NO_RANDOMIZE (limits.no_aslr)      */
    uint64_t cpu, as, nproc, fsize;
};

/* The job's process, just forked: its control groups, a session of its
** own, an empty signal mask, the job's descriptors on 0..2 and nothing
** else open but `errfd` (close-on-exec), its rlimits, umask 022, its cwd,
** the no-fork filter if asked, a keyring of its own and the no-keys filter
** (sandbox_nokeys.h), no address randomisation if asked, then
** exec_program() (exec once if asked).  A failure before the exec is written to `errfd`
** as two ints, {SBX_WIRE_STAGE_*, errno}, and ends the process with 127. */
_Noreturn void serve_child(const struct serve_job *job, int errfd);

/* What the server was like at the start, to see whether a job changed it
** (a process of the same uid may renice it or lower its limits, and
** every later job would inherit that). */
struct serve_baseline {
    int nice, policy, ioprio;
    size_t ncpus;              /* CPUs it may run on                      */
    struct rlimit limits[RLIM_NLIMITS];
    int own_keyring;           /* it joined a session keyring of its own  */
};

/* Notes what the server is like now; 0, or -1 if it cannot know. */
int serve_baseline_take(struct serve_baseline *b);

/* Between two jobs, once every process of the last one is dead: empties
** /tmp and /dev/shm (restoring their modes), removes System V IPC objects
** and POSIX message queues, clears the keyrings a job could leave keys
** in.  Returns 0 when the sandbox is as the next job must find it, -1
** when something could not be undone or the server itself was changed
** (`b`): then the session must end. */
int serve_clean(const struct serve_baseline *b);

#endif /* GRADER_EXEC_EXEC_H */
