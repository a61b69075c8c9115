/*
** sandbox_run.c -- sandbox_run(): which way a job runs.  In the session
** attached to this process when the job fits it (sandbox_session_run.c),
** else in a sandbox of its own (sandbox_alone.c).  Either way with the
** same contract and the same result (sandbox.h).
**
** The files of the sandbox depend on each other in layers, without a
** cycle (tests/layout.test.sh checks it): sandbox_state.c at the bottom;
** then the parts (plan, kill, loop, supervisor, verdict, scratch, tree,
** the steps of sandbox_job.c, the usage reader, the no-fork filter, one
** job's control group, then the choice of control groups); the one-shot run
** (sandbox_alone.c); sandbox_init() (sandbox.c), whose probe runs a job
** one-shot; the session (sandbox_session.c, sandbox_session_run.c) and
** the conversation (sandbox_conv_end.c, then sandbox_conv.c); and this
** file on top.
*/
#define _GNU_SOURCE
#include <string.h>

#include "sandbox_internal.h"

int sandbox_run(const struct sandbox_job *job, struct sandbox_result *res)
{
    struct sandbox_session *s;

    memset(res, 0, sizeof *res);
    if (sandbox_init() != 0)
        return -1;
    s = sbx_session_attached();
    if (s && sandbox_session_fits(s, job))
        return sandbox_session_run(s, job, res);
    return sbx_run_alone(job, res);
}
