/* utf8_cut.c -- a bot whose Init reply, written on the driver's protocol
** descriptor (found as junk.c finds it), is 32 control bytes and two CJK
** characters: quoted in the referee's detail, the control bytes become
** 128 visible bytes ("\x01" each) and the first character begins at the
** detail's byte 158, across the 159 bytes a tournament's journal keeps of
** it.  A cut by bytes left half a character in games.jsonl (no longer
** UTF-8, as RECORD.md promises); the journal cuts at a character's start.
** Verdict: "bad reply". */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    char reply[64];

    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
    memset(reply, 0x01, 32);
    memcpy(reply + 32, "\xE6\xBC\xA2\xE6\xBC\xA2\n", 7);
    for (int fd = 3; fd <= 20; fd++) {
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY)
            (void)!write(fd, reply, 39);
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
