/* escapes.c -- a bot that answers InitChineseCheckers with what a terminal
** obeys -- ESC [ 2 J, the C1 CSI UTF-8 encoded and as a lone 8-bit byte,
** a Latin-1 byte -- on the driver's copy of its protocol descriptor (found
** as junk.c finds it), then a newline: a reply that is not "ok" (verdict
** "bad reply"), which the referee quotes in the detail.  The detail, the
** record and every line printed must show those bytes as \xHH. */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <unistd.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    static const char reply[] = "\033[2J\302\233" "2J\233caf\351\n";

    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
    for (int fd = 3; fd <= 20; fd++) {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY)
            (void)!write(fd, reply, sizeof reply - 1);
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
