/*
** escape.c -- HOSTILE TEST FIXTURE for the kit's grader: tries to write
** outside the directory it was given.
**
**   1. creates /tmp/cc-hostile-marker-escape: the sandbox's /tmp is
**      private, so the file must not appear in the real /tmp;
**   2. opens files of the kit (expected transcripts, the reference
**      solution) and of the home directory for writing.  It writes zero
**      bytes, so even where that succeeds nothing changes, but it then
**      prints "ESCAPED: <path>" into its transcript so the session fails,
**      and leaves /tmp/cc-hostile-marker-escape-kit behind.
** Everything else is a normal, correct game.  Run by a human by mistake,
** it leaves only those empty marker files under /tmp.
*/
#define _GNU_SOURCE

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void leave_marker(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);

    if (fd >= 0)
        close(fd);
}

/* Opens `path` for writing without changing it; reports a success. */
static void try_write(const char *path)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK);

    if (fd < 0)
        return;
    if (write(fd, "", 0) == 0) {
        printf("ESCAPED: %s\n", path);
        leave_marker("/tmp/cc-hostile-marker-escape-kit");
    }
    close(fd);
}

/* Tries every regular file directly inside `dir`. */
static void try_directory(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[PATH_MAX];

    if (d == NULL)
        return;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path)
            try_write(path);
    }
    closedir(d);
}

/* Tries the kit at `root`, if there is one. */
static void try_kit(const char *root)
{
    static const char *const parts[] = {
        "sample_io/chinese-checkers/public", "sample_io/chinese-checkers/hidden", "solution", "grader", "tests",
    };
    char path[PATH_MAX];
    size_t i;

    for (i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (snprintf(path, sizeof path, "%s/%s", root, parts[i]) < (int)sizeof path)
            try_directory(path);
}

void escape(void)
{
    char dir[PATH_MAX];
    const char *home = getenv("HOME");
    struct passwd *me = getpwuid(getuid());
    int up;

    leave_marker("/tmp/cc-hostile-marker-escape");
    try_kit("/work/main");
    /* The kit may also be an ancestor of the working directory. */
    if (getcwd(dir, sizeof dir) != NULL)
        for (up = 0; up < 8 && strcmp(dir, "/") != 0; up++) {
            try_kit(dir);
            *strrchr(dir, '/') = '\0';
            if (dir[0] == '\0')
                strcpy(dir, "/");
        }
    if (home != NULL)
        try_directory(home);
    if (me != NULL)
        try_directory(me->pw_dir);
    try_directory("/root");
}
