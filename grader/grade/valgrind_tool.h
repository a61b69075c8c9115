/*
** valgrind_tool.h -- finding Valgrind's memcheck tool, so that a grading
** can start it without its launcher.
**
** Why.  `valgrind` is a launcher: it execs the tool binary
** (memcheck-PLATFORM in Valgrind's library folder).  A program under a
** memory check must not exec anything itself (sandbox.h, "exec once"):
** one that execs a copy of itself with VALGRIND_OPTS, ./.valgrindrc or
** ~/.valgrindrc naming suppressions would pass the check unchecked,
** since a child's Valgrind reads those afresh (--trace-children=yes), or
** runs without Valgrind at all (=no).  Started directly, the tool is the
** job's one exec, and every exec of the program's fails.
**
** The tool needs two variables the launcher would set: VALGRIND_LIB (its
** folder, for the preloaded libraries and suppressions) and
** VALGRIND_LAUNCHER (read only to follow children, which it does not).
*/
#ifndef GRADER_VALGRIND_TOOL_H
#define GRADER_VALGRIND_TOOL_H

#include <stddef.h>

struct valgrind_tool {
    char path[512];          /* DIR/memcheck-PLATFORM                      */
    char lib_env[560];       /* "VALGRIND_LIB=DIR"                         */
    char launcher_env[560];  /* "VALGRIND_LAUNCHER=<the launcher's path>"  */
};

/* Looks for the memcheck tool of this machine's platform in the library
** folders Valgrind is installed with (GRADER_VALGRIND_LIB first, then
** /usr/libexec/valgrind, /usr/lib/valgrind, /usr/local/libexec/valgrind,
** /usr/local/lib/valgrind, the multiarch folder).  Returns 1 and fills
** `t` when an executable tool is there, 0 when not (or on a platform it
** does not know): the caller then runs the launcher and follows children
** (--trace-children=yes), which a program can fool, and should say so. */
int valgrind_tool_find(const char *launcher, struct valgrind_tool *t);

#endif /* GRADER_VALGRIND_TOOL_H */
