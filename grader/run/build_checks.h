/*
** build_checks.h -- what a submission's build adds for the memory checks
** (build.c uses it).
**
** The ASan program's exit check: LeakSanitizer looks for leaks when the
** program calls exit() or returns from main; _exit(), _Exit() and
** quick_exit() end it without that look, which hid every leak from the
** ASan runs.  The ASan program is linked (BUILD_EXIT_WRAP) with these calls
** wrapped by BUILD/BUILD_EXIT_CHECK.c, which looks for leaks first and,
** when there are some, ends with the status the grader knows for a
** sanitizer's finding (SCORE_SANITIZER_EXIT, grader/grade/score.h).  A
** program that does not leak is not affected.
**
** The hooks check: once compile.sh has linked the programs,
** BUILD_HOOKS_CHECK runs grader/run/vet-hooks.sh (copied into BUILD) on
** every one of bin/ -- the plain, ASan and TSan programs, as far as they
** were made -- for what could turn the memory checkers off or hide what
** they find; build_collect_hooks() reads its verdict.
*/
#ifndef GRADER_BUILD_CHECKS_H
#define GRADER_BUILD_CHECKS_H

#define BUILD_EXIT_CHECK "exit_check"
#define BUILD_EXIT_WRAP "-Wl,--wrap=_exit,--wrap=_Exit,--wrap=quick_exit"
#define BUILD_HOOKS_LOG "hooks.log"
#define BUILD_HOOKS_RC "hooks.rc"
/* A line of compile.sh, after every program is linked. */
#define BUILD_HOOKS_CHECK "set -- bin/*; [ -e \"$1\" ] || set --\n" \
    "sh vet-hooks.sh \"$@\" > " BUILD_HOOKS_LOG " 2>&1; echo $? > " BUILD_HOOKS_RC "\n"

/* Writes BUILD/exit_check.c into `dir`.  Returns 0, or -1. */
int build_write_exit_check(const char *dir);

/* Reads what vet-hooks.sh found in `dir` into *hooks: NULL when nothing,
** else a malloc'd text for the student saying that no memory check is run
** and why.  Fails closed: a check that did not finish, or whose tools
** failed, runs no memory check either.  Returns -1 when memory runs out. */
int build_collect_hooks(const char *dir, char **hooks);

#endif /* GRADER_BUILD_CHECKS_H */
