/*
** batch_list.c -- the class: one student per entry of SUBMISSIONS_DIR,
** sorted by id, and the shard a student belongs to (see batch.h).
**
** Listing never fails because of one entry: whatever cannot be graded
** (a plain file, a link, a clash of ids, a name that would collide with
** OUTDIR's own files) becomes that student's status, decided here, so the
** gradebook shows it instead of the entry vanishing.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch_internal.h"

/* Ids that would land on OUTDIR's own files. */
static const char *const reserved_ids[] = {
    BATCH_CSV, BATCH_SUMMARY, BATCH_CLASS, NULL,
};

static void set_status(struct batch_student *s, const char *fmt, const char *arg)
{
    s->entry = ENTRY_NONE;
    snprintf(s->status, sizeof s->status, fmt, arg);
}

/* The id is shown in terminals, CSV and HTML and names a folder: control
** characters become '?' and the entry is not graded. */
static int clean_id(char *id)
{
    int dirty = 0;
    for (char *p = id; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f) {
            *p = '?';
            dirty = 1;
        }
    return dirty;
}

static int is_reserved(const char *id)
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
    s->id = strndup(name, strlen(name) - suffix);
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
    if (clean_id(s->id))
        set_status(s, "bad archive: the name has control characters%s", "");
    else if (is_reserved(s->id))
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
            const char *a = strrchr(c->s[i].path, '/') + 1;
            const char *b = strrchr(c->s[i + 1].path, '/') + 1;
            c->s[out].entry = ENTRY_NONE;
            snprintf(c->s[out].status, sizeof c->s[out].status,
                     "duplicate: %.80s and %.80s%s", a, b, j - i > 2 ? " and more" : "");
            clean_id(c->s[out].status);
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
        perror(dir);
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
        fprintf(stderr, "grade-all: out of memory listing %s\n", dir);
        batch_class_free(c);
        return -1;
    }
    if (c->n)
        qsort(c->s, c->n, sizeof *c->s, by_id);
    fold_duplicates(c);
    return 0;
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
