/*
** main.c -- the game loop: prompt, read, validate, move, and keep the
** same player on while a marble can go on jumping.
*/
#include <stdio.h>

#include "chinese_checkers.h"
#include "input.h"

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
