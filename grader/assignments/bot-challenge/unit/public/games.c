/*
** public/games.c -- whole games against the random house bot: two players
** on the 121-cell star, once as each seat.  A bot that moves its pieces
** towards its goal wins them.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(games, beats_the_random_bot)
{
    for (int me = 0; me < 2; me++) {
        struct bc_game game = {.size = 4, .players = 2, .me = me, .seed = 11};
        struct bc_result r;

        bc_default_points(2, game.points);
        game.house[1 - me] = HBOT_RANDOM;
        bc_play(&game, &r);
        if (r.result.outcome[me] != RGAME_WIN)
            bc_show_record(bc_last_record());
        cr_assert_eq(r.result.outcome[me], RGAME_WIN, "%s: you did not win (%s after %d turns; your "
                     "pieces are %ld steps from your goal, the random bot's %ld from its)", bc_describe(&game),
                     rgame_end_name(r.result.end), r.result.turns, r.result.distance[me],
                     r.result.distance[1 - me]);
    }
}
