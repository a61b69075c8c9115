/*
** model.h -- a slow, plain model of Halma's moves, written apart from any
** implementation of halma.h, for the property tests (property.c).
**
** The model knows nothing of square numbers or bitsets: a position is a
** 16 x 16 array of who stands where (and which of its pieces), indexed by
** column and row.  A move is found by trying every direction and every
** length, never by arithmetic on the move's two ends, and the squares a
** chain of hops reaches are found by a breadth-first search with the
** moving piece lifted off its start square.
*/
#ifndef HALMA_MODEL_H
#define HALMA_MODEL_H

#define MODEL_SIDE 16
#define MODEL_EMPTY (-1)

struct model {
    int players, pieces;                    /* 2 and 19, or 4 and 13     */
    int who[MODEL_SIDE][MODEL_SIDE];        /* [x][y]: player, or EMPTY  */
    int which[MODEL_SIDE][MODEL_SIDE];      /* [x][y]: its piece number  */
};

/* A square of the board as a column and a row. */
struct spot {
    int x, y;
};

/* 1 if (x, y) lies on the board. */
int model_on_board(int x, int y);

/* 1 if (x, y) is in the camp of `player` in a game of `players`: with n
** = 5 (two players) or 4 (four), the squares x < n, y < n, x + y <= n
** counted from the player's corner. */
int model_in_camp(int players, int player, int x, int y);

/* The player whose camp `player` must fill. */
int model_goal_of(int player);

/* *m := the start: every camp full, pieces numbered row by row, left to
** right, from the top. */
void model_start(struct model *m, int players);

/* *m := an empty board of `players` players. */
void model_clear(struct model *m, int players);

/* 1 if a piece stands on `from` and `to` is an empty square touching it. */
int model_can_step(const struct model *m, struct spot from, struct spot to);

/* 1 if the piece on `from` can make one hop onto `to` (a long one too when
** `kangaroo` is not 0). */
int model_can_hop(const struct model *m, struct spot from, struct spot to, int kangaroo);

/*
** Every square the piece on `from` can move to: reach[x][y] is 1 for a
** step or the end of a chain of one or more hops that never lands twice
** on one square (nor on `from`), else 0.  When `path` is not NULL,
** path[x][y] is the square the chain came from to reach (x, y) by hops
** (for a square reached only by a step, `from`).
*/
void model_destinations(const struct model *m, struct spot from, int kangaroo,
                        int reach[MODEL_SIDE][MODEL_SIDE],
                        struct spot path[MODEL_SIDE][MODEL_SIDE]);

/* Moves the piece on `from` to the empty square `to`. */
void model_move(struct model *m, struct spot from, struct spot to);

/* The player whose goal is full of its own pieces, or -1.  (Should two be,
** the lower number.) */
int model_winner(const struct model *m);

/* Counts the moves of `depth` plies from *m, `player` moving first, the
** players in turn; a move is one (from, to) pair. */
long long model_perft(struct model *m, int player, int depth, int kangaroo);

#endif /* HALMA_MODEL_H */
