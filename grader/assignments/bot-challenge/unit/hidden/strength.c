/*
** hidden/strength.c -- how well the bot plays, not only how legally:
** series against the greedy and the strong house bots on several sizes,
** player counts and seatings, the submission in every seat in turn.  A
** bot whose picture of the board is a little wrong (a neighbour missing,
** a distance off) stays legal but loses games such a series counts.
**
** Games on sizes 5 and up end at a turn cap shorter than the rules' own
** (they would run hundreds of rounds: the greedy bot stalls when its
** pieces block each other), and are won on the rules' adjudication, the
** smaller sum of distances to the goal.  Everything is deterministic:
** the house bots are seeded, and no result depends on time.
**
** Thresholds: a win counts 2, a draw 1.  Against the greedy bot the
** series has 26 games, and at least 42 of the 52 points are needed;
** against the strong bot (depth 1, not in a student's kit) 15 games, at
** least 20 of the 30.  The reference, which looks two moves of its own
** ahead, wins all 26 of the first and 13 of the second (it loses two of
** the four-player games on size 5): five and three games to spare.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

struct setting {
    int size, players, cap;         /* cap 0: the rules' own */
};

/* Plays every seat of every setting against `kind`; returns the points
** and writes the settings' results into `text`. */
static int series(const struct setting *set, int n, enum hbot_kind kind, int *games, char *text, size_t room)
{
    int points = 0, used = 0;

    *games = 0;
    for (int i = 0; i < n; i++) {
        int got = 0;
        for (int me = 0; me < set[i].players; me++) {
            struct bc_game game = {.size = set[i].size, .players = set[i].players, .me = me,
                                   .seed = 700 + (uint64_t)(10 * i + me), .cap = set[i].cap, .strength = 1};
            struct bc_result r;

            bc_default_points(set[i].players, game.points);
            for (int s = 0; s < set[i].players; s++)
                game.house[s] = kind;
            bc_play(&game, &r);
            got += r.result.outcome[me] == RGAME_WIN ? 2 : r.result.outcome[me] == RGAME_DRAW;
            ++*games;
        }
        points += got;
        if (used < (int)room)
            used += snprintf(text + used, room - (size_t)used, "%ssize %d, %d players: %d of %d", i ? "; " : "",
                             set[i].size, set[i].players, got, 2 * set[i].players);
    }
    return points;
}

GRADED_TEST(strength, against_the_greedy_bot)
{
    static const struct setting set[] = {
        {3, 2, 0}, {4, 2, 0}, {5, 2, 40}, {6, 2, 50}, {7, 2, 60}, {8, 2, 70},
        {3, 3, 0}, {5, 3, 40}, {4, 4, 0}, {6, 4, 50},
    };
    char text[400];
    int games, points = series(set, 10, HBOT_GREEDY, &games, text, sizeof text);

    cr_assert_geq(points, 42, "against the greedy bot, %d games, every seat: %d points of %d (2 a win, 1 a draw; "
                  "at least 42 needed): %s", games, points, 2 * games, text);
}

GRADED_TEST(strength, against_the_strong_bot)
{
    static const struct setting set[] = {
        {3, 2, 0}, {4, 2, 0}, {5, 2, 40}, {6, 2, 50}, {4, 3, 0}, {5, 4, 40},
    };
    char text[400];
    int games, points;

    if (!hbot_has_strong())
        cr_skip_test("the strong house bot is not in this kit");
    points = series(set, 6, HBOT_STRONG, &games, text, sizeof text);
    cr_assert_geq(points, 20, "against the strong bot (depth 1), %d games, every seat: %d points of %d (2 a win, 1 "
                  "a draw; at least 20 needed): %s", games, points, 2 * games, text);
}
