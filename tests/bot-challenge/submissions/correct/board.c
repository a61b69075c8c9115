/* board.c -- the star of chinese_checkers_bot.h on a plain grid. */
#include "board.h"

#include <stdlib.h>
#include <string.h>

struct star star;

static long row_len(long r)
{
    long n = star.n;

    return (r < n || (r >= 2 * n && r <= 3 * n)) ? r + 1 : 4 * n + 1 - r;
}

int star_index(long row, long col)
{
    if (row < 0 || row >= star.rows || col < -2L * star.n || col > 2L * star.n)
        return -1;
    long c = row_len(row), lo = row % 2 == 0 ? -(c - 1) / 2 : -(c / 2) + 1;
    if (col < lo || col >= lo + c)
        return -1;
    return (int)(row * star.width + col + 2L * star.n);
}

long star_row(int i) { return i / star.width; }
long star_col(int i) { return i % star.width - 2L * star.n; }

int star_point(int i)
{
    long n = star.n, r = star_row(i), x = 3 * n + 2 * star_col(i) - (r & 1);
    long a = r - 2 * n, q = (x - a - 3 * n) / 2, s = -q - a;

    return a < -n ? 0 : q > n ? 1 : s < -n ? 2 : a > n ? 3 : q < -n ? 4 : s > n ? 5 : -1;
}

int star_neighbour(int i, int dir)
{
    static const int dr[6] = {0, 0, 1, 1, -1, -1};
    static const int even_dc[6] = {-1, 1, 0, 1, 0, 1}, odd_dc[6] = {-1, 1, -1, 0, -1, 0};
    long r = star_row(i);

    return star_index(r + dr[dir], star_col(i) + ((r & 1) ? odd_dc[dir] : even_dc[dir]));
}

static int allowed(int seat, int i)
{
    int p = star_point(i);

    return p < 0 || p == star.points[seat] || p == (star.points[seat] + 3) % 6;
}

static int distances(void)
{
    int total = star.rows * star.width, *queue = malloc(sizeof *queue * (size_t)total), head = 0, tail = 0;
    int goal = (star.points[star.me] + 3) % 6;

    if (!queue)
        return -1;
    for (int i = 0; i < total; i++) {
        star.dist[i] = -1;
        if (star.cell[i] != -2 && star_point(i) == goal) {
            star.dist[i] = 0;
            queue[tail++] = i;
        }
    }
    while (head < tail) {
        int i = queue[head++];
        for (int d = 0; d < 6; d++) {
            int j = star_neighbour(i, d);
            if (j >= 0 && star.dist[j] < 0) {
                star.dist[j] = star.dist[i] + 1;
                queue[tail++] = j;
            }
        }
    }
    free(queue);
    return 0;
}

int star_open(long players, long size, const long *points, long me)
{
    star_close();
    star.n = (int)size;
    star.players = (int)players;
    star.me = (int)me;
    for (int p = 0; p < players; p++)
        star.points[p] = (int)points[p];
    star.rows = 4 * star.n + 1;
    star.width = 4 * star.n + 1;
    int total = star.rows * star.width;
    star.cell = malloc((size_t)total);
    star.dist = malloc(sizeof *star.dist * (size_t)total);
    star.mark = calloc((size_t)total, sizeof *star.mark);
    if (!star.cell || !star.dist || !star.mark) {
        star_close();
        return -1;
    }
    for (int i = 0; i < total; i++) {
        star.cell[i] = star_index(star_row(i), star_col(i)) == i ? -1 : -2;
        for (int p = 0; star.cell[i] == -1 && p < players; p++)
            if (star_point(i) == star.points[p])
                star.cell[i] = (signed char)p;
    }
    if (distances() != 0) {
        star_close();
        return -1;
    }
    return 0;
}

void star_close(void)
{
    free(star.cell);
    free(star.dist);
    free(star.mark);
    memset(&star, 0, sizeof star);
}

/* Hop chains from `at` (recursive: a chain is at most as long as the
** board has cells, and each landing is marked once). */
static void hops(int seat, int from, int at, void (*visit)(int, int))
{
    for (int d = 0; d < 6; d++) {
        int over = star_neighbour(at, d), land = over < 0 ? -1 : star_neighbour(over, d);
        if (land < 0 || star.cell[over] < 0 || star.cell[land] != -1 || star.mark[land] == star.marker)
            continue;
        star.mark[land] = star.marker;
        if (allowed(seat, land))
            visit(from, land);
        hops(seat, from, land, visit);
    }
}

void star_moves(int seat, void (*visit)(int from, int to))
{
    int total = star.rows * star.width;

    for (int i = 0; i < total; i++) {
        if (star.cell[i] != seat || !allowed(seat, i))
            continue;
        star.marker++;
        star.mark[i] = star.marker;
        star.cell[i] = -1;
        hops(seat, i, i, visit);
        star.cell[i] = (signed char)seat;
        for (int d = 0; d < 6; d++) {
            int j = star_neighbour(i, d);
            if (j >= 0 && star.cell[j] == -1 && star.mark[j] != star.marker && allowed(seat, j))
                visit(i, j);
        }
    }
}
