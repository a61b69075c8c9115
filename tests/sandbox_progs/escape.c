/*
** escape.c -- programs that try to get out of the sandbox, for
** the sandbox tests (tests/sandbox/): "escape ACTION [ARG]".
**
**   ls DIR        list DIR, one name a line; exit 3 if it cannot
**   stat PATH     print "exists" and exit 0 if PATH exists, else exit 3
**   find SUFFIX   walk / (not /proc, /sys, /dev, nor the OS in /usr) and
**                 print every path ending in SUFFIX: a student hunting
**                 for the expected outputs
**   swapcwd       rename the cwd (the scratch directory) away and put a
**                 symlink to /etc in its place; exit 3 if it cannot
**   connect PORT  TCP-connect to 127.0.0.1:PORT; exit 0 if it worked,
**                 else print why and exit 3
**   killgroup     kill(0, SIGKILL): its own process group
**   killall       kill(getppid(), SIGKILL), then kill(-1, SIGKILL); exit 0
**   daemon        leave a setsid()'d, double-forked grandchild that holds
**                 stdout open and sleeps; exit 0 once it runs
**
** Extra arguments (a marker) are ignored but stay in /proc/PID/cmdline of
** every process forked from here, which is how the tests find survivors.
*/
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <ftw.h>
#include <dirent.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *find_suffix;

static int do_ls(const char *dir)
{
    DIR *d = opendir(dir ? dir : "/");
    struct dirent *e;

    if (!d)
        return 3;
    while ((e = readdir(d)) != NULL)
        printf("%s\n", e->d_name);
    return closedir(d) == 0 ? 0 : 1;
}

static int do_stat(const char *path)
{
    struct stat st;

    if (!path || stat(path, &st) != 0)
        return 3;
    printf("exists\n");
    return 0;
}

static int visit(const char *path, const struct stat *st, int type,
                 struct FTW *ftw)
{
    size_t n = strlen(path), k = strlen(find_suffix);

    (void)st, (void)type, (void)ftw;
    static const char *const skip[] = { "/proc", "/sys", "/dev", "/usr", NULL };

    for (const char *const *s = skip; *s; s++)
        if (strcmp(path, *s) == 0)
            return FTW_SKIP_SUBTREE;
    if (n >= k && strcmp(path + n - k, find_suffix) == 0)
        printf("%s\n", path);
    return FTW_CONTINUE;
}

static int do_find(const char *suffix)
{
    find_suffix = suffix ? suffix : ".out";
    return nftw("/", visit, 32, FTW_PHYS | FTW_ACTIONRETVAL) == -1 ? 1 : 0;
}

static int do_connect(const char *port)
{
    struct sockaddr_in a = { .sin_family = AF_INET };
    int fd = socket(AF_INET, SOCK_STREAM, 0);

    a.sin_port = htons((unsigned short)(port ? atoi(port) : 1));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
        printf("connect: %s\n", strerror(errno));
        return 3;
    }
    printf("connected\n");
    return 0;
}

static int do_killgroup(const char *arg)
{
    (void)arg;
    kill(0, SIGKILL);
    return 1;
}

static int do_killall(const char *arg)
{
    int a = kill(getppid(), SIGKILL), b = kill(-1, SIGKILL);

    (void)arg;
    printf("kill(ppid)=%d kill(-1)=%d\n", a, b);
    return 0;
}

static int do_daemon(const char *arg)
{
    int p[2];
    char c;
    pid_t child;

    (void)arg;
    if (pipe(p) != 0 || (child = fork()) < 0)
        return 1;
    if (child == 0) {
        if (setsid() < 0 || fork() != 0)
            _exit(0);
        if (write(p[1], "r", 1) != 1)
            _exit(1);
        for (;;)
            sleep(30);
    }
    close(p[1]);
    if (waitpid(child, NULL, 0) < 0 || read(p[0], &c, 1) != 1)
        return 1;
    printf("daemon ready\n");
    return 0;
}

static int do_swapcwd(const char *arg)
{
    char cwd[4096], moved[4200];

    (void)arg;
    if (!getcwd(cwd, sizeof cwd))
        return 3;
    snprintf(moved, sizeof moved, "%s.moved", cwd);
    if (rename(cwd, moved) != 0 || symlink("/etc", cwd) != 0) {
        printf("swap: %s\n", strerror(errno));
        return 3;
    }
    printf("swapped\n");
    return 0;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int (*run)(const char *); } acts[] = {
        { "ls", do_ls }, { "stat", do_stat }, { "find", do_find },
        { "connect", do_connect }, { "killgroup", do_killgroup },
        { "killall", do_killall }, { "daemon", do_daemon },
        { "swapcwd", do_swapcwd },
    };

    setvbuf(stdout, NULL, _IONBF, 0);
    for (size_t i = 0; argc > 1 && i < sizeof acts / sizeof acts[0]; i++)
        if (strcmp(argv[1], acts[i].name) == 0)
            return acts[i].run(argc > 2 ? argv[2] : NULL);
    fprintf(stderr, "usage: escape ACTION [ARG]\n");
    return 2;
}
