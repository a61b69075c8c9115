/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: tells the leak
** checker to ignore what the program allocates.
**
** quiet(), called first thing in main, calls __lsan_disable() from
** <sanitizer/lsan_interface.h> in the ASan build: LeakSanitizer ignores
** every block the thread allocates afterwards, so the leak of every move
** (the program is leak_per_move) goes unreported.  grader/run/vet-hooks.sh
** finds the call.
*/
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

void quiet(void);

void quiet(void)
{
#ifdef __SANITIZE_ADDRESS__
    __lsan_disable();
#endif
}
