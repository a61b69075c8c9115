/*
** hog.c -- hostile: each call of check_neighbor, in the unit tests' callee,
** puts 240 MiB more into memory files (memfd_create + fallocate: shared
** memory, which no process's resident size and no RLIMIT_AS counts), 16
** files just under the 16 MiB a file may hold, kept open, up to 1.9 GiB.
** Harmless if run by mistake: the files go with the process.
*/
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

void hog(void);

void hog(void)
{
    static int held;    /* files of 15 MiB kept open */

    for (int i = 0; i < 16 && held < 128; i++) {
        int fd = memfd_create("cc-hostile-hog", 0);
        if (fd < 0 || fallocate(fd, 0, 0, (off_t)15 << 20) != 0)
            return;
        held++;
    }
}
