/*
** game.c -- the program: it reads the options, shows the board, asks each
** player in turn for a move, checks it with the functions of halma.c,
** makes it, lets a piece that has hopped hop on, and stops at a win.
**
** As handed out, this file is an outline that already compiles and runs:
** it reads the options, prompts WHITE, reads moves and stops at end of
** input or at "-1 -1 -1 -1", but it prints no board and never makes a
** move.  The TODOs say what is missing; the handout ("The program") says
** exactly what to print.  The scripted sessions compare everything your
** program prints with the reference program, byte for byte, so copy the
** prompts and messages exactly.
*/
#include <stdio.h>
#include <string.h>

#include "halma.h"

/* What read_move() found on standard input. */
enum read_result {
    GOT_MOVE, /* four numbers                                     */
    GOT_JUNK, /* something that is not a number got in the way    */
    GOT_EOF   /* input ended before four numbers were read         */
};

static const char *const colour_name[MAX_PLAYERS] = {"WHITE", "BLACK", "RED", "GREEN"};

/* Throws away the rest of the current input line. */
static void discard_line(void)
{
    int c;

    while ((c = getchar()) != EOF && c != '\n')
        continue;
}

/*
** Reads the four numbers of one move: x_from y_from x_to y_to.
**
** scanf gets you started, but it is not what the handout asks for: it
** takes "4abc" as 4, and %d has undefined behaviour for a number too big
** for an int (the hidden tests type 99999999999).  Replace this function
** with a reader that reads one token at a time, as the handout describes,
** once the rest works.
*/
static enum read_result read_move(int *x_from, int *y_from, int *x_to, int *y_to)
{
    int got = scanf("%d %d %d %d", x_from, y_from, x_to, y_to);

    if (got == 4)
        return GOT_MOVE;
    if (got == EOF || feof(stdin))
        return GOT_EOF;     /* no whole move left: the game is over */
    /* scanf stopped at a character that cannot start a number and left it
    ** unread; skip that line or every later scanf stops there again. */
    discard_line();
    return GOT_JUNK;
}

/*
** TODO: print the board exactly as the handout's "What is printed" says:
** the column numbers as "%3d" after two spaces, then " \n"; each row as
** "%2d " and one 3-character cell per column (" W ", " B ", " R ", " G "
** for a piece of player 0, 1, 2, 3, " . " for an empty square), then
** "\n"; then an empty line.  Use owner() for each square.
*/
static void print_board(const h_board *b)
{
    (void)b;
}

/* Reads the options; returns 0, or -1 for a command line to refuse. */
static int parse_options(int argc, char **argv, int *players, int *kangaroo)
{
    *players = 2;
    *kangaroo = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--kangaroo") == 0)
            *kangaroo = 1;
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc
                 && (strcmp(argv[i + 1], "2") == 0 || strcmp(argv[i + 1], "4") == 0))
            *players = argv[++i][0] - '0';
        else
            return -1;
        /* TODO: --echo (the handout's "Command line" says exactly what
        ** it prints): after reading a move, print its tokens after the
        ** prompt, as a terminal would show them. */
    }
    return 0;
}

int main(int argc, char **argv)
{
    h_board board = {0};
    int players, kangaroo, player = 0;
    int x_from, y_from, x_to, y_to;

    if (parse_options(argc, argv, &players, &kangaroo) != 0) {
        fprintf(stderr, "usage: %s [--players 2|4] [--kangaroo] [--echo] < moves\n", argv[0]);
        return 2;
    }
    board_init(&board, players);
    print_board(&board);
    for (;;) {
        printf("%s's move:  ", colour_name[player]);
        /* The prompt ends without a newline: flush it, or a player at a
        ** terminal would be asked for input before seeing it. */
        fflush(stdout);

        enum read_result got = read_move(&x_from, &y_from, &x_to, &y_to);
        if (got == GOT_EOF)
            break;              /* no more input: the game ends quietly */
        if (got == GOT_JUNK) {
            /* TODO: junk is an invalid move: print the message of TODO 1
            ** and prompt the same player again. */
            continue;
        }
        if (x_from == -1 && y_from == -1 && x_to == -1 && y_to == -1) {
            /* TODO: inside a chain (TODO 3) this only ends the chain: the
            ** turn passes, then print "\n" and the board.  Outside a
            ** chain it ends the game, as it does now. */
            break;
        }

        /*
        ** TODO 1 -- validate.  Turn (x, y) into a square number only when
        ** both are 0..15 (SQUARE(16, 0) would be square 16, which is
        ** (0, 1)!), and use -1 otherwise.  Outside a chain the move is
        ** legal when `from` holds a piece of `player` (owner) and it is a
        ** step (check_step) or a hop (check_hop, with `kangaroo`).  If it
        ** is not, print exactly
        **     INVALID MOVE.  TRY AGAIN!!
        ** (two spaces after the full stop) and a newline, and `continue`.
        **
        ** TODO 2 -- apply.  apply_move, then print "\n" and the board.
        ** If winner() is a player now, print "<COLOUR> WINS!\n" and stop.
        **
        ** TODO 3 -- chains.  After a hop, the same player moves again while
        ** the piece has a hop to a square it has not stood on during this
        ** move (keep those squares in an h_bitset, the start included).
        ** Inside a chain, a move is legal only when it is a hop of that
        ** piece onto such a square.
        **
        ** TODO 4 -- next player.  When no chain goes on, the turn passes:
        ** 0, 1, 0, 1, ... with 2 players, 0, 1, 2, 3, 0, ... with 4.
        */
        (void)kangaroo;
        (void)players;
    }
    return 0;
}
