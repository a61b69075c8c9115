/*
** batch_file.c -- the files of OUTDIR: atomic writes, reads with a cap,
** folders, and each student's status record (batch.h).
**
** Atomic means: the content goes to a temporary file in the same folder
** (same file system, so rename() is atomic), which is flushed and
** fsync()ed before it is renamed over the real name, and the folder is
** fsync()ed after, so that even a power cut leaves either the old file or
** the new one.  Temporary names start with '.', which no student id does,
** so a leftover of a killed run can never be taken for a result.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "../report/visible.h"

/* What each kind of status means for the gradebook (batch.h, STATUS). */
static const struct {
    const char *prefix;
    int verdict;      /* final: kept on a re-run, never retried      */
    int zero;         /* without a result, the points read as 0      */
} statuses[] = {
    {"graded", 1, 0},
    {"build failed", 1, 0},
    {"bad archive:", 1, 1},
    {"missing", 1, 1},
    {"duplicate:", 0, 0},
    {"grader error:", 0, 0},
    {"grader timeout", 0, 0},
};

static int status_index(const char *status)
{
    for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
        if (strncmp(status, statuses[i].prefix, strlen(statuses[i].prefix)) == 0)
            return (int)i;
    return -1;
}

int batch_status_is_verdict(const char *status)
{
    int i = status_index(status);
    return i >= 0 && statuses[i].verdict;
}

int batch_status_scores_zero(const char *status)
{
    int i = status_index(status);
    return i >= 0 && statuses[i].zero;
}

double batch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int batch_path(char *buf, size_t size, const char *dir, const char *name)
{
    int n = snprintf(buf, size, "%s/%s", dir, name);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int rc = fd >= 0 && fsync(fd) == 0 ? 0 : -1;
    if (fd >= 0)
        close(fd);
    return rc;
}

int batch_commit(const char *dir, const char *tmp, const char *name)
{
    char from[4096], to[4096];
    if (batch_path(from, sizeof from, dir, tmp) != 0 || batch_path(to, sizeof to, dir, name) != 0)
        return -1;
    int fd = open(from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    int rc = fd >= 0 && fsync(fd) == 0 ? 0 : -1;
    if (fd >= 0)
        close(fd);
    if (rc == 0 && rename(from, to) == 0 && sync_dir(dir) == 0)
        return 0;
    visible_printf(stderr, "grade-all: cannot save %s: %s\n", to, strerror(errno));
    return -1;
}

int batch_write_atomic(const char *dir, const char *name,
                       int (*fill)(FILE *out, void *arg), void *arg)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, name) >= (int)sizeof tmp)
        return -1;
    int fd = mkostemp(tmp, O_CLOEXEC);
    FILE *out = fd >= 0 && fchmod(fd, 0644) == 0 ? fdopen(fd, "w") : NULL;
    if (!out) {
        visible_printf(stderr, "grade-all: cannot write in %s: %s\n", dir, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return -1;
    }
    int rc = fill(out, arg);
    if (fflush(out) != 0 || ferror(out) || fsync(fd) != 0)
        rc = -1;
    if (fclose(out) != 0)
        rc = -1;
    if (rc == 0)
        rc = batch_commit(dir, strrchr(tmp, '/') + 1, name);
    else
        visible_printf(stderr, "grade-all: cannot write %s/%s\n", dir, name);
    if (rc != 0)
        unlink(tmp);
    return rc;
}

static int put_text(FILE *out, void *text)
{
    return fputs(text, out) < 0 ? -1 : 0;
}

int batch_write_text(const char *dir, const char *name, const char *text)
{
    return batch_write_atomic(dir, name, put_text, (void *)text);
}

/* batch_read(), the length read in `*len`. */
static char *read_len(const char *path, size_t cap, size_t *len_out)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    char *buf = NULL;
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (size_t)st.st_size <= cap
        && (buf = malloc((size_t)st.st_size + 1))) {
        size_t len = 0;
        ssize_t n;
        while (len < (size_t)st.st_size
               && (n = read(fd, buf + len, (size_t)st.st_size - len)) > 0)
            len += (size_t)n;
        buf[len] = '\0';
        if (len != (size_t)st.st_size) {   /* it changed under us */
            free(buf);
            buf = NULL;
        }
        *len_out = len;
    }
    close(fd);
    return buf;
}

char *batch_read(const char *path, size_t cap)
{
    size_t len = 0;
    return read_len(path, cap, &len);
}

char *batch_read_text(const char *path, size_t cap, int *nul)
{
    size_t len = 0;
    char *text = read_len(path, cap, &len);
    *nul = 0;
    if (text && strlen(text) != len) {
        long line = 1;
        for (const char *p = text; *p; p++)
            line += *p == '\n';
        visible_printf(stderr, "grade-all: %s:%ld: a NUL byte: not a text file (a damaged export?)\n",
                       path, line);
        free(text);
        text = NULL;
        *nul = 1;
    }
    return text;
}

int batch_mkdir(const char *path)
{
    struct stat st;
    if (mkdir(path, 0755) == 0)
        return 0;
    if (errno == EEXIST && lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 0;
    visible_printf(stderr, "grade-all: cannot make the folder %s: %s\n", path,
            errno == EEXIST ? "something else has that name" : strerror(errno));
    return -1;
}

/* A grader killed for its time (or by anyone) cannot unmount the
** scratch file system it mounted in its temporary folder
** (grader/sandbox/sandbox_disk.c): that folder is then a mount point,
** busy, whose contents the walk has already emptied.  It is detached,
** then removed. */
static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (remove(path) == 0 || errno == ENOENT)
        return 0;
    if (errno == EBUSY && flag == FTW_DP && umount2(path, MNT_DETACH) == 0)
        return remove(path) == 0 || errno == ENOENT ? 0 : -1;
    return -1;
}

int batch_remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

static int put_json(FILE *out, void *json)
{
    return fputs(json, out) < 0 || fputc('\n', out) == EOF ? -1 : 0;
}

int batch_save_status(const char *sdir, const struct batch_student *s)
{
    cJSON *o = cJSON_CreateObject();
    char *text = NULL, *status = visible_copy(s->status, 0);
    if (o && status && cJSON_AddStringToObject(o, "student", s->id)
        && cJSON_AddStringToObject(o, "status", status)
        && cJSON_AddNumberToObject(o, "seconds", s->seconds))
        text = cJSON_Print(o);
    cJSON_Delete(o);
    free(status);
    int rc = text ? batch_write_atomic(sdir, BATCH_STATUS, put_json, text) : -1;
    free(text);
    return rc;
}

int batch_load_status(const char *sdir, struct batch_student *s)
{
    char path[4096];
    char *text = batch_path(path, sizeof path, sdir, BATCH_STATUS) == 0
                 ? batch_read(path, 1 << 16) : NULL;
    cJSON *o = text ? cJSON_Parse(text) : NULL;
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(o, "status");
    const cJSON *sec = cJSON_GetObjectItemCaseSensitive(o, "seconds");
    int rc = cJSON_IsString(st) && cJSON_IsNumber(sec) ? 0 : -1;
    if (rc == 0) {
        snprintf(s->status, sizeof s->status, "%s", st->valuestring);
        s->seconds = sec->valuedouble;
    }
    cJSON_Delete(o);
    free(text);
    return rc;
}
