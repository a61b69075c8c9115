/*
** grade_programs_test.c -- the argv of each kind of run of a build folder
** (grader/grade/grade_programs.h).
*/
#include <criterion/criterion.h>
#include <string.h>
#include <unistd.h>

#include "grade/grade_programs.h"

/* Criterion's --full-stats sends every passing assertion to the runner: a
** unit test looping over the 256 squares of a Halma board made the whole
** binary some fifty times slower (3 minutes instead of 4 s), for nothing
** the grader reads -- a failed assertion's message is reported either
** way.  The unit binaries run one job at a time, with the per-test limit. */
Test(grade_programs, unit_runs_take_one_job_and_the_test_limit_only)
{
    struct grade_programs g;
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 2.5), 0);
    for (int set = 0; set < 2; set++) {
        cr_assert_str_eq(g.argv_unit[set][0], set ? "/b/unit-hidden/unit-hidden" : "/b/unit-public/unit-public");
        cr_assert_str_eq(g.argv_unit[set][1], "--jobs=1");
        cr_assert_str_eq(g.argv_unit[set][2], "--timeout=2.500");
        cr_assert_null(g.argv_unit[set][3], "no other option: %s", g.argv_unit[set][3]);
    }
    cr_assert_str_eq(g.argv_program[0], "/b/bin/prog");
    cr_assert_str_eq(g.argv_asan[0], "/b/bin/prog-asan");
    grade_programs_free(&g);
}

/* The ThreadSanitizer build runs directly, with no launcher (setarch -R)
** that would exec it: the sandbox turns address randomisation off
** (grade_programs.c says why). */
Test(grade_programs, tsan_runs_the_tsan_build_without_randomisation)
{
    struct grade_programs g;
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 1), 0);
    size_t n = 0;
    while (g.argv_tsan[n])
        n++;
    cr_assert_eq(n, 1, "the TSan build alone, got %zu words", n);
    cr_assert_str_eq(g.argv_tsan[0], "/b/bin/prog-tsan");
    grade_programs_free(&g);
}
