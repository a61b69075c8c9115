/*
** lms_sub.c -- the intake's bookkeeping: submissions, their members and
** files, the instructor's notes, which files are junk, and small path
** helpers (lms_internal.h).
**
** Every string is copied in; everything is freed with the intake
** (lms_intake.c).  Allocation failures return -1/NULL to the caller,
** which stops grade-all with "out of memory": a partial class is never
** graded.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lms_internal.h"
#include "../report/visible.h"

static const char *const junk_files[] = {
    ".DS_Store", "a.out", "Thumbs.db", "desktop.ini", NULL,
};

int lms_is_junk(const char *name, int is_folder)
{
    size_t n = strlen(name);
    if (is_folder)
        return strcmp(name, "__MACOSX") == 0;
    if (strncmp(name, "._", 2) == 0 || (n > 2 && strcmp(name + n - 2, ".o") == 0))
        return 1;
    for (const char *const *j = junk_files; *j; j++)
        if (strcmp(name, *j) == 0)
            return 1;
    return 0;
}

char *lms_join(const char *dir, const char *name)
{
    char *p;
    return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

char **lms_names(const char *dir)
{
    DIR *d = opendir(dir);
    size_t n = 0, cap = 16;
    char **v = d ? malloc(cap * sizeof *v) : NULL;
    struct dirent *e;
    if (!v) {
        if (d)
            closedir(d);
        return NULL;
    }
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (n + 1 >= cap) {
            char **w = realloc(v, (cap *= 2) * sizeof *v);
            if (!w)
                break;
            v = w;
        }
        if (!(v[n] = strdup(e->d_name)))
            break;
        n++;
    }
    int failed = e != NULL;
    closedir(d);
    v[n] = NULL;
    if (failed) {
        lms_names_free(v);
        return NULL;
    }
    qsort(v, n, sizeof *v, by_name);
    return v;
}

void lms_names_free(char **names)
{
    for (char **p = names; p && *p; p++)
        free(*p);
    free(names);
}

void lms_note(struct lms_intake *in, const char *fmt, ...)
{
    char *line;
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(&line, fmt, ap);
    va_end(ap);
    if (n < 0 || !in->notes)
        return;
    visible_printf(in->notes, "%s\n", line);
    free(line);
}

struct lms_sub *lms_sub_add(struct lms_intake *in, const char *label)
{
    if (in->nsubs == in->cap) {
        size_t cap = in->cap ? in->cap * 2 : 64;
        struct lms_sub *s = realloc(in->subs, cap * sizeof *s);
        if (!s)
            return NULL;
        in->subs = s;
        in->cap = cap;
    }
    struct lms_sub *s = &in->subs[in->nsubs];
    memset(s, 0, sizeof *s);
    if (!(s->label = strdup(label)))
        return NULL;
    in->nsubs++;
    return s;
}

int lms_member_add(struct lms_sub *s, const char *key, const char *email, const char *id)
{
    struct lms_member *m = realloc(s->members, (s->nmembers + 1) * sizeof *m);
    if (!m)
        return -1;
    s->members = m;
    m = &m[s->nmembers];
    m->key = strdup(key);
    m->email = email && *email ? strdup(email) : NULL;
    m->id = strdup(id);
    s->nmembers++;
    return m->key && m->id ? 0 : -1;
}

int lms_file_add(struct lms_sub *s, const char *src, const char *name, long version)
{
    struct lms_file *f = realloc(s->files, (s->nfiles + 1) * sizeof *f);
    if (!f)
        return -1;
    s->files = f;
    f = &f[s->nfiles];
    f->src = strdup(src);
    f->name = strdup(name);
    f->version = version;
    s->nfiles++;
    return f->src && f->name ? 0 : -1;
}

static int add_tree(struct lms_intake *in, struct lms_sub *s, const char *dir,
                    const char *prefix, int depth)
{
    char **names = lms_names(dir);
    int rc = names ? 0 : -1;
    for (char **p = names; p && *p && rc == 0; p++) {
        char *src = lms_join(dir, *p), *name = *prefix ? lms_join(prefix, *p) : strdup(*p);
        struct stat st;
        if (!src || !name)
            rc = -1;
        else if (lstat(src, &st) != 0 || !(S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
            lms_note(in, "  %s: left out %s: not a regular file or folder", s->label, name);
        else if (S_ISREG(st.st_mode))
            rc = lms_file_add(s, src, name, 0);
        else if (depth >= UNPACK_MAX_DEPTH)
            lms_note(in, "  %s: left out %s: nested too deeply", s->label, name);
        else
            rc = add_tree(in, s, src, name, depth + 1);
        free(src);
        free(name);
    }
    lms_names_free(names);
    return rc;
}

int lms_file_add_tree(struct lms_intake *in, struct lms_sub *s,
                      const char *dir, const char *prefix)
{
    if (add_tree(in, s, dir, prefix, 0) == 0)
        return 0;
    visible_printf(stderr, "grade-all: %s: %s\n", dir, errno ? strerror(errno) : "cannot be read");
    return -1;
}

int lms_odd_entry(struct lms_intake *in, const char *name, const char *why)
{
    struct lms_sub *s = lms_sub_add(in, name);
    if (!s || lms_member_add(s, name, NULL, name) != 0)
        return -1;
    snprintf(s->status, sizeof s->status, "bad archive: %s", why);
    lms_note(in, "%s: %s; a row of its own", name, why);
    return 0;
}

/* Cuts the visible `full` into `cut` (NAME_MAX_ID + 1 bytes): a long
** name loses bytes from its name part, at a character's start, never its
** last "_KEY" (the LMS's number, which late times, rosters and gradebooks
** match on, and which keeps two long names that start alike apart). */
static void cut_keeping_key(char *cut, const char *full)
{
    size_t len = strlen(full);
    const char *key = strrchr(full, '_');
    size_t keep = key && len - (size_t)(key - full) <= NAME_MAX_ID / 2 ? len - (size_t)(key - full) : 0;
    size_t head = len <= NAME_MAX_ID ? len : NAME_MAX_ID - keep;
    while (head > 0 && head < len && ((unsigned char)full[head] & 0xC0) == 0x80)
        head--;                     /* a continuation byte: back to the start */
    if (len <= NAME_MAX_ID)
        keep = 0;
    memcpy(cut, full, head);
    memcpy(cut + head, full + len - keep, keep);
    cut[head + keep] = '\0';
}

char *lms_visible_id(const char *raw)
{
    char cut[NAME_MAX_ID + 2];     /* room for the '_' put first below */
    char *full = visible_copy(raw, 0);
    if (!full)
        return NULL;
    cut_keeping_key(cut, full);
    free(full);
    for (char *p = cut; *p; p++)
        if (*p == '/' || *p == '\n' || *p == '\t')
            *p = '_';
    if (cut[0] == '.' || cut[0] == '\0')
        memmove(cut + 1, cut, strlen(cut) + 1), cut[0] = '_';
    return strdup(cut);
}

struct lms_sub *lms_student(struct lms_intake *in, const char *id, const char *key)
{
    for (size_t i = in->nsubs; i-- > 0;)
        if (strcmp(in->subs[i].label, id) == 0)
            return &in->subs[i];
    struct lms_sub *s = lms_sub_add(in, id);
    if (s && lms_member_add(s, key, NULL, id) != 0)
        return NULL;
    return s;
}

int lms_each_entry(struct lms_intake *in,
                   int (*visit)(struct lms_intake *, const char *, const char *, const struct stat *))
{
    char **names = lms_names(in->root);
    int rc = names ? 0 : -1;
    for (char **p = names; p && *p && rc == 0; p++) {
        char *path = lms_join(in->root, *p);
        struct stat st;
        if (!path)
            rc = -1;
        else if ((*p)[0] == '.' || lms_is_junk(*p, 1) || lms_is_junk(*p, 0))
            lms_note(in, "%s: left out (not a submission)", *p);
        else if (lstat(path, &st) != 0)
            rc = lms_odd_entry(in, *p, "cannot be read");
        else
            rc = visit(in, *p, path, &st);
        free(path);
    }
    lms_names_free(names);
    if (!names)
        visible_printf(stderr, "grade-all: %s: cannot be read\n", in->root);
    return rc;
}
