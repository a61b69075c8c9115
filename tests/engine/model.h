/*
** model.h -- the independent model of the move rules (model.c).
**
** A model is a set of points (x[i], y[i]) of a grid up to MODEL_SIDE on
** each side, index[y][x] the point there or -1, and the owner of each
** point (-1 empty), and the bends of a map (none on a built-in board).
** The caller fills it (property.c copies the points of a board: same
** numbering, so moves compare directly; it reads a map's bends from the
** file itself).
*/
#ifndef ENGINE_MODEL_H
#define ENGINE_MODEL_H

#define MODEL_SIDE 512

/* A bend: a line that reaches (x, y) going in direction `in` goes on in
** direction `out` (directions numbered as in the map format). */
struct model_bend { int x, y, in, out; };

struct model {
    int hex, points;
    int *x, *y;
    int (*index)[MODEL_SIDE];
    signed char *owner;
    int bends;
    struct model_bend *bend;
};

struct model_move { int from, to; };

/* Writes every move of `player` into out[] (room for its pieces * points):
** distinct (from, to) pairs.  Returns how many. */
int model_moves(struct model *m, int player, int kangaroo, struct model_move *out);

#endif /* ENGINE_MODEL_H */
