/* tsan_suppressions.c -- defines __tsan_default_suppressions: every race
** suppressed. */
const char *__tsan_default_suppressions(void);

const char *__tsan_default_suppressions(void)
{
    return "race:*\n";
}

int main(void)
{
    return 0;
}
