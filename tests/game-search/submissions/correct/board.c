/*
** board.c -- the board library of the game-tree search assignment
** (game_search.h, part 1).  Given to students as it is.
**
** A set of cells is a 64-bit word, bit c for cell c, so the cells a
** piece's hop chain reaches are found by a flood: from the cells reached
** so far, every hop whose middle cell is occupied and whose landing cell
** is empty and new.  The moving piece is lifted off its start cell first
** (it has left it), which also keeps a chain from landing there again.
*/
#include "game_search.h"

#include <stdint.h>
#include <string.h>

static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* The cell `steps` cells from c in direction d, or -1 off the board. */
static int neighbour(int c, int d, int steps)
{
    int x = c % GS_SIDE + steps * dx[d], y = c / GS_SIDE + steps * dy[d];

    if (x < 0 || x >= GS_SIDE || y < 0 || y >= GS_SIDE)
        return -1;
    return GS_CELL(x, y);
}

static int in_camp(int player, int c)
{
    int x = c % GS_SIDE, y = c / GS_SIDE;

    if (player == GS_BLACK) {
        x = GS_SIDE - 1 - x;
        y = GS_SIDE - 1 - y;
    }
    return x + y <= 3;
}

void gs_start(gs_position *p)
{
    for (int c = 0; c < GS_CELLS; c++)
        p->cell[c] = in_camp(GS_WHITE, c) ? GS_WHITE : in_camp(GS_BLACK, c) ? GS_BLACK : GS_EMPTY;
    p->side = GS_WHITE;
}

static uint64_t occupied(const gs_position *p)
{
    uint64_t set = 0;

    for (int c = 0; c < GS_CELLS; c++)
        if (p->cell[c] != GS_EMPTY)
            set |= (uint64_t)1 << c;
    return set;
}

/* The cells a piece on `from` can end a move on, given the other pieces
** `full` (the piece itself not in it). */
static uint64_t destinations(int from, uint64_t full)
{
    uint64_t steps = 0, reached = (uint64_t)1 << from, frontier = reached;

    for (int d = 0; d < 8; d++) {
        int n = neighbour(from, d, 1);
        if (n >= 0 && !(full >> n & 1))
            steps |= (uint64_t)1 << n;
    }
    while (frontier) {
        uint64_t next = 0;
        for (int c = 0; c < GS_CELLS; c++) {
            if (!(frontier >> c & 1))
                continue;
            for (int d = 0; d < 8; d++) {
                int over = neighbour(c, d, 1), land = neighbour(c, d, 2);
                if (land >= 0 && (full >> over & 1) && !(full >> land & 1)
                    && !(reached >> land & 1))
                    next |= (uint64_t)1 << land;
            }
        }
        reached |= next;
        frontier = next;
    }
    return (steps | reached) & ~((uint64_t)1 << from);
}

int gs_moves(const gs_position *p, gs_move *out)
{
    uint64_t full = occupied(p);
    int n = 0;

    for (int from = 0; from < GS_CELLS; from++) {
        if (p->cell[from] != p->side)
            continue;
        uint64_t to = destinations(from, full & ~((uint64_t)1 << from));
        for (int c = 0; c < GS_CELLS; c++)
            if (to >> c & 1)
                out[n++] = (gs_move){(unsigned char)from, (unsigned char)c};
    }
    return n;
}

static int other(int player)
{
    return player == GS_WHITE ? GS_BLACK : GS_WHITE;
}

void gs_play(gs_position *p, gs_move m)
{
    p->cell[m.to] = p->cell[m.from];
    p->cell[m.from] = GS_EMPTY;
    p->side = other(p->side);
}

void gs_undo(gs_position *p, gs_move m)
{
    p->cell[m.from] = p->cell[m.to];
    p->cell[m.to] = GS_EMPTY;
    p->side = other(p->side);
}

/* 1 when every piece of `player` stands in its goal, the other's camp. */
static int home(const gs_position *p, int player)
{
    int pieces = 0;

    for (int c = 0; c < GS_CELLS; c++)
        if (p->cell[c] == player) {
            if (!in_camp(other(player), c))
                return 0;
            pieces++;
        }
    return pieces > 0;
}

int gs_winner(const gs_position *p)
{
    if (home(p, GS_WHITE))
        return GS_WHITE;
    if (home(p, GS_BLACK))
        return GS_BLACK;
    return GS_EMPTY;
}

int gs_distance(const gs_position *p, int player)
{
    int sum = 0;

    for (int c = 0; c < GS_CELLS; c++) {
        int x = c % GS_SIDE, y = c / GS_SIDE;
        if (p->cell[c] != player)
            continue;
        sum += player == GS_WHITE ? (GS_SIDE - 1 - x) + (GS_SIDE - 1 - y) : x + y;
    }
    return sum;
}

int gs_manhattan(const gs_position *p)
{
    switch (gs_winner(p)) {
    case GS_WHITE: return GS_WIN;
    case GS_BLACK: return -GS_WIN;
    default: return gs_distance(p, GS_BLACK) - gs_distance(p, GS_WHITE);
    }
}

void gs_cell_name(int cell, char name[3])
{
    name[0] = (char)('a' + cell % GS_SIDE);
    name[1] = (char)('1' + cell / GS_SIDE);
    name[2] = '\0';
}

int gs_parse_cell(const char *text)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8' || text[2] != '\0')
        return -1;
    return GS_CELL(text[0] - 'a', text[1] - '1');
}

int gs_parse_move(const char *text, gs_move *m)
{
    char from[3], to[3];

    if (strlen(text) != 5 || text[2] != '-')
        return -1;
    memcpy(from, text, 2), from[2] = '\0';
    memcpy(to, text + 3, 2), to[2] = '\0';
    int f = gs_parse_cell(from), t = gs_parse_cell(to);
    if (f < 0 || t < 0)
        return -1;
    m->from = (unsigned char)f;
    m->to = (unsigned char)t;
    return 0;
}
