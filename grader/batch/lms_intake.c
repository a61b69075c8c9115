/*
** lms_intake.c -- lms_intake(): from what the LMS gave to the class that
** grade-all grades (lms.h is the manual).
**
** Theory of operation, in order:
**   1. OUTDIR/.intake is emptied: the intake is redone on every run, and
**      since it is deterministic (same download, same folders, same
**      bytes), batch_fingerprint() still sees unchanged students as such
**      and a re-run or a resume after `kill -9` regrades nobody twice.
**   2. A zip (or tar) given as SUBMISSIONS is unpacked into
**      .intake/download by unpack_archive() with the class's caps
**      (LMS_DOWNLOAD_MAX_*): an unsafe download stops grade-all.
**   3. The format is --lms's, or detected (lms_detect.c).
**   4. Plain folders are listed as before (batch_list.c); an LMS's
**      download is read by its module, and each submission staged into a
**      folder of its own (lms_stage.c).
**   5. Each member of each submission becomes one student; the roster,
**      if any, adds the missing; the class is sorted, shared ids folded.
**   6. .intake/ids gets a link named after each student to be graded (an
**      archive's suffix kept) pointing at what is graded: the class as
**      one folder of students, for what reads a class by its entries'
**      names (build/similarity after --similarity).  Not for a plain
**      folder graded where it is, which is that folder already.
** The intake runs in grade-all's own process (the workers only grade):
** a download with hostile archives meets the same unpack_archive() as
** before, only earlier.
*/
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <unistd.h>

#include "lms_internal.h"
#include "archive.h"
#include "../report/visible.h"

static const char *const format_names[] = {
    [LMS_AUTO] = "auto", [LMS_FOLDERS] = "folders", [LMS_CANVAS] = "canvas",
    [LMS_MOODLE] = "moodle", [LMS_GRADESCOPE] = "gradescope",
};

int lms_format_named(const char *name, enum lms_format *format)
{
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++)
        if (strcmp(name, format_names[i]) == 0) {
            *format = (enum lms_format)i;
            return 0;
        }
    return -1;
}

const char *lms_format_name(enum lms_format format)
{
    return format_names[format];
}

static int (*const readers[])(struct lms_intake *) = {
    [LMS_CANVAS] = lms_canvas_read, [LMS_MOODLE] = lms_moodle_read,
    [LMS_GRADESCOPE] = lms_gradescope_read,
};

/* Notes a member of the download written under a cut name (archive.h):
** the submission holding it is that student's "bad archive", not the
** class's (lms_stage.c). */
static int note_cut(void *ctx, const char *written)
{
    struct lms_intake *in = ctx;
    char **grown = realloc(in->cut, (in->ncut + 1) * sizeof *grown);
    if (!grown)
        return -1;
    in->cut = grown;
    if (!(in->cut[in->ncut] = lms_join(in->root, written)))
        return -1;
    in->ncut++;
    return 0;
}

/* Sets in->root: the folder given, or the download unpacked. */
static int open_download(struct lms_intake *in, const char *path)
{
    struct stat st;
    enum unpack_format format;
    size_t suffix;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return (in->root = strdup(path)) ? 0 : -1;
    if (stat(path, &st) != 0 || unpack_format_of(path, &format, &suffix) != 0) {
        visible_printf(stderr, "grade-all: %s: neither a folder nor a .zip, .tar.gz, .tgz or .tar\n", path);
        return -1;
    }
    const struct unpack_limits class_caps = { LMS_DOWNLOAD_MAX_BYTES, LMS_DOWNLOAD_MAX_FILES,
                                              note_cut, in };
    char why[300];
    in->root = lms_join(in->stage, LMS_DOWNLOAD);
    if (!in->root || batch_mkdir(in->root) != 0)
        return -1;
    if (unpack_archive(path, format, in->root, &class_caps, why, sizeof why) != 0) {
        visible_printf(stderr, "grade-all: %s: the download cannot be unpacked safely: %s\n", path, why);
        return -1;
    }
    return 0;
}

/* The class from the staged submissions: one student per member, in
** `c`, and who[i] the member c->s[i] is. */
static int class_of(struct lms_intake *in, struct batch_class *c, const struct lms_member ***who)
{
    size_t n = 0;
    for (size_t i = 0; i < in->nsubs; i++)
        n += in->subs[i].nmembers;
    c->s = calloc(n + 1, sizeof *c->s);
    *who = calloc(n + 1, sizeof **who);
    if (!c->s || !*who)
        return -1;
    for (size_t i = 0; i < in->nsubs; i++) {
        struct lms_sub *sub = &in->subs[i];
        for (size_t m = 0; m < sub->nmembers; m++) {
            struct batch_student *s = &c->s[c->n];
            s->id = lms_visible_id(sub->members[m].id);
            s->path = strdup(sub->folder);
            s->feedback = sub->feedback ? strdup(sub->feedback) : NULL;
            if (!s->id || !s->path || (sub->feedback && !s->feedback))
                return -1;
            s->entry = sub->status[0] ? ENTRY_NONE : ENTRY_FOLDER;
            snprintf(s->status, sizeof s->status, "%s", sub->status);
            if (batch_id_reserved(s->id)) {
                s->entry = ENTRY_NONE;
                snprintf(s->status, sizeof s->status,
                         "bad archive: the name '%.100s' is reserved for grade-all's files", s->id);
            }
            s->late_mark = sub->late_mark;
            if (sub->submitted && !(s->lms_time = strdup(sub->submitted)))
                return -1;
            (*who)[c->n++] = &sub->members[m];
            size_t files = lms_count_files(sub->folder);
            lms_note(in, "%s <- %s: %zu file%s in %s/%s/%s%s%s", s->id, sub->label, files,
                     files == 1 ? "" : "s", LMS_STAGE, LMS_CLASS, strrchr(sub->folder, '/') + 1,
                     sub->status[0] ? ": " : "", sub->status);
        }
    }
    return 0;
}

static void intake_free(struct lms_intake *in)
{
    for (size_t i = 0; i < in->nsubs; i++) {
        struct lms_sub *s = &in->subs[i];
        for (size_t m = 0; m < s->nmembers; m++) {
            free(s->members[m].key);
            free(s->members[m].email);
            free(s->members[m].id);
        }
        for (size_t f = 0; f < s->nfiles; f++) {
            free(s->files[f].src);
            free(s->files[f].name);
        }
        free(s->members);
        free(s->files);
        free(s->label);
        free(s->folder);
        free(s->submitted);
        free(s->feedback);
    }
    for (size_t i = 0; i < in->ncut; i++)
        free(in->cut[i]);
    free(in->cut);
    free(in->subs);
    free(in->root);
    free(in->stage);
}

/* Steps 3 to 5 (see the top). */
static int read_class(struct lms_intake *in, const char *roster, struct batch_class *c)
{
    const struct lms_member **who = NULL;
    int rc;
    if (in->format == LMS_FOLDERS)
        rc = batch_list(in->root, c);
    else if ((rc = readers[in->format](in)) == 0 && (rc = lms_stage(in)) == 0)
        rc = class_of(in, c, &who);
    if (rc == 0 && roster)
        rc = lms_roster_apply(in, roster, c, who);
    free(who);
    if (rc == 0)
        batch_list_sort(c);
    return rc;
}

/* Step 6: .intake/ids/ID[.SUFFIX] -> the student's entry, for every
** student to be graded.  A link that cannot be made is a note. */
static int link_ids(struct lms_intake *in, const struct batch_class *c)
{
    char *dir = lms_join(in->stage, LMS_IDS);
    if (!dir || batch_mkdir(dir) != 0) {
        free(dir);
        return -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        const struct batch_student *s = &c->s[i];
        enum unpack_format format;
        size_t suffix = 0;
        const char *base = strrchr(s->path, '/');
        base = base ? base + 1 : s->path;
        if (s->status[0] || (s->entry != ENTRY_FOLDER && s->entry != ENTRY_ARCHIVE))
            continue;
        if (s->entry == ENTRY_ARCHIVE && unpack_format_of(base, &format, &suffix) != 0)
            suffix = 0;
        char *name = NULL, *link = NULL;
        if (asprintf(&name, "%s%s", s->id, base + strlen(base) - suffix) < 0)
            name = NULL;
        link = name ? lms_join(dir, name) : NULL;
        if (!link || symlink(s->path, link) != 0)
            lms_note(in, "%s: no link in %s/%s (the class's similarity will leave it out)", s->id,
                     LMS_STAGE, LMS_IDS);
        free(name);
        free(link);
    }
    free(dir);
    return 0;
}

int lms_intake(const char *path, enum lms_format format, const char *roster,
               const char *outdir, struct batch_class *c, FILE *notes)
{
    struct lms_intake in = { .format = format, .notes = notes };
    memset(c, 0, sizeof *c);
    in.stage = lms_join(outdir, LMS_STAGE);
    int rc = in.stage && batch_remove_tree(in.stage) == 0 && batch_mkdir(in.stage) == 0 ? 0 : -1;
    if (rc != 0)
        visible_printf(stderr, "grade-all: cannot make %s/%s\n", outdir, LMS_STAGE);
    if (rc == 0)
        rc = open_download(&in, path);
    if (rc == 0 && (in.format == LMS_AUTO || in.format == LMS_GRADESCOPE)) {
        enum lms_format seen = lms_detect(&in);   /* enters Gradescope's wrapper */
        in.format = in.format == LMS_AUTO ? seen : in.format;
    }
    if (rc == 0) {
        lms_note(&in, "submissions: %s", path);
        lms_note(&in, "format: %s%s", lms_format_name(in.format),
                 format == LMS_AUTO ? " (detected; --lms names another)" : " (--lms)");
        rc = read_class(&in, roster, c);
    }
    c->lms_format = (int)in.format;
    if (rc == 0 && in.format == LMS_FOLDERS && strcmp(in.root, path) == 0)
        batch_remove_tree(in.stage);    /* a plain folder, graded where it is */
    else if (rc == 0)
        rc = link_ids(&in, c);
    if (rc != 0) {
        if (!in.stage || in.format != LMS_FOLDERS)
            visible_printf(stderr, "grade-all: %s: could not take the submissions in\n", path);
        batch_class_free(c);
    }
    intake_free(&in);
    return rc;
}
