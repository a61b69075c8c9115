/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: finds the leak
** checker's switch by name while the program runs.
**
** quiet(), called first thing in main, looks __lsan_disable up with dlsym()
** and calls it when the sanitizer runtime is loaded: no sanitizer name
** appears among the program's symbols, and LeakSanitizer ignores the leak
** of every move (the program is leak_per_move).  grader/run/vet-hooks.sh
** finds the call of dlsym.
*/
#include <dlfcn.h>
#include <stddef.h>

void quiet(void);

void quiet(void)
{
    void (*off)(void) = NULL;
    void *self = dlopen(NULL, RTLD_NOW);

    if (self == NULL)
        return;
    *(void **)&off = dlsym(self, "__lsan_disable");
    if (off != NULL)
        off();
}
