/*
** hidden/opponent.c -- OpponentMove from every seat: six-player games in
** each seat, a game where a player leaves and its turns are skipped, and
** games where every move heard of is followed by calls that must change
** nothing (the header's OpponentMove): positions off the board, which a
** bot that indexes its board with them reads or writes outside it
** (AddressSanitizer stops it), and passes out of turn, which a bot that
** moves the piece "from itself to itself" by emptying its cell takes off
** its board, to step into it later.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(opponent, six_players_every_seat)
{
    for (int me = 0; me < 6; me++) {
        struct bc_game game = {.size = 3, .players = 6, .me = me, .seed = 100 + (uint64_t)me, .cap = 25};
        struct bc_result r;

        bc_default_points(6, game.points);
        for (int s = 0; s < 6; s++)
            game.house[s] = HBOT_GREEDY;
        bc_play(&game, &r);
        cr_assert_geq(r.moves, 1, "%s: no move made", bc_describe(&game));
    }
}

GRADED_TEST(opponent, a_player_out_is_skipped)
{
    struct bc_game game = {.size = 4, .players = 3, .me = 0, .seed = 21, .out_after = 5};
    struct bc_result r;

    bc_default_points(3, game.points);
    game.house[1] = game.house[2] = HBOT_GREEDY;
    bc_play(&game, &r);
    cr_assert_eq(r.result.outcome[1], RGAME_OUT);
}

GRADED_TEST(opponent, calls_that_change_nothing)
{
    static const int players[] = {2, 2, 3};

    for (int i = 0; i < 3; i++) {
        struct bc_game game = {.size = 4, .players = players[i], .me = i % 2, .seed = 300 + (uint64_t)i, .junk = 1};
        struct bc_result r;

        bc_default_points(game.players, game.points);
        for (int s = 0; s < game.players; s++)
            game.house[s] = HBOT_GREEDY;
        bc_play(&game, &r);
        cr_assert_geq(r.moves, 1, "%s: no move made", bc_describe(&game));
    }
}
