/*
** input.c -- a careful reader of moves, one character at a time.
**
** scanf("%d") would take "4abc" as 4 and has undefined behaviour on
** numbers that do not fit an int, so words are parsed by hand.  A word
** with anything but an optional leading sign and digits is bad input:
** the move it belongs to is abandoned and the rest of its line thrown
** away, so "3 x 4 5" costs one invalid move, not three.
*/
#include <limits.h>
#include <stdio.h>

#include "input.h"

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

enum input_result input_read_move(struct move *m)
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
