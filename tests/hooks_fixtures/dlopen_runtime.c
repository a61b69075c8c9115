/* dlopen_runtime.c -- opens the sanitizer runtime by name and looks for
** its switches. */
#include <dlfcn.h>
#include <stddef.h>

int main(void)
{
    void *runtime = dlopen("libasan.so.8", RTLD_NOW | RTLD_NOLOAD);

    return runtime != NULL;
}
