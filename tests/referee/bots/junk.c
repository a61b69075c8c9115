/* junk.c -- a bot that finds the driver's copy of its protocol
** descriptor (the driver dup()s descriptor 1 before pointing it at
** stderr) by trying descriptors 3..20, and writes 300 bytes of binary
** garbage, no newline, on each one open for writing, during Init: a
** reply longer than the protocol allows (verdict "bad reply"). */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

typedef struct Position { long row; long col; } Position;

static void write_garbage(int fd)
{
    char junk[300];

    for (size_t i = 0; i < sizeof junk; i++)
        junk[i] = (char)(i % 7 == 0 ? 0 : 0x80 | (i * 37));
    (void)!write(fd, junk, sizeof junk);
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
    for (int fd = 3; fd <= 20; fd++) {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY)
            write_garbage(fd);
    }
}

void YourMove(Position *from, Position *to)
{
    from->row = to->row = from->col = to->col = 0;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
