/* ignore_object.c -- tells LeakSanitizer to ignore a leaked block. */
#include <sanitizer/lsan_interface.h>
#include <stdlib.h>

int main(void)
{
    void *p = malloc(8);

    __lsan_ignore_object(p);
    return p == NULL;
}
