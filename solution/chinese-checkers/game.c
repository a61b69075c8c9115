/*
** game.c -- the reference game loop: prompts, input parsing, turns and
** multi-jump chains.  The transcript it prints is the specification the
** grader diffs students against, byte for byte.
**
** Input is a stream of whitespace-separated tokens, four to a move, read
** one character at a time so that no token length or line length can
** overflow anything.  A token made of an optional sign and digits is a
** number (saturated far outside the board when it does not fit an int);
** any other token spoils the move it belongs to and the rest of its line
** is thrown away.  End of input anywhere ends the game quietly.
**
** Usage: chinese-checkers [--echo]
**   --echo  after each prompt, print the move that was read and a newline,
**           so that a scripted session reads like a terminal would show it.
*/
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "chinese-checkers.h"

enum read_status { READ_MOVE, READ_JUNK, READ_EOF };
enum token_kind { TOKEN_NUMBER, TOKEN_JUNK, TOKEN_NONE };

/* Longest token text kept for --echo; longer tokens are echoed cut short. */
#define ECHO_TOKEN_MAX 24

struct move { int x_from, y_from, x_to, y_to; };

/* A multi-jump in progress: the marble at (at_x, at_y) just jumped from
** (back_x, back_y) and may jump on, but not straight back. */
struct chain { int active, at_x, at_y, back_x, back_y; };

static int echo_moves;

/* Reads one token.  Sets *value for a number and *ended_line when the
** character that ended the token was a newline.  With --echo, prints the
** token, after a space unless it is the `first` of its move. */
static enum token_kind read_token(int *value, int *ended_line, int first)
{
    char text[ECHO_TOKEN_MAX + 1];
    size_t len = 0;
    int c, negative = 0, digits = 0, junk = 0;
    long long magnitude = 0;

    do
        c = getchar();
    while (c != EOF && isspace(c));
    if (c == EOF)
        return TOKEN_NONE;
    for (; c != EOF && !isspace(c); c = getchar()) {
        if (len < ECHO_TOKEN_MAX)
            text[len++] = (char)c;
        if (len == 1 && (c == '-' || c == '+'))
            negative = (c == '-');
        else if (c >= '0' && c <= '9') {
            digits++;
            if (magnitude <= (long long)INT_MAX + 1)
                magnitude = magnitude * 10 + (c - '0');
        } else
            junk = 1;
    }
    *ended_line = (c == '\n');
    if (echo_moves) {
        text[len] = '\0';
        printf("%s%s", first ? "" : " ", text);
    }
    if (junk || digits == 0)
        return TOKEN_JUNK;
    if (magnitude > (long long)INT_MAX + 1)
        magnitude = (long long)INT_MAX + 1;
    *value = negative ? (int)(magnitude > INT_MAX ? INT_MIN : -magnitude)
                      : (int)(magnitude > INT_MAX ? INT_MAX : magnitude);
    return TOKEN_NUMBER;
}

static void discard_line(void)
{
    int c;
    do
        c = getchar();
    while (c != EOF && c != '\n');
}

/* Reads the four numbers of one move. */
static enum read_status read_move(struct move *m)
{
    int v[4];
    for (int i = 0; i < 4; i++) {
        int ended_line = 0;
        enum token_kind kind = read_token(&v[i], &ended_line, i == 0);
        if (kind == TOKEN_NONE) {
            if (echo_moves && i > 0)
                putchar('\n');
            return READ_EOF;
        }
        if (kind == TOKEN_JUNK) {
            if (!ended_line)
                discard_line();
            if (echo_moves)
                putchar('\n');
            return READ_JUNK;
        }
    }
    if (echo_moves)
        putchar('\n');
    m->x_from = v[0], m->y_from = v[1], m->x_to = v[2], m->y_to = v[3];
    return READ_MOVE;
}

static int is_quit(const struct move *m)
{
    return m->x_from == -1 && m->y_from == -1 && m->x_to == -1 && m->y_to == -1;
}

/* Is `m` legal for `color`, given the chain (if any) it must continue? */
static int move_is_legal(int color, const struct move *m, const struct chain *ch)
{
    if (check_move(color, m->x_from, m->y_from, m->x_to, m->y_to) != VALID_MOVE)
        return 0;
    if (!ch->active)
        return 1;
    return m->x_from == ch->at_x && m->y_from == ch->at_y
        && check_jump(m->x_from, m->y_from, m->x_to, m->y_to) == VALID_MOVE
        && !(m->x_to == ch->back_x && m->y_to == ch->back_y);
}

/* Makes the legal move `m` and reports whether the same player goes on. */
static int play_move(const struct move *m, struct chain *ch)
{
    int jumped = check_neighbor(m->x_from, m->y_from, m->x_to, m->y_to) != VALID_MOVE;

    the_board[m->y_to][m->x_to] = the_board[m->y_from][m->x_from];
    the_board[m->y_from][m->x_from] = EM;
    printf("\n");
    print_board();
    ch->active = jumped && is_jumper(m->x_from, m->y_from, m->x_to, m->y_to);
    ch->at_x = m->x_to, ch->at_y = m->y_to;
    ch->back_x = m->x_from, ch->back_y = m->y_from;
    return ch->active;
}

static void prompt(int color)
{
    printf("%s's move:  ", color == RE ? "RED" : "GREEN");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    struct chain ch = {0, 0, 0, 0, 0};
    int color = RE;
    struct move m;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--echo") == 0)
            echo_moves = 1;
        else {
            fprintf(stderr, "usage: %s [--echo] < moves\n", argv[0]);
            return 2;
        }
    }
    print_board();
    for (;;) {
        prompt(color);
        enum read_status status = read_move(&m);
        if (status == READ_EOF)
            break;
        if (status == READ_MOVE && is_quit(&m)) {
            if (!ch.active)
                break;
            ch.active = 0;
            color = (color == RE) ? GR : RE;
            printf("\n");
            print_board();
            continue;
        }
        if (status == READ_JUNK || !move_is_legal(color, &m, &ch)) {
            printf("INVALID MOVE.  TRY AGAIN!!\n");
            continue;
        }
        if (!play_move(&m, &ch))
            color = (color == RE) ? GR : RE;
    }
    fflush(stdout);
    return 0;
}
