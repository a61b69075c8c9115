/* bot.c -- a bot that looks at two moves of its own: each legal move is
** scored by the steps it gains towards the goal plus the best gain of a
** second move after it (opponents ignored), ties to the piece farthest
** behind.  On boards with many pieces it looks at one move only. */
#include <stdlib.h>

#include "board.h"

struct pair {
    int from, to;
};

static struct pair *list;
static int count, room;
static long follow_best;

static void collect(int from, int to)
{
    if (count == room) {
        struct pair *more = realloc(list, sizeof *more * (size_t)(room ? 2 * room : 256));
        if (!more)
            return;
        list = more;
        room = room ? 2 * room : 256;
    }
    list[count++] = (struct pair){from, to};
}

static void follow(int from, int to)
{
    long gain = star.dist[from] - star.dist[to];

    if (gain > follow_best)
        follow_best = gain;
}

static void place(int from, int to, int seat)
{
    star.cell[from] = -1;
    star.cell[to] = (signed char)seat;
}

static long score(struct pair m, int deep)
{
    long s = 2L * (star.dist[m.from] - star.dist[m.to]);

    if (deep) {
        place(m.from, m.to, star.me);
        follow_best = 0;
        star_moves(star.me, follow);
        place(m.to, m.from, star.me);
        s += follow_best;
    }
    return s * 10000 + star.dist[m.from];
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    star_open(numPlayers, gameSize, playerPosition, yourIndex);
}

void YourMove(Position *from, Position *to)
{
    if (!star.cell) {
        /* No board: InitChineseCheckers ran out of memory.  The game is
        ** lost; answer something rather than crash. */
        from->row = to->row = from->col = to->col = 0;
        return;
    }
    int best = -1, deep = star.n <= 8;
    long best_score = 0;

    count = 0;
    star_moves(star.me, collect);
    for (int i = 0; i < count; i++) {
        long s = score(list[i], deep);
        if (best < 0 || s > best_score) {
            best = i;
            best_score = s;
        }
    }
    struct pair m = {0, 0};
    if (best >= 0) {
        m = list[best];
    } else {
        while (star.cell[m.from] != star.me)
            m.from++;
        m.to = m.from;
    }
    from->row = star_row(m.from);
    from->col = star_col(m.from);
    to->row = star_row(m.to);
    to->col = star_col(m.to);
    place(m.from, m.to, star.me);
}

void OpponentMove(long opponent, Position from, Position to)
{
    int a = star_index(from.row, from.col), b = star_index(to.row, to.col);

    if (star.cell && a >= 0 && b >= 0 && a != b)
        place(a, b, (int)opponent);
}

void TermChineseCheckers(void)
{
    star_close();
    free(list);
    list = NULL;
    count = room = 0;
}
