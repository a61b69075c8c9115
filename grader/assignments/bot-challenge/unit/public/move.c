/*
** public/move.c -- YourMove and OpponentMove through the first turns of a
** two-player game on the 121-cell star, as seat 0 and as seat 1.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(move, ten_turns_as_either_seat)
{
    for (int me = 0; me < 2; me++) {
        struct bc_game game = {.size = 4, .players = 2, .me = me, .seed = 7, .cap = 10};
        struct bc_result r;

        bc_default_points(2, game.points);
        game.house[1 - me] = HBOT_GREEDY;
        bc_play(&game, &r);
        cr_assert_eq(r.moves, 10, "%s: you made %d moves in 10 turns", bc_describe(&game), r.moves);
    }
}
