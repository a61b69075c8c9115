/*
** sandbox.c -- process-wide set-up of the sandbox: the uid slot, the choice
** between bubblewrap and the rlimits-only fallback (the state itself and
** the small helpers every sandbox_*.c file uses are in sandbox_state.c).
**
** Theory of operation.  Root is exempt from RLIMIT_NPROC and may signal
** anything, so a root grader never runs a job as root: it claims one of 64
** uid slots (60000 + N) by taking an exclusive flock on
** /tmp/cc-grader-slot-N.lock, and keeps the lock open for the life of the
** process.  Whatever still runs under that uid when we claim it is a
** leftover of a dead grader and is killed at once.  Several graders (or
** parallel test workers) on one machine thus get disjoint uids, so that
** "kill every process of my uid" and "at most N processes for my uid" are
** both safe and meaningful.  A non-root grader runs jobs under its own uid.
** A conversation (sandbox_conv.c) claims one more slot for itself, so
** that the bots of one match run under different uids.
**
** Forked workers.  A process forked after initialisation inherits the
** parent's lock, not a slot of its own; if it ran jobs under the parent's
** uid, a job ending in one worker would kill (kill(-1) by uid) the jobs
** running in its siblings, and all would share one process limit.  So
** every entry point checks getpid(): a forked child claims a fresh slot
** on first use.  The uid is per process; the GID is per family: it stays
** the slot gid of the first process, and scratch directories are made
** group-accessible (0770) for it, so a worker's job can use a scratch or
** build directory its parent made, while other graders' jobs cannot.
**
** Then bubblewrap is probed by running /bin/true exactly the way jobs will
** be run (same options, same uid, in a sandbox of its own).  If that fails
** -- no bwrap, or a kernel or container that refuses user namespaces --
** the fallback is rlimits + slot uid + new session, and sandbox_mode()
** says so plainly, because in the fallback the job can read every
** world-readable file and use the network.  GRADER_SANDBOX=rlimits forces
** the fallback; GRADER_SANDBOX=bwrap makes sandbox_init() fail rather than
** fall back.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

static const char *const bwrap_candidates[] = {
    "/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap", NULL
};
static const char *const true_candidates[] = {
    "/bin/true", "/usr/bin/true", NULL
};

static const char *first_executable(const char *const *list)
{
    for (; *list; list++)
        if (access(*list, X_OK) == 0)
            return *list;
    return NULL;
}

/* Opens and locks slot n's lock file; returns the fd or -1.  O_NOFOLLOW
** and the S_ISREG check matter because /tmp is shared with jobs in the
** fallback mode: a job could plant a symlink or a FIFO there. */
static int lock_slot(int n)
{
    char path[64];
    struct stat st;
    int fd;

    snprintf(path, sizeof path, "/tmp/cc-grader-slot-%d.lock", n);
    fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
              0600);
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)
        || flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (close(fd) != 0)
            perror("sandbox: close");
        return -1;
    }
    return fd;
}

/* Locks the first free slot and kills whatever a dead grader left under
** its uid; returns the lock's descriptor (slot and uid in *slot, *uid),
** or -1 (message on stderr). */
static int take_free_slot(int *slot, uid_t *uid)
{
    for (int n = 0; n < SBX_SLOT_COUNT; n++) {
        int fd = lock_slot(n);
        if (fd < 0)
            continue;
        *slot = n;
        *uid = (uid_t)(SBX_SLOT_UID_BASE + n);
        if (sbx_kill_uid(*uid) == 0)
            return fd;
        if (close(fd) != 0)
            perror("sandbox: close slot lock");
        return -1;
    }
    fprintf(stderr, "sandbox: all %d uid slots (/tmp/cc-grader-slot-*.lock)"
            " are taken\n", SBX_SLOT_COUNT);
    return -1;
}

static int claim_slot(void)
{
    sbx.lock_fd = take_free_slot(&sbx.slot, &sbx.uid);
    return sbx.lock_fd < 0 ? -1 : 0;
}

int sbx_slot_claim_extra(uid_t *uid)
{
    int slot;

    return take_free_slot(&slot, uid);
}

/* Copies the first line of `text` (or `fallback`) into why[]. */
static void first_line(char *why, size_t n, const char *text,
                       const char *fallback)
{
    size_t len;

    if (!text || !*text)
        text = fallback;
    len = strcspn(text, "\n");
    snprintf(why, n, "%.*s", (int)(len < 160 ? len : 160), text);
}

/* The exec helper (grader/exec/sandbox-exec.c), malloc'd, or NULL:
** $GRADER_SANDBOX_EXEC when set ("none" goes without it), else
** sandbox-exec beside the running program or one folder up -- build/ for
** build/grade and for the tests in build/tests/. */
static char *find_exec_helper(void)
{
    const char *want = getenv("GRADER_SANDBOX_EXEC");
    char self[4096], path[4200];

    if (want && *want)
        return strcmp(want, "none") != 0 && access(want, X_OK) == 0 ? strdup(want) : NULL;
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return NULL;
    self[n] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(self, '/');
        if (!slash)
            return NULL;
        *slash = '\0';
        snprintf(path, sizeof path, "%s/sandbox-exec", self);
        if (access(path, X_OK) == 0)
            return strdup(path);
    }
    return NULL;
}

/* Runs /bin/true in a sandbox of its own with bubblewrap on; 0 if it
** works, else -1 with the reason in why[]. */
static int probe_bwrap(char *why, size_t n)
{
    const char *argv[2] = { first_executable(true_candidates), NULL };
    struct sandbox_job job = { .argv = argv };
    struct sandbox_result res;
    int rc;

    sbx.bwrap = first_executable(bwrap_candidates);
    if (!sbx.bwrap || !argv[0] || sbx_sys_args_init() != 0) {
        snprintf(why, n, "%s", !sbx.bwrap ? "bwrap not found"
                 : !argv[0] ? "no /bin/true" : "cannot list system dirs");
        return -1;
    }
    job.scratch = sbx_scratch_make();
    if (!job.scratch) {
        snprintf(why, n, "cannot create a scratch directory");
        return -1;
    }
    job.limits.wall_seconds = 20;
    sbx.use_bwrap = 1;
    rc = sbx_run_alone(&job, &res);
    sbx.use_bwrap = 0;
    if (rc == 0 && res.verdict == SANDBOX_OK)
        sbx.use_bwrap = 1;
    else
        first_line(why, n, rc == 0 ? res.err : NULL, rc == 0
                   ? sandbox_verdict_name(res.verdict)
                   : "the probe failed (see the message above)");
    sandbox_result_free(&res);
    sandbox_scratch_free((char *)job.scratch);
    return sbx.use_bwrap ? 0 : -1;
}

static void set_fallback(const char *why)
{
    sbx.use_bwrap = 0;
    snprintf(sbx.mode, sizeof sbx.mode, "rlimits only: %s; the file system "
             "and the network are NOT hidden from jobs", why);
}

/* A copy of the exec helper at the top of this process's scratch file
** system (sandbox_disk.c), malloc'd, or NULL.  The slot uids must reach
** the file bubblewrap binds, and a kit in a folder they cannot enter (a
** home folder of mode 0700, a mktemp -d) hides build/sandbox-exec from
** them; the scratch file system is theirs to reach (mode 0711) and is
** gone when the process ends. */
static char *copy_exec_helper(const char *from)
{
    char path[4200];
    char buf[65536];
    ssize_t got = 0;
    if (!sbx.disk[0])
        return NULL;
    snprintf(path, sizeof path, "%s/sandbox-exec", sbx.disk);
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = in < 0 ? -1 : open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0755);
    while (out >= 0 && (got = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)got) != got)
            got = -1;
    int ok = out >= 0 && got == 0 && fchmod(out, 0755) == 0;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        ok = 0;
    return ok ? strdup(path) : NULL;
}

/* Probes bubblewrap with the exec helper -- where it was found, then from
** a copy the slot uids can surely reach -- and, if that fails, without
** it; names the mode.  0 if bubblewrap works. */
static int probe_with_helper(char *why, size_t n)
{
    sbx.exec_helper = find_exec_helper();
    if (sbx.exec_helper && probe_bwrap(why, n) != 0) {
        char *copy = copy_exec_helper(sbx.exec_helper);
        free(sbx.exec_helper);
        sbx.exec_helper = copy;
    }
    if (sbx.exec_helper && probe_bwrap(why, n) == 0) {
        snprintf(sbx.mode, sizeof sbx.mode, "bubblewrap");
        return 0;
    }
    free(sbx.exec_helper);
    sbx.exec_helper = NULL;
    if (probe_bwrap(why, n) != 0)
        return -1;
    snprintf(sbx.mode, sizeof sbx.mode, "bubblewrap (without build/sandbox-exec, so an "
             "exit status of 129-192 is taken for a signal)");
    return 0;
}

static int choose_auto(void)
{
    char why[200];

    if (probe_with_helper(why, sizeof why) != 0)
        set_fallback(why);
    return 0;
}

static int choose_bwrap(void)
{
    char why[200];

    if (probe_with_helper(why, sizeof why) == 0)
        return 0;
    fprintf(stderr, "sandbox: GRADER_SANDBOX=bwrap but bubblewrap does not "
            "work here: %s\n", why);
    return -1;
}

static int choose_rlimits(void)
{
    set_fallback("forced by GRADER_SANDBOX=rlimits");
    return 0;
}

static int choose_mode(void)
{
    static const struct { const char *name; int (*choose)(void); } modes[] = {
        { "", choose_auto }, { "auto", choose_auto },
        { "bwrap", choose_bwrap }, { "rlimits", choose_rlimits },
    };
    const char *want = getenv("GRADER_SANDBOX");

    if (!want)
        want = "";
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(want, modes[i].name) == 0)
            return modes[i].choose();
    fprintf(stderr, "sandbox: GRADER_SANDBOX=%s: expected auto, bwrap or "
            "rlimits\n", want);
    return -1;
}

/* In a child forked after sandbox_init(): a slot of its own (see top). */
static int init_after_fork(void)
{
    sbx.owner = getpid();
    if (sbx.init_rc != 0 || !sbx.as_root)
        return sbx.init_rc;
    /* Closing our copy leaves the parent's lock in place. */
    if (close(sbx.lock_fd) != 0)
        perror("sandbox: close slot lock");
    sbx.lock_fd = -1;
    if (claim_slot() != 0)
        sbx.init_rc = -1;
    return sbx.init_rc;
}

int sandbox_init(void)
{
    if (sbx.initialized)
        return sbx.owner == getpid() ? sbx.init_rc : init_after_fork();
    /* Set first: the bubblewrap probe runs a job. */
    sbx.initialized = 1;
    sbx.owner = getpid();
    sbx.as_root = geteuid() == 0;
    sbx.uid = getuid();
    sbx.gid = getgid();
    sbx.env_tool = access("/usr/bin/env", X_OK) == 0 ? "/usr/bin/env" : NULL;
    sbx.init_rc = -1;
    if (sbx.as_root && claim_slot() != 0)
        return -1;
    if (sbx.as_root)
        sbx.gid = (gid_t)sbx.uid;   /* the family's group, for good */
    sbx.init_rc = 0;
    if (sbx.as_root)
        sbx_disk_setup(getenv("TMPDIR") && getenv("TMPDIR")[0] == '/' ? getenv("TMPDIR") : "/tmp");
    /* The accounting after the probe: the probe's job needs no group. */
    if (choose_mode() != 0 || sbx_cgroup_setup() != 0)
        sbx.init_rc = -1;
    size_t len = strlen(sbx.mode);
    snprintf(sbx.mode + len, sizeof sbx.mode - len, "%s",
             sbx.disk[0] ? "; scratch on a tmpfs of 1 GiB and 32768 files"
                         : "; scratch disk capped per file only");
    return sbx.init_rc;
}

char *sandbox_scratch_new(void)
{
    return sandbox_init() == 0 ? sbx_scratch_make() : NULL;
}
