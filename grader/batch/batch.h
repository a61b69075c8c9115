/*
** batch.h -- grade a whole class: the engine behind `grade-all`.
**
**   grade-all SUBMISSIONS_DIR -o OUTDIR [-j N] [--tests public|all]
**             [--force] [--shard I/N] [--timeout SECONDS]
**             [--rubric FILE] [--kit DIR] [--grader FILE] [--similarity]
**             [--lms auto|canvas|moodle|gradescope|folders] [--roster CSV]
**             [--list] [--canvas-column TITLE] [--late FILE|none] [--times CSV]
**   grade-all --merge OUT1 OUT2 ... -o OUT
**
** INTAKE.  SUBMISSIONS_DIR may also be what Canvas, Moodle or Gradescope
** gives the instructor, as a folder or as the zip itself: lms.h (the
** intake, lms_*.c) detects which (--lms names it), groups each student's
** files into a folder of its own below OUTDIR/.intake, and with --roster
** adds a "missing" row for each enrolled student without a submission.
** OUTDIR/intake.txt says what it did; --list prints it and the class and
** grades nobody.  With a Canvas gradebook as the roster, --canvas-column
** names this assignment's column, and OUTDIR/canvas-gradebook.csv is
** that gradebook with the column filled (lms.h), for Grades > Import.
** With Moodle's grading worksheet as the roster, OUTDIR/moodle-worksheet.csv
** is it with grades and feedback comments filled, for "Upload grading
** worksheet".  With a Canvas or Moodle download, OUTDIR/canvas-feedback.zip
** or moodle-feedback.zip holds each student's report named for that LMS's
** bulk feedback upload (lms.h, FEEDBACK).  For plain folders, what follows
** holds as it is.
**
** LATE WORK.  A late policy (--late FILE, or late.txt beside the rubric)
** is applied by late.h's rules: decided for the whole class before
** --shard and before grading (OUTDIR/ID/late.json), taken off when the
** gradebook is written, and shown apart in every file (raw, late_days,
** penalty after status in grades.csv).
**
** STUDENTS.  Each entry of SUBMISSIONS_DIR is one student: a folder, or a
** .zip, .tar.gz, .tgz or .tar archive; the student id is the entry's name
** without that extension, made visible (report/visible.h: each byte of
** ill-formed UTF-8 written "\xHH"), which names OUTDIR/ID; the entry is
** read under its own name.  A name holding a control character is the
** verdict "bad archive".  Names starting with '.' are ignored.  Any other
** entry (another file type, a symbolic link) is the student's verdict
** "bad archive: ...", and two entries with one id (alice/ and alice.zip)
** are both reported as "duplicate: ..." and graded neither.
**
** GRADING.  Every student is graded by a worker process of its own, which
** unpacks an archive (archive.h: nothing may land outside its folder,
** caps on size and members) and runs `grade --format json -j 1` on the
** folder as a child.  At most N workers run at once (-j, default the
** number of cores).  A worker that runs past the timeout (default 900 s,
** far above what any submission's own limits allow) is killed with its
** grader -- whose sandbox then kills every job -- and the student gets
** "grader timeout".  So one student can cost the class at most one
** worker slot for the timeout, never another student's result.
**
** OUTDIR, every file written atomically (temporary file in the same
** folder, fsync, rename), so a kill at any moment leaves each file either
** old or new, never torn:
**   grades.csv           student,total,build,unit,transcript,memory,style,
**                        status -- sorted by student (byte order), RFC
**                        4180 quoting (a ';' quoted too), CRLF line ends,
**                        text cells made visible and never formulas, in a
**                        ',' or a ';' locale (report/csv.h).  Points as the
**                        reports print them ("87.5").  A student without a
**                        result has empty point cells, except "bad
**                        archive" (the student's own doing), which scores 0.
**   summary.html         the class summary (html.h)
**   class.json           the gradebook for machines: every student of the
**                        last run or merge with status, seconds and points,
**                        and what graded them: "kit" and "rubric" (hashes,
**                        batch_origin.c) and "shard" ("I/N"); --merge reads it
**   ID/result.json       the grader's JSON report, when grading completed
**   ID/report.html       the student's page, made from result.json
**   ID/grade.log         what the grader printed on stderr
**   ID/status.json       {"student", "status", "seconds"}
**   ID/late.json         with a late policy: the student's lateness (late.h)
**   ID/fingerprint       written LAST: "fnv1a64 HEX", the hash of the
**                        submission's bytes and of everything in the kit
**                        that decides a grade (see FINGERPRINT)
**   .lock, .work/        a run's lock and its unpacking space
**
** STATUS, one per student, the last column of grades.csv:
**   graded              grading completed and the program built
**   build failed        grading completed; the submission did not build
**   bad archive: WHY    unreadable or unsafe archive, or not a folder or
**                       archive at all
**   missing[: WHY]      enrolled in --roster without a submission, or an
**                       LMS's submission with nothing in it; scores 0
**   duplicate: WHY      two entries share the id (fix SUBMISSIONS_DIR)
**   grader error: WHY   the grader could not grade (exit status 2, or it
**                       died); WHY is the last line it printed
**   grader timeout      the worker ran past --timeout
** The first four are verdicts: the student's row is final.  The others
** are the staff's problem; their point cells stay empty so that nothing
** is imported by mistake, and a re-run tries those students again.
**
** FINGERPRINT and resuming.  A re-run skips a student whose fingerprint
** file matches -- the submission is byte-for-byte the same and so is the
** kit: sample_io/ (both sets), the unit lists and objects in build/unit/,
** the official header, the rubric, the grade binary, and --tests -- and
** whose last status was a verdict.  --force regrades everyone.  Since the
** fingerprint is written last and removed first, a student interrupted
** anywhere in between is simply graded again.  FNV-1a detects change; it
** is not a defence against a student forging a collision (that student
** would only keep his own earlier grade).
**
** SHARDS.  --shard I/N grades only the students whose id hashes (FNV-1a
** 64, modulo N) to I-1: N machines given the same SUBMISSIONS_DIR and
** I = 1..N grade every student exactly once, and --merge then joins their
** OUTDIRs.  A student's shard depends on the id alone, never on the rest
** of the class.
**
** MERGE.  --merge reads each input's class.json, copies each student's
** files into OUT and writes OUT's grades.csv, class.json and summary.html
** as a run would.  A student found in two inputs is taken once if both
** copies are identical (same status, fingerprint and result.json), and
** otherwise the merge stops, naming the student and both inputs, before
** writing anything.  It stops the same way when the inputs were graded
** with different rubrics, late policies or kits, or are shards of N without one of
** 1..N (a shard whose grade-all did not finish: grade it, merge again).
**
** SIMILARITY.  --similarity runs `similarity` (grader/similarity/
** similarity.h) on SUBMISSIONS_DIR and OUTDIR once grading is done:
** OUTDIR/similarity.html, similarity.csv, similarity/.  Its failure is a
** message; the exit status stays the gradebook's.
**
** EXIT STATUS: 0 when every student has a verdict; 1 when the gradebook
** was written but some students have none (grader error, timeout,
** duplicate); 2 when grade-all itself could not work (bad arguments,
** unreadable SUBMISSIONS_DIR, OUTDIR in use or not writable, kit
** unreadable), with the reason on stderr.
*/
#ifndef GRADER_BATCH_H
#define GRADER_BATCH_H

#include <stddef.h>

#include "../assignment.h"

#define BATCH_DEFAULT_TIMEOUT 900.0   /* seconds per student            */
#define BATCH_MAX_WORKERS     32      /* each grader takes a uid slot   */

struct batch_options {
    const char *submissions;  /* SUBMISSIONS_DIR, absolute                 */
    const char *outdir;       /* OUTDIR, absolute                          */
    const char *kit;          /* the kit's root, absolute                  */
    const struct assignment *assignment; /* what is graded                 */
    const char *grader;       /* the `grade` executable, absolute          */
    const char *rubric;       /* NULL: the assignment's rubric.txt         */
    int include_hidden;       /* --tests all (the default)                 */
    int workers;              /* -j: 1..BATCH_MAX_WORKERS                  */
    int force;                /* --force: ignore fingerprints              */
    unsigned shard, shards;   /* --shard I/N as I, N; 1/1 is the class     */
    double timeout;           /* seconds per student, > 0                  */
    int tty;                  /* redraw a progress bar; else plain lines   */
    int lms_format;           /* enum lms_format (lms.h); 0: detect        */
    const char *roster;       /* --roster, absolute; NULL: none            */
    int list_only;            /* --list: take the class in, print, stop    */
    const char *canvas_column;/* --canvas-column; NULL: none               */
    const char *late;         /* --late, absolute; NULL: late.txt beside
                                 the rubric if any; "none": no policy      */
    const char *times;        /* --times, absolute; NULL: none             */
};

/* Grades the class (or this shard of it) into o->outdir and writes the
** gradebook.  Returns the exit status above. */
int batch_grade(const struct batch_options *o);

/* Merges the OUTDIRs `dirs[0..n-1]` into `out` (absolute paths).
** Returns the exit status above; conflicting duplicates give 2. */
int batch_merge(const char *const *dirs, size_t n, const char *out);

/* The 0-based shard of student `id` among `shards`. */
unsigned batch_shard_of(const char *id, unsigned shards);

#endif /* GRADER_BATCH_H */
