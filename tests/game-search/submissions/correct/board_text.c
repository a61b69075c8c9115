/*
** board_text.c -- positions as text (game_search.h: gs_read, gs_write).
** Given to students as it is.
*/
#include "game_search.h"

#include <stdio.h>
#include <string.h>

/* One line of `in` into line[0..size-1] without its end of line; 0, or
** -1 at the end of input or for a line too long to be one of ours. */
static int read_line(FILE *in, char *line, size_t size)
{
    if (!fgets(line, (int)size, in))
        return -1;
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\n')
        line[--n] = '\0';
    else if (!feof(in))
        return -1;
    if (n > 0 && line[n - 1] == '\r')
        line[--n] = '\0';
    return 0;
}

static int blank(const char *line)
{
    return line[strspn(line, " \t")] == '\0';
}

/* Fills row y of p from `line`; 0, or -1 with the reason in why. */
static int read_row(gs_position *p, const char *line, int y, char why[100])
{
    if (strlen(line) != GS_SIDE) {
        snprintf(why, 100, "row %d has %zu characters, not %d", y + 1, strlen(line), GS_SIDE);
        return -1;
    }
    for (int x = 0; x < GS_SIDE; x++) {
        char c = line[x];
        if (c != 'W' && c != 'B' && c != '.') {
            snprintf(why, 100, "row %d: '%c' is not W, B or .", y + 1, c);
            return -1;
        }
        p->cell[GS_CELL(x, y)] = c == 'W' ? GS_WHITE : c == 'B' ? GS_BLACK : GS_EMPTY;
    }
    return 0;
}

static int count(const gs_position *p, int player)
{
    int n = 0;

    for (int c = 0; c < GS_CELLS; c++)
        n += p->cell[c] == player;
    return n;
}

int gs_read(gs_position *p, FILE *in, char why[100])
{
    char line[64];
    int y = 0;

    do
        if (read_line(in, line, sizeof line) != 0) {
            snprintf(why, 100, "the input ends before the position");
            return -1;
        }
    while (blank(line));
    for (;;) {
        if (read_row(p, line, y, why) != 0)
            return -1;
        if (++y == GS_SIDE)
            break;
        if (read_line(in, line, sizeof line) != 0) {
            snprintf(why, 100, "the input ends after %d rows", y);
            return -1;
        }
    }
    if (read_line(in, line, sizeof line) != 0
        || (strcmp(line, "white") != 0 && strcmp(line, "black") != 0)) {
        snprintf(why, 100, "the line after the rows must be white or black");
        return -1;
    }
    p->side = line[0] == 'w' ? GS_WHITE : GS_BLACK;
    if (count(p, GS_WHITE) > GS_PIECES || count(p, GS_BLACK) > GS_PIECES) {
        snprintf(why, 100, "a player has more than %d pieces", GS_PIECES);
        return -1;
    }
    return 0;
}

void gs_write(const gs_position *p, FILE *out)
{
    static const char mark[] = ".WB";

    for (int y = 0; y < GS_SIDE; y++) {
        for (int x = 0; x < GS_SIDE; x++)
            fputc(mark[p->cell[GS_CELL(x, y)]], out);
        fputc('\n', out);
    }
    fputs(p->side == GS_WHITE ? "white\n" : "black\n", out);
}
