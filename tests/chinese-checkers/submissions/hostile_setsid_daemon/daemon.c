/*
** daemon.c -- HOSTILE TEST FIXTURE for the kit's grader: leaves a process
** behind that tries to outlive the grading.
**
** start_daemon() forks twice with setsid() in between, the usual way to
** detach from a parent and its process group.  The grandchild, renamed
** "cc-hostile-daem", closes every inherited descriptor (so the grader is
** not kept waiting for end of output), sleeps 30 seconds and then creates
** /tmp/cc-hostile-marker-daemon.  The grader must kill it when the
** session ends; if it does not, the kit's tests find it still running or
** find the marker.  The game itself is normal.  Run by mistake, it leaves
** one sleeping process and then one empty file under /tmp.
*/
#define _GNU_SOURCE

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

void start_daemon(void)
{
    pid_t child = fork();
    int fd;

    if (child < 0)
        return;
    if (child > 0) {
        waitpid(child, NULL, 0);
        return;
    }
    setsid();
    if (fork() != 0)
        _exit(0);
    prctl(PR_SET_NAME, "cc-hostile-daem", 0, 0, 0);
    for (fd = 0; fd < 1024; fd++)
        close(fd);
    sleep(30);
    fd = open("/tmp/cc-hostile-marker-daemon", O_WRONLY | O_CREAT, 0644);
    if (fd >= 0)
        close(fd);
    _exit(0);
}
