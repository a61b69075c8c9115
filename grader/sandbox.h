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
** (fork, pipe, out of memory) after printing why on stderr; everything the
** command does wrong is a verdict in the result.
*/
#ifndef GRADER_SANDBOX_H
#define GRADER_SANDBOX_H

#include <stddef.h>

enum sandbox_verdict {
    SANDBOX_OK,           /* exited with status 0                          */
    SANDBOX_EXIT,         /* exited with a non-zero status (exit_code)     */
    SANDBOX_SIGNAL,       /* killed by a signal it did not get from us     */
    SANDBOX_TIMEOUT,      /* wall or CPU time limit                        */
    SANDBOX_MEMORY,       /* memory limit                                  */
    SANDBOX_OUTPUT        /* stdout or stderr passed output_bytes          */
};

struct sandbox_limits {
    double wall_seconds;  /* 0: none                                       */
    double cpu_seconds;   /* 0: none                                       */
    size_t memory_bytes;  /* address-space cap; 0: none (ASan, Valgrind)   */
    int max_processes;    /* 0: none                                       */
    size_t output_bytes;  /* cap on stdout and on stderr, each; 0: 1 MiB   */
    size_t file_bytes;    /* largest file it may write; 0: 16 MiB          */
};

struct sandbox_job {
    const char *const *argv;           /* argv[0] is an absolute path       */
    const char *const *env;            /* NULL: PATH=/usr/bin:/bin, LANG=C  */
    const char *scratch;               /* writable dir, also the cwd        */
    const char *const *readonly_paths; /* NULL-terminated, may be NULL      */
    const char *stdin_data;            /* NULL: empty stdin                 */
    size_t stdin_len;
    struct sandbox_limits limits;
};

struct sandbox_result {
    enum sandbox_verdict verdict;
    int exit_code;                     /* SANDBOX_EXIT                      */
    int signal;                        /* SANDBOX_SIGNAL                    */
    double wall_seconds, cpu_seconds;
    long max_rss_kb;
    char *out, *err;                   /* malloc'd, NUL-terminated          */
    size_t out_len, err_len;           /* bytes kept (at most the cap)      */
};

/* Prepares the sandbox for this process (claims a uid slot when root,
** probes bubblewrap).  Call once before sandbox_run; returns 0, or -1 with
** a message on stderr. Calling it again is harmless. */
int sandbox_init(void);

/* One line saying which isolation is in effect, e.g. "bubblewrap" or
** "rlimits only: user namespaces refused (...)". */
const char *sandbox_mode(void);

/* Creates a fresh, empty scratch directory that the sandboxed uid may
** write; returns a malloc'd path or NULL (message on stderr). */
char *sandbox_scratch_new(void);

/* Removes a scratch directory and everything in it; accepts NULL. */
void sandbox_scratch_free(char *path);

/* Runs the job to completion (or to a limit) and fills `res`.  Returns 0,
** or -1 on an internal failure (message on stderr, `res` zeroed). */
int sandbox_run(const struct sandbox_job *job, struct sandbox_result *res);

/* Frees the buffers of `res`; accepts a zeroed result. */
void sandbox_result_free(struct sandbox_result *res);

/* "ok", "exit status", "signal", "timeout", "memory limit", "output limit" */
const char *sandbox_verdict_name(enum sandbox_verdict v);

#endif /* GRADER_SANDBOX_H */
