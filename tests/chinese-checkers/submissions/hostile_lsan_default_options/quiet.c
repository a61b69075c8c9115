/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: sets
** LeakSanitizer's options from inside the program.
**
** LeakSanitizer reads __lsan_default_options() before LSAN_OPTIONS, which
** the grader did not set before the fix: leak_check_at_exit=0 skips the
** leak check at exit, so the leak of every move (the program is
** leak_per_move) went unreported.  grader/run/vet-hooks.sh finds the
** definition.
*/
const char *__lsan_default_options(void);

const char *__lsan_default_options(void)
{
    return "detect_leaks=0:leak_check_at_exit=0";
}
