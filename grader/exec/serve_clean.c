/*
** serve_clean.c -- between two jobs of a sandbox session: undo what the
** last job left in the sandbox, and check that it did not change the
** server itself.
**
** What a job can leave behind, once all its processes are dead:
**   - files in /tmp and /dev/shm (the sandbox's own tmpfs mounts; the
**     mount points of directories bound into them are left alone), their
**     modes, and user extended attributes on those two directories;
**   - System V shared memory, semaphores and message queues, and POSIX
**     message queues: they belong to the IPC namespace, not to a process;
**   - keys in the user and user-session keyrings, which belong to the
**     user namespace (Linux 5.3 and later), and in the server's session
**     keyring, when a job could not get one of its own;
** and its working directory, which the grader moves out of the sandbox.
** The root, /dev and every bound directory are read-only; /proc holds
** nothing that outlives a process.
**
** What a job can change in the server: a process of the same uid may
** renice it, change its scheduling policy, CPU affinity or I/O priority,
** or lower its rlimits with prlimit(), and every later job would inherit
** that.  The server cannot undo those (raising them needs privilege), so
** it compares them with what they were at the start, and a difference
** ends the session: the grader starts a fresh one.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/keyctl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "exec.h"
#include "../sandbox/sandbox_tree.h"

#define IOPRIO_WHO_PROCESS 1

/* The writable directories of the sandbox, with the modes bubblewrap
** gave them (noted at the start). */
static const char *const scratch_dirs[] = { "/tmp", "/dev/shm" };
static mode_t scratch_modes[2];

static int ioprio(void)
{
    return (int)syscall(SYS_ioprio_get, IOPRIO_WHO_PROCESS, 0);
}

static int take(struct serve_baseline *b)
{
    cpu_set_t cpus;

    errno = 0;
    b->nice = getpriority(PRIO_PROCESS, 0);
    if (errno != 0 || (b->policy = sched_getscheduler(0)) < 0 || (b->ioprio = ioprio()) < 0
        || sched_getaffinity(0, sizeof cpus, &cpus) != 0)
        return -1;
    b->ncpus = (size_t)CPU_COUNT(&cpus);
    for (int r = 0; r < RLIM_NLIMITS; r++)
        if (getrlimit(r, &b->limits[r]) != 0)
            return -1;
    return 0;
}

int serve_baseline_take(struct serve_baseline *b)
{
    struct stat st;

    memset(b, 0, sizeof *b);
    for (size_t i = 0; i < 2; i++) {
        if (stat(scratch_dirs[i], &st) != 0)
            return -1;
        scratch_modes[i] = st.st_mode & 07777;
    }
    /* A session keyring of the server's own, so that clearing it between
    ** jobs never touches the grader's. */
    b->own_keyring = syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) >= 0;
    return take(b);
}

/* 0 when the server is as it was at the start. */
static int unchanged(const struct serve_baseline *b)
{
    struct serve_baseline now;

    if (take(&now) != 0)
        return -1;
    if (now.nice != b->nice || now.policy != b->policy || now.ioprio != b->ioprio
        || now.ncpus != b->ncpus)
        return -1;
    for (int r = 0; r < RLIM_NLIMITS; r++)
        if (now.limits[r].rlim_cur != b->limits[r].rlim_cur
            || now.limits[r].rlim_max != b->limits[r].rlim_max)
            return -1;
    return 0;
}

/* Removes every user extended attribute of the directory open on fd. */
static int clear_xattrs(int fd)
{
    char names[4096];
    ssize_t n = flistxattr(fd, names, sizeof names);
    int rc = n < 0 && errno != ENOTSUP ? -1 : 0;

    for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1)
        if (fremovexattr(fd, names + i) != 0)
            rc = -1;
    return rc;
}

/* Empties scratch directory i and gives it back its mode. */
static int empty_scratch_dir(size_t i)
{
    int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, rc;
    int fd = open(scratch_dirs[i], flags);

    if (fd < 0 && errno == EACCES && chmod(scratch_dirs[i], scratch_modes[i]) == 0)
        fd = open(scratch_dirs[i], flags);
    if (fd < 0)
        return -1;
    rc = fchmod(fd, scratch_modes[i] | 0700) | sbx_tree_empty(fd, SBX_TREE_CHMOD | SBX_TREE_ONE_FS)
       | clear_xattrs(fd) | fchmod(fd, scratch_modes[i]);
    return close(fd) | rc;
}

/* Removes the System V IPC objects listed in /proc/sysvipc/`kind` (the
** second column is the id). */
static int remove_sysv(const char *kind, int (*remove)(int id))
{
    char path[64], line[512];
    int id, rc = 0;
    FILE *f;

    snprintf(path, sizeof path, "/proc/sysvipc/%s", kind);
    if (!(f = fopen(path, "re")))
        return errno == ENOENT ? 0 : -1;   /* a kernel without SysV IPC */
    if (!fgets(line, sizeof line, f))      /* the header */
        rc = ferror(f) ? -1 : 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%*d %d", &id) != 1 || remove(id) != 0)
            rc = -1;
    return fclose(f) | rc;
}

static int remove_shm(int id) { return shmctl(id, IPC_RMID, NULL); }
static int remove_sem(int id) { return semctl(id, 0, IPC_RMID); }
static int remove_msg(int id) { return msgctl(id, IPC_RMID, NULL); }

/* Unlinks every POSIX message queue, as listed in /dev/mqueue. */
static int remove_mqueues(void)
{
    DIR *d = opendir("/dev/mqueue");
    struct dirent *e;
    int rc = 0;

    if (!d)
        return errno == ENOENT ? 0 : -1;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.' && syscall(SYS_mq_unlink, e->d_name) != 0)
            rc = -1;
    return closedir(d) | rc;
}

/* Empties the keyrings a job's keys can outlive it in; ENOKEY (no such
** keyring yet) and ENOSYS (no keyrings) are fine. */
static int clear_keyrings(const struct serve_baseline *b)
{
    const int rings[] = { KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING,
                          KEY_SPEC_SESSION_KEYRING };
    int rc = 0;

    for (size_t i = 0; i < sizeof rings / sizeof rings[0]; i++) {
        if (rings[i] == KEY_SPEC_SESSION_KEYRING && !b->own_keyring)
            continue;
        if (syscall(SYS_keyctl, KEYCTL_CLEAR, rings[i]) != 0 && errno != ENOKEY
            && errno != ENOSYS)
            rc = -1;
    }
    return rc;
}

int serve_clean(const struct serve_baseline *b)
{
    int rc = empty_scratch_dir(0) | empty_scratch_dir(1);

    rc |= remove_sysv("shm", remove_shm) | remove_sysv("sem", remove_sem)
        | remove_sysv("msg", remove_msg) | remove_mqueues() | clear_keyrings(b);
    return (rc | unchanged(b)) != 0 ? -1 : 0;
}
