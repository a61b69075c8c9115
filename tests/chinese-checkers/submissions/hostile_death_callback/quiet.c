/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: exits with status 0
** when a sanitizer stops the program.
**
** quiet(), called first thing in main, gives the sanitizer runtime a death
** callback (__sanitizer_set_death_callback, <sanitizer/common_interface_defs.h>)
** that calls _Exit(0): LeakSanitizer still prints its report of the leak
** of every move (the program is leak_per_move), but the program's status
** says all went well.  grader/run/vet-hooks.sh finds the call.
*/
#include <stdlib.h>

#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/common_interface_defs.h>

static void calm(void)
{
    _Exit(0);
}
#endif

void quiet(void);

void quiet(void)
{
#ifdef __SANITIZE_ADDRESS__
    __sanitizer_set_death_callback(calm);
#endif
}
