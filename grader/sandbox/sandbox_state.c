/*
** sandbox_state.c -- the sandbox's per-process state (struct sbx_state,
** filled by sandbox_init() in sandbox.c) and the small helpers every
** sandbox_*.c file uses: a clock, names, closing, freeing.  It uses no
** other file of the sandbox, so that every file may use it.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sandbox_internal.h"

struct sbx_state sbx = { .slot = -1, .lock_fd = -1 };

double sbx_now(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
        perror("sandbox: clock_gettime");
        return 0.0;
    }
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *sbx_stage_name(int stage)
{
    static const char *const names[SBX_STAGE_COUNT] = {
        [SBX_STAGE_NONE] = "none",       [SBX_STAGE_SETSID] = "setsid",
        [SBX_STAGE_SIGNALS] = "signals", [SBX_STAGE_FDS] = "dup2/close",
        [SBX_STAGE_RLIMIT] = "setrlimit", [SBX_STAGE_SETGROUPS] = "setgroups",
        [SBX_STAGE_SETGID] = "setgid",   [SBX_STAGE_SETUID] = "setuid",
        [SBX_STAGE_PRCTL] = "prctl",     [SBX_STAGE_CHDIR] = "chdir",
        [SBX_STAGE_EXEC] = "execve",     [SBX_STAGE_FORK] = "fork",
        [SBX_STAGE_PIDFD] = "pidfd_open", [SBX_STAGE_POLL] = "poll",
        [SBX_STAGE_WAIT] = "waitpid",    [SBX_STAGE_CGROUP] = "entering its control group",
        [SBX_STAGE_NOFORK] = "seccomp (no fork)",
    };
    if (stage < 0 || stage >= SBX_STAGE_COUNT || !names[stage])
        return "?";
    return names[stage];
}

void sbx_close(int *fd)
{
    if (*fd >= 0 && close(*fd) != 0)
        perror("sandbox: close");
    *fd = -1;
}

const char *sandbox_mode(void)
{
    return sbx.mode[0] ? sbx.mode : "not initialized";
}

void sandbox_result_free(struct sandbox_result *res)
{
    if (!res)
        return;
    free(res->out);
    free(res->err);
    memset(res, 0, sizeof *res);
}

const char *sandbox_verdict_name(enum sandbox_verdict v)
{
    static const char *const names[] = {
        [SANDBOX_OK] = "ok",           [SANDBOX_EXIT] = "exit status",
        [SANDBOX_SIGNAL] = "signal",   [SANDBOX_TIMEOUT] = "timeout",
        [SANDBOX_MEMORY] = "memory limit", [SANDBOX_OUTPUT] = "output limit",
    };
    if ((int)v < 0 || (size_t)v >= sizeof names / sizeof names[0])
        return "?";
    return names[v];
}
