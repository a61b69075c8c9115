/*
** model.h -- the property tests' transcript model: what the game must
** print for a given standard input, worked out without the reference.
**
** It reads the input as bytes (whitespace-separated tokens, four to a
** move; a token that is not "optional sign, then digits" spoils its move
** and the rest of its line), plays the moves by the rules of rules.h with
** the chain rules of the game loop, and writes the transcript: boards in
** the header's print_board format, the prompts "RED's move:  " and
** "GREEN's move:  ", and "INVALID MOVE.  TRY AGAIN!!".  Hooks let a caller
** look at every position reached and every jump made on the way.
*/
#ifndef PROPERTY_MODEL_H
#define PROPERTY_MODEL_H

#include <stddef.h>
#include <stdio.h>

#include "rules.h"

struct model_move { long long x_from, y_from, x_to, y_to; };

struct model_hooks {
    void *ctx;
    /* A position was reached: the start, or the board after a move.
    ** `colour` is the player to move; `moves` counts the moves so far and
    ** `last` is the latest of them (meaningless when moves == 0). */
    void (*position)(void *ctx, const struct board *b, int colour,
                     long moves, const struct model_move *last);
    /* A jump was just made; `b` is the board after it and `goes_on` the
    ** model's answer to "may the marble jump again?". */
    void (*jumped)(void *ctx, const struct board *b,
                   const struct model_move *m, int goes_on);
};

struct model_result {
    long moves, jumps, invalid, chain_ends;
    int quit;       /* ended by -1 -1 -1 -1 (else by end of input) */
};

/* Plays the session text[0..len) and writes its transcript to `out`
** (nothing when out is NULL).  `hooks` may be NULL. */
void model_run(const unsigned char *text, size_t len, FILE *out,
               const struct model_hooks *hooks, struct model_result *result);

/* Writes `b` exactly as print_board must print it. */
void model_print_board(FILE *out, const struct board *b);

#endif /* PROPERTY_MODEL_H */
