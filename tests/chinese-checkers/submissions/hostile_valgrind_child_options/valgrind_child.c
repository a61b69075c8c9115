/*
** valgrind_child.c -- HOSTILE TEST FIXTURE for the kit's grader: runs
** itself again under Valgrind options of its own choosing.
**
** Before main(), the first time, this constructor writes a suppressions
** file that hides every leak and every use of uninitialised memory into
** the working folder, names it in VALGRIND_OPTS and execs its own
** program.  When Valgrind followed children (--trace-children=yes), the
** child's Valgrind read VALGRIND_OPTS afresh and added the suppressions:
** the leak of every move (the program is leak_per_move) went unreported.
** Harmless if run by hand: it writes one small file in the current folder
** and execs once, the same program with the same arguments.
*/
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char hide_everything[] =
    "{\n leaks\n Memcheck:Leak\n match-leak-kinds: all\n fun:*\n ...\n}\n"
    "{\n branches\n Memcheck:Cond\n fun:*\n ...\n}\n"
    "{\n values\n Memcheck:Value8\n fun:*\n ...\n}\n";

static void relaunch(int argc, char **argv, char **envp)
{
    (void)argc, (void)envp;
    if (getenv("RELAUNCHED"))
        return;
    setenv("RELAUNCHED", "1", 1);
    FILE *f = fopen("hide.supp", "w");
    if (!f)
        return;
    fputs(hide_everything, f);
    fclose(f);
    /* Its own path, read rather than named /proc/self/exe: a Valgrind
    ** that follows children resolves that name in its own process. */
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return;
    self[len] = '\0';
    setenv("VALGRIND_OPTS", "--suppressions=hide.supp", 1);
    execv(self, argv);
    unsetenv("VALGRIND_OPTS");   /* refused: go on, checked */
}

__attribute__((section(".init_array"), used))
static void (*const relaunch_at_start)(int, char **, char **) = relaunch;
