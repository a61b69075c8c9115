/*
** sandbox_scratch.c -- creating and removing the scratch directories jobs
** write in.
**
** Theory of operation.  A scratch directory is mkdtemp("$TMPDIR or
** /tmp/cc-grade-XXXXXX"), or, when the process has a scratch file system
** (root: sandbox_disk.c), mkdtemp("$TMPDIR/cc-disk-PID-START/cc-grade-XXXXXX"),
** where all the process's jobs together can write SBX_DISK_BYTES in
** SBX_DISK_FILES files at most.  A non-root grader keeps it at mode 0700.  A
** root grader gives it to its slot uid and its family gid, mode 0770:
** the jobs of this process and of the workers it forks (each with a slot
** uid of its own, all with the family gid, see sandbox.c) can write it,
** nobody else can even list it.  Its parent must be searchable by the
** slot uids (bubblewrap resolves bind sources as the job's uid), which
** /tmp always is.
**
** Removal treats the contents as hostile (a job may have left symlinks
** to anywhere, unreadable directories, chains deeper than any stack):
** sandbox_tree.c does it.  A non-root grader chmods what the job made
** unreadable; root does not need to.
**
** The job's processes are all dead when this runs (sandbox_run() returns
** only after that), so nothing changes the tree while it is removed.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"
#include "sandbox_tree.h"

/* Removes the directory `path` and everything in it; a symbolic link put
** in its place is unlinked, never followed.  0 or -1 (errno set). */
static int remove_tree(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), rc;

    if (fd < 0)
        return (errno == ELOOP || errno == ENOTDIR) ? unlink(path) : -1;
    rc = sbx_tree_empty(fd, sbx.as_root ? 0 : SBX_TREE_CHMOD);
    if (close(fd) != 0)
        rc = -1;
    return rc == 0 ? rmdir(path) : rc;
}

void sandbox_scratch_free(char *path)
{
    if (!path)
        return;
    if (remove_tree(path) != 0)
        fprintf(stderr, "sandbox: cannot remove %s completely: %s\n", path,
                strerror(errno));
    free(path);
}

/* Can other users (the slot uids) reach into `dir`: is it and every
** directory above it searchable by others? */
static int reachable(const char *dir)
{
    char part[4096];
    struct stat st;
    size_t len = strlen(dir);

    if (len >= sizeof part)
        return 0;
    for (size_t i = 1; i <= len; i++) {
        if (i < len && dir[i] != '/')
            continue;
        snprintf(part, sizeof part, "%.*s", (int)i, dir);
        if (stat(part, &st) != 0 || !(st.st_mode & S_IXOTH))
            return 0;
    }
    return 1;
}

static char *scratch_template(void)
{
    const char *base = getenv("TMPDIR");
    size_t len, size;
    char *p;

    if (!base || base[0] != '/')
        base = "/tmp";
    if (sbx.disk[0])
        base = sbx.disk;   /* sandbox_disk.c */
    if (sbx.as_root && !reachable(base)) {
        fprintf(stderr, "sandbox: %s: it and its parents must be searchable "
                "by other users (the jobs' uids)\n", base);
        return NULL;
    }
    len = strlen(base);
    while (len > 1 && base[len - 1] == '/')
        len--;
    size = len + sizeof "/cc-grade-XXXXXX";
    p = malloc(size);
    if (!p)
        fprintf(stderr, "sandbox: out of memory\n");
    else
        snprintf(p, size, "%.*s/cc-grade-XXXXXX", (int)len, base);
    return p;
}

char *sbx_scratch_make(void)
{
    char *p = scratch_template();

    if (!p)
        return NULL;
    if (!mkdtemp(p)) {
        fprintf(stderr, "sandbox: mkdtemp %s: %s\n", p, strerror(errno));
        free(p);
        return NULL;
    }
    if ((sbx.as_root && chown(p, sbx.uid, sbx.gid) != 0)
        || chmod(p, sbx.as_root ? 0770 : 0700) != 0) {
        fprintf(stderr, "sandbox: chown/chmod %s: %s\n", p, strerror(errno));
        if (rmdir(p) != 0)
            perror("sandbox: rmdir");
        free(p);
        return NULL;
    }
    return p;
}

int sbx_same_dir(const char *path, dev_t dev, ino_t ino)
{
    struct stat st;

    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode)
           && st.st_dev == dev && st.st_ino == ino;
}
