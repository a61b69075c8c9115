/*
** position_text.c -- reading and writing positions as text
** (position_text.h).
*/
#include "position_text.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

struct reader {
    const char *name;
    char *err;
    size_t errlen;
    int line;
};

static void *fail(struct reader *r, const char *fmt, ...)
{
    char what[200];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errlen, "%s:%d: %s", r->name, r->line, what);
    return NULL;
}

/* The board of a "board ..." line, or NULL (an error written). */
static eg_board *board_of(struct reader *r, const char *spec)
{
    char path[256];
    int a, b;
    eg_board *board = NULL;

    if (sscanf(spec, "star %d %d", &a, &b) == 2)
        board = eg_star(a, b);
    else if (sscanf(spec, "square %d %d", &a, &b) == 2)
        board = eg_square(a, b);
    else if (sscanf(spec, "map %255s", path) == 1)
        return eg_map_read(path, r->err, r->errlen);
    return board ? board : fail(r, "board %s: expected star SIZE(3..63) PLAYERS(2..6), "
                                "square 8 2, square 16 2|4 or map PATH", spec);
}

/* Reads the cells after a "cells" line: one symbol a cell. */
static int read_cells(struct reader *r, FILE *in, const eg_board *b, int8_t *owner)
{
    int c, n = 0;

    while (n < b->cells && (c = getc(in)) != EOF) {
        if (c == '\n')
            r->line++;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (c != '.' && (c < '0' || c >= '0' + b->players)) {
            fail(r, "cell %d: '%c', expected '.' or a player 0..%d", n, c, b->players - 1);
            return -1;
        }
        owner[n++] = (int8_t)(c == '.' ? -1 : c - '0');
    }
    if (n < b->cells) {
        fail(r, "%d cells given, the board has %d", n, b->cells);
        return -1;
    }
    return 0;
}

static eg_position *finish(struct reader *r, eg_board *b, int kangaroo, int to_move,
                           const int8_t *owner)
{
    eg_position *pos = eg_position_new(b, kangaroo);

    if (!pos)
        return fail(r, "out of memory");
    if (to_move < 0 || to_move >= b->players)
        fail(r, "to-move %d: the board has players 0..%d", to_move, b->players - 1);
    else if (owner && eg_position_set(pos, owner, to_move) != 0)
        fail(r, "each player must have exactly %d pieces", b->pieces);
    else if (!owner && to_move != 0)
        fail(r, "the start position has player 0 to move");
    else
        return pos;
    eg_position_free(pos);
    return NULL;
}

/* One header line; returns 0, 1 at "cells", or -1 (an error written). */
static int header_line(struct reader *r, const char *line, eg_board **b, int *kangaroo,
                       int *to_move)
{
    if (line[0] == '\0' || line[0] == '#')
        return 0;
    if (strncmp(line, "board ", 6) == 0 && !*b)
        return (*b = board_of(r, line + 6)) ? 0 : -1;
    if (strcmp(line, "kangaroo") == 0)
        return *kangaroo = 1, 0;
    if (sscanf(line, "to-move %d", to_move) == 1)
        return 0;
    if (strcmp(line, "cells") == 0 && *b)
        return 1;
    fail(r, "expected board (once), kangaroo, to-move N, or cells after the board");
    return -1;
}

eg_position *eg_position_read(FILE *in, const char *name, char *err, size_t errlen)
{
    struct reader r = {name, err, errlen, 0};
    char line[512];
    eg_board *b = NULL;
    int kangaroo = 0, to_move = 0, status = 0;
    int8_t *owner = NULL;
    eg_position *pos = NULL;

    while (status == 0 && fgets(line, sizeof line, in)) {
        r.line++;
        line[strcspn(line, "\r\n")] = '\0';
        status = header_line(&r, line, &b, &kangaroo, &to_move);
    }
    if (status == 0 && !b)
        fail(&r, "no board line");
    else if (status == 1 && !(owner = malloc((size_t)b->cells)))
        fail(&r, "out of memory");
    else if (status >= 0 && b && (status == 0 || read_cells(&r, in, b, owner) == 0))
        pos = finish(&r, b, kangaroo, to_move, owner);
    free(owner);
    if (!pos)
        eg_board_free(b);
    return pos;
}

void eg_position_write(FILE *out, const eg_position *pos, const char *board_line)
{
    const eg_board *b = pos->board;

    fprintf(out, "board %s\n%sto-move %d\ncells\n", board_line, pos->kangaroo ? "kangaroo\n" : "",
            pos->to_move);
    for (int c = 0; c < b->cells; c++)
        fprintf(out, "%c%s", pos->owner[c] < 0 ? '.' : '0' + pos->owner[c],
                c + 1 < b->cells && b->y[c + 1] != b->y[c] ? "\n" : "");
    fprintf(out, "\n");
}
