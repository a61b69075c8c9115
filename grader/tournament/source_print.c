/*
** source_print.c -- the print of a submission's sources (source_print.h).
*/
#define _DEFAULT_SOURCE
#include "source_print.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../submission/submission.h"

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;

    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

static int is_source(const char *name)
{
    size_t len = strlen(name);

    return name[0] != '.' && len > 2 && (strcmp(name + len - 2, ".c") == 0 || strcmp(name + len - 2, ".h") == 0);
}

/* Adds file `path` (named `name`, of `st`) to *h; -1 when it cannot be read. */
static int add_file(uint64_t *h, const char *path, const char *name, const struct stat *st)
{
    char buf[65536];
    long long size = (long long)st->st_size;
    ssize_t got;

    *h = fnv(*h, name, strlen(name) + 1);
    *h = fnv(*h, &size, sizeof size);
    if (size > SUBMISSION_MAX_FILE_BYTES)
        return 0;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while ((got = read(fd, buf, sizeof buf)) > 0)
        *h = fnv(*h, buf, (size_t)got);
    close(fd);
    return got < 0 ? -1 : 0;
}

int tsource_print(const char *dir, char *out, size_t size)
{
    struct dirent **names;
    int count = scandir(dir, &names, NULL, alphasort), status = 0;
    uint64_t h = 0xcbf29ce484222325ULL;

    if (count < 0)
        return -1;
    for (int i = 0; i < count; i++) {
        char path[4200];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (status == 0 && is_source(names[i]->d_name) && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
            status = add_file(&h, path, names[i]->d_name, &st);
        free(names[i]);
    }
    free(names);
    snprintf(out, size, "fnv1a64 %016llx", (unsigned long long)h);
    return status;
}
