/*
** sandbox_scratch.c -- creating and removing the scratch directories jobs
** write in.
**
** Theory of operation.  A scratch directory is mkdtemp("$TMPDIR or
** /tmp/cc-grade-XXXXXX").  A non-root grader keeps it at mode 0700.  A
** root grader gives it to its slot uid and its family gid, mode 0770:
** the jobs of this process and of the workers it forks (each with a slot
** uid of its own, all with the family gid, see sandbox.c) can write it,
** nobody else can even list it.  Its parent must be searchable by the
** slot uids (bubblewrap resolves bind sources as the job's uid), which
** /tmp always is.
**
** Removal treats the contents as hostile: the job may have left symlinks
** to anywhere, directories it made unreadable, or a directory chain deeper
** than any stack or descriptor budget.  So every step is relative to an
** open directory descriptor (openat/unlinkat), directories are opened with
** O_NOFOLLOW so a symlink is only ever unlinked, never entered, and the
** recursion is cut at MAX_DEPTH levels: a directory found there is renamed
** to the top of the scratch directory (an O(1) move within one file
** system) and removed by a further pass.  A non-root grader chmods what
** the job made unreadable; root does not need to.
**
** The job's processes are all dead when this runs (sandbox_run() returns
** only after that), so nothing changes the tree while it is removed.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox_internal.h"

#define MAX_DEPTH 48

struct rm_ctx {
    int rootfd;             /* the scratch directory itself               */
    unsigned long seq;      /* names for directories moved to the top     */
    int moved;              /* a pass moved something: another pass       */
};

static int empty_dir(int fd, struct rm_ctx *c, int depth);

/* Opens a subdirectory without following symlinks; a non-root grader
** first gives itself back the permissions the job may have removed. */
static int open_subdir(int dfd, const char *name)
{
    int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
    int fd = openat(dfd, name, flags);

    if (fd < 0 && errno == EACCES && !sbx.as_root
        && fchmodat(dfd, name, 0700, 0) == 0)
        fd = openat(dfd, name, flags);
    if (fd >= 0 && !sbx.as_root && fchmod(fd, 0700) != 0) {
        if (close(fd) != 0)
            perror("sandbox: close");
        return -1;
    }
    return fd;
}

static int move_to_top(int dfd, const char *name, struct rm_ctx *c)
{
    char top[48];

    for (;;) {
        snprintf(top, sizeof top, ".cc-deep-%lu", c->seq++);
        if (renameat2(dfd, name, c->rootfd, top, RENAME_NOREPLACE) == 0) {
            c->moved = 1;
            return 0;
        }
        if (errno != EEXIST)
            return -1;
    }
}

static int is_dir_entry(int dfd, const char *name, unsigned char type)
{
    struct stat st;

    if (type != DT_UNKNOWN)
        return type == DT_DIR;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    return S_ISDIR(st.st_mode);
}

static int remove_entry(int dfd, const char *name, unsigned char type,
                        struct rm_ctx *c, int depth)
{
    int dir = is_dir_entry(dfd, name, type), sub;

    if (dir < 0)
        return -1;
    if (!dir)
        return unlinkat(dfd, name, 0);
    if (depth >= MAX_DEPTH)
        return move_to_top(dfd, name, c);
    sub = open_subdir(dfd, name);
    if (sub < 0 || empty_dir(sub, c, depth + 1) != 0)
        return -1;
    return unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Removes everything in the directory open on fd (and closes fd). */
static int empty_dir(int fd, struct rm_ctx *c, int depth)
{
    DIR *d = fdopendir(fd);
    struct dirent *e;
    int rc = 0;

    if (!d) {
        if (close(fd) != 0)
            perror("sandbox: close");
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        /* Keep going after a failure: remove as much as possible. */
        if (remove_entry(dirfd(d), e->d_name, e->d_type, c, depth) != 0)
            rc = -1;
    }
    if (closedir(d) != 0)
        rc = -1;
    return rc;
}

static int remove_tree(const char *path)
{
    struct rm_ctx c = { .rootfd = -1 };
    int rc = 0, fd;

    c.rootfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (c.rootfd < 0)   /* a symlink put in its place: unlink only that */
        return (errno == ELOOP || errno == ENOTDIR) ? unlink(path) : -1;
    do {
        c.moved = 0;
        fd = openat(c.rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        rc = fd < 0 ? -1 : empty_dir(fd, &c, 1);
    } while (rc == 0 && c.moved);
    if (close(c.rootfd) != 0)
        rc = -1;
    if (rc == 0)
        rc = rmdir(path);
    return rc;
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

char *sandbox_scratch_new(void)
{
    char *p;

    if (sandbox_init() != 0)
        return NULL;
    p = scratch_template();
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
