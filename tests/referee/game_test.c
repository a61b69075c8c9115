/*
** game_test.c -- the bot challenge's rules (grader/referee/game.h) on the
** star of size 3 (6 pieces a seat), positions worked out by hand from the
** challenge's numbering:
**
**   rows 0..2   point 0 (top):     (0,0) (1,0) (1,1) (2,-1) (2,0) (2,1)
**   rows 3..9   the middle rows; row 3 has columns -4..5, of which -4..-2
**               lie in point 5, 3..5 in point 1 and -1..2 in the hexagon
**   rows 10..12 point 3 (bottom):  (10,-1) (10,0) (10,1) (11,0) (11,1) (12,0)
**
** Two seats sit on points 0 and 3: seat 0's goal is point 3, seat 1's
** point 0; points 1, 2, 4, 5 are neutral zones for both.
** Even row r: (r,c)'s lower neighbours are (r+1,c) and (r+1,c+1); odd
** row: (r+1,c-1) and (r+1,c); upper ones the same with r-1.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "referee/game.h"

static const int two[] = {0, 3};
static char why[200];

static struct rgame *game(int cap)
{
    struct rgame *g = rgame_new(3, 2, two, cap);

    cr_assert_not_null(g);
    return g;
}

static enum rgame_claim claim(struct rgame *g, long r1, long c1, long r2, long c2)
{
    why[0] = '\0';
    return rgame_claim(g, r1, c1, r2, c2, NULL, NULL, why, sizeof why);
}

/* Places seat 0 on zero[] and seat 1 on one[] (six (row, col) each). */
static void place(struct rgame *g, const long zero[6][2], const long one[6][2], int to_move, int round)
{
    int8_t owner[73];

    memset(owner, -1, sizeof owner);
    for (int i = 0; i < 6; i++) {
        int a = rgame_cell(g, zero[i][0], zero[i][1]), b = rgame_cell(g, one[i][0], one[i][1]);
        cr_assert(a >= 0 && b >= 0, "piece %d off the board", i);
        owner[a] = 0;
        owner[b] = 1;
    }
    cr_assert_eq(rgame_setup(g, owner, to_move, round), 0);
}

/* Seat 0 one step from finishing ((9,1) -> (10,1)), seat 1 too
** ((3,1) -> (2,1)). */
static const long zero_near[6][2] = {{11, 0}, {11, 1}, {12, 0}, {10, -1}, {10, 0}, {9, 1}};
static const long one_near[6][2] = {{0, 0}, {1, 0}, {1, 1}, {2, -1}, {2, 0}, {3, 1}};

Test(rules, board_of_size_3_has_73_cells_and_a_cap)
{
    struct rgame *g = game(10);

    cr_assert_eq(rgame_cells(g), 73);
    cr_assert_eq(rgame_cell(g, 3, -5), -1);
    cr_assert_eq(rgame_cell(g, 13, 0), -1);
    cr_assert_gt(rgame_default_cap(3, 2, two), 12 * 6 / 2);
    cr_assert_eq(rgame_default_cap(2, 2, two), -1);
    rgame_free(g);
}

Test(rules, a_step_and_a_hop_are_legal_and_the_turn_passes)
{
    struct rgame *g = game(10);
    long path[73][2];
    int n = 0;

    cr_assert_eq(rgame_to_move(g), 0);
    cr_assert_eq(rgame_claim(g, 1, 0, 3, 1, path, &n, why, sizeof why), RGAME_MOVED, "%s", why);
    cr_assert_eq(n, 2);
    cr_assert(path[0][0] == 1 && path[0][1] == 0 && path[1][0] == 3 && path[1][1] == 1);
    cr_assert_eq(rgame_to_move(g), 1);
    cr_assert_eq(claim(g, 10, 0, 9, 0), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_to_move(g), 0);
    rgame_free(g);
}

Test(rules, a_chain_of_two_hops_is_found_with_its_way)
{
    struct rgame *g = game(10);
    long path[73][2];
    int n = 0;

    /* (2,-1) -> (3,-1) -> (4,-1) by steps; then (1,1) hops over (2,0)
    ** onto (3,0) and on over (4,-1) onto (5,-1), all down-left. */
    cr_assert_eq(claim(g, 2, -1, 3, -1), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 10, 0, 9, 0), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 3, -1, 4, -1), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 9, 0, 8, 0), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_claim(g, 1, 1, 5, -1, path, &n, why, sizeof why), RGAME_MOVED, "%s", why);
    cr_assert_eq(n, 3);
    cr_assert(path[1][0] == 3 && path[1][1] == 0, "the chain lands on (3,0) first, not (%ld,%ld)", path[1][0],
              path[1][1]);
    rgame_free(g);
}

Test(rules, illegal_claims_say_why)
{
    struct rgame *g = game(10);

    cr_assert_eq(claim(g, 10, 0, 9, 0), RGAME_ILLEGAL);
    cr_assert(strstr(why, "not one of your pieces"), "%s", why);
    cr_assert_eq(claim(g, 2, 0, 20, 0), RGAME_ILLEGAL);
    cr_assert(strstr(why, "not a position"), "%s", why);
    cr_assert_eq(claim(g, 2, 0, 5, 0), RGAME_ILLEGAL);
    cr_assert(strstr(why, "no step or chain"), "%s", why);
    cr_assert_eq(claim(g, 2, 0, 1, 0), RGAME_ILLEGAL);
    cr_assert(strstr(why, "occupied"), "%s", why);
    cr_assert_eq(claim(g, 2, -1, 2, -1), RGAME_ILLEGAL);
    cr_assert(strstr(why, "passed with"), "%s", why);
    cr_assert_eq(rgame_to_move(g), 0, "an illegal claim changes nothing");
    rgame_free(g);
}

Test(rules, no_move_may_end_in_a_neutral_zone)
{
    struct rgame *g = game(10);

    /* (2,-1) -> (3,-1) is the hexagon; (3,-2) would be point 5. */
    cr_assert_eq(claim(g, 2, -1, 3, -1), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 10, -1, 9, -1), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 3, -1, 3, -2), RGAME_ILLEGAL);
    cr_assert(strstr(why, "neutral zone"), "%s", why);
    rgame_free(g);
}

Test(rules, the_round_is_completed_and_two_finishers_draw)
{
    struct rgame *g = game(50);
    struct rgame_result r;

    place(g, zero_near, one_near, 0, 20);
    cr_assert_eq(claim(g, 9, 1, 10, 1), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_to_move(g), 1, "seat 1 still gets its turn of the round");
    cr_assert_eq(claim(g, 3, 1, 2, 1), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_to_move(g), -1);
    rgame_result(g, &r);
    cr_assert_eq(r.end, RGAME_FINISHED);
    cr_assert_eq(r.turns, 20);
    cr_assert(r.outcome[0] == RGAME_DRAW && r.outcome[1] == RGAME_DRAW);
    cr_assert(r.rank[0] == 1 && r.rank[1] == 1);
    rgame_free(g);
}

Test(rules, one_finisher_wins)
{
    struct rgame *g = game(50);
    struct rgame_result r;

    place(g, zero_near, one_near, 0, 20);
    cr_assert_eq(claim(g, 9, 1, 10, 1), RGAME_MOVED, "%s", why);
    cr_assert_eq(claim(g, 3, 1, 3, 2), RGAME_MOVED, "%s", why);
    rgame_result(g, &r);
    cr_assert_eq(r.end, RGAME_FINISHED);
    cr_assert(r.outcome[0] == RGAME_WIN && r.outcome[1] == RGAME_LOSS);
    cr_assert(r.rank[0] == 1 && r.rank[1] == 2);
    rgame_free(g);
}

Test(rules, the_turn_cap_goes_to_the_seat_closer_to_its_goal)
{
    struct rgame *g = game(20);
    struct rgame_result r;
    /* Seat 1 parks a piece at (12,0), in seat 0's goal: seat 0 cannot
    ** finish, but the parked piece is as far from seat 1's goal as can be. */
    static const long zero_blocked[6][2] = {{11, 0}, {11, 1}, {10, 1}, {10, -1}, {10, 0}, {9, 1}};
    static const long one_parked[6][2] = {{0, 0}, {1, 0}, {1, 1}, {2, -1}, {2, 0}, {12, 0}};

    place(g, zero_blocked, one_parked, 0, 20);
    cr_assert_eq(claim(g, 9, 1, 9, 2), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_to_move(g), 1);
    cr_assert_eq(claim(g, 2, 0, 3, 0), RGAME_MOVED, "%s", why);
    rgame_result(g, &r);
    cr_assert_eq(r.end, RGAME_TURN_CAP);
    cr_assert_lt(r.distance[0], r.distance[1]);
    cr_assert(r.outcome[0] == RGAME_WIN && r.outcome[1] == RGAME_LOSS, "parking must not pay");
    rgame_free(g);
}

Test(rules, a_seat_put_out_leaves_one_winner)
{
    struct rgame *g = game(10);
    struct rgame_result r;

    cr_assert_eq(claim(g, 2, 0, 3, 0), RGAME_MOVED, "%s", why);
    rgame_out(g, 1);
    cr_assert_eq(rgame_to_move(g), -1);
    rgame_result(g, &r);
    cr_assert_eq(r.end, RGAME_ONE_LEFT);
    cr_assert(r.outcome[0] == RGAME_WIN && r.outcome[1] == RGAME_OUT);
    cr_assert(r.rank[0] == 1 && r.rank[1] == 2);
    rgame_free(g);
}

/* Seat 0 failing its Init ends the game (one left); seat 1 failing its
** own after that is out as well, and wins nothing (issue 20, section 2). */
Test(rules, a_seat_put_out_after_the_end_does_not_win)
{
    struct rgame *g = game(10);
    struct rgame_result r;

    rgame_out(g, 0);
    cr_assert_eq(rgame_to_move(g), -1);
    rgame_out(g, 1);
    cr_assert(rgame_is_out(g, 1));
    rgame_result(g, &r);
    cr_assert(r.outcome[0] == RGAME_OUT && r.outcome[1] == RGAME_OUT, "a failed seat must not win");
    rgame_free(g);
}

Test(rules, an_out_seat_is_skipped_and_ranked_last)
{
    static const int three[] = {0, 2, 4};
    struct rgame *g = rgame_new(3, 3, three, 10);
    struct rgame_result r;

    cr_assert_not_null(g);
    rgame_out(g, 1);
    cr_assert_eq(claim(g, 2, 0, 3, 0), RGAME_MOVED, "%s", why);
    cr_assert_eq(rgame_to_move(g), 2, "seat 1 is out: seat 2 moves next");
    rgame_result(g, &r);
    cr_assert_eq(r.end, RGAME_PLAYING);
    cr_assert_eq(r.outcome[1], RGAME_OUT);
    cr_assert_eq(r.rank[1], 3);
    rgame_free(g);
}

Test(rules, bad_games_are_refused)
{
    static const int same[] = {0, 0};

    cr_assert_null(rgame_new(3, 2, same, 10));
    cr_assert_null(rgame_new(64, 2, two, 10));
    cr_assert_null(rgame_new(3, 7, two, 10));
    cr_assert_null(rgame_new(3, 2, two, 0));
}
