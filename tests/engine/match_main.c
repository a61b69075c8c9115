/*
** match_main.c -- build/engine-match: does an evaluation term pay?  Two
** players, the same alpha-beta at the same depth, one with the plain
** evaluation (the distance sums), the other with the optional terms of
** search.h set; they play game pairs from seeded random openings, each
** opening once with each side moving first, so that neither the opening
** nor the first move favours one of them.
**
** usage: engine-match star SIZE | square SIDE  DEPTH PAIRS SEED STRAGGLER MOBILITY
**                     [PLAIN_DEPTH]
** (the plain evaluation searches PLAIN_DEPTH plies if given, else DEPTH:
** a term that costs time may be compared at equal time).
** Prints one line a game pair and then
**   match games N wins W draws D losses L score S elo E plus-minus M
**         seconds T P
** T and P the CPU seconds the side with the terms and the plain side
** spent thinking.
** W, D, L from the side of the evaluation with the terms; S its score
** (wins plus half the draws, over N); E the Elo difference that score
** means and M its 95% margin (two standard errors of the score, turned
** into Elo), or "inf" when the score is 0 or 1.  A game nobody has won
** after 100 moves each is adjudicated (play()).  Exit status 2 for a bad
** command line.
*/
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "search.h"
#include "walk.h"

#define MOVE_CAP 200            /* plies: 100 moves each */

/* Plays one game from pos (copied) with eval[p] for player p; returns
** the winner, or -1 for a draw.  A game still on after MOVE_CAP plies, or
** where the player to move has none, is adjudicated to the player whose
** pieces have the smaller sum of distances to the goal: two sides can
** block each other's last pieces for good (a piece that never leaves its
** home sits in the other's goal), and the race up to then is what the
** evaluations are compared on. */
static double seconds[2];       /* thinking time of each player so far */

static double cpu_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int play(const eg_position *start, eg_eval *eval[2], const int depth[2], const int side[2])
{
    eg_position *pos = eg_position_new(start->board, start->kangaroo);
    int winner = -1;

    if (!pos)
        return -1;
    eg_position_copy(pos, start);
    for (int ply = 0; ply < MOVE_CAP && (winner = eg_winner(eval[0], pos)) < 0; ply++) {
        eg_move best;
        int p = pos->to_move;
        double t0 = cpu_now();
        eg_alphabeta(eval[p], pos, depth[p], &best);
        seconds[side[p]] += cpu_now() - t0;
        if (best.from < 0)
            break;              /* no move: the game stops, nobody won */
        eg_make(pos, best);
    }
    if (winner < 0) {           /* adjudicated: the shorter way home wins */
        long d0 = eg_distance_sum(eval[0], pos, 0), d1 = eg_distance_sum(eval[0], pos, 1);
        winner = d0 < d1 ? 0 : d1 < d0 ? 1 : -1;
    }
    eg_position_free(pos);
    return winner;
}

static void report(int wins, int draws, int losses)
{
    int n = wins + draws + losses;
    double s = n ? (wins + 0.5 * draws) / n : 0.5;
    printf("match games %d wins %d draws %d losses %d score %.3f", n, wins, draws, losses, s);
    if (s <= 0 || s >= 1) {
        printf(" elo inf plus-minus inf");
        return;
    }
    double elo = -400 * log10(1 / s - 1), se = sqrt(s * (1 - s) / n);
    double lo = s - 2 * se <= 0 ? -INFINITY : -400 * log10(1 / (s - 2 * se) - 1);
    double hi = s + 2 * se >= 1 ? INFINITY : -400 * log10(1 / (s + 2 * se) - 1);
    printf(" elo %.0f plus-minus %.0f", elo, (hi - lo) / 2);
}

int main(int argc, char **argv)
{
    if (argc < 8 || argc > 9 || (strcmp(argv[1], "star") != 0 && strcmp(argv[1], "square") != 0)) {
        fprintf(stderr, "usage: %s star SIZE | square SIDE  DEPTH PAIRS SEED STRAGGLER MOBILITY "
                "[PLAIN_DEPTH]\n", argv[0]);
        return 2;
    }
    int size = atoi(argv[2]), depth = atoi(argv[3]), pairs = atoi(argv[4]);
    int plain_depth = argc == 9 ? atoi(argv[8]) : depth;
    eg_board *b = strcmp(argv[1], "star") == 0 ? eg_star(size, 2) : eg_square(size, 2);
    eg_eval *plain = b ? eg_eval_new(b, EG_EVAL_BFS) : NULL, *terms = b ? eg_eval_new(b, EG_EVAL_BFS) : NULL;
    eg_position *pos = b ? eg_position_new(b, 0) : NULL, *start = b ? eg_position_new(b, 0) : NULL;
    if (!pos || !start || !plain || !terms || depth < 1 || plain_depth < 1 || pairs < 1) {
        fprintf(stderr, "engine-match: bad board, depth or pair count, or no memory\n");
        return 2;
    }
    terms->straggler = atoi(argv[6]);
    terms->mobility = atoi(argv[7]);
    int wins = 0, draws = 0, losses = 0;
    for (int i = 0; i < pairs; i++) {
        walk_seed(strtoull(argv[5], NULL, 10) + (uint64_t)i);
        eg_position_copy(pos, start);
        walk(pos, 4 + 2 * (int)(walk_random() % 4));   /* even: player 0 to move */
        printf("pair %d", i);
        for (int terms_plays = 0; terms_plays < 2; terms_plays++) {
            /* side[p]: 0 when player p has the terms, 1 when plain */
            int side[2] = {terms_plays == 0 ? 0 : 1, terms_plays == 0 ? 1 : 0};
            eg_eval *eval[2] = {side[0] ? plain : terms, side[1] ? plain : terms};
            int depths[2] = {side[0] ? plain_depth : depth, side[1] ? plain_depth : depth};
            int w = play(pos, eval, depths, side);
            wins += w == terms_plays;
            losses += w == 1 - terms_plays;
            draws += w < 0;
            printf(" %s", w < 0 ? "draw" : w == terms_plays ? "win" : "loss");
        }
        printf("\n");
        fflush(stdout);
    }
    report(wins, draws, losses);
    printf(" seconds %.2f %.2f\n", seconds[0], seconds[1]);
    eg_position_free(pos);
    eg_position_free(start);
    eg_eval_free(plain);
    eg_eval_free(terms);
    eg_board_free(b);
    return 0;
}
