/*
** hidden/time.c -- the CPU time of the calls, beside the greedy house
** bot's on the same machine in the same game: a bot may take up to 300
** times the greedy bot's average time per move, and never less than half
** a second a call, so a correct bot is never failed by a slow
** machine.  Every game of every test already stops a YourMove or
** OpponentMove call at that limit, with the greedy bot timed before the
** game (support.c); here every call, InitChineseCheckers and
** TermChineseCheckers included, is held to it with the greedy bot's
** average over the game itself.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(time, a_move_is_quick_enough)
{
    struct bc_game game = {.size = 5, .players = 2, .me = 0, .seed = 77};
    struct bc_result r;

    bc_default_points(2, game.points);
    game.house[1] = HBOT_GREEDY;
    bc_play(&game, &r);
    double house = r.house_moves ? r.house_cpu / r.house_moves : 0, limit = bc_call_limit(house);
    cr_assert_leq(r.cpu_max, limit, "%s: your slowest call took %.3f s of CPU; a call may take %.3f s (300 "
                  "times the greedy bot's %.2f ms a move here, at least 0.5 s)", bc_describe(&game), r.cpu_max,
                  limit, house * 1000);
}
