/*
** model.c -- the move model of the property tests (see model.h).  Clear
** before fast: every question is answered by trying all eight directions
** and every length.
*/
#include <string.h>

#include "model.h"

static const int dir_x[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int dir_y[8] = {0, 1, 1, 1, 0, -1, -1, -1};

int model_on_board(int x, int y)
{
    return x >= 0 && x < MODEL_SIDE && y >= 0 && y < MODEL_SIDE;
}

int model_in_camp(int players, int player, int x, int y)
{
    int n = players == 2 ? 5 : 4;
    int from_left = player == 0 || player == 3;  /* WHITE and GREEN */
    int from_top = player == 0 || player == 2;   /* WHITE and RED   */
    int cx = from_left ? x : MODEL_SIDE - 1 - x;
    int cy = from_top ? y : MODEL_SIDE - 1 - y;

    return model_on_board(x, y) && cx < n && cy < n && cx + cy <= n;
}

int model_goal_of(int player)
{
    static const int goal[4] = {1, 0, 3, 2};

    return goal[player];
}

void model_clear(struct model *m, int players)
{
    m->players = players;
    m->pieces = players == 2 ? 19 : 13;
    for (int x = 0; x < MODEL_SIDE; x++)
        for (int y = 0; y < MODEL_SIDE; y++) {
            m->who[x][y] = MODEL_EMPTY;
            m->which[x][y] = -1;
        }
}

void model_start(struct model *m, int players)
{
    int count[4] = {0, 0, 0, 0};

    model_clear(m, players);
    for (int y = 0; y < MODEL_SIDE; y++)
        for (int x = 0; x < MODEL_SIDE; x++)
            for (int p = 0; p < players; p++)
                if (model_in_camp(players, p, x, y)) {
                    m->who[x][y] = p;
                    m->which[x][y] = count[p]++;
                }
}

static int occupied(const struct model *m, int x, int y)
{
    return m->who[x][y] != MODEL_EMPTY;
}

int model_can_step(const struct model *m, struct spot from, struct spot to)
{
    if (!model_on_board(from.x, from.y) || !occupied(m, from.x, from.y))
        return 0;
    for (int d = 0; d < 8; d++)
        if (from.x + dir_x[d] == to.x && from.y + dir_y[d] == to.y)
            return model_on_board(to.x, to.y) && !occupied(m, to.x, to.y);
    return 0;
}

/* 1 if a hop from `from` onto `to` is open, whatever stands on `from`:
** along direction d, over the one piece at distance k, every other square
** of the way and the landing empty. */
static int hop_is_open(const struct model *m, struct spot from, struct spot to, int kangaroo)
{
    int longest = kangaroo ? 7 : 1;

    for (int d = 0; d < 8; d++)
        for (int k = 1; k <= longest; k++) {
            int ok = 1;

            if (from.x + 2 * k * dir_x[d] != to.x || from.y + 2 * k * dir_y[d] != to.y)
                continue;
            if (!model_on_board(to.x, to.y))
                return 0;
            for (int i = 1; i <= 2 * k; i++) {
                int x = from.x + i * dir_x[d], y = from.y + i * dir_y[d];

                if (occupied(m, x, y) != (i == k))
                    ok = 0;
            }
            return ok;
        }
    return 0;
}

int model_can_hop(const struct model *m, struct spot from, struct spot to, int kangaroo)
{
    return model_on_board(from.x, from.y) && occupied(m, from.x, from.y)
        && hop_is_open(m, from, to, kangaroo);
}

void model_destinations(const struct model *m, struct spot from, int kangaroo,
                        int reach[MODEL_SIDE][MODEL_SIDE],
                        struct spot path[MODEL_SIDE][MODEL_SIDE])
{
    struct model lifted = *m;
    struct spot queue[MODEL_SIDE * MODEL_SIDE];
    int seen[MODEL_SIDE][MODEL_SIDE], head = 0, tail = 0;

    memset(seen, 0, sizeof seen);
    for (int x = 0; x < MODEL_SIDE; x++)
        for (int y = 0; y < MODEL_SIDE; y++)
            reach[x][y] = model_can_step(m, from, (struct spot){x, y});
    /* The piece leaves its square for the whole chain. */
    lifted.who[from.x][from.y] = MODEL_EMPTY;
    seen[from.x][from.y] = 1;
    queue[tail++] = from;
    while (head < tail) {
        struct spot at = queue[head++];

        /* Every landing a hop from `at` could have: each direction, each
        ** length. */
        for (int d = 0; d < 8; d++)
            for (int k = 1; k <= (kangaroo ? 7 : 1); k++) {
                int x = at.x + 2 * k * dir_x[d], y = at.y + 2 * k * dir_y[d];

                if (!model_on_board(x, y) || seen[x][y]
                    || !hop_is_open(&lifted, at, (struct spot){x, y}, kangaroo))
                    continue;
                seen[x][y] = 1;
                reach[x][y] = 1;
                if (path != NULL)
                    path[x][y] = at;
                queue[tail++] = (struct spot){x, y};
            }
    }
    if (path != NULL)
        for (int x = 0; x < MODEL_SIDE; x++)
            for (int y = 0; y < MODEL_SIDE; y++)
                if (reach[x][y] && !seen[x][y])
                    path[x][y] = from;
}

void model_move(struct model *m, struct spot from, struct spot to)
{
    m->who[to.x][to.y] = m->who[from.x][from.y];
    m->which[to.x][to.y] = m->which[from.x][from.y];
    m->who[from.x][from.y] = MODEL_EMPTY;
    m->which[from.x][from.y] = -1;
}

int model_winner(const struct model *m)
{
    for (int p = 0; p < m->players; p++) {
        int full = 1;

        for (int x = 0; x < MODEL_SIDE; x++)
            for (int y = 0; y < MODEL_SIDE; y++)
                if (model_in_camp(m->players, model_goal_of(p), x, y) && m->who[x][y] != p)
                    full = 0;
        if (full)
            return p;
    }
    return -1;
}

long long model_perft(struct model *m, int player, int depth, int kangaroo)
{
    long long total = 0;

    if (depth == 0)
        return 1;
    for (int fx = 0; fx < MODEL_SIDE; fx++)
        for (int fy = 0; fy < MODEL_SIDE; fy++) {
            int reach[MODEL_SIDE][MODEL_SIDE];
            struct spot from = {fx, fy};

            if (m->who[fx][fy] != player)
                continue;
            model_destinations(m, from, kangaroo, reach, NULL);
            for (int tx = 0; tx < MODEL_SIDE; tx++)
                for (int ty = 0; ty < MODEL_SIDE; ty++) {
                    struct spot to = {tx, ty};

                    if (!reach[tx][ty])
                        continue;
                    if (depth == 1) {
                        total++;
                        continue;
                    }
                    model_move(m, from, to);
                    total += model_perft(m, (player + 1) % m->players, depth - 1, kangaroo);
                    model_move(m, to, from);
                }
        }
    return total;
}
