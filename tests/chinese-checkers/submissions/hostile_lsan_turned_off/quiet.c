/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: turns the leak
** checker off.
**
** LeakSanitizer calls __lsan_is_turned_off() before it looks for leaks, and
** a program may define it; returning 1 skips the check, so the leak of
** every move (the program is leak_per_move) goes unreported under ASan.
** grader/run/vet-hooks.sh finds the definition in the linked program.
*/
int __lsan_is_turned_off(void);

int __lsan_is_turned_off(void)
{
    return 1;
}
