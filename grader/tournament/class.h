/*
** class.h -- a tournament's class line: every student of a class as a bot.
**
** `class PATH [FORMAT]` (config.h) names a class as grade-all takes it:
** Canvas's, Moodle's or Gradescope's download, zipped or unpacked, or a
** folder with a folder or archive per student (grader/batch/lms.h has the
** formats and the rules: junk left out, students' own archives unpacked
** safely, resubmissions folded).  Each student becomes a submission bot
** named after the student's id (config.h, tconfig_add_student), built and
** played like any other (intake.txt lists each bot's student).  A student with nothing to build -- an empty
** submission, a bad archive, two entries under one id -- is still listed,
** with that reason as the bot's verdict, and plays no game.
**
** The class is read again by every run (and shard and --merge) into
** OUTDIR/.intake/, and what the intake did goes to OUTDIR/intake.txt.
** The configuration written to OUTDIR/tournament.conf keeps the class
** line, not the bots it brought: the same download gives the same bots,
** names and order every time, so runs resume and shards merge.
*/
#ifndef GRADER_TOURNAMENT_CLASS_H
#define GRADER_TOURNAMENT_CLASS_H

#include <stddef.h>

#include "config.h"

/* With a class line in `c`, adds its students' bots (after the bots
** configured by name) and checks that at least two bots are configured
** in all.  Without one, or once done, does nothing.  Returns 0, or -1 with why[]: an
** unknown FORMAT, a download that cannot be taken in (its reason is on
** stderr), or too few bots. */
int tclass_take(struct tconfig *c, const char *outdir, char *why, size_t whylen);

#endif /* GRADER_TOURNAMENT_CLASS_H */
