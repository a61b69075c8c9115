/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: suppresses every
** data race report.
**
** ThreadSanitizer adds the suppressions __tsan_default_suppressions()
** returns to its own; "race:*" matches every race, so the unlocked shared
** bound (the program is parallel_bound_unlocked) goes unreported, whatever
** the options.  grader/run/vet-hooks.sh finds the definition.
*/
const char *__tsan_default_suppressions(void);

const char *__tsan_default_suppressions(void)
{
    return "race:*\n";
}
