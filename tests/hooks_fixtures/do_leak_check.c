/* do_leak_check.c -- VALGRIND_DO_LEAK_CHECK and
** VALGRIND_DISABLE_ERROR_REPORTING, from <valgrind/memcheck.h>. */
#include <valgrind/memcheck.h>

int main(void)
{
    VALGRIND_DISABLE_ERROR_REPORTING;
    VALGRIND_DO_LEAK_CHECK;
    return 0;
}
