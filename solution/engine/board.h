/*
** board.h -- the board of every game the kit plays, as a graph of cells.
**
** A board is static: built once, then shared, read-only, by every position
** played on it (position.h), so that a position is only the small part
** that changes.  Cells are numbered densely 0..cells-1 (holes of a map take
** no number).  For each cell and direction the board keeps:
**
**   next(c, d)      the neighbour of c in direction d, or -1 at an edge;
**   turn(c, d)      the direction in which the line c -> next(c, d) goes on
**                   after next(c, d): d itself on a flat board, another
**                   direction where a map bends its lines.
**
** A hop from c over next(c, d) lands on next(next(c, d), turn(c, d)).
**
** Players 0..players-1 each have a home (the cells their pieces start on)
** and a goal (where they must bring them).  Built-in boards (star.c,
** square.c) say which corners players sit in.
**
** A board of at most EG_FAST_CELLS (256) cells with 6 or 8 directions also
** carries bitset tables (fast.h) that moves.c uses for speed;
** eg_board_finish() builds them.
**
** Memory: eg_board_new() allocates everything; eg_board_free() releases
** it (NULL is accepted).  Functions that build a board return NULL when
** their arguments are out of range or memory runs out, never a half-built
** board.
*/
#ifndef EG_BOARD_H
#define EG_BOARD_H

#include <stdint.h>

#define EG_MAX_DIRS 8
#define EG_MAX_PLAYERS 6

struct eg_fast;

typedef struct eg_board {
    int cells;                  /* cells 0..cells-1                        */
    int dirs;                   /* directions 0..dirs-1 (6 or 8)           */
    int32_t *next;              /* next[c * dirs + d], -1 at an edge        */
    int8_t *turn;               /* turn[c * dirs + d]                       */
    int32_t *x, *y;             /* display coordinates of each cell         */
    int players;                /* seats 1..EG_MAX_PLAYERS                  */
    int pieces;                 /* pieces per player (= home size)          */
    int32_t *home[EG_MAX_PLAYERS];  /* home[p][0..pieces-1], ascending      */
    int32_t *goal[EG_MAX_PLAYERS];  /* goal[p][0..pieces-1], ascending      */
    uint64_t *zobrist;          /* zobrist[c * EG_MAX_PLAYERS + p]          */
    uint64_t zobrist_turn[EG_MAX_PLAYERS];
    char name[64];              /* e.g. "star 4, 2 players"                 */
    /* barred[c]: bit p set when player p may neither begin nor end a move
    ** on cell c (a chain of hops may pass over it); NULL: no such cell.
    ** The bot challenge's neutral zones (eg_star_seated). */
    uint8_t *barred;
    struct eg_fast *fast;       /* bitset tables (fast.h), or NULL          */
} eg_board;

/* A board of `cells` cells and `dirs` directions, every neighbour -1, every
** turn the direction itself, no players; or NULL (dirs not 1..8, cells not
** 1..1,000,000, or no memory). */
eg_board *eg_board_new(int cells, int dirs);

/* Releases a board and everything it owns; NULL does nothing. */
void eg_board_free(eg_board *b);

/* Seats `players` players with `pieces` pieces each: allocates home[] and
** goal[] for the caller to fill.  Returns 0, or -1 (out of range or no
** memory). */
int eg_board_seat(eg_board *b, int players, int pieces);

/* Fills the Zobrist keys from a fixed seed (the same keys on every run and
** every machine).  Call once the board is complete. */
void eg_board_hash_keys(eg_board *b);

/* Completes a board whose cells, neighbours, turns, homes and goals are
** set: the Zobrist keys (eg_board_hash_keys) and, for a board small
** enough, the bitset tables (b->fast; left NULL when the board does not
** qualify or memory runs out, which only costs speed).  The built-in boards
** and the map reader call it; a caller who changes next[] or turn[]
** afterwards must call it again.  Idempotent. */
void eg_board_finish(eg_board *b);

/* The neighbour of c in direction d, or -1. */
static inline int eg_next(const eg_board *b, int c, int d)
{
    return b->next[c * b->dirs + d];
}

/* The cell a hop from c over eg_next(c, d) lands on, or -1. */
static inline int eg_beyond(const eg_board *b, int c, int d)
{
    int over = eg_next(b, c, d);

    return over < 0 ? -1 : eg_next(b, over, b->turn[c * b->dirs + d]);
}

/* Built-in boards.  Each returns NULL for arguments out of range.
**
** eg_star(size, players): the six-pointed star whose points have `size`
**   rows (3..63; size 4 is the 121-cell board of Chinese Checkers),
**   6 * size * (size + 1) + 1 cells, 6 directions.  Players 2..6 sit in
**   points (star.c says which); each goal is the point opposite its home.
** eg_square(side, players): a Halma board side x side with 8 directions:
**   side 8 with 2 players (camps of 10: rows 4, 3, 2, 1 from the corner),
**   side 16 with 2 (camps of 19: rows 5, 5, 4, 3, 2) or 4 players (camps
**   of 13: rows 4, 4, 3, 2), seated as in the Halma assignment: player 0
**   top-left, 1 bottom-right, 2 top-right, 3 bottom-left. */
eg_board *eg_star(int size, int players);
eg_board *eg_square(int side, int players);

/* eg_star_seated(size, players, points, neutral): the star with player i's
** home on point points[i] (0..5, clockwise from the top, all different)
** and its goal on the opposite point -- the challenge's playerPosition[].
** With `neutral`, each player is barred (b->barred) from the four points
** that are neither its home nor its goal: the challenge's neutral zones.
** eg_star(size, players) is eg_star_seated() with the seats above and
** no neutral zones.  NULL for arguments out of range. */
eg_board *eg_star_seated(int size, int players, const int points[], int neutral);

/* The cell whose display coordinates are (x, y), or -1 (a search over
** the cells: for set-up and conversion, not for move generation). */
int eg_cell_at(const eg_board *b, int x, int y);

/* The challenge's numbering of a star of size `size` (chinese-checkers-
** programming-challenge): rows 0..4 size from the top, the columns of an
** even row centred on 0 (-(c-1)/2..(c-1)/2 for its c positions), those of
** an odd row from -(c/2)+1 to c/2.  Row = y; column = (x - 3 size + (y odd))
** / 2, and back.  Both return 0, or -1 for a point of no cell of the star.
** The challenge numbers its six points clockwise from the one at row 0:
** the star's points 0..5 (star.c). */
int eg_star_to_challenge(const eg_board *b, int size, int cell, long *row, long *col);
int eg_star_from_challenge(const eg_board *b, int size, long row, long col, int *cell);

#endif /* EG_BOARD_H */
