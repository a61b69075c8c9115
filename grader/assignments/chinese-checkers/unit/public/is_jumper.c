/*
** public/is_jumper.c -- public unit tests of is_jumper: the header's
** example (the only jump leads back where the marble came from) and the
** same jump with a second marble to jump over.  Each test checks both
** answers of a close pair, so that a function returning the same answer
** every time passes neither.
*/
#include "graded_test.h"
#include "support.h"

/* The starting board after red's jump from (10,2) over (11,3) to (12,4). */
static void after_first_jump(void)
{
    board_start();
    board_put(10, 2, EM);
    board_put(12, 4, RE);
}

GRADED_TEST(is_jumper, jump_back_to_start_does_not_count)
{
    after_first_jump();
    assert_jumper(14, 6, 12, 4, TRUE,
                  "anchor: the same board, had it come from (14,6): the jump over (11,3) "
                  "to the empty (10,2) would count");
    assert_jumper(10, 2, 12, 4, FALSE,
                  "red jumped 10 2 -> 12 4; its only jump is back over (11,3) to (10,2)");
}

GRADED_TEST(is_jumper, onward_jump_is_true)
{
    after_first_jump();
    board_put(13, 5, GR);
    assert_jumper(10, 2, 12, 4, TRUE,
                  "red jumped 10 2 -> 12 4; green at (13,5) can be jumped to the empty (14,6)");
    board_put(13, 5, EM);
    assert_jumper(10, 2, 12, 4, FALSE,
                  "the same without green at (13,5): only the jump back to (10,2) is left");
}
