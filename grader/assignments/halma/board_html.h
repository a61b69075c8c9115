/*
** board_html.h -- the Halma board in the HTML report: the 16x16 squares
** drawn from the text board the program prints (assignment.h's
** board_section for this assignment).
*/
#ifndef HALMA_BOARD_HTML_H
#define HALMA_BOARD_HTML_H

#include <stdio.h>

enum { HALMA_SIDE = 16 };

/* A board as printed: a header line, then rows "%2d " + 16 cells of three
** characters.  Each cell is 'W', 'B', 'R', 'G' (a piece of player 0..3),
** '.' (empty) or '?' (anything else, or a row the text lacks). */
struct halma_board {
    char cell[HALMA_SIDE][HALMA_SIDE];
    int rows;                /* rows found in the text, 0..16             */
};

/* Parses the text of a board; returns b->rows. */
int halma_board_parse(const char *text, struct halma_board *b);

/* The boards at the first difference (assignment_board_fn): the expected
** and the actual board side by side as SVG grids, the differing squares
** outlined, the move (when it parses: four numbers 0..15 between
** backquotes) drawn as an arrow, and the differences in words. */
void halma_board_section(FILE *out, const char *expected, const char *actual,
                         const char *move);

#endif /* HALMA_BOARD_HTML_H */
