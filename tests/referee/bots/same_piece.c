/* same_piece.c -- a bot that names the same piece twice on every turn, a
** pass, while it has legal moves: an illegal move.  Its piece is the tip
** of its home, (0, 0) or (4 size, 0), on the two-player seats (points 0
** and 3). */
typedef struct Position { long row; long col; } Position;

static long tip_row;

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    (void)numPlayers;
    tip_row = playerPosition[yourIndex] == 3 ? 4 * gameSize : 0;
}

void YourMove(Position *from, Position *to)
{
    from->row = to->row = tip_row;
    from->col = to->col = 0;
}

void OpponentMove(long opponent, Position from, Position to)
{
    (void)opponent, (void)from, (void)to;
}

void TermChineseCheckers(void) {}
