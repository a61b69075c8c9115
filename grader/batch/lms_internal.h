/*
** lms_internal.h -- what the lms_*.c files share; lms.h is the manual.
**
** Files: lms_intake.c (the whole intake, in order), lms_detect.c (which
** LMS made a download), lms_canvas.c, lms_moodle.c, lms_gradescope.c
** (one format each: they list every submission's files), lms_stage.c
** (a submission's files copied into its folder, junk left out, archives
** unpacked), lms_csv.c (CSV lines as the LMSs and spreadsheets write
** them), lms_roster.c (the roster, matched with the class), lms_class.c
** (the class handed to another program: the tournament).
**
** A format module only reads: it fills `struct lms_intake` with
** submissions, each a list of (source file, name in the submission) and
** its members; staging and everything after is common.
*/
#ifndef GRADER_LMS_INTERNAL_H
#define GRADER_LMS_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "batch_internal.h"
#include "lms.h"

#define LMS_STAGE     ".intake"      /* below OUTDIR                      */
#define LMS_DOWNLOAD  "download"     /* the LMS's zip, unpacked           */
#define LMS_CLASS     "class"        /* one folder per submission         */
#define LMS_IDS       "ids"          /* a link per student to be graded   */
#define LMS_SCRATCH   "scratch"      /* a student's archive, while unpacked */

/* The LMS's zip as a whole: a class of 300 with 20 MiB each at most. */
#define LMS_DOWNLOAD_MAX_BYTES ((size_t)4 << 30)
#define LMS_DOWNLOAD_MAX_FILES 100000

/* One student of a submission, as the LMS names them. */
struct lms_member {
    char *key;      /* what the roster knows: Canvas user id, Moodle
                       participant id, Gradescope SID or e-mail       */
    char *email;    /* Gradescope: also matched; else NULL            */
    char *id;       /* grade-all's id for the student                 */
};

/* One file handed in. */
struct lms_file {
    char *src;      /* absolute path of the file (or folder, copied whole) */
    char *name;     /* its name in the submission, no "..", may hold '/' */
    long version;   /* larger is newer: Canvas's resubmission number   */
};

struct lms_sub {
    char *label;                    /* its folder below class/, unique */
    struct lms_member *members;
    size_t nmembers;
    struct lms_file *files;
    size_t nfiles;
    char status[BATCH_STATUS_MAX];  /* "" unless it cannot be graded  */
    char *folder;                   /* staged folder, absolute        */
    char *submitted;                /* its time as the LMS wrote it, or NULL */
    enum batch_late_mark late_mark; /* Canvas: marked LATE or not      */
    char *feedback;                 /* where the LMS takes a file back
                                       for it (lms_feedback.c): the
                                       download's name for it, to
                                       which "report.html" is appended;
                                       NULL: not taken back           */
};

struct lms_intake {
    enum lms_format format;
    char *root;             /* the download, unpacked, absolute        */
    char *stage;            /* OUTDIR/.intake                          */
    struct lms_sub *subs;
    size_t nsubs, cap;
    FILE *notes;
    char **cut;             /* files of the download whose too long    */
    size_t ncut;            /* names were cut (archive.h), absolute    */
};

/* ---- lms_intake.c ---- */

/* A new submission labelled `label` (copied), or NULL (out of memory). */
struct lms_sub *lms_sub_add(struct lms_intake *in, const char *label);
/* The submission of the one student `id` (its label), made with that
** member (`key`) the first time; NULL when out of memory. */
struct lms_sub *lms_student(struct lms_intake *in, const char *id, const char *key);
/* Appends a member / a file (all strings copied); -1 when out of memory. */
int lms_member_add(struct lms_sub *s, const char *key, const char *email,
                   const char *id);
int lms_file_add(struct lms_sub *s, const char *src, const char *name, long version);
/* Appends the regular files below folder `dir` (recursively, links never
** followed: a link is noted and left out) under `prefix` ("" for the top). */
int lms_file_add_tree(struct lms_intake *in, struct lms_sub *s,
                      const char *dir, const char *prefix);
/* Calls `visit` with each entry of the download's top folder (its name,
** path and lstat), sorted by name; hidden entries and junk are noted and
** left out.  Stops at the first -1, which it returns. */
struct stat;
int lms_each_entry(struct lms_intake *in,
                   int (*visit)(struct lms_intake *, const char *, const char *, const struct stat *));
/* An entry of the download that is no submission: a row of its own, id
** `name`, with the status "bad archive: WHY" and a note, so that it is
** seen.  0, or -1 when out of memory. */
int lms_odd_entry(struct lms_intake *in, const char *name, const char *why);
/* grade-all's id from an LMS's name: made visible (report/visible.h),
** '/' and blanks other than spaces as '_', never starting with '.', at
** most NAME_MAX_ID bytes: a longer one loses bytes of its name part (cut
** at a character's start) but keeps its last "_KEY" (the LMS's number)
** whole.  malloc'd; NULL when out of memory. */
#define NAME_MAX_ID 200
char *lms_visible_id(const char *raw);
/* A note for the instructor (intake.txt), one line, made visible. */
void lms_note(struct lms_intake *in, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Whether `name` is a file (or, `is_folder`, a folder) nobody means to
** hand in: .DS_Store, ._*, a.out, *.o, Thumbs.db, desktop.ini, __MACOSX. */
int lms_is_junk(const char *name, int is_folder);
/* "dir/name", malloc'd, or NULL. */
char *lms_join(const char *dir, const char *name);
/* The entries of `dir` sorted by name, without "." and ".."; NULL-ended,
** malloc'd (lms_names_free); NULL when unreadable. */
char **lms_names(const char *dir);
void lms_names_free(char **names);

/* ---- lms_detect.c ---- */

/* The format of the unpacked download in->root; also moves in->root into
** Gradescope's export folder when the zip wrapped it in one. */
enum lms_format lms_detect(struct lms_intake *in);

/* ---- one module per LMS: 0, or -1 with a message on stderr ---- */
int lms_canvas_read(struct lms_intake *in);
int lms_moodle_read(struct lms_intake *in);
int lms_gradescope_read(struct lms_intake *in);
/* Canvas: whether `name` is a file name of its download. */
int lms_canvas_name(const char *name);
/* Moodle: whether `name` starts as its download's entries do. */
int lms_moodle_name(const char *name);

/* ---- lms_stage.c ---- */

/* Copies every submission's files into in->stage/class/LABEL, leaves
** junk out and unpacks archives; sets each submission's folder and, when
** it cannot be graded, its status.  Returns 0, or -1 (our failure:
** message on stderr). */
int lms_stage(struct lms_intake *in);

/* ---- lms_unpack.c ---- */

/* Unpacks each archive among the files of `s`, staged in s->folder, in
** place, then removes the junk they held.  `files` and `bytes` are what
** the staged files already hold: all archives share what is left of the
** submission's caps (archive.h).  An archive refused, or the caps passed,
** sets s->status.  Returns 0, or -1 (our failure, message on stderr). */
int lms_unpack_in_place(struct lms_intake *in, struct lms_sub *s, size_t files, size_t bytes);
/* The regular files below `dir` holding at least a byte, counted
** recursively: a submission of empty files is an empty submission. */
size_t lms_count_files(const char *dir);

/* ---- lms_yaml.c ---- */

/* One node: a scalar (`value`) or a collection (`child`, its entries,
** each with a `key` in a mapping, none in a sequence), `next` its
** sibling. */
struct lms_yaml {
    char *key, *value;
    struct lms_yaml *child, *next;
    long line;
};

/* Reads YAML `text` (changed in place) of `file`; the root node, whose
** child is the top block, or NULL (message naming the line). */
struct lms_yaml *lms_yaml_parse(char *text, const char *file);
/* The entry of mapping `map` named `key` (a leading ':' ignored). */
const struct lms_yaml *lms_yaml_get(const struct lms_yaml *map, const char *key);
void lms_yaml_free(struct lms_yaml *y);

/* ---- lms_csv.c ---- */

#define LMS_CSV_SPANS 4096       /* cells of a record whose bytes are kept */

struct lms_csv {
    const char *file;       /* for messages                            */
    char *text;             /* the whole file (a BOM included)         */
    const char *at;
    char sep;               /* ',' ';' or '\t', from the first line    */
    long line;              /* where the record last read starts       */
    long next_line;         /* where the next one starts               */
    size_t spans[LMS_CSV_SPANS][2];  /* each cell's bytes in `text`, [start, end) */
    size_t nspans;          /* cells of the last record                */
    FILE *out;              /* lms_csv_rewrite(): where the file goes   */
    size_t copied;          /* ... and how many bytes of text went there */
    int failed;             /* ... and whether a write failed           */
};

/* Opens CSV `path` (the first line decides the separator).  -1 when
** unreadable (message on stderr). */
int lms_csv_open(struct lms_csv *csv, const char *path);
/* The next record's cells (malloc'd, lms_csv_free_row); 0 at the end;
** -1 for a malformed record (an unclosed quote: message on stderr). */
int lms_csv_row(struct lms_csv *csv, char ***cells, size_t *n);
void lms_csv_free_row(char **cells, size_t n);
/* Where cell `i` of the last record lies in csv->text (quotes included):
** [*start, *end).  -1 past its cells (or past LMS_CSV_SPANS). */
int lms_csv_span(const struct lms_csv *csv, size_t i, size_t *start, size_t *end);
void lms_csv_close(struct lms_csv *csv);
/* The index of the header cell `name` (case and surrounding blanks
** ignored) among `cells`, or -1. */
long lms_csv_column(char **cells, size_t n, const char *name);
/* Writes the file back to `out` with cells changed: reads every record
** left, calls row(arg, cells, n) for each (which may call
** lms_csv_replace() on that record's cells, left to right), and copies
** every other byte as read.  0, or -1 (a malformed record: message; a
** write failed). */
int lms_csv_rewrite(struct lms_csv *csv, FILE *out,
                    void (*row)(void *arg, char **cells, size_t n), void *arg);
/* Writes `cell` (bytes as given: quote it if it needs quotes) in place of
** cell `i` of the current record; -1 when the record has no such cell. */
int lms_csv_replace(struct lms_csv *csv, size_t i, const char *cell);

/* ---- lms_grades.c ---- */

/* One row of OUTDIR/grades.csv: its id, total ("" when not graded) and
** status, as written there; with a late policy (late.h) also the points
** before the penalty, the days late and the points taken off (NULL
** without one). */
struct lms_grade {
    char *id, *total, *status;
    char *raw, *late_days, *penalty;
};

struct lms_grades {
    struct lms_grade *row;
    size_t n, cap;
};

/* Reads OUTDIR `outdir`/grades.csv into `g`; 0, or -1 (unreadable or out
** of memory; `g` empty). */
int lms_grades_load(struct lms_grades *g, const char *outdir);
/* The row whose id ends in "_KEY" (the LMS's own key), or NULL. */
const struct lms_grade *lms_grades_find(const struct lms_grades *g, const char *key);
void lms_grades_free(struct lms_grades *g);

/* ---- lms_comment.c ---- */

/* The feedback comment for row `g` (plain text, one line, malloc'd):
** the grade and the points lost by category and test, from
** OUTDIR/ID/result.json; NULL when out of memory. */
char *lms_comment(const char *outdir, const struct lms_grade *g);

/* ---- lms_roster.c ---- */

/* Matches the class `c` with roster `path`: who[i] names c->s[i] as the
** LMS does (NULL: a plain folder, whose id is its key).  Adds a "missing"
** row for each enrolled student without a submission and notes each
** submission matching nobody.  Returns 0, or -1 for a bad roster (file
** and line on stderr; `c` unchanged). */
int lms_roster_apply(struct lms_intake *in, const char *path, struct batch_class *c,
                     const struct lms_member *const *who);

#endif /* GRADER_LMS_INTERNAL_H */
