/*
** perft.c -- counts the move sequences from the start of a Halma game with
** the reference's own functions (solution/halma/halma.c), as a check of
** its move rules: a wrong camp, a missed direction or a chain that may
** revisit a square changes the counts.
**
** Usage: perft [--players 2|4] [--kangaroo] [DEPTH]
** Prints "depth N: COUNT" for N = 1..DEPTH (default 3).  Players move in
** turn; a move is counted once per distinct (from, to) pair, where `to` is
** a neighbour the piece steps to, or any square it can reach by a chain of
** one or more hops that never lands on a square it stood on during the
** move (the game lets a player stop a chain after any hop).
**
** Expected, without Kangaroo: 2 players 40, 1600, 85440; 4 players 32,
** 1024, 32768 (tests/halma/reference.test.sh checks them).
**
** Build: gcc -std=c11 -O2 -Isolution/halma tests/halma/perft.c
**            solution/halma/halma.c -o build/halma-perft
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halma.h"

/* Every (from, to) pair one player may play; 19 pieces reach far fewer
** than 256 squares each, but the bound costs nothing. */
#define MAX_MOVES (MAX_PIECES * SQUARES)

struct move { int from, to; };

static int kangaroo;

/*
** Adds to `reached` every square the piece on `at` can reach by hops,
** none onto a square already in `reached`.  The piece really moves on the
** board while it is explored and is put back before returning, so that
** its start square is empty behind it, as in the game.
*/
static void explore_hops(h_board *b, int at, h_bitset reached)
{
    for (int to = 0; to < SQUARES; to++) {
        if (bitset_contains(reached, to) || check_hop(b, at, to, kangaroo) != VALID_MOVE)
            continue;
        bitset_include(reached, to);
        apply_move(b, at, to);
        explore_hops(b, to, reached);
        apply_move(b, to, at);
    }
}

/* Appends the moves of the piece on `from` to moves[]; returns the new
** count.  Steps and hop chains that end on the same square count once. */
static int piece_moves(h_board *b, int from, struct move *moves, int count)
{
    h_bitset reached = {0}, steps = {0};

    bitset_include(reached, from);
    explore_hops(b, from, reached);
    bitset_exclude(reached, from);
    for (int to = 0; to < SQUARES; to++)
        if (check_step(b, from, to) == VALID_MOVE)
            bitset_include(steps, to);
    for (int to = 0; to < SQUARES; to++)
        if (bitset_contains(reached, to) || bitset_contains(steps, to))
            moves[count++] = (struct move){from, to};
    return count;
}

/* Fills moves[] with every move of `player`; returns how many. */
static int list_moves(h_board *b, int player, struct move *moves)
{
    int count = 0;

    for (int i = 0; i < b->pieces; i++)
        count = piece_moves(b, b->position[player][i], moves, count);
    return count;
}

/* Number of move sequences of length `depth` from *b, `player` first. */
static long long perft(h_board *b, int player, int depth)
{
    struct move *moves;
    long long total = 0;
    int count;

    if (depth == 0)
        return 1;
    moves = malloc(MAX_MOVES * sizeof *moves);
    if (moves == NULL) {
        fprintf(stderr, "perft: out of memory\n");
        exit(2);
    }
    count = list_moves(b, player, moves);
    for (int i = 0; i < count; i++) {
        h_board after = *b;
        apply_move(&after, moves[i].from, moves[i].to);
        total += perft(&after, (player + 1) % b->players, depth - 1);
    }
    free(moves);
    return total;
}

int main(int argc, char **argv)
{
    int players = 2, depth = 3;
    h_board b;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--players") == 0 && i + 1 < argc)
            players = atoi(argv[++i]);
        else if (strcmp(argv[i], "--kangaroo") == 0)
            kangaroo = KANGAROO;
        else if (argv[i][0] >= '1' && argv[i][0] <= '9' && argv[i][1] == '\0')
            depth = argv[i][0] - '0';
        else {
            fprintf(stderr, "usage: perft [--players 2|4] [--kangaroo] [DEPTH 1-9]\n");
            return 2;
        }
    }
    if (board_init(&b, players) != 0) {
        fprintf(stderr, "perft: players must be 2 or 4\n");
        return 2;
    }
    for (int d = 1; d <= depth; d++)
        printf("depth %d: %lld\n", d, perft(&b, 0, d));
    return 0;
}
