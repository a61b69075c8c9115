/*
** sessiongen.h -- seeded random sessions for the property tests.
**
** One seed gives one session: standard input for the game, made of legal
** steps and jumps, multi-jump chains (some ended by -1 -1 -1 -1, some by
** running out of jumps), and, depending on the seed, refused entries
** (junk tokens, invalid moves, quit look-alikes, bytes that are not
** ASCII), a messy layout (several moves per line, moves split across
** lines, tabs, \v \f \r, CRLF line ends, "+7" and "007"), and one of
** several endings: a quit, end of input at a prompt, in the middle of a
** move, in the middle of a chain, or right after a junk token.
**
** Moves are chosen with the rules model of tests/chinese-checkers/gen (movegen.c) and laid
** out with its writer and bad-entry maker; the random stream is its
** splitmix64.  The transcript model (model.c) replays the text with its
** own rules, so the two models check each other through the counts below.
*/
#ifndef PROPERTY_SESSIONGEN_H
#define PROPERTY_SESSIONGEN_H

#include <stddef.h>
#include <stdint.h>

/* What the generator meant; the transcript model must find the same. */
struct session_counts {
    long moves;         /* legal steps and jumps typed                 */
    long refused;       /* entries the game must refuse               */
    long chain_ends;    /* -1 -1 -1 -1 typed inside a chain            */
    int quit;           /* ends with a quit (else with end of input)   */
};

/* Writes the session of `seed` into a malloc'd buffer (*len bytes, not
** NUL-terminated) and returns it, or NULL when out of memory or when no
** temporary file can be made. */
unsigned char *session_generate(uint64_t seed, size_t *len,
                                struct session_counts *counts);

#endif /* PROPERTY_SESSIONGEN_H */
