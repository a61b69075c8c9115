/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: sets
** AddressSanitizer's options from inside the program.
**
** AddressSanitizer reads __asan_default_options() before ASAN_OPTIONS; the
** grader's environment sets detect_leaks but, before the fix, not
** leak_check_at_exit, so this turned the leak check at exit off and the
** leak of every move (the program is leak_per_move) went unreported.
** grader/run/vet-hooks.sh finds the definition; the grader's environment
** now also sets every option the kit depends on.
*/
const char *__asan_default_options(void);

const char *__asan_default_options(void)
{
    return "detect_leaks=0:leak_check_at_exit=0:halt_on_error=0";
}
