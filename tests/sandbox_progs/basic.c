/*
** basic.c -- well-behaved and simply-failing programs for the sandbox
** tests (tests/sandbox/): "basic.c ACTION [ARG]".
**
**   echo          copy stdin to stdout
**   exit N        exit with status N
**   segv          dereference a null pointer
**   abort         call abort()
**   env           print the environment, one entry a line
**   id            print the real uid and gid
**   write PATH    create PATH holding "pwned"; exit 0 if that worked, else
**                 print the error and exit 3
**   exec PATH     run PATH (basic itself) as "PATH exit 0"; if the exec
**                 fails, print the error and exit 3
**   aslr          print "aslr on" or "aslr off" (ADDR_NO_RANDOMIZE)
**
** Each action is a row of a table, so adding one is one function and one
** line.  Exit status 2 means "bad usage".
*/
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <unistd.h>

extern char **environ;

static int do_echo(const char *arg)
{
    char buf[8192];
    ssize_t n;

    (void)arg;
    while ((n = read(0, buf, sizeof buf)) > 0)
        if (fwrite(buf, 1, (size_t)n, stdout) != (size_t)n)
            return 1;
    return n < 0 ? 1 : 0;
}

static int do_exit(const char *arg)
{
    return arg ? atoi(arg) : 0;
}

static int do_segv(const char *arg)
{
    volatile int *p = NULL;

    (void)arg;
    *p = 42;   /* the point of this program */
    return 0;
}

static int do_abort(const char *arg)
{
    (void)arg;
    abort();
}

static int do_env(const char *arg)
{
    (void)arg;
    for (char **e = environ; *e; e++)
        printf("%s\n", *e);
    return 0;
}

static int do_id(const char *arg)
{
    (void)arg;
    printf("uid=%d gid=%d\n", (int)getuid(), (int)getgid());
    return 0;
}

static int do_write(const char *path)
{
    int fd = path ? open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644) : -1;

    if (fd < 0 || write(fd, "pwned\n", 6) != 6 || close(fd) != 0) {
        printf("write %s: %s\n", path ? path : "?", strerror(errno));
        return 3;
    }
    printf("wrote %s\n", path);
    return 0;
}

static int do_exec(const char *path)
{
    if (path)
        execl(path, path, "exit", "0", (char *)NULL);
    printf("exec %s: %s\n", path ? path : "?", strerror(errno));
    return 3;
}

static int do_aslr(const char *arg)
{
    (void)arg;
    printf("aslr %s\n", personality(0xffffffff) & ADDR_NO_RANDOMIZE ? "off" : "on");
    return 0;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int (*run)(const char *); } acts[] = {
        { "echo", do_echo }, { "exit", do_exit }, { "segv", do_segv },
        { "abort", do_abort }, { "env", do_env }, { "id", do_id },
        { "write", do_write }, { "exec", do_exec },
        { "aslr", do_aslr },
    };

    for (size_t i = 0; argc > 1 && i < sizeof acts / sizeof acts[0]; i++)
        if (strcmp(argv[1], acts[i].name) == 0) {
            int rc = acts[i].run(argc > 2 ? argv[2] : NULL);
            fflush(stdout);
            return rc;
        }
    fprintf(stderr, "usage: basic ACTION [ARG]\n");
    return 2;
}
