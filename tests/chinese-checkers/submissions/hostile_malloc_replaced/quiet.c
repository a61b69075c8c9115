/*
** quiet.c -- HOSTILE TEST FIXTURE for the kit's grader: replaces the memory
** allocator.
**
** malloc, calloc, realloc and free here hand out pieces of a static arena
** and never take them back.  AddressSanitizer and LeakSanitizer only watch
** the memory their own allocator gives, so the leak of every move (the
** program is leak_per_move) goes unseen under ASan.  (Valgrind replaces
** these functions with its own and still sees it.)  grader/run/vet-hooks.sh
** finds the definitions.
*/
#include <stddef.h>
#include <string.h>

static unsigned char arena[1 << 22];
static size_t used;

void *malloc(size_t size)
{
    size_t rounded = (size + 15) & ~(size_t)15;
    void *p;

    if (rounded < size || rounded > sizeof arena - used)
        return NULL;
    p = arena + used;
    used += rounded;
    return p;
}

void free(void *p)
{
    (void)p;
}

void *calloc(size_t count, size_t size)
{
    void *p = size != 0 && count > (size_t)-1 / size ? NULL : malloc(count * size);

    if (p != NULL)
        memset(p, 0, count * size);
    return p;
}

void *realloc(void *old, size_t size)
{
    void *p = malloc(size);
    size_t room = old != NULL ? (size_t)(arena + sizeof arena - (unsigned char *)old) : 0;

    if (p != NULL && old != NULL)
        memcpy(p, old, size < room ? size : room);
    return p;
}
