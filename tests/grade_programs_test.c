/*
** grade_programs_test.c -- the argv of each kind of run of a build folder
** (grader/grade/grade_programs.h).
*/
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 2.5, 1.25), 0);
    for (int set = 0; set < 2; set++) {
        cr_assert_str_eq(g.argv_unit[set][0], set ? "/b/unit-hidden/unit-hidden" : "/b/unit-public/unit-public");
        cr_assert_str_eq(g.argv_unit[set][1], "--jobs=1");
        cr_assert_str_eq(g.argv_unit[set][2], "--timeout=2.500");
        cr_assert_null(g.argv_unit[set][3], "no other option: %s", g.argv_unit[set][3]);
    }
    /* Each call into the callee: its default limit. */
    size_t n = 0;
    while (g.env_unit[n] && strcmp(g.env_unit[n], "GRADED_CALL_SECONDS=1.250") != 0)
        n++;
    cr_assert_not_null(g.env_unit[n], "no GRADED_CALL_SECONDS=1.250 in the unit binaries' environment");
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
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 1, 0.5), 0);
    size_t n = 0;
    while (g.argv_tsan[n])
        n++;
    cr_assert_eq(n, 1, "the TSan build alone, got %zu words", n);
    cr_assert_str_eq(g.argv_tsan[0], "/b/bin/prog-tsan");
    grade_programs_free(&g);
}

/* The last word before the program in Valgrind's argv. */
static const char *trace_option(const struct grade_programs *g)
{
    size_t n = 0;
    while (g->argv_valgrind[n])
        n++;
    cr_assert_geq(n, 2);
    cr_assert_str_eq(g->argv_valgrind[n - 1], "/b/bin/prog");
    return g->argv_valgrind[n - 2];
}

/* Valgrind's tool is started itself, so that the program under it can be
** held to exec once: a child's Valgrind would read the options the
** program chose (valgrind_tool.h). */
Test(grade_programs, valgrind_runs_its_tool_without_the_launcher)
{
    char dir[] = "/tmp/vgtool-XXXXXX", tool[64], want[96];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(tool, sizeof tool, "%s/memcheck-%s", dir,
#if defined(__x86_64__)
             "amd64-linux"
#else
             "arm64-linux"
#endif
    );
    FILE *f = fopen(tool, "w");
    cr_assert_not_null(f);
    fclose(f);
    cr_assert_eq(chmod(tool, 0755), 0);
    cr_assert_eq(setenv("GRADER_VALGRIND_LIB", dir, 1), 0);
    struct grade_programs g;
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 1, 0.5), 0);
    cr_expect_eq(g.valgrind_direct, 1);
    cr_expect_str_eq(g.argv_valgrind[0], tool);
    cr_expect_str_eq(trace_option(&g), "--trace-children=no");
    snprintf(want, sizeof want, "VALGRIND_LIB=%s", dir);
    cr_expect_str_eq(g.env_valgrind[2], want);
    cr_expect_str_eq(g.env_valgrind[3], "VALGRIND_LAUNCHER=/usr/bin/valgrind");
    cr_expect_null(g.env_valgrind[4]);
    grade_programs_free(&g);
    unlink(tool);
    rmdir(dir);
}

/* Where the tool is not found, the launcher runs it and follows the
** program's execs, as well as it can (the report says so). */
Test(grade_programs, valgrind_without_its_tool_follows_children)
{
    cr_assert_eq(setenv("GRADER_VALGRIND_LIB", "/nonexistent", 1), 0);
    struct grade_programs g;
    cr_assert_eq(grade_programs_init(&g, "/b", "prog", "/usr/bin/valgrind", 1, 0.5), 0);
    cr_expect_eq(g.valgrind_direct, 0);
    cr_expect_str_eq(g.argv_valgrind[0], "/usr/bin/valgrind");
    cr_expect_str_eq(trace_option(&g), "--trace-children=yes");
    grade_programs_free(&g);
}
