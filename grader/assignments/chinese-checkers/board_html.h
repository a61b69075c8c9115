/*
** board_html.h -- the Chinese Checkers board in the HTML report: the star
** drawn from the text board the game prints (assignment.h's
** board_section for this assignment).
*/
#ifndef CC_BOARD_HTML_H
#define CC_BOARD_HTML_H

#include <stdio.h>


enum { CC_BOARD_ROWS = 17, CC_BOARD_COLS = 25 };

/* A board as printed: header line, then rows "%2d " + 25 cells of three
** characters.  Each cell is 'R', 'G', '-' (an empty space), ' ' (not a
** space of the star) or '?' (anything else the program printed). */
struct cc_board {
    char cell[CC_BOARD_ROWS][CC_BOARD_COLS];
    int rows;                /* rows found in the text, 0..17             */
};

/* Parses the 18-line text of a board; lines past the text read as rows
** of no spaces.  Returns b->rows. */
int cc_board_parse(const char *text, struct cc_board *b);

/* Reads the four numbers "FROM_X FROM_Y TO_X TO_Y" between the first pair
** of backquotes of a move description ("move 3: `11 3 12 4`, input line
** 2") into m; returns 0, or -1 unless there are exactly four numbers that
** are all on the board (x 0..24, y 0..16). */
int cc_move_parse(const char *move, int m[4]);

/* The "board at the first difference" block: the expected board and the
** actual one (either text may be NULL) side by side as SVG star boards,
** the differing cells ringed, the move drawn as an arrow when it parses,
** and a list of the differences in words. */
void cc_board_section(FILE *out, const char *expected, const char *actual,
                      const char *move);

#endif /* CC_BOARD_HTML_H */
