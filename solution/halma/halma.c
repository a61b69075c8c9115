/*
** halma.c -- the reference implementation of the functions of halma.h:
** square sets, the board with its piece lists, the camps, and the rules
** for one step or one hop.
**
** Every square number is checked with is_square() before it indexes
** anything, and coordinates are only derived from a number once it is
** known to be 0..255, so no argument can overflow or reach outside an
** array.  The camps are described once, as the row lengths of the
** top-left camp; the other three corners are mirror images of it.
*/
#include "halma.h"

#include <string.h>

/* Bits per word of an h_bitset. */
#define WORD_BITS 32

/*
** The top-left camp, as the number of squares on each of its rows,
** counted from the corner.  A zero ends the list.
*/
static const int camp_rows_two[] = {5, 5, 4, 3, 2, 0};
static const int camp_rows_four[] = {4, 4, 3, 2, 0};

/*
** Which edges each player's corner touches: a camp on the right mirrors
** x, a camp at the bottom mirrors y.  Player 0 top-left, 1 bottom-right,
** 2 top-right, 3 bottom-left.
*/
static const int mirror_x[MAX_PLAYERS] = {0, 1, 1, 0};
static const int mirror_y[MAX_PLAYERS] = {0, 1, 0, 1};

/* The eight directions, as used for hops. */
static const int dir_x[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int dir_y[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* 1 if s names a square of the board, else 0. */
static int is_square(int s)
{
    return s >= 0 && s < SQUARES;
}

static int column_of(int s) { return s % BOARD_SIDE; }
static int row_of(int s) { return s / BOARD_SIDE; }

void bitset_include(h_bitset set, int s)
{
    if (is_square(s))
        set[s / WORD_BITS] |= UINT32_C(1) << (s % WORD_BITS);
}

void bitset_exclude(h_bitset set, int s)
{
    if (is_square(s))
        set[s / WORD_BITS] &= ~(UINT32_C(1) << (s % WORD_BITS));
}

int bitset_contains(const h_bitset set, int s)
{
    if (!is_square(s))
        return 0;
    return (set[s / WORD_BITS] >> (s % WORD_BITS)) & 1u;
}

/*
** 1 if square s (0..255) belongs to the camp of player `camp` (0..3) in
** a game of `players` players (2 or 4), else 0.  The square is folded
** into the top-left corner and looked up in the row table there.
*/
static int in_camp(int players, int camp, int s)
{
    const int *rows = players == 4 ? camp_rows_four : camp_rows_two;
    int x = column_of(s), y = row_of(s);

    if (mirror_x[camp])
        x = BOARD_SIDE - 1 - x;
    if (mirror_y[camp])
        y = BOARD_SIDE - 1 - y;
    for (int r = 0; rows[r] != 0; r++)
        if (r == y)
            return x < rows[r];
    return 0;
}

/* The player whose camp is `player`'s goal: the opposite corner. */
static int goal_owner(int player)
{
    return player ^ 1;
}

/* Players and pieces per player of a board, or 0 when b->players is
** neither 2 nor 4 (a board no function of this file set up). */
static int player_count(const h_board *b)
{
    return b->players == 2 || b->players == 4 ? b->players : 0;
}

static int piece_count(const h_board *b)
{
    return b->pieces >= 0 && b->pieces <= MAX_PIECES ? b->pieces : 0;
}

int board_init(h_board *b, int players)
{
    if (players != 2 && players != 4)
        return -1;
    memset(b, 0, sizeof *b);
    b->players = players;
    b->pieces = players == 2 ? PIECES_TWO_PLAYERS : PIECES_FOUR_PLAYERS;
    for (int p = 0; p < players; p++) {
        int piece = 0;
        for (int s = 0; s < SQUARES; s++)
            if (in_camp(players, p, s))
                add_piece(b, p, piece++, s);
    }
    return 0;
}

/* Sets the three sets of square s (a square) for `player` (0..3). */
static void place(h_board *b, int player, int s)
{
    bitset_include(b->occupied, s);
    for (int plane = 0; plane < 2; plane++) {
        if (player & (1 << plane))
            bitset_include(b->colour[plane], s);
        else
            bitset_exclude(b->colour[plane], s);
    }
}

/* Clears the three sets of square s. */
static void lift(h_board *b, int s)
{
    bitset_exclude(b->occupied, s);
    bitset_exclude(b->colour[0], s);
    bitset_exclude(b->colour[1], s);
}

int add_piece(h_board *b, int player, int piece, int s)
{
    if (player < 0 || player >= player_count(b))
        return -1;
    if (piece < 0 || piece >= piece_count(b))
        return -1;
    if (!is_empty(b, s))
        return -1;
    place(b, player, s);
    b->position[player][piece] = (unsigned char)s;
    return 0;
}

int is_empty(const h_board *b, int s)
{
    return is_square(s) && !bitset_contains(b->occupied, s);
}

int owner(const h_board *b, int s)
{
    if (!bitset_contains(b->occupied, s))
        return NO_PLAYER;
    return bitset_contains(b->colour[0], s) | bitset_contains(b->colour[1], s) << 1;
}

/* 1 if s is a square with a piece on it, else 0. */
static int holds_piece(const h_board *b, int s)
{
    return bitset_contains(b->occupied, s);
}

int check_step(const h_board *b, int from, int to)
{
    if (!holds_piece(b, from) || !is_empty(b, to))
        return INVALID_MOVE;
    int dx = column_of(to) - column_of(from), dy = row_of(to) - row_of(from);
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return INVALID_MOVE;
    return VALID_MOVE;      /* dx = dy = 0 is impossible: to is empty */
}

/*
** The direction (0..7) and length in squares of the straight line from
** square `from` to the different square `to`, or -1 when they are not on
** one line of the eight directions.  The length is the larger of the two
** distances; only a line has a direction that many steps of which reach
** `to`.
*/
static int line_between(int from, int to, int *length)
{
    int dx = column_of(to) - column_of(from), dy = row_of(to) - row_of(from);
    int adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;

    *length = adx > ady ? adx : ady;
    for (int d = 0; d < 8; d++)
        if (dir_x[d] * *length == dx && dir_y[d] * *length == dy)
            return d;
    return -1;
}

int check_hop(const h_board *b, int from, int to, int kangaroo)
{
    int length;

    if (!holds_piece(b, from) || !is_empty(b, to))
        return INVALID_MOVE;        /* so from and to differ */
    int d = line_between(from, to, &length);
    if (d < 0 || length % 2 != 0 || (!kangaroo && length != 2))
        return INVALID_MOVE;
    /* The squares strictly between lie on the board (both ends do, and
    ** the line is straight); only the middle one may hold a piece. */
    int x = column_of(from), y = row_of(from);
    for (int i = 1; i < length; i++) {
        int s = SQUARE(x + i * dir_x[d], y + i * dir_y[d]);
        if (holds_piece(b, s) != (i == length / 2))
            return INVALID_MOVE;
    }
    return VALID_MOVE;
}

/* Index of the piece of `player` (0..3, an index of position[] whatever
** the board's player count) recorded on square s, or -1. */
static int piece_on(const h_board *b, int player, int s)
{
    for (int i = 0; i < piece_count(b); i++)
        if (b->position[player][i] == s)
            return i;
    return -1;
}

int apply_move(h_board *b, int from, int to)
{
    if (!holds_piece(b, from) || !is_empty(b, to))
        return -1;
    int player = owner(b, from);        /* 0..3: from holds a piece */
    int piece = piece_on(b, player, from);

    lift(b, from);
    place(b, player, to);
    if (piece >= 0)
        b->position[player][piece] = (unsigned char)to;
    return 0;
}

/* 1 if every square of `player`'s goal holds a piece of `player`. */
static int fills_goal(const h_board *b, int player)
{
    for (int s = 0; s < SQUARES; s++)
        if (in_camp(b->players, goal_owner(player), s) && owner(b, s) != player)
            return 0;
    return 1;
}

int winner(const h_board *b)
{
    for (int p = 0; p < player_count(b); p++)
        if (fills_goal(b, p))
            return p;
    return NO_PLAYER;
}
