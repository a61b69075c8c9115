/*
** fill.c -- hostile: before main(), makes empty files in its working
** folder until it can make no more (at most 40000), to fill the
** file-count cap of the scratch file system its runs share, then plays
** as two_files does.  Every file is empty: under the sandbox they live on
** a tmpfs of the grader's that goes when it ends; run by mistake, it
** leaves a folder cc-hostile-fill of empty files where it ran.
*/
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

__attribute__((constructor)) static void fill(void)
{
    char name[64];

    if (mkdir("cc-hostile-fill", 0700) != 0)
        return;
    for (int i = 0; i < 40000; i++) {
        snprintf(name, sizeof name, "cc-hostile-fill/%d", i);
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0)
            return;
        close(fd);
    }
}
