/*
** board-svg.c -- writes handout/halma/board.svg, the handout's picture of
** the 16 x 16 board with its starting camps, to standard output.
**
** Build and run (from the repository root):
**     gcc -std=c11 -Wall -Wextra -Wpedantic -o build/halma-board-svg handout/halma/board-svg.c
**     build/halma-board-svg > handout/halma/board.svg
**
** Two boards side by side: the 2-player start (camps of 19 squares, rows
** of 5 5 4 3 2 from the corner) and the 4-player start (camps of 13, rows
** of 4 4 3 2).  x, the column, runs across the top and y, the row, down
** the side, as in halma.h; the four corner squares carry their square
** numbers (0, 15, 240, 255) so that SQUARE(x, y) = 16 * y + x can be read
** off the picture.  The output depends on nothing but this file.
*/
#include <stdio.h>

#define SIDE 16
#define CELL 22.0                   /* a square, in SVG user units       */
#define MARGIN_LEFT 40.0            /* room for the row numbers          */
#define MARGIN_TOP 64.0             /* room for the title and x numbers  */
#define PANEL_GAP 48.0
#define PANEL_WIDTH (MARGIN_LEFT + SIDE * CELL)
#define WIDTH (2 * PANEL_WIDTH + PANEL_GAP + 16.0)
#define HEIGHT (MARGIN_TOP + SIDE * CELL + 70.0)

/* The players' colours: WHITE, BLACK, RED, GREEN. */
static const char *const fill[4] = {"#ffffff", "#222222", "#d62828", "#2a9d4a"};
static const char *const tint[4] = {"#e8e8e8", "#bdbdbd", "#f6c9c9", "#c8ebd2"};
static const char *const name[4] = {"WHITE (W)", "BLACK (B)", "RED (R)", "GREEN (G)"};

/* Corners: which of x and y each player's camp mirrors (halma.h). */
static const int mirror_x[4] = {0, 1, 1, 0};
static const int mirror_y[4] = {0, 1, 0, 1};

/* The player whose camp holds (x, y) in a game of `players`, or -1. */
static int camp_of(int players, int x, int y)
{
    static const int rows_two[] = {5, 5, 4, 3, 2, 0};
    static const int rows_four[] = {4, 4, 3, 2, 0};
    const int *rows = players == 4 ? rows_four : rows_two;

    for (int p = 0; p < players; p++) {
        int cx = mirror_x[p] ? SIDE - 1 - x : x, cy = mirror_y[p] ? SIDE - 1 - y : y;
        for (int r = 0; rows[r] != 0; r++)
            if (r == cy && cx < rows[r])
                return p;
    }
    return -1;
}

/* Draws one board, its left edge at `left`. */
static void panel(double left, int players, const char *title)
{
    double top = MARGIN_TOP, x0 = left + MARGIN_LEFT;

    printf("<text x=\"%.1f\" y=\"20\" font-size=\"15\" font-weight=\"bold\""
           " text-anchor=\"middle\">%s</text>\n", x0 + SIDE * CELL / 2, title);
    printf("<g font-size=\"10\" fill=\"#333333\" text-anchor=\"middle\">\n");
    for (int i = 0; i < SIDE; i++) {
        printf("<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", x0 + (i + 0.5) * CELL, top - 8, i);
        printf("<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", x0 - 12, top + (i + 0.5) * CELL + 3.5, i);
    }
    printf("</g>\n");
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int p = camp_of(players, x, y);
            double cx = x0 + x * CELL, cy = top + y * CELL;
            printf("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\""
                   " stroke=\"#999999\" stroke-width=\"0.8\"/>\n",
                   cx, cy, CELL, CELL, p < 0 ? "#ffffff" : tint[p]);
            if (p >= 0)
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\""
                       " stroke=\"#222222\" stroke-width=\"1\"/>\n",
                       cx + CELL / 2, cy + CELL / 2, CELL * 0.33, fill[p]);
        }
    /* The corner squares' numbers, under the board. */
    printf("<g font-size=\"10\" fill=\"#1f5fbf\">\n");
    printf("<text x=\"%.1f\" y=\"%.1f\">square 0 = (0, 0), top left</text>\n", x0, top + SIDE * CELL + 16);
    printf("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">square 15 = (15, 0), top right</text>\n",
           x0 + SIDE * CELL, top + SIDE * CELL + 16);
    printf("<text x=\"%.1f\" y=\"%.1f\">square 240 = (0, 15), bottom left</text>\n", x0, top + SIDE * CELL + 30);
    printf("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">square 255 = (15, 15), bottom right</text>\n",
           x0 + SIDE * CELL, top + SIDE * CELL + 30);
    printf("</g>\n");
}

static void legend(void)
{
    double y = MARGIN_TOP + SIDE * CELL + 56, x = MARGIN_LEFT;

    printf("<g font-size=\"12\" fill=\"#222222\">\n");
    for (int p = 0; p < 4; p++, x += 180)
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"%s\" stroke=\"#222222\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">player %d, %s</text>\n",
               x, y - 4, fill[p], x + 12, y, p, name[p]);
    printf("</g>\n");
}

int main(void)
{
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
           " viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
           WIDTH, HEIGHT, WIDTH, HEIGHT);
    printf("<title>The Halma board at the start: 2 players (camps of 19) and"
           " 4 players (camps of 13); x = column across the top, y = row down the side</title>\n");
    printf("<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", WIDTH, HEIGHT);
    panel(0, 2, "2 players: camps of 19");
    panel(PANEL_WIDTH + PANEL_GAP, 4, "4 players: camps of 13");
    legend();
    printf("</svg>\n");
    return 0;
}
