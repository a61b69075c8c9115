/*
** lms.h -- a class as the LMS hands it over: grade-all's intake.
**
** SUBMISSIONS may be what Canvas, Moodle or Gradescope gives the
** instructor, zipped or unpacked, or a plain folder with one entry per
** student (batch.h, STUDENTS).  lms_intake() finds which (or takes
** --lms), groups the files of each student into a folder of its own
** below OUTDIR/.intake/ with the names the student gave them, and
** returns the class for grading.  What it did -- the format, each
** student's files, renames, files left out and why -- goes to `notes`
** (grade-all writes them to OUTDIR/intake.txt; --list prints them).
**
**   canvas      "Download Submissions": loose files
**               NAME_[LATE_]USERID_SUBMISSIONID_ORIGINAL, the id
**               "NAME_USERID" (lms_canvas.c)
**   moodle      "Download all submissions": Full Name_PARTID_assignsubmission_file_
**               as folders or as the prefix of loose files, the id
**               "Full Name_PARTID"; online text is left out (lms_moodle.c)
**   gradescope  "Export Submissions": submission_NNN/ folders and
**               submission_metadata.yml; every submitter of a group
**               submission is a student graded on the group's files,
**               the id "Name_SID" (or "Name_EMAIL" without an SID)
**               (lms_gradescope.c)
**   folders     a folder or archive per student, as before (batch_list.c)
**
** In every format, files nobody means to hand in (.DS_Store, ._*,
** __MACOSX/, a.out, *.o, Thumbs.db, desktop.ini) are left out, and an
** archive the student uploaded (.zip, .tar.gz, .tgz, .tar) is unpacked
** in place by archive.h's rules: an unsafe one is "bad archive: WHY".
** A student whose files are all left out is "missing: empty submission".
**
** ROSTER (optional, lms_roster.c): the LMS's own CSV export -- Canvas's
** gradebook, Moodle's grading worksheet or participants list,
** Gradescope's roster -- or any CSV with a "student" column naming the
** ids.  Every enrolled student then has a row: one without a submission
** is "missing"; a submission matching nobody is graded and reported in
** the notes and on stderr, never dropped.
**
** BACK TO THE LMS, after grades.csv, each file from grades.csv and the
** reports, written atomically: Canvas's gradebook (--canvas-column),
** Moodle's grading worksheet (a worksheet as --roster), and the feedback
** zip of a Canvas or Moodle download.  A student without a total in
** grades.csv (grader error, grader timeout) is given no grade and no
** report in any of them, and is named on stderr.
*/
#ifndef GRADER_LMS_H
#define GRADER_LMS_H

#include <stdio.h>

struct batch_class;

enum lms_format {
    LMS_AUTO,
    LMS_FOLDERS,
    LMS_CANVAS,
    LMS_MOODLE,
    LMS_GRADESCOPE
};

/* The format named `name` ("auto", "canvas", ...), or -1. */
int lms_format_named(const char *name, enum lms_format *format);
const char *lms_format_name(enum lms_format format);

/* Reads SUBMISSIONS `path` (a folder, or the LMS's .zip) as `format`
** (LMS_AUTO: detected) into `c`, sorted by id, staging the students'
** folders below OUTDIR `outdir`/.intake (emptied first) with a link to
** each student's entry in .intake/ids (named ID, an archive's suffix
** kept; not made for a plain folder graded where it is), and matches it
** against `roster` (NULL: none).  Returns 0; or -1 when grade-all cannot
** go on (the download unreadable or unsafe, a roster with a bad line, no
** space), with the file, line and reason on stderr and nothing graded.
** Only what is not one student's doing refuses the download: a member
** climbing out, a link out, the download's caps, a corrupt or truncated
** zip.  What one student did -- a file name longer than NAME_MAX (written
** cut, archive.h), a hostile archive of their own, too many files or
** bytes -- is that student's "bad archive: ..." row, the rest graded. */
int lms_intake(const char *path, enum lms_format format, const char *roster,
               const char *outdir, struct batch_class *c, FILE *notes);

/* A CLASS FOR ANOTHER PROGRAM (lms_class.c): the bot challenge's
** tournament takes a class in as grade-all does.  lms_class() runs
** lms_intake() (no roster) and then calls `each` once per student, in id
** order, with the student's id and either `folder`, the folder to build
** from (status NULL), or `status`, why there is nothing to build (folder
** NULL: "missing: ...", "duplicate ...", "bad archive: ...").  A student's
** archive is unpacked by archive.h's rules below OUTDIR/.intake/unpacked/.
** Returns 0; or -1 when the download cannot be taken in or a folder not
** be made (message on stderr), or when `each` returned nonzero. */
int lms_class(const char *path, enum lms_format format, const char *outdir, FILE *notes,
              int (*each)(const char *id, const char *folder, const char *status, void *arg), void *arg);

/* CANVAS'S GRADEBOOK BACK (lms_canvas_book.c): with --roster a Canvas
** gradebook and --canvas-column naming this assignment's column (its
** title, with or without Canvas's " (NNN)"), OUTDIR/canvas-gradebook.csv
** is that file with the column filled from grades.csv, every other byte
** as exported, ready for Grades > Import. */
#define LMS_CANVAS_BOOK "canvas-gradebook.csv"

/* Whether `roster` is a Canvas gradebook with the column `column`: 0, or
** -1 with file, line and reason on stderr (checked before grading). */
int lms_canvas_book_check(const char *roster, const char *column);
/* Writes OUTDIR/canvas-gradebook.csv (atomically) from `roster` and
** OUTDIR/grades.csv; each student left as exported is named on stderr.
** 0, or -1 (message). */
int lms_canvas_book_write(const char *roster, const char *column, const char *outdir);

/* FEEDBACK (lms_feedback.c): with a Canvas or Moodle download, each
** student's report.html zipped under the name that LMS's bulk upload
** matches to the student -- OUTDIR/canvas-feedback.zip for Canvas's
** "Re-upload submissions", OUTDIR/moodle-feedback.zip for Moodle's
** "Upload multiple feedback files in a zip".  Only graded students (and
** those whose build failed) have an entry; the others are named on
** stderr.  Written atomically; 0, or -1 (message).  Nothing for other
** formats. */
#define LMS_CANVAS_FEEDBACK "canvas-feedback.zip"
#define LMS_MOODLE_FEEDBACK "moodle-feedback.zip"
int lms_feedback_write(const char *outdir, const struct batch_class *c);

/* MOODLE'S WORKSHEET BACK (lms_moodle_sheet.c): with --roster Moodle's
** grading worksheet ("Download grading worksheet"),
** OUTDIR/moodle-worksheet.csv is that file byte for byte except, for
** each student with a total in grades.csv, the "Grade" cell (the total)
** and the "Feedback comments" cell (a line naming the points lost),
** ready for "Upload grading worksheet".  A student without a total keeps
** both cells as exported and is named on stderr.  Returns 0 (written),
** 1 (`roster` is no worksheet: nothing to do) or -1 (message). */
#define LMS_MOODLE_SHEET "moodle-worksheet.csv"
int lms_moodle_sheet_write(const char *roster, const char *outdir);
/* Checked before grading: 0 (a worksheet that can take the grades), 1
** (no worksheet), -1 (a worksheet without a Grade column: file and line
** on stderr). */
int lms_moodle_sheet_check(const char *roster);

#endif /* GRADER_LMS_H */
