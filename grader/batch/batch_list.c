/*
** batch_list.c -- the class: one student per entry of SUBMISSIONS_DIR,
** sorted by id, and the shard a student belongs to (see batch.h).
**
** A student's id is the entry's name (less its archive extension) made
** visible (report/visible.h): valid UTF-8 without control characters,
** each byte that is not "\xHH", so that it can be written as it is into
** terminals, grades.csv and class.json, and it names the student's
** folder in OUTDIR.  The entry's own bytes stay in `path`, which is how
** the submission is found, again on every run.
**
** Listing never fails because of one entry: whatever cannot be graded
** (a plain file, a link, a clash of ids, a name that would collide with
** OUTDIR's own files) becomes that student's status, decided here, so the
** gradebook shows it instead of the entry vanishing.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch_internal.h"
#include "lms.h"
#include "../report/report.h"
#include "../report/visible.h"

/* Ids that would land on OUTDIR's own files: every name grade-all writes
** there (batch.h's list of OUTDIR; the hidden .lock, .work and .intake
** cannot be ids, which never start with '.'). */
static const char *const reserved_ids[] = {
    BATCH_CSV, BATCH_SUMMARY, BATCH_CLASS, BATCH_INTAKE, BATCH_ASSIGNMENT,
    BATCH_SIMILARITY, BATCH_SIMILARITY ".csv", BATCH_SIMILARITY ".html",
    LMS_CANVAS_BOOK, LMS_CANVAS_FEEDBACK, LMS_MOODLE_FEEDBACK, LMS_MOODLE_SHEET, NULL,
};

static void set_status(struct batch_student *s, const char *fmt, const char *arg)
{
    s->entry = ENTRY_NONE;
    snprintf(s->status, sizeof s->status, fmt, arg);
}

/* Whether the entry's name holds a control character (C0, DEL or C1),
** which no LMS export writes: such an entry is not graded. */
static int has_control(const char *name)
{
    while (*name) {
        long cp;
        size_t n = report_utf8_char(name, &cp);
        if (visible_is_control(cp))
            return 1;
        name += n;
    }
    return 0;
}

int batch_id_reserved(const char *id)
{
    for (const char *const *r = reserved_ids; *r; r++)
        if (strcmp(id, *r) == 0)
            return 1;
    return 0;
}

/* Fills `s` for the entry `name` of `dir` (opened as `dfd`). */
static int classify(int dfd, const char *dir, const char *name,
                    struct batch_student *s)
{
    struct stat st;
    size_t suffix = 0;
    int archive = unpack_format_of(name, &s->format, &suffix) == 0;
    char *raw = strndup(name, strlen(name) - suffix);
    s->id = raw ? visible_copy(raw, 0) : NULL;
    free(raw);
    if (!s->id || asprintf(&s->path, "%s/%s", dir, name) < 0) {
        s->path = NULL;
        return -1;
    }
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        set_status(s, "bad archive: cannot be read%s", "");
    else if (S_ISDIR(st.st_mode))
        s->entry = ENTRY_FOLDER;
    else if (S_ISREG(st.st_mode) && archive)
        s->entry = ENTRY_ARCHIVE;
    else if (S_ISLNK(st.st_mode))
        set_status(s, "bad archive: a symbolic link, not a folder or archive%s", "");
    else
        set_status(s, "bad archive: not a folder or a .zip, .tar.gz, .tgz or .tar file%s", "");
    if (has_control(name))
        set_status(s, "bad archive: the name has control characters%s", "");
    else if (strlen(s->id) > NAME_MAX)
        set_status(s, "bad archive: the name is too long once its bytes are made visible%s", "");
    else if (batch_id_reserved(s->id))
        set_status(s, "bad archive: the name '%s' is reserved for grade-all's files", s->id);
    return 0;
}

static int by_id(const void *a, const void *b)
{
    const struct batch_student *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : strcmp(x->path, y->path);
}

static void free_student(struct batch_student *s)
{
    free(s->id);
    free(s->path);
    free(s->lms_time);
    free(s->feedback);
}

/* Entries sharing an id become one row saying so. */
static void fold_duplicates(struct batch_class *c)
{
    size_t out = 0;
    for (size_t i = 0; i < c->n; out++) {
        size_t j = i + 1;
        while (j < c->n && strcmp(c->s[j].id, c->s[i].id) == 0)
            j++;
        c->s[out] = c->s[i];
        if (j - i > 1) {
            char *a = visible_copy(strrchr(c->s[i].path, '/') + 1, 0);
            char *b = visible_copy(strrchr(c->s[i + 1].path, '/') + 1, 0);
            c->s[out].entry = ENTRY_NONE;
            snprintf(c->s[out].status, sizeof c->s[out].status, "duplicate: %.80s and %.80s%s",
                     a ? a : "?", b ? b : "?", j - i > 2 ? " and more" : "");
            free(a);
            free(b);
            for (size_t k = i + 1; k < j; k++)
                free_student(&c->s[k]);
        }
        i = j;
    }
    c->n = out;
}

static int grow(struct batch_class *c, size_t *cap)
{
    if (c->n < *cap)
        return 0;
    size_t ncap = *cap ? *cap * 2 : 64;
    struct batch_student *s = realloc(c->s, ncap * sizeof *s);
    if (!s)
        return -1;
    c->s = s;
    *cap = ncap;
    return 0;
}

int batch_list(const char *dir, struct batch_class *c)
{
    size_t cap = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    memset(c, 0, sizeof *c);
    if (!d) {
        visible_printf(stderr, "grade-all: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        if (grow(c, &cap) != 0)
            break;
        memset(&c->s[c->n], 0, sizeof c->s[c->n]);
        if (classify(dirfd(d), dir, e->d_name, &c->s[c->n]) != 0) {
            free_student(&c->s[c->n]);
            break;
        }
        c->n++;
    }
    int failed = e != NULL;
    closedir(d);
    if (failed) {
        visible_printf(stderr, "grade-all: out of memory listing %s\n", dir);
        batch_class_free(c);
        return -1;
    }
    batch_list_sort(c);
    return 0;
}

void batch_list_sort(struct batch_class *c)
{
    if (c->n)
        qsort(c->s, c->n, sizeof *c->s, by_id);
    fold_duplicates(c);
}

unsigned batch_shard_of(const char *id, unsigned shards)
{
    return (unsigned)(batch_fnv(BATCH_FNV_INIT, id, strlen(id)) % shards);
}

void batch_keep_shard(struct batch_class *c, unsigned shard, unsigned shards)
{
    size_t out = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (batch_shard_of(c->s[i].id, shards) == shard - 1)
            c->s[out++] = c->s[i];
        else
            free_student(&c->s[i]);
    }
    c->n = out;
}

void batch_class_free(struct batch_class *c)
{
    for (size_t i = 0; i < c->n; i++)
        free_student(&c->s[i]);
    free(c->s);
    memset(c, 0, sizeof *c);
}
