/*
** board-svg.c -- writes handout/chinese-checkers/board.svg, the picture of the starting
** board used in the handout, to standard output.
**
** Build and run (from the repository root):
**     gcc -std=c11 -Wall -Wextra -Wpedantic -o build/board-svg handout/chinese-checkers/board-svg.c
**     build/board-svg > handout/chinese-checkers/board.svg
**
** The picture uses the same coordinates as the program: x is the column
** (0..24), y is the row (0..16).  Columns are HALF a space apart and rows
** are sqrt(3)/2 spaces apart, so every space has six neighbours at the
** same distance and the star comes out with its true shape.  The centre
** (12, 8) and its six neighbours are ringed in blue, as in the handout's
** neighbour example.  The output depends on nothing but this file.
*/
#include <stdio.h>
#include <stdlib.h>

#define COLS 25
#define ROWS 17

/* Layout, in SVG user units. */
#define COL_STEP 22.0              /* distance between columns x and x+1 */
#define ROW_STEP 38.105            /* COL_STEP * sqrt(3): rows y and y+1 */
#define LEFT 64.0                  /* centre of column 0                 */
#define TOP 78.0                   /* centre of row 0                    */
#define RADIUS 9.0                 /* a space                            */
#define WIDTH (LEFT + 24 * COL_STEP + 40.0)
#define HEIGHT (TOP + 16 * ROW_STEP + 118.0)

enum cell { DEAD, RED, GREEN, EMPTY };

/* Is (x, y) one of the 121 spaces of the star? */
static int is_space(int x, int y)
{
    int off = abs(x - 12);
    if ((x + y) % 2 != 0)
        return 0;
    return (y <= 12 && off <= y) || (y >= 4 && off <= 16 - y);
}

static enum cell start_cell(int x, int y)
{
    if (!is_space(x, y))
        return DEAD;
    if (y <= 3)
        return RED;
    if (y >= 13)
        return GREEN;
    return EMPTY;
}

static double px(int x) { return LEFT + x * COL_STEP; }
static double py(int y) { return TOP + y * ROW_STEP; }

static int in_array(int x, int y)
{
    return x >= 0 && x < COLS && y >= 0 && y < ROWS;
}

/* Is (x, y) the centre (12, 8) or one of its six neighbours? */
static int ringed(int x, int y)
{
    static const int dx[7] = {0, -2, 2, -1, 1, -1, 1};
    static const int dy[7] = {0, 0, 0, -1, -1, 1, 1};
    for (int i = 0; i < 7; i++)
        if (x == 12 + dx[i] && y == 8 + dy[i])
            return 1;
    return 0;
}

int main(void)
{
    /* Only the three "forward" directions, so each line is drawn once. */
    static const int line_dx[3] = {2, 1, -1};
    static const int line_dy[3] = {0, 1, 1};

    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
           " viewBox=\"0 0 %.0f %.0f\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n",
           WIDTH, HEIGHT, WIDTH, HEIGHT);
    printf("<title>The starting board: a 25 by 17 array, x = column across the top,"
           " y = row down the side</title>\n");
    printf("<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n",
           WIDTH, HEIGHT);

    /* Axis titles. */
    printf("<text x=\"%.1f\" y=\"18\" font-size=\"14\" text-anchor=\"middle\""
           " font-weight=\"bold\">x (column) \xe2\x86\x92</text>\n", px(12));
    printf("<text x=\"16\" y=\"%.1f\" font-size=\"14\" text-anchor=\"middle\""
           " font-weight=\"bold\" transform=\"rotate(-90 16 %.1f)\">"
           "y (row) \xe2\x86\x92</text>\n", py(8), py(8));

    /* Column and row numbers. */
    printf("<g font-size=\"11\" fill=\"#333333\" text-anchor=\"middle\">\n");
    for (int x = 0; x < COLS; x++)
        printf("<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", px(x), TOP - 30.0, x);
    printf("</g>\n<g font-size=\"11\" fill=\"#333333\" text-anchor=\"end\">\n");
    for (int y = 0; y < ROWS; y++)
        printf("<text x=\"%.1f\" y=\"%.1f\">%d</text>\n", LEFT - 22.0, py(y) + 4.0, y);
    printf("</g>\n");

    /* Lines joining neighbouring spaces. */
    printf("<g stroke=\"#c8c8c8\" stroke-width=\"1.5\">\n");
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < COLS; x++) {
            if (!is_space(x, y))
                continue;
            for (int d = 0; d < 3; d++) {
                int nx = x + line_dx[d], ny = y + line_dy[d];
                if (in_array(nx, ny) && is_space(nx, ny))
                    printf("<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                           px(x), py(y), px(nx), py(ny));
            }
        }
    printf("</g>\n");

    /* Every cell of the array: a small dot for DA, a circle for a space. */
    for (int y = 0; y < ROWS; y++)
        for (int x = 0; x < COLS; x++) {
            switch (start_cell(x, y)) {
            case DEAD:
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"#b0b0b0\"/>\n",
                       px(x), py(y));
                break;
            case RED:
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#d62828\""
                       " stroke=\"#7a1010\" stroke-width=\"1.2\"/>\n", px(x), py(y), RADIUS);
                break;
            case GREEN:
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#2a9d4a\""
                       " stroke=\"#125a26\" stroke-width=\"1.2\"/>\n", px(x), py(y), RADIUS);
                break;
            case EMPTY:
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#ffffff\""
                       " stroke=\"#777777\" stroke-width=\"1.2\"/>\n", px(x), py(y), RADIUS);
                break;
            }
            if (ringed(x, y))
                printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\""
                       " stroke=\"#1f5fbf\" stroke-width=\"2.5\"%s/>\n",
                       px(x), py(y), RADIUS + 3.5,
                       x == 12 && y == 8 ? "" : " stroke-dasharray=\"4 2\"");
        }

    /* Legend. */
    {
        double ly = py(16) + 52.0, lx = LEFT;
        printf("<g font-size=\"12\" fill=\"#222222\">\n");
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#d62828\" stroke=\"#7a1010\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">RE (R)</text>\n", lx, ly, lx + 12, ly + 4);
        lx += 82;
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#2a9d4a\" stroke=\"#125a26\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">GR (G)</text>\n", lx, ly, lx + 12, ly + 4);
        lx += 82;
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"#ffffff\" stroke=\"#777777\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">EM (-)</text>\n", lx, ly, lx + 12, ly + 4);
        lx += 82;
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.6\" fill=\"#b0b0b0\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">DA (not a space)</text>\n", lx, ly, lx + 8, ly + 4);
        lx = LEFT;
        ly += 26.0;
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"none\" stroke=\"#1f5fbf\""
               " stroke-width=\"2\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">the centre, (12,8)</text>\n",
               lx, ly, lx + 12, ly + 4);
        lx += 164;
        printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"none\" stroke=\"#1f5fbf\""
               " stroke-width=\"2\" stroke-dasharray=\"4 2\"/>"
               "<text x=\"%.1f\" y=\"%.1f\">its six neighbours</text>\n",
               lx, ly, lx + 12, ly + 4);
        printf("</g>\n");
    }
    printf("</svg>\n");
    return 0;
}
