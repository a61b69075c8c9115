/* unpoison.c -- unpoisons the redzone after a heap block
** (ASAN_UNPOISON_MEMORY_REGION), so that the overflow into it goes
** unreported. */
#include <sanitizer/asan_interface.h>
#include <stdlib.h>

int main(void)
{
    char *p = malloc(8);

    if (p == NULL)
        return 1;
    ASAN_UNPOISON_MEMORY_REGION(p, 16);
    p[12] = 1;
    free(p);
    return 0;
}
