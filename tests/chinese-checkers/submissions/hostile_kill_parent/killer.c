/*
** killer.c -- HOSTILE TEST FIXTURE for the kit's grader: a program that
** tries to kill whoever runs it.
**
** kill_everyone() sends SIGKILL to its parent and then to its whole
** process group, which includes itself.  The grader must survive, go on
** grading and report the sessions as failed.  To stay harmless when a
** person runs it by mistake, it does nothing when standard input is a
** terminal or when its parent is a shell or another tool people run
** programs from (the check reads /proc/PPID/comm; a machine without
** /proc is taken to be a sandbox).
*/
#define _GNU_SOURCE

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* 1 when the parent is something a person might be running. */
static int parent_is_interactive(void)
{
    static const char *const tools[] = {
        "bash", "sh", "dash", "zsh", "fish", "ksh", "tcsh", "csh", "make",
        "gmake", "env", "timeout", "xargs", "sudo", "su", "script", "tmux",
        "screen", "sshd", "login", "python", "python3", "perl", "gdb",
        "strace", "watch", "nohup", "systemd", "init", "code", "node",
    };
    char path[64], comm[64] = "";
    FILE *f;
    size_t i;

    snprintf(path, sizeof path, "/proc/%d/comm", (int)getppid());
    f = fopen(path, "r");
    if (f == NULL)
        return 0; /* no /proc: not a person's desktop */
    if (fgets(comm, sizeof comm, f) == NULL)
        comm[0] = '\0';
    fclose(f);
    comm[strcspn(comm, "\n")] = '\0';
    for (i = 0; i < sizeof tools / sizeof tools[0]; i++)
        if (strcmp(comm, tools[i]) == 0)
            return 1;
    return 0;
}

void kill_everyone(void)
{
    if (isatty(STDIN_FILENO) || parent_is_interactive())
        return;
    fflush(stdout);
    kill(getppid(), SIGKILL);
    kill(0, SIGKILL);
}
