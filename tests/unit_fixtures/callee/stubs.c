/*
** stubs.c -- weak stand-ins for the callee's self-test's required
** functions (calls.h), under the names the build gives the submission's
** own (student_NAME), as an assignment's unit/stubs.c: forward.c's
** thunks name them, so the worker's binary, which holds nothing of the
** submission, links; in the callee's binary the submission's own win.
** Each fails whatever test calls it (no test expects -1, and say prints
** nothing).
*/
#define STAND_IN(NAME) \
    __attribute__((weak)) int student_##NAME(void) { return -1; }

__attribute__((weak)) int student_add(int a, int b)
{
    (void)a, (void)b;
    return -1;
}

__attribute__((weak)) void student_say(const char *text)
{
    (void)text;
}

STAND_IN(spin)
STAND_IN(nap)
STAND_IN(doze)
STAND_IN(crash)
STAND_IN(quit)
STAND_IN(forge)
STAND_IN(linger)
STAND_IN(reach)
