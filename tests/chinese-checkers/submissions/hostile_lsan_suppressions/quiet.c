/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: suppresses every
** leak report.
**
** LeakSanitizer adds the suppressions __lsan_default_suppressions()
** returns to its own; "leak:*" matches every leak, so the leak of every
** move (the program is leak_per_move) goes unreported, whatever the
** options.  grader/run/vet-hooks.sh finds the definition.
*/
const char *__lsan_default_suppressions(void);

const char *__lsan_default_suppressions(void)
{
    return "leak:*\n";
}
