/*
** outdir.h -- a tournament's folder, OUTDIR: what makes it resumable and
** mergeable, and the outputs made from it.
**
**   tournament.conf   the configuration, canonical (config.h); written by
**                     the first run, compared by every later run and by
**                     --merge: a folder holds one tournament
**   games.jsonl       the journal (journal.h)
**   games/ID.json     each game's record (grader/referee/RECORD.md)
**   bots/FILE/        a submission's build (entrant.h)
**   .lock             held by a run and its workers (flock), so two runs
**                     never share the folder
**   scores.*, ratings.*, crosstable.txt, index.html, bots/FILE.html,
**   replays/ID.html   the outputs (results.h, pages.h), made again from
**                     the journal at the end of every run and merge
**
** Resuming: the schedule depends only on the configuration and on which
** bots built (the same on every run: a build's verdict is kept), so a
** later run finds the same games with the same ids, and plays those
** without a journal line.
**
** Every function returns 0, or -1 with a sentence in why[] (the
** instructor's mistake or the grader's failure).
*/
#ifndef GRADER_TOURNAMENT_OUTDIR_H
#define GRADER_TOURNAMENT_OUTDIR_H

#include <stddef.h>

#include "config.h"
#include "entrant.h"
#include "journal.h"
#include "schedule.h"

struct toutdir {
    char path[4096];
    struct tconfig conf;                /* owned                              */
    struct tentrant *entrants;          /* per configured bot                 */
    const char **names;                 /* per configured bot                 */
    int *playing;                       /* schedule bot -> configured bot     */
    int n_playing;
    struct tsched_schedule sched;       /* of the bots that play              */
    struct tjournal_game *games;        /* journal lines of scheduled games   */
    size_t n_games;
    int lock_fd;
};

/* Opens OUTDIR (made when missing, with games/ and bots/) for the
** tournament `conf` (taken over: freed by toutdir_close), waits for its
** lock, and checks or writes tournament.conf.  Then prepares the bots
** (tentrant_prepare: build says whether submissions are compiled; the
** kit's programs are in kit_build) and builds the schedule of the bots
** that play. */
int toutdir_open(struct toutdir *o, const char *path, struct tconfig *conf, const char *kit_build, int build,
                 char *why, size_t whylen);

/* Reads the journal (repair: cut a torn tail) and keeps the lines of
** scheduled games, first line of each id only, each with its schedule
** index as .order. */
int toutdir_load(struct toutdir *o, int repair, char *why, size_t whylen);

/* Every output, from the games loaded. */
int toutdir_outputs(struct toutdir *o, char *why, size_t whylen);

/* Releases everything and the lock. */
void toutdir_close(struct toutdir *o);

#endif /* GRADER_TOURNAMENT_OUTDIR_H */
