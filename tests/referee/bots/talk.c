/* talk.c -- a greedy bot that tries to reach another copy of itself (or
** any other bot) during the game:
**   1  it sends SIGURG to every pid 1..65535 but its own and its
**      ancestors' (SIGURG is ignored by default, so the test harms no one
**      where the sandbox is weaker), and counts those that took it;
**   2  it hears a signal from another process (its SIGURG handler);
**   4  a file of the other copy's: each copy creates /tmp/cc-bot-talk and
**      /dev/shm/cc-bot-talk holding a token of its own, and reads them;
**   8  the other copy's abstract unix socket (each binds "cc-bot-talk":
**      the second finds the name taken and writes to it; the first reads);
**  16  the other copy's System V message queue (a fixed key).
** Everything goes to its stderr.  When it has reached anyone, it exits in
** YourMove with status 100 + those bits, so the referee's record says
** so; a bot that reached no one plays on. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "lib/greedy.h"
#include "lib/self.h"

#define NAME "cc-bot-talk"
#define QUEUE_KEY 0xCCB07

static char token[64];
static int found, sock = -1, queue = -1;
static volatile sig_atomic_t heard;

static void on_signal(int sig, siginfo_t *info, void *context)
{
    (void)sig, (void)context;
    if (info->si_pid != getpid())
        heard = 1;
}

static void reached(int bit, const char *what)
{
    found |= bit;
    fprintf(stderr, "talk: %s\n", what);
}

static void signal_everyone(void)
{
    struct sigaction sa;
    int took = 0;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_signal;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGURG, &sa, NULL);
    for (long pid = 1; pid < 65536; pid++)
        if (kill((pid_t)pid, SIGURG) == 0 && !self_or_ancestor(pid))
            took++;
    if (took)
        reached(1, "signalled another process");
}

/* Creates path with our token, or reads the token another copy left. */
static void file_drop(const char *path)
{
    char other[64] = "";
    int fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0666);

    if (fd >= 0) {
        (void)!write(fd, token, strlen(token));
    } else if ((fd = open(path, O_RDONLY)) >= 0) {
        (void)!read(fd, other, sizeof other - 1);
        if (strcmp(other, token) != 0)
            reached(4, path);
    }
    if (fd >= 0)
        close(fd);
}

static void file_check(const char *path)
{
    char other[64] = "";
    int fd = open(path, O_RDONLY);

    if (fd >= 0) {
        (void)!read(fd, other, sizeof other - 1);
        close(fd);
        if (strcmp(other, token) != 0)
            reached(4, path);
    }
}

static void socket_open(void)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    socklen_t len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(NAME));

    memcpy(a.sun_path + 1, NAME, strlen(NAME));
    sock = socket(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    if (sock < 0 || bind(sock, (struct sockaddr *)&a, len) == 0)
        return;
    if (errno == EADDRINUSE) {
        reached(8, "the abstract socket's name is taken");
        sendto(sock, token, strlen(token), 0, (struct sockaddr *)&a, len);
    }
}

static void socket_check(void)
{
    char got[64];

    if (sock >= 0 && recv(sock, got, sizeof got, 0) > 0)
        reached(8, "a message on the abstract socket");
}

/* The first copy creates the queue; a later one finds it and writes to
** it; the first reads it before its first move. */
static void queue_open(void)
{
    struct { long type; char text[8]; } hello = {1, "hello"};

    queue = msgget(QUEUE_KEY, IPC_CREAT | IPC_EXCL | 0600);
    if (queue < 0 && errno == EEXIST) {
        reached(16, "the message queue exists");
        msgsnd(msgget(QUEUE_KEY, 0), &hello, sizeof hello.text, IPC_NOWAIT);
    }
}

static void queue_check(void)
{
    struct { long type; char text[8]; } got;

    if (queue >= 0 && msgrcv(queue, &got, sizeof got.text, 0, IPC_NOWAIT) >= 0)
        reached(16, "a message in the queue");
}

/* What it made, removed: where the sandbox is weaker they would outlive
** the game. */
static void clean_up(void)
{
    const char *paths[] = {"/tmp/" NAME, "/dev/shm/" NAME};

    for (int i = 0; i < 2; i++) {
        char path_token[64] = "";
        int fd = open(paths[i], O_RDONLY);
        if (fd >= 0 && read(fd, path_token, sizeof path_token - 1) > 0 && strcmp(path_token, token) == 0)
            unlink(paths[i]);
        if (fd >= 0)
            close(fd);
    }
    if (queue >= 0)
        msgctl(queue, IPC_RMID, NULL);
    queue = -1;
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    self_token(token, sizeof token);
    file_drop("/tmp/" NAME);
    file_drop("/dev/shm/" NAME);
    socket_open();
    queue_open();
    signal_everyone();
    greedy_init(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    static int moves;

    if (moves++ == 0) {
        file_check("/tmp/" NAME);
        file_check("/dev/shm/" NAME);
        socket_check();
        queue_check();
        signal_everyone();
    }
    if (heard)
        reached(2, "heard a signal from another process");
    self_report("talk", found, clean_up);
    greedy_move(from, to);
}

void OpponentMove(long opponent, Position from, Position to)
{
    greedy_opponent(opponent, from, to);
}

void TermChineseCheckers(void)
{
    clean_up();
    greedy_term();
}
