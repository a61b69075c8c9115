/* asan_on_error.c -- defines __asan_on_error, which AddressSanitizer calls
** when it finds an error, before its report: this one exits with status 0,
** so the error's exit status never comes. */
#include <stdlib.h>

void __asan_on_error(void);

void __asan_on_error(void)
{
    _Exit(0);
}

int main(void)
{
    return 0;
}
