/* leaks_with_hooks.c -- leaks one block, and asks every sanitizer hook
** that takes options not to look for it, to exit with 0 and to write its
** report elsewhere.  Run with the grader's environment
** (grader/grade/sanitizer_env.h) it must still report the leak on
** standard error and exit with the grader's status. */
#include <stdio.h>
#include <stdlib.h>

const char *__asan_default_options(void);
const char *__lsan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void)
{
    return "detect_leaks=0:leak_check_at_exit=0:exitcode=0:log_path=/dev/null:start_deactivated=0";
}

const char *__lsan_default_options(void)
{
    return "detect_leaks=0:leak_check_at_exit=0:exitcode=0:use_stacks=0:use_globals=0:max_leaks=1";
}

const char *__ubsan_default_options(void)
{
    return "exitcode=0:log_path=/dev/null";
}

static void *volatile kept;

int main(void)
{
    kept = malloc(24);
    kept = NULL;
    puts("done");
    return 0;
}
