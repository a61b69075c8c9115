/*
** game.c -- the game loop: it shows the board, asks each player in turn for
** a move, checks it with the functions of checkers.c, makes it, and lets a
** marble that has jumped keep jumping.
**
** As handed out, this file is an outline that already compiles and runs:
** it prints the board, prompts RED, reads moves and stops at end of input
** or at "-1 -1 -1 -1", but it never makes a move.  The TODOs inside main()
** say what is missing.  The scripted sessions feed your program a file of
** moves on standard input and compare everything it prints, byte for byte,
** with the reference program, so copy prompts and messages exactly.
*/
#include <stdio.h>

#include "chinese-checkers.h"

/* What read_move() found on standard input. */
enum read_result {
    GOT_MOVE, /* four numbers                                     */
    GOT_JUNK, /* something that is not a number got in the way    */
    GOT_EOF   /* input ended before four numbers were read         */
};

/* Throws away the rest of the current input line. */
static void discard_line(void)
{
    int c;

    do
        c = getchar();
    while (c != EOF && c != '\n');
}

/*
** Reads the four numbers of one move: x_from y_from x_to y_to.
**
** scanf is the simplest way to start, but know its limits and read the
** handout's rules for bad input: it accepts "4abc" as 4, and %d has
** undefined behaviour for a number too big for an int.  You may replace
** this function with a more careful reader later.
*/
static enum read_result read_move(int *x_from, int *y_from, int *x_to, int *y_to)
{
    int got = scanf("%d %d %d %d", x_from, y_from, x_to, y_to);

    if (got == 4)
        return GOT_MOVE;
    /* EOF straight away, or after one to three numbers: either way there
    ** is no move left to read, and looping on would spin forever. */
    if (got == EOF || feof(stdin))
        return GOT_EOF;
    /* scanf stopped at a character that cannot start a number and left it
    ** unread; without skipping it, every later scanf would stop on that
    ** same character and the game would never end. */
    discard_line();
    return GOT_JUNK;
}

int main(void)
{
    int color = RE; /* whose turn it is: RED always moves first */
    int x_from, y_from, x_to, y_to;

    print_board();
    for (;;) {
        printf("%s's move:  ", color == RE ? "RED" : "GREEN");
        /* stdout is buffered and the prompt ends without a newline: flush,
        ** or the player would be asked for input before seeing the prompt. */
        fflush(stdout);

        enum read_result got = read_move(&x_from, &y_from, &x_to, &y_to);
        if (got == GOT_EOF)
            break; /* no more input: the game is over, quietly */
        if (got == GOT_JUNK) {
            /* TODO: input that is not four numbers is an invalid move:
            ** print the same message as for an illegal move (see TODO 1)
            ** and prompt the same player again. */
            continue;
        }

        if (x_from == -1 && y_from == -1 && x_to == -1 && y_to == -1) {
            /* TODO: in the middle of a multi-jump (TODO 3), -1 -1 -1 -1
            ** only ends the chain: the turn passes to the other player,
            ** and the program prints an empty line and then the board.
            ** Otherwise it ends the game, as it does now. */
            break;
        }

        /*
        ** TODO 1 -- validate.  Ask check_move(color, x_from, y_from, x_to,
        ** y_to).  If the move is not valid, print exactly
        **     INVALID MOVE.  TRY AGAIN!!
        ** (two spaces after the full stop) and a newline, then `continue`
        ** so the same player is asked again.  During a multi-jump chain
        ** the move must also be a jump (check_jump), by the marble that
        ** just jumped, and must not land back where that marble came from.
        **
        ** TODO 2 -- apply.  Only now, after check_move said yes, are the
        ** coordinates known to lie on the array.  Put the mover's colour in
        ** the landing cell and EM in the source cell, then print an empty
        ** line followed by the board (print_board).
        **
        ** TODO 3 -- multi-jump chains.  If the move was a jump (it was not
        ** a step: check_neighbor said no) and is_jumper(x_from, y_from,
        ** x_to, y_to) is TRUE, the same player moves again: remember where
        ** the marble is now and where it came from, and use that in TODO 1
        ** for the next move.  A step never starts a chain.
        **
        ** TODO 4 -- switch players.  When no chain goes on, it is the other
        ** colour's turn: RE becomes GR and GR becomes RE.
        */
    }
    return 0;
}
