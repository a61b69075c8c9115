/*
** input.h -- reading a player's move from standard input.
*/
#ifndef INPUT_H
#define INPUT_H

struct move { int x_from, y_from, x_to, y_to; };

enum input_result {
    INPUT_MOVE,  /* four numbers were read into the move               */
    INPUT_BAD,   /* a word that is not a number; its line was skipped  */
    INPUT_END    /* standard input ended before a whole move           */
};

/* Reads the next move.  Numbers are words of an optional sign and digits,
** separated by any white space (newlines included); a number too large
** for an int becomes INT_MAX or INT_MIN. */
enum input_result input_read_move(struct move *m);

#endif
