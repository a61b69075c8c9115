/*
** perft_main.c -- build/engine-perft: move counts of a board.
**
** usage: engine-perft star SIZE PLAYERS DEPTH [OPTIONS]
**        engine-perft square SIDE PLAYERS DEPTH [OPTIONS]
**        engine-perft map FILE - DEPTH [OPTIONS]
** options: --kangaroo --cells --moves --plain --general --portable --only
** Prints "perft D N" for D = 1..DEPTH (--only: DEPTH alone), then the
** board's name, cells and the seconds of the deepest count on standard
** error.  --plain counts every last ply afresh (eg_perft_plain: the move
** generator's own speed); --general uses the general generator even where
** the bitset one applies; --portable keeps the bitset generator off its
** BMI2 path.  --cells first
** prints every cell as "cell C x X y Y [row R col K] next N..." (the
** challenge's numbering on a star; the neighbours) and every home and goal; --moves
** prints the moves of the start as "move FROM TO" in generation order.  Exit
** status 2 for a bad command line or a board it cannot build (a map's
** error on standard error).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "map.h"
#include "position.h"

static void print_cells(const eg_board *b, int star_size)
{
    long row, col;

    for (int c = 0; c < b->cells; c++) {
        printf("cell %d x %d y %d", c, b->x[c], b->y[c]);
        if (star_size && eg_star_to_challenge(b, star_size, c, &row, &col) == 0)
            printf(" row %ld col %ld", row, col);
        for (int d = 0; d < b->dirs; d++)
            if (eg_next(b, c, d) >= 0)
                printf(" next %d", eg_next(b, c, d));
        printf("\n");
    }
    for (int p = 0; p < b->players; p++)
        for (int i = 0; i < b->pieces; i++)
            printf("player %d home %d goal %d\n", p, b->home[p][i], b->goal[p][i]);
}

static void print_moves(eg_position *pos)
{
    eg_move *moves = malloc(sizeof *moves * (size_t)EG_MOVES_MAX(pos->board));
    int n = moves ? eg_moves(pos, moves) : 0;

    for (int i = 0; i < n; i++)
        printf("move %d %d\n", moves[i].from, moves[i].to);
    free(moves);
}

static eg_board *board_of(char **argv, char *err, size_t errlen)
{
    int size = atoi(argv[2]), players = atoi(argv[3]);

    snprintf(err, errlen, "no such board: %s %s %s", argv[1], argv[2], argv[3]);
    if (strcmp(argv[1], "star") == 0)
        return eg_star(size, players);
    if (strcmp(argv[1], "square") == 0)
        return eg_square(size, players);
    if (strcmp(argv[1], "map") == 0)
        return eg_map_read(argv[2], err, errlen);
    return NULL;
}

int main(int argc, char **argv)
{
    char err[300];
    int kangaroo = 0, cells = 0, list = 0, plain = 0, general = 0, portable = 0, only = 0;

    if (argc < 5) {
        fprintf(stderr, "usage: %s star|square SIZE PLAYERS DEPTH | map FILE - DEPTH "
                "[--kangaroo] [--cells] [--moves] [--plain] [--general] [--portable] [--only]\n", argv[0]);
        return 2;
    }
    for (int i = 5; i < argc; i++) {
        kangaroo |= strcmp(argv[i], "--kangaroo") == 0;
        cells |= strcmp(argv[i], "--cells") == 0;
        list |= strcmp(argv[i], "--moves") == 0;
        plain |= strcmp(argv[i], "--plain") == 0;
        general |= strcmp(argv[i], "--general") == 0;
        only |= strcmp(argv[i], "--only") == 0;
        portable |= strcmp(argv[i], "--portable") == 0;
    }
    int depth = atoi(argv[4]);
    eg_board *b = board_of(argv, err, sizeof err);
    eg_position *pos = b ? eg_position_new(b, kangaroo) : NULL;
    if (!pos || depth < 1) {
        fprintf(stderr, "%s: %s\n", argv[0], b ? "bad depth or no memory" : err);
        return 2;
    }
    if (general)
        pos->generator = EG_GENERAL;
    if (portable && b->fast)
        b->fast->pext = 0;
    if (cells)
        print_cells(b, strcmp(argv[1], "star") == 0 ? atoi(argv[2]) : 0);
    if (list)
        print_moves(pos);
    double seconds = 0;
    for (int d = only ? depth : 1; d <= depth; d++) {
        clock_t start = clock();
        uint64_t n = plain ? eg_perft_plain(pos, d) : eg_perft(pos, d);
        printf("perft %d %llu\n", d, (unsigned long long)n);
        seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    }
    fprintf(stderr, "%s: %d cells, %zu bytes a position, perft %d in %.3f s\n", b->name, b->cells,
            eg_position_bytes(b), depth, seconds);
    eg_position_free(pos);
    eg_board_free(b);
    return 0;
}
