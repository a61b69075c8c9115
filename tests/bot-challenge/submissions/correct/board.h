/* board.h -- the star as a grid of rows and columns, and its moves. */
#ifndef BOARD_H
#define BOARD_H

#include "chinese_checkers_bot.h"

#define MAX_PLAYERS 6

struct star {
    int n, players, me, points[MAX_PLAYERS];
    int rows, width;            /* grid: rows x width, columns -2n..2n    */
    signed char *cell;          /* -2: off the star, -1: empty, else seat */
    int *dist;                  /* steps to my goal                       */
    int *mark, marker;
};

extern struct star star;

int  star_open(long players, long size, const long *points, long me);
void star_close(void);
int  star_index(long row, long col);      /* -1 when off the star */
long star_row(int i);
long star_col(int i);
int  star_point(int i);                   /* 0..5, or -1 in the hexagon */
int  star_neighbour(int i, int dir);      /* dir 0..5, -1 off the star */
/* Calls visit(from, to) for every legal move of `seat`. */
void star_moves(int seat, void (*visit)(int from, int to));

#endif
