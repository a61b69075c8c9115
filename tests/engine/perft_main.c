/*
** perft_main.c -- build/engine-perft: move counts of a built-in board.
**
** usage: engine-perft star SIZE PLAYERS DEPTH [--kangaroo]
**        engine-perft square SIDE PLAYERS DEPTH [--kangaroo]
** Prints "perft D N" for D = 1..DEPTH, then the cells and the seconds of
** the deepest count on standard error.  Exit status 2 for a bad command
** line or a board it cannot build.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "position.h"

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s star|square SIZE PLAYERS DEPTH [--kangaroo]\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[2]), players = atoi(argv[3]), depth = atoi(argv[4]);
    int kangaroo = argc > 5 && strcmp(argv[5], "--kangaroo") == 0;
    eg_board *b = strcmp(argv[1], "star") == 0 ? eg_star(size, players)
                : strcmp(argv[1], "square") == 0 ? eg_square(size, players) : NULL;
    eg_position *pos = b ? eg_position_new(b, kangaroo) : NULL;

    if (!pos || depth < 1) {
        fprintf(stderr, "%s: no such board or depth\n", argv[0]);
        return 2;
    }
    double seconds = 0;
    for (int d = 1; d <= depth; d++) {
        clock_t start = clock();
        printf("perft %d %llu\n", d, (unsigned long long)eg_perft(pos, d));
        seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    }
    fprintf(stderr, "%s: %d cells, perft %d in %.3f s\n", b->name, b->cells, depth, seconds);
    eg_position_free(pos);
    eg_board_free(b);
    return 0;
}
