/*
** hidden/choose_move.c -- hidden unit tests of choose_move: a best move on
** played positions with the secret evaluation at depths 1..3; no move at
** a leaf; games won against the kit's greedy player, as WHITE and as
** BLACK.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(choose_move, played_positions_secret_evaluation)
{
    gs_position p;
    char what[64];

    eval_new_key();
    for (unsigned seed = 1; seed <= 6; seed++) {
        pos_played(&p, seed, 9 + 4 * (int)seed);
        snprintf(what, sizeof what, "position %u (%d plies played)", seed, 9 + 4 * (int)seed);
        check_choose(&p, 1, eval_secret, what, NULL);
        check_choose(&p, 2, eval_secret, what, NULL);
        if (seed <= 3)
            check_choose(&p, 3, eval_secret, what, NULL);
    }
}

GRADED_TEST(choose_move, no_move_at_a_leaf)
{
    gs_position p, copy;
    gs_move m = {0, 0};

    pos_white_won(&p);
    copy = p;
    int v = choose_move(&p, 2, eval_plain, &m);
    cr_assert_eq(v, GS_WIN, "choose_move(a game WHITE has won) returned %d, not eval's %d", v,
                 GS_WIN);
    cr_assert(m.from == GS_NO_CELL && m.to == GS_NO_CELL, "choose_move(a game WHITE has won) "
              "chose cells %d -> %d, not GS_NO_CELL twice", m.from, m.to);
    cr_assert(pos_equal(&p, &copy), "choose_move(a game WHITE has won) changed the position");
}

/* Plays one game: the student's choose_move at depth 2 for `side`, with
** eval_game, against the greedy player, after `opening` plies of moves
** drawn by a seeded generator.  Every move chosen must be a best one (its
** value, by the kit's own search, the position's).  eval_game ties no two
** moves on these games' paths (checked when the games were chosen, and
** depth 2 has no transpositions), so every correct choose_move plays the
** very same games as the reference, which wins all eight.  Returns the
** winner (GS_EMPTY: none in 200 moves a side). */
static int game(int side, int opening)
{
    gs_position p;
    gs_move moves[GS_MAX_MOVES];
    unsigned state = (unsigned)opening * 2654435761u + 99u;

    pos_start(&p);
    for (int ply = 0; ply < 400 && rules_winner(&p) == GS_EMPTY; ply++) {
        gs_move m = greedy_move(&p);
        if (ply < opening) {
            state = state * 1103515245u + 12345u;
            m = moves[(state >> 8) % (unsigned)rules_moves(&p, moves)];
        } else if (p.side == side) {
            gs_position copy = p;
            choose_move(&copy, 2, eval_game, &m);
            cr_assert(m.from < GS_CELLS && m.to < GS_CELLS && rules_is_move(&p, m),
                      "in a game against the greedy player, ply %d: choose_move chose cells "
                      "%d -> %d, not a move\n%s", ply + 1, m.from, m.to, pos_text(&p));
            copy = p;
            int best = yardstick_alphabeta(&copy, 2, eval_game);
            rules_play(&copy, m);
            int worth = yardstick_alphabeta(&copy, 1, eval_game);
            cr_assert_eq(worth, best, "in a game against the greedy player, ply %d: choose_move "
                         "chose %c%c-%c%c, worth %d at depth 2; the best move is worth %d\n%s",
                         ply + 1, 'a' + m.from % 8, '1' + m.from / 8, 'a' + m.to % 8,
                         '1' + m.to / 8, worth, best, pos_text(&p));
        }
        rules_play(&p, m);
    }
    return rules_winner(&p);
}

/* Four games with `side`, after openings of 0, 2, 4 and 6 plies: all
** four must be won. */
static void match(int side)
{
    int wins = 0;
    char results[8] = "....";

    for (int g = 0; g < 4; g++) {
        int w = game(side, 2 * g);
        wins += w == side;
        results[g] = w == side ? 'W' : w == GS_EMPTY ? 'd' : 'L';
    }
    cr_assert_eq(wins, 4, "playing %s at depth 2 against the greedy player, choose_move won %d "
                 "of 4 games (%s: W won, L lost, d nobody won in 200 moves)",
                 side == GS_WHITE ? "WHITE" : "BLACK", wins, results);
}

GRADED_TEST(choose_move, beats_greedy_as_white)
{
    match(GS_WHITE);
}

GRADED_TEST(choose_move, beats_greedy_as_black)
{
    match(GS_BLACK);
}
