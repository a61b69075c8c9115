/*
** rules.c -- the property tests' independent rules (see rules.h): the
** star from a table of row lengths, neighbours and jumps as distance
** tests, and the "jump again" question as a search over landing cells.
*/
#include "rules.h"

/* Holes per row, top to bottom; each row is centred on column 12 and its
** holes are two columns apart. */
static const int HOLES_IN_ROW[BOARD_SIZE_Y] = {
    1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1,
};

static long long distance(long long a, long long b)
{
    return a > b ? a - b : b - a;
}

static int is_marble(int cell)
{
    return cell == RE || cell == GR;
}

int rules_is_space(long long x, long long y)
{
    if (y < 0 || y >= BOARD_SIZE_Y)
        return 0;
    long long reach = HOLES_IN_ROW[y] - 1;   /* farthest hole from column 12 */
    long long offset = x - 12;
    return distance(offset, 0) <= reach && (offset + reach) % 2 == 0;
}

static int starting_cell(int x, int y)
{
    if (!rules_is_space(x, y))
        return DA;
    if (y < 4)
        return RE;
    if (y > 12)
        return GR;
    return EM;
}

void rules_start(struct board *b)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            b->cell[y][x] = starting_cell(x, y);
}

int rules_at(const struct board *b, long long x, long long y)
{
    if (x < 0 || y < 0 || x >= BOARD_SIZE_X || y >= BOARD_SIZE_Y)
        return DA;
    return b->cell[y][x];
}

int rules_neighbours(long long xf, long long yf, long long xt, long long yt)
{
    long long across = distance(xf, xt), down = distance(yf, yt);
    return (down == 0 && across == 2) || (down == 1 && across == 1);
}

int rules_jump_shape(long long xf, long long yf, long long xt, long long yt)
{
    long long across = distance(xf, xt), down = distance(yf, yt);
    return (down == 0 && across == 4) || (down == 2 && across == 2);
}

int rules_jumps_marble(const struct board *b, long long xf, long long yf,
                       long long xt, long long yt)
{
    if (!rules_jump_shape(xf, yf, xt, yt))
        return 0;
    /* Both differences are even, so the midpoint is exact. */
    return is_marble(rules_at(b, (xf + xt) / 2, (yf + yt) / 2));
}

int rules_may_move(const struct board *b, int colour, long long xf,
                   long long yf, long long xt, long long yt)
{
    if (!is_marble(colour) || rules_at(b, xf, yf) != colour
        || rules_at(b, xt, yt) != EM)
        return 0;
    return rules_neighbours(xf, yf, xt, yt)
        || rules_jumps_marble(b, xf, yf, xt, yt);
}

int rules_can_jump_on(const struct board *b, long long xf, long long yf,
                      long long xt, long long yt)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++) {
            int back = (x == xf && y == yf);
            if (!back && b->cell[y][x] == EM
                && rules_jumps_marble(b, xt, yt, x, y))
                return 1;
        }
    return 0;
}
