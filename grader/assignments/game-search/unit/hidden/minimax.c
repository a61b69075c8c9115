/*
** hidden/minimax.c -- hidden unit tests of minimax: played positions with
** the secret evaluation at depths 1..3, each leaf evaluated once; the
** leaves that end a search early (depth 0, a won game, no move).
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(minimax, played_positions_secret_evaluation)
{
    gs_position p;
    char what[64];

    eval_new_key();
    for (unsigned seed = 1; seed <= 6; seed++) {
        pos_played(&p, seed, 8 + 5 * (int)seed);
        snprintf(what, sizeof what, "position %u (%d plies played)", seed, 8 + 5 * (int)seed);
        check_minimax(&p, 1, eval_secret, what);
        check_minimax(&p, 2, eval_secret, what);
        if (seed <= 2)
            check_minimax(&p, 3, eval_secret, what);
    }
}

GRADED_TEST(minimax, depth_zero_is_one_evaluation)
{
    gs_position p;

    eval_new_key();
    pos_played(&p, 9, 20);
    check_minimax(&p, 0, eval_secret, "a position after 20 moves");
    pos_start(&p);
    check_minimax(&p, 0, eval_plain, "the start");
}

GRADED_TEST(minimax, won_game_is_a_leaf)
{
    gs_position p;

    pos_white_won(&p);
    check_minimax(&p, 3, eval_plain, "a game WHITE has won");
    eval_new_key();
    check_minimax(&p, 2, eval_secret, "a game WHITE has won");
}

GRADED_TEST(minimax, no_move_is_a_leaf)
{
    gs_position p;

    pos_walled_in(&p, GS_WHITE);
    check_minimax(&p, 3, eval_plain, "WHITE with no move");
    p.side = GS_BLACK;
    check_minimax(&p, 2, eval_plain, "the same cells, BLACK to move");
}
