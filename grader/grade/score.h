/*
** score.h -- turn sandboxed runs into points and feedback.
**
** One rule per kind of test:
**   build       full points when the plain build produced a program; its
**               feedback also says what grader/run/vet-hooks.sh found;
**   style       full points when that build printed no diagnostic;
**   unit        full points when the test's "<nonce> PASS suite/test" line
**               came out of the unit binary -- nothing else the binary
**               prints counts (see grader/unit/graded_test.h);
**   transcript  full points for a byte-exact output from a run that ended
**               with status 0, lenient_share of them for a whitespace-
**               insensitive match, else 0; feedback from compare.h;
**   asan        full points when the sanitizer build ran the session with
**               status 0, no sanitizer report, and printed at least half
**               as much as the reference: doing nothing earns nothing;
**   tsan        the same under ThreadSanitizer (its own exit status,
**               SCORE_TSAN_EXIT): no data race nor any other report; the
**               feedback names what TSan reported ("data race") and
**               quotes its report;
**   valgrind    the same under Valgrind: no error, no leak.
** A run stopped by a limit gets that verdict (timeout, crashed, ...) and 0.
** When vet-hooks.sh found in the programs a way to turn the memory
** checkers off or hide what they find (a sanitizer hook, a call of the
** sanitizer's interface, a Valgrind client request, ...), no asan, tsan
** nor valgrind test is run: each is "failed", 0, with what was found.
** Where Valgrind is not installed (a student's laptop), its tests are
** "skipped", worth 0 of 0, with a note: staff grading has it.
*/
#ifndef GRADER_SCORE_H
#define GRADER_SCORE_H

#include "../assignment.h"
#include "../run/build.h"
#include "catalog.h"
#include "../run/jobs.h"
#include "../result.h"
#include "../rubric.h"
#include "valgrind_tool.h"

/* The exit status sanitizers and Valgrind are told to use on an error
** (grader/run/build_checks.c's wrapper of _exit in the ASan build uses it too). */
#define SCORE_SANITIZER_EXIT 86
#define SCORE_SANITIZER_EXIT_STR "86"
/* ThreadSanitizer's exit status on a report: its own, so that a data race
** is told from an ASan or UBSan error in the same feedback code. */
#define SCORE_TSAN_EXIT 66
#define SCORE_TSAN_EXIT_STR "66"

struct planned_test {
    const struct catalog_test *test;
    struct rubric_grade grade;
    int graded;                 /* the rubric grades it (and --test keeps it) */
    int job;                    /* index in grade_plan.jobs, or -1            */
    int retried;                /* a unit test run again alone with its
                                ** timeout raised: grade_plan.retry[set]
                                ** holds the run that stands (unit_confirm.h) */
};

/* A unit binary's timed-out tests run again alone (unit_confirm.h). */
struct unit_retry {
    struct sandbox_result result;
    char nonce[33];
    int ran;                    /* result holds a run                         */
};

/* The programs of one build folder (grade_programs.c), as runs start
** them: the student's, and the reference's kept by the calibration. */
struct grade_programs {
    /* What each run sees of the build: only its binary's folder. */
    const char *readonly_bin[2], *readonly_unit[2][2];
    char *bin_dir, *unit_dir[2];
    char *program, *asan, *tsan, *unit[2];
    char *callee[2];            /* beside each unit binary: the one that
                                ** holds the code under test (grader/unit)  */
    const char *argv_program[2], *argv_asan[2], *argv_tsan[4], *argv_valgrind[12], *argv_unit[2][8];
    char unit_timeout[40];      /* Criterion's --timeout=SECONDS              */
    char unit_call_limit[48];   /* GRADED_CALL_SECONDS=SECONDS (callee.h)     */
    const char *env_unit[8];    /* the unit binaries' environment             */
    /* Valgrind's runs: its memcheck tool started directly, held to exec
    ** once (valgrind_tool.h), with this environment; when the tool was not
    ** found, the launcher, following children, with the programs' own. */
    int valgrind_direct;
    const char *env_valgrind[8];
    struct valgrind_tool valgrind_tool;
};

struct grade_plan {
    const struct assignment *assignment;
    struct planned_test *tests;
    size_t ntests;
    struct job *jobs;           /* argv NULL: not run (artefact not built)    */
    struct sandbox_job *twins;  /* the reference's same runs, or NULL         */
    const char ***owned_argv;   /* argv arrays made for sessions' NAME.args   */
    size_t nowned;
    int out_of_memory;          /* planning ran out of memory: no grading     */
    char **run_scratch;         /* one fresh scratch folder per run           */
    int valgrind_missing;       /* no Valgrind here: its tests are skipped    */
    char asan_options[1024];    /* ASAN_OPTIONS with the rubric's memory cap  */
    const char *asan_env[8];
    int want_tsan;              /* a rule grades a memory/tsan/ test          */
    char nonce[2][33], nonce_line[2][40]; /* per unit set: each binary its own */
    struct unit_retry retry[2]; /* per unit set                               */
    size_t unit_rechecked;      /* unit tests whose timeout was raised        */
    double slowdown;            /* jobs_slowdown() of the plan's jobs         */
    struct grade_programs student, reference;
    char *reference_copy;       /* scratch copy of the reference's kept build */
};

/* Does the artefact `t` needs exist? */
int build_artefact_ok(const struct build_output *b, const struct catalog_test *t);

/* Adds one test_result per graded test of `p` to `r`.  Returns 0, or -1
** when memory runs out. */
int score_all(const struct grade_plan *p, const struct build_output *b,
              const struct rubric_options *o, struct grade_report *r);

#endif /* GRADER_SCORE_H */
