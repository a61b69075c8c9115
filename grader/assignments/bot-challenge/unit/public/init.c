/*
** public/init.c -- InitChineseCheckers on the usual boards: after it, a
** legal first move, for every seat of 2..6 players on the 121-cell star.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(init, every_seat_on_the_121_cell_star)
{
    int points[6];

    for (int players = 2; players <= 6; players++) {
        bc_default_points(players, points);
        for (int me = 0; me < players; me++)
            bc_first_move(4, players, points, me);
    }
}
