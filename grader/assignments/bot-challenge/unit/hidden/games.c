/*
** hidden/games.c -- whole games against the house bots: the random bot on
** stars of sizes 3 to 5, the greedy bot in two-player games, and games of
** three, four and six players, and the greedy bot on the smallest and a
** larger board.  Thresholds: the handout's "How you are graded".
*/
#include <stdlib.h>
#include <string.h>

#include "graded_test.h"
#include "support.h"

/* The record of the first game of a series the submission did not win. */
static char *lost;

/* Plays `n` games of `players` on size `size`, the submission in each seat
** in turn, the others of `kind`; returns the submission's wins (draws
** in *half) and keeps the first game not won (show_lost()). */
static int series(int size, int players, enum hbot_kind kind, int n, uint64_t seed, int *half)
{
    int wins = 0;

    *half = 0;
    free(lost);
    lost = NULL;
    for (int i = 0; i < n; i++) {
        struct bc_game game = {.size = size, .players = players, .me = i % players, .seed = seed + (uint64_t)i};
        struct bc_result r;

        bc_default_points(players, game.points);
        for (int s = 0; s < players; s++)
            game.house[s] = kind;
        bc_play(&game, &r);
        wins += r.result.outcome[game.me] == RGAME_WIN;
        *half += r.result.outcome[game.me] == RGAME_DRAW;
        if (!lost && r.result.outcome[game.me] != RGAME_WIN)
            lost = strdup(bc_last_record());
    }
    return wins;
}

/* Shows the first game not won (bc_show_record) when `failing`; returns
** failing, for the assertion that follows. */
static int show_lost(int failing)
{
    if (failing && lost)
        bc_show_record(lost);
    return failing;
}

GRADED_TEST(games, random_bot_sizes_3_to_5)
{
    for (int size = 3; size <= 5; size++) {
        int draws, wins = series(size, 2, HBOT_RANDOM, 4, 1000 + (uint64_t)size, &draws);
        cr_assert(!show_lost(wins != 4), "size %d, 2 players, 4 games against the random bot: you won %d", size,
                  wins);
    }
}

GRADED_TEST(games, greedy_bot_two_players)
{
    int draws, wins = series(4, 2, HBOT_GREEDY, 4, 2000, &draws);

    cr_assert(!show_lost(2 * wins + draws < 4), "size 4, 2 players, 4 games against the greedy bot: %d wins and "
              "%d draws, fewer points than the greedy bot against itself (a draw each)", wins, draws);
}

GRADED_TEST(games, three_and_four_players)
{
    for (int players = 3; players <= 4; players++) {
        int draws, wins = series(4, players, HBOT_GREEDY, players, 3000 + (uint64_t)players, &draws);
        cr_assert(!show_lost(wins + draws < 1), "size 4, %d players, %d games against greedy bots: no win", players,
                  players);
    }
}

GRADED_TEST(games, six_players)
{
    int draws, wins = series(3, 6, HBOT_RANDOM, 6, 4000, &draws);

    cr_assert(!show_lost(wins < 5), "size 3, 6 players, 6 games against random bots: you won %d", wins);
}

GRADED_TEST(games, greedy_bot_sizes_3_and_6)
{
    for (int size = 3; size <= 6; size += 3) {
        int draws, wins = series(size, 2, HBOT_GREEDY, 2, 5000 + (uint64_t)size, &draws);
        cr_assert(!show_lost(wins != 2), "size %d, 2 players, a game in each seat against the greedy bot: you won "
                  "%d (and drew %d); a bot that looks two moves ahead wins both", size, wins, draws);
    }
}
