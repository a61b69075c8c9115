/*
** sandbox_verdict.c -- from what was observed to one verdict.
**
** Theory of operation.  The facts: the job process's wait status, whether
** we killed the tree and why, how much it printed, its CPU time and peak
** resident size (of the whole reaped tree).  The verdict is the first of
** these that holds, in this order of precedence:
**
**   output   a stream passed its cap, or the job died of SIGXFSZ (a file
**            grew past file_bytes: too much output, just not on a pipe),
**            or it left the scratch file system full (sandbox_disk.c);
**   timeout  we killed it at the wall limit, or it died of SIGXCPU, or the
**            tree's CPU time exceeds cpu_seconds (RLIMIT_CPU is per
**            process and rounded up to whole seconds);
**   memory   see below;
**   signal   it died of a signal we did not send;
**   exit     it exited with a non-zero status.
**
** A kill of ours is always reported as the limit that caused it, never
** as SANDBOX_SIGNAL.
**
** Memory.  RLIMIT_AS makes mmap/brk fail; the kernel records nothing, and
** the program then fails in its own way: a NULL dereference (SIGSEGV),
** abort() (SIGABRT), or a message and exit(1).  ASan, which cannot run
** under RLIMIT_AS, stops the program itself at its hard_rss_limit_mb (the
** job's rss_bytes).  So the rule is: a memory limit (memory_bytes, else
** rss_bytes) was set, the job failed (non-zero exit or a signal), and either
**   - its peak resident size reached half the cap (a program that fills
**     its address space gets most of it resident; half leaves room for
**     the libraries and the untouched tails), or
**   - stdout or stderr carries a typical allocation-failure message
**     (the phrases in oom_phrases[], matched case-insensitively).
** A program that fails one single huge malloc and then crashes with
** little resident memory is therefore reported as the crash it is.
** A job killed because its tree's resident size passed resident_bytes
** (the grader's memory watch, sandbox_loop.c) is a memory verdict too,
** and so is one of whose processes the memory limit of its control group
** killed any (an OOM kill in the group, sandbox_cgroup_mem.c): memory
** files and tmpfs count there, which no rlimit counts.
** Note the peak resident size of a forked child includes the grader's own
** resident size at fork() (Linux keeps the pre-exec high-water mark), so
** caps should be well above the grader's few megabytes.
**
** Under bubblewrap the job process is bwrap, which exits with 128 + N
** when the command died of signal N; such a status is read back as the
** signal.  A command that really calls exit(129..192) under bubblewrap is
** thus reported as killed by a signal: a documented ambiguity.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "sandbox_internal.h"

static const char *const oom_phrases[] = {
    "out of memory", "cannot allocate memory", "bad_alloc",
    "memory exhausted", "failed to allocate", "allocation failed",
    "rss limit exhausted", NULL
};

static int has_phrase(const char *buf, size_t len, const char *phrase)
{
    size_t n = strlen(phrase);

    for (size_t i = 0; i + n <= len; i++) {
        size_t k = 0;
        while (k < n && tolower((unsigned char)buf[i + k]) == phrase[k])
            k++;
        if (k == n)
            return 1;
    }
    return 0;
}

static int says_out_of_memory(const struct sandbox_result *res)
{
    for (const char *const *p = oom_phrases; *p; p++)
        if (has_phrase(res->out, res->out_len, *p)
            || has_phrase(res->err, res->err_len, *p))
            return 1;
    return 0;
}

/* Splits a wait status into an exit code and a signal (0 when none).
** bubblewrap exits with 128+S when its command died of signal S; only
** the exec helper's status (`exact`) tells that from an exit(128+S). */
static void decode_status(int status, int exact, int *code, int *sig)
{
    *code = 0;
    *sig = 0;
    if (WIFSIGNALED(status)) {
        *sig = WTERMSIG(status);
        return;
    }
    if (!WIFEXITED(status))
        return;
    *code = WEXITSTATUS(status);
    if (sbx.use_bwrap && !exact && *code > 128 && *code - 128 < NSIG) {
        *sig = *code - 128;
        *code = 0;
    }
}

static int memory_failure(const struct sandbox_limits *lim,
                          const struct sbx_run *r,
                          const struct sandbox_result *res, int failed)
{
    double peak = (double)r->rep.max_rss_kb * 1024.0;
    size_t cap = lim->memory_bytes ? lim->memory_bytes : lim->rss_bytes;

    if (cap == 0 || !failed)
        return 0;
    return peak * 2 >= (double)cap || says_out_of_memory(res);
}

void sbx_verdict(const struct sandbox_limits *lim, const struct sbx_run *r,
                 struct sandbox_result *res)
{
    int code = 0, sig = 0;

    if (r->rep.have_status)
        decode_status(r->rep.status, r->rep.exact_status, &code, &sig);
    res->wall_seconds = r->have_report ? r->rep.wall_seconds
                                       : sbx_now() - r->start;
    res->cpu_seconds = r->rep.cpu_seconds;
    res->max_rss_kb = r->rep.max_rss_kb;
    if (r->out.over || r->err.over || r->killed_for == SANDBOX_OUTPUT
        || sig == SIGXFSZ || r->disk_full)
        res->verdict = SANDBOX_OUTPUT;
    else if (r->killed_for == SANDBOX_TIMEOUT || sig == SIGXCPU
             || (lim->cpu_seconds > 0 && res->cpu_seconds > lim->cpu_seconds))
        res->verdict = SANDBOX_TIMEOUT;
    else if (r->killed_for == SANDBOX_MEMORY || r->ooms > 0
             || memory_failure(lim, r, res, sig != 0 || code != 0))
        res->verdict = SANDBOX_MEMORY;
    else if (sig != 0)
        res->verdict = SANDBOX_SIGNAL, res->signal = sig;
    else if (code != 0)
        res->verdict = SANDBOX_EXIT, res->exit_code = code;
    else
        res->verdict = SANDBOX_OK;
}
