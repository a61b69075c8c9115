/*
** runner.h -- plays a tournament's games on every core: -j N worker
** processes, each playing whole games one after another.
**
** Theory of operation.  The parent forks the workers, then hands out the
** games to play as 8-byte indices on one pipe all workers read (a pipe
** read of 8 bytes takes exactly one index, since every write is one
** index); so a worker that drew short games simply plays more of them.
** A worker plays a game (rmatch_play, every bot a sandboxed program,
** entrant.h), writes its record OUTDIR/games/ID.json atomically, then
** appends its line to OUTDIR/games.jsonl (journal.h) -- in that order,
** so a game with a journal line always has its record -- and tells the
** parent on a second pipe ('+' played, '!' not).  A game is not
** journaled when the grader failed in it (a bot program that could not
** be started: no uid slot, no memory): that is not the bot's doing, and
** a later run plays the game again.
**
** Workers die with the parent (PR_SET_PDEATHSIG), so a killed run stops
** promptly; the caller's lock on OUTDIR is inherited by them, so a new
** run cannot start until the last of them is gone: no game is played by
** two runs at once, none twice.
**
** A bot's misbehaviour never reaches here: it is a verdict in the game
** (match.h).  A worker that dies of the grader's own bug costs the games
** it was playing (not journaled: replayed by the next run), never the
** others'.
*/
#ifndef GRADER_TOURNAMENT_RUNNER_H
#define GRADER_TOURNAMENT_RUNNER_H

#include <stddef.h>

#include "config.h"
#include "entrant.h"
#include "schedule.h"

struct trunner {
    const struct tconfig *conf;
    const struct tentrant *entrants;    /* per configured bot                 */
    const int *playing;                 /* schedule bot -> configured bot     */
    const char *const *names;           /* per configured bot                 */
    const struct tsched_game *games;    /* the schedule                       */
    size_t n_games;
    const size_t *todo;                 /* indices into games, to be played   */
    size_t n_todo;
    const char *outdir;
    int jobs;                           /* workers, >= 1                      */
    int quiet;                          /* no line per game on stdout         */
};

struct trunner_tally {
    size_t played;                      /* journaled                          */
    size_t failed;                      /* not journaled: the grader's failure */
};

/* Plays r->todo.  Returns 0, or -1 when the runner itself failed (fork,
** pipe; message on stderr) -- the games played so far are journaled
** either way.  *t counts what the workers reported. */
int trunner_run(const struct trunner *r, struct trunner_tally *t);

/* The seed of seat `seat` of game `id` in a tournament seeded `seed`:
** the same whatever worker plays it, whenever. */
unsigned long long trunner_seed(unsigned long long seed, const char *id, int seat);

#endif /* GRADER_TOURNAMENT_RUNNER_H */
