/*
** valgrind_tool.c -- finds Valgrind's memcheck tool (valgrind_tool.h).
*/
#define _GNU_SOURCE
#include "valgrind_tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Valgrind's name for this platform; NULL where the kit does not know it. */
static const char *platform(void)
{
#if defined(__x86_64__)
    return "amd64-linux";
#elif defined(__aarch64__)
    return "arm64-linux";
#else
    return NULL;
#endif
}

/* Fills `t` from folder `dir` when DIR/memcheck-PLATFORM is executable;
** returns 1 if so, else 0. */
static int try_folder(const char *dir, const char *launcher, struct valgrind_tool *t)
{
    int len = snprintf(t->path, sizeof t->path, "%s/memcheck-%s", dir, platform());
    if (len <= 0 || (size_t)len >= sizeof t->path || access(t->path, X_OK) != 0)
        return 0;
    len = snprintf(t->lib_env, sizeof t->lib_env, "VALGRIND_LIB=%s", dir);
    if (len <= 0 || (size_t)len >= sizeof t->lib_env)
        return 0;
    len = snprintf(t->launcher_env, sizeof t->launcher_env, "VALGRIND_LAUNCHER=%s", launcher);
    return len > 0 && (size_t)len < sizeof t->launcher_env;
}

int valgrind_tool_find(const char *launcher, struct valgrind_tool *t)
{
    static const char *const folders[] = {
        "/usr/libexec/valgrind", "/usr/lib/valgrind", "/usr/local/libexec/valgrind",
        "/usr/local/lib/valgrind",
#if defined(__x86_64__)
        "/usr/lib/x86_64-linux-gnu/valgrind",
#elif defined(__aarch64__)
        "/usr/lib/aarch64-linux-gnu/valgrind",
#endif
    };
    const char *chosen = getenv("GRADER_VALGRIND_LIB");

    memset(t, 0, sizeof *t);
    if (!platform() || !launcher)
        return 0;
    if (chosen && chosen[0])
        return try_folder(chosen, launcher, t) || (memset(t, 0, sizeof *t), 0);
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++)
        if (try_folder(folders[i], launcher, t))
            return 1;
    memset(t, 0, sizeof *t);
    return 0;
}
