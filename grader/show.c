/*
** show.c -- replay a session through the reference game with --echo.
**
** The reference is the kit's own trusted program, so it runs directly,
** not in the sandbox.  A bare NAME is looked up in public/ then hidden/.
*/
#define _GNU_SOURCE
#include "show.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int find_session(const char *kit, const char *name, char *path, size_t size)
{
    static const char *const prefixes[] = {"", "public/", "hidden/"};
    size_t len = strlen(name);
    const char *ext = len > 3 && strcmp(name + len - 3, ".in") == 0 ? "" : ".in";

    if (strstr(name, ".."))
        return -1;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        snprintf(path, size, "%s/sample_io/%s%s%s", kit, prefixes[i], name, ext);
        if (access(path, R_OK) == 0)
            return 0;
    }
    return -1;
}

int show_session(const char *kit, const char *name, FILE *out)
{
    char input[4096], program[4096];
    if (find_session(kit, name, input, sizeof input) != 0) {
        fprintf(stderr, "grade: no session '%s' in %s/sample_io/{public,hidden}\n", name, kit);
        return -1;
    }
    snprintf(program, sizeof program, "%s/build/chinese-checkers", kit);
    int fd = open(input, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || access(program, X_OK) != 0) {
        fprintf(stderr, "grade: cannot run %s on %s (run make first)\n", program, input);
        return -1;
    }
    fflush(out);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd, STDIN_FILENO);
        dup2(fileno(out), STDOUT_FILENO);
        execl(program, program, "--echo", (char *)NULL);
        _exit(127);
    }
    close(fd);
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "grade: the reference failed on %s\n", input);
        return -1;
    }
    return 0;
}
