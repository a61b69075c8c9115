/* lax_reply.c -- a greedy bot that writes its first move's reply itself,
** on the driver's protocol descriptor (found as junk.c finds it), spelt
** in a way C's sscanf("%ld") reads but the protocol's grammar
** (grader/referee/protocol.h) does not: the spelling is named by its
** first argument (read from /proc/self/cmdline):
**   plus "+3 1 5 1"   zero "03 1 5 1"   minus0 "3 -0 5 1" (a column 0 as -0)
**   tab "3\t1 5 1"    cr "3 1 5 1\r"    vt "3\v1 5 1"    ff "3\f1 5 1"
**   lead " 3 1 5 1"   trail "3 1 5 1 "  two "3  1 5 1"
** (the numbers: the greedy bot's move).  The referee puts it out with a
** bad reply there; one that used sscanf took the move, and then read the
** driver's own reply as the answer to the next request. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/greedy.h"

static const char *spelling(void)
{
    static char args[512];
    int fd = open("/proc/self/cmdline", O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, args, sizeof args - 1) : -1;

    if (fd >= 0)
        close(fd);
    if (n <= 0 || strlen(args) + 1 >= (size_t)n)
        return "plus";
    return args + strlen(args) + 1;
}

static void lax(char *out, size_t len, const Position *f, const Position *t)
{
    const char *s = spelling();
    struct { const char *name, *format; } forms[] = {
        {"plus", "+%ld %ld %ld %ld\n"}, {"zero", "0%ld %ld %ld %ld\n"}, {"tab", "%ld\t%ld %ld %ld\n"},
        {"cr", "%ld %ld %ld %ld\r\n"}, {"vt", "%ld\v%ld %ld %ld\n"}, {"ff", "%ld\f%ld %ld %ld\n"},
        {"lead", " %ld %ld %ld %ld\n"}, {"trail", "%ld %ld %ld %ld \n"}, {"two", "%ld  %ld %ld %ld\n"},
    };

    if (strcmp(s, "minus0") == 0) {
        /* the first column written -0, whatever it holds: the spelling is the point */
        snprintf(out, len, "%ld -0 %ld %ld\n", f->row, t->row, t->col);
        return;
    }
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (strcmp(s, forms[i].name) == 0)
            snprintf(out, len, forms[i].format, f->row, f->col, t->row, t->col);
}

static void reply_myself(const Position *f, const Position *t)
{
    char line[128] = "";

    lax(line, sizeof line, f, t);
    for (int fd = 3; fd <= 20; fd++) {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY)
            (void)!write(fd, line, strlen(line));
    }
}

void YourMove(Position *from, Position *to)
{
    static int moved;

    greedy_move(from, to);
    if (!moved++)
        reply_myself(from, to);
}
