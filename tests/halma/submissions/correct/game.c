/*
** game.c -- a Halma game played on standard input and output.
**
**   halma [--players 2|4] [--kangaroo] [--echo]
**
** Moves are read as four numbers, x_from y_from x_to y_to, separated by any
** white space.  A word that is not a number (an optional sign, then
** digits) spoils its move, and what is left of its line is skipped.  A
** number too large for an int counts as INT_MAX (or INT_MIN).
**
** A step ends the turn.  A hop lets the same piece hop on, never onto a
** square it has stood on this move, for as long as it has such a hop;
** "-1 -1 -1 -1" ends the chain, and, when no chain is under way, the game.
** End of input ends the game too.  With --echo the words of each move are
** printed after the prompt.
*/
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "halma.h"

#define ECHO_CHARS 24
#define INVALID_MESSAGE "INVALID MOVE.  TRY AGAIN!!\n"

static const char *const player_name[MAX_PLAYERS] = {"WHITE", "BLACK", "RED", "GREEN"};
static const char piece_symbol[MAX_PLAYERS] = {'W', 'B', 'R', 'G'};

/* What reading a move gave. */
enum reading { GOT_MOVE, GOT_JUNK, GOT_END };

/* One word of input: whether it is a number and which, whether a newline
** ended it, and its first characters for --echo. */
struct word {
    int is_number, value, ends_line;
    char start[ECHO_CHARS + 1];
};

/* The move in progress: while `chaining`, only the piece on `at` may move,
** by hops onto squares not in `visited`. */
struct turn {
    int player, chaining, at;
    h_bitset visited;
};

/* The column numbers, a line of three characters a square for each row,
** then an empty line. */
static void print_board(const h_board *b)
{
    char row[3 * BOARD_SIDE + 1];

    fputs("  ", stdout);
    for (int x = 0; x < BOARD_SIDE; x++)
        printf("%3d", x);
    puts(" ");
    for (int y = 0; y < BOARD_SIDE; y++) {
        memset(row, ' ', sizeof row - 1);
        row[sizeof row - 1] = '\0';
        for (int x = 0; x < BOARD_SIDE; x++) {
            int p = owner(b, SQUARE(x, y));

            row[3 * x + 1] = p == NO_PLAYER ? '.' : piece_symbol[p];
        }
        printf("%2d %s\n", y, row);
    }
    putchar('\n');
}

/* Reads the next word into *w; returns 0 at the end of input. */
static int read_word(struct word *w)
{
    int c, count = 0, digits = 0, negative = 0, junk = 0;
    long long size = 0;

    while ((c = getchar()) != EOF && isspace(c))
        ;
    if (c == EOF)
        return 0;
    for (; c != EOF && !isspace(c); c = getchar(), count++) {
        if (count < ECHO_CHARS)
            w->start[count] = (char)c;
        if (count == 0 && (c == '+' || c == '-'))
            negative = c == '-';
        else if (!isdigit(c))
            junk = 1;
        else {
            digits++;
            if (size <= INT_MAX) /* past it, the value is saturated anyway */
                size = size * 10 + (c - '0');
        }
    }
    w->start[count < ECHO_CHARS ? count : ECHO_CHARS] = '\0';
    w->ends_line = c == '\n';
    w->is_number = !junk && digits > 0;
    if (negative)
        w->value = size > INT_MAX ? INT_MIN : (int)-size;
    else
        w->value = size > INT_MAX ? INT_MAX : (int)size;
    return 1;
}

/* Reads one move's four numbers into n[]; a junk word ends the reading. */
static enum reading read_move(int n[4], int echo)
{
    struct word w;

    for (int i = 0; i < 4; i++) {
        if (!read_word(&w)) {
            if (echo && i > 0)
                printf("\n");
            return GOT_END;
        }
        if (echo)
            printf(i == 0 ? "%s" : " %s", w.start);
        if (!w.is_number) {
            int c;

            if (echo)
                printf("\n");
            while (!w.ends_line && (c = getchar()) != EOF && c != '\n')
                ;
            return GOT_JUNK;
        }
        n[i] = w.value;
    }
    if (echo)
        printf("\n");
    return GOT_MOVE;
}

/* Square (x, y), or -1 off the board. */
static int square_of(int x, int y)
{
    return x >= 0 && x < BOARD_SIDE && y >= 0 && y < BOARD_SIDE ? SQUARE(x, y) : -1;
}

/* 1 if the chaining piece has a hop onto a square it has not stood on. */
static int has_next_hop(const h_board *b, const struct turn *t, int kangaroo)
{
    for (int s = 0; s < SQUARES; s++)
        if (!bitset_contains(t->visited, s) && check_hop(b, t->at, s, kangaroo) == VALID_MOVE)
            return 1;
    return 0;
}

/* Plays from -> to if it is a legal move now: 1 if it was. */
static int try_move(h_board *b, struct turn *t, int from, int to, int kangaroo)
{
    int step = 0;

    if (t->chaining) {
        if (from != t->at || bitset_contains(t->visited, to)
            || check_hop(b, from, to, kangaroo) != VALID_MOVE)
            return 0;
    } else {
        if (owner(b, from) != t->player)
            return 0;
        step = check_step(b, from, to) == VALID_MOVE;
        if (!step && check_hop(b, from, to, kangaroo) != VALID_MOVE)
            return 0;
    }
    apply_move(b, from, to);
    printf("\n");
    print_board(b);
    if (step)
        return 1;
    if (!t->chaining) {
        memset(t->visited, 0, sizeof t->visited);
        bitset_include(t->visited, from);
    }
    bitset_include(t->visited, to);
    t->at = to;
    t->chaining = has_next_hop(b, t, kangaroo);
    return 1;
}

int main(int argc, char **argv)
{
    int players = 2, kangaroo = NO_KANGAROO, echo = 0, n[4];
    struct turn t = {0};
    h_board b;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--kangaroo") == 0)
            kangaroo = KANGAROO;
        else if (strcmp(argv[i], "--echo") == 0)
            echo = 1;
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc
                 && (strcmp(argv[i + 1], "2") == 0 || strcmp(argv[i + 1], "4") == 0))
            players = argv[++i][0] - '0';
        else {
            fprintf(stderr, "usage: halma [--players 2|4] [--kangaroo] [--echo]\n");
            return 2;
        }
    }
    board_init(&b, players);
    print_board(&b);
    for (;;) {
        enum reading got;

        printf("%s's move:  ", player_name[t.player]);
        fflush(stdout);
        got = read_move(n, echo);
        if (got == GOT_END)
            break;
        if (got == GOT_MOVE && n[0] == -1 && n[1] == -1 && n[2] == -1 && n[3] == -1) {
            if (!t.chaining)
                break;
            t.chaining = 0;
            t.player = (t.player + 1) % players;
            printf("\n");
            print_board(&b);
            continue;
        }
        if (got == GOT_JUNK
            || !try_move(&b, &t, square_of(n[0], n[1]), square_of(n[2], n[3]), kangaroo)) {
            printf(INVALID_MESSAGE);
            continue;
        }
        if (winner(&b) != NO_PLAYER) {
            printf("%s WINS!\n", player_name[winner(&b)]);
            break;
        }
        if (!t.chaining)
            t.player = (t.player + 1) % players;
    }
    fflush(stdout);
    return 0;
}
