/*
** grade_programs.c -- the argv of every kind of run of one build folder.
**
** The ThreadSanitizer build is run directly, like every other build: the
** grader asks the sandbox to run it without address randomisation
** (limits.no_aslr, the personality `setarch -R` sets; grade.c): GCC's TSan
** expects the program's mappings where a kernel with few random bits puts
** them, and on kernels that randomise more it stops at start with
** "unexpected memory mapping".  Not through setarch, which would have to
** exec the program, and a program under a memory check may run under exec
** once only (grader/sandbox/sandbox.h).
*/
#define _GNU_SOURCE
#include "grade_programs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *path_in(const char *dir, const char *name)
{
    char *p = NULL;
    return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

int grade_programs_init(struct grade_programs *g, const char *dir, const char *program,
                        const char *valgrind, double unit_test_seconds, double unit_call_seconds)
{
    char name[256];
    memset(g, 0, sizeof *g);
    g->bin_dir = path_in(dir, "bin");
    snprintf(name, sizeof name, "bin/%s", program);
    g->program = path_in(dir, name);
    snprintf(name, sizeof name, "bin/%s-asan", program);
    g->asan = path_in(dir, name);
    snprintf(name, sizeof name, "bin/%s-tsan", program);
    g->tsan = path_in(dir, name);
    for (int set = 0; set < 2; set++) {
        const char *name = set ? "unit-hidden" : "unit-public";
        char file[64];
        snprintf(file, sizeof file, "%s/%s", name, name);
        g->unit_dir[set] = path_in(dir, name);
        g->unit[set] = path_in(dir, file);
        snprintf(file, sizeof file, "%s/%s-callee", name, name);
        g->callee[set] = path_in(dir, file);
        g->readonly_unit[set][0] = g->unit_dir[set];
    }
    g->readonly_bin[0] = g->bin_dir;
    g->argv_program[0] = g->program;
    g->argv_asan[0] = g->asan;
    g->argv_tsan[0] = g->tsan;   /* NULL-terminated: g was zeroed */
    /* The tool itself where it is found, so that the program under it may
    ** exec nothing (valgrind_tool.h); else the launcher, which follows the
    ** program's execs -- a weaker check: a child's Valgrind reads options
    ** the program chose (VALGRIND_OPTS, .valgrindrc). */
    g->valgrind_direct = valgrind_tool_find(valgrind, &g->valgrind_tool);
    const char *env[] = {"PATH=/usr/bin:/bin", "LANG=C", g->valgrind_tool.lib_env,
                         g->valgrind_tool.launcher_env, NULL};
    _Static_assert(sizeof env <= sizeof g->env_valgrind, "env_valgrind is too small");
    memcpy(g->env_valgrind, env, sizeof env);
    const char *vg[] = {g->valgrind_direct ? g->valgrind_tool.path : valgrind, "-q",
                        "--error-exitcode=" SCORE_SANITIZER_EXIT_STR,
                        "--leak-check=full", "--errors-for-leak-kinds=definite,indirect",
                        "--show-leak-kinds=definite,indirect", "--track-origins=yes",
                        /* a student's -O0 code has nothing inlined; reading
                        ** the C library's inlining tables costs 15% */
                        "--read-inline-info=no",
                        g->valgrind_direct ? "--trace-children=no" : "--trace-children=yes",
                        g->program, NULL};
    _Static_assert(sizeof vg <= sizeof g->argv_valgrind, "argv_valgrind is too small");
    memcpy(g->argv_valgrind, vg, sizeof vg);
    snprintf(g->unit_timeout, sizeof g->unit_timeout, "--timeout=%.3f", unit_test_seconds);
    snprintf(g->unit_call_limit, sizeof g->unit_call_limit, "GRADED_CALL_SECONDS=%.3f",
             unit_call_seconds);
    /* Criterion starts a process per test (and the harness a callee beside
    ** it), and ASan's leak scan and quarantine at each start and exit are
    ** most of its cost; leaks are the memory tests' business, not the unit
    ** tests'. */
    const char *unit_env[] = {
        "PATH=/usr/bin:/bin",
        "LANG=C",
        "ASAN_OPTIONS=verify_asan_link_order=0:detect_leaks=0:quarantine_size_mb=0:exitcode="
            SCORE_SANITIZER_EXIT_STR,
        "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=" SCORE_SANITIZER_EXIT_STR,
        g->unit_call_limit,
        NULL,
    };
    _Static_assert(sizeof unit_env <= sizeof g->env_unit, "env_unit is too small");
    memcpy(g->env_unit, unit_env, sizeof unit_env);
    for (int set = 0; set < 2; set++) {
        const char *u[] = {g->unit[set], "--jobs=1", g->unit_timeout, NULL};
        _Static_assert(sizeof u <= sizeof g->argv_unit[set], "argv_unit is too small");
        memcpy(g->argv_unit[set], u, sizeof u);
    }
    return g->bin_dir && g->program && g->asan && g->tsan && g->unit[0] && g->unit[1]
        && g->unit_dir[0] && g->unit_dir[1] && g->callee[0] && g->callee[1] ? 0 : -1;
}

void grade_programs_free(struct grade_programs *g)
{
    free(g->bin_dir);
    free(g->program);
    free(g->asan);
    free(g->tsan);
    for (int set = 0; set < 2; set++) {
        free(g->unit[set]);
        free(g->callee[set]);
        free(g->unit_dir[set]);
    }
    memset(g, 0, sizeof *g);
}
