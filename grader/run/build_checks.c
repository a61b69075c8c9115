/*
** build_checks.c -- the ASan program's exit check and the hooks check of a
** submission's build (build_checks.h says what each is for).
*/
#define _GNU_SOURCE
#include "build_checks.h"

#include <stdio.h>
#include <stdlib.h>

#include "../submission/submission.h"

/* __lsan_do_recoverable_leak_check only reports, and leaves the check at
** exit in place (vet-hooks.sh allows it; __lsan_do_leak_check would turn
** that check off).  86 is SCORE_SANITIZER_EXIT. */
static const char exit_check_source[] =
    "/* exit_check.c -- written by the grader (grader/run/build_checks.c) */\n"
    "int __lsan_do_recoverable_leak_check(void);\n"
    "void __real__exit(int) __attribute__((noreturn));\n"
    "void __real__Exit(int) __attribute__((noreturn));\n"
    "void __real_quick_exit(int) __attribute__((noreturn));\n"
    "static int checked(int status) { return __lsan_do_recoverable_leak_check() ? 86 : status; }\n"
    "void __wrap__exit(int status) { __real__exit(checked(status)); }\n"
    "void __wrap__Exit(int status) { __real__Exit(checked(status)); }\n"
    "void __wrap_quick_exit(int status) { __real_quick_exit(checked(status)); }\n";

int build_write_exit_check(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" BUILD_EXIT_CHECK ".c", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int rc = fputs(exit_check_source, f) >= 0 ? 0 : -1;
    return fclose(f) != 0 ? -1 : rc;
}

int build_collect_hooks(const char *dir, char **hooks)
{
    char path[4096];
    size_t len = 0;
    snprintf(path, sizeof path, "%s/" BUILD_HOOKS_RC, dir);
    char *rc = submission_read_file(path, 64, &len);
    snprintf(path, sizeof path, "%s/" BUILD_HOOKS_LOG, dir);
    char *log = submission_read_file(path, 64 * 1024, &len);
    int status = rc ? atoi(rc) : -1, n = 0;
    free(rc);
    *hooks = NULL;
    if (status == 1)
        n = asprintf(hooks, "None of the memory checks (AddressSanitizer, UBSan, "
                     "ThreadSanitizer, Valgrind) was run, and they score 0: the program could "
                     "turn the checkers off or hide what they find.  It\n%s", log ? log : "");
    else if (status != 0)
        n = asprintf(hooks, "None of the memory checks was run: the programs could not "
                     "be checked for ways around the memory checkers (%s).\n%s",
                     status < 0 ? "the build did not finish" : "a tool failed", log ? log : "");
    free(log);
    if (n < 0)
        *hooks = NULL;
    return n < 0 ? -1 : 0;
}
