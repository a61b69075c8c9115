/* snoop.c -- a greedy bot that looks, at Init and before its first move
** (the other bot has then answered Init), for what its sandbox should hide from it:
**   1  another process: any pid but its own and its ancestors', in
**      /proc or answering kill(pid, 0) for pids 1..65535 (the other
**      bot, the referee);
**   2  the other copy's marker: each copy leaves a file named for a
**      token of its own in its folder, /tmp and /dev/shm, and looks for
**      one with another name there and in every folder beside its own;
**   4  a folder beside its own scratch folder that it can list (another
**      bot's scratch);
**   8  the kit: its folders (grader, tests, sample_io, solution) and
**      build/referee, found from the bot's own path (KIT/build/bots/).
** Everything it sees goes to its stderr.  When it has seen any of it, it
** exits in YourMove with status 100 + those bits, so the referee's record
** says what it learned; a bot that learned nothing plays on. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/greedy.h"
#include "lib/self.h"

#define MARKER "cc-snoop-"

static char program[4096], token[64];
static int found;

void bot_arguments(int argc, char **argv);

void bot_arguments(int argc, char **argv)
{
    if (argc > 0)
        snprintf(program, sizeof program, "%s", argv[0]);
}

static void saw(int bit, const char *what, const char *name)
{
    found |= bit;
    fprintf(stderr, "snoop: saw %s: %s\n", what, name);
}

static void look_at_processes(void)
{
    DIR *d = opendir("/proc");
    struct dirent *e;

    while (d && (e = readdir(d))) {
        long pid = strtol(e->d_name, NULL, 10);
        if (pid > 0 && !self_or_ancestor(pid))
            saw(1, "a process in /proc", e->d_name);
    }
    if (d)
        closedir(d);
    for (long pid = 1; pid < 65536; pid++)
        if ((kill((pid_t)pid, 0) == 0 || errno == EPERM) && !self_or_ancestor(pid)) {
            char name[32];
            snprintf(name, sizeof name, "pid %ld", pid);
            saw(1, "a process answering kill(pid, 0)", name);
            break;
        }
}

/* Looks in dir for another copy's marker. */
static void look_for_markers(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    while (d && (e = readdir(d)))
        if (strncmp(e->d_name, MARKER, strlen(MARKER)) == 0 && strcmp(e->d_name + strlen(MARKER), token) != 0)
            saw(2, dir, e->d_name);
    if (d)
        closedir(d);
}

static void marker_path(char *path, size_t size, const char *dir)
{
    snprintf(path, size, "%s/" MARKER "%s", dir, token);
}

static void leave_marker(const char *dir)
{
    char path[4200];

    marker_path(path, sizeof path, dir);
    FILE *f = fopen(path, "w");
    if (f)
        fclose(f);
}

/* Its markers in /tmp and /dev/shm, removed: where the sandbox is weaker
** they would outlive the game. */
static void remove_markers(void)
{
    char path[4200];

    marker_path(path, sizeof path, "/tmp");
    unlink(path);
    marker_path(path, sizeof path, "/dev/shm");
    unlink(path);
}

/* The folders beside its scratch folder: listing one is a finding. */
static void look_beside(const char *here)
{
    char parent[4096];
    DIR *d;
    struct dirent *e;

    snprintf(parent, sizeof parent, "%s", here);
    *(strrchr(parent, '/') ? strrchr(parent, '/') : parent) = '\0';
    d = opendir(parent[0] ? parent : "/");
    while (d && (e = readdir(d))) {
        char path[8300];
        snprintf(path, sizeof path, "%s/%s", parent, e->d_name);
        if (e->d_name[0] == '.' || strcmp(path, here) == 0)
            continue;
        DIR *other = opendir(path);
        if (other) {
            closedir(other);
            saw(4, "a folder beside its own", path);
            look_for_markers(path);
        }
    }
    if (d)
        closedir(d);
}

static void look_at_kit(void)
{
    static const char *const parts[] = {"grader", "tests", "sample_io", "solution", "build/referee"};
    char kit[4096], path[4200];

    snprintf(kit, sizeof kit, "%s", program);
    for (int up = 0; up < 3; up++)          /* KIT/build/bots/NAME -> KIT */
        *(strrchr(kit, '/') ? strrchr(kit, '/') : kit) = '\0';
    for (size_t i = 0; kit[0] && i < sizeof parts / sizeof parts[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", kit, parts[i]);
        if (access(path, F_OK) == 0)
            saw(8, "the kit", path);
    }
}

static void snoop(void)
{
    char here[4096];

    if (!getcwd(here, sizeof here))
        snprintf(here, sizeof here, ".");
    look_at_processes();
    look_for_markers(here);
    look_for_markers("/tmp");
    look_for_markers("/dev/shm");
    look_beside(here);
    look_at_kit();
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    self_token(token, sizeof token);
    leave_marker(".");
    leave_marker("/tmp");
    leave_marker("/dev/shm");
    snoop();
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    static int moves;

    if (moves++ == 0)
        snoop();
    self_report("snoop", found, remove_markers);
    greedy_move(from, to);
}

void OpponentMove(long opponent, Position from, Position to)
{
    greedy_opponent(opponent, from, to);
}

void TermChineseCheckers(void)
{
    remove_markers();
    greedy_term();
}
