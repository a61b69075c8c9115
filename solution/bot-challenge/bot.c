/*
** bot.c -- the reference bot of the Chinese Checkers bot challenge
** (chinese_checkers_bot.h).
**
** The board is kept as a graph: every position gets a number, and each
** number its six neighbours in a fixed order of directions (west, east,
** down left, down right, up left, up right), so that a hop in direction d
** from c lands on neighbour d of neighbour d of c.  distance[] holds, for
** every position, the steps to the nearest position of our goal (a
** breadth-first search from the goal), which is what the bot minimises.
**
** Strategy: every legal move is scored by how much it brings its piece
** closer to the goal; on small boards each is also followed by our best
** next move on the board it leaves (two moves of ours, the opponents
** ignored), which finds the chains that a first move prepares.  Ties go
** to the piece farthest behind, so that no piece is left at home, where
** it would block an opponent's goal and lose the game at the turn cap.
*/
#include "chinese_checkers_bot.h"

#include <stdlib.h>
#include <string.h>

#define DIRECTIONS 6
#define LOOKAHEAD_PIECES 60     /* two-move search only up to size 10 */

struct move {
    int from, to;
};

static struct game {
    int size, players, me, cells;
    int points[6];
    int *row, *col;             /* of each cell                          */
    int *index;                 /* (row, col + 4 size) -> cell, or -1     */
    int (*next)[DIRECTIONS];    /* neighbours, -1 at an edge             */
    signed char *owner;         /* seat on each cell, or -1              */
    signed char *point;         /* 0..5, or -1 in the hexagon            */
    int *distance;              /* steps to our goal                     */
    int *seen, stamp, *stack;   /* for the chains                        */
    struct move *moves;         /* our moves, grown as needed            */
    int capacity;
} g;

static const int step_even[DIRECTIONS][2] = {{0, -1}, {0, 1}, {1, 0}, {1, 1}, {-1, 0}, {-1, 1}};
static const int step_odd[DIRECTIONS][2] = {{0, -1}, {0, 1}, {1, -1}, {1, 0}, {-1, -1}, {-1, 0}};

static int row_length(int r)
{
    int n = g.size;

    if (r < n || (r >= 2 * n && r <= 3 * n))
        return r + 1;
    return 4 * n + 1 - r;
}

static int first_column(int r)
{
    int c = row_length(r);

    return r % 2 == 0 ? -(c - 1) / 2 : -(c / 2) + 1;
}

static int cell_at(long r, long c)
{
    long width = 8L * g.size + 1;

    if (r < 0 || r > 4L * g.size || c < -4L * g.size || c > 4L * g.size)
        return -1;
    return g.index[r * width + c + 4L * g.size];
}

/* The point (0..5) of the cell at (r, c), or -1: through the axial
** coordinates of a hexagonal grid (q, s and t = -q - s). */
static int point_of(int r, int c)
{
    int n = g.size, x = 3 * n + 2 * c - (r & 1), s = r - 2 * n, q = (x - s - 3 * n) / 2, t = -q - s;

    if (s < -n) return 0;
    if (q > n) return 1;
    if (t < -n) return 2;
    if (s > n) return 3;
    if (q < -n) return 4;
    if (t > n) return 5;
    return -1;
}

static void free_game(void)
{
    free(g.row);
    free(g.col);
    free(g.index);
    free(g.next);
    free(g.owner);
    free(g.point);
    free(g.distance);
    free(g.seen);
    free(g.stack);
    free(g.moves);
    memset(&g, 0, sizeof g);
}

/* Numbers the cells and links them; 0, or -1 when out of memory. */
static int build_board(void)
{
    long width = 8L * g.size + 1, rows = 4L * g.size + 1;
    int k = 0;

    g.cells = 6 * g.size * (g.size + 1) + 1;
    g.row = malloc(sizeof *g.row * (size_t)g.cells);
    g.col = malloc(sizeof *g.col * (size_t)g.cells);
    g.index = malloc(sizeof *g.index * (size_t)(width * rows));
    g.next = malloc(sizeof *g.next * (size_t)g.cells);
    if (!g.row || !g.col || !g.index || !g.next)
        return -1;
    for (long i = 0; i < width * rows; i++)
        g.index[i] = -1;
    for (int r = 0; r < rows; r++)
        for (int c = first_column(r), i = 0; i < row_length(r); i++, c++, k++) {
            g.row[k] = r;
            g.col[k] = c;
            g.index[r * width + c + 4L * g.size] = k;
        }
    for (k = 0; k < g.cells; k++)
        for (int d = 0; d < DIRECTIONS; d++) {
            const int *step = (g.row[k] & 1) ? step_odd[d] : step_even[d];
            g.next[k][d] = cell_at(g.row[k] + step[0], g.col[k] + step[1]);
        }
    return 0;
}

/* Pieces on every home; the distance of every cell to our goal. */
static int set_up(void)
{
    int goal = (g.points[g.me] + 3) % 6, head = 0, tail = 0;

    g.owner = malloc((size_t)g.cells);
    g.point = malloc((size_t)g.cells);
    g.distance = malloc(sizeof *g.distance * (size_t)g.cells);
    g.seen = calloc((size_t)g.cells, sizeof *g.seen);
    g.stack = malloc(sizeof *g.stack * (size_t)g.cells);
    g.capacity = 1024;
    g.moves = malloc(sizeof *g.moves * (size_t)g.capacity);
    if (!g.owner || !g.point || !g.distance || !g.seen || !g.stack || !g.moves)
        return -1;
    for (int k = 0; k < g.cells; k++) {
        g.point[k] = (signed char)point_of(g.row[k], g.col[k]);
        g.owner[k] = -1;
        for (int p = 0; p < g.players; p++)
            if (g.point[k] == g.points[p])
                g.owner[k] = (signed char)p;
        g.distance[k] = -1;
        if (g.point[k] == goal) {
            g.distance[k] = 0;
            g.stack[tail++] = k;
        }
    }
    while (head < tail) {
        int k = g.stack[head++];
        for (int d = 0; d < DIRECTIONS; d++) {
            int m = g.next[k][d];
            if (m >= 0 && g.distance[m] < 0) {
                g.distance[m] = g.distance[k] + 1;
                g.stack[tail++] = m;
            }
        }
    }
    return 0;
}

void InitChineseCheckers(long numPlayers, long gameSize, long playerPosition[6], long yourIndex)
{
    free_game();
    if (numPlayers < 2 || numPlayers > 6 || gameSize < 3 || gameSize > 63 || yourIndex < 0 ||
        yourIndex >= numPlayers)
        return;
    g.size = (int)gameSize;
    g.players = (int)numPlayers;
    g.me = (int)yourIndex;
    for (int p = 0; p < g.players; p++)
        g.points[p] = (int)playerPosition[p];
    if (build_board() != 0 || set_up() != 0)
        free_game();
}

void TermChineseCheckers(void)
{
    free_game();
}

/* 1 when our piece may stop on cell k: not one of our neutral zones. */
static int may_stop(int k)
{
    return g.point[k] < 0 || g.point[k] == g.points[g.me] || g.point[k] == (g.points[g.me] + 3) % 6;
}

/* Stores move n, growing the array; returns n + 1, or n when out of
** memory (the move is then not considered). */
static int push(int n, int from, int to)
{
    if (n == g.capacity) {
        struct move *more = realloc(g.moves, sizeof *more * (size_t)g.capacity * 2);
        if (!more)
            return n;
        g.moves = more;
        g.capacity *= 2;
    }
    g.moves[n] = (struct move){from, to};
    return n + 1;
}

/* Appends to g.moves[n..] every move of the piece on `from`; returns the
** new count.  The chains are a depth-first search over hop landings. */
static int piece_moves(int from, int n)
{
    int top = 0;

    if (!may_stop(from))
        return n;
    if (++g.stamp == 0) {
        memset(g.seen, 0, sizeof *g.seen * (size_t)g.cells);
        g.stamp = 1;
    }
    g.seen[from] = g.stamp;
    g.stack[top++] = from;
    while (top > 0) {
        int k = g.stack[--top];
        for (int d = 0; d < DIRECTIONS; d++) {
            int over = g.next[k][d], land = over < 0 ? -1 : g.next[over][d];
            if (land < 0 || g.owner[over] < 0 || g.owner[land] >= 0 || g.seen[land] == g.stamp)
                continue;
            g.seen[land] = g.stamp;
            g.stack[top++] = land;
            if (may_stop(land))
                n = push(n, from, land);
        }
    }
    for (int d = 0; d < DIRECTIONS; d++) {
        int to = g.next[from][d];
        if (to >= 0 && g.owner[to] < 0 && g.seen[to] != g.stamp && may_stop(to))
            n = push(n, from, to);
    }
    return n;
}

/* Every move of ours into g.moves[first..]; returns the new count. */
static int our_moves(int first)
{
    int n = first;

    for (int k = 0; k < g.cells; k++)
        if (g.owner[k] == g.me)
            n = piece_moves(k, n);
    return n;
}

static long gain(struct move m)
{
    return g.distance[m.from] - g.distance[m.to];
}

/* The best gain of a second move of ours after m (moves stored after
** `used`). */
static long best_follow_up(struct move m, int used)
{
    long best = 0;

    g.owner[m.from] = -1;
    g.owner[m.to] = (signed char)g.me;
    int n = our_moves(used);
    for (int i = used; i < n; i++)
        if (gain(g.moves[i]) > best)
            best = gain(g.moves[i]);
    g.owner[m.to] = -1;
    g.owner[m.from] = (signed char)g.me;
    return best;
}

/* Our move's score: its gain (and the best next one's, on small boards),
** then how far behind its piece stood. */
static long score(struct move m, int used, int lookahead)
{
    long s = gain(m) * 2;

    if (lookahead)
        s += best_follow_up(m, used);
    return s * 4096 + g.distance[m.from];
}

void YourMove(Position *from, Position *to)
{
    int n = g.moves ? our_moves(0) : 0, best = 0, lookahead = g.size * (g.size + 1) / 2 <= LOOKAHEAD_PIECES;
    long best_score = 0;

    if (n == 0) {
        int k = 0;
        while (g.owner && k < g.cells - 1 && g.owner[k] != g.me)
            k++;
        from->row = to->row = g.row ? g.row[k] : 0;
        from->col = to->col = g.col ? g.col[k] : 0;
        return;
    }
    for (int i = 0; i < n; i++) {
        long s = score(g.moves[i], n, lookahead);
        if (i == 0 || s > best_score) {
            best = i;
            best_score = s;
        }
    }
    struct move m = g.moves[best];
    from->row = g.row[m.from];
    from->col = g.col[m.from];
    to->row = g.row[m.to];
    to->col = g.col[m.to];
    g.owner[m.to] = g.owner[m.from];
    g.owner[m.from] = -1;
}

void OpponentMove(long opponent, Position from, Position to)
{
    int a, b;

    if (!g.owner)
        return;
    a = cell_at(from.row, from.col);
    b = cell_at(to.row, to.col);
    if (a < 0 || b < 0 || a == b || g.owner[a] != opponent)
        return;
    g.owner[b] = g.owner[a];
    g.owner[a] = -1;
}
