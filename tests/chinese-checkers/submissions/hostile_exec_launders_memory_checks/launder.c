/*
** launder.c -- HOSTILE TEST FIXTURE for the kit's grader: runs itself
** again with the memory checks switched off.
**
** Before main(), the C library calls this constructor with the program's
** arguments.  The first time, it marks its environment, replaces the
** sanitizers' options with ones that skip the leak check, and execs its
** own program: Valgrind (without --trace-children) and the sanitizers'
** options the grader chose no longer apply to the copy, whose leak of
** every move (the program is leak_per_move) goes unreported.  Harmless if
** run by hand: it execs once, the same program with the same arguments.
*/
#include <stdlib.h>
#include <unistd.h>

static void launder(int argc, char **argv, char **envp)
{
    (void)argc, (void)envp;
    if (getenv("LAUNDER"))
        return;
    setenv("LAUNDER", "1", 1);
    setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
    setenv("LSAN_OPTIONS", "detect_leaks=0", 1);
    execv(argv[0], argv);
    /* refused: go on, checked, as the program it is */
}

__attribute__((section(".init_array"), used))
static void (*const launder_at_start)(int, char **, char **) = launder;
