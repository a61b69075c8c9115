/*
** project1.c -- Chinese Checkers for two players in the terminal, in one
** file: the board, the five required functions of chinese-checkers.h and
** the game loop.
*/
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "chinese-checkers.h"

#define DIRECTION_COUNT 6

struct offset { int dx, dy; };

/* left, right, up-left, up-right, down-left, down-right */
static const struct offset directions[DIRECTION_COUNT] = {
    {-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1},
};

static int direction_of(long long dx, long long dy, int times)
{
    int d;

    for (d = 0; d < DIRECTION_COUNT; d++)
        if (dx == (long long)directions[d].dx * times
            && dy == (long long)directions[d].dy * times)
            return d;
    return -1;
}

/* One-letter names keep the table below readable; they die right after. */
#define O DA
#define R RE
#define G GR
#define E EM
int the_board[BOARD_SIZE_Y][BOARD_SIZE_X] = {
    {O,O,O,O,O,O,O,O,O,O,O,O,R,O,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,R,O,R,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,R,O,R,O,R,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,R,O,R,O,R,O,R,O,O,O,O,O,O,O,O,O},
    {E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E},
    {O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O},
    {O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O},
    {O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O},
    {O,O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O,O},
    {O,O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O,O},
    {O,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,O},
    {O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O},
    {E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E,O,E},
    {O,O,O,O,O,O,O,O,O,G,O,G,O,G,O,G,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,G,O,G,O,G,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,G,O,G,O,O,O,O,O,O,O,O,O,O,O},
    {O,O,O,O,O,O,O,O,O,O,O,O,G,O,O,O,O,O,O,O,O,O,O,O,O},
};
#undef O
#undef R
#undef G
#undef E

static int board_at(long long x, long long y)
{
    int inside = x >= 0 && x < BOARD_SIZE_X && y >= 0 && y < BOARD_SIZE_Y;

    return inside ? the_board[y][x] : DA;
}

static int holds_marble(int value)
{
    return value == RE || value == GR;
}

/* The middle character shown for a cell value. */
static char cell_letter(int value)
{
    switch (value) {
    case RE: return 'R';
    case GR: return 'G';
    case EM: return '-';
    default: return ' ';
    }
}

void print_board(void)
{
    char line[4 + 3 * BOARD_SIZE_X + 2];
    int x, y, n;

    n = sprintf(line, "  ");
    for (x = 0; x < BOARD_SIZE_X; x++)
        n += sprintf(line + n, "%3d", x);
    line[n++] = ' ';
    line[n] = '\0';
    puts(line);

    for (y = 0; y < BOARD_SIZE_Y; y++) {
        n = sprintf(line, "%2d ", y);
        for (x = 0; x < BOARD_SIZE_X; x++) {
            line[n++] = ' ';
            line[n++] = cell_letter(the_board[y][x]);
            line[n++] = ' ';
        }
        line[n] = '\0';
        puts(line);
    }
    putchar('\n');
}

int check_neighbor(int x_from, int y_from, int x_to, int y_to)
{
    /* In long long, INT_MAX - INT_MIN does not overflow. */
    long long dx = (long long)x_to - (long long)x_from;
    long long dy = (long long)y_to - (long long)y_from;

    return direction_of(dx, dy, 1) < 0 ? INVALID_MOVE : VALID_MOVE;
}

int check_move(int color, int x_from, int y_from, int x_to, int y_to)
{
    if (color != RE && color != GR)
        return INVALID_MOVE;
    if (board_at(x_from, y_from) != color)
        return INVALID_MOVE;
    if (board_at(x_to, y_to) != EM)
        return INVALID_MOVE;
    if (check_neighbor(x_from, y_from, x_to, y_to) == VALID_MOVE
        || check_jump(x_from, y_from, x_to, y_to) == VALID_MOVE)
        return VALID_MOVE;
    return INVALID_MOVE;
}

int check_jump(int x_from, int y_from, int x_to, int y_to)
{
    long long dx = (long long)x_to - (long long)x_from;
    long long dy = (long long)y_to - (long long)y_from;
    int d = direction_of(dx, dy, 2);

    if (d < 0)
        return INVALID_MOVE;
    /* The jumped cell is one offset from the source. */
    if (!holds_marble(board_at((long long)x_from + directions[d].dx,
                               (long long)y_from + directions[d].dy)))
        return INVALID_MOVE;
    return VALID_MOVE;
}

int is_jumper(int x_from, int y_from, int x_to, int y_to)
{
    int d;

    for (d = 0; d < DIRECTION_COUNT; d++) {
        long long land_x = (long long)x_to + 2 * directions[d].dx;
        long long land_y = (long long)y_to + 2 * directions[d].dy;

        if (land_x == x_from && land_y == y_from)
            continue; /* straight back where it came from */
        if (board_at(land_x, land_y) != EM)
            continue;
        /* An EM landing lies on the array, so it fits check_jump's ints. */
        if (check_jump(x_to, y_to, (int)land_x, (int)land_y) == VALID_MOVE)
            return TRUE;
    }
    return FALSE;
}

struct move { int x_from, y_from, x_to, y_to; };

enum input_result {
    INPUT_MOVE,  /* four numbers were read into the move               */
    INPUT_BAD,   /* a word that is not a number; its line was skipped  */
    INPUT_END    /* standard input ended before a whole move           */
};

enum word_kind { WORD_NUMBER, WORD_BAD, WORD_NONE };

static int is_blank(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
        || c == '\r';
}

/* Reads one word.  A number is stored in *value.  *at_newline tells
** whether the word was ended by a newline (rather than a blank or EOF). */
static enum word_kind read_word(int *value, int *at_newline)
{
    int c = getchar();
    int sign = 1, digits = 0, bad = 0, first = 1;
    long long amount = 0;

    while (c != EOF && is_blank(c))
        c = getchar();
    if (c == EOF)
        return WORD_NONE;
    for (; c != EOF && !is_blank(c); c = getchar(), first = 0) {
        if (first && (c == '+' || c == '-')) {
            sign = (c == '-') ? -1 : 1;
        } else if (c >= '0' && c <= '9') {
            digits++;
            /* Stop growing once past any int: the value saturates. */
            if (amount <= INT_MAX)
                amount = amount * 10 + (c - '0');
        } else {
            bad = 1;
        }
    }
    *at_newline = (c == '\n');
    if (bad || digits == 0)
        return WORD_BAD;
    if (sign > 0)
        *value = amount > INT_MAX ? INT_MAX : (int)amount;
    else
        *value = -amount < INT_MIN ? INT_MIN : (int)-amount;
    return WORD_NUMBER;
}

static void skip_rest_of_line(void)
{
    int c = getchar();

    while (c != EOF && c != '\n')
        c = getchar();
}

static enum input_result input_read_move(struct move *m)
{
    int number[4];
    int i;

    for (i = 0; i < 4; i++) {
        int at_newline = 0;

        switch (read_word(&number[i], &at_newline)) {
        case WORD_NONE:
            return INPUT_END;
        case WORD_BAD:
            if (!at_newline)
                skip_rest_of_line();
            return INPUT_BAD;
        case WORD_NUMBER:
            break;
        }
    }
    m->x_from = number[0];
    m->y_from = number[1];
    m->x_to = number[2];
    m->y_to = number[3];
    return INPUT_MOVE;
}

/* The turn in progress.  While `chaining`, the marble at (at_x, at_y)
** has just jumped from (from_x, from_y) and only it may move, only by a
** jump, and not back to (from_x, from_y). */
struct turn {
    int color;
    int chaining;
    int at_x, at_y, from_x, from_y;
};

static void show_prompt(const struct turn *t)
{
    fputs(t->color == RE ? "RED's move:  " : "GREEN's move:  ", stdout);
    fflush(stdout);
}

static void pass_turn(struct turn *t)
{
    t->color = (t->color == RE) ? GR : RE;
    t->chaining = 0;
}

static int is_quit(const struct move *m)
{
    return m->x_from == -1 && m->y_from == -1 && m->x_to == -1
        && m->y_to == -1;
}

static int allowed(const struct turn *t, const struct move *m)
{
    if (check_move(t->color, m->x_from, m->y_from, m->x_to, m->y_to)
        != VALID_MOVE)
        return 0;
    if (!t->chaining)
        return 1;
    if (m->x_from != t->at_x || m->y_from != t->at_y)
        return 0; /* another marble */
    if (m->x_to == t->from_x && m->y_to == t->from_y)
        return 0; /* straight back */
    return check_jump(m->x_from, m->y_from, m->x_to, m->y_to) == VALID_MOVE;
}

/* Makes an allowed move, shows the board, and decides who plays next. */
static void make_move(struct turn *t, const struct move *m)
{
    int was_step = check_neighbor(m->x_from, m->y_from, m->x_to, m->y_to)
                   == VALID_MOVE;

    the_board[m->y_from][m->x_from] = EM;
    the_board[m->y_to][m->x_to] = t->color;
    putchar('\n');
    print_board();
    if (!was_step && is_jumper(m->x_from, m->y_from, m->x_to, m->y_to)) {
        t->chaining = 1;
        t->at_x = m->x_to;
        t->at_y = m->y_to;
        t->from_x = m->x_from;
        t->from_y = m->y_from;
    } else {
        pass_turn(t);
    }
}

int main(void)
{
    struct turn t = {RE, 0, 0, 0, 0, 0};
    struct move *m;

    print_board();
    for (;;) {
        enum input_result got;

        show_prompt(&t);
        m = malloc(sizeof *m);
        if (m == NULL)
            break;
        got = input_read_move(m);
        if (got == INPUT_END)
            break;
        if (got == INPUT_MOVE && is_quit(m)) {
            if (!t.chaining)
                break;
            pass_turn(&t);
            putchar('\n');
            print_board();
        } else if (got == INPUT_BAD || !allowed(&t, m)) {
            puts("INVALID MOVE.  TRY AGAIN!!");
        } else {
            make_move(&t, m);
        }
    }
    return 0;
}
