/*
** sandbox_wire.h -- the messages between the grader (sandbox_session*.c)
** and the exec helper in server mode (grader/exec/serve.c), over a
** SOCK_SEQPACKET socket pair: every message arrives whole, in one
** receive, or not at all.
**
**   server -> grader  HELLO  once, when the server is ready for jobs
**   grader -> server  RUN    a job: the request, its strings, and three
**                            descriptors (SCM_RIGHTS): the job's stdin,
**                            stdout and stderr, then `cgroups` more: the
**                            cgroup.procs of its control groups, which
**                            its process enters before anything else
**   grader -> server  KILL   "end job `seq` now" (a limit was hit); a KILL
**                            naming a job that is already over is ignored
**   server -> grader  DONE   job `seq` is over: its program ended or was
**                            killed, every process in the sandbox is dead
**                            and reaped, and /tmp, /dev/shm and the IPC
**                            objects are empty again -- unless `clean` is
**                            0, and then the server leaves
**
** One RUN at a time: the grader sends the next only after the DONE of
** the last.  End of file on either side ends the session; the server
** kills whatever still runs and exits, which, as the sandbox's init,
** takes every process of the sandbox with it.
*/
#ifndef GRADER_SANDBOX_WIRE_H
#define GRADER_SANDBOX_WIRE_H

#include <stdint.h>

#define SBX_WIRE_MAX_REQUEST 32768        /* header and strings          */
#define SBX_WIRE_NO_LIMIT    UINT64_MAX   /* = RLIM_INFINITY on Linux:
                                          ** keep the sandbox's own limit */
#define SBX_WIRE_FDS         3            /* stdin, stdout, stderr        */
#define SBX_WIRE_CGROUPS     3            /* the most control groups      */

enum sbx_wire_kind {
    SBX_WIRE_HELLO = 1, SBX_WIRE_RUN, SBX_WIRE_KILL, SBX_WIRE_DONE
};

/* RUN and KILL.  A RUN's strings follow the header, each NUL-terminated:
** `argc` arguments (argv[0] an absolute path), `envc` NAME=VALUE entries
** (the program's whole environment), the directory to run in, and an
** alias: a path at which the server makes a symbolic link to that
** directory for the job's duration, if it can ("" for none). */
struct sbx_wire_request {
    uint32_t kind;
    uint32_t seq;              /* the job's number, from 1               */
    uint32_t argc, envc;
    uint32_t strings_len;      /* bytes after the header                 */
    uint16_t cgroups;          /* descriptors after the three            */
    uint16_t no_fork;          /* 1: threads, but no process of its own
                               ** (grader/sandbox/sandbox_nofork.h)      */
    uint16_t exec_once;        /* 1: it may exec nothing itself
                               ** (grader/sandbox/sandbox_execonce.h)    */
    uint16_t no_aslr;          /* 1: ADDR_NO_RANDOMIZE (limits.no_aslr)  */
    uint64_t cpu;              /* RLIMIT_CPU, seconds; the hard limit is
                               ** one more (SIGXCPU first, then SIGKILL) */
    uint64_t as, nproc, fsize; /* RLIMIT_AS, RLIMIT_NPROC, RLIMIT_FSIZE  */
};

/* Where the job's process failed before it could run the program (its
** own exec failure is an exit status, 127 or 126, as from a shell), or
** where the server itself failed. */
enum sbx_wire_stage {
    SBX_WIRE_STAGE_NONE, SBX_WIRE_STAGE_SETSID, SBX_WIRE_STAGE_SIGNALS,
    SBX_WIRE_STAGE_FDS, SBX_WIRE_STAGE_RLIMIT, SBX_WIRE_STAGE_CHDIR,
    SBX_WIRE_STAGE_PIPE, SBX_WIRE_STAGE_FORK, SBX_WIRE_STAGE_POLL,
    SBX_WIRE_STAGE_WAIT, SBX_WIRE_STAGE_CGROUP, SBX_WIRE_STAGE_NOFORK
};

/* HELLO and DONE. */
struct sbx_wire_reply {
    uint32_t kind;
    uint32_t seq;              /* DONE: the RUN's; HELLO: 0              */
    int32_t status;            /* the program's raw wait status          */
    int32_t have_status;
    int32_t fail_stage;        /* SBX_WIRE_STAGE_* of the job's process  */
    int32_t fail_errno;
    int32_t server_stage;      /* SBX_WIRE_STAGE_* of the server         */
    int32_t server_errno;
    int32_t clean;             /* 1: ready for another job               */
    int32_t unused;
    double wall_seconds;       /* from fork() to the program's end       */
    double cpu_seconds;        /* user + system of every process reaped  */
    int64_t max_rss_kb;        /* the largest peak among them            */
    uint64_t jobs;             /* RUNs this server has answered          */
    uint64_t pid_ns;           /* inode of the sandbox's pid namespace   */
};

#endif /* GRADER_SANDBOX_WIRE_H */
