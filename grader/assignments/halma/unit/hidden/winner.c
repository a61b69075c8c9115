/*
** hidden/winner.c -- graded unit tests of winner: each player, of two and
** of four, wins when its pieces fill every square of its goal (the camp
** opposite); a goal full of another colour, a goal with one piece of
** another colour or one square empty wins nothing; the goal's shape is the
** one of the board's player count; the answer comes from the bitsets, not
** from the piece lists.
**
** Boards: the pieces a test does not place itself stand on rows 5 to 10,
** which belong to no camp.  Each test has a board with a winner and one
** without.
*/
#include <stdio.h>

#include "graded_test.h"
#include "support.h"

static int in_camp(const h_board *b, int player, int s)
{
    return camp_has(b->players, player, s % BOARD_SIDE, s / BOARD_SIDE);
}

/* Puts pieces of `player` on the camp of `camp`, at most `count`, in
** increasing order of the squares, skipping square `skip`. */
static void fill_camp(h_board *b, int player, int camp, int count, int skip)
{
    for (int s = 0; s < SQUARES && count > 0; s++)
        if (in_camp(b, camp, s) && s != skip) {
            board_put(b, player, s);
            count--;
        }
}

/* Puts every piece of `player` not yet on the board on the first empty
** squares of rows 5 to 10. */
static void park_the_rest(h_board *b, int player)
{
    int placed = 0;

    for (int s = 0; s < SQUARES; s++)
        placed += board_player_at(b, s) == player;
    for (int s = SQUARE(0, 5); s < SQUARE(0, 11) && placed < b->pieces; s++)
        if (board_player_at(b, s) == NO_PLAYER) {
            board_put(b, player, s);
            placed++;
        }
}

static void park_everyone(h_board *b)
{
    for (int p = 0; p < b->players; p++)
        park_the_rest(b, p);
}

/* b := `winner`'s pieces on its whole goal, everyone else parked. */
static void goal_filled(h_board *b, int players, int winner)
{
    board_blank(b, players);
    fill_camp(b, winner, goal_of(winner), b->pieces, -1);
    park_everyone(b);
}

/* The first square of the goal of `player`. */
static int first_goal_square(const h_board *b, int player)
{
    for (int s = 0; s < SQUARES; s++)
        if (in_camp(b, goal_of(player), s))
            return s;
    return -1;
}

static void check_each_player(int players)
{
    for (int p = 0; p < players; p++) {
        h_board b;
        char why[96];

        goal_filled(&b, players, p);
        snprintf(why, sizeof why, "%d players; %s's pieces fill its goal", players, player_name(p));
        assert_winner(&b, p, why);
        board_move(&b, first_goal_square(&b, p), SQUARE(8, 12));
        snprintf(why, sizeof why, "%d players; the same but one %s piece moved out to (8,12)",
                 players, player_name(p));
        assert_winner(&b, NO_PLAYER, why);
    }
}

GRADED_TEST(winner, each_of_two_players)
{
    check_each_player(2);
}

GRADED_TEST(winner, each_of_four_players)
{
    check_each_player(4);
}

GRADED_TEST(winner, a_goal_full_of_another_colour)
{
    for (int players = 2; players <= 4; players += 2)
        for (int p = 0; p < players; p++)
            for (int q = 0; q < players; q++) {
                h_board b;
                char why[128];

                if (q == p)
                    continue;
                goal_filled(&b, players, p);
                snprintf(why, sizeof why, "anchor: %d players; %s fills its goal", players,
                         player_name(p));
                assert_winner(&b, p, why);
                /* q fills p's goal instead (q's own goal stays empty). */
                board_blank(&b, players);
                fill_camp(&b, q, goal_of(p), b.pieces, -1);
                park_everyone(&b);
                snprintf(why, sizeof why, "%d players; %s's pieces fill the goal of %s",
                         players, player_name(q), player_name(p));
                assert_winner(&b, NO_PLAYER, why);
            }
}

GRADED_TEST(winner, one_piece_of_another_colour_in_the_goal)
{
    for (int players = 2; players <= 4; players += 2) {
        h_board b;
        int intruder = players == 2 ? WHITE : RED, p = BLACK, goal = goal_of(BLACK);

        goal_filled(&b, players, p);
        assert_winner(&b, p, "anchor: BLACK fills its goal");
        /* Each square of the goal in turn holds the intruder's piece. */
        for (int s = 0; s < SQUARES; s++) {
            char why[128];

            if (!in_camp(&b, goal, s))
                continue;
            board_blank(&b, players);
            board_put(&b, intruder, s);
            fill_camp(&b, p, goal, b.pieces - 1, s);
            park_everyone(&b);
            snprintf(why, sizeof why, "%d players; BLACK's goal full, but %s holds %s", players,
                     square_name(s), player_name(intruder));
            assert_winner(&b, NO_PLAYER, why);
        }
    }
}

GRADED_TEST(winner, one_square_of_the_goal_empty)
{
    for (int players = 2; players <= 4; players += 2) {
        int p = players == 2 ? BLACK : GREEN;
        h_board b;

        goal_filled(&b, players, p);
        assert_winner(&b, p, "anchor: the goal filled");
        for (int s = 0; s < SQUARES; s++) {
            char why[128];

            if (!in_camp(&b, goal_of(p), s))
                continue;
            board_blank(&b, players);
            fill_camp(&b, p, goal_of(p), b.pieces - 1, s);
            park_everyone(&b);
            snprintf(why, sizeof why, "%d players; %s's goal full but for %s, its last piece "
                     "outside", players, player_name(p), square_name(s));
            assert_winner(&b, NO_PLAYER, why);
        }
    }
}

GRADED_TEST(winner, the_goal_is_the_camp_of_the_player_count)
{
    h_board b;

    /* WHITE on the 13 squares of BLACK's 4-player camp. */
    goal_filled(&b, 4, WHITE);
    assert_winner(&b, WHITE, "4 players; WHITE on the 13 squares of BLACK's camp");
    board_blank(&b, 2);
    for (int s = 0; s < SQUARES; s++)
        if (camp_has(4, BLACK, s % BOARD_SIDE, s / BOARD_SIDE))
            board_put(&b, WHITE, s);
    park_everyone(&b);
    assert_winner(&b, NO_PLAYER, "2 players; WHITE on the 13 squares of the 4-player camp "
                  "only; the 2-player goal has 19");
}

GRADED_TEST(winner, reads_the_bitsets_not_the_lists)
{
    h_board b;

    /* The bitsets say WHITE fills its goal; the lists say nothing of it. */
    goal_filled(&b, 2, WHITE);
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < PIECES_TWO_PLAYERS; i++)
            b.position[p][i] = (unsigned char)SQUARE(i % BOARD_SIDE, 6 + p);
    assert_winner(&b, WHITE, "WHITE fills its goal in the bitsets; the lists name rows 6 and 7");
    /* The start in the bitsets; WHITE's list names BLACK's camp. */
    board_start(&b, 2);
    for (int i = 0; i < PIECES_TWO_PLAYERS; i++)
        b.position[WHITE][i] = b.position[BLACK][i];
    assert_winner(&b, NO_PLAYER, "the start in the bitsets; WHITE's list names BLACK's camp");
}
