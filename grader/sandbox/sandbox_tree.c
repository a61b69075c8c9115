/*
** sandbox_tree.c -- emptying a directory that an untrusted program wrote
** in (sandbox_tree.h).
**
** Theory of operation.  Depth-first, every step relative to an open
** directory descriptor (openat, unlinkat), directories opened with
** O_NOFOLLOW so that a symbolic link is unlinked and never entered.  The
** recursion is cut at MAX_DEPTH levels: a directory found there is renamed
** to the top of the tree being emptied (an O(1) move within one file
** system) and a further pass removes it, so neither the stack nor the
** descriptors in use grow with the depth of the program's chain.
**
** With SBX_TREE_ONE_FS an entry on another device is a mount point: it is
** kept, and a directory that keeps one is kept too (rmdir would fail
** anyway).  Everything else goes.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_tree.h"

#define MAX_DEPTH 48

enum entry_kind { ENTRY_FILE, ENTRY_DIR, ENTRY_MOUNT };

struct tree_walk {
    int rootfd;             /* the directory being emptied                */
    dev_t dev;              /* its file system                            */
    int flags;              /* SBX_TREE_*                                 */
    unsigned long seq;      /* names for directories moved to the top     */
    int moved;              /* a pass moved something: another pass       */
    int first_errno;        /* of the first failure, for the caller       */
};

static int empty_dir(int fd, struct tree_walk *w, int depth);

/* Opens a subdirectory without following symbolic links; with
** SBX_TREE_CHMOD first gives ourselves back the permissions the program
** may have removed.  Returns the descriptor or -1. */
static int open_subdir(int dfd, const char *name, int flags)
{
    int oflags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = openat(dfd, name, oflags);

    if (fd < 0 && errno == EACCES && (flags & SBX_TREE_CHMOD)
        && fchmodat(dfd, name, 0700, 0) == 0)
        fd = openat(dfd, name, oflags);
    if (fd >= 0 && (flags & SBX_TREE_CHMOD) && fchmod(fd, 0700) != 0) {
        (void)close(fd);   /* the fchmod failure is what we report */
        return -1;
    }
    return fd;
}

/* Renames directory `name` to the top under a fresh name; 0 or -1. */
static int move_to_top(int dfd, const char *name, struct tree_walk *w)
{
    char top[48];

    for (;;) {
        snprintf(top, sizeof top, ".cc-deep-%lu", w->seq++);
        if (renameat2(dfd, name, w->rootfd, top, RENAME_NOREPLACE) == 0) {
            w->moved = 1;
            return 0;
        }
        if (errno != EEXIST)
            return -1;
    }
}

/* What the entry is (enum entry_kind), or -1.  The type readdir() gave is
** enough unless mount points matter or the file system gave none. */
static int entry_kind(int dfd, const char *name, unsigned char type,
                      const struct tree_walk *w)
{
    struct stat st;

    if (type != DT_UNKNOWN && !(w->flags & SBX_TREE_ONE_FS))
        return type == DT_DIR ? ENTRY_DIR : ENTRY_FILE;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    if ((w->flags & SBX_TREE_ONE_FS) && st.st_dev != w->dev)
        return ENTRY_MOUNT;
    return S_ISDIR(st.st_mode) ? ENTRY_DIR : ENTRY_FILE;
}

/* Removes one entry: 0 when it is gone, 1 when it was kept (a mount
** point, or a directory holding one), -1 on failure. */
static int remove_entry(int dfd, const char *name, unsigned char type,
                        struct tree_walk *w, int depth)
{
    int kind = entry_kind(dfd, name, type, w), sub, kept;

    if (kind < 0)
        return -1;
    if (kind == ENTRY_MOUNT)
        return 1;
    if (kind == ENTRY_FILE)
        return unlinkat(dfd, name, 0);
    if (depth >= MAX_DEPTH)
        return move_to_top(dfd, name, w);
    sub = open_subdir(dfd, name, w->flags);
    if (sub < 0)
        return -1;
    kept = empty_dir(sub, w, depth + 1);
    if (kept != 0)
        return kept;
    return unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Empties the directory open on fd and closes fd: 0 when it is empty, 1
** when it kept something (SBX_TREE_ONE_FS), -1 after any failure. */
static int empty_dir(int fd, struct tree_walk *w, int depth)
{
    DIR *d = fdopendir(fd);
    struct dirent *e;
    int rc = 0;

    if (!d) {
        if (!w->first_errno)
            w->first_errno = errno;
        (void)close(fd);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        /* Keep going after a failure: remove as much as possible. */
        int r = remove_entry(dirfd(d), e->d_name, e->d_type, w, depth);
        if (r < 0 && !w->first_errno)
            w->first_errno = errno;
        if (r < 0 || (r > 0 && rc == 0))
            rc = r;
    }
    if (closedir(d) != 0)
        rc = -1;
    return rc;
}

int sbx_tree_empty(int dirfd, int flags)
{
    struct tree_walk w = { .rootfd = dirfd, .flags = flags };
    struct stat st;
    int rc, fd;

    if (fstat(dirfd, &st) != 0)
        return -1;
    w.dev = st.st_dev;
    do {
        w.moved = 0;
        fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        rc = fd < 0 ? -1 : empty_dir(fd, &w, 1);
    } while (rc >= 0 && w.moved);
    if (rc < 0 && w.first_errno)
        errno = w.first_errno;
    return rc < 0 ? -1 : 0;
}
