/*
** submission.c -- copy a student's sources into the grader's build folder.
**
** The walk uses openat() with O_NOFOLLOW relative to an already opened
** directory, so a symbolic link anywhere in the tree -- to /etc/passwd or
** to a folder outside the submission -- is seen as a link and skipped,
** never read.  Only regular files ending in .c or .h are taken; hidden
** entries (.git, .vscode, ...) are skipped without a note.
*/
#define _GNU_SOURCE
#include "submission.h"

#include "header_check.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

struct walk {
    const char *dest;
    const char *header;         /* the official header's contents */
    size_t header_len;
    const struct assignment *assignment; /* its names                     */
    size_t files, bytes;
    unsigned given_found;       /* bit i: a file named a->given[i] was taken */
    struct submission *out;
    char *notes;
    size_t notes_len;
    uid_t owner;                /* the submission folder's               */
};

static void note(struct walk *w, const char *fmt, ...)
{
    char line[600];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof line)
        n = sizeof line - 1;
    char *grown = realloc(w->notes, w->notes_len + n + 2);
    if (!grown)
        return;
    w->notes = grown;
    memcpy(w->notes + w->notes_len, line, n);
    w->notes_len += n;
    w->notes[w->notes_len++] = '\n';
    w->notes[w->notes_len] = '\0';
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Is `name` the official header's name, or one of its aliases (in any
** case: a student on a case-insensitive disk may have changed it)? */
static int is_official_name(const struct assignment *a, const char *name)
{
    if (strcasecmp(name, a->header) == 0)
        return 1;
    for (const char *const *alias = a->header_aliases; alias && *alias; alias++)
        if (strcasecmp(name, *alias) == 0)
            return 1;
    return 0;
}

/* Reads the open regular file `fd` into memory, at most `cap` bytes. */
static char *read_fd(int fd, size_t cap, size_t *len)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > cap)
        return NULL;
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (buf && got < (size_t)st.st_size) {
        ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    if (buf)
        buf[got] = '\0';
    *len = got;
    return buf;
}

char *submission_read_file(const char *path, size_t cap, size_t *len)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    char *buf = read_fd(fd, cap, len);
    close(fd);
    return buf;
}

static int write_file(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    return close(fd);
}

static int add_source(struct walk *w, const char *rel)
{
    char **grown = realloc(w->out->sources, (w->out->nsources + 1) * sizeof *grown);
    if (!grown)
        return -1;
    w->out->sources = grown;
    if (!(grown[w->out->nsources] = strdup(rel)))
        return -1;
    w->out->nsources++;
    return 0;
}

/* Decides what to write for the student's header `rel` (`data`, `len`):
** their own copy when header_check() finds it compatible with the
** official one, the official header when not, and says which in the
** notes.  Headers that are not copies are kept without a note.  Returns
** -1 only when memory ran out. */
static int choose_header(struct walk *w, const char *rel, int named, const char **data,
                         size_t *len)
{
    char *msg = NULL;
    int verdict = header_check(w->header, w->header_len, *data, *len, named, &msg);
    if (verdict < 0)
        return -1;
    if (verdict == HEADER_INCOMPATIBLE) {
        note(w, "%s: replaced by the official header: %s", rel, msg);
        *data = w->header;
        *len = w->header_len;
    } else if (verdict == HEADER_COMPATIBLE && named) {
        note(w, "%s: your header %s: kept", rel, msg);
    } else if (verdict == HEADER_COMPATIBLE) {
        note(w, "%s: matches the official header where they declare the same names: kept", rel);
    }
    free(msg);
    return 0;
}

/* Takes one regular file `name` (open in `dirfd`) found at `rel`. */
static int take_file(struct walk *w, int dirfd, const char *name, const char *rel)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", w->dest, rel);
    int named = is_official_name(w->assignment, name);
    if (w->files >= SUBMISSION_MAX_FILES && !named) {
        note(w, "%s: skipped, more than %d source files", rel, SUBMISSION_MAX_FILES);
        return 0;
    }
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd >= 0 && fstat(fd, &st) == 0 && submission_foreign_link(&st, w->owner)) {
        close(fd);
        note(w, "%s: skipped, a file not everyone may read that is a hard link or another's than its "
             "folder's owner (hand in a plain copy, readable)", rel);
        return 0;
    }
    size_t len = 0;
    char *data = fd >= 0 ? read_fd(fd, SUBMISSION_MAX_FILE_BYTES, &len) : NULL;
    if (fd >= 0)
        close(fd);
    if (!data || w->bytes + len > SUBMISSION_MAX_TOTAL_BYTES) {
        free(data);
        if (named) {
            note(w, "%s: replaced by the official header (yours is unreadable or too large)", rel);
            return write_file(path, w->header, w->header_len);
        }
        note(w, "%s: skipped, unreadable or too large", rel);
        return 0;
    }
    w->files++;
    w->bytes += len;
    for (unsigned i = 0; w->assignment->given && w->assignment->given[i] && i < 32; i++)
        if (strcmp(name, w->assignment->given[i]) == 0)
            w->given_found |= 1u << i;
    const char *content = data;
    int rc = ends_with(name, ".h") ? choose_header(w, rel, named, &content, &len) : 0;
    if (rc == 0)
        rc = write_file(path, content, len);
    free(data);
    if (rc == 0 && ends_with(name, ".c"))
        rc = add_source(w, rel);
    return rc;
}

static int walk_dir(struct walk *w, int dirfd, const char *rel, int depth);

/* Handles one directory entry; returns -1 only on the grader's failure. */
static int visit(struct walk *w, int dirfd, const char *name, const char *rel, int depth)
{
    struct stat st;
    char sub[2048];

    if (name[0] == '.')
        return 0;
    if (snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", name) >= (int)sizeof sub) {
        note(w, "%.200s...: skipped, path too long", rel);
        return 0;
    }
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return 0;
    if (S_ISLNK(st.st_mode)) {
        note(w, "%s: skipped, symbolic links are never read", sub);
        return 0;
    }
    if (S_ISDIR(st.st_mode)) {
        if (depth >= SUBMISSION_MAX_DEPTH) {
            note(w, "%s: skipped, folders nested too deep", sub);
            return 0;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", w->dest, sub);
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return -1;
        int fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            return 0;
        int rc = walk_dir(w, fd, sub, depth + 1);
        close(fd);
        return rc;
    }
    if (!S_ISREG(st.st_mode) || !(ends_with(name, ".c") || ends_with(name, ".h")))
        return 0;
    return take_file(w, dirfd, name, sub);
}

/* Walks the open directory `dirfd` (closed by the caller). */
static int walk_dir(struct walk *w, int dirfd, const char *rel, int depth)
{
    int fd = dup(dirfd);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        note(w, "%s: folder could not be read", *rel ? rel : ".");
        return 0;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL)
        rc = visit(w, dirfd, e->d_name, rel, depth);
    closedir(d);
    return rc;
}

/* Writes the official header as DEST/.official/NAME. */
static int put_official(const char *dest, const char *name, const struct walk *w)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" SUBMISSION_INCLUDE_DIR "/%s", dest, name);
    return write_file(path, w->header, w->header_len);
}

/* Copies into DEST each file the kit gives students as it is (a->given,
** beside the official header) that the submission has no file of that
** name for, with a note: a student who handed in only the file of their
** own work is graded with the kit's copies of the rest, as a TA would.
** Returns -1 only on the grader's failure. */
static int add_given(struct walk *w, const char *official_header)
{
    const char *slash = strrchr(official_header, '/');
    int folder = slash ? (int)(slash - official_header) : 0;
    const char *const *given = w->assignment->given;
    char from[4096], to[4096];
    size_t len;

    for (unsigned i = 0; given && given[i] && i < 32; i++) {
        if (w->given_found >> i & 1)
            continue;
        snprintf(from, sizeof from, "%.*s%s%s", folder, official_header, slash ? "/" : "", given[i]);
        snprintf(to, sizeof to, "%s/%s", w->dest, given[i]);
        char *data = submission_read_file(from, SUBMISSION_MAX_FILE_BYTES, &len);
        if (!data) {
            fprintf(stderr, "grade: cannot read the kit's %s: %s\n", from, strerror(errno));
            return -1;
        }
        int rc = write_file(to, data, len);
        free(data);
        if (rc != 0 && errno == EEXIST) {
            note(w, "%s: not the kit's file (a folder of yours has its name): not added", given[i]);
            continue;
        }
        if (rc != 0 || (ends_with(given[i], ".c") && add_source(w, given[i]) != 0))
            return -1;
        note(w, "%s: not in your submission, so the kit's copy (as given in the starter) was used",
             given[i]);
    }
    return 0;
}

int submission_foreign_link(const struct stat *st, uid_t owner)
{
    return S_ISREG(st->st_mode) && !(st->st_mode & S_IROTH) && (st->st_nlink > 1 || st->st_uid != owner);
}

int submission_collect(const char *dir, const char *dest, const char *official_header,
                       const struct assignment *a, struct submission *out)
{
    struct walk w = {.dest = dest, .out = out, .assignment = a};
    char path[4096];
    int rc = -1;

    memset(out, 0, sizeof *out);
    char *header = submission_read_file(official_header, 1 << 20, &w.header_len);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (!header || fd < 0) {
        fprintf(stderr, "grade: cannot read %s: %s\n", header ? dir : official_header,
                strerror(errno));
        goto done;
    }
    struct stat top;
    if (fstat(fd, &top) != 0) {
        fprintf(stderr, "grade: cannot read %s: %s\n", dir, strerror(errno));
        goto done;
    }
    w.owner = top.st_uid;
    w.header = header;
    snprintf(path, sizeof path, "%s/" SUBMISSION_INCLUDE_DIR, dest);
    if (mkdir(path, 0755) != 0)
        goto done;
    if (put_official(dest, a->header, &w) != 0)
        goto done;
    for (const char *const *alias = a->header_aliases; alias && *alias; alias++)
        if (put_official(dest, *alias, &w) != 0)
            goto done;
    rc = walk_dir(&w, fd, "", 0);
    if (rc == 0)
        rc = add_given(&w, official_header);
    if (rc != 0)
        fprintf(stderr, "grade: cannot copy the submission into %s\n", dest);
done:
    if (fd >= 0)
        close(fd);
    free(header);
    out->notes = w.notes ? w.notes : strdup("");
    return rc;
}

void submission_free(struct submission *s)
{
    for (size_t i = 0; i < s->nsources; i++)
        free(s->sources[i]);
    free(s->sources);
    free(s->notes);
    memset(s, 0, sizeof *s);
}
