/*
** snoop.c -- HOSTILE TEST FIXTURE for the kit's grader: a program that
** cheats by looking for the expected transcripts on the disk.
**
** snoop() reads the whole session from standard input, walks the file
** system looking for a NAME.in with exactly that content -- first in the
** likely places (the folders above the working directory, /tmp, /home,
** /work, /srv, /opt), then from / -- and prints the NAME.out beside it.  Inside a correct sandbox the kit is not
** visible, so it finds nothing, prints nothing, and fails every session.
** It only reads, does not follow symbolic links, skips /proc, /sys and
** /dev, and stops after 200000 entries or 60 seconds.
*/
#define _GNU_SOURCE

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SESSION_MAX (1 << 20)

static char session[SESSION_MAX];
static size_t session_len;
static long entries_left = 200000;
static time_t give_up;

/* 1 when the file at `path` holds exactly the session. */
static int same_as_session(const char *path, off_t size)
{
    static char buffer[SESSION_MAX];
    FILE *f;
    size_t got;

    if ((size_t)size != session_len)
        return 0;
    f = fopen(path, "rb");
    if (f == NULL)
        return 0;
    got = fread(buffer, 1, sizeof buffer, f);
    fclose(f);
    return got == session_len && memcmp(buffer, session, got) == 0;
}

/* Copies NAME.out, beside the NAME.in at `in_path`, to standard output. */
static int print_answer(const char *in_path)
{
    char out_path[PATH_MAX];
    size_t len = strlen(in_path);
    FILE *f;
    int c;

    if (len >= sizeof out_path)
        return 0;
    memcpy(out_path, in_path, len - 2);
    strcpy(out_path + len - 2, "out");
    f = fopen(out_path, "rb");
    if (f == NULL)
        return 0;
    while ((c = getc(f)) != EOF)
        putchar(c);
    fclose(f);
    return 1;
}

/* Searches `dir`; returns 1 once the answer has been printed. */
static int search(const char *dir, int depth)
{
    DIR *d;
    struct dirent *e;
    char path[PATH_MAX];
    struct stat st;
    int found = 0;

    if (depth > 16 || entries_left <= 0 || time(NULL) > give_up)
        return 0;
    d = opendir(dir);
    if (d == NULL)
        return 0;
    while (!found && (e = readdir(d)) != NULL && --entries_left > 0) {
        size_t len = strlen(e->d_name);

        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") ? dir : "",
                     e->d_name) >= (int)sizeof path)
            continue;
        if (strcmp(path, "/proc") == 0 || strcmp(path, "/sys") == 0
            || strcmp(path, "/dev") == 0 || lstat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode))
            found = search(path, depth + 1);
        else if (S_ISREG(st.st_mode) && len > 3
                 && strcmp(e->d_name + len - 3, ".in") == 0
                 && same_as_session(path, st.st_size))
            found = print_answer(path);
    }
    closedir(d);
    return found;
}

void snoop(void)
{
    static const char *const likely[] = {"/tmp", "/home", "/work", "/srv", "/opt", "/"};
    char dir[PATH_MAX];
    size_t i;
    int up, found = 0;

    session_len = fread(session, 1, sizeof session, stdin);
    give_up = time(NULL) + 60;
    if (getcwd(dir, sizeof dir) != NULL)
        for (up = 0; up < 6 && !found && strcmp(dir, "/") != 0; up++) {
            found = search(dir, 0);
            *strrchr(dir, '/') = '\0';
            if (dir[0] == '\0')
                strcpy(dir, "/");
        }
    for (i = 0; i < sizeof likely / sizeof likely[0] && !found; i++)
        found = search(likely[i], 0);
    fflush(stdout);
    exit(0);
}
