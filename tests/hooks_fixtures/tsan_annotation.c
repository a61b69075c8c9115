/* tsan_annotation.c -- tells ThreadSanitizer that races on a variable are
** benign with one of its dynamic annotations, declared by hand. */
void AnnotateBenignRaceSized(const char *file, int line, const volatile void *address, long size,
                             const char *description);

static int shared;

int main(void)
{
    AnnotateBenignRaceSized(__FILE__, __LINE__, &shared, sizeof shared, "fine");
    return shared;
}
