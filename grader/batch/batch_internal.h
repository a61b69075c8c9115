/*
** batch_internal.h -- what the batch_*.c files share; not for callers
** (batch.h is the manual).
**
** Files: batch_list.c (the class from SUBMISSIONS_DIR, shards),
** batch_hash.c (FNV-1a, fingerprints), batch_origin.c (what a gradebook
** was graded with; the merge's checks of it), batch_file.c (atomic files, the
** per-student status record), batch_worker.c (one student, in a process
** of its own), batch_run.c (the scheduler: workers, timeouts, signals),
** batch_progress.c (bar or lines), batch_book.c (grades.csv, class.json,
** summary.html), batch_merge.c (--merge); lms_*.c (an LMS's download
** taken in, the roster; lms.h); late_*.c (the late policy; late.h).
*/
#ifndef GRADER_BATCH_INTERNAL_H
#define GRADER_BATCH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "archive.h"
#include "batch.h"

/* Names inside OUTDIR and inside each OUTDIR/ID. */
#define BATCH_CSV         "grades.csv"
#define BATCH_SUMMARY     "summary.html"
#define BATCH_CLASS       "class.json"
#define BATCH_INTAKE      "intake.txt"    /* what lms_intake() did (lms.h) */
#define BATCH_ASSIGNMENT  "assignment"    /* the assignment graded (batch_assignment.c) */
#define BATCH_SIMILARITY  "similarity"    /* --similarity's pages; also .csv, .html */
#define BATCH_LOCK        ".lock"
#define BATCH_WORK        ".work"
#define BATCH_RESULT      "result.json"
#define BATCH_REPORT      "report.html"
#define BATCH_LOG         "grade.log"
#define BATCH_STATUS      "status.json"
#define BATCH_FINGERPRINT "fingerprint"

#define BATCH_STATUS_MAX  200     /* bytes of a status, reason included */
#define BATCH_JSON_MAX    ((size_t)64 << 20)  /* largest result.json read */

enum batch_entry {
    ENTRY_FOLDER,
    ENTRY_ARCHIVE,
    ENTRY_NONE            /* nothing to grade: `status` is set at listing */
};

/* What an LMS's download says of a student's lateness without a time
** (Canvas's LATE mark; late.h). */
enum batch_late_mark { LATE_MARK_UNKNOWN, LATE_MARK_ON_TIME, LATE_MARK_LATE };

/* One student, from listing to gradebook. */
struct batch_student {
    char *id;             /* visible (visible.h), no '/', never starts
                             with '.': names OUTDIR/ID                    */
    char *path;           /* the entry, absolute, its own bytes           */
    enum batch_entry entry;
    enum unpack_format format;           /* ENTRY_ARCHIVE                 */
    char fingerprint[32];                /* "fnv1a64 HEX"                 */
    char status[BATCH_STATUS_MAX];       /* "" until known                */
    double seconds;                      /* grading wall time             */
    int skipped;                         /* unchanged, not regraded       */
    pid_t pid;                           /* its worker, while one runs    */
    double started;
    int timed_out;
    char *lms_time;       /* the LMS's submission time as it wrote it
                             (Gradescope's :created_at:), or NULL       */
    enum batch_late_mark late_mark;      /* Canvas's LATE mark          */
    char *feedback;       /* from an LMS's download: the name under which
                             that LMS takes a file back for this student
                             (lms.h, FEEDBACK); NULL otherwise            */
};

/* What a gradebook was graded with (batch_origin.c); kit[0] == '\0':
** not known, and class.json then says nothing of it. */
struct batch_origin {
    char kit[32];         /* "fnv1a64 HEX": batch_kit_hash()              */
    char rubric[32];      /* "fnv1a64 HEX": the rubric's bytes            */
    char late[32];        /* "fnv1a64 HEX": batch_late_hash()             */
    unsigned shard, shards;               /* --shard I/N; 1/1: the class  */
};

struct batch_class {
    struct batch_student *s;
    size_t n;
    int lms_format;       /* enum lms_format (lms.h) the class came as    */
    struct batch_origin origin;
};

/* ---- batch_list.c ---- */

/* Lists SUBMISSIONS_DIR into `c`, sorted by id.  Returns 0, or -1 when
** the folder cannot be read (message on stderr). */
int batch_list(const char *dir, struct batch_class *c);

/* Whether `id` is the name of a file or folder grade-all writes in OUTDIR
** (grades.csv, summary.html, class.json, intake.txt, assignment,
** similarity, similarity.csv, similarity.html, and the LMS files of
** lms.h): such a student would be written over, or write over it.  The
** one list, for batch_list() and lms_intake() alike. */
int batch_id_reserved(const char *id);

/* Sorts `c` by id and folds entries sharing an id into one "duplicate"
** row (batch_list() does it; lms_intake() too, after the roster). */
void batch_list_sort(struct batch_class *c);

/* Keeps only the students of shard `shard` (1-based) of `shards`. */
void batch_keep_shard(struct batch_class *c, unsigned shard, unsigned shards);

void batch_class_free(struct batch_class *c);

/* ---- batch_hash.c ---- */

#define BATCH_FNV_INIT 0xcbf29ce484222325ULL

uint64_t batch_fnv(uint64_t h, const void *data, size_t n);

/* Hashes what decides every grade (see batch.h, FINGERPRINT) into *h.
** Returns 0, or -1 when a needed kit file cannot be read. */
int batch_kit_hash(const struct batch_options *o, uint64_t *h);

/* OUTDIR/assignment (batch_assignment.c): records `id` there, or returns
** -1 with a message when OUTDIR holds another assignment's grades. */
int batch_claim_assignment(const char *outdir, const char *id);

/* Checks that the merged OUTDIRs hold one assignment's grades and records
** it in `out`; -1 with a message when they differ. */
int batch_merge_assignment(const char *const *dirs, size_t n, const char *out);

/* Sets s->fingerprint from the kit's hash and the entry's bytes (a
** folder's names, types and contents, recursively, links not followed).
** Returns 0, or -1 when the entry cannot be read. */
int batch_fingerprint(struct batch_student *s, uint64_t kit);

/* The rubric's own hash, "fnv1a64 HEX", into `out`.  Returns 0, or -1
** when it cannot be read (message on stderr). */
int batch_rubric_hash(const struct batch_options *o, char out[32]);

/* The same of the late policy that applies (late.h) and of its --times
** file, or of there being none: shards decided late work alike only when
** these agree.  0, or -1 (message). */
int batch_late_hash(const struct batch_options *o, char out[32]);

/* ---- batch_origin.c ---- */

struct cJSON;

/* Adds "kit", "rubric" and "shard" to class.json's root (nothing when
** g->kit is empty). */
void batch_origin_write(struct cJSON *root, const struct batch_origin *g);

/* Reads them from the class.json of input `dir`; -1 with a message when
** they are absent or malformed. */
int batch_origin_read(const struct cJSON *root, const char *dir, struct batch_origin *g);

/* Checks that the merge's inputs were graded alike (one rubric, one kit)
** and that shards of N cover 1..N; sets `out` to the merge's origin
** (shard 1/1).  -1 with a message naming the inputs otherwise. */
int batch_origin_join(const struct batch_origin *in, const char *const *dirs, size_t n,
                      struct batch_origin *out);

/* ---- batch_file.c ---- */

/* Writes OUTDIR-relative `dir`/`name` atomically: `fill` writes the
** content into a temporary file in `dir`, which is then flushed, fsynced
** and renamed over `name`, and `dir` fsynced.  Returns 0, or -1 (message
** on stderr; the temporary file is removed). */
int batch_write_atomic(const char *dir, const char *name,
                       int (*fill)(FILE *out, void *arg), void *arg);

int batch_write_text(const char *dir, const char *name, const char *text);

/* Fsyncs the finished file `dir`/`tmp` and renames it to `name`. */
int batch_commit(const char *dir, const char *tmp, const char *name);

/* A whole regular file (links not followed), NUL-terminated, malloc'd;
** NULL when unreadable or larger than `cap`. */
char *batch_read(const char *path, size_t cap);
/* batch_read() for a text a person wrote (a roster, late.txt, a --times
** CSV): also NULL, with "PATH:LINE: a NUL byte ..." on stderr, when the
** file holds a NUL byte, which would silently end the text there (a
** damaged export): `*nul` is then 1 (0 otherwise). */
char *batch_read_text(const char *path, size_t cap, int *nul);

/* Creates `path` as a folder unless it is one already (a link is not). */
int batch_mkdir(const char *path);

/* Removes a tree, never following links; a missing path is fine. */
int batch_remove_tree(const char *path);

/* `dir`/`name` into buf; returns -1 when it does not fit. */
int batch_path(char *buf, size_t size, const char *dir, const char *name);

/* The status record OUTDIR/ID/status.json. */
int batch_save_status(const char *sdir, const struct batch_student *s);
int batch_load_status(const char *sdir, struct batch_student *s);

/* Whether a status is a verdict (final, not retried) and whether its
** empty point cells read as zero; see batch.h, STATUS. */
int batch_status_is_verdict(const char *status);
int batch_status_scores_zero(const char *status);

/* ---- batch_worker.c ---- */

/* Runs `grade --calibrate` once, unless KIT/build/calibration.txt is less
** than an hour old, so that the class is graded with limits measured on
** this machine today (grader/grade/calibrate.h).  Returns 0, or -1
** when it failed: the graders then measure by themselves, or use the
** rubric's own limits, and say so in each report. */
int batch_calibrate(const struct batch_options *o);

/* Forks the worker that grades `s` into OUTDIR/ID; returns its pid, or -1
** (message on stderr).  The worker closes `keep_closed` (the run's lock)
** and dies with its parent; its grader runs with TMPDIR set to `tmp`
** (NULL: as inherited).  Exit status 0 means it saved a status. */
pid_t batch_worker_start(const struct batch_options *o,
                         const struct batch_student *s, int keep_closed, const char *tmp);

/* ---- batch_progress.c ---- */

struct batch_progress {
    int tty;
    size_t total, done, failed, to_grade, graded_now;
    double start, grading_start, last_draw;
};

void progress_begin(struct batch_progress *p, int tty, size_t total,
                    size_t to_grade, size_t unchanged, int workers);
/* A student finished (or was skipped): a line, and the bar redrawn. */
void progress_student(struct batch_progress *p, const struct batch_student *s);
/* Redraws the bar when it is due (twice a second). */
void progress_tick(struct batch_progress *p);
void progress_end(struct batch_progress *p, const struct batch_class *c,
                  const char *outdir);

/* ---- batch_book.c ---- */

/* OUTDIR/ID/result.json parsed (a JSON object), or NULL when it is
** missing, unreadable or not an object.  The caller cJSON_Delete()s it. */
struct cJSON;
struct cJSON *batch_load_result(const char *outdir, const char *id);

/* Writes OUTDIR's grades.csv, class.json and summary.html for `c` (each
** student's status and seconds as in `c`, its points from its
** result.json).  Returns 0, or -1 (message on stderr). */
int batch_book_write(const char *outdir, const struct batch_class *c);

/* Writes OUTDIR/ID/report.html again from result.json and, when there is
** one, late.json (late.h).  0 (also when there is no result), or -1. */
int batch_book_report(const char *outdir, const char *id);

/* ---- shared helpers ---- */

double batch_now(void);

#endif /* GRADER_BATCH_INTERNAL_H */
