/*
** entrant.h -- a tournament's bots made ready to play: every bot is a
** program run in the grader's sandbox, one sandbox per bot and game
** (grader/referee/player_process.h).
**
** House bots too run as the house bot program (build/bots/house KIND
** DEPTH SEED), never in the referee's process: so every bot's CPU time is
** measured the same way, by the sandbox, with the same per-process
** overheads, and the score's CPU term is fair between students and the
** house.
**
** A submission (a student's folder) is built once into
** OUTDIR/bots/FILE/bot: gcc -O2 of the folder's top-level .c files (a
** driver.c of theirs is left out) with the kit's driver.c and the
** headers beside it (the kit's header: a copy in the folder is replaced,
** a folder without one gets it, as the grader does), -lm, run as a
** job of the grader's sandbox (sandbox_run: the student's folder and the
** driver read-only, CPU, memory and output limits), so that a
** submission's #include "/dev/zero" or a 10-minute template cannot stop
** the tournament.  The folder's files are copied (as the grader, outside
** the sandbox) only within the grader's intake limits (submission.h),
** and never a file not everyone may read that is a hard link or not the
** folder owner's (submission_foreign_link); a folder past them, or
** holding such a file, is refused ("build failed: refused: ...") before that file is read.  Its messages go to OUTDIR/bots/FILE/build.log
** and the verdict to OUTDIR/bots/FILE/build.txt ("ok", or "build failed:
** ..." with the compiler's first error, the same in every run: no
** temporary file's name), written last; a later run with that file reuses the build.  A bot that
** did not build gets that verdict and plays no game: the schedule is
** made of the bots that are ready.
**
** Failure: tentrant_prepare() returns -1 for the instructor's mistakes
** (a program or folder that does not exist, no house program) and the
** grader's own (no memory, the sandbox failing); a submission's failure
** is a verdict.
*/
#ifndef GRADER_TOURNAMENT_ENTRANT_H
#define GRADER_TOURNAMENT_ENTRANT_H

#include <stddef.h>
#include <stdint.h>

#include "config.h"

struct rplayer;

struct tentrant {
    const struct tconfig_bot *bot;
    char file[TCONFIG_NAME_MAX + 1];    /* its file name (config.h)           */
    int ready;                          /* plays                              */
    char verdict[200];                  /* "" or why it does not play         */
    char *argv[TCONFIG_MAX_ARGS + 6];   /* argv[0] absolute; NULL-terminated;
                                        ** a house bot's seed is added per game */
    char *folder;                       /* what it may read: argv[0]'s folder */
};

/* Prepares e[0..c->n_bots-1] for the bots of c, with OUTDIR as the
** tournament's folder and `kit_build` the folder holding build/tournament
** (where the house bot program is by default; the kit's driver is
** KIT_BUILD/../ and the path the build gives, tournament.mk).  build == 0: no
** compiling; a submission's verdict is read from OUTDIR (as --merge
** does), and missing means an error.  Returns 0, or -1 with why[]. */
int tentrant_prepare(const struct tconfig *c, const char *outdir, const char *kit_build, int build,
                     struct tentrant *e, char *why, size_t whylen);

/* A player for entrant e in one game (player.h), limits from c; seed is
** given to house bots (the random one draws from it).  NULL only when out
** of memory; a program that cannot start gives a player already out with
** RPLAYER_FAILED, the grader's failure, not the bot's. */
struct rplayer *tentrant_player(const struct tentrant *e, const struct tconfig *c, uint64_t seed);

void tentrant_free(struct tentrant *e, int n);

#endif /* GRADER_TOURNAMENT_ENTRANT_H */
