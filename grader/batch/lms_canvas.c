/*
** lms_canvas.c -- Canvas's "Download Submissions": one zip of loose files.
**
** Each file is named NAME_[LATE_]USERID_SUBMISSIONID_ORIGINAL:
**   NAME        the student's sortable name, lowercased, without spaces
**               or punctuation ("Doe, Jane" -> "doejane"); two students
**               of one name differ by USERID
**   LATE        "late" (or "LATE") when Canvas counted it late
**   USERID      Canvas's user id, the "ID" column of its gradebook CSV
**   SUBMISSIONID  one number per uploaded file
**   ORIGINAL    the name the student gave the file, with "-1", "-2", ...
**               before the extension when they uploaded that name again
** Checked against: the Canvas Community guide "How do I download all
** student submissions for an assignment?", and public scripts that sort
** such downloads back into folders (TimHanneman/Canvas_submission_sort,
** whose README describes the late field and the resubmission numbers).
**
** The download carries no submission times: a student any of whose
** files is marked LATE is marked late (late.h says what that costs).
**
** Feedback back (lms_feedback.c): "Re-upload submissions" (the
** assignment's page) takes a zip of files named as the download named
** them; for each, Canvas splits the name on '_', takes the first two
** parts made of digits only as the user id and the id of the file
** (attachment) it answers, which must be one of the files of the
** student's current submission, and adds the file as a comment ("See
** attached file") to that student's submission, shown under the name
** of the student's file it answers.  So a report goes in as
** NAME_[late_]USERID_FILEID_report.html, FILEID that of a file kept.
** Checked against Canvas's source (app/models/assignment.rb:
** generate_comments_from_files and infer_comment_context_from_filename,
** lib/file_in_context.rb).
**
** Each student becomes one submission "NAME_USERID" holding their files
** under ORIGINAL with the resubmission number removed; where two files
** end up with one name, the highest number (the newest) is kept and the
** other noted.  A file named otherwise is a row of its own, "bad archive:
** not named as Canvas names submissions", so nothing vanishes.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lms_internal.h"

struct canvas_name {
    char *student;      /* NAME_USERID, malloc'd */
    char *user;         /* USERID, malloc'd      */
    const char *original;
    int late;
};

static size_t digits(const char *p)
{
    size_t n = 0;
    while (isdigit((unsigned char)p[n]))
        n++;
    return n;
}

/* Whether `s` is "." or "..": no file's name in a submission (a student
** names ORIGINAL; lms_internal.h: a file's name has no ".."). */
static int dot_name(const char *s)
{
    return s[0] == '.' && (!s[1] || (s[1] == '.' && !s[2]));
}

/* Whether `p` starts "[late_]DIGITS_DIGITS_X", X not "." or ".."; sets
** the parts. */
static int parse_tail(const char *p, struct canvas_name *c, const char **user, size_t *ulen)
{
    c->late = strncasecmp(p, "late_", 5) == 0;
    p += c->late ? 5 : 0;
    size_t u = digits(p);
    if (u == 0 || p[u] != '_')
        return 0;
    size_t s = digits(p + u + 1);
    if (s == 0 || p[u + 1 + s] != '_' || p[u + 2 + s] == '\0' || dot_name(p + u + 2 + s))
        return 0;
    *user = p;
    *ulen = u;
    c->original = p + u + 2 + s;
    return 1;
}

/* Splits a download's file name; 0 when it is not one. */
static int parse(const char *name, struct canvas_name *c)
{
    memset(c, 0, sizeof *c);
    for (const char *p = strchr(name, '_'); p; p = strchr(p + 1, '_')) {
        const char *user;
        size_t ulen;
        if (p == name || !parse_tail(p + 1, c, &user, &ulen))
            continue;
        c->user = strndup(user, ulen);
        if (asprintf(&c->student, "%.*s_%s", (int)(p - name), name, c->user ? c->user : "") < 0)
            c->student = NULL;
        return 1;
    }
    return 0;
}

int lms_canvas_name(const char *name)
{
    struct canvas_name c;
    int yes = parse(name, &c);
    free(c.student);
    free(c.user);
    return yes;
}

/* ORIGINAL without Canvas's "-N" before the extension; N in *version.
** ORIGINAL as it is (version 0) when the rest would be "." or ".."
** (".-1." is no resubmission of ".."). */
static char *restored(const char *original, long *version)
{
    size_t n = strlen(original);
    const char *dot = strrchr(original, '.');
    if (n > 7 && strcmp(original + n - 7, ".tar.gz") == 0)
        dot = original + n - 7;
    size_t stem = dot && dot != original ? (size_t)(dot - original) : n;
    size_t k = stem;
    while (k > 0 && isdigit((unsigned char)original[k - 1]))
        k--;
    *version = 0;
    if (k == stem || k < 2 || original[k - 1] != '-')
        return strdup(original);
    *version = strtol(original + k, NULL, 10);
    char *r;
    if (asprintf(&r, "%.*s%s", (int)(k - 1), original, original + stem) < 0)
        return NULL;
    if (dot_name(r)) {
        free(r);
        *version = 0;
        return strdup(original);
    }
    return r;
}

/* Keeps, of the files of `s` sharing a name, the newest only. */
static void keep_newest(struct lms_intake *in, struct lms_sub *s)
{
    size_t out = 0;
    for (size_t i = 0; i < s->nfiles; i++) {
        size_t j;
        for (j = 0; j < out && strcmp(s->files[j].name, s->files[i].name) != 0; j++)
            ;
        if (j == out) {
            s->files[out++] = s->files[i];
            continue;
        }
        /* `kept` ends as the newest; on a tie, the later in the download */
        struct lms_file *kept = &s->files[j], *other = &s->files[i];
        if (other->version >= kept->version) {
            struct lms_file t = *kept;
            *kept = *other;
            *other = t;
        }
        lms_note(in, "  %s: %s is an older upload of %s; the newest is kept",
                 s->label, strrchr(other->src, '/') + 1, kept->name);
        free(other->src);
        free(other->name);
    }
    s->nfiles = out;
}

static int add_file(struct lms_intake *in, const char *name)
{
    struct canvas_name c;
    char *src = lms_join(in->root, name);
    int rc = -1;
    if (!src)
        return -1;
    if (!parse(name, &c)) {
        rc = lms_odd_entry(in, name, "not named as Canvas names submissions");
    } else if (c.student && c.user) {
        long version;
        char *orig = restored(c.original, &version);
        struct lms_sub *s = orig ? lms_student(in, c.student, c.user) : NULL;
        rc = s ? lms_file_add(s, src, orig, version) : -1;
        if (s)
            s->late_mark = c.late || s->late_mark == LATE_MARK_LATE ? LATE_MARK_LATE
                                                                   : LATE_MARK_ON_TIME;
        if (s && c.late)
            lms_note(in, "  %s: %s marked late by Canvas", s->label, orig);
        free(orig);
    }
    free(c.student);
    free(c.user);
    free(src);
    return rc;
}

static int visit(struct lms_intake *in, const char *name, const char *path, const struct stat *st)
{
    (void)path;
    if (!S_ISREG(st->st_mode))
        return lms_odd_entry(in, name, "not a file, as Canvas's download holds");
    return add_file(in, name);
}

/* The name a feedback file for `s` gets in the re-upload zip: its first
** file's download name up to ORIGINAL ("doejane_12345_900001_"), which
** names one of the files of the student's current submission. */
static int feedback_name(struct lms_sub *s)
{
    struct canvas_name c;
    const char *entry = s->nfiles ? strrchr(s->files[0].src, '/') + 1 : NULL;
    if (!entry || !parse(entry, &c))
        return 0;
    s->feedback = strndup(entry, (size_t)(c.original - entry));
    free(c.student);
    free(c.user);
    return s->feedback ? 0 : -1;
}

int lms_canvas_read(struct lms_intake *in)
{
    int rc = lms_each_entry(in, visit);
    for (size_t i = 0; rc == 0 && i < in->nsubs; i++) {
        keep_newest(in, &in->subs[i]);
        rc = feedback_name(&in->subs[i]);
    }
    return rc;
}
