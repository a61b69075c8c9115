/*
** daemon.c -- HOSTILE TEST FIXTURE for the kit's grader: the starter's
** code plus this file, whose function check_neighbor calls first.
**
** The first call double-forks a daemon (setsid) that outlives the unit
** test.  The daemon learns every test's name by running its own binary
** with --list (environment cleared, so that copy reads no nonce), then
** watches /proc/<pid>/environ of every process for GRADED_TEST_NONCE=:
** Criterion re-executes the binary for each test's worker, and the
** nonce sits in the new worker's environment until the harness's
** constructor wipes it.  Once it has the nonce it writes a PASS line for
** every test to descriptor 100, the harness's private copy of stdout,
** which the fork passed on to it.  Against the unhardened harness: unit
** 40/40, hidden tests included.
**
** Run by mistake, the daemon runs the program once with --list, looks
** for the variable for ten seconds at most, finds none and exits.
*/
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_TESTS 256
#define NAME_LEN 160
#define NONCE_KEY "GRADED_TEST_NONCE="

static char tests[MAX_TESTS][NAME_LEN];
static int test_count;

/* Reads Criterion's --list output: "suite: N tests" heads, then one
** line per test ending in its name. */
static void learn_test_names(void)
{
    char exe[512], command[640], line[512], suite[NAME_LEN] = "";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    FILE *list;

    if (len <= 0)
        return;
    exe[len] = '\0';
    snprintf(command, sizeof command, "'%s' --list </dev/null 2>/dev/null", exe);
    clearenv();
    list = popen(command, "r");
    if (list == NULL)
        return;
    while (fgets(line, sizeof line, list) != NULL && test_count < MAX_TESTS) {
        char *colon = strstr(line, ": ");
        char *end = line + strlen(line), *word;

        if (colon != NULL && (unsigned char)line[0] < 0x80 && line[0] != ' '
            && strstr(colon, " test") != NULL) {
            *colon = '\0';
            snprintf(suite, sizeof suite, "%s", line);
            continue;
        }
        while (end > line && (end[-1] == '\n' || end[-1] == ' '))
            *--end = '\0';
        word = end;
        while (word > line && word[-1] != ' ')
            word--;
        if (*word != '\0' && suite[0] != '\0')
            snprintf(tests[test_count++], NAME_LEN, "%.70s/%.70s", suite, word);
    }
    pclose(list);
}

/* Looks once through every process's environment; returns the nonce's
** text (in a static buffer), or NULL. */
static const char *find_nonce(void)
{
    static char env[16384];
    DIR *proc = opendir("/proc");
    struct dirent *entry;
    const char *found = NULL;

    while (proc != NULL && found == NULL && (entry = readdir(proc)) != NULL) {
        char path[300];
        ssize_t got;
        int fd;

        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/environ", entry->d_name);
        if ((fd = open(path, O_RDONLY)) < 0)
            continue;
        got = read(fd, env, sizeof env - 1);
        close(fd);
        for (ssize_t at = 0; got > 0 && at < got; at += (ssize_t)strlen(env + at) + 1) {
            env[got] = '\0';
            if (strncmp(env + at, NONCE_KEY, strlen(NONCE_KEY)) == 0
                && strlen(env + at + strlen(NONCE_KEY)) >= 16) {
                found = env + at + strlen(NONCE_KEY);
                break;
            }
        }
    }
    if (proc != NULL)
        closedir(proc);
    return found;
}

static void run_daemon(void)
{
    struct timespec pause = {0, 5 * 1000 * 1000};
    int out = fcntl(100, F_GETFD) >= 0 ? 100 : STDOUT_FILENO;

    learn_test_names();
    for (int round = 0; round < 2000; round++) {
        const char *nonce = find_nonce();

        if (nonce != NULL) {
            for (int i = 0; i < test_count; i++)
                dprintf(out, "\n%s PASS %s\n", nonce, tests[i]);
            _exit(0);
        }
        nanosleep(&pause, NULL);
    }
    _exit(0);
}

void unit_daemon_start(void)
{
    static int started;
    pid_t child;

    if (started)
        return;
    started = 1;
    child = fork();
    if (child == 0) {
        if (fork() == 0) {
            setsid();
            run_daemon();
        }
        _exit(0);
    }
}
