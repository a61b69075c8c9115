/*
** game.c -- the reference Halma program: options, input, turns, chains of
** hops and the end of the game.  What it prints is the specification the
** grader diffs students' programs against, byte for byte.
**
** Usage: halma [--players 2|4] [--kangaroo] [--echo]
**   --players N  2 (the default) or 4 players.
**   --kangaroo   allow the long hops of Kangaroo Halma (see halma.h).
**   --echo       after each prompt, print the move that was read and a
**                newline, so that a scripted session reads as a terminal
**                would show it.  Transcripts are recorded without it.
** Anything else prints a usage line on standard error; exit status 2.
**
** Input is a stream of whitespace-separated tokens, four to a move:
** x_from y_from x_to y_to.  It is read one character at a time, so no
** token or line is too long for anything.  A token made of an optional
** sign and digits is a number (saturated to INT_MIN or INT_MAX when it does
** not fit an int); any other token spoils its move, and the rest of its
** line is thrown away.  End of input anywhere ends the game quietly.
**
** A move of a piece is a step, or a chain of hops by that one piece.  After
** each hop the same player is prompted again while the piece has a hop to
** a square it has not stood on during this move; "-1 -1 -1 -1" ends such a
** chain (and, outside a chain, the game).
*/
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "halma.h"

/* Longest token text kept for --echo; longer tokens are echoed cut short. */
#define ECHO_TOKEN_MAX 24

enum read_status { READ_MOVE, READ_JUNK, READ_EOF };
enum token_kind { TOKEN_NUMBER, TOKEN_JUNK, TOKEN_NONE };

struct options { int players, kangaroo, echo; };

struct move { int x_from, y_from, x_to, y_to; };

/* A chain of hops in progress: the piece stands on `at`, and `visited`
** holds every square it has stood on during this move, its start too. */
struct chain {
    int active, at;
    h_bitset visited;
};

static const char *const colour_name[MAX_PLAYERS] = {"WHITE", "BLACK", "RED", "GREEN"};
static const char piece_symbol[MAX_PLAYERS] = {'W', 'B', 'R', 'G'};

static int echo_moves;

/* Prints the board: a line of column numbers, one line per row, an empty
** line.  Same spacing as the Chinese Checkers printout. */
static void print_board(const h_board *b)
{
    printf("  ");
    for (int x = 0; x < BOARD_SIDE; x++)
        printf("%3d", x);
    printf(" \n");
    for (int y = 0; y < BOARD_SIDE; y++) {
        printf("%2d ", y);
        for (int x = 0; x < BOARD_SIDE; x++) {
            int p = owner(b, SQUARE(x, y));
            printf(" %c ", p == NO_PLAYER ? '.' : piece_symbol[p]);
        }
        printf("\n");
    }
    printf("\n");
}

/*
** A token as read from standard input.  A number is an optional sign then
** digits; its magnitude stops growing once past INT_MAX + 1, which is
** enough to saturate, so no digit string can overflow it.
*/
struct token {
    enum token_kind kind;
    int value;                          /* the number, for TOKEN_NUMBER  */
    int ended_line;                     /* it was followed by a newline  */
    size_t length;                      /* characters read               */
    char text[ECHO_TOKEN_MAX + 1];      /* the first of them, for --echo */
    int negative, digits, junk;
    long long magnitude;
};

/* Takes character c, the token's character number tok->length. */
static void token_add(struct token *tok, int c)
{
    if (tok->length < ECHO_TOKEN_MAX)
        tok->text[tok->length] = (char)c;
    if (tok->length == 0 && (c == '-' || c == '+'))
        tok->negative = c == '-';
    else if (c < '0' || c > '9')
        tok->junk = 1;
    else {
        tok->digits++;
        if (tok->magnitude <= (long long)INT_MAX + 1)
            tok->magnitude = 10 * tok->magnitude + (c - '0');
    }
    tok->length++;
}

/* Decides the kind and value of a token whose characters are all in. */
static void token_finish(struct token *tok)
{
    size_t kept = tok->length < ECHO_TOKEN_MAX ? tok->length : ECHO_TOKEN_MAX;

    tok->text[kept] = '\0';
    if (tok->junk || tok->digits == 0)
        tok->kind = TOKEN_JUNK;
    else if (tok->negative)
        tok->value = tok->magnitude > INT_MAX ? INT_MIN : (int)-tok->magnitude;
    else
        tok->value = tok->magnitude > INT_MAX ? INT_MAX : (int)tok->magnitude;
}

/* Reads the next token into *tok; kind TOKEN_NONE at end of input. */
static void read_token(struct token *tok)
{
    int c;

    memset(tok, 0, sizeof *tok);
    tok->kind = TOKEN_NUMBER;
    while ((c = getchar()) != EOF && isspace(c))
        continue;
    if (c == EOF) {
        tok->kind = TOKEN_NONE;
        return;
    }
    for (; c != EOF && !isspace(c); c = getchar())
        token_add(tok, c);
    tok->ended_line = c == '\n';
    token_finish(tok);
}

/* Throws input away up to and including the next newline. */
static void skip_rest_of_line(void)
{
    int c;

    while ((c = getchar()) != EOF && c != '\n')
        continue;
}

/*
** Reads the four numbers of one move.  A junk token costs the rest of its
** line too.  With --echo, what was read of the move is printed on one
** line, tokens separated by single spaces (junk included, the discarded
** rest of its line not).
*/
static enum read_status read_move(struct move *m)
{
    int number[4];
    struct token tok;
    enum read_status status = READ_MOVE;

    for (int i = 0; i < 4 && status == READ_MOVE; i++) {
        read_token(&tok);
        if (tok.kind == TOKEN_NONE) {
            if (echo_moves && i > 0)
                putchar('\n');
            return READ_EOF;
        }
        if (echo_moves)
            printf("%s%s", i > 0 ? " " : "", tok.text);
        if (tok.kind == TOKEN_JUNK) {
            status = READ_JUNK;
            if (!tok.ended_line)
                skip_rest_of_line();
        }
        number[i] = tok.value;
    }
    if (echo_moves)
        putchar('\n');
    if (status == READ_MOVE)
        *m = (struct move){number[0], number[1], number[2], number[3]};
    return status;
}

static int is_quit(const struct move *m)
{
    return m->x_from == -1 && m->y_from == -1 && m->x_to == -1 && m->y_to == -1;
}

/* The square at column x, row y, or -1 when (x, y) is off the board.
** SQUARE(16, 0) would be square 16, (0, 1): hence the test first. */
static int square_at(int x, int y)
{
    if (x < 0 || x >= BOARD_SIDE || y < 0 || y >= BOARD_SIDE)
        return -1;
    return SQUARE(x, y);
}

/* 1 if the piece of the chain has a hop to a square it has not visited. */
static int can_hop_on(const h_board *b, const struct chain *ch, int kangaroo)
{
    for (int s = 0; s < SQUARES; s++)
        if (!bitset_contains(ch->visited, s) && check_hop(b, ch->at, s, kangaroo) == VALID_MOVE)
            return 1;
    return 0;
}

/* 1 if `player` may move from `from` to `to` now, given the chain (if
** any) that the move must continue. */
static int move_is_legal(const h_board *b, int player, int from, int to,
                         const struct chain *ch, int kangaroo)
{
    if (ch->active)
        return from == ch->at && !bitset_contains(ch->visited, to)
            && check_hop(b, from, to, kangaroo) == VALID_MOVE;
    return owner(b, from) == player
        && (check_step(b, from, to) == VALID_MOVE
            || check_hop(b, from, to, kangaroo) == VALID_MOVE);
}

/*
** Makes the legal move from `from` to `to`, prints the board, and keeps
** the chain up to date.  Returns 1 if the same player moves again (the
** piece hopped and may hop on), else 0.
*/
static int play_move(h_board *b, int from, int to, struct chain *ch, int kangaroo)
{
    int hopped = check_step(b, from, to) != VALID_MOVE;

    apply_move(b, from, to);
    printf("\n");
    print_board(b);
    if (!hopped)
        return 0;       /* no chain is active: inside one only hops are legal */
    if (!ch->active) {  /* the chain's first hop */
        memset(ch->visited, 0, sizeof ch->visited);
        bitset_include(ch->visited, from);
    }
    bitset_include(ch->visited, to);
    ch->at = to;
    ch->active = can_hop_on(b, ch, kangaroo);
    return ch->active;
}

static void prompt(int player)
{
    printf("%s's move:  ", colour_name[player]);
    fflush(stdout);
}

/* Reads the command line into *opt; returns 0, or -1 for a bad one. */
static int parse_options(int argc, char **argv, struct options *opt)
{
    opt->players = 2, opt->kangaroo = 0, opt->echo = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--echo") == 0)
            opt->echo = 1;
        else if (strcmp(argv[i], "--kangaroo") == 0)
            opt->kangaroo = 1;
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc
                 && (strcmp(argv[i + 1], "2") == 0 || strcmp(argv[i + 1], "4") == 0))
            opt->players = argv[++i][0] - '0';
        else
            return -1;
    }
    return 0;
}

/* Plays one game on standard input until a win, a quit or end of input. */
static void play_game(const struct options *opt)
{
    h_board b;
    struct chain ch = {0};
    int player = 0;
    struct move m;

    board_init(&b, opt->players);
    print_board(&b);
    for (;;) {
        prompt(player);
        enum read_status status = read_move(&m);
        if (status == READ_EOF)
            return;
        if (status == READ_JUNK) {      /* m is not this entry's */
            printf("INVALID MOVE.  TRY AGAIN!!\n");
            continue;
        }
        if (is_quit(&m)) {
            if (!ch.active)
                return;
            ch.active = 0;
            player = (player + 1) % opt->players;
            printf("\n");
            print_board(&b);
            continue;
        }
        int from = square_at(m.x_from, m.y_from), to = square_at(m.x_to, m.y_to);
        if (!move_is_legal(&b, player, from, to, &ch, opt->kangaroo)) {
            printf("INVALID MOVE.  TRY AGAIN!!\n");
            continue;
        }
        int again = play_move(&b, from, to, &ch, opt->kangaroo);
        if (winner(&b) != NO_PLAYER) {
            printf("%s WINS!\n", colour_name[winner(&b)]);
            return;
        }
        if (!again)
            player = (player + 1) % opt->players;
    }
}

int main(int argc, char **argv)
{
    struct options opt;

    if (parse_options(argc, argv, &opt) != 0) {
        fprintf(stderr, "usage: %s [--players 2|4] [--kangaroo] [--echo] < moves\n",
                argc > 0 && argv[0] ? argv[0] : "halma");
        return 2;
    }
    echo_moves = opt.echo;
    play_game(&opt);
    fflush(stdout);
    return 0;
}
