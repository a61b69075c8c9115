/*
** game.c -- the game loop: prompt, read a move, validate it, make it,
** and keep the same player on while a marble can go on jumping.
**
** Moves are read one character at a time: a word with anything but an
** optional sign and digits spoils its move and the rest of its line is
** thrown away; numbers too large for an int saturate.
*/
#include <limits.h>
#include <stdio.h>

#include "chinese-checkers.h"

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
    struct move m;

    print_board();
    for (;;) {
        enum input_result got;

        show_prompt(&t);
        got = input_read_move(&m);
        if (got == INPUT_END)
            break;
        if (got == INPUT_MOVE && is_quit(&m)) {
            if (!t.chaining)
                break;
            pass_turn(&t);
            putchar('\n');
            print_board();
        } else if (got == INPUT_BAD || !allowed(&t, &m)) {
            puts("INVALID MOVE.  TRY AGAIN!!");
        } else {
            make_move(&t, &m);
        }
    }
    return 0;
}
