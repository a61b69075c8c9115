/*
** board_html.c -- the Halma board as a picture (board_html.h).  Squares of
** SQ pixels; pieces are discs whose colours are set inline, so the report's
** stylesheet needs nothing of this assignment.
*/
#include "board_html.h"

#include <string.h>

#include "../../report/html/html.h"

#define SQ     22
#define LEFT   26
#define TOP    24
#define SIZE   (LEFT + HALMA_SIDE * SQ + 6)

int halma_board_parse(const char *text, struct halma_board *b)
{
    int line = 0;

    memset(b->cell, '?', sizeof b->cell);
    b->rows = 0;
    while (text != NULL && *text != '\0' && b->rows < HALMA_SIDE) {
        size_t len = strcspn(text, "\n");
        if (line++ > 0) {        /* the first line is the column header */
            for (int c = 0; c < HALMA_SIDE; c++) {
                size_t at = 3 + 3 * (size_t)c + 1;
                char ch = at < len ? text[at] : '?';
                b->cell[b->rows][c] = ch != '\0' && strchr("WBRG.", ch) ? ch : '?';
            }
            b->rows++;
        }
        text += len + (text[len] == '\n');
    }
    return b->rows;
}

/* Reads "`X1 Y1 X2 Y2`" (each 0..15) from a move description. */
static int move_parse(const char *move, int m[4])
{
    const char *p = move ? strchr(move, '`') : NULL;
    char end;
    if (!p || sscanf(p + 1, "%d %d %d %d%c", &m[0], &m[1], &m[2], &m[3], &end) != 5 || end != '`')
        return -1;
    for (int k = 0; k < 4; k++)
        if (m[k] < 0 || m[k] >= HALMA_SIDE)
            return -1;
    return 0;
}

static const char *piece_fill(char c)
{
    return c == 'W' ? "#f4f4f4" : c == 'B' ? "#222" : c == 'R' ? "#c62828"
         : c == 'G' ? "#2e7d32" : c == '?' ? "#f9a825" : NULL;
}

static const char *piece_name(char c)
{
    return c == 'W' ? "white" : c == 'B' ? "black" : c == 'R' ? "red"
         : c == 'G' ? "green" : c == '.' ? "empty" : "something else";
}

static void draw_square(FILE *out, const struct halma_board *b, const struct halma_board *other,
                        int r, int c)
{
    int x = LEFT + c * SQ, y = TOP + r * SQ;
    char mine = b->cell[r][c];
    const char *fill = piece_fill(mine);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#bbb\"/>",
            x, y, SQ, SQ, (r + c) % 2 ? "#e8dcc4" : "#f6efe0");
    if (fill)
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" stroke=\"#555\">"
                "<title>(%d, %d): %s</title></circle>", x + SQ / 2, y + SQ / 2, SQ / 2 - 3,
                fill, c, r, piece_name(mine));
    if (other && other->cell[r][c] != mine)
        fprintf(out, "<rect class=\"ring\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                "fill=\"none\" stroke=\"#d500f9\" stroke-width=\"3\"/>", x + 1, y + 1, SQ - 2, SQ - 2);
    fputc('\n', out);
}

static void draw_board(FILE *out, const struct halma_board *b, const struct halma_board *other,
                       const char *id, const char *title, const int *m)
{
    fprintf(out, "<svg class=\"board\" id=\"board-%s\" xmlns=\"http://www.w3.org/2000/svg\" "
            "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\">\n<title>%s</title>\n",
            id, SIZE, SIZE, SIZE, SIZE, title);
    for (int i = 0; i < HALMA_SIDE; i++)
        fprintf(out, "<text class=\"label\" x=\"%d\" y=\"%d\">%d</text>"
                "<text class=\"label\" x=\"%d\" y=\"%d\">%d</text>\n", LEFT + i * SQ + SQ / 2,
                TOP - 8, i, LEFT - 14, TOP + i * SQ + SQ / 2 + 4, i);
    for (int r = 0; r < HALMA_SIDE; r++)
        for (int c = 0; c < HALMA_SIDE; c++)
            draw_square(out, b, other, r, c);
    if (m)
        fprintf(out, "<line class=\"arrow\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                "stroke=\"#1565c0\" stroke-width=\"3\"/>\n", LEFT + m[0] * SQ + SQ / 2,
                TOP + m[1] * SQ + SQ / 2, LEFT + m[2] * SQ + SQ / 2, TOP + m[3] * SQ + SQ / 2);
    fputs("</svg>\n", out);
}

static void list_differences(FILE *out, const struct halma_board *want,
                             const struct halma_board *got, int limit)
{
    int n = 0;
    fputs("<ul class=\"board-diffs\">\n", out);
    for (int r = 0; r < HALMA_SIDE; r++)
        for (int c = 0; c < HALMA_SIDE; c++)
            if (want->cell[r][c] != got->cell[r][c] && n++ < limit)
                fprintf(out, "<li>(%d, %d): expected %s, yours has %s</li>\n", c, r,
                        piece_name(want->cell[r][c]), piece_name(got->cell[r][c]));
    if (n == 0)
        fputs("<li>The two boards are the same; the text around them differs.</li>\n", out);
    else if (n > limit)
        fprintf(out, "<li>… and %d more</li>\n", n - limit);
    fputs("</ul>\n", out);
}

static void figure(FILE *out, const struct halma_board *b, const struct halma_board *other,
                   const char *id, const char *caption, const int *m)
{
    fputs("<figure>\n", out);
    draw_board(out, b, other, id, caption, m);
    fprintf(out, "<figcaption>%s</figcaption>\n</figure>\n", caption);
}

void halma_board_section(FILE *out, const char *expected, const char *actual,
                         const char *move)
{
    struct halma_board want, got;
    int m[4], *mp = move_parse(move, m) == 0 ? m : NULL;
    int have_want = expected && halma_board_parse(expected, &want) > 0;
    int have_got = actual && halma_board_parse(actual, &got) > 0;

    fputs("<div class=\"board-section\">\n<h4>The board at the first difference</h4>\n"
          "<div class=\"boards\">\n", out);
    if (have_want)
        figure(out, &want, have_got ? &got : NULL, "expected", "Expected", mp);
    if (have_got)
        figure(out, &got, have_want ? &want : NULL, "actual", "Your program", mp);
    else
        fputs("<p class=\"no-board\">Your program printed no board after this point.</p>\n", out);
    fputs("</div>\n", out);
    if (have_want && have_got)
        list_differences(out, &want, &got, 12);
    fputs("</div>\n", out);
}
