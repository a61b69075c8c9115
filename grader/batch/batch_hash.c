/*
** batch_hash.c -- fingerprints: FNV-1a 64 over a submission's bytes and
** over every kit file that decides a grade (see batch.h, FINGERPRINT).
**
** A folder is hashed as a sorted walk -- each entry's name, its type, and
** a regular file's size and bytes or a link's target -- so renaming,
** adding or editing anything changes the hash, and the order readdir()
** happens to return does not.  Links are never followed and only regular
** files are opened (a FIFO would block the run).  Every item is preceded
** by a label, so that two different lists of files cannot hash alike by
** moving bytes from one file to the next.
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
#include "late.h"
#include "../report/visible.h"

#define FNV_PRIME 0x100000001b3ULL
#define TREE_MAX_DEPTH 32    /* deeper folders count by name only */

uint64_t batch_fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= FNV_PRIME;
    }
    return h;
}

static void mix_str(uint64_t *h, const char *s)
{
    *h = batch_fnv(*h, s, strlen(s) + 1);   /* the NUL ends the item */
}

static void mix_u64(uint64_t *h, uint64_t v)
{
    *h = batch_fnv(*h, &v, sizeof v);
}

/* The bytes of the regular file `name` in `dfd`. */
static int mix_file_at(uint64_t *h, int dfd, const char *name)
{
    static char buf[1 << 16];
    int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    mix_u64(h, (uint64_t)st.st_size);
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        *h = batch_fnv(*h, buf, (size_t)n);
    close(fd);
    return n < 0 ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in folder `dfd` (left open), sorted; NULL-terminated. */
static char **sorted_names(int dfd, size_t *n)
{
    int fd = fcntl(dfd, F_DUPFD_CLOEXEC, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    struct dirent *e;
    char **names = NULL;
    size_t cap = 0;
    *n = 0;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (*n + 1 >= cap) {
            cap = cap ? cap * 2 : 32;
            char **more = realloc(names, cap * sizeof *names);
            if (!more)
                break;
            names = more;
        }
        if (!(names[*n] = strdup(e->d_name)))
            break;
        (*n)++;
    }
    int failed = e != NULL;
    closedir(d);
    if (names)
        names[*n] = NULL;
    if (failed) {
        for (size_t i = 0; i < *n; i++)
            free(names[i]);
        free(names);
        return NULL;
    }
    if (*n)
        qsort(names, *n, sizeof *names, by_name);
    return names ? names : calloc(1, sizeof *names);
}

static int mix_tree(uint64_t *h, int dfd, int depth);

/* Something inside a submission that cannot be read is hashed as such
** (the grader cannot read it either); only the top item must be read. */
static int unreadable(uint64_t *h, int depth)
{
    mix_str(h, "unreadable");
    return depth == 0 ? -1 : 0;
}

/* One entry of a folder: label, type, then what it holds. */
static int mix_entry(uint64_t *h, int dfd, const char *name, int depth)
{
    struct stat st;
    char target[4096];
    mix_str(h, name);
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    if (S_ISREG(st.st_mode)) {
        mix_str(h, "file");
        return mix_file_at(h, dfd, name) == 0 ? 0 : unreadable(h, depth);
    }
    if (S_ISDIR(st.st_mode)) {
        mix_str(h, "dir");
        if (depth >= TREE_MAX_DEPTH)
            return 0;
        int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0 || mix_tree(h, fd, depth + 1) != 0)
            return unreadable(h, depth);
        return 0;
    }
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlinkat(dfd, name, target, sizeof target - 1);
        if (n < 0)
            return -1;
        target[n] = '\0';
        mix_str(h, "link");
        mix_str(h, target);
        return 0;
    }
    mix_str(h, "other");
    return 0;
}

/* Every entry of folder `fd` (closed here), in name order. */
static int mix_tree(uint64_t *h, int fd, int depth)
{
    size_t n;
    char **names = sorted_names(fd, &n);
    int rc = names ? 0 : -1;
    for (size_t i = 0; i < n; i++) {
        if (rc == 0)
            rc = mix_entry(h, fd, names[i], depth);
        free(names[i]);
    }
    free(names);
    close(fd);
    mix_str(h, "end");
    return rc;
}

/* A file or folder given by path, under `label`. */
static int mix_path(uint64_t *h, const char *label, const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return -1;
    char *slash = strrchr(copy, '/');
    const char *name = slash ? slash + 1 : copy;
    const char *dir = slash ? (slash == copy ? "/" : copy) : ".";
    if (slash)
        *slash = '\0';
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    mix_str(h, label);
    int rc = dfd < 0 ? -1 : mix_entry(h, dfd, name, 0);
    if (dfd >= 0)
        close(dfd);
    free(copy);
    return rc;
}

/* The kit files that decide a grade, relative to its root, each labelled
** by that name: FIRST<id>REST for each pair. */
static const char *const kit_files[][2] = {
    {"sample_io/", "/public"}, {"sample_io/", "/hidden"},
    {"build/unit/", "/public.list"}, {"build/unit/", "/hidden.list"},
    {"build/unit/", "/graded_test.o"}, {"build/unit/", "/public.o"}, {"build/unit/", "/hidden.o"},
    {"solution/", "/"},
    {"grader/unit/vet-objects.sh", NULL}, {"grader/unit/vet-binary.sh", NULL},
    {"grader/run/vet-hooks.sh", NULL},
};

/* Mixes one kit file; `header` completes a "solution/<id>/" entry. */
static int mix_kit_file(uint64_t *h, const struct batch_options *o, const char *first,
                        const char *rest, const char *header)
{
    char rel[1024], path[4096];
    if (rest)
        snprintf(rel, sizeof rel, "%s%s%s%s", first, o->assignment->id, rest,
                 strcmp(rest, "/") == 0 ? header : "");
    else
        snprintf(rel, sizeof rel, "%s", first);
    if (batch_path(path, sizeof path, o->kit, rel) != 0 || mix_path(h, rel, path) != 0) {
        visible_printf(stderr, "grade-all: cannot read the kit's %s/%s (run make?)\n", o->kit, rel);
        return -1;
    }
    return 0;
}

/* The rubric's path into `path`: --rubric, or the assignment's own. */
static const char *rubric_path(const struct batch_options *o, char *path, size_t size)
{
    if (o->rubric)
        return o->rubric;
    if (assignment_path(path, size, o->kit, o->assignment, "grader/assignments/",
                        "/rubric.txt") != 0)
        return NULL;
    return path;
}

int batch_rubric_hash(const struct batch_options *o, char out[32])
{
    char path[4096];
    uint64_t h = BATCH_FNV_INIT;
    const char *rubric = rubric_path(o, path, sizeof path);
    if (!rubric || mix_path(&h, "rubric", rubric) != 0) {
        visible_printf(stderr, "grade-all: cannot read the rubric %s\n", rubric ? rubric : path);
        return -1;
    }
    snprintf(out, 32, "fnv1a64 %016llx", (unsigned long long)h);
    return 0;
}

int batch_late_hash(const struct batch_options *o, char out[32])
{
    char path[4096];
    uint64_t h = BATCH_FNV_INIT;
    if (late_policy_path(o, path, sizeof path) != 0)
        return -1;
    mix_str(&h, path[0] ? "late policy" : "no late policy");
    if ((path[0] && mix_path(&h, "late", path) != 0) || (path[0] && o->times && mix_path(&h, "times", o->times) != 0)) {
        visible_printf(stderr, "grade-all: cannot read the late policy %s or its --times file\n", path);
        return -1;
    }
    snprintf(out, 32, "fnv1a64 %016llx", (unsigned long long)h);
    return 0;
}

int batch_kit_hash(const struct batch_options *o, uint64_t *h)
{
    char path[4096];
    *h = BATCH_FNV_INIT;
    mix_str(h, "grade-all fingerprint 1");
    mix_str(h, o->assignment->id);
    mix_str(h, o->include_hidden ? "tests=all" : "tests=public");
    for (size_t i = 0; i < sizeof kit_files / sizeof *kit_files; i++)
        if (mix_kit_file(h, o, kit_files[i][0], kit_files[i][1], o->assignment->header) != 0)
            return -1;
    const char *rubric = rubric_path(o, path, sizeof path);
    if (!rubric)
        return -1;
    if (mix_path(h, "rubric", rubric) != 0 || mix_path(h, "grader", o->grader) != 0) {
        visible_printf(stderr, "grade-all: cannot read %s or %s\n", rubric, o->grader);
        return -1;
    }
    return 0;
}

int batch_fingerprint(struct batch_student *s, uint64_t kit)
{
    uint64_t h = kit;
    mix_str(&h, "submission");
    if (mix_path(&h, "entry", s->path) != 0)
        return -1;
    snprintf(s->fingerprint, sizeof s->fingerprint, "fnv1a64 %016llx",
             (unsigned long long)h);
    return 0;
}
