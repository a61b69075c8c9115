/*
** record.h -- game records of the bot challenge (RECORD.md): building
** one while a game is played, writing and reading it, and replaying it on
** the rules to check it.
**
** Every function that builds returns 0, or -1 when memory runs out.
** Records are cJSON objects; the caller owns what rrecord_new() and
** rrecord_read() return (cJSON_Delete).
*/
#ifndef REFEREE_RECORD_H
#define REFEREE_RECORD_H

#include <stddef.h>

#include <cJSON.h>

#include "game.h"

#define RRECORD_FORMAT "cc-bot-game 1"

/* A record with no turns yet. */
cJSON *rrecord_new(const char *id, int size, int players, const int points[], const char *const *names,
                   int turn_cap);

/* Appends a move (its way: n cells), a pass, or a seat's leaving. */
int rrecord_move(cJSON *rec, int seat, const long (*path)[2], int n, double cpu);
int rrecord_pass(cJSON *rec, int seat, long row, long col, double cpu);
int rrecord_out(cJSON *rec, int seat, const char *why, const char *detail, double cpu);

/* Sets the result: the game's and each seat's reason for leaving (NULL:
** still in) and CPU seconds. */
int rrecord_result(cJSON *rec, const struct rgame_result *r, int players, const char *const *out,
                   const double *cpu);

/* Writes the record to `path` (through a temporary file, flushed to the
** disk and renamed into place, so a reader never sees half of one).  Returns 0, or -1 with a
** message on stderr. */
int rrecord_write(const cJSON *rec, const char *path);

/* Reads a record; NULL with a sentence in why[] when the file cannot be
** read, is not one JSON value as every reader reads it (json_strict.h:
** nothing after it, UTF-8, no U+0000 in a string, ...) or is not of this
** format. */
cJSON *rrecord_read(const char *path, char *why, size_t whylen);

/* Plays the record again on the rules: every move legal and made by the
** seat whose turn it was, every pass a real one, and the result the one
** the rules give.  Returns 0, or -1 with the first disagreement in
** why[]. */
int rrecord_replay(const cJSON *rec, char *why, size_t whylen);

#endif /* REFEREE_RECORD_H */
