/* spin.c -- a bot that never returns from YourMove. */
typedef struct Position { long row; long col; } Position;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers, (void)gameSize, (void)playerPosition, (void)yourIndex;
}

void YourMove(Position *from, Position *to)
{
    for (volatile unsigned long i = 0;; i++)
        from->row = to->row = (long)i;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
