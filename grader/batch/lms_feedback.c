/*
** lms_feedback.c -- each student's report, zipped the way the LMS the
** class came from takes feedback files back (lms.h, FEEDBACK).
**
**   canvas   OUTDIR/canvas-feedback.zip, for the assignment's "Re-upload
**            submissions": NAME_[late_]USERID_FILEID_report.html at the
**            top of the zip (lms_canvas.c says why that name)
**   moodle   OUTDIR/moodle-feedback.zip, for "Upload multiple feedback
**            files in a zip": Full Name_NNN_assignsubmission_file_/report.html
**            (lms_moodle.c says why)
** Gradescope's autograder reports per test by itself, and plain folders
** have no LMS: neither gets a zip.
**
** Only a student with a report gets an entry: one graded or whose build
** failed, whose OUTDIR/ID/report.html is there.  Students without a
** verdict (grader error, grader timeout), with a verdict but no report
** (bad archive) or without a submission (missing: the LMS has no file of
** theirs to attach to) are left out and named on stderr, so that the
** staff can see who got no report.  The zip is written to a temporary
** name and renamed (batch_write_atomic): a run stopped while writing it
** leaves the previous zip or none, never half of one.  Entries are
** sorted by the student's id, and their names are UTF-8 (the zip's
** language-encoding flag set), as the LMS's own download names them.
*/
#define _GNU_SOURCE
#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lms_internal.h"
#include "../report/visible.h"

struct feedback {
    const char *outdir;
    const struct batch_class *c;
    const char *zip;                /* its name in OUTDIR, for messages */
    size_t written;
};

/* Whether student `s` has a report to send: its path in `path`. */
static int has_report(const struct feedback *f, const struct batch_student *s,
                      char *path, size_t size)
{
    char sdir[4096];
    if (strcmp(s->status, "graded") != 0 && strcmp(s->status, "build failed") != 0)
        return 0;
    return batch_path(sdir, sizeof sdir, f->outdir, s->id) == 0
           && batch_path(path, size, sdir, BATCH_REPORT) == 0 && access(path, R_OK) == 0;
}

/* Copies file `path` into the current entry of `a`; 0 or -1. */
static int copy_in(struct archive *a, int fd)
{
    char buf[65536];
    ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0)
        if (archive_write_data(a, buf, (size_t)n) != n)
            return -1;
    return n == 0 ? 0 : -1;
}

/* One entry, `name`, holding file `path`; 0 or -1 (message). */
static int add_entry(struct archive *a, const char *name, const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    struct archive_entry *e = fd >= 0 && fstat(fd, &st) == 0 ? archive_entry_new() : NULL;
    int rc = -1;
    if (e) {
        archive_entry_set_pathname_utf8(e, name);
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, st.st_size);
        archive_entry_set_mtime(e, st.st_mtime, 0);
        rc = archive_write_header(a, e) == ARCHIVE_OK && copy_in(a, fd) == 0
             && archive_write_finish_entry(a) == ARCHIVE_OK ? 0 : -1;
        archive_entry_free(e);
    }
    if (rc != 0)
        visible_printf(stderr, "grade-all: %s: cannot add %s: %s\n", path, name,
                       fd < 0 ? strerror(errno) : archive_error_string(a) ? archive_error_string(a) : "?");
    if (fd >= 0)
        close(fd);
    return rc;
}

static int fill(FILE *out, void *arg)
{
    struct feedback *f = arg;
    struct archive *a = archive_write_new();
    int rc = a && archive_write_set_format_zip(a) == ARCHIVE_OK
             && archive_write_set_options(a, "zip:hdrcharset=UTF-8") == ARCHIVE_OK
             && archive_write_open_FILE(a, out) == ARCHIVE_OK ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < f->c->n; i++) {
        const struct batch_student *s = &f->c->s[i];
        char path[4200], *name = NULL;
        if (!has_report(f, s, path, sizeof path)) {
            visible_printf(stderr, "grade-all: %s: no report in %s (%s)\n", s->id, f->zip,
                           s->status[0] ? s->status : "not graded");
            continue;
        }
        if (!s->feedback) {
            visible_printf(stderr, "grade-all: %s: no report in %s (not in the LMS's download)\n",
                           s->id, f->zip);
            continue;
        }
        if (asprintf(&name, "%s%s", s->feedback, BATCH_REPORT) < 0 || add_entry(a, name, path) != 0)
            rc = -1;
        f->written += rc == 0;
        free(name);
    }
    if (a && archive_write_close(a) != ARCHIVE_OK)
        rc = -1;
    archive_write_free(a);
    return rc;
}

int lms_feedback_write(const char *outdir, const struct batch_class *c)
{
    struct feedback f = { .outdir = outdir, .c = c };
    if (c->lms_format == LMS_CANVAS)
        f.zip = LMS_CANVAS_FEEDBACK;
    else if (c->lms_format == LMS_MOODLE)
        f.zip = LMS_MOODLE_FEEDBACK;
    else
        return 0;
    if (batch_write_atomic(outdir, f.zip, fill, &f) != 0)
        return -1;
    visible_printf(stderr, "grade-all: %s/%s: %zu report%s\n", outdir, f.zip, f.written,
                   f.written == 1 ? "" : "s");
    return 0;
}
