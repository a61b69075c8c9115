/*
** hold.c -- programs that try to hold what the sandbox's limits do not
** name, for the sandbox tests (tests/sandbox/hold.c): "hold ACTION ARG".
**
**   keyread NAME  look for a "user" key NAME in every keyring it can reach
**                 (session, user, user-session, process, thread); print
**                 its payload and exit 0 if found, else exit 3
**   keyadd NAME   add a "user" key NAME (payload "note") to each of those
**                 keyrings; exit 0 if any took it, else print why, exit 3
**   memfd MIB     hold MIB MiB in memory files (memfd_create + fallocate,
**                 16 MiB each, as a bot did), ignoring every failure, and
**                 keep them while it prints how much it holds; exit 0
**   disk MIB      write MIB MiB into its cwd in files of 1 MiB (each its
**                 own file: no per-file cap stops it), ignoring failures;
**                 print how much it wrote; exit 0
**
** Extra arguments (a marker) are ignored.
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/keyctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static const long rings[] = {
    KEY_SPEC_SESSION_KEYRING, KEY_SPEC_USER_KEYRING, KEY_SPEC_USER_SESSION_KEYRING,
    KEY_SPEC_PROCESS_KEYRING, KEY_SPEC_THREAD_KEYRING,
};
#define NRINGS (sizeof rings / sizeof rings[0])

static int key_read(const char *name)
{
    char buf[256];

    for (size_t i = 0; i < NRINGS; i++) {
        long id = syscall(SYS_keyctl, KEYCTL_SEARCH, rings[i], "user", name, 0);
        long n = id >= 0 ? syscall(SYS_keyctl, KEYCTL_READ, id, buf, sizeof buf - 1) : -1;
        if (n >= 0) {
            buf[n < (long)sizeof buf ? n : (long)sizeof buf - 1] = '\0';
            printf("%s\n", buf);
            return 0;
        }
    }
    return 3;
}

static int key_add(const char *name)
{
    int added = 0;

    for (size_t i = 0; i < NRINGS; i++)
        added |= syscall(SYS_add_key, "user", name, "note", 4, rings[i]) >= 0;
    if (!added)
        perror("add_key");
    return added ? 0 : 3;
}

static int hold_memfd(long mib)
{
    long held = 0;

    for (long i = 0; i < mib / 16; i++) {
        int fd = (int)syscall(SYS_memfd_create, "hold", 0);
        if (fd >= 0 && fallocate(fd, 0, 0, (off_t)16 << 20) == 0)
            held += 16;
    }
    printf("held %ld MiB\n", held);
    fflush(stdout);
    sleep(1);
    return 0;
}

static int fill_disk(long mib)
{
    static char block[1 << 20];
    long wrote = 0;
    char name[32];

    memset(block, 'x', sizeof block);
    for (long i = 0; i < mib; i++) {
        snprintf(name, sizeof name, "f%ld", i);
        int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0 && write(fd, block, sizeof block) == (ssize_t)sizeof block)
            wrote++;
        if (fd >= 0)
            close(fd);
    }
    printf("wrote %ld MiB\n", wrote);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    if (strcmp(argv[1], "keyread") == 0)
        return key_read(argv[2]);
    if (strcmp(argv[1], "keyadd") == 0)
        return key_add(argv[2]);
    if (strcmp(argv[1], "memfd") == 0)
        return hold_memfd(atol(argv[2]));
    if (strcmp(argv[1], "disk") == 0)
        return fill_disk(atol(argv[2]));
    return 2;
}
