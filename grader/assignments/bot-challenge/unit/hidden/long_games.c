/*
** hidden/long_games.c -- games longer or fuller than the others: one on
** the largest star of the two-move lookahead (size 10, 55 pieces a side)
** played for 200 rounds, where a bot's lists of moves grow long (the
** reference's passes 1,024 moves in one turn there): every move must be
** legal, whoever is ahead at the cap; and six-player games
** on the star of size 4 played to their end, the submission in each seat.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

GRADED_TEST(long_games, two_hundred_rounds_on_size_10)
{
    struct bc_game game = {.size = 10, .players = 2, .me = 0, .seed = 61, .cap = 200};
    struct bc_result r;

    bc_default_points(2, game.points);
    game.house[1] = HBOT_GREEDY;
    bc_play(&game, &r);
    cr_assert_geq(r.moves, 1, "%s: no move made", bc_describe(&game));
}

/* Six greedy-bot opponents' moves between two of yours, to the end of
** the game: every game must end by a finish or at the turn cap, and you
** must win or draw at least three of the six (one in each seat); a bot
** no better than the greedy bot would, by symmetry, win about one. */
GRADED_TEST(long_games, six_players_to_the_end)
{
    int good = 0;
    char lost[6][40] = {{0}};

    for (int me = 0; me < 6; me++) {
        struct bc_game game = {.size = 4, .players = 6, .me = me, .seed = 300 + (uint64_t)me};
        struct bc_result r;

        bc_default_points(6, game.points);
        for (int s = 0; s < 6; s++)
            game.house[s] = HBOT_GREEDY;
        bc_play(&game, &r);
        cr_assert(r.result.end == RGAME_FINISHED || r.result.end == RGAME_TURN_CAP, "%s: the game ended as %s",
                  bc_describe(&game), rgame_end_name(r.result.end));
        good += r.result.outcome[me] == RGAME_WIN || r.result.outcome[me] == RGAME_DRAW;
        snprintf(lost[me], sizeof lost[me], "seat %d: %s", me, rgame_outcome_name(r.result.outcome[me]));
    }
    cr_assert_geq(good, 3, "size 4, 6 players, a game in each seat against five greedy bots: you won or drew %d "
                  "(%s, %s, %s, %s, %s, %s); at least 3 are needed", good, lost[0], lost[1], lost[2], lost[3],
                  lost[4], lost[5]);
}
