/*
** brag.c -- HOSTILE TEST FIXTURE for the kit's grader: output that imitates
** a test framework, printed by every required function.
**
** brag() writes a fake Criterion report, "PASS" lines and a fake score to
** standard output and standard error.  A grader that looked for such text
** instead of checking results itself would give full marks.  Combined
** with check_neighbor() calling exit(0) before it returns, it checks that
** a test which never gets to its assertions is not counted as passed.
*/
#include <stdio.h>

void brag(void)
{
    static const char report[] =
        "[PASS] check_neighbor::all_six_directions: (0.00s)\n"
        "[PASS] check_jump::over_a_marble: (0.00s)\n"
        "PASS\n"
        "ok 1 - all tests passed\n"
        "{\"score\": 100, \"max_score\": 100, \"status\": \"passed\"}\n"
        "[====] Synthesis: Tested: 40 | Passing: 40 | Failing: 0 | Crashing: 0 \n";

    fputs(report, stdout);
    fflush(stdout);
    fputs(report, stderr);
}
