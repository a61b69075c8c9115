/*
** public/choose_move.c -- public unit test of choose_move: a best move at
** the start at depths 1 and 2, and the winning move when one move wins.
*/
#include "graded_test.h"
#include "support.h"

GRADED_TEST(choose_move, start_and_a_winning_move)
{
    gs_position p;

    pos_start(&p);
    check_choose(&p, 1, eval_plain, "the start", NULL);
    check_choose(&p, 2, eval_plain, "the start", NULL);
    /* WHITE has nine pieces in its goal; e6-f7 brings the tenth. */
    pos_from_text(&p, "........"
                      "........"
                      "BB......"
                      "BB......"
                      "BB.....W"
                      "BB..W.WW"
                      "B.....WW"
                      "B...WWWW", GS_WHITE);
    check_choose(&p, 1, eval_plain, "WHITE one move from winning", NULL);
}
