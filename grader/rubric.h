/*
** rubric.h -- the instructor's rubric: which tests count, for how many
** points, in which category, shown to students when; plus the per-run
** limits.  It is a text file (grader/assignments/<id>/rubric.txt is an
** assignment's default; grader/RUBRIC.md documents the format for
** instructors) so that changing the grading needs no recompiling.
**
** The format, one entry per line:
**
**     PATTERN POINTS CATEGORY VISIBILITY     a rule
**     option NAME VALUE                      a setting
**
** PATTERN is an fnmatch(3) glob over test names, used without FNM_PATHNAME
** so `*` also crosses `/`: "unit*" takes every unit test, however deep.
** A test is graded by the FIRST rule that matches it and by no other; a
** test that no rule matches is not graded at all.  The POINTS of a rule
** are split equally among the tests it takes, so adding a session to
** sample_io re-splits that rule's points by itself.  CATEGORY is one of
** build unit transcript memory style; VISIBILITY one of visible hidden
** after_due_date.  `#` at the start of a line or after a blank starts a
** comment; blank lines are ignored; fields are separated by blanks.
**
** The options, their defaults and allowed ranges are in rubric.c's table
** and listed by rubric_explain(); limits of 0 mean "no limit".
**
** Errors: a rubric is the instructor's input, so every mistake in it is
** fatal: rubric_load() fails with "FILE:LINE: what is wrong" in
** rb->error, and the grader should print it and exit non-zero.
** Things that are legal but probably unintended (a rule that takes no
** test) are warnings printed by rubric_explain().
**
** rubric.c holds the parser and the matching; report_rubric.c the
** explanation for instructors.
*/
#ifndef GRADER_RUBRIC_H
#define GRADER_RUBRIC_H

#include <stddef.h>
#include <stdio.h>

#include "result.h"

enum { RUBRIC_ERROR_MAX = 512 };

struct rubric_rule {
    char *pattern;                     /* the glob, as written           */
    double points;                     /* >= 0, split among its tests    */
    const char *category;              /* static: "build", "unit", ...   */
    enum result_visibility visibility;
    int line;                          /* in the rubric file, for humans */
};

/* Per-run limits and scoring knobs, with their defaults.  The time
** limits are floors that limits.h raises to time_factor times the
** reference's cost on the grading machine (0: use them as they are). */
struct rubric_options {
    double lenient_share;  /* share of a transcript test's points for a
                              whitespace-insensitive match; 0.5          */
    double wall_seconds;   /* per run of the program; 10                 */
    double cpu_seconds;    /* per run of the program; 5                  */
    double memory_mb;      /* address space per run; 256                 */
    int max_processes;     /* per run; 16                                */
    double output_kb;      /* cap on stdout and on stderr; 1024          */
    double build_seconds;  /* per build step (compile.sh, link.sh); 60 */
    double unit_timeout;   /* seconds per unit test (Criterion); 10      */
    double time_factor;    /* limits.h: times the reference's cost; 10   */
    double budget_factor;  /* run budget, times the reference's; 6       */
    double budget_cpu_seconds;  /* the run budget's floors; 6            */
    double budget_wall_seconds; /*                          45           */
};

struct rubric {
    char *path;                        /* as given to rubric_load        */
    struct rubric_rule *rules;         /* in file order                  */
    size_t nrules;
    struct rubric_options options;
    char error[RUBRIC_ERROR_MAX];      /* set when loading fails         */
};

/* What the rubric says about one test name. */
struct rubric_grade {
    const struct rubric_rule *rule;    /* NULL: not graded, do not report */
    double max_score;                  /* rule->points / tests it takes   */
    const char *category;              /* NULL when not graded            */
    enum result_visibility visibility;
};

/* Fills `o` with the defaults listed above. */
void rubric_defaults(struct rubric_options *o);

/* Lists the options: for i = 0, 1, ... sets *name (as written in a rubric
** file) and *value of option i in `o` and returns 1; returns 0 past the
** last one. */
int rubric_option(const struct rubric_options *o, size_t i,
                  const char **name, double *value);

/* Reads the rubric at `path` into `rb`.  Returns 0, or -1 with the
** message in rb->error ("FILE:LINE: ..."); after a failure `rb` holds
** nothing to free, though rubric_free() on it is harmless. */
int rubric_load(const char *path, struct rubric *rb);

/* The same from an open stream; `name` stands for the file in messages. */
int rubric_read(FILE *in, const char *name, struct rubric *rb);

/* Decides, for each of the `n` candidate test names, whether it is graded
** and for how much: out[i] describes names[i].  The split counts only the
** names given, so pass every test the grader would run in this
** grading.  Returns 0, or -1 when memory runs out. */
int rubric_resolve(const struct rubric *rb, const char *const *names,
                   size_t n, struct rubric_grade *out);

/* Prints, for instructors, the options, every candidate test with its
** points, category, visibility and rule line (or "not graded"), each
** rule's share, per-category totals and the total the matched tests sum
** to.  A rule that takes no test gets a "warning:" line.  Returns the
** number of warnings, or -1 when memory runs out. */
int rubric_explain(const struct rubric *rb, const char *const *names,
                   size_t n, FILE *out);

/* Releases what `rb` owns and zeroes it. */
void rubric_free(struct rubric *rb);

#endif /* GRADER_RUBRIC_H */
