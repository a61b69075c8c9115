/*
** sandbox_conv_end.c -- the end of a conversation's job (sandbox.h): EOF
** on its stdin, a grace period for it to exit, the tree killed, the
** supervisor reaped; and the small steps the rest of a conversation
** (sandbox_conv.c) shares: the report, a kill request, the scratch
** directory lent and given back, freeing.
**
** Theory of operation.  Closing our end of the job's stdin is the polite
** request.  While the grace runs we read and drop the job's stdout, so
** that a job blocked writing there can reach its exit, and we wait for
** the supervisor's report, which comes once the job process has ended and
** its tree is killed and reaped.  When the grace ends first, the control
** pipe is closed (the supervisor kills the tree, as for a limit) and the
** kill counts as SANDBOX_TIMEOUT -- unless the report then says the job
** had ended by itself before the kill.  If no report comes KILL_GRACE
** seconds after that, the supervisor is SIGKILLed and, as root, the
** conversation's uid is swept (as sandbox_loop.c does for a one-shot job).
** Only after that are the scratch directory and the uid slot given back
** (sbx_conv_free()): nothing of the conversation runs any more.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define KILL_GRACE 5.0
/* Reads of stdout per wake-up, so that a flood cannot keep us reading. */
#define DROP_READS 16

/* Reads and drops what the job wrote on stdout; closes it at EOF. */
static void drop_stdout(struct sandbox_conv *c)
{
    char buf[65536];

    for (int i = 0; i < DROP_READS && c->out_r >= 0; i++) {
        ssize_t n = read(c->out_r, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n <= 0)
            sbx_close(&c->out_r);
    }
}

/* Waits for the report until `until` (sbx_now() time), dropping stdout
** meanwhile; 1 once it is in. */
static int wait_report(struct sandbox_conv *c, double until)
{
    while (!sbx_conv_reported(c, 0)) {
        double left = until - sbx_now();
        struct pollfd pf[2] = { { .fd = c->rep_r, .events = POLLIN },
                                { .fd = c->out_r, .events = POLLIN } };

        if (left <= 0)
            return 0;
        if (poll(pf, 2, (int)(left * 1000) + 1) < 0 && errno != EINTR) {
            perror("sandbox: poll");
            return 0;
        }
        if (pf[1].revents)
            drop_stdout(c);
    }
    return 1;
}

static void abandon(struct sandbox_conv *c)
{
    fprintf(stderr, "sandbox: supervisor did not report; killing it\n");
    if (kill(c->super, SIGKILL) != 0)
        perror("sandbox: kill supervisor");
    if (sbx.as_root && sbx_kill_uid(c->uid) != 0)
        fprintf(stderr, "sandbox: jobs of uid %d may survive\n", (int)c->uid);
    c->super_lost = 1;
}

static void reap_supervisor(struct sandbox_conv *c)
{
    int st;

    while (c->super > 0 && waitpid(c->super, &st, 0) < 0)
        if (errno != EINTR) {
            if (errno != ECHILD)   /* ECHILD: the grader ignores SIGCHLD */
                perror("sandbox: waitpid supervisor");
            break;
        }
    c->super = -1;
}

void sbx_conv_end(struct sandbox_conv *c, double grace)
{
    sbx_close(&c->in_w);
    if (!c->killed_for && !wait_report(c, sbx_now() + (grace > 0 ? grace : 0))) {
        sbx_conv_kill(c, SANDBOX_TIMEOUT);
        c->grace_kill = 1;
    }
    if (!wait_report(c, sbx_now() + KILL_GRACE))
        abandon(c);
    reap_supervisor(c);
    /* The grace ran out as the job was ending by itself: no timeout. */
    if (c->grace_kill && c->have_report && c->rep.job_ended && !c->rep.timed_out)
        c->killed_for = 0;
}

int sbx_conv_lend_scratch(const struct sandbox_conv *c, uid_t uid, mode_t mode)
{
    int fd = open(c->scratch, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const char *why = NULL;
    struct stat st;

    /* On what was opened: the job may own the path's parent entry. */
    if (fd < 0 || fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (st.st_dev != c->scratch_st.st_dev || st.st_ino != c->scratch_st.st_ino)
        why = "it was replaced";
    else if (fchown(fd, uid, sbx.gid) != 0 || fchmod(fd, mode) != 0)
        why = strerror(errno);
    if (why)
        fprintf(stderr, "sandbox: cannot give %s to uid %d: %s\n", c->scratch, (int)uid, why);
    if (fd >= 0)
        sbx_close(&fd);
    return why ? -1 : 0;
}

void sbx_conv_kill(struct sandbox_conv *c, int why)
{
    if (c->killed_for)
        return;
    c->killed_for = why;
    sbx_close(&c->ctl_w);   /* the supervisor sees EOF and kills the tree */
}

int sbx_conv_reported(struct sandbox_conv *c, int ms)
{
    struct pollfd pf = { .fd = c->rep_r, .events = POLLIN };
    struct sbx_report rep;
    ssize_t n;

    if (c->have_report || c->rep_eof)
        return 1;
    if (poll(&pf, 1, ms) <= 0)
        return 0;   /* EINTR too: the caller asks again */
    n = read(c->rep_r, &rep, sizeof rep);
    if (n < 0 && errno == EINTR)
        return 0;
    /* One write() of less than PIPE_BUF bytes: all of it or nothing. */
    if (n == (ssize_t)sizeof rep) {
        c->rep = rep;
        c->have_report = 1;
        if (rep.timed_out && !c->killed_for)
            c->killed_for = SANDBOX_TIMEOUT;
    } else {
        c->rep_eof = 1;   /* the supervisor died without a word */
    }
    sbx_close(&c->rep_r);
    return 1;
}

void sbx_conv_free(struct sandbox_conv *c)
{
    int *fds[] = { &c->in_w, &c->out_r, &c->err_fd, &c->ctl_w, &c->rep_r, &c->slot_fd };

    if (c->lent && sbx_conv_lend_scratch(c, sbx.uid, 0770) != 0)
        fprintf(stderr, "sandbox: %s stays with uid %d\n", c->scratch, (int)c->uid);
    for (size_t i = 0; i < sizeof fds / sizeof fds[0]; i++)
        sbx_close(fds[i]);
    sbx_usage_free(c->usage);
    sbx_cgroup_free(c->cgroup);
    free(c->argv0);
    free(c->scratch);
    free(c);
}
