/*
** hidden/init.c -- InitChineseCheckers on every size the challenge allows
** and on unusual seatings, and again for a new game after a finished one.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(init, sizes_3_to_10_and_63)
{
    int points[6];
    static const int sizes[] = {3, 5, 7, 10, 63};

    for (int i = 0; i < 5; i++)
        for (int players = 2; players <= 6; players += sizes[i] == 63 ? 4 : 1) {
            bc_default_points(players, points);
            bc_first_move(sizes[i], players, points, players - 1);
        }
}

GRADED_TEST(init, homes_on_any_points)
{
    static const int seatings[][6] = {{1, 4}, {5, 2}, {4, 0}, {3, 5, 1}, {2, 1, 0, 5}, {5, 4, 3, 2, 1, 0}};
    static const int players[] = {2, 2, 2, 3, 4, 6};

    for (int i = 0; i < 6; i++)
        for (int me = 0; me < players[i]; me++)
            bc_first_move(4, players[i], seatings[i], me);
}

GRADED_TEST(init, a_new_game_after_term)
{
    struct bc_game first = {.size = 5, .players = 3, .me = 2, .seed = 5, .cap = 15};
    struct bc_game second = {.size = 4, .players = 2, .me = 0, .seed = 6};
    struct bc_result r;

    bc_default_points(3, first.points);
    first.house[0] = first.house[1] = HBOT_GREEDY;
    bc_play(&first, &r);
    bc_default_points(2, second.points);
    second.house[1] = HBOT_RANDOM;
    bc_play(&second, &r);
    cr_assert_eq(r.result.outcome[0], RGAME_WIN, "%s, after a game of size 5 with 3 players: you did not "
                 "win (%s)", bc_describe(&second), rgame_end_name(r.result.end));
}
