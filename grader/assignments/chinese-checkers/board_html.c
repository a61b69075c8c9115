/*
** board_html.c -- the star board as a picture (board_html.h): parses the
** 18-line text board the game prints and draws it as inline SVG, each
** space a circle at its true place on the triangular grid.  Neighbours
** in a row are two columns apart and the rows are shifted by one column,
** so a row must be sqrt(3) column widths high for all six neighbours to
** be equally far: the star comes out regular.  Used by the student
** report at the first transcript mismatch: expected and actual boards
** side by side, the differing cells ringed, the move as an arrow.
*/
#include "board_html.h"

#include "../../report/html/html.h"

#include <math.h>
#include <string.h>

/* Layout in pixels: column width, row height (COL * sqrt(3)), marble
** radius, and the margins that hold the coordinate labels. */
#define COL     16.0
#define ROW     27.712812921102035
#define RADIUS  11.0
#define HEAD    9.0          /* length of the move arrow's head */
#define LEFT    34.0
#define TOP     44.0
#define WIDTH   (LEFT + 24 * COL + 22)
#define HEIGHT  (TOP + 16 * ROW + 22)

static double cell_x(int col) { return LEFT + col * COL; }
static double cell_y(int row) { return TOP + row * ROW; }

/* One line of a board into row `row`: the cell of column c is the middle
** character of the 3 after the row's "%2d " label. */
static void parse_row(struct cc_board *b, int row, const char *line,
                      size_t len)
{
    int c;

    for (c = 0; c < CC_BOARD_COLS; c++) {
        size_t at = 3 + 3 * (size_t)c + 1;
        char ch = at < len ? line[at] : ' ';

        b->cell[row][c] = strchr("RG- ", ch) != NULL && ch != '\0' ? ch : '?';
    }
}

int cc_board_parse(const char *text, struct cc_board *b)
{
    int line = 0;

    memset(b->cell, ' ', sizeof b->cell);
    b->rows = 0;
    while (text != NULL && *text != '\0' && b->rows < CC_BOARD_ROWS) {
        size_t len = strcspn(text, "\n");

        if (line++ > 0)          /* the first line is the column header */
            parse_row(b, b->rows++, text, len);
        text += len + (text[len] == '\n');
    }
    return b->rows;
}

int cc_move_parse(const char *move, int m[4])
{
    const char *p = move ? strchr(move, '`') : NULL;
    int k;

    if (p == NULL || strchr(p + 1, '`') == NULL)
        return -1;
    for (k = 0, p++; k < 4; k++) {
        long v = 0;
        int digits = 0;

        while (*p == ' ')
            p++;
        for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++)
            v = v * 10 + (*p - '0');
        if (digits == 0 || (*p >= '0' && *p <= '9') ||
            v > (k % 2 == 0 ? CC_BOARD_COLS - 1 : CC_BOARD_ROWS - 1))
            return -1;
        m[k] = (int)v;
    }
    while (*p == ' ')
        p++;
    return *p == '`' ? 0 : -1;
}

/* The words and CSS class of a cell's content. */
static const char *cell_name(char c)
{
    return c == 'R' ? "red marble" : c == 'G' ? "green marble"
         : c == '-' ? "empty" : c == ' ' ? "no space" : "something else";
}

static const char *cell_class(char c)
{
    return c == 'R' ? "red" : c == 'G' ? "green" : c == '-' ? "empty"
         : c == ' ' ? "none" : "other";
}

/* The two triangles of the hexagram, a little outside the outer cells. */
static void draw_star(FILE *out)
{
    static const int tips[2][3][2] = {
        { { 12, 0 }, { 0, 12 }, { 24, 12 } },
        { { 12, 16 }, { 0, 4 }, { 24, 4 } },
    };
    /* Every tip is 8 rows (8 * ROW pixels) from the centre (12, 8). */
    double grow = (8 * ROW + 20) / (8 * ROW), mx = cell_x(12), my = cell_y(8);
    int t, k;

    for (t = 0; t < 2; t++) {
        fputs("<polygon class=\"star\" points=\"", out);
        for (k = 0; k < 3; k++)
            fprintf(out, "%s%.1f,%.1f", k ? " " : "",
                    mx + (cell_x(tips[t][k][0]) - mx) * grow,
                    my + (cell_y(tips[t][k][1]) - my) * grow);
        fputs("\"/>\n", out);
    }
}

static void draw_labels(FILE *out)
{
    int i;

    for (i = 0; i < CC_BOARD_COLS; i++)
        fprintf(out, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\">%d</text>",
                cell_x(i), TOP - 27, i);
    fputc('\n', out);
    for (i = 0; i < CC_BOARD_ROWS; i++)
        fprintf(out, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\">%d</text>",
                LEFT - 24, cell_y(i) + 4, i);
    fputc('\n', out);
}

/* One cell of `b`, drawn when either board has a space or something
** there; ringed when `other` is given and differs. */
static void draw_cell(FILE *out, const struct cc_board *b,
                      const struct cc_board *other, int r, int c)
{
    char mine = b->cell[r][c], theirs = other ? other->cell[r][c] : ' ';

    if (mine == ' ' && theirs == ' ')
        return;
    fprintf(out, "<circle class=\"cell %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.0f\">"
            "<title>(%d, %d): %s</title></circle>\n", cell_class(mine),
            cell_x(c), cell_y(r), RADIUS, c, r, cell_name(mine));
    if (other != NULL && mine != theirs)
        fprintf(out, "<circle class=\"ring\" cx=\"%.1f\" cy=\"%.1f\" "
                "r=\"%.0f\"/>\n", cell_x(c), cell_y(r), RADIUS + 5);
}

/* The move from (m[0], m[1]) to (m[2], m[3]): a dot on the first cell,
** a line, and a head whose tip touches the edge of the second cell. */
static void draw_move(FILE *out, const int m[4])
{
    double x1 = cell_x(m[0]), y1 = cell_y(m[1]);
    double x2 = cell_x(m[2]), y2 = cell_y(m[3]);
    double len = sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
    double ux, uy, tx, ty, bx, by;

    if (len < RADIUS + HEAD + 2)
        return;
    ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    tx = x2 - ux * RADIUS, ty = y2 - uy * RADIUS;     /* the tip   */
    bx = tx - ux * HEAD, by = ty - uy * HEAD;         /* its base  */
    fprintf(out, "<g class=\"move\"><circle class=\"arrow-dot\" cx=\"%.1f\" "
            "cy=\"%.1f\" r=\"3.5\"/><line class=\"arrow\" x1=\"%.1f\" "
            "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x1, y1, x1, y1, bx, by);
    fprintf(out, "<polygon class=\"head\" points=\"%.1f,%.1f %.1f,%.1f "
            "%.1f,%.1f\"/></g>\n", tx, ty, bx - uy * HEAD / 2,
            by + ux * HEAD / 2, bx + uy * HEAD / 2, by - ux * HEAD / 2);
}

/* One board as an <svg>: `id` (letters only) names it, `other` (may be
** NULL) is the board to compare with, `m` the move or NULL. */
static void draw_board(FILE *out, const struct cc_board *b,
                       const struct cc_board *other, const char *id,
                       const char *title, const int *m)
{
    int r, c;

    fprintf(out, "<svg class=\"board\" id=\"board-%s\" xmlns=\"http://www."
            "w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
            "height=\"%.0f\" role=\"img\">\n<title>%s</title>\n", id, WIDTH,
            HEIGHT, WIDTH, HEIGHT, title);
    draw_star(out);
    draw_labels(out);
    for (r = 0; r < CC_BOARD_ROWS; r++)
        for (c = 0; c < CC_BOARD_COLS; c++)
            draw_cell(out, b, other, r, c);
    if (m != NULL)
        draw_move(out, m);
    fputs("</svg>\n", out);
}

/* The differing cells in words, row by row; at most `limit`. */
static void list_differences(FILE *out, const struct cc_board *want,
                             const struct cc_board *got, int limit)
{
    int r, c, n = 0;

    fputs("<ul class=\"board-diffs\">\n", out);
    for (r = 0; r < CC_BOARD_ROWS; r++)
        for (c = 0; c < CC_BOARD_COLS; c++) {
            if (want->cell[r][c] == got->cell[r][c] || n++ >= limit)
                continue;
            fprintf(out, "<li>(%d, %d): expected %s, yours has %s</li>\n",
                    c, r, cell_name(want->cell[r][c]),
                    cell_name(got->cell[r][c]));
        }
    if (n == 0)
        fputs("<li>The two boards are the same; the text around them "
              "differs.</li>\n", out);
    else if (n > limit)
        fprintf(out, "<li>… and %d more</li>\n", n - limit);
    fputs("</ul>\n", out);
}

static void figure(FILE *out, const struct cc_board *b,
                   const struct cc_board *other, const char *id,
                   const char *caption, const int *m)
{
    fputs("<figure>\n", out);
    draw_board(out, b, other, id, caption, m);
    fprintf(out, "<figcaption>%s</figcaption>\n</figure>\n", caption);
}

void cc_board_section(FILE *out, const char *expected, const char *actual,
                        const char *move)
{
    struct cc_board want, got;
    int m[4], *mp = cc_move_parse(move, m) == 0 ? m : NULL;
    int have_want = expected != NULL && cc_board_parse(expected, &want) > 0;
    int have_got = actual != NULL && cc_board_parse(actual, &got) > 0;

    fputs("<div class=\"board-section\">\n<h4>The board at the first "
          "difference</h4>\n<div class=\"boards\">\n", out);
    if (have_want)
        figure(out, &want, have_got ? &got : NULL, "expected",
               "Expected", mp);
    if (have_got)
        figure(out, &got, have_want ? &want : NULL, "actual",
               "Your program", mp);
    else
        fputs("<p class=\"no-board\">Your program printed no board after "
              "this point.</p>\n", out);
    fputs("</div>\n<p class=\"legend\"><span class=\"dot red\"></span> red "
          "<span class=\"dot green\"></span> green <span class=\"dot empty\">"
          "</span> empty <span class=\"dot ringed\"></span> differs", out);
    fputs(mp ? " <span class=\"arrowkey\">→</span> the move being "
               "processed</p>\n" : "</p>\n", out);
    if (have_want && have_got)
        list_differences(out, &want, &got, 12);
    fputs("</div>\n", out);
}
