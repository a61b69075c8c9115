/*
** driver.c -- the kit's driver of a bot program: main() speaks the
** referee's line protocol (grader/referee/protocol.h) and calls the
** challenge's four functions, which the bot's own files define.
**
** The protocol runs on copies of descriptors 0 and 1 taken before
** anything else; then 0 is /dev/null and 1 is the program's stderr, so
** that a printf() or a scanf() in the bot cannot reach the referee.
** Replies are written with write(2), unbuffered, so that nothing is left
** in a buffer when the bot crashes after answering.
**
** A program may also define bot_arguments(argc, argv) to see its command
** line (the house bots choose their kind that way); students need not.
*/
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct Position {
    long row;
    long col;
} Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex);
void YourMove(Position *from, Position *to);
void OpponentMove(long opponent, Position from, Position to);
void TermChineseCheckers(void);

void bot_arguments(int argc, char **argv) __attribute__((weak));

#define LINE_MAX_BYTES 128

static int reply_fd = -1;

static void reply(const char *text)
{
    size_t len = strlen(text), done = 0;

    while (done < len) {
        ssize_t n = write(reply_fd, text + done, len - done);
        if (n <= 0)
            _exit(0);               /* the referee is gone */
        done += (size_t)n;
    }
}

/* Moves the protocol off descriptors 0 and 1; returns the request stream. */
static FILE *take_protocol(void)
{
    int in = dup(0), null = open("/dev/null", O_RDONLY);

    reply_fd = dup(1);
    if (in < 0 || null < 0 || reply_fd < 0 || dup2(null, 0) < 0 || dup2(2, 1) < 0)
        return NULL;
    close(null);
    return fdopen(in, "r");
}

static void serve(const char *line)
{
    long a[9];
    char out[LINE_MAX_BYTES];
    Position from, to;

    if (sscanf(line, "init %ld %ld %ld %ld %ld %ld %ld %ld %ld", &a[0], &a[1], &a[2], &a[3], &a[4], &a[5],
               &a[6], &a[7], &a[8]) == 9) {
        InitChineseCheckers(a[0], a[1], &a[2], a[8]);
        reply("ok\n");
    } else if (strcmp(line, "move\n") == 0) {
        from.row = from.col = to.row = to.col = 0;
        YourMove(&from, &to);
        snprintf(out, sizeof out, "%ld %ld %ld %ld\n", from.row, from.col, to.row, to.col);
        reply(out);
    } else if (sscanf(line, "opponent %ld %ld %ld %ld %ld", &a[0], &a[1], &a[2], &a[3], &a[4]) == 5) {
        from.row = a[1];
        from.col = a[2];
        to.row = a[3];
        to.col = a[4];
        OpponentMove(a[0], from, to);
        reply("ok\n");
    } else if (strcmp(line, "term\n") == 0) {
        TermChineseCheckers();
        reply("ok\n");
    } else {
        _exit(3);                   /* not the referee speaking */
    }
}

int main(int argc, char **argv)
{
    char line[LINE_MAX_BYTES];
    FILE *requests = take_protocol();

    if (!requests)
        return 4;
    if (bot_arguments)
        bot_arguments(argc, argv);
    while (fgets(line, sizeof line, requests))
        serve(line);
    return 0;
}
