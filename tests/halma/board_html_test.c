/*
** board_html_test.c -- the Halma board picture of the HTML report
** (grader/assignments/halma/board_html.h): reading the printed board,
** and the section drawn at a transcript's first difference.
*/
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assignments/halma/board_html.h"

/* A board as the Halma program prints it, with `piece` on (x, y) and
** white's corner pieces on (0, 0) and (1, 0). */
static char *board_text(int x, int y, char piece)
{
    static char text[4096];
    size_t n = (size_t)sprintf(text, "  ");
    for (int c = 0; c < 16; c++)
        n += (size_t)sprintf(text + n, "%3d", c);
    n += (size_t)sprintf(text + n, " \n");
    for (int r = 0; r < 16; r++) {
        n += (size_t)sprintf(text + n, "%2d ", r);
        for (int c = 0; c < 16; c++) {
            char cell = (r == 0 && c < 2) ? 'W' : (r == y && c == x) ? piece : '.';
            n += (size_t)sprintf(text + n, " %c ", cell);
        }
        n += (size_t)sprintf(text + n, "\n");
    }
    return text;
}

static char *section(const char *want, const char *got, const char *move)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    cr_assert_not_null(out);
    halma_board_section(out, want, got, move);
    fclose(out);
    return text;
}

Test(halma_board, parses_pieces_empty_squares_and_junk)
{
    struct halma_board b;
    cr_assert_eq(halma_board_parse(board_text(5, 7, 'R'), &b), 16);
    cr_assert_eq(b.cell[0][0], 'W');
    cr_assert_eq(b.cell[0][1], 'W');
    cr_assert_eq(b.cell[7][5], 'R');
    cr_assert_eq(b.cell[15][15], '.');
    cr_assert_eq(halma_board_parse(board_text(3, 3, 'x'), &b), 16);
    cr_assert_eq(b.cell[3][3], '?', "a character no player has reads as '?'");
    cr_assert_eq(halma_board_parse("header\n 0  W", &b), 1);
    cr_assert_eq(b.cell[0][0], 'W');
    cr_assert_eq(b.cell[0][5], '?', "a short row reads as '?' past its end");
    cr_assert_eq(halma_board_parse(NULL, &b), 0);
}

Test(halma_board, marks_differences_and_draws_the_move)
{
    char want[4096];
    strcpy(want, board_text(5, 7, 'B'));
    char *s = section(want, board_text(6, 7, 'B'), "move 3: `5 6 5 7`, input line 2");
    cr_assert_not_null(strstr(s, "id=\"board-expected\""), "%s", s);
    cr_assert_not_null(strstr(s, "id=\"board-actual\""));
    cr_assert_not_null(strstr(s, "(5, 7): expected black, yours has empty"), "%s", s);
    cr_assert_not_null(strstr(s, "(6, 7): expected empty, yours has black"));
    cr_assert_not_null(strstr(s, "class=\"ring\""));
    cr_assert_not_null(strstr(s, "class=\"arrow\""), "the move parses and is drawn");
    free(s);
    /* The same boards: no ring; a move off the board: no arrow. */
    s = section(want, want, "move 1: `5 6 5 16`, input line 1");
    cr_assert_null(strstr(s, "class=\"ring\""));
    cr_assert_null(strstr(s, "class=\"arrow\""));
    cr_assert_not_null(strstr(s, "The two boards are the same"));
    free(s);
}

Test(halma_board, a_side_without_a_board_says_so)
{
    char *s = section(board_text(0, 5, 'G'), NULL, NULL);
    cr_assert_not_null(strstr(s, "id=\"board-expected\""));
    cr_assert_null(strstr(s, "id=\"board-actual\""));
    cr_assert_not_null(strstr(s, "Your program printed no board after this point."));
    free(s);
}
