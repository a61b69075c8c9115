/*
** lms_stage.c -- each submission's files copied into a folder of its
** own, OUTDIR/.intake/class/NNNN (NNNN its rank: labels from the LMS are
** never used as paths), under the names the student gave them.
**
** Theory of operation.  For each submission: (1) every file is copied
** (opened with O_NOFOLLOW, created with O_EXCL, never through a link),
** files nobody means to hand in left out (lms_is_junk); (2) each archive
** the student uploaded is unpacked by unpack_archive() (archive.h: no
** member lands outside, caps on bytes and members) into a scratch folder
** and its members moved beside the archive, then the junk they brought
** removed (lms_unpack.c).  The submission's caps are archive.h's, for
** all its files and everything its archives unpack together: more than
** UNPACK_MAX_FILES files or UNPACK_MAX_BYTES bytes, or an archive
** refused, and the submission is "bad archive: WHY" -- as it is when one
** of its files had a name longer than NAME_MAX in the download (written
** there under a cut name, archive.h); none left at all,
** "missing: empty submission".  Every file left out is noted.
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lms_internal.h"
#include "../report/visible.h"

struct stage {
    struct lms_intake *in;
    struct lms_sub *s;
    size_t files, bytes;
};

/* Makes the folders of relative `name` below `top` (not its last part);
** -1 when a component is "", "." or "..". */
static int make_parents(const char *top, const char *name)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", top, name) >= (int)sizeof path)
        return -1;
    for (char *p = path + strlen(top) + 1; (p = strchr(p, '/')); p++) {
        *p = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST) {
            *p = '/';
            return -1;
        }
        *p = '/';
    }
    return 0;
}

/* Whether relative `name` holds junk, or a component no file may have. */
static int junk_or_bad(const char *name, int *bad)
{
    *bad = name[0] == '/';
    for (const char *p = name; *p;) {
        size_t n = strcspn(p, "/");
        char part[256];
        snprintf(part, sizeof part, "%.*s", (int)(n < 255 ? n : 255), p);
        if (n == 0 || strcmp(part, ".") == 0 || strcmp(part, "..") == 0)
            *bad = 1;
        else if (lms_is_junk(part, p[n] == '/'))
            return 1;
        p += n + (p[n] == '/');
    }
    return 0;
}

static int copy_fd(struct stage *st, int from, int to)
{
    char buf[65536];
    ssize_t n;
    while ((n = read(from, buf, sizeof buf)) > 0) {
        if ((st->bytes += (size_t)n) > UNPACK_MAX_BYTES)
            return 1;
        if (write(to, buf, (size_t)n) != n)
            return -1;
    }
    return n < 0 ? -1 : 0;
}

/* Copies one file; 0, 1 when a cap is passed, -1 on our failure. */
static int copy_file(struct stage *st, const struct lms_file *f)
{
    int bad = 0;
    if (junk_or_bad(f->name, &bad) || bad) {
        lms_note(st->in, "  %s: left out %s%s", st->s->label, f->name,
                 bad ? " (not a name a file may have)" : " (not meant to be handed in)");
        return 0;
    }
    if (++st->files > UNPACK_MAX_FILES)
        return 1;
    char *dest = lms_join(st->s->folder, f->name);
    int rc = dest && make_parents(st->s->folder, f->name) == 0 ? 0 : -1;
    int from = rc == 0 ? open(f->src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) : -1;
    int to = from >= 0 ? open(dest, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644) : -1;
    if (to < 0 && errno == EEXIST) {
        lms_note(st->in, "  %s: left out a second %s", st->s->label, f->name);
    } else if (to < 0) {
        visible_printf(stderr, "grade-all: %s: %s\n", from < 0 ? f->src : dest, strerror(errno));
        rc = -1;
    } else {
        rc = copy_fd(st, from, to);
        if (close(to) != 0 && rc == 0)
            rc = -1;
    }
    if (from >= 0)
        close(from);
    free(dest);
    return rc;
}

/* Whether a file of `s` had a name too long to be unpacked as it was
** (archive.h: the download's member written under a cut name). */
static int has_cut_name(const struct lms_intake *in, const struct lms_sub *s)
{
    for (size_t i = 0; i < s->nfiles; i++)
        for (size_t k = 0; k < in->ncut; k++)
            if (strcmp(s->files[i].src, in->cut[k]) == 0 ||
                (strncmp(s->files[i].src, in->cut[k], strlen(in->cut[k])) == 0 &&
                 s->files[i].src[strlen(in->cut[k])] == '/'))
                return 1;
    return 0;
}

static int stage_one(struct lms_intake *in, struct lms_sub *s, const char *class_dir, size_t rank)
{
    struct stage st = { .in = in, .s = s };
    char name[32];
    snprintf(name, sizeof name, "%04zu", rank);
    if (!(s->folder = lms_join(class_dir, name)) || batch_mkdir(s->folder) != 0)
        return -1;
    if (!s->status[0] && has_cut_name(in, s))
        snprintf(s->status, sizeof s->status,
                 "bad archive: a file name longer than %d bytes", NAME_MAX);
    if (s->status[0])
        return 0;
    int rc = 0;
    for (size_t i = 0; i < s->nfiles && rc == 0; i++)
        rc = copy_file(&st, &s->files[i]);
    if (rc == 1)
        snprintf(s->status, sizeof s->status, "bad archive: more than %zu files or %zu MiB",
                 (size_t)UNPACK_MAX_FILES, UNPACK_MAX_BYTES >> 20);
    if (rc == 0)
        rc = lms_unpack_in_place(in, s, st.files, st.bytes);
    if (rc == 0 && !s->status[0] && lms_count_files(s->folder) == 0)
        snprintf(s->status, sizeof s->status, "missing: empty submission");
    return rc < 0 ? -1 : 0;
}

int lms_stage(struct lms_intake *in)
{
    char *class_dir = lms_join(in->stage, LMS_CLASS);
    int rc = class_dir && batch_mkdir(class_dir) == 0 ? 0 : -1;
    for (size_t i = 0; i < in->nsubs && rc == 0; i++)
        rc = stage_one(in, &in->subs[i], class_dir, i);
    if (rc != 0)
        visible_printf(stderr, "grade-all: cannot copy the submissions into %s\n",
                       class_dir ? class_dir : in->stage);
    free(class_dir);
    return rc;
}
