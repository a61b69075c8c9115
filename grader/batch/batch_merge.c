/*
** batch_merge.c -- batch_merge(): several OUTDIRs (shards, or runs on
** parts of a class) into one gradebook (batch.h, MERGE).
**
** Every input is read and checked before anything is written: an input
** without a readable class.json, inputs graded with different rubrics or
** kits or shards that do not cover the class (batch_origin.c), a student id that could not be a folder
** name, or a student present twice with different results stops the merge
** with the reason, and OUT is left as it was.  Only then are the
** students' files copied (each atomically, the fingerprint last, as a
** worker writes them) and the gradebook written as a run writes it.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "batch_internal.h"
#include "late.h"
#include "../report/visible.h"

/* Copied in this order: the fingerprint, which vouches for the rest,
** comes last.  late.json (late.h) travels with the raw result, so the
** merged gradebook takes the penalty once, as the run would have. */
static const char *const student_files[] = {
    BATCH_RESULT, BATCH_REPORT, BATCH_LOG, BATCH_STATUS, LATE_FILE, BATCH_FINGERPRINT, NULL,
};

struct entry {
    struct batch_student s;
    size_t from;             /* index of its input */
};

struct merge {
    const char *const *dirs;
    size_t ndirs;
    struct batch_origin *origins;   /* one per input                       */
    struct batch_origin origin;     /* the merge's, once they agree        */
    struct entry *e;
    size_t n, cap;
};

/* An id from class.json names a folder: it must look like one a run makes
** (batch_list.c), visible already. */
static int id_ok(const char *id)
{
    if (!*id || *id == '.' || strchr(id, '/'))
        return 0;
    char *shown = visible_copy(id, 0);
    int same = shown && strcmp(shown, id) == 0;
    free(shown);
    return same;
}

static int add_entry(struct merge *m, const cJSON *item, size_t from)
{
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "student"));
    const char *st = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(item, "status"));
    const cJSON *sec = cJSON_GetObjectItemCaseSensitive(item, "seconds");
    if (!id || !st || !id_ok(id)) {
        visible_printf(stderr, "grade-all: %s/%s: an entry without a valid student or status\n",
                m->dirs[from], BATCH_CLASS);
        return -1;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 64;
        struct entry *more = realloc(m->e, cap * sizeof *more);
        if (!more)
            return -1;
        m->e = more;
        m->cap = cap;
    }
    struct entry *e = &m->e[m->n];
    memset(e, 0, sizeof *e);
    e->from = from;
    e->s.entry = ENTRY_NONE;
    e->s.seconds = cJSON_IsNumber(sec) ? sec->valuedouble : 0;
    snprintf(e->s.status, sizeof e->s.status, "%s", st);
    if (!(e->s.id = strdup(id)))
        return -1;
    m->n++;
    return 0;
}

static int read_input(struct merge *m, size_t from)
{
    char path[4096];
    const cJSON *item;
    char *text = batch_path(path, sizeof path, m->dirs[from], BATCH_CLASS) == 0
                 ? batch_read(path, BATCH_JSON_MAX) : NULL;
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "students");
    int rc = cJSON_IsArray(list) ? 0 : -1;
    if (rc != 0)
        visible_printf(stderr, "grade-all: %s is missing or unreadable: is %s a grade-all output?\n",
                path, m->dirs[from]);
    else
        rc = batch_origin_read(root, m->dirs[from], &m->origins[from]);
    cJSON_ArrayForEach(item, list)
        if (rc == 0)
            rc = add_entry(m, item, from);
    cJSON_Delete(root);
    free(text);
    return rc;
}

/* The text of DIR/ID/NAME, or NULL when absent. */
static char *student_file(const char *dir, const char *id, const char *name)
{
    char sdir[4096], path[4096];
    if (batch_path(sdir, sizeof sdir, dir, id) != 0 || batch_path(path, sizeof path, sdir, name) != 0)
        return NULL;
    return batch_read(path, BATCH_JSON_MAX);
}

static int same_file(const char *a_dir, const char *b_dir, const char *id, const char *name)
{
    char *a = student_file(a_dir, id, name), *b = student_file(b_dir, id, name);
    int same = (!a && !b) || (a && b && strcmp(a, b) == 0);
    free(a);
    free(b);
    return same;
}

static int by_id(const void *a, const void *b)
{
    const struct entry *x = a, *y = b;
    int c = strcmp(x->s.id, y->s.id);
    return c ? c : (x->from > y->from) - (x->from < y->from);
}

/* Keeps one copy of each student; -1 at the first conflicting pair. */
static int fold(struct merge *m)
{
    size_t out = 0;
    for (size_t i = 0; i < m->n; i++) {
        struct entry *keep = out ? &m->e[out - 1] : NULL;
        struct entry *e = &m->e[i];
        if (!keep || strcmp(keep->s.id, e->s.id) != 0) {
            m->e[out++] = *e;
            continue;
        }
        const char *a = m->dirs[keep->from], *b = m->dirs[e->from];
        if (strcmp(keep->s.status, e->s.status) != 0
            || !same_file(a, b, e->s.id, BATCH_FINGERPRINT)
            || !same_file(a, b, e->s.id, BATCH_RESULT)
            || !same_file(a, b, e->s.id, LATE_FILE)) {
            visible_printf(stderr, "grade-all: student '%s' is in both %s and %s with different "
                    "results (\"%s\" and \"%s\"); remove one copy and merge again\n",
                    e->s.id, a, b, keep->s.status, e->s.status);
            for (size_t k = i; k < m->n; k++)   /* not yet kept nor freed */
                free(m->e[k].s.id);
            m->n = out;
            return -1;
        }
        free(e->s.id);
    }
    m->n = out;
    return 0;
}

static int copy_fd(FILE *out, void *arg)
{
    char buf[1 << 16];
    ssize_t n;
    while ((n = read(*(int *)arg, buf, sizeof buf)) > 0)
        if (fwrite(buf, 1, (size_t)n, out) != (size_t)n)
            return -1;
    return n < 0 ? -1 : 0;
}

/* Copies one student's files from `src` into `out`, removing from `out`
** what `src` does not have, so nothing stale is left beside them. */
static int copy_student(const char *src, const char *out, const char *id)
{
    char from[4096], to[4096], path[4096];
    if (batch_path(from, sizeof from, src, id) != 0 || batch_path(to, sizeof to, out, id) != 0)
        return -1;
    struct stat st;
    if (lstat(from, &st) != 0)
        return 0;          /* decided at listing: no files to copy */
    if (batch_mkdir(to) != 0)
        return -1;
    for (const char *const *name = student_files; *name; name++) {
        if (batch_path(path, sizeof path, from, *name) != 0)
            return -1;
        int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            if (batch_path(path, sizeof path, to, *name) == 0)
                unlink(path);
            continue;
        }
        int rc = batch_write_atomic(to, *name, copy_fd, &fd);
        close(fd);
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int same_dir(const char *a, const char *b)
{
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static int write_out(struct merge *m, const char *out)
{
    struct batch_class c = { .s = calloc(m->n + 1, sizeof *c.s), .n = m->n, .origin = m->origin };
    int rc = c.s ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < m->n; i++) {
        const char *src = m->dirs[m->e[i].from];
        c.s[i] = m->e[i].s;
        if (!same_dir(src, out) && copy_student(src, out, c.s[i].id) != 0) {
            visible_printf(stderr, "grade-all: cannot copy %s/%s into %s\n", src, c.s[i].id, out);
            rc = -1;
        }
    }
    if (rc == 0)
        rc = batch_book_write(out, &c);
    for (size_t i = 0; rc == 0 && i < c.n; i++)
        if (!batch_status_is_verdict(c.s[i].status))
            rc = 1;
    free(c.s);
    return rc;
}

static int lock_out(const char *out)
{
    char path[4096];
    if (batch_mkdir(out) != 0 || batch_path(path, sizeof path, out, BATCH_LOCK) != 0)
        return -1;
    int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    visible_printf(stderr, "grade-all: %s: another grade-all is writing there\n", out);
    if (fd >= 0)
        close(fd);
    return -1;
}

int batch_merge(const char *const *dirs, size_t n, const char *out)
{
    struct merge m = { .dirs = dirs, .ndirs = n, .origins = calloc(n + 1, sizeof *m.origins) };
    int rc = m.origins ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = read_input(&m, i);
    if (rc == 0 && m.n)
        qsort(m.e, m.n, sizeof *m.e, by_id);
    if (rc == 0)
        rc = fold(&m);
    if (rc == 0)
        rc = batch_origin_join(m.origins, dirs, n, &m.origin);
    int lock = rc == 0 ? lock_out(out) : -1;
    if (lock >= 0) {
        rc = batch_merge_assignment(dirs, n, out) == 0 ? write_out(&m, out) : -1;
        close(lock);
    }
    for (size_t i = 0; i < m.n; i++)
        free(m.e[i].s.id);
    free(m.e);
    free(m.origins);
    if (rc == 0)
        visible_printf(stderr, "grade-all: merged %zu students into %s/%s\n", m.n, out, BATCH_CSV);
    return rc < 0 || lock < 0 ? 2 : rc;
}
