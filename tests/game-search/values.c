/*
** values.c -- the reference's answers on seeded positions, for
** tests/game-search/reference.test.sh, which checks them against the
** board library's search (build/engine), written apart.
**
**   game-search-values K          position K in build/engine's text
**   game-search-values K D        "minimax M evaluations N alphabeta A
**                                 parallel P1 P2 P3 choose C" at depth D,
**                                 values from WHITE's side (P1..P3 on 1..3
**                                 threads; C the worth of the chosen move)
** Position K: the start after K * 3 % 40 moves chosen by a seeded
** generator, mostly forward ones; K = 0 is the start.
*/
#include "game_search.h"

#include <stdio.h>
#include <stdlib.h>

static long evaluations;

static int counted(const gs_position *p)
{
    evaluations++;
    return gs_manhattan(p);
}

static int forward(int side, gs_move m)
{
    int ahead = m.to % GS_SIDE + m.to / GS_SIDE - m.from % GS_SIDE - m.from / GS_SIDE;

    return side == GS_WHITE ? ahead : -ahead;
}

static void position(gs_position *p, unsigned k)
{
    gs_move moves[GS_MAX_MOVES];
    unsigned state = k * 2246822519u + 3266489917u;

    gs_start(p);
    for (unsigned i = 0; i < k * 3 % 40 && gs_winner(p) == GS_EMPTY; i++) {
        int n = gs_moves(p, moves), pick;
        if (n == 0)
            break;
        state = state * 1664525u + 1013904223u;
        pick = (int)((state >> 9) % (unsigned)n);
        if (state >> 30)   /* three times in four, the most forward move */
            for (int j = 0; j < n; j++)
                if (forward(p->side, moves[j]) > forward(p->side, moves[pick]))
                    pick = j;
        gs_play(p, moves[pick]);
    }
}

static void engine_text(const gs_position *p)
{
    printf("board square 8 2\nto-move %d\ncells\n", p->side == GS_WHITE ? 0 : 1);
    for (int y = 0; y < GS_SIDE; y++) {
        for (int x = 0; x < GS_SIDE; x++)
            putchar(".01"[p->cell[GS_CELL(x, y)]]);
        putchar('\n');
    }
}

static void values(gs_position *p, int depth)
{
    gs_move m;

    evaluations = 0;
    int v = minimax(p, depth, counted);
    printf("minimax %d evaluations %ld alphabeta %d parallel", v, evaluations,
           alphabeta(p, depth, -GS_INF, GS_INF, gs_manhattan));
    for (int t = 1; t <= 3; t++)
        printf(" %d", parallel_search(p, depth, t, gs_manhattan));
    if (depth == 0) {
        printf(" choose -\n");
        return;
    }
    choose_move(p, depth, gs_manhattan, &m);
    gs_play(p, m);
    printf(" choose %d\n", minimax(p, depth - 1, gs_manhattan));
}

int main(int argc, char **argv)
{
    gs_position p;

    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: game-search-values K [DEPTH]\n");
        return 2;
    }
    position(&p, (unsigned)atoi(argv[1]));
    if (argc == 2)
        engine_text(&p);
    else
        values(&p, atoi(argv[2]));
    return 0;
}
