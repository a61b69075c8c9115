/*
** archive.c -- unpack_archive(): a student's archive into one folder,
** refusing every member that could write outside it (see archive.h).
**
** Theory of operation.  libarchive reads the members one by one; each
** header is judged by our own rules first (name, type, link target,
** count), then handed to libarchive's disk writer with the SECURE_* flags
** on, from inside the destination folder (the writer resolves names
** against the working directory; the flags then reject anything absolute
** or climbing).  Data is copied block by block so that the bytes are
** counted as they arrive: a declared size proves nothing.
*/
#define _GNU_SOURCE
#include "archive.h"

#include <archive.h>
#include <archive_entry.h>

/* grader/batch/archive.h has the same name as libarchive's header; compiled
** with -Igrader, <archive.h> would be ours again and nothing below would
** mean what it says. */
#ifndef ARCHIVE_VERSION_NUMBER
#error "archive.c needs libarchive's <archive.h>: do not compile it with -Igrader"
#endif

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../report/visible.h"

#define SHOWN_NAME 60   /* bytes of a member name quoted in a reason */

struct unpack {
    struct archive *in, *out;
    size_t max_bytes, max_files;
    size_t bytes, files, cuts;
    int (*cut)(void *, const char *);
    void *ctx;
    char *why;
    size_t why_size;
};

static const struct {
    const char *suffix;
    enum unpack_format format;
} suffixes[] = {
    {".tar.gz", UNPACK_TAR_GZ}, {".tgz", UNPACK_TAR_GZ},
    {".zip", UNPACK_ZIP}, {".tar", UNPACK_TAR},
};

int unpack_format_of(const char *name, enum unpack_format *format,
                     size_t *suffix_len)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        size_t k = strlen(suffixes[i].suffix);
        if (n > k && strcmp(name + n - k, suffixes[i].suffix) == 0) {
            *format = suffixes[i].format;
            *suffix_len = k;
            return 0;
        }
    }
    return -1;
}

/* A member name as it may be shown: the reason lands in a CSV cell, an
** HTML page and a terminal, so it is made visible (report/visible.h) and
** cut, at a character's start, after SHOWN_NAME bytes ("..." then). */
static void shown(const char *name, char *buf, size_t size)
{
    char cut[SHOWN_NAME + 1];
    size_t whole = visible_cut(cut, sizeof cut, name);

    snprintf(buf, size, "%s%s", cut, whole > SHOWN_NAME ? "..." : "");
}

/* Records why the archive is refused; returns -1 for the caller. */
static int refuse(struct unpack *u, const char *fmt, const char *name)
{
    char quoted[SHOWN_NAME + 4];
    shown(name, quoted, sizeof quoted);
    snprintf(u->why, u->why_size, fmt, quoted);
    return -1;
}

/* libarchive's own message, made printable, as the reason. */
static int refuse_lib(struct unpack *u, struct archive *a, const char *what)
{
    char msg[SHOWN_NAME + 4];
    shown(archive_error_string(a) ? archive_error_string(a) : "unknown error",
          msg, sizeof msg);
    snprintf(u->why, u->why_size, "%s: %s", what, msg);
    return -1;
}

/* Counts the components of `name` that go down a level; returns -1 when
** a ".." appears (even one that would come back: no member needs it). */
static int depth_of(const char *name)
{
    int depth = 0;
    for (const char *p = name; *p;) {
        size_t len = strcspn(p, "/");
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return -1;
        if (len > 0 && !(len == 1 && p[0] == '.'))
            depth++;
        p += len + (p[len] == '/');
    }
    return depth;
}

static int check_name(struct unpack *u, const char *name)
{
    if (!name || !*name)
        return refuse(u, "a member has no name%s", "");
    if (strlen(name) > UNPACK_MAX_NAME)
        return refuse(u, "member name too long: '%s'", name);
    if (name[0] == '/')
        return refuse(u, "member '%s' has an absolute name", name);
    int depth = depth_of(name);
    if (depth < 0)
        return refuse(u, "member '%s' climbs out with '..'", name);
    if (depth > UNPACK_MAX_DEPTH)
        return refuse(u, "member '%s' is nested too deeply", name);
    return 0;
}

/* Whether a link at `name` pointing to `target` stays inside the folder:
** walk down to the link's folder, then follow the target's components. */
static int link_stays_inside(const char *name, const char *target)
{
    int depth = depth_of(name) - 1;     /* the link's own folder */
    if (!target || !*target || target[0] == '/' || depth < 0)
        return 0;
    for (const char *p = target; *p;) {
        size_t len = strcspn(p, "/");
        if (len == 2 && p[0] == '.' && p[1] == '.')
            depth--;
        else if (len > 0 && !(len == 1 && p[0] == '.'))
            depth++;
        if (depth < 0)
            return 0;
        p += len + (p[len] == '/');
    }
    return 1;
}

/* Judges one header: 1 to write it, 0 to leave it out, -1 to refuse. */
static int judge(struct unpack *u, struct archive_entry *e)
{
    const char *name = archive_entry_pathname(e);
    if (check_name(u, name) != 0)
        return -1;
    if (++u->files > u->max_files) {
        snprintf(u->why, u->why_size, "more than %zu members", u->max_files);
        return -1;
    }
    if (archive_entry_hardlink(e))
        return refuse(u, "member '%s' is a hard link", name);
    switch (archive_entry_filetype(e)) {
    case AE_IFREG:
        archive_entry_set_perm(e, 0644);
        return 1;
    case AE_IFDIR:
        archive_entry_set_perm(e, 0755);
        return 1;
    case AE_IFLNK:
        if (!link_stays_inside(name, archive_entry_symlink(e)))
            return refuse(u, "symbolic link '%s' points outside the archive", name);
        return 0;
    default:
        return refuse(u, "member '%s' is a device, FIFO or socket", name);
    }
}

/* Copies one member's data, counting every byte (sparse holes included:
** the extent counts, not what was stored). */
static int copy_data(struct unpack *u, const char *name)
{
    size_t extent = 0;
    for (;;) {
        const void *buf;
        size_t size;
        la_int64_t offset;
        int r = archive_read_data_block(u->in, &buf, &size, &offset);
        if (r == ARCHIVE_EOF)
            break;
        if (r < ARCHIVE_WARN)
            return refuse_lib(u, u->in, "unreadable data");
        if (offset < 0 || (size_t)offset + size > u->max_bytes - u->bytes)
            return refuse(u, "unpacks to more than the size cap (member '%s')", name);
        if ((size_t)offset + size > extent)
            extent = (size_t)offset + size;
        if (archive_write_data_block(u->out, buf, size, offset) < ARCHIVE_WARN)
            return refuse_lib(u, u->out, "cannot write a member");
    }
    u->bytes += extent;
    return 0;
}

/* With u->cut, writes `e` under `name` with each component longer than
** NAME_MAX cut (archive.h); 0, 1 when nothing was cut, -2 (ours). */
static int cut_long_name(struct unpack *u, struct archive_entry *e, const char *name)
{
    char cut[UNPACK_MAX_NAME + 64];
    size_t len = 0;
    int changed = 0;
    for (const char *p = name; *p && len < sizeof cut - 32;) {
        size_t n = strcspn(p, "/");
        if (n > NAME_MAX) {
            len += (size_t)snprintf(cut + len, sizeof cut - len, "%.*s~%zu",
                                    UNPACK_CUT_KEEP, p, ++u->cuts);
            changed = 1;
        } else
            len += (size_t)snprintf(cut + len, sizeof cut - len, "%.*s", (int)n, p);
        p += n;
        if (*p == '/' && len < sizeof cut - 1) {
            cut[len++] = '/';
            cut[len] = '\0';
            p++;
        }
    }
    if (!changed)
        return 1;
    archive_entry_copy_pathname(e, cut);
    if (u->cut(u->ctx, cut) != 0) {
        snprintf(u->why, u->why_size, "out of memory");
        return -2;
    }
    return 0;
}

static int unpack_members(struct unpack *u)
{
    struct archive_entry *e;
    int r;
    while ((r = archive_read_next_header(u->in, &e)) != ARCHIVE_EOF) {
        if (r < ARCHIVE_WARN)
            return refuse_lib(u, u->in, "unreadable archive");
        int verdict = judge(u, e);
        if (verdict < 0)
            return -1;
        if (verdict == 0)
            continue;
        if (u->cut && cut_long_name(u, e, archive_entry_pathname(e)) == -2)
            return -2;
        char name[UNPACK_MAX_NAME + 64];
        snprintf(name, sizeof name, "%s", archive_entry_pathname(e));
        if (archive_write_header(u->out, e) < ARCHIVE_WARN)
            return refuse_lib(u, u->out, "member refused");
        if (archive_entry_filetype(e) == AE_IFREG && copy_data(u, name) != 0)
            return -1;
        if (archive_write_finish_entry(u->out) < ARCHIVE_WARN)
            return refuse_lib(u, u->out, "member refused");
    }
    return 0;
}

static int open_reader(struct unpack *u, const char *path, enum unpack_format f)
{
    u->in = archive_read_new();
    if (!u->in) {
        snprintf(u->why, u->why_size, "out of memory in libarchive");
        return -2;
    }
    if (f == UNPACK_ZIP)
        archive_read_support_format_zip(u->in);
    else
        archive_read_support_format_tar(u->in);
    if (f == UNPACK_TAR_GZ)
        archive_read_support_filter_gzip(u->in);
    if (archive_read_open_filename(u->in, path, 64 * 1024) != ARCHIVE_OK)
        return refuse_lib(u, u->in, "cannot open");
    return 0;
}

static int open_writer(struct unpack *u)
{
    u->out = archive_write_disk_new();
    if (!u->out) {
        snprintf(u->why, u->why_size, "out of memory in libarchive");
        return -2;
    }
    archive_write_disk_set_options(u->out,
        ARCHIVE_EXTRACT_SECURE_NODOTDOT | ARCHIVE_EXTRACT_SECURE_SYMLINKS |
        ARCHIVE_EXTRACT_SECURE_NOABSOLUTEPATHS | ARCHIVE_EXTRACT_NO_OVERWRITE);
    return 0;
}

/* Whether the zip `path` (`size` bytes) ends with its end of central
** directory record: "PK\5\6", 18 more bytes, then exactly the comment
** length it gives.  A zip cut short by a failed download lacks it, even
** one cut between two members, which reading member by member cannot
** see: those members would simply be missing. */
static int zip_has_end(const char *path, off_t size)
{
    unsigned char tail[22 + 65535];
    size_t n = size < (off_t)sizeof tail ? (size_t)size : sizeof tail;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    ssize_t got = fd >= 0 ? pread(fd, tail, n, size - (off_t)n) : -1;
    if (fd >= 0)
        close(fd);
    if (got != (ssize_t)n || n < 22)
        return 0;
    for (size_t i = n - 22 + 1; i-- > 0;)
        if (memcmp(tail + i, "PK\5\6", 4) == 0
            && (size_t)(tail[i + 20] | tail[i + 21] << 8) == n - i - 22)
            return 1;
    return 0;
}

/* The archive file itself: a regular file no larger than the cap (a
** compressed file larger than its own unpacked cap cannot fit), and a
** zip complete to its end. */
static int check_file(struct unpack *u, const char *path, enum unpack_format format)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return refuse(u, "not a regular file%s", "");
    if ((size_t)st.st_size > u->max_bytes) {
        snprintf(u->why, u->why_size, "archive larger than %zu MiB", u->max_bytes >> 20);
        return -1;
    }
    if (format == UNPACK_ZIP && !zip_has_end(path, st.st_size))
        return refuse(u, "truncated: the zip does not end with its directory%s", "");
    return 0;
}

static int failed_ours(char *why, size_t size, const char *what)
{
    snprintf(why, size, "%s: %s", what, strerror(errno));
    return -2;
}

int unpack_archive(const char *path, enum unpack_format format,
                   const char *dest, const struct unpack_limits *limits,
                   char *why, size_t why_size)
{
    struct unpack u = {
        .max_bytes = limits && limits->max_bytes ? limits->max_bytes : UNPACK_MAX_BYTES,
        .max_files = limits && limits->max_files ? limits->max_files : UNPACK_MAX_FILES,
        .cut = limits ? limits->cut : NULL, .ctx = limits ? limits->ctx : NULL,
        .why = why, .why_size = why_size,
    };
    snprintf(why, why_size, "no reason recorded");
    int home = -1;
    /* The archive is opened before the chdir, so a relative path works. */
    int rc = check_file(&u, path, format);
    if (rc == 0)
        rc = open_reader(&u, path, format);
    if (rc == 0 && (home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
        rc = failed_ours(why, why_size, "cannot open the working directory");
    if (rc == 0 && chdir(dest) != 0)
        rc = failed_ours(why, why_size, "cannot enter the unpack folder");
    if (rc == 0)
        rc = open_writer(&u);
    if (rc == 0)
        rc = unpack_members(&u);
    if (u.in)
        archive_read_free(u.in);
    if (u.out)
        archive_write_free(u.out);
    if (home >= 0) {
        if (fchdir(home) != 0 && rc == 0)
            rc = failed_ours(why, why_size, "cannot return to the working directory");
        close(home);
    }
    return rc;
}
