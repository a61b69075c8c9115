/*
** build.h -- compile a student's submission, inside the sandbox.
**
** From the sources copied by submission_collect() into BUILD/src, it
** makes, in BUILD:
**   bin/PROGRAM                the program, -O0 -g, with the course's
**                              flags; its diagnostics decide the "no
**                              warnings" test
**   bin/PROGRAM-asan           the program under AddressSanitizer + UBSan,
**                              its _exit, _Exit and quick_exit wrapped to
**                              look for leaks first (build_checks.h)
**   bin/PROGRAM-tsan           the program under ThreadSanitizer (-O1 -g,
**                              the course's flags, -pthread), only when
**                              asked for (want_tsan): the rubric grades
**                              some memory/tsan/ run
**   unit-public/unit-public,   the Criterion unit tests and the harness,
**   unit-hidden/unit-hidden    with nothing of the submission: the
**                              workers, which hold the nonce
**   unit-SET/unit-SET-callee   the same linked with the student's vetted
**                              objects, their main renamed away and all
**                              but the required symbols local: the callee
**                              each worker runs the required functions in
**                              (grader/unit/callee.h)
** Each run later sees only the folder of the binary it runs, so a
** program cannot read the hidden unit tests.  The build is two sandboxed
** scripts: compile.sh (the student's sources, with nothing of the kit's
** tests present) and link.sh (after the grader copies in the test
** objects; only the linker runs).
** Then grader/run/vet-hooks.sh reads the programs it made (plain, ASan,
** TSan) for what could turn the memory checkers off or hide what they find
** (the sanitizers' hooks, calls of their interface, Valgrind client
** requests, ...): a program with any gets none of its memory checks run
** (`hooks`, below).
** Each of the two scripts is a sandboxed job with time,
** memory and output limits: a submission may #include "/dev/zero".
** A failure to build any artefact is recorded, never fatal: the tests
** that need it score 0 with the compiler's message -- led, when the link
** found main defined twice, by a sentence naming both files
** (build_main.h).
*/
#ifndef GRADER_BUILD_H
#define GRADER_BUILD_H

#include "../sandbox/sandbox.h"

/* The line the unit build's log carries when the vetting (vet-objects.sh
** on the objects, vet-binary.sh on the linked binary) refused the
** submission's code, so that the report leads with that, not with a link
** failure. */
#define BUILD_UNIT_REFUSED "No unit test is run on code that does this"

/* The course's flags; warnings under them cost the style points. */
#define BUILD_CFLAGS "-std=c11", "-Wall", "-Wextra", "-Wpedantic"

enum build_artefact { BUILD_PROGRAM, BUILD_ASAN, BUILD_UNIT_PUBLIC, BUILD_UNIT_HIDDEN, BUILD_TSAN,
                      BUILD_COUNT };

struct build_input {
    const char *dir;              /* BUILD: holds src/ from submission_collect */
    char *const *sources;         /* .c paths relative to BUILD/src           */
    size_t nsources;
    const char *unit_objects[2];  /* public and hidden test objects (.o), or NULL */
    const char *harness_object;   /* graded_test.o: harness, support, stubs     */
    const char *vet_script;       /* grader/unit/vet-objects.sh (its folder also
                                  ** gives vet-binary.sh)                      */
    const char *hooks_script;     /* grader/run/vet-hooks.sh                    */
    const char *program;          /* PROGRAM: the assignment's program name     */
    const char *const *keep_symbols; /* the required symbols (NULL-terminated):
                                  ** all others of the student's unit object
                                  ** are made local                           */
    const char *const *forwarded; /* those renamed NAME -> student_NAME in
                                  ** it (NULL-terminated, or NULL)           */
    int want_hidden;              /* build unit-hidden too                      */
    int want_tsan;                /* build PROGRAM-tsan too                     */
    struct sandbox_limits limits; /* per script (compile.sh, link.sh)           */
};

struct build_output {
    int ok[BUILD_COUNT];          /* artefact exists and may be run             */
    char *log[BUILD_COUNT];       /* compiler/linker messages, malloc'd         */
    int warnings;                 /* the plain build printed diagnostics        */
    int timed_out;                /* a script (compile.sh, link.sh) hit its
                                  ** time limit                              */
    char *hooks;                  /* NULL, or why no memory check may run:
                                  ** what vet-hooks.sh found in the programs
                                  ** (or that it could not check them),
                                  ** malloc'd, for the student                 */
    double seconds;
    double max_cpu, max_wall;     /* the costliest sandboxed script's         */
};

/* Builds everything; returns 0, or -1 when the grader itself failed
** (message on stderr). */
int build_submission(const struct build_input *in, struct build_output *out);

void build_output_free(struct build_output *out);

/* Empties BUILD of all but src/, so that build_submission() may build the
** same sources there again (with other limits).  Returns 0, or -1 with a
** message on stderr. */
int build_reset(const char *dir);

#endif /* GRADER_BUILD_H */
