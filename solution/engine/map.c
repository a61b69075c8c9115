/*
** map.c -- the map file reader (map.h).
**
** The file is read into a small description first (struct map: the grid,
** the goals, the bends), each line checked as it comes; only a complete,
** consistent description becomes a board.  Cells are numbered row by row,
** left to right.
*/
#define _POSIX_C_SOURCE 200809L   /* getline */

#include "map.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define MAP_MAX_SIDE 1000
#define MAP_MAX_BENDS 1000

/* Steps of each direction, in grid columns and rows.  Hex maps use the
** star's display grid (a cell every other column), square maps every
** square; the orders match star.c and square.c. */
static const int hex_dx[6] = {2, -2, 1, -1, 1, -1}, hex_dy[6] = {0, 0, 1, -1, -1, 1};
static const int sq_dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, sq_dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

struct bend { int x, y, in, out, line; };

struct map {
    const char *path;
    char *err;
    size_t errlen;
    int line;
    int hex, geometry_set, players;
    int width, rows;
    char *grid;                 /* rows * MAP_MAX_SIDE characters          */
    int goal[EG_MAX_PLAYERS];   /* the home whose cells are p's goal, or -1 */
    struct bend bends[MAP_MAX_BENDS];
    int nbends;
};

/* Records an error at the current line; returns -1. */
static int fail(struct map *m, const char *fmt, ...)
{
    char what[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (m->line > 0)
        snprintf(m->err, m->errlen, "%s:%d: %s", m->path, m->line, what);
    else
        snprintf(m->err, m->errlen, "%s: %s", m->path, what);
    return -1;
}

static char cell_at(const struct map *m, int x, int y)
{
    if (x < 0 || y < 0 || x >= m->width || y >= m->rows)
        return '#';
    return m->grid[y * MAP_MAX_SIDE + x];
}

static int is_cell(char c)
{
    return c == '.' || (c >= '0' && c <= '5');
}

static int dirs_of(const struct map *m)
{
    return m->hex ? 6 : 8;
}

/* "row TEXT": '.' a cell, '0'..'5' a home cell of that player, '#' or a
** space a hole. */
static int read_row(struct map *m, const char *text)
{
    size_t n = strlen(text);

    if (m->rows >= MAP_MAX_SIDE || n > MAP_MAX_SIDE)
        return fail(m, "too many rows or a row longer than %d characters", MAP_MAX_SIDE);
    for (size_t i = 0; i < n; i++) {
        char c = text[i] == ' ' ? '#' : text[i];
        if (c != '#' && !is_cell(c))
            return fail(m, "'%c' in a row: expected '.', '#', a space or a player 0..5", text[i]);
        if (c >= '0' && c - '0' >= m->players)
            return fail(m, "home of player %c, but the map has %d players", c, m->players);
        m->grid[m->rows * MAP_MAX_SIDE + (int)i] = c;
    }
    memset(m->grid + m->rows * MAP_MAX_SIDE + n, '#', MAP_MAX_SIDE - n);
    if ((int)n > m->width)
        m->width = (int)n;
    m->rows++;
    return 0;
}

/* One line of the file, without its newline. */
static int read_line(struct map *m, char *s)
{
    char word[16], rest[8];
    int a, b, c, d;

    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0' || *s == '#')
        return 0;
    if (strncmp(s, "row ", 4) == 0 || strcmp(s, "row") == 0) {
        if (!m->geometry_set || !m->players)
            return fail(m, "a row before the geometry and players lines");
        return read_row(m, s[3] ? s + 4 : s + 3);
    }
    if (sscanf(s, "geometry %15s %7s", word, rest) == 1) {
        if (strcmp(word, "hex") != 0 && strcmp(word, "square") != 0)
            return fail(m, "geometry %s: expected hex or square", word);
        m->hex = strcmp(word, "hex") == 0;
        m->geometry_set = 1;
        return 0;
    }
    if (sscanf(s, "players %d %7s", &a, rest) == 1) {
        if (a < 2 || a > EG_MAX_PLAYERS || m->rows > 0)
            return fail(m, "players %d: expected 2..%d, before the first row", a, EG_MAX_PLAYERS);
        m->players = a;
        return 0;
    }
    if (sscanf(s, "goal %d %d %7s", &a, &b, rest) == 2) {
        if (a < 0 || a >= m->players || b < 0 || b >= m->players || a == b)
            return fail(m, "goal %d %d: expected two different players 0..%d", a, b, m->players - 1);
        m->goal[a] = b;
        return 0;
    }
    if (sscanf(s, "bend %d %d %d %d %7s", &a, &b, &c, &d, rest) == 4) {
        if (!m->geometry_set || c < 0 || c >= dirs_of(m) || d < 0 || d >= dirs_of(m))
            return fail(m, "bend: directions are 0..%d, after the geometry line", dirs_of(m) - 1);
        if (m->nbends >= MAP_MAX_BENDS)
            return fail(m, "more than %d bends", MAP_MAX_BENDS);
        m->bends[m->nbends++] = (struct bend){a, b, c, d, m->line};
        return 0;
    }
    return fail(m, "not a map line: expected geometry, players, row, goal or bend");
}

/* A line as read, newline included: no control characters, then
** read_line(). */
static int read_text_line(struct map *m, char *buf)
{
    buf[strcspn(buf, "\r\n")] = '\0';
    for (const unsigned char *p = (const unsigned char *)buf; *p; p++)
        if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
            return fail(m, "a control character (byte %d): not a text map", *p);
    return read_line(m, buf);
}

static int read_file(struct map *m, FILE *f)
{
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n;
    int status = 0;

    while (status == 0 && (n = getline(&buf, &cap, f)) >= 0) {
        m->line++;
        if (n > MAP_MAX_SIDE + 8)
            status = fail(m, "line longer than %d characters", MAP_MAX_SIDE + 8);
        else if (memchr(buf, '\0', (size_t)n) != NULL)
            status = fail(m, "a NUL byte: not a text map");
        else
            status = read_text_line(m, buf);
    }
    free(buf);
    if (status != 0)
        return -1;
    m->line = 0;
    if (!m->geometry_set || !m->players || m->rows == 0)
        return fail(m, "incomplete: needs geometry, players and at least one row");
    return 0;
}

/* number[y * MAP_MAX_SIDE + x]: the cell at (x, y), or -1. */
static int32_t *number_cells(const struct map *m, int *cells)
{
    int32_t *number = malloc(sizeof *number * (size_t)m->rows * MAP_MAX_SIDE);
    int n = 0;

    if (!number)
        return NULL;
    for (int y = 0; y < m->rows; y++)
        for (int x = 0; x < MAP_MAX_SIDE; x++)
            number[y * MAP_MAX_SIDE + x] = is_cell(cell_at(m, x, y)) ? n++ : -1;
    *cells = n;
    return number;
}

static void link_cells(eg_board *b, const struct map *m, const int32_t *number)
{
    const int *dx = m->hex ? hex_dx : sq_dx, *dy = m->hex ? hex_dy : sq_dy;

    for (int y = 0; y < m->rows; y++)
        for (int x = 0; x < m->width; x++) {
            int c = number[y * MAP_MAX_SIDE + x];
            if (c < 0)
                continue;
            b->x[c] = x;
            b->y[c] = y;
            for (int d = 0; d < b->dirs; d++) {
                int x2 = x + dx[d], y2 = y + dy[d];
                if (is_cell(cell_at(m, x2, y2)))
                    b->next[c * b->dirs + d] = number[y2 * MAP_MAX_SIDE + x2];
            }
        }
}

/* Homes from the grid, goals from the goal lines; every home the same
** size.  Returns 0 or -1 (an error written). */
static int seat_players(eg_board *b, struct map *m)
{
    int count[EG_MAX_PLAYERS] = {0};

    for (int c = 0; c < b->cells; c++) {
        char k = cell_at(m, b->x[c], b->y[c]);
        if (k >= '0')
            count[k - '0']++;
    }
    for (int p = 0; p < m->players; p++) {
        if (count[p] == 0 || count[p] != count[0])
            return fail(m, "player %d has %d home cells, player 0 has %d: homes must be "
                        "non-empty and the same size", p, count[p], count[0]);
        if (m->goal[p] < 0)
            return fail(m, "no goal line for player %d", p);
    }
    if (eg_board_seat(b, m->players, count[0]) != 0)
        return fail(m, "out of memory");
    memset(count, 0, sizeof count);
    for (int c = 0; c < b->cells; c++) {
        char k = cell_at(m, b->x[c], b->y[c]);
        if (k >= '0')
            b->home[k - '0'][count[k - '0']++] = c;
    }
    for (int p = 0; p < m->players; p++)
        memcpy(b->goal[p], b->home[m->goal[p]], sizeof *b->goal[p] * (size_t)b->pieces);
    return 0;
}

/* Applies the bends: a line entering (x, y) in direction `in` goes on in
** direction `out`. */
static int apply_bends(eg_board *b, struct map *m, const int32_t *number)
{
    for (int i = 0; i < m->nbends; i++) {
        const struct bend *k = &m->bends[i];
        m->line = k->line;
        if (!is_cell(cell_at(m, k->x, k->y)))
            return fail(m, "bend at (%d, %d), which is no cell", k->x, k->y);
        int mid = number[k->y * MAP_MAX_SIDE + k->x];
        for (int c = 0; c < b->cells; c++)
            if (b->next[c * b->dirs + k->in] == mid)
                b->turn[c * b->dirs + k->in] = (int8_t)k->out;
    }
    m->line = 0;
    return 0;
}

static eg_board *build(struct map *m)
{
    int cells = 0;
    int32_t *number = number_cells(m, &cells);
    eg_board *b = NULL;

    if (!number || cells == 0 || !(b = eg_board_new(cells, dirs_of(m)))) {
        fail(m, cells == 0 ? "no cells" : "out of memory");
    } else {
        link_cells(b, m, number);
        if (seat_players(b, m) != 0 || apply_bends(b, m, number) != 0) {
            eg_board_free(b);
            b = NULL;
        }
    }
    free(number);
    return b;
}

eg_board *eg_map_read(const char *path, char *err, size_t errlen)
{
    struct map *m = calloc(1, sizeof *m);
    FILE *f = fopen(path, "r");
    eg_board *b = NULL;

    snprintf(err, errlen, "%s: %s", path, !f ? "cannot open it" : "out of memory");
    if (m && f && (m->grid = malloc(MAP_MAX_SIDE * MAP_MAX_SIDE)) != NULL) {
        m->path = path, m->err = err, m->errlen = errlen;
        for (int p = 0; p < EG_MAX_PLAYERS; p++)
            m->goal[p] = -1;
        if (read_file(m, f) == 0 && (b = build(m)) != NULL) {
            const char *base = strrchr(path, '/');
            snprintf(b->name, sizeof b->name, "map %s, %d players", base ? base + 1 : path, b->players);
            eg_board_finish(b);
        }
    }
    if (f)
        fclose(f);
    if (m)
        free(m->grid);
    free(m);
    return b;
}
