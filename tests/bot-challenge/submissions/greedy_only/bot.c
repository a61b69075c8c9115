/* bot.c -- a greedy bot: the move that gains the most steps towards the
** goal, ties to the piece farthest behind. */
#include "board.h"

static int best_from = -1, best_to = -1;
static long best_score;

static void consider(int from, int to)
{
    long score = (long)(star.dist[from] - star.dist[to]) * 10000 + star.dist[from];

    if (best_from < 0 || score > best_score) {
        best_from = from;
        best_to = to;
        best_score = score;
    }
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    star_open(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    best_from = best_to = -1;
    star_moves(star.me, consider);
    if (best_from < 0) {
        int i = 0;
        while (star.cell[i] != star.me)
            i++;
        best_from = best_to = i;
    }
    from->row = star_row(best_from);
    from->col = star_col(best_from);
    to->row = star_row(best_to);
    to->col = star_col(best_to);
    star.cell[best_from] = -1;
    star.cell[best_to] = (signed char)star.me;
}

void OpponentMove(long opponent, Position from, Position to)
{
    int a = star_index(from.row, from.col), b = star_index(to.row, to.col);

    if (a >= 0 && b >= 0 && a != b) {
        star.cell[a] = -1;
        star.cell[b] = (signed char)opponent;
    }
}

void TermChineseCheckers(void)
{
    star_close();
}
