/*
** halma.c -- the board of a Halma game: sets of squares, the start
** position, placing and moving pieces, the two kinds of move, the winner.
**
** Squares are numbers 0..255 on the outside; inside, every question about
** geometry is answered with (x, y) coordinates, so that a move can never
** slip from the end of one row to the start of the next.
*/
#include <stdlib.h>
#include <string.h>

#include "halma.h"

#define WORD_BITS 32

/* Row lengths of a camp, counted from its corner, and how many rows. */
static const int camp_rows_two[] = {5, 5, 4, 3, 2};
static const int camp_rows_four[] = {4, 4, 3, 2};

/* Which way each player's corner lies: 1 when its x (or y) counts from
** the right (or bottom) edge. */
static const struct {
    int mirror_x, mirror_y;
} corner[MAX_PLAYERS] = {
    {0, 0}, /* WHITE: top-left     */
    {1, 1}, /* BLACK: bottom-right */
    {1, 0}, /* RED:   top-right    */
    {0, 1}, /* GREEN: bottom-left  */
};

/* 1 if s names a square of the board, else 0. */
static int is_square(int s)
{
    return s >= 0 && s < SQUARES;
}

void bitset_include(h_bitset set, int s)
{
    if (is_square(s))
        set[s / WORD_BITS] |= (uint32_t)1 << (s % WORD_BITS);
}

void bitset_exclude(h_bitset set, int s)
{
    if (is_square(s))
        set[s / WORD_BITS] &= ~((uint32_t)1 << (s % WORD_BITS));
}

int bitset_contains(const h_bitset set, int s)
{
    if (!is_square(s))
        return 0;
    return (set[s / WORD_BITS] >> (s % WORD_BITS)) & 1u;
}

/* 1 if square s (0..255) belongs to the camp of `player` in a game of
** `players` players, else 0. */
static int in_camp(int players, int player, int s)
{
    const int *rows = players == 2 ? camp_rows_two : camp_rows_four;
    int row_count = players == 2 ? 5 : 4;
    int x = s % BOARD_SIDE, y = s / BOARD_SIDE;

    if (corner[player].mirror_x)
        x = BOARD_SIDE - 1 - x;
    if (corner[player].mirror_y)
        y = BOARD_SIDE - 1 - y;
    return y < row_count && x < rows[y];
}

/* Puts piece `piece` of `player` on the empty square s: both
** representations, no checks. */
static void place(h_board *b, int player, int piece, int s)
{
    bitset_include(b->occupied, s);
    if (player & 1)
        bitset_include(b->colour[0], s);
    if (player & 2)
        bitset_include(b->colour[1], s);
    b->position[player][piece] = (unsigned char)s;
}

/* Takes whatever stands on square s off the bitsets. */
static void clear_square(h_board *b, int s)
{
    bitset_exclude(b->occupied, s);
    bitset_exclude(b->colour[0], s);
    bitset_exclude(b->colour[1], s);
}

int board_init(h_board *b, int players)
{
    int placed[MAX_PLAYERS] = {0};

    if (players != 2 && players != 4)
        return -1;
    memset(b, 0, sizeof *b);
    b->players = players;
    b->pieces = players == 2 ? PIECES_TWO_PLAYERS : PIECES_FOUR_PLAYERS;
    /* Square by square, so that each player's pieces are numbered in
    ** increasing order of their squares. */
    for (int s = 0; s < SQUARES; s++)
        for (int p = 0; p < players; p++)
            if (in_camp(players, p, s))
                place(b, p, placed[p]++, s);
    return 0;
}

int add_piece(h_board *b, int player, int piece, int s)
{
    if (player < 0 || player >= b->players || piece < 0 || piece >= b->pieces
        || !is_square(s) || bitset_contains(b->occupied, s))
        return -1;
    place(b, player, piece, s);
    return 0;
}

int owner(const h_board *b, int s)
{
    int player = 0;

    if (!bitset_contains(b->occupied, s))
        return NO_PLAYER;
    if (bitset_contains(b->colour[0], s))
        player += 1;
    if (bitset_contains(b->colour[1], s))
        player += 2;
    return player;
}

int is_empty(const h_board *b, int s)
{
    return is_square(s) && owner(b, s) == NO_PLAYER;
}

/* 1 if a piece stands on square s, else 0 (also for no square). */
static int has_piece(const h_board *b, int s)
{
    return bitset_contains(b->occupied, s);
}

int check_step(const h_board *b, int from, int to)
{
    if (!has_piece(b, from) || !is_empty(b, to))
        return INVALID_MOVE;
    int dx = to % BOARD_SIDE - from % BOARD_SIDE;
    int dy = to / BOARD_SIDE - from / BOARD_SIDE;
    if (abs(dx) > 1 || abs(dy) > 1 || (dx == 0 && dy == 0))
        return INVALID_MOVE;
    return VALID_MOVE;
}

int check_hop(const h_board *b, int from, int to, int kangaroo)
{
    if (!has_piece(b, from) || !is_empty(b, to))
        return INVALID_MOVE;
    int x = from % BOARD_SIDE, y = from / BOARD_SIDE;
    int dx = to % BOARD_SIDE - x, dy = to / BOARD_SIDE - y;
    /* Along one of the eight lines, an even number of squares away. */
    if (dx != 0 && dy != 0 && abs(dx) != abs(dy))
        return INVALID_MOVE;
    int length = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    if (length == 0 || length % 2 != 0 || (!kangaroo && length != 2))
        return INVALID_MOVE;
    int ux = (dx > 0) - (dx < 0), uy = (dy > 0) - (dy < 0);
    /* Exactly the middle square of the line holds a piece. */
    for (int i = 1; i < length; i++) {
        int s = SQUARE(x + i * ux, y + i * uy);
        if (has_piece(b, s) != (i == length / 2))
            return INVALID_MOVE;
    }
    return VALID_MOVE;
}

int apply_move(h_board *b, int from, int to)
{
    if (!has_piece(b, from) || !is_empty(b, to))
        return -1;
    int player = owner(b, from);
    for (int i = 0; i < b->pieces; i++)
        if (b->position[player][i] == from) {
            clear_square(b, from);
            place(b, player, i, to);
            return 0;
        }
    return -1;
}

/* 1 if every square of the goal of `player` holds one of its pieces. */
static int goal_filled(const h_board *b, int player)
{
    int goal = player ^ 1;  /* 0 and 1, 2 and 3 face each other */

    for (int s = 0; s < SQUARES; s++)
        if (in_camp(b->players, goal, s) && owner(b, s) != player)
            return 0;
    return 1;
}

int winner(const h_board *b)
{
    for (int p = 0; p < b->players; p++)
        if (goal_filled(b, p))
            return p;
    return NO_PLAYER;
}
