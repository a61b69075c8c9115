/*
** grade_programs.h -- how a grading's runs start the programs of one
** build folder: paths, argv and the read-only folder each run may see.
**
** A build folder holds bin/ (the program, its ASan and maybe its TSan
** build) and
** unit-public/, unit-hidden/ (the unit-test binaries), as build.h makes
** them.  The same table serves the student's build and the reference's,
** which the calibration keeps (calibrate.h) for confirming time limits.
*/
#ifndef GRADER_GRADE_PROGRAMS_H
#define GRADER_GRADE_PROGRAMS_H

#include "score.h"

/* Fills `g` for the build folder `dir`, whose bin/ holds `program`,
** `program`-asan and `program`-tsan (build.h); Valgrind is `valgrind` (a
** path),
** each unit test gets `unit_test_seconds` (Criterion's --timeout), and
** each call it makes to the submission's code in the callee process
** `unit_call_seconds` of CPU by default (GRADED_CALL_SECONDS in the unit
** binaries' environment; limits.h derives both).
** Returns 0, or -1 when memory runs out (then grade_programs_free). */
int grade_programs_init(struct grade_programs *g, const char *dir, const char *program,
                        const char *valgrind, double unit_test_seconds, double unit_call_seconds);

/* Frees what grade_programs_init allocated; accepts a zeroed struct. */
void grade_programs_free(struct grade_programs *g);

#endif /* GRADER_GRADE_PROGRAMS_H */
