/*
** journal.h -- a tournament's journal, OUTDIR/games.jsonl: one line per
** finished game, the only proof that a game was played.
**
** A line is one JSON object (grader/tournament/README.md, "games.jsonl"):
**
**   {"id":"s3-p2-r0-g0001","size":3,"players":2,"bots":["greedy","crashy"],
**    "end":"one left","turns":1,"rank":[1,2],"outcome":["win","out"],
**    "out":[null,"crashed"],"detail":[null,"killed by signal 11"],
**    "cpu":[0.0004,0.0011]}
**
** Crash safety: a worker writes the game's record first (atomically),
** then its line with ONE write(2) on a descriptor opened O_APPEND,
** then fsync.  Lines of concurrent workers never interleave (appends to
** a local file are atomic) and a line is either whole, ending in '\n',
** or -- the process killed inside the write, or the machine down before
** the fsync -- a torn tail without '\n'.  tjournal_load() ignores such a
** tail and, asked to repair, cuts it off, so the next append starts a
** fresh line.  A game is done exactly when its whole line is there.
**
** Memory: tjournal_load() allocates the array; the caller frees it with
** free().
*/
#ifndef GRADER_TOURNAMENT_JOURNAL_H
#define GRADER_TOURNAMENT_JOURNAL_H

#include <stddef.h>

#include "schedule.h"

#define TJOURNAL_DETAIL_MAX 160

enum tjournal_outcome { TJOURNAL_WIN, TJOURNAL_DRAW, TJOURNAL_LOSS, TJOURNAL_OUT };

struct tjournal_game {
    char id[TSCHED_ID_MAX];
    int size, players, turns;
    char end[16];                               /* "finished", ...       */
    int bots[TSCHED_MAX_PLAYERS];               /* index into names[]    */
    int rank[TSCHED_MAX_PLAYERS];
    enum tjournal_outcome outcome[TSCHED_MAX_PLAYERS];
    char out[TSCHED_MAX_PLAYERS][24];           /* "" or the verdict     */
    char detail[TSCHED_MAX_PLAYERS][TJOURNAL_DETAIL_MAX];
    double cpu[TSCHED_MAX_PLAYERS];
    size_t order;                               /* the caller's, e.g. the
                                                ** schedule's index     */
};

/* The line of game g (bots named by names[]), ending in '\n', malloc'd;
** NULL when out of memory. */
char *tjournal_line(const struct tjournal_game *g, const char *const *names);

/* Parses one line (without or with its '\n'); bots are looked up in
** names[0..n_names-1].  Returns 0, or -1 with why[] for a line that is
** not a game of these bots. */
int tjournal_parse(const char *line, const char *const *names, int n_names, struct tjournal_game *g,
                   char *why, size_t whylen);

/* Appends g's line to the journal at path: open O_APPEND, one write(),
** fsync, close.  Returns 0, or -1 with a message on stderr. */
int tjournal_append(const char *path, const struct tjournal_game *g, const char *const *names);

/* Reads every whole line of the journal at path (a missing file is an
** empty journal) into *games (*n of them).  A line that does not parse is
** skipped with a warning on stderr naming it; repair != 0 also cuts off
** a torn tail.  Returns 0, or -1 with a message on stderr (unreadable,
** no memory). */
int tjournal_load(const char *path, const char *const *names, int n_names, int repair,
                  struct tjournal_game **games, size_t *n);

/* "win", "draw", "loss", "out"; and back (-1 for another word). */
const char *tjournal_outcome_name(enum tjournal_outcome o);
int tjournal_outcome_of(const char *word);

/* Writes len bytes to path atomically: a temporary file in the same
** folder, fsync, rename, fsync of the folder.  A reader sees the old
** file or the new one, never a part.  Returns 0, or -1 with a message on
** stderr. */
int tjournal_write_file(const char *path, const char *data, size_t len);

#endif /* GRADER_TOURNAMENT_JOURNAL_H */
