/*
** show.c -- replay a session through the reference with its echo option
** (the Chinese Checkers reference's --echo), so that it reads like a
** terminal.
**
** The reference is the kit's own trusted program, so it runs directly,
** not in the sandbox; what it prints is shown visible (report/visible.h),
** as every text the kit puts on a terminal.  A bare NAME is looked up in public/ then hidden/.
*/
#define _GNU_SOURCE
#include "show.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../grade/catalog.h"
#include "../report/visible.h"

static int find_session(const char *kit, const struct assignment *a, const char *name,
                        char *path, size_t size)
{
    static const char *const prefixes[] = {"", "public/", "hidden/"};
    size_t len = strlen(name);
    const char *ext = len > 3 && strcmp(name + len - 3, ".in") == 0 ? "" : ".in";

    if (strstr(name, ".."))
        return -1;
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        snprintf(path, size, "%s/sample_io/%s/%s%s%s", kit, a->id, prefixes[i], name, ext);
        if (access(path, R_OK) == 0)
            return 0;
    }
    return -1;
}

/* The argv of the replay: the reference, the session's NAME.args, the
** echo option; malloc'd (the strings are not copied). */
static char **replay_argv(const char *program, const struct assignment *a, char *const *args)
{
    size_t n = 0;
    while (args && args[n])
        n++;
    char **argv = calloc(n + 3, sizeof *argv);
    if (!argv)
        return NULL;
    argv[0] = (char *)program;
    for (size_t i = 0; i < n; i++)
        argv[1 + i] = args[i];
    argv[1 + n] = (char *)a->echo_option;
    return argv;
}

/* Splits "DIR/NAME.in" into DIR and NAME, in place. */
static const char *cut_name(char *path)
{
    char *slash = strrchr(path, '/');
    *slash = '\0';
    slash[strlen(slash + 1) - 2] = '\0';
    return slash + 1;
}

/* Copies what the reference prints to `out` made visible (the session's
** lines are the kit's, but a session may quote any bytes it tests): read
** whole first, so that no UTF-8 character is cut between two reads. */
static void copy_visible(int fd, FILE *out)
{
    char *text = NULL, buf[4096];
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    ssize_t n;

    while (mem && (n = read(fd, buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            break;
        fwrite(buf, 1, (size_t)n, mem);
    }
    if (mem && fclose(mem) == 0)
        visible_write(out, text, size, VISIBLE_LINES);
    free(text);
}

int show_session(const char *kit, const struct assignment *a, const char *name, FILE *out)
{
    char input[4096], program[4096], dir[4096];
    char **args = NULL, **argv = NULL;
    if (find_session(kit, a, name, input, sizeof input) != 0) {
        visible_printf(stderr, "grade: no session '%s' in %s/sample_io/%s/{public,hidden}\n", name, kit, a->id);
        return -1;
    }
    snprintf(dir, sizeof dir, "%s", input);
    if (catalog_load_args(dir, cut_name(dir), &args) != 0)
        return -1;
    snprintf(program, sizeof program, "%s/build/%s", kit, a->program);
    int fd = open(input, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || access(program, X_OK) != 0 || !(argv = replay_argv(program, a, args))) {
        visible_printf(stderr, "grade: cannot run %s on %s (run make first)\n", program, input);
        if (fd >= 0)
            close(fd);
        free(args);
        return -1;
    }
    int pipe_fds[2] = {-1, -1};
    pid_t pid = pipe2(pipe_fds, O_CLOEXEC) == 0 ? fork() : -1;
    if (pid == 0) {
        dup2(fd, STDIN_FILENO);
        dup2(pipe_fds[1], STDOUT_FILENO);
        execv(program, argv);
        _exit(127);
    }
    close(fd);
    free(argv);
    free(args);
    if (pipe_fds[1] >= 0)
        close(pipe_fds[1]);
    if (pipe_fds[0] >= 0) {
        copy_visible(pipe_fds[0], out);
        close(pipe_fds[0]);
    }
    int status;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        visible_printf(stderr, "grade: the reference failed on %s\n", input);
        return -1;
    }
    return 0;
}
