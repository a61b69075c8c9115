/*
** lms_moodle.c -- Moodle's "Download all submissions".
**
** Every entry of the zip starts "Full Name_PARTICIPANTID_assignsubmission_TYPE_":
**   Full Name      as Moodle shows it: spaces, accents, apostrophes kept
**   PARTICIPANTID  the assignment's participant number, which its grading
**                  worksheet writes "Participant NNN" in "Identifier"
**   TYPE           the submission plugin: "file" for uploaded files,
**                  "onlinetext" for text typed in Moodle
** With "Download submissions in folders" (the default since Moodle 3.x)
** each such name is a folder holding the student's files; without it,
** the same prefix starts each loose file's name.
** Checked against public examples of real downloads: a feedback-upload
** guide giving the folder as "First Last_participantId_assignsubmission_file_",
** student code committed with such folder names (e.g. Java packages
** "out.Jonathan_Hoyte_657737_assignsubmission_file_"), and a script that
** unpacks these downloads by stripping "_*_assignsubmission_file_" and
** deleting the "*_onlinetext_" folders.
**
** Each student becomes one submission "Full Name_PARTICIPANTID"; online
** text is left out with a note (the kit grades C files); a student with
** online text only has an empty submission.
**
** Feedback back (lms_feedback.c): a student's report goes in the zip
** for "Upload multiple feedback files in a zip" as
** "Full Name_PARTICIPANTID_assignsubmission_file_/report.html", the
** folder the download gave the student's files.  Checked against
** Moodle's own importer (mod/assign/feedback/file/importziplib.php,
** is_valid_filename_for_import): it splits each path component of a zip
** entry on '_' into at least four parts, takes the second as the
** participant number, the third and fourth as a plugin enabled in the
** assignment ("assignsubmission" "file"), and the rest as the feedback
** file's name; names starting with '.' or '~' are ignored.
*/
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lms_internal.h"

#define PLUGIN "_assignsubmission_"

struct moodle_name {
    char *student;       /* "Full Name_PARTID", malloc'd */
    char *participant;   /* PARTID, malloc'd             */
    int is_file;         /* TYPE is "file"               */
    const char *type;    /* TYPE, up to '_'              */
    const char *rest;    /* after "TYPE_" ("" for a folder) */
};

/* Splits an entry's name at the first "_NNN_assignsubmission_TYPE_"
** (for a `folder`, the one that ends the name: the prefix is all of a
** folder's name, so a Full Name holding that pattern cannot file the
** folder under another student); 0 when Moodle did not name it. */
static int parse_entry(const char *name, struct moodle_name *m, int folder)
{
    memset(m, 0, sizeof *m);
    for (const char *p = strstr(name, PLUGIN); p; p = strstr(p + 1, PLUGIN)) {
        const char *d = p;
        while (d > name && isdigit((unsigned char)d[-1]))
            d--;
        if (d == p || d - 1 <= name || d[-1] != '_')
            continue;
        m->type = p + strlen(PLUGIN);
        size_t tlen = strcspn(m->type, "_");
        if (tlen == 0)
            continue;
        m->is_file = tlen == 4 && strncmp(m->type, "file", 4) == 0;
        m->rest = m->type + tlen + (m->type[tlen] == '_');
        if (m->rest[0] == '.' && (!m->rest[1] || (m->rest[1] == '.' && !m->rest[2])))
            continue;           /* a file "." or "..": not a name Moodle makes */
        if (folder && m->rest[0])
            continue;
        m->participant = strndup(d, (size_t)(p - d));
        m->student = strndup(name, (size_t)(p - name));
        return m->participant && m->student ? 1 : -1;
    }
    return 0;
}

/* Splits a name as a loose file's (the first match). */
static int parse(const char *name, struct moodle_name *m)
{
    return parse_entry(name, m, 0);
}

int lms_moodle_name(const char *name)
{
    struct moodle_name m;
    int yes = parse(name, &m) == 1;
    free(m.student);
    free(m.participant);
    return yes;
}

/* One entry of the download: a student's folder or loose file. */
static int add_entry(struct lms_intake *in, const char *name, const char *path, int folder)
{
    struct moodle_name m;
    int parsed = parse_entry(name, &m, folder), rc = -1;
    struct lms_sub *s = parsed == 1 ? lms_student(in, m.student, m.participant) : NULL;
    if (parsed == 0)
        rc = lms_odd_entry(in, name, "not named as Moodle names submissions");
    else if (!s)
        rc = -1;
    else if (!m.is_file) {
        lms_note(in, "  %s: %.*s submission left out (the kit grades files)", s->label,
                 (int)strcspn(m.type, "_"), m.type);
        rc = 0;
    } else if (!s->feedback && asprintf(&s->feedback, "%s" PLUGIN "file_/", m.student) < 0)
        s->feedback = NULL;
    else if (folder)
        rc = lms_file_add_tree(in, s, path, "");
    else if (*m.rest)
        rc = lms_file_add(s, path, m.rest, 0);
    else
        rc = lms_odd_entry(in, name, "a Moodle file entry without a file name");
    free(m.student);
    free(m.participant);
    return rc;
}

static int visit(struct lms_intake *in, const char *name, const char *path, const struct stat *st)
{
    if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode))
        return lms_odd_entry(in, name, "not a file or folder");
    return add_entry(in, name, path, S_ISDIR(st->st_mode));
}

int lms_moodle_read(struct lms_intake *in)
{
    return lms_each_entry(in, visit);
}
