/*
** pages.h -- a tournament's HTML pages, made from its results
** (results.h) and game records:
**
**   OUTDIR/index.html        the leaderboard (score, Elo, Weng-Lin,
**                            verdicts of bots that do not play) and the
**                            crosstables, linking every bot's page
**   OUTDIR/bots/FILE.html    one bot: its figures, its build verdict and
**                            log when it has one, the games it left with
**                            their verdicts and details, every game it
**                            played, each linking its replay
**   OUTDIR/replays/ID.html   one game's replay viewer (replay_html.h),
**                            made from OUTDIR/games/ID.json; skipped when
**                            it is already newer than its record
**
** Every page is one file that works offline (the kit's stylesheet inline,
** html.h), and every name, path, verdict and detail -- all may come from
** a student -- is escaped.  Each page is written atomically.
*/
#ifndef GRADER_TOURNAMENT_PAGES_H
#define GRADER_TOURNAMENT_PAGES_H

#include "results.h"

/* Writes every page.  Returns 0, or -1 when some page could not be
** written (a message on stderr for each; the others are still written). */
int tpages_write(const struct tresults *r);

#endif /* GRADER_TOURNAMENT_PAGES_H */
