/* running_on_valgrind.c -- RUNNING_ON_VALGRIND, a client request: a program
** that frees its memory only when Valgrind watches. */
#include <stdlib.h>
#include <valgrind/valgrind.h>

int main(void)
{
    char *p = malloc(8);

    if (RUNNING_ON_VALGRIND)
        free(p);
    return 0;
}
