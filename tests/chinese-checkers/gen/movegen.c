/*
** movegen.c -- the rules model behind tests/gen: board set-up, legality
** (steps, jumps and multi-jump chains) and move listing.  See movegen.h.
**
** It is written from the rules in the required header, not from the
** reference solution, so that a disagreement between the two shows up as
** a failing generated session instead of being copied into both.
*/
#include <stdlib.h>

#include "movegen.h"

const int mg_offsets[6][2] = {
    {-2, 0}, {2, 0},    /* left, right           */
    {-1, -1}, {1, -1},  /* up-left, up-right     */
    {-1, 1}, {1, 1},    /* down-left, down-right */
};

int mg_is_space(int x, int y)
{
    if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)
        return 0;
    if ((x + y) % 2 != 0)
        return 0;
    /* The star is two overlapping triangles around the centre column 12. */
    return (y <= 12 && abs(x - 12) <= y) || (y >= 4 && abs(x - 12) <= 16 - y);
}

/* The colour a space starts with: red's home is rows 0-3, green's 13-16. */
static int start_cell(int x, int y)
{
    if (!mg_is_space(x, y))
        return DA;
    if (y <= 3)
        return RE;
    return y >= 13 ? GR : EM;
}

void mg_start(struct mg_game *g)
{
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            g->board[y][x] = start_cell(x, y);
    g->color = RE;
    g->in_chain = 0;
    g->chain_x = g->chain_y = g->back_x = g->back_y = 0;
}

int mg_cell(const struct mg_game *g, int x, int y)
{
    if (x < 0 || x >= BOARD_SIZE_X || y < 0 || y >= BOARD_SIZE_Y)
        return DA;
    return g->board[y][x];
}

/* Index of the offset (dx, dy) == scale * mg_offsets[i], or -1.  The
** differences are taken in long long so INT_MIN - INT_MAX cannot wrap. */
static int direction_of(const struct mg_move *m, long long scale)
{
    long long dx = (long long)m->x_to - m->x_from;
    long long dy = (long long)m->y_to - m->y_from;
    for (int i = 0; i < 6; i++)
        if (dx == scale * mg_offsets[i][0] && dy == scale * mg_offsets[i][1])
            return i;
    return -1;
}

int mg_step_dir(const struct mg_move *m) { return direction_of(m, 1); }
int mg_jump_dir(const struct mg_move *m) { return direction_of(m, 2); }

int mg_is_jump(const struct mg_move *m) { return mg_jump_dir(m) >= 0; }

static int is_marble(int cell) { return cell == RE || cell == GR; }

/* A jump along `dir` needs a marble on the cell it passes over.  Only
** called when the source is on the board, so the sums cannot overflow. */
static int jumps_a_marble(const struct mg_game *g, const struct mg_move *m, int dir)
{
    return is_marble(mg_cell(g, m->x_from + mg_offsets[dir][0],
                             m->y_from + mg_offsets[dir][1]));
}

int mg_legal(const struct mg_game *g, const struct mg_move *m)
{
    if (mg_cell(g, m->x_from, m->y_from) != g->color
        || mg_cell(g, m->x_to, m->y_to) != EM)
        return 0;
    if (!g->in_chain)
        return mg_step_dir(m) >= 0
            || (mg_jump_dir(m) >= 0 && jumps_a_marble(g, m, mg_jump_dir(m)));
    /* Inside a chain only the chaining marble may move, only by a jump,
    ** and never straight back to where it just came from. */
    return m->x_from == g->chain_x && m->y_from == g->chain_y
        && mg_jump_dir(m) >= 0 && jumps_a_marble(g, m, mg_jump_dir(m))
        && !(m->x_to == g->back_x && m->y_to == g->back_y);
}

/* Adds the legal steps and jumps of the marble at (x, y) to out[n...]. */
static int list_from(const struct mg_game *g, int x, int y,
                     struct mg_move *out, int n)
{
    for (int scale = 1; scale <= 2; scale++)
        for (int i = 0; i < 6; i++) {
            struct mg_move m = {x, y, x + scale * mg_offsets[i][0],
                                y + scale * mg_offsets[i][1]};
            if (mg_legal(g, &m))
                out[n++] = m;
        }
    return n;
}

int mg_list_moves(const struct mg_game *g, struct mg_move *out)
{
    int n = 0;
    for (int y = 0; y < BOARD_SIZE_Y; y++)
        for (int x = 0; x < BOARD_SIZE_X; x++)
            if (g->board[y][x] == g->color)
                n = list_from(g, x, y, out, n);
    return n;
}

/* After a jump to (x, y) from (back_x, back_y): can it jump on elsewhere? */
static int can_jump_again(const struct mg_game *g, int x, int y,
                          int back_x, int back_y)
{
    for (int i = 0; i < 6; i++) {
        int over_x = x + mg_offsets[i][0], over_y = y + mg_offsets[i][1];
        int land_x = over_x + mg_offsets[i][0], land_y = over_y + mg_offsets[i][1];
        if (is_marble(mg_cell(g, over_x, over_y))
            && mg_cell(g, land_x, land_y) == EM
            && !(land_x == back_x && land_y == back_y))
            return 1;
    }
    return 0;
}

static int other(int color) { return color == RE ? GR : RE; }

void mg_play(struct mg_game *g, const struct mg_move *m)
{
    g->board[m->y_to][m->x_to] = g->board[m->y_from][m->x_from];
    g->board[m->y_from][m->x_from] = EM;
    g->in_chain = mg_is_jump(m)
        && can_jump_again(g, m->x_to, m->y_to, m->x_from, m->y_from);
    g->chain_x = m->x_to, g->chain_y = m->y_to;
    g->back_x = m->x_from, g->back_y = m->y_from;
    if (!g->in_chain)
        g->color = other(g->color);
}

void mg_end_chain(struct mg_game *g)
{
    g->in_chain = 0;
    g->color = other(g->color);
}
