/*
** main_forges.c -- a deliberately bad submission for
** tests/chinese-checkers/unit.test.sh: a check_neighbor that always gives
** the wrong answer, and a main() that, were it the unit-test binary's
** main instead of Criterion's, would read the nonce from stdin and print
** PASS lines for the tests of check_neighbor.  The grader renames a
** submission's main to student_main, which nothing calls; vet-binary.sh
** also refuses a binary whose main is the submission's.
*/
#include <stdio.h>
#include <unistd.h>

#include "chinese-checkers.h"

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - x_from, dy = (long long)y_to - y_from;
    int right = ((dx == 2 || dx == -2) && dy == 0)
                || ((dx == 1 || dx == -1) && (dy == 1 || dy == -1));

    return right ? INVALID_MOVE : VALID_MOVE;
}

int main(void)
{
    char nonce[80];
    size_t len = 0;
    char c;

    while (len < sizeof nonce - 1 && read(0, &c, 1) == 1 && c != '\n')
        nonce[len++] = c;
    nonce[len] = '\0';
    printf("\n%s PASS check_neighbor/answer_ignores_board_contents\n", nonce);
    printf("%s PASS check_neighbor/non_neighbour_offsets_are_rejected\n", nonce);
    return 0;
}
